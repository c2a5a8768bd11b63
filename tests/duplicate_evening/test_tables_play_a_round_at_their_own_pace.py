"""Issue 19: in a duplicate round each table plays its boards at its own pace.

The four players at a table stay together for all the boards of a round, so a table that has agreed a
board goes straight on to its next board on the phones; only at the end of the round does it wait, for
every table to finish (the pairs and the boards then move). Everything goes through the phones' own
pages (and the organiser's), as at the tables. Drives and game nights still play each hand in step.
"""

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from tests.factories import duplicate_event, give_access, make_user, started_event
from whistdrive.evening import pairs, scores
from whistdrive.store.models import Event, Result, TableBoard

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


class Table:
    """A table's North and East phones, each having chosen its seat."""

    def __init__(self, event: Event, number: int):
        self.event = event
        self.table = event.tables.get(number=number)
        self.url = reverse("table", args=[self.table.token])
        self.north, self.east = Client(), Client()
        self.north.post(reverse("table_seat", args=[self.table.token]), {"seat": "N"})
        self.east.post(reverse("table_seat", args=[self.table.token]), {"seat": "E"})

    def page(self) -> str:
        return self.north.get(self.url, headers=HX).content.decode()

    def enter(self, hand: int, ns: int) -> str:
        url = reverse("table_enter", args=[self.table.token])
        return self.north.post(url, {"hand": hand, "tricks": ns}, headers=HX).content.decode()

    def play(self, hand: int, ns: int) -> str:
        """North enters North–South's tricks, East agrees: the page East's phone is answered with."""
        self.enter(hand, ns)
        url = reverse("table_agree", args=[self.table.token])
        return self.east.post(url, {"hand": hand, "seat": "E", "tricks_ns": ns}, headers=HX).content.decode()


def board(event: Event, hand: int, table: int) -> int:
    return TableBoard.objects.get(table__event=event, table__number=table, hand=hand).board.number


def current(event: Event) -> int:
    event.refresh_from_db()
    return event.current_hand


@pytest.fixture
def evening():
    """Six pairs at three tables, a Mitchell of 9 boards in three rounds of 3."""
    return duplicate_event(pairs=6, boards=9, boards_per_round=3)


@pytest.fixture
def olive(evening):
    user = make_user("olive")
    give_access(user, evening.club)
    client = Client()
    client.force_login(user)
    return client


def test_a_table_that_agrees_a_board_goes_straight_on_to_its_next_board(evening):
    one, two = Table(evening, 1), Table(evening, 2)
    answer = one.play(1, 8)
    # East's phone is answered with the next board at once, a word on the one agreed, and its traveller.
    assert f"Enter board {board(evening, 2, 1)} now" in answer
    assert f"Agreed: North–South 8, East–West 5 (board {board(evening, 1, 1)})." in answer
    assert f"Board {board(evening, 1, 1)} so far" in answer
    assert f"Enter board {board(evening, 2, 1)} now" in one.page()  # North's phone too
    assert current(evening) == 1  # the hall's slowest tables are still on their first board
    assert f"Enter board {board(evening, 1, 2)} now" in two.page() and "so far" not in two.page()
    assert f"Enter board {board(evening, 3, 1)} now" in one.play(2, 6)
    last = one.play(3, 7)
    # The round's last board: agreed, its traveller, and the movement once every table has finished.
    assert "Agreed: North–South 7, East–West 6" in last and f"Board {board(evening, 3, 1)} so far" in last
    assert "End of the round, when every table has finished it:" in last
    assert "E–W go up to table 2, boards go down to table 3" in last
    assert current(evening) == 1
    # A phone that sends a board of the next round from table 1 is told where the table is; nothing is kept.
    refused = one.enter(4, 9)
    assert f"this table is on board {board(evening, 3, 1)}. Nothing was entered" in refused
    assert not Result.objects.filter(table=one.table, hand=4).exists()
    # The slower tables catch up; the hall follows the slowest, and the round ends when all have finished.
    three = Table(evening, 3)
    two.play(1, 6)
    assert current(evening) == 1
    three.play(1, 5)
    assert current(evening) == 2
    two.play(2, 7), two.play(3, 7), three.play(2, 4)
    assert current(evening) == 3 and f"Board {board(evening, 3, 1)} so far" in one.page()
    three.play(3, 9)
    assert current(evening) == 4  # auto-advance: round 2, pairs and boards moved
    assert f"Enter board {board(evening, 4, 1)} now" in Table(evening, 1).page()


