"""axe-core, injected into the phone pages, the organiser's live page and the projector board mid-evening,
finds no serious or critical violation. Skipped (saying why) when axe-core is not installed."""

import pytest

from tests.browser.conftest import axe_path, db_quiet, log_in, serious_violations
from tests.factories import add_entrants, give_access, make_club, make_event, make_user
from whistdrive.engines.formats import Format
from whistdrive.evening import entry, running
from whistdrive.store.models import Seating

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _axe():
    if axe_path() is None:
        pytest.skip("axe-core not found: set WHISTDRIVE_AXE_JS, or npm install axe-core into ~/.cache/whistdrive-axe")


def test_the_table_personal_live_and_board_pages_have_no_serious_accessibility_violation(hall, live_server):
    club = make_club()
    give_access(make_user("olive"), club)
    event = make_event(club, Format(hands=4, interval_after=2), name="Tuesday drive")
    add_entrants(event, 6, 6)
    running.start_event(event, seed=7)
    found = {}

    # Every state a table can be in, side by side on the live page.
    one, two, three = (event.tables.get(number=n) for n in (1, 2, 3))
    entry.submit(one, hand=1, seat="N", tricks_ours=8)
    entry.agree(one, hand=1, seat="E")
    entry.submit(two, hand=1, seat="N", tricks_ours=6)

    organiser = hall.laptop()
    log_in(organiser, "olive", "correct horse battery")
    organiser.goto(f"/events/{event.pk}/live/")
    organiser.get_by_text("1 of 3 tables agreed").wait_for()
    found["live"] = serious_violations(organiser)

    # A phone at the pending table, about to agree, with its keypad behind "No: enter ours".
    east = hall.phone()
    east.goto(two.get_absolute_url())
    with db_quiet(live_server):
        seats = {s.seat: s.entrant for s in Seating.objects.filter(table=two, hand=1).select_related("entrant")}
    east.get_by_role("button", name=seats["E"].name).click()
    east.get_by_text("Agree?").wait_for()
    found["table, agreeing"] = serious_violations(east)
    # A phone at a waiting table: the keypad.
    north = hall.phone()
    north.goto(three.get_absolute_url())
    north.get_by_role("heading", name="Which seat are you?").wait_for()
    found["table, choosing a seat"] = serious_violations(north)
    with db_quiet(live_server):
        name = Seating.objects.get(table__event=event, table__number=3, hand=1, seat="N").entrant.name
    north.get_by_role("button", name=name).click()
    north.get_by_role("button", name="we took 7, they took 6").wait_for()
    found["table, keypad"] = serious_violations(north)

    board = hall.laptop()
    board.goto(f"/board/{event.board_token}/")
    board.get_by_role("heading", name="Tuesday drive").wait_for()
    found["board"] = serious_violations(board)

    # The personal page of a player whose table has agreed.
    with db_quiet(live_server):
        agreed = Seating.objects.get(table=one, hand=1, seat="N").entrant
    player = hall.phone()
    player.goto(agreed.get_absolute_url())
    player.get_by_role("heading", name="Your card").wait_for()
    found["personal"] = serious_violations(player)

    for name, page in [("live", organiser), ("table", east), ("personal", player), ("board", board)]:
        hall.shot(page, f"axe-{name}")
    assert {page: lines for page, lines in found.items() if lines} == {}
    assert hall.foreign_requests() == []
