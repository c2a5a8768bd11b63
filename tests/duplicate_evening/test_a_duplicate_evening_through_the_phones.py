"""A whole duplicate Mitchell (4 tables, 8 boards in rounds of 2) played through the phone pages.

Checked against the format's rules written out here, not against the engine: N–S pairs sit still,
no pair plays a board twice, the phone names the board and its trump,
an agreed board shows how every table that has played it did, and the matchpoints on the standings
page are 2 for each pair of the direction with fewer tricks on the board and 1 for each with as many.
"""

from collections import defaultdict

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import duplicate_event, give_access, make_user
from whistdrive.engines.vocabulary import SUIT_WORDS
from whistdrive.store.models import Partnership, Seating, TableBoard

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


def tricks_for(board: int, table: int) -> int:
    """North–South's tricks on a board at a table: differ from table to table, with ties."""
    return (board * 3 + table * 2) % 5 + 4


def pairs_at(event, hand: int) -> dict[int, tuple[frozenset, frozenset]]:
    seats = defaultdict(dict)
    for row in Seating.objects.filter(event=event, hand=hand, table__isnull=False).select_related("table"):
        seats[row.table.number][row.seat] = row.entrant_id
    return {t: (frozenset((s["N"], s["S"])), frozenset((s["E"], s["W"]))) for t, s in seats.items()}


@pytest.mark.slow
def test_a_duplicate_mitchell_through_the_phones_scores_every_board_by_matchpoints():
    event = duplicate_event(pairs=8, boards=8, boards_per_round=2)
    assert event.partnerships.count() == 8 and event.tables.count() == 4
    pair_of = {}
    for p in Partnership.objects.filter(event=event):
        pair_of[frozenset((p.first_id, p.second_id))] = (p.direction, p.number)
    played = defaultdict(list)  # board -> [(table, ns pair, ew pair, ns tricks)]
    for hand in range(1, 9):
        event.refresh_from_db()
        assert event.current_hand == hand
        here = pairs_at(event, hand)
        for number, (ns, ew) in sorted(here.items()):
            table = event.tables.get(number=number)
            board = TableBoard.objects.get(table=table, hand=hand).board
            # N–S pairs sit still; the Mitchell seats N–S pair t at table t all evening.
            assert pair_of[ns] == ("NS", number)
            url = reverse("table", args=[table.token])
            north, east = Client(), Client()
            north.post(reverse("table_seat", args=[table.token]), {"seat": "N"})
            east.post(reverse("table_seat", args=[table.token]), {"seat": "E"})
            page = north.get(url).content.decode()
            assert f'Board <b class="big">{board.number}</b>' in page
            assert SUIT_WORDS[board.trump].capitalize() in page
            others = [b.board.number for b in TableBoard.objects.filter(table=table).order_by("hand")]
            first_of_round = hand - (hand - 1) % 2
            round_boards = others[first_of_round - 1 : first_of_round + 1]
            assert f"Enter board {board.number} now" in page and all(str(b) in page for b in round_boards)
            ns_tricks = tricks_for(board.number, number)
            north.post(reverse("table_enter", args=[table.token]), {"hand": hand, "tricks": ns_tricks}, headers=HX)
            agreed = east.post(
                reverse("table_agree", args=[table.token]),
                {"hand": hand, "seat": "E", "tricks_ns": ns_tricks},
                headers=HX,
            ).content.decode()
            assert f"Agreed: North–South {ns_tricks}, East–West {13 - ns_tricks}" in agreed
            played[board.number].append((number, pair_of[ns], pair_of[ew], ns_tricks))
            # The traveller: every table that has played this board so far, this one among them (also
            # once the last table's agreement has moved the hall on to the next board).
            page = east.get(url, headers=HX).content.decode()
            assert f"Board {board.number} so far" in agreed
            if hand == 8:
                page = agreed  # the evening is over: its page says so
            assert f"Board {board.number} so far" in page
            for _table, ns_pair, ew_pair, tricks in played[board.number]:
                assert (
                    f'<td>N–S {ns_pair[1]}</td><td>E–W {ew_pair[1]}</td><td class="num">{tricks}–{13 - tricks}</td>'
                    in page
                )
    event.refresh_from_db()
    assert event.status == "finished"
    # No pair plays a board twice (with four tables and four rounds the boards go by a relay).
    for rows in played.values():
        assert len({ns for _t, ns, _ew, _n in rows}) == len(rows), "a N–S pair played a board twice"
        assert len({ew for _t, _ns, ew, _n in rows}) == len(rows), "an E–W pair played a board twice"
    # Matchpoints by hand: 2 for each N–S score beaten, 1 for each tie.
    expected = defaultdict(float)
    top = 2 * (max(len(rows) for rows in played.values()) - 1)
    for rows in played.values():
        for _t, ns, ew, tricks in rows:
            mp = sum(2 if tricks > other else 1 if tricks == other else 0 for *_x, other in rows) - 1
            assert len(rows) * 2 - 2 == top  # every board played at every table: no Neuberg
            expected[ns] += mp
            expected[ew] += top - mp
    olive = make_user("olive")
    give_access(olive, event.club)
    organiser = Client()
    organiser.force_login(olive)
    page = organiser.get(reverse("event_standings", args=[event.pk])).content.decode()
    assert "North–South pairs" in page and "East–West pairs" in page
    for (direction, number), mp in expected.items():
        label = ("N–S " if direction == "NS" else "E–W ") + str(number)
        boards = 8
        percentage = round(mp * 100 / (top * boards) + 1e-9, 2)
        assert f"<td>{label}</td>" in page
        assert f'{mp:g}</td><td class="num"><strong>{percentage:.2f}%' in page, (label, mp, percentage)
    # Default prizes by pair, in each field.
    assert "N–S 1st pair" in page or "1st N–S pair" in page
