"""Issue 50 in a real browser: phones scan the door poster's code and check themselves in (a couple together, a
walk-in by name) while the desk's page, open on the laptop, shows each arrival without a reload; the desk confirms
the walk-in as a guest."""

import pytest

from tests.browser.conftest import db_quiet, log_in
from tests.factories import give_access, make_club, make_event, make_member, make_user
from whistdrive.engines.formats import Format
from whistdrive.evening import door

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_phones_check_themselves_in_and_the_desk_sees_them_arrive(hall, live_server):
    club = make_club()
    give_access(make_user("olive"), club)
    for name, role in [("Agnes Smith", "lady"), ("Albert Smith", "gent"), ("Zoë Łukasiewicz", "lady"),
                       ("Siobhán O'Brien", "lady")]:  # fmt: skip
        make_member(club, name, role)
    event = make_event(club, Format(hands=4, interval_after=None), name="Friday drive")
    door.set_door(event, open=True, late=False)
    check_in = f"/door/{event.door_code}/"

    desk = hall.laptop()
    log_in(desk, "olive", "correct horse battery")
    desk.goto(f"/events/{event.pk}/desk/")
    arrivals = desk.locator("#arrivals")
    arrivals.get_by_text("Nobody yet.").wait_for()

    couple = hall.phone()
    couple.goto(check_in)
    couple.get_by_label("Find your name").fill("smith")
    couple.get_by_role("button", name="Find me").click()
    couple.get_by_label("Agnes Smith").check()
    couple.get_by_label("Albert Smith").check()
    couple.get_by_role("button", name="I'm here").click()
    couple.get_by_text("Welcome, Agnes Smith: you are card 1.").wait_for()
    couple.get_by_text("Welcome, Albert Smith: you are card 2.").wait_for()

    zoe = hall.phone()
    zoe.goto(check_in)
    zoe.get_by_label("Find your name").fill("zoe")
    zoe.get_by_role("button", name="Find me").click()
    zoe.get_by_label("Zoë Łukasiewicz").check()
    zoe.get_by_role("button", name="I'm here").click()
    zoe.get_by_text("Welcome, Zoë Łukasiewicz: you are card 3.").wait_for()

    walk_in = hall.phone()
    walk_in.goto(check_in)
    walk_in.get_by_text("Not on the club's list?").click()
    walk_in.get_by_label("Your name:", exact=True).fill("Peggy Sue")
    walk_in.get_by_role("button", name="Tell the desk I'm here").click()
    walk_in.get_by_text("Thank you, Peggy Sue: the desk will welcome you").wait_for()

    # No reload: the desk's own poll brings every arrival.
    for name in ("Agnes Smith", "Albert Smith", "Zoë Łukasiewicz", "Peggy Sue"):
        arrivals.get_by_text(name).wait_for()
    # ... and the desk's own list of who is here, with their cards.
    desk.locator("table.entrants").get_by_text("Zoë Łukasiewicz").wait_for()
    hall.shot(couple, "door-phone")
    hall.shot(desk, "desk-arrivals")
    arrivals.get_by_role("button", name="Confirm as a guest").click()
    desk.locator("table.entrants").get_by_text("Peggy Sue").wait_for()
    with db_quiet(live_server):
        assert sorted(event.entrants.values_list("card_number", "name")) == [
            (1, "Agnes Smith"), (2, "Albert Smith"), (3, "Zoë Łukasiewicz"), (4, "Peggy Sue"),
        ]  # fmt: skip
