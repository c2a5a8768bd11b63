"""Issue 50 in Chromium: several phones at the door tap "I'm here" at the same moment, among them a couple who
both scanned the poster and tick the same two names; everyone is entered once with a card of their own, the
second of the couple's phones is told they are here already, and the desk's page shows them all without a
reload."""

import re

import pytest

from tests.browser.conftest import db_quiet, log_in
from tests.factories import give_access, make_club, make_event, make_member, make_user
from whistdrive.engines.formats import Format
from whistdrive.evening import door

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ALONE = ["Zoë Łukasiewicz", "Siobhán O'Brien", "Bob Jones", "Mary Price", "Seán Hughes"]
COUPLE = ["Agnes Smith", "Albert Smith"]


def ready_to_tap(phone, check_in: str, search: str, names: list[str]) -> None:
    phone.goto(check_in)
    phone.get_by_label("Find your name").fill(search)
    phone.get_by_role("button", name="Find me").click()
    for name in names:
        phone.get_by_label(name).check()


def test_phones_tapping_at_the_same_moment_are_each_entered_once(hall, live_server):
    club = make_club()
    give_access(make_user("olive"), club)
    for number, name in enumerate(ALONE + COUPLE):
        make_member(club, name, "lady" if number % 2 else "gent")
    event = make_event(club, Format(hands=4, interval_after=None), name="Friday drive")
    door.set_door(event, open=True, late=False)
    check_in = f"/door/{event.door_code}/"

    desk = hall.laptop()
    log_in(desk, "olive", "correct horse battery")
    desk.goto(f"/events/{event.pk}/desk/")
    desk.locator("#arrivals").get_by_text("Nobody yet.").wait_for()

    phones = []
    for name in ALONE:
        phone = hall.phone()
        ready_to_tap(phone, check_in, name.split()[1].replace("'", ""), [name])
        phones.append(phone)
    couple = [hall.phone(), hall.phone()]  # both of the couple scanned the poster
    for phone in couple:
        ready_to_tap(phone, check_in, "smith", COUPLE)
    # Every phone taps without waiting for the one before to be answered.
    for phone in phones + couple:
        phone.get_by_role("button", name="I'm here").click(no_wait_after=True)

    for phone, name in zip(phones, ALONE, strict=True):
        phone.get_by_text(re.compile(f"Welcome, {re.escape(name)}: you are card \\d+")).wait_for()
    answers = []
    for phone in couple:
        phone.locator(".notice").first.wait_for()
        answers.append(phone.locator("main").inner_text())
    welcomed = [a for a in answers if "Welcome, Agnes Smith" in a and "Welcome, Albert Smith" in a]
    refused = [a for a in answers if "Agnes Smith is here already" in a or "Albert Smith is here already" in a]
    assert len(welcomed) == 1 and len(refused) == 1, answers

    arrivals = desk.locator("#arrivals")
    for name in ALONE + COUPLE:
        arrivals.get_by_text(name).wait_for()
    with db_quiet(live_server):
        entered = list(event.entrants.values_list("name", "card_number"))
    assert sorted(name for name, _ in entered) == sorted(ALONE + COUPLE)
    assert sorted(card for _, card in entered) == list(range(1, 8))
