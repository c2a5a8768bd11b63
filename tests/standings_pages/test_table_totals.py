"""A phone's totals for its table's four players match the whole evening's standings, sit-outs included."""

import pytest

from tests.factories import big_evening, make_cast, two_table_evening
from whistdrive.evening import scores
from whistdrive.store.models import Event, Result, Seating

pytestmark = pytest.mark.django_db


def tables_of(event: Event, hand: int) -> dict[int, list]:
    by_table: dict[int, list] = {}
    for seating in Seating.objects.filter(event=event, hand=hand, table__isnull=False).select_related("entrant"):
        by_table.setdefault(seating.table_id, []).append(seating.entrant)
    return by_table


def test_each_tables_totals_are_the_hand_worked_totals_with_sit_out_averages():
    club_a, *_ = make_cast()
    event = two_table_evening(club_a)
    worked = {"Eve": 23, "Cat": 22, "Hal": 22, "Ann": 20, "Fred": 20, "Gus": 19, "Bet": 17, "Dot": 17, "Ian": 17}
    for hand in (1, 2, 3):
        for entrants in tables_of(event, hand).values():
            totals = scores.totals_for(event, entrants)
            assert {e.name: totals[e.player_id] for e in entrants} == {e.name: worked[e.name] for e in entrants}


def test_totals_mid_hand_and_with_a_revoke_agree_with_the_full_standings():
    club_a, *_ = make_cast()
    event = big_evening(club_a, 3, hands=4)
    Result.objects.filter(table__event=event, hand=2, table__number=1).update(revoke="NS")
    Result.objects.filter(table__event=event, hand=4, table__number=2).delete()  # a table still playing
    full = {s.id: s.total for s in scores.standings_now(event).standings}
    for hand in (2, 4):
        for entrants in tables_of(event, hand).values():
            totals = scores.totals_for(event, entrants)
            assert totals == {e.player_id: full[e.player_id] for e in entrants}


def test_a_sit_out_counts_only_once_its_hand_has_a_result_somewhere():
    club_a, *_ = make_cast()
    event = two_table_evening(club_a)
    Result.objects.filter(table__event=event, hand=3).delete()  # hand 3 being played at both tables
    people = {e.name: e for e in event.entrants.all()}
    four = [people[name] for name in ("Ann", "Eve", "Fred", "Bet")]  # Bet sat out hand 3
    full = {s.id: s.total for s in scores.standings_now(event).standings}
    totals = scores.totals_for(event, four)
    assert totals == {e.player_id: full[e.player_id] for e in four}
    before = totals[people["Bet"].player_id]
    Result.objects.create(table=event.tables.get(number=2), hand=3, tricks_ns=7, tricks_ew=6, trump="S")
    full = {s.id: s.total for s in scores.standings_now(event).standings}
    totals = scores.totals_for(event, four)
    assert totals == {e.player_id: full[e.player_id] for e in four}
    assert totals[people["Bet"].player_id] > before  # her sit-out award for hand 3 now counts


def test_a_four_who_never_sat_out_is_added_up_from_one_read(django_assert_num_queries):
    club_a, *_ = make_cast()
    event = two_table_evening(club_a)
    four = list(tables_of(event, 3).values())[1]  # Cat, Dot, Hal and Ian played every hand
    with django_assert_num_queries(1):
        scores.totals_for(event, four)
