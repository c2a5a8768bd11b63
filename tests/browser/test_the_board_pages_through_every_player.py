"""The projector board at 1920×1080: every player sees their place, a page of standings at a time
filling the screen ("page 2 of 3"), each page and view up for one slot of one clock; the prize
winners in large type (#16.6)."""

import re

import pytest

from tests.browser.conftest import PROJECTOR, db_quiet, serious_violations
from tests.factories import big_evening, make_club
from whistdrive.store.models import Event
from whistdrive.web.views import standings as board_views

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _shown_names(page) -> list[str]:
    # Each name cell ends with the player's role ("L" or "G") in a badge of its own.
    return [
        re.sub(r"\s+[LG]$", "", name.strip()) for name in page.locator(".board-standings td.name").all_inner_texts()
    ]


def _fits_the_screen(page) -> None:
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height <= PROJECTOR["height"], f"the board scrolls: {height} px"


def test_the_standings_page_through_every_player_in_pages_that_fill_the_screen(hall, live_server):
    event = big_evening(make_club(), tables=12, hands=6, name="Winter drive")  # 48 players
    board = hall.device(PROJECTOR)
    names = set()
    for number in (1, 2, 3):
        board.goto(f"/board/{event.board_token}/?view=standings&page={number}")
        board.locator(".board-standings").wait_for()
        assert board.locator(".board-page").inner_text() == f"page {number} of 3"
        _fits_the_screen(board)
        shown = _shown_names(board)
        names |= set(shown)
        last_row = board.locator(".board-standings tbody tr").last.bounding_box()
        if number < 3:
            assert len(shown) == board_views.BOARD_ROWS
            # A full page fills the screen: its last line is in the bottom eighth of it.
            assert last_row["y"] + last_row["height"] > PROJECTOR["height"] * 7 / 8, last_row
        hall.shot(board, f"board-standings-page-{number}")
    with db_quiet(live_server):
        everyone = set(event.entrants.values_list("name", flat=True))
    assert names == everyone
    assert serious_violations(board) == []


# The board's views as it draws them, each with the moment it was drawn: written down by the page itself, so a
# test process slow to look (three workers on two busy cores) misses none.
NOTE_VIEWS = """() => {
    window.views = [];
    const note = () => {
        const status = document.querySelector(".board-status");
        const last = window.views[window.views.length - 1];
        if (status && (!last || last[0] !== status.innerText)) window.views.push([status.innerText, performance.now()]);
    };
    note();
    new MutationObserver(note).observe(document.body, {subtree: true, childList: true, characterData: true});
}"""
SLOT_S = 5  # long enough that an answer drawn seconds late on a loaded machine still lands in its own slot


def test_each_page_and_view_stays_up_one_slot_of_the_same_clock(hall, live_server, monkeypatch):
    # A short slot (the board's is 15 s), so the test sees the board turn its pages by itself without waiting long.
    monkeypatch.setattr(board_views, "ROTATE_SECONDS", SLOT_S)
    event = big_evening(make_club(), tables=12, hands=6, name="Winter drive", status=Event.Status.FINISHED)
    with db_quiet(live_server):
        event.prizes = [{"kind": "top", "role": "lady"}, {"kind": "top", "role": "gent"}]
        event.save()
    board = hall.device(PROJECTOR)
    board.goto(f"/board/{event.board_token}/")
    board.evaluate(NOTE_VIEWS)
    board.wait_for_function("() => window.views.length >= 6", timeout=12 * SLOT_S * 1000)
    seen, times = zip(*board.evaluate("window.views.slice(0, 6)"), strict=True)
    # Prizes, then the final standings' three pages, in turn.
    cycle = [re.sub(r"\s+", " ", s).strip() for s in seen]
    pages = [re.search(r"page (\d) of 3", s) for s in cycle]
    order = ["prizes" if "Prize winners" in s else int(p[1]) for s, p in zip(cycle, pages, strict=True)]
    turn = ["prizes", 1, 2, 3]
    # Wherever in the turn the board began, each view is followed by the next one of the turn.
    assert all(turn[(turn.index(a) + 1) % len(turn)] == b for a, b in zip(order, order[1:], strict=False)), order
    assert set(order) == set(turn), order
    # Each view stayed up one slot: the polls come when the slot ends, not on a clock of their own.
    # A view is noted when the page has drawn it, so a slow answer can shorten one gap and lengthen the
    # next; the span of four turns is four slots give or take one late draw at either end, and no view is
    # up for two slots.
    slot = SLOT_S * 1000
    gaps = [b - a for a, b in zip(times[1:], times[2:], strict=False)]
    assert all(slot / 2 < gap < slot * 1.5 for gap in gaps), gaps
    assert 4 * slot - slot / 2 < times[-1] - times[1] < 4 * slot + slot / 2, gaps


def test_the_prize_winners_fill_the_screen_in_large_type(hall, live_server):
    event = big_evening(make_club(), tables=12, hands=6, name="Winter drive", status=Event.Status.FINISHED)
    with db_quiet(live_server):
        event.prizes = [
            {"kind": "top", "role": "lady", "places": 3},
            {"kind": "top", "role": "gent", "places": 3},
            {"kind": "booby", "role": "lady"},
            {"kind": "booby", "role": "gent"},
        ]
        event.save()
    board = hall.device(PROJECTOR)
    board.goto(f"/board/{event.board_token}/?view=prizes")
    winner = board.locator(".prize-list .who").first
    winner.wait_for()
    size = float(winner.evaluate("e => getComputedStyle(e).fontSize").removesuffix("px"))
    assert size >= 40, size  # readable from the back of a hall
    _fits_the_screen(board)
    box = board.locator(".prize-list").bounding_box()
    assert box["width"] > PROJECTOR["width"] * 0.9
    hall.shot(board, "board-prizes")
    assert serious_violations(board) == []
