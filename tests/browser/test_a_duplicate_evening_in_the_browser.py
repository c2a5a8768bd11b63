"""Issue 19: a whole duplicate evening in a real browser, from the new event to the printed results.

Six pairs at three tables play a Mitchell of 6 boards in rounds of 2, made up from hand records.
The organiser creates the event from the duplicate preset and, before anyone comes, prints the hand
records from the event's page to make up the boards; then registers the pairs at the desk (partners
on consecutive cards), starts it (the boards stored are the ones printed) and prints the movement
cards. Each round table 1 plays ahead: at each board North's phone enters the tricks and East's phone
agrees, and the phone goes straight on to the table's next board with the traveller of the one
agreed, while the other tables are still on their first board; after the round's last board it
waits for the others. Before round 2 Bob Jones must leave: Carol White takes his seat (the desk's
"Leaves" leads to the live page's form) and the pair plays on under its number. At the end the standings give matchpoints and percentages in two fields, the
projector shows the percentages and a chart, the results, travellers and hand records with results
print, and the archive exports and imports the same. Screenshots of every step go to the artifacts
folder.
"""

import io
import json
import re

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.archive.helpers import without_public_ids
from tests.browser.conftest import db_quiet, htmx_settled, log_in
from tests.duplicate_evening.records import records_in, stored_records
from tests.factories import GENTS, LADIES, give_access, make_club, make_user
from whistdrive.engines.vocabulary import SUIT_WORDS
from whistdrive.evening import archive, pairs, scores
from whistdrive.store.models import Event, Seating, TableBoard

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
BOARDS = 6


def tricks_for(board: int, table: int) -> int:
    return (board * board + table * 3) % 6 + 4


def download(page, hall, name: str) -> bytes:
    """The PDF behind the print page's link or button named "Download <name> (…)"."""
    wanted = re.compile(f"^Download {name} \\(", re.I)
    with page.expect_download() as download:
        page.get_by_role("link", name=wanted).or_(page.get_by_role("button", name=wanted)).click()
    pdf = download.value.path().read_bytes()
    (hall.artifacts / download.value.suggested_filename).write_bytes(pdf)
    assert pdf.startswith(b"%PDF-")
    return pdf


def pdf_text(page, hall, name: str) -> str:
    return "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(download(page, hall, name))).pages)


