"""Issue 11.5: a whole evening in a real browser, from the registration desk to the printed results.

Three tables, a progressive drive of 4 hands with the interval after hand 2. The organiser logs in,
creates the event from the progressive preset, registers 12 people at the desk (members found by
search, walk-in guests), and starts it. Each hand, at each table, North's phone enters the tricks and
East's phone agrees; every player then goes where their table's page told them, and the next hand's
seating is checked against those messages. The organiser's live page follows by itself, they resume
play after the interval, and at the end open the standings, the projector board and the results PDF.
Screenshots of every step go to the artifacts folder.
"""

import io
import re

import pytest
from playwright.sync_api import expect
from pypdf import PdfReader

from tests.browser.conftest import WAIT_MS, db_quiet, htmx_settled, log_in
from tests.factories import GENTS, LADIES, give_access, make_club, make_member, make_user
from whistdrive.evening import scores
from whistdrive.store.models import Event, Seating

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
HANDS = 4
SEAT_WORDS = {"North": "N", "East": "E", "South": "S", "West": "W"}


def tricks_for(hand: int, table: int) -> int:
    """North–South's tricks: varied, so both sides win some and the movement has winners to move."""
    return (3 * hand + 5 * table) % 14


def seating_in_db(event: Event, hand: int) -> dict[str, tuple[int, str]]:
    return {
        row.entrant.name: (row.table.number, row.seat)
        for row in Seating.objects.filter(event=event, hand=hand).select_related("table", "entrant")
    }


def place_from_message(text: str, table: int, seat: str) -> tuple[int, str]:
    """Where a line of "After hand N" sends a player, read as a person would read it."""
    if found := re.fullmatch(r"go to table (\d+), seat (\w+)", text):
        return int(found[1]), SEAT_WORDS[found[2]]
    if found := re.fullmatch(r"stay at this table, move to (\w+)", text):
        return table, SEAT_WORDS[found[1]]
    if re.fullmatch(r"stay in your seat \(\w+\) for hand \d+", text):
        return table, seat
    raise AssertionError(f"a move nobody could follow: {text!r}")


def tab(page, name: str):
    """One of the event's tabs (pages also link to some of them in their text)."""
    return page.get_by_role("navigation", name="Event").get_by_role("link", name=name, exact=True)


def register_member(desk, search: str, name: str, card: int) -> None:
    """Type a few letters; Enter adds the first match, or press "Add" beside another one."""
    htmx_settled(desk)
    box = desk.locator("#desk-q")
    box.fill(search)
    match = desk.locator("#matches li").filter(has_text=name)
    match.wait_for()
    if "first" in (match.get_attribute("class") or ""):
        box.press("Enter")
    else:
        match.get_by_role("button", name="Add").click()
    expect(desk.locator(".card.added")).to_contain_text(f"Card {card}")
    expect(desk.locator(".card.added")).to_contain_text(name)


def register_guest(desk, name: str, role: str, card: int) -> None:
    htmx_settled(desk)
    guest = desk.locator("details.guest")
    guest.locator("summary").click()
    guest.get_by_label("Guest's name").fill(name)
    guest.get_by_label("Plays as").select_option(role)
    guest.get_by_role("button", name="Add guest").click()
    expect(desk.locator(".card.added")).to_contain_text(f"Card {card}")
    expect(desk.locator(".card.added")).to_contain_text(name)