def test_two_tables_at_different_boards_of_a_round_keep_their_own_state(evening, olive):
    one, two = Table(evening, 1), Table(evening, 2)
    one.play(1, 8)
    one.enter(2, 6)  # table 1: its second board entered by North–South, waiting for East–West
    two.enter(1, 7)  # table 2: its first board entered
    page = olive.get(reverse("event_live", args=[evening.pk]), headers=HX).content.decode()
    assert 'Round 1 <span class="muted">of 3</span>' in page
    assert "0 of 3 tables finished the round" in page
    assert f'data-table="1" data-board="{board(evening, 2, 1)}"' in page
    assert f'data-table="2" data-board="{board(evening, 1, 2)}"' in page
    assert page.count('class="badge pending"') == 2 + 1  # the two tables' badges and the counter
    assert reverse("event_live_result", args=[evening.pk, 1, 2]) in page  # table 1's own board to open
    assert "(board 2 of 3 this round)" in page and "(board 1 of 3 this round)" in page
    # East–West at table 2 agree; table 1's East–West agree: each table is on the board it reached.
    agreed = two.east.post(
        reverse("table_agree", args=[two.table.token]), {"hand": 1, "seat": "E", "tricks_ns": 7}, headers=HX
    ).content.decode()
    assert f"Enter board {board(evening, 2, 2)} now" in agreed
    assert f"Enter board {board(evening, 3, 1)} now" in one.play(2, 6)
    assert f"Enter board {board(evening, 2, 2)} now" in two.page()


def test_a_correction_of_an_earlier_board_of_the_round_leaves_the_table_where_it_is(evening, olive):
    one, two = Table(evening, 1), Table(evening, 2)
    first = board(evening, 1, 1)
    one.play(1, 8), one.play(2, 6)
    response = olive.post(
        reverse("event_live_result", args=[evening.pk, 1, 1]),
        {"tricks_ns": "10", "tricks_ew": "3", "reason": "cards counted again"},
    )
    assert response.status_code == 302
    assert Result.objects.get(table=one.table, hand=1).tricks_ns == 10
    assert f"Enter board {board(evening, 3, 1)} now" in one.page()
    assert [(line.table, line.tricks_ns) for line in pairs.traveller(evening, first)] == [(1, 10)]
    # The organiser keys table 2's second board from its traveller before table 2 has agreed its first:
    # table 2 still plays its first board, then goes on past the one keyed.
    olive.post(
        reverse("event_live_result", args=[evening.pk, 2, 2]),
        {"tricks_ns": "4", "tricks_ew": "9", "reason": "keyed from the traveller"},
    )
    assert f"Enter board {board(evening, 1, 2)} now" in two.page()
    assert f"Enter board {board(evening, 3, 2)} now" in two.play(1, 7)
    # A board of the next round cannot be set yet.
    assert olive.get(reverse("event_live_result", args=[evening.pk, 1, 4])).status_code == 404


def test_the_traveller_of_a_board_shows_only_to_a_table_that_has_played_it(evening):
    # Round 1 at every table; table 1 plays fast.
    for number in (1, 2, 3):
        table = Table(evening, number)
        for hand in (1, 2, 3):
            table.play(hand, 6 + number)
    assert current(evening) == 4
    # Round 2: the boards table 1 played go down to table 3. Table 2 is slow; table 3 starts on them.
    played_first = board(evening, 1, 1)
    assert board(evening, 4, 3) == played_first
    three = Table(evening, 3)
    before = three.page()
    assert f"Enter board {played_first} now" in before and f"Board {played_first} so far" not in before
    after = three.play(4, 9)
    assert f"Board {played_first} so far" in after
    assert after.count('<td class="num">9–4</td>') == 1 and after.count('<td class="num">7–6</td>') == 1


@pytest.mark.slow
def test_the_scores_are_the_same_whether_the_tables_play_in_step_or_at_their_own_pace():
    """One evening played board slot by board slot, its twin with table 1 racing through each round."""

    def tricks(hand: int, table: int) -> int:
        return (hand * 5 + table * 3) % 7 + 3

    in_step, own_pace = (duplicate_event(pairs=6, boards=9, boards_per_round=3, seed=s) for s in (3, 3))
    for hand in range(1, 10):
        for number in (1, 2, 3):
            Table(in_step, number).play(hand, tricks(hand, number))
    for first in (1, 4, 7):
        for number in (1, 2, 3):
            table = Table(own_pace, number)
            for hand in range(first, first + 3):
                table.play(hand, tricks(hand, number))
    for event in (in_step, own_pace):
        event.refresh_from_db()
        assert event.status == Event.Status.FINISHED
    ours = scores.standings_now(own_pace).duplicate.to_dict()
    assert ours == scores.standings_now(in_step).duplicate.to_dict()
    assert ours["pairs"][0]["boards_played"] == 9