def test_a_duplicate_mitchell_from_the_new_event_to_the_printed_hand_records(hall, live_server):
    club = make_club()
    give_access(make_user("olive"), club)
    organiser = hall.laptop()
    log_in(organiser, "olive", "correct horse battery")
    organiser.goto(f"/clubs/{club.pk}/")
    organiser.get_by_role("link", name="New event").click()
    organiser.locator("#format").evaluate("fieldset => fieldset.dataset.before = 'preset'")
    organiser.get_by_label("Start from a preset").select_option("duplicate")
    organiser.locator("#format:not([data-before])").wait_for()
    htmx_settled(organiser)
    organiser.wait_for_load_state("networkidle")
    expect(organiser.locator("#id_kind")).to_have_value("duplicate")
    organiser.locator("#id_name").fill("Duplicate night")
    organiser.locator("#id_date").fill("2026-12-04")
    organiser.locator("#id_boards").fill(str(BOARDS))
    organiser.locator("#id_boards_per_round").fill("2")
    organiser.locator("#id_boards_dealt").select_option("records")
    hall.shot(organiser, "new-event")
    # Enter in a field submits the form (a click on the button after the full-page screenshot of this
    # long form landed beside it: Chromium still had the screenshot's layout).
    organiser.locator("#id_name").press("Enter")
    organiser.get_by_text("Duplicate night created.").wait_for()
    with db_quiet(live_server):
        event = Event.objects.get(name="Duplicate night")
    assert (event.kind, event.hands, event.hands_per_round, event.interval_after) == ("duplicate", 6, 2, None)

    # -- before anyone comes: the hand records, from the event's page, to make up the boards ----------------
    expect(organiser.locator("section.hand-records")).to_contain_text("Before the evening: make up the boards")
    hall.shot(organiser, "event-page-hand-records")
    printed = records_in(download(organiser, hall, "hand records, boards 1–6"))
    assert sorted(printed) == [1, 2, 3, 4, 5, 6]

    # -- the desk: partners on consecutive cards, a lady and a gent each ------------------------------
    organiser.get_by_role("navigation", name="Event").get_by_role("link", name="Registration desk").click()
    names = [name for pair in zip(LADIES[:6], GENTS[:6], strict=True) for name in pair]
    for card, name in enumerate(names, start=1):
        htmx_settled(organiser)
        guest = organiser.locator("details.guest")
        if not guest.get_attribute("open"):
            guest.locator("summary").click()
        guest.get_by_label("Guest's name").fill(name)
        guest.get_by_label("Plays as").select_option("lady" if card % 2 else "gent")
        guest.get_by_role("button", name="Add guest").click()
        expect(organiser.locator(".card.added")).to_contain_text(f"Card {card}")
    expect(organiser.locator("#desk")).to_contain_text("Partners take consecutive cards")
    expect(organiser.locator("#desk")).to_contain_text("boards in play")
    hall.shot(organiser, "desk")
    organiser.get_by_label("Starting seats").select_option("card")
    organiser.get_by_role("button", name="Start the event").click()
    organiser.get_by_text("The event has started").wait_for()

    # -- the boards stored at the start are the boards printed; movement cards, pair cards ------------------
    with db_quiet(live_server):
        boards = {b.number: b for b in event.boards.all()}
        tokens = dict(event.tables.values_list("number", "token"))
        slots = {(s.hand, s.table.number): s.board.number for s in TableBoard.objects.select_related("table", "board")}
        assert stored_records(event) == printed
    assert len(boards) == 6 and sorted(tokens) == [1, 2, 3]
    organiser.get_by_role("navigation", name="Event").get_by_role("link", name="Print").click()
    assert records_in(download(organiser, hall, "hand records")) == printed
    movement = pdf_text(organiser, hall, "movement cards")
    assert "E–W go up to table 2, boards go down to table 3" in movement
    cards = pdf_text(organiser, hall, "pair cards")
    assert f"N–S 1 {names[0]} & {names[1]}" in cards

    # -- the boards: North enters, East agrees, the traveller shows ------------------------------------
    phones = {}  # a phone per player: it remembers its player at whichever table they sit

    def open_table(name: str, number: int):
        known = name in phones
        if not known:
            phones[name] = hall.phone()
        phone = phones[name]
        phone.goto(f"/t/{tokens[number]}/")
        if not known:
            phone.locator("form.pick").get_by_role("button", name=name).click()
        return phone

    # Each round, table 1 plays both its boards before the other tables have finished their first.
    for first in range(1, BOARDS + 1, 2):
        if first == 3:
            # Bob Jones (pair N–S 1, South at table 1) must leave: Carol White takes his seat from the desk's
            # "Leaves" and the live page's form.
            organiser.goto(f"/events/{event.pk}/desk/")
            organiser.get_by_role("row", name=re.compile(names[1])).get_by_role(
                "link", name="Leaves: seat a substitute"
            ).click()
            substitute = organiser.locator("#substitute")
            expect(substitute.get_by_label("Player leaving")).to_have_value(re.compile(r"\d+"))
            substitute.get_by_label("or a new name").fill("Carol White")
            hall.shot(organiser, "live-a-player-must-leave")
            substitute.get_by_role("button", name="Seat the substitute").click()
            expect(organiser.locator(".messages")).to_contain_text(
                f"Carol White (card 13) plays for {names[1]} in pair N–S 1 from board {slots[3, 1]}"
            )
            carol = open_table("Carol White", 1)
            expect(carol.locator("#state .seats .S")).to_contain_text("Carol White (sub)")
            expect(carol.locator("#state")).to_contain_text("You are South.")
            hall.shot(carol, "phone-the-substitute")
        with db_quiet(live_server):
            seated = {
                (s.table.number, s.seat): s.entrant.name
                for s in Seating.objects.filter(event=event, hand=first).select_related("table", "entrant")
            }
        for number in (1, 2, 3):
            for hand in (first, first + 1):
                board = boards[slots[hand, number]]
                ns = tricks_for(board.number, number)
                north = open_table(seated[number, "N"], number)
                state = north.locator("#state")
                expect(state.locator(".hand-line")).to_contain_text(f"Board {board.number}")
                expect(state.locator(".hand-line")).to_contain_text(SUIT_WORDS[board.trump].capitalize())
                expect(state).to_contain_text(f"Enter board {board.number} now")
                if hand == 1 and number == 1:
                    hall.shot(north, "phone-board")
                north.get_by_role("button", name=f"we took {ns}, they took {13 - ns}").click()
                north.get_by_text(f"You said North–South {ns}, East–West {13 - ns}.").wait_for()
                east = open_table(seated[number, "E"], number)
                east.get_by_text(f"North–South say {ns}–{13 - ns}. Agree?").wait_for()
                east.get_by_role("button", name="Agree", exact=True).click()
                traveller = east.locator("section.traveller").filter(has_text=f"Board {board.number} so far")
                traveller.wait_for()
                expect(traveller).to_contain_text(f"{ns}–{13 - ns}")
                if number == 1 and hand == first:
                    # Straight on to the table's next board, the other tables still on their first.
                    following = slots[hand + 1, 1]
                    expect(east.locator("#state")).to_contain_text(f"Enter board {following} now")
                    expect(east.locator("#state")).to_contain_text(f"(board {board.number})")
                    other = open_table(seated[2, "N"], 2)
                    expect(other.locator("#state")).to_contain_text(f"Enter board {slots[first, 2]} now")
                    if first == 1:
                        hall.shot(east, "phone-next-board-at-once")
                        hall.shot(other, "phone-another-table-on-its-first-board")
                        organiser.goto(f"/events/{event.pk}/live/")
                        expect(organiser.locator(f'[data-table="1"][data-board="{following}"]')).to_be_visible()
                        expect(organiser.locator(f'[data-table="2"][data-board="{slots[first, 2]}"]')).to_be_visible()
                        hall.shot(organiser, "live-tables-at-different-boards")
                if number == 1 and hand == first + 1 and first + 1 < BOARDS:
                    expect(east.locator("#state")).to_contain_text("End of the round, when every table has finished it")
                    if first == 1:
                        hall.shot(east, "phone-waits-for-the-round")
                if hand == 3 and number == 2:
                    hall.shot(east, "phone-traveller")

    # -- the end: matchpoints and percentages, the projector, the printed results ------------------------
    with db_quiet(live_server):
        event.refresh_from_db()
        results = scores.standings_now(event).duplicate
        lines = pairs.result_lines(event, results)
    assert event.status == "finished" and results.top == 4
    organiser.get_by_role("navigation", name="Event").get_by_role("link", name="Standings").click()
    expect(organiser.locator("main")).to_contain_text("North–South pairs")
    expect(organiser.locator("main")).to_contain_text("East–West pairs")
    best = lines[0]
    expect(organiser.locator("table.standings").first.locator("tbody tr").first).to_contain_text(
        f"{best.percentage:.2f}%"
    )
    expect(organiser.locator("main")).to_contain_text(
        f"{names[0]} & {names[1]} (sub: Carol White from board {slots[3, 1]})"
    )
    hall.shot(organiser, "standings")
    board_page = hall.device({"width": 1920, "height": 1080})
    board_page.goto(f"/board/{event.board_token}/?view=standings")
    expect(board_page.locator("#board")).to_contain_text("North–South pairs")
    expect(board_page.locator(".board-chart svg")).to_be_visible()
    hall.shot(board_page, "projector")

    organiser.get_by_role("navigation", name="Event").get_by_role("link", name="Print").click()
    text = pdf_text(organiser, hall, "results with matchpoints")
    assert "Board by board" in text and f"{best.percentage:.2f}%" in text
    travellers = pdf_text(organiser, hall, "travellers")
    assert travellers.count("Traveller · Board") == 6
    with_results = pdf_text(organiser, hall, "hand records with results")
    assert "Board 1 at every table" in with_results

    # -- the archive round-trips ------------------------------------------------------------------------
    with db_quiet(live_server):
        document = archive.export_event(event)
        again = archive.export_event(archive.import_event(json.loads(json.dumps(document))))
    assert without_public_ids(again) == without_public_ids(document) and document["boards"][0]["deal"] is not None
    assert hall.foreign_requests() == []
