"""A real hall in a real browser: a late arrival, a leaver, and a correction after the next hand.

A progressive drive of 6 hands at three tables (12 players and a spare lady), interval after hand 3.
During hand 2 a gent arrives late (added at the desk) and a lady leaves (the live page). Table 2's
phones say goodbye to the leaver and tell the others to wait for the hall; once it finishes they
say where everyone goes. After hand 3 is seated, the organiser corrects table 1's hand 2 so the
other pair won, is told hand 3 followed the old result and re-seats it; table 1's phone shows the
new seats by itself. A second late arrival comes at hand 6, too late to qualify for a prize. At the
end the standings list everyone who played and the prizes leave out whoever did not qualify.
"""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import WAIT_MS, db_quiet, htmx_settled, log_in
from tests.factories import add_entrants, give_access, make_club, make_event, make_user
from whistdrive.engines.formats import Format
from whistdrive.evening import entry, running, scores
from whistdrive.store.models import Event, Seating

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def seating(event: Event, hand: int) -> dict[str, str]:
    return {
        row.entrant.name: (f"{row.table.number}{row.seat}" if row.table_id else "out")
        for row in Seating.objects.filter(event=event, hand=hand).select_related("table", "entrant")
    }


def play_by_phone_table(event: Event, hand: int, number: int, ns: int) -> None:
    """A table's two phones, as the entry path takes them (the browser drives the tables watched)."""
    table = event.tables.get(number=number)
    entry.submit(table, hand=hand, seat="N", tricks_ours=ns)
    entry.agree(table, hand=hand, seat="E")


def open_seat(page, token: str, seat_name: str) -> None:
    page.goto(f"/t/{token}/")
    page.locator(".pick-seats").get_by_role("button").filter(has_text=seat_name).click()
    expect(page.locator("form.forget")).to_be_visible()