def test_a_drive_still_plays_each_hand_in_step_at_every_table():
    """A drive of rounds of three hands at a table: a table's phone cannot run ahead of the hall."""
    event = started_event(ladies=4, gents=4, hands=6, hands_per_round=3)
    one = Table(event, 1)
    page = one.play(1, 8)
    assert "Agreed: North–South 8, East–West 5" in page and "Enter" not in page.split("Agreed")[1][:200]
    assert current(event) == 1
    assert "This page was showing hand 2, but the evening is on hand 1" in one.enter(2, 7)
    assert not Result.objects.filter(table=one.table, hand=2).exists()


def test_a_game_night_still_plays_each_hand_in_step():
    event = started_event(ladies=4, gents=4, hands=4, kind="games", movement="stationary")
    one = Table(event, 1)
    one.play(1, 8)
    assert "This page was showing hand 2, but the evening is on hand 1" in one.enter(2, 7)
    assert not Result.objects.filter(table=one.table, hand=2).exists()


def test_tables_that_share_boards_are_told_when_the_next_board_is_still_at_the_other_table():
    """Eight pairs at four tables play four rounds of 2 by a relay: tables 1 and 4 share a set of boards
    (table 4 starts on the second), so table 1's second board is table 4's first."""
    event = duplicate_event(pairs=8, boards=8, boards_per_round=2)
    assert board(event, 2, 1) == board(event, 1, 4)
    one, four = Table(event, 1), Table(event, 4)
    answer = one.play(1, 8)
    shared = board(event, 2, 1)
    assert f"Enter board {shared} now" in answer
    assert f"Board {shared} is still at table 4 (you share boards with them)" in answer
    # The phone's poll is answered "nothing new" until table 4 finishes the board; then it says so.
    version = re.search(r"\?v=([0-9a-f]+)", one.page()).group(1)
    poll = one.north.get(f"{one.url}?v={version}", headers=HX)
    assert poll.status_code == 204
    four.play(1, 6)
    poll = one.north.get(f"{one.url}?v={version}", headers=HX)
    assert poll.status_code == 200 and "is still at table 4" not in poll.content.decode()
    assert f"Enter board {shared} now" in poll.content.decode()


def test_the_organiser_is_told_when_a_round_ends_not_at_each_board_of_it(evening, olive):
    for number in (1, 2):
        table = Table(evening, number)
        for hand in (1, 2, 3):
            table.play(hand, 7)
    three = Table(evening, 3)
    three.play(1, 7)
    url = reverse("event_live_result", args=[evening.pk, 3, 2])
    page = olive.post(url, {"tricks_ns": "6", "tricks_ew": "7", "reason": "from the traveller"}, follow=True)
    assert current(evening) == 3 and "is complete" not in page.content.decode()
    url = reverse("event_live_result", args=[evening.pk, 3, 3])
    page = olive.post(url, {"tricks_ns": "6", "tricks_ew": "7", "reason": "from the traveller"}, follow=True)
    assert "Round 1 is complete: round 2 is under way." in page.content.decode()


def test_the_projector_shows_every_board_agreed_so_far_while_tables_are_at_different_boards(evening):
    for number in (1, 2, 3):
        table = Table(evening, number)
        for hand in (1, 2, 3):
            table.play(hand, 5 + number)
    one, two = Table(evening, 1), Table(evening, 2)
    one.play(4, 9), one.play(5, 4)  # round 2: table 1 two boards in, table 2 one, table 3 none
    two.play(4, 6)
    url = reverse("board", args=[evening.board_token]) + "?view=standings"
    projector = Client()
    page = projector.get(url, headers=HX)
    text = page.content.decode()
    assert "Provisional: round 2 of 3 (some tables still to hand in)" in text
    results = scores.standings_now(evening).duplicate
    assert sum(p.boards_played for p in results.pairs) == 2 * (9 + 3)  # two pairs a board played
    for line in pairs.result_lines(evening, results):
        assert (
            f'{line.label} <small>{escape(line.name)}</small></td><td class="num total">{line.percentage:.2f}' in text
        )
    # Another table's board is on the board at its next poll (the poll's ETag is of the results).
    Table(evening, 3).play(4, 7)
    again = projector.get(url, headers={**HX, "If-None-Match": page["ETag"]})
    results = scores.standings_now(evening).duplicate
    assert again.status_code == 200 and sum(p.boards_played for p in results.pairs) == 2 * (9 + 4)
    for line in pairs.result_lines(evening, results):
        assert f'{line.label} <small>{escape(line.name)}</small></td><td class="num total">{line.percentage:.2f}' in (
            again.content.decode()
        )