def test_a_progressive_drive_from_the_desk_to_the_printed_results(hall, live_server):
    club = make_club()
    give_access(make_user("olive"), club)
    ladies, gents = LADIES[:6], GENTS[:6]
    for name in ladies[:4]:
        make_member(club, name, "lady")
    for name in gents[:4]:
        make_member(club, name, "gent", membership_number="1066" if name == "Fred Bloggs" else "")

    # -- the organiser creates the event from the progressive preset -------------------------------
    organiser = hall.laptop()
    log_in(organiser, "olive", "correct horse battery")
    organiser.goto(f"/clubs/{club.pk}/")
    organiser.get_by_role("link", name="New event").click()
    # Choosing a preset fills the format at once (htmx swaps the fieldset): wait for the new one
    # before typing, or the swap would overwrite what was typed.
    organiser.locator("#format").evaluate("fieldset => fieldset.dataset.before = 'preset'")
    organiser.get_by_label("Start from a preset").select_option("progressive")
    organiser.locator("#format:not([data-before])").wait_for()
    expect(organiser.locator("#id_hands")).to_have_value("24")
    organiser.locator("#id_name").fill("Friday drive")
    organiser.locator("#id_date").fill("2026-12-04")
    organiser.locator("#id_hands").fill(str(HANDS))
    organiser.locator("#id_interval_after").fill("2")
    hall.shot(organiser, "new-event")
    organiser.get_by_role("button", name="Create the event").click()
    organiser.get_by_text("Friday drive created.").wait_for()
    with db_quiet(live_server):
        event = Event.objects.get(name="Friday drive")
    assert (event.hands, event.interval_after, event.movement) == (HANDS, 2, "progressive")

    # -- the registration desk: members by search, walk-in guests ----------------------------------
    tab(organiser, "Registration desk").click()
    desk = organiser
    register_member(desk, "ann", "Ann Smith", 1)
    register_member(desk, "łuk", "Zoë Łukasiewicz", 2)  # a lower-case Ł finds the capital
    register_member(desk, "łuk", "Łukasz Nowak", 3)
    register_member(desk, "jones", "Mary Jones", 4)  # Mary and Bob: Enter takes the first
    register_member(desk, "jones", "Bob Jones", 5)
    register_member(desk, "1066", "Fred Bloggs", 6)  # a membership number
    register_member(desk, "sio", "Siobhán O'Brien", 7)
    register_member(desk, "art", "Arthur Dent", 8)
    register_guest(desk, "Joan Hill", "lady", 9)
    register_guest(desk, "Cyril Webb", "gent", 10)
    register_guest(desk, "Edna Price", "lady", 11)
    register_guest(desk, "Dennis Ford", "gent", 12)
    counts = desk.locator("dl.counts")
    for label, number in [("Players", 12), ("Ladies", 6), ("Gents", 6), ("Tables", 3)]:
        expect(counts.locator("div").filter(has_text=label).locator("dd")).to_have_text(str(number))
    hall.shot(desk, "desk")
    with db_quiet(live_server):
        assert sorted(event.entrants.values_list("name", flat=True)) == sorted(ladies + gents)

    desk.get_by_label("Starting seats").select_option("card")
    desk.get_by_role("button", name="Start the event").click()
    organiser.get_by_text("The event has started: hand 1 is seated.").wait_for()
    hall.shot(organiser, "started")

    tab(organiser, "Live tables").click()
    live = organiser.locator("#live-tables")
    expect(live).to_contain_text("Hand 1")

    # -- the hands: North enters, East agrees, everyone goes where the page says ------------------
    with db_quiet(live_server):
        tokens = dict(event.tables.values_list("number", "token"))
        where = seating_in_db(event, 1)  # hand 1: as the event page lists it after the start
    phones = {}  # one phone per player who enters or agrees, kept all evening

    def phone_of(name: str):
        if name not in phones:
            phones[name] = hall.phone()
        return phones[name]

    def open_table(name: str, number: int, seat: str):
        phone = phone_of(name)
        known = phone.url != "about:blank"
        phone.goto(f"/t/{tokens[number]}/")
        if known:
            # The phone remembers its player for the evening, whichever table they move to.
            expect(phone.locator("form.forget")).to_contain_text(f"You are {dict(N='North', E='East')[seat]}.")
        else:
            phone.get_by_role("button", name=name).click()
        return phone

    for hand in range(1, HANDS + 1):
        with db_quiet(live_server):
            seated = seating_in_db(event, hand)
        assert seated == where, f"hand {hand}: players are not where their pages sent them"
        at = {(number, seat): name for name, (number, seat) in where.items()}
        easts = {}
        for number in (1, 2, 3):
            ns = tricks_for(hand, number)
            north = open_table(at[number, "N"], number, "N")
            north.get_by_role("button", name=f"we took {ns}, they took {13 - ns}").click()
            north.get_by_text(f"You said North–South {ns}, East–West {13 - ns}.").wait_for()
            east = easts[number] = open_table(at[number, "E"], number, "E")
            east.get_by_text(f"North–South say {ns}–{13 - ns}. Agree?").wait_for()
            if hand == 1 and number == 1:
                hall.shot(east, "table-agree")
            east.get_by_role("button", name="Agree", exact=True).click()
            # The hall's last agreement moves the evening on at once, so the page may already show
            # the next hand, with the moves "After hand N" in place of the agreed line.
            agreed = east.get_by_text(f"Agreed: North–South {ns}, East–West {13 - ns}")
            agreed.or_(east.get_by_text(f"After hand {hand}")).first.wait_for()
            if hand == 1 and number == 1:
                hall.shot(east, "table-agreed")
            if number < 3:
                # The organiser's page follows without a reload.
                expect(live).to_contain_text(f"{number} of 3 tables agreed", timeout=WAIT_MS)
                if hand == 1 and number == 1:
                    hall.shot(organiser, "live-one-agreed")
        if hand == HANDS:
            break
        # Auto-advance: the last agreement starts the next hand, and each table's page, by its own
        # poll, says where last hand's players go.
        expect(live).to_contain_text(f"Hand {hand + 1}")
        followed = {}
        for number, east in easts.items():
            moves = east.locator("ul.moves").filter(has=east.locator("li"))
            east.get_by_role("heading", name=f"After hand {hand}").wait_for()
            for line in moves.locator("li").all_inner_texts():
                found = re.fullmatch(r"(.+?): (.+?)(?:, partner .+)?\.", line.strip())
                assert found, f"table {number}: unreadable move {line!r}"
                followed[found[1]] = place_from_message(found[2], number, where[found[1]][1])
        assert sorted(followed) == sorted(where), "every player of the hand is told where to go"
        where = followed
        if hand == 1:
            hall.shot(easts[1], "table-after-hand-1")
        if hand == event.interval_after:
            expect(live.locator(".badge.status-interval")).to_have_text("Interval")
            hall.shot(organiser, "live-interval")
            expect(easts[1].locator("#state")).to_contain_text("Interval.")
            organiser.get_by_role("button", name="Resume play").click()
            organiser.get_by_text(f"Play resumes with hand {hand + 1}.").wait_for()
            expect(live.locator(".badge.status-running")).to_have_text("Playing")

    # -- the end: standings, the projector board and the results sheet -------------------------------
    expect(live).to_contain_text("The event is finished.")
    hall.shot(organiser, "live-finished")
    with db_quiet(live_server):
        event.refresh_from_db()
        standings = scores.standings_now(event).standings
        first = event.entrants.get(name=next(iter(phones)))
    assert event.status == "finished"
    winners = [s.name for s in standings if s.rank == 1]
    # Each phone's table page now says the evening is over; a player's own page has their final place.
    name, phone = next(iter(phones.items()))
    expect(phone.locator("#state")).to_contain_text("The evening is over")
    hall.shot(phone, "table-finished")
    phone.goto(first.get_absolute_url())
    mine = next(s for s in standings if s.name == name)
    expect(phone.locator("p.rank")).to_contain_text(f"Final: {mine.total},")
    hall.shot(phone, "personal-final")

    organiser.get_by_role("link", name="Final standings and prizes").click()
    table = organiser.locator("table.standings")
    expect(table.locator("tbody tr").first).to_contain_text(winners[0])
    hall.shot(organiser, "standings")

    tab(organiser, "Projector board").click()
    organiser.get_by_role("heading", name="Friday drive").wait_for()
    expect(organiser.locator("#board")).to_contain_text(winners[0])
    hall.shot(organiser, "board")

    organiser.go_back()
    tab(organiser, "Print").click()
    with organiser.expect_download() as download:
        organiser.get_by_role("link", name=re.compile("Download results sheet")).click()
    pdf = download.value.path().read_bytes()
    (hall.artifacts / download.value.suggested_filename).write_bytes(pdf)
    assert pdf.startswith(b"%PDF-")
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    for name in winners:
        assert name in text
    assert "Friday drive" in text

    assert hall.foreign_requests() == []