def test_a_late_arrival_a_leaver_and_a_correction_after_the_next_hand(hall, live_server):
    club = make_club()
    give_access(make_user("olive"), club)
    with db_quiet(live_server):
        event = make_event(club, Format(hands=6, interval_after=3), name="Messy drive")
        add_entrants(event, 7, 6)  # Ann Smith … Rita Moss; Bob Jones … Dennis Ford
        running.start_event(event, seed=5, by="card")
        tokens = dict(event.tables.values_list("number", "token"))
        first = seating(event, 1)
    at = {place: name for name, place in first.items()}

    organiser = hall.laptop()
    log_in(organiser, "olive", "correct horse battery")

    # -- hand 1: table 2's phones play it in the browser, the others through the entry path --------
    north, east = hall.phone(), hall.phone()
    open_seat(north, tokens[2], at["2N"])
    open_seat(east, tokens[2], at["2E"])
    with db_quiet(live_server):
        play_by_phone_table(event, 1, 1, 8)
        play_by_phone_table(event, 1, 3, 5)
    htmx_settled(north)
    north.get_by_role("button", name="we took 7, they took 6").click()
    east.get_by_text("North–South say 7–6. Agree?").wait_for()
    east.get_by_role("button", name="Agree", exact=True).click()
    east.get_by_text("After hand 1").wait_for()

    # -- hand 2: a gent arrives at the desk, a lady seated at table 2 leaves ------------------------
    organiser.goto(f"/events/{event.pk}/desk/")
    htmx_settled(organiser)
    guest = organiser.locator("details.guest")
    guest.locator("summary").click()
    guest.get_by_label("Guest's name").fill("Gerald Late")
    guest.get_by_label("Plays as").select_option("gent")
    guest.get_by_role("button", name="Add guest").click()
    expect(organiser.locator(".card.added")).to_contain_text("Card 14")
    expect(organiser.locator("#desk")).to_contain_text("Gerald Late (card 14) joins at hand 3")
    hall.shot(organiser, "desk-late-arrival")

    with db_quiet(live_server):
        leaver = Seating.objects.select_related("entrant").get(event=event, hand=2, table__number=2, seat="E").entrant
        left_name = leaver.name
        second = seating(event, 2)
    organiser.goto(f"/events/{event.pk}/live/")
    organiser.get_by_label("Player leaving").select_option(label=left_name)
    organiser.get_by_role("button", name="Leaves after this hand").click()
    organiser.get_by_text(f"{left_name} leaves after hand 2 and keeps what they scored.").wait_for()
    changes = organiser.locator("ul.changes")
    expect(changes).to_contain_text("Gerald Late (card 14) arrives: joins at hand 3")
    expect(changes).to_contain_text(f"{left_name} leaves after hand 2")
    hall.shot(organiser, "live-changes")

    # Table 2 plays hand 2 on its phones; the rest of the hall has not finished.
    at2 = {place: name for name, place in second.items()}
    two_n = hall.phone()
    open_seat(two_n, tokens[2], at2["2N"])
    two_n.get_by_role("button", name="we took 9, they took 4").click()
    two_e = hall.phone()
    open_seat(two_e, tokens[2], at2["2E"])
    two_e.get_by_role("button", name="Agree", exact=True).click()
    # East is the one leaving: their own phone says so to them, first.
    expect(two_e.locator(".you-next")).to_contain_text("YOU: that was your last hand tonight: thank you for playing")
    expect(two_e.locator("ul.moves")).to_contain_text("your next seat shows here when every table has finished")
    hall.shot(two_e, "table-2-waits-for-the-hall")
    with db_quiet(live_server):
        play_by_phone_table(event, 2, 1, 9)  # North–South win table 1
        play_by_phone_table(event, 2, 3, 6)
    # The hall is done: hand 3 is seated and the phone says where its players went, by its own poll.
    two_e.get_by_role("heading", name="After hand 2").wait_for(timeout=WAIT_MS)
    expect(two_e.locator("ul.moves")).to_contain_text(f"{left_name}: that was their last hand tonight")
    expect(two_e.locator("ul.moves")).not_to_contain_text("your next seat shows here")
    with db_quiet(live_server):
        third = seating(event, 3)
    assert left_name not in third and "Gerald Late" in third

    # -- the correction: table 1's hand 2 was East–West's after all --------------------------------
    watcher = hall.phone()
    watcher.goto(f"/t/{tokens[1]}/")
    names_before = watcher.locator(".seats").inner_text()
    organiser.goto(f"/events/{event.pk}/live/tables/1/hands/2/")
    organiser.get_by_label("North–South tricks").fill("4")
    expect(organiser.get_by_label("East–West tricks")).to_have_value("9")  # filled as 13 less
    organiser.get_by_label("Reason").fill("tricks recounted")
    organiser.get_by_role("button", name="Save with this reason").click()
    notice = organiser.locator(".notice.warn")
    expect(notice).to_contain_text("Hand 3's seating followed this table's old result")
    hall.shot(organiser, "correction-after-the-next-hand")
    organiser.get_by_role("button", name="Re-seat hand 3").click()
    organiser.get_by_text("Hand 3 is seated again from the corrected results").wait_for()
    with db_quiet(live_server):
        reseated = seating(event, 3)
        assert running.stale_seating(event, 2) is None
    assert reseated != third
    # The phone at table 1 shows the new seats by itself (its next poll).
    expect(watcher.locator(".seats")).not_to_have_text(names_before, timeout=WAIT_MS)
    for name in [name for name, place in reseated.items() if place.startswith("1")]:
        expect(watcher.locator(".seats")).to_contain_text(name)
    hall.shot(watcher, "table-1-reseated")

    # -- the rest of the evening; a second late arrival at hand 6 ----------------------------------
    for hand in (3, 4, 5, 6):
        with db_quiet(live_server):
            event.refresh_from_db()
            if event.status == Event.Status.INTERVAL:
                Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING)
            if hand == 5:
                running.register(event, name="Lena Later", role="lady")
            tables = sorted({p[0] for p in seating(event, hand).values() if p != "out"})
            for number in tables:
                play_by_phone_table(event, hand, int(number), 4 + hand + int(number))
    with db_quiet(live_server):
        event.refresh_from_db()
        assert event.status == Event.Status.FINISHED
        standing = {s.name: s for s in scores.standings_now(event).standings}
    assert standing["Gerald Late"].hands_played >= 3
    assert standing["Lena Later"].hands_played + standing["Lena Later"].hands_sat_out == 1

    organiser.goto(f"/events/{event.pk}/standings/")
    table = organiser.locator("table.standings")
    for name in ("Gerald Late", "Lena Later", left_name):
        expect(table).to_contain_text(name)
    prizes = organiser.locator("#prizes").locator("xpath=following-sibling::*[1]")
    expect(prizes).not_to_contain_text("Lena Later")
    hall.shot(organiser, "standings-and-prizes")
    assert re.search(r"Booby", organiser.content())
    assert hall.foreign_requests() == []
