"""Phones at 390×844: each speaks to its own player after a hand ("YOU: go to table 2, North" first
and large), a phone whose player moved on shows their new table instead of strangers' seats, a seat
that waits on another table says which and updates by itself, a partner's change is said; every
control is at least 48×48 px, trick buttons read "7 : 6" with the sides named, a revoke shows the
score that will count, and a tampered count is refused as typed (#16.2, #16.4)."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import HALL_PHONE, db_quiet, htmx_settled, serious_violations
from tests.factories import started_event, table_of
from whistdrive.evening import entry
from whistdrive.store.models import Seating

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}

# Every control a finger may need on the page, with its size; a radio or checkbox counts by its label.
SMALL_CONTROLS = """() => {
  const found = [];
  const controls = document.querySelectorAll('a[href], button, summary, select, input:not([type=hidden]), label');
  for (const element of controls) {
    if (element.matches('input[type=radio], input[type=checkbox]') && element.closest('label')) continue;
    if (element.matches('label') && !element.querySelector('input, select')) continue;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || box.right < 0) continue;  // not shown (or the skip link, off screen)
    if (box.width < 48 || box.height < 48) {
      found.push(`${element.tagName.toLowerCase()} "${element.textContent.trim().slice(0, 30)}": ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
  }
  return found;
}"""


def _seats(table, hand: int = 1) -> dict:
    return {s.seat: s.entrant for s in Seating.objects.filter(table=table, hand=hand).select_related("entrant")}


def _phone_at(hall, live_server, table, seat: str):
    page = hall.device(HALL_PHONE)
    page.goto(table.get_absolute_url())
    with db_quiet(live_server):
        name = _seats(table)[seat].name
    page.get_by_role("button", name=name).click()
    page.locator(f'#state[data-seat="{seat}"] .seats .{seat}').wait_for()
    return page


def _agree(live_server, table, ns: int, hand: int = 1) -> None:
    with db_quiet(live_server):
        entry.submit(table, hand=hand, seat="N", tricks_ours=ns)
        entry.agree(table, hand=hand, seat="E")


def test_after_a_hand_each_phone_tells_its_own_player_first_and_large(hall, live_server):
    event = started_event(name="Friday drive")
    one = table_of(event, 1)
    north = _phone_at(hall, live_server, one, "N")
    north.get_by_role("button", name="9 : 4").click()
    east = _phone_at(hall, live_server, one, "E")
    east.get_by_role("button", name="Agree").click()
    you = east.locator(".you-next")
    expect(you).to_contain_text(re.compile(r"YOU: (go to table \d|stay)"))
    you_size = float(you.evaluate("e => getComputedStyle(e).fontSize").removesuffix("px"))
    others = east.locator(".moves li:visible")
    other_size = float(others.first.evaluate("e => getComputedStyle(e).fontSize").removesuffix("px"))
    assert you_size >= 1.3 * other_size
    expect(others).to_have_count(3)  # the other three, smaller, after: East's own row is not shown twice
    expect(east.locator(".moves li.E")).to_be_hidden()
    assert you.bounding_box()["y"] < east.locator(".moves").bounding_box()["y"]
    # North-South won: the lady at North moves up a table, and her own phone says so.
    expect(north.locator(".you-next")).to_contain_text(re.compile(r"YOU: go to table 2, (North|East)"), timeout=15_000)
    hall.shot(east, "east-you-first")
    hall.shot(north, "north-you-first")
    assert serious_violations(north) == []


def test_a_seat_that_waits_on_another_table_says_which_and_updates_by_itself(hall, live_server):
    event = started_event(name="Friday drive")
    with db_quiet(live_server):
        event.auto_advance = False
        event.save()
    one = table_of(event, 1)
    north = _phone_at(hall, live_server, one, "N")
    _agree(live_server, one, 9)
    expect(north.locator(".you-next")).to_contain_text(
        "North or East — the table will say when table 2 has finished", timeout=15_000
    )
    hall.shot(north, "waits-on-table-2")
    _agree(live_server, table_of(event, 2), 4)
    expect(north.locator(".you-next")).to_contain_text(
        re.compile(r"YOU: go to table 2, (North|East)\."), timeout=15_000
    )
    expect(north.locator(".you-next")).not_to_contain_text("or East")


def test_a_phone_whose_player_moved_on_shows_their_new_table_not_strangers_seats(hall, live_server):
    event = started_event(name="Friday drive")
    one = table_of(event, 1)
    north = _phone_at(hall, live_server, one, "N")
    with db_quiet(live_server):
        lady = _seats(one)["N"]
    for number in (1, 2, 3):
        _agree(live_server, table_of(event, number), 9)
    with db_quiet(live_server):
        now = Seating.objects.select_related("table").get(entrant=lady, hand=2)
    expect(north.locator(".you-next")).to_have_text(
        f"YOU: go to table {now.table.number}, {SEAT_WORDS[now.seat]}.", timeout=15_000
    )
    expect(north.get_by_text(f"Scan the card on table {now.table.number}")).to_be_visible()
    expect(north.get_by_role("heading", name="Which seat are you?")).to_have_count(0)
    expect(north.locator(".pick-seats button")).to_have_count(0)
    hall.shot(north, "moved-on")
    assert north.evaluate(SMALL_CONTROLS) == []
    assert serious_violations(north) == []
    north.get_by_role("link", name="My card").click()
    north.get_by_role("heading", name="Your card").wait_for()
    assert north.evaluate(SMALL_CONTROLS) == []
    north.go_back()
    # Scanning the new table's card, the phone knows its player at once.
    north.goto(now.table.get_absolute_url())
    expect(north.locator(f'#state[data-seat="{now.seat}"] .seats .{now.seat}')).to_be_visible()


def test_a_partners_change_is_said_on_the_phone_it_replaced(hall, live_server):
    event = started_event(name="Friday drive")
    one = table_of(event, 1)
    north = _phone_at(hall, live_server, one, "N")
    north.get_by_role("button", name="7 : 6").click()
    expect(north.get_by_text("You said North–South 7, East–West 6.")).to_be_visible()
    south = _phone_at(hall, live_server, one, "S")
    south.get_by_text("Change our result").click()
    south.get_by_role("button", name="8 : 5").click()
    expect(north.get_by_text("South changed it to 8 (you said 7).")).to_be_visible(timeout=15_000)
    expect(south.get_by_text("changed it")).to_have_count(0)
    hall.shot(north, "partner-changed-it")


def test_every_control_is_large_the_buttons_read_7_6_and_a_revoke_shows_the_score_that_counts(hall, live_server):
    # A game night with honours and the turned card as trumps: the fullest form a phone shows.
    event = started_event(
        name="Rubbers night", kind="games", movement="stationary", honours=True, trumps="turned", interval_after=None
    )
    one = table_of(event, 1)
    north = _phone_at(hall, live_server, one, "N")
    expect(north.get_by_role("heading", name=re.compile("Tricks: we, North–South : they, East–West"))).to_be_visible()
    expect(north.get_by_role("button", name="7 : 6", exact=False).first).to_have_text("7 : 6")
    north.get_by_text("Report a revoke").click()
    north.get_by_text("Call the organiser").click()
    assert north.evaluate(SMALL_CONTROLS) == []
    hall.shot(north, "keypad-open")
    assert serious_violations(north) == []
    north.get_by_text("♠ Spades").click()
    north.get_by_text("They (East–West) revoked").click()
    north.get_by_role("button", name="7 : 6").click()
    htmx_settled(north)
    east = _phone_at(hall, live_server, one, "E")
    expect(east.get_by_text("the score that counts is North–South 10, East–West 3 (10–3)")).to_be_visible()
    assert east.evaluate(SMALL_CONTROLS) == []
    hall.shot(east, "revoke-agree")
    east.get_by_role("button", name="Agree").click()
    expect(east.get_by_text("counts as 10–3")).to_be_visible()
    assert east.evaluate(SMALL_CONTROLS) == []


def test_a_tampered_count_is_refused_in_the_number_sent(hall, live_server):
    event = started_event(name="Friday drive")
    north = _phone_at(hall, live_server, table_of(event, 1), "N")
    button = north.get_by_role("button", name="7 : 6")
    button.evaluate("b => b.value = '-1'")
    button.click()
    expect(north.get_by_role("alert")).to_contain_text("−1 is not a number of tricks: a side takes from 0 to 13")
    expect(north.get_by_role("alert")).not_to_contain_text("East–West")
    hall.shot(north, "minus-one")
