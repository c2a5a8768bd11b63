"""Issue 6 in a real browser: two phones at one table agree a result and the organiser's live page,
open on a laptop, follows it without a reload (htmx polls it), waiting → pending → agreed."""

import pytest

from tests.browser.conftest import log_in
from tests.factories import add_entrants, give_access, make_club, make_event, make_user
from whistdrive.engines.formats import Format
from whistdrive.evening import running
from whistdrive.store.models import Seating

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_result_agreed_on_two_phones_reaches_the_organisers_page_without_a_reload(hall, live_server):
    club = make_club()
    give_access(make_user("olive"), club)
    event = make_event(club, Format(hands=6, interval_after=None), name="Tuesday drive")
    add_entrants(event, 6, 6)
    running.start_event(event, seed=7)
    table = event.tables.get(number=1)
    seats = {s.seat: s.entrant for s in Seating.objects.filter(table=table, hand=1).select_related("entrant")}

    organiser = hall.laptop()
    log_in(organiser, "olive", "correct horse battery")
    organiser.goto(f"/events/{event.pk}/live/")
    card = organiser.locator("article.live-table").filter(has_text="Table 1")
    badge = card.locator(".badge")
    assert badge.inner_text() == "waiting"

    north = hall.phone()
    north.goto(table.get_absolute_url())
    north.get_by_role("button", name=seats["N"].name).click()
    north.get_by_role("button", name="we took 8, they took 5").click()
    north.get_by_text("You said North–South 8, East–West 5.").wait_for()

    # No reload: the live page's own poll brings the claim.
    badge.filter(has_text="pending").wait_for()
    card.get_by_text("NS enter: NS 8 – EW 5").wait_for()

    east = hall.phone()
    east.goto(table.get_absolute_url())
    east.get_by_role("button", name=seats["E"].name).click()
    east.get_by_text("North–South say 8–5. Agree?").wait_for()
    east.get_by_role("button", name="Agree", exact=True).click()
    east.get_by_text("Agreed: North–South 8, East–West 5").wait_for()

    badge.filter(has_text="agreed").wait_for()
    card.get_by_text("NS 8 – EW 5").wait_for()
    organiser.get_by_text("1 of 3 tables agreed").wait_for()
    # The claiming phone learns of the agreement by its own poll too.
    north.get_by_text("Agreed: North–South 8, East–West 5").wait_for()

    hall.shot(east, "table-page")
    hall.shot(organiser, "organiser-live")
    east.get_by_role("link", name="My card").click()
    east.get_by_role("heading", name="Your card").wait_for()
    assert seats["E"].name in east.locator("header").inner_text()
    hall.shot(east, "personal-page")

    assert hall.foreign_requests() == []


def test_a_phone_that_wakes_asks_for_its_table_at_once(hall, live_server):
    club = make_club()
    event = make_event(club, Format(hands=6, interval_after=None), name="Thursday drive")
    add_entrants(event, 4, 4)
    running.start_event(event, seed=3)
    table = event.tables.get(number=1)
    phone = hall.phone()
    phone.goto(table.get_absolute_url())
    polls = f"{table.get_absolute_url()}?v="
    # Just after one of its 4-second polls, the phone is woken (its tab comes back into view)...
    with phone.expect_response(lambda response: polls in response.url, timeout=10_000):
        pass
    with phone.expect_request(lambda request: polls in request.url, timeout=1_500):
        phone.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    # ...and asks for its table then, not at its next poll.
