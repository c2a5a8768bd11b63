"""Every schedule stored in designs_data.py meets the bounds it was searched for."""

import pytest

from whistdrive.engines.movements.designs import stored_rounds
from whistdrive.engines.movements.designs_data import DATA
from whistdrive.engines.movements.schedule import measure


@pytest.mark.parametrize("count", sorted(DATA))
def test_a_stored_schedule_has_no_partner_twice_nor_opponent_thrice_before_hands_reach_players(count):
    hands = min(30, count - 1)
    figures = measure(count, -1, stored_rounds(count, hands))
    assert figures["max_partner"] <= 1
    assert figures["max_oppose"] <= 2


@pytest.mark.parametrize("count", sorted(DATA))
def test_a_stored_schedule_seats_everyone_once_a_hand_and_sit_outs_stay_fair_at_every_hand(count):
    schedule = stored_rounds(count, 30)
    assert len(schedule) == 30
    for hand in range(1, 31):
        tables, out = schedule[hand - 1]
        assert sorted([x for table in tables for x in table] + list(out)) == list(range(count))
        assert len(out) == count % 4
        assert measure(count, -1, schedule[:hand])["played_spread"] <= 1


@pytest.mark.parametrize("count", [c for c in sorted(DATA) if c <= 30])
def test_a_stored_schedule_for_a_small_evening_spreads_partners_within_one_over_thirty_hands(count):
    assert measure(count, -1, stored_rounds(count, 30))["partner_spread"] <= 1


def test_hand_one_of_a_stored_schedule_seats_players_in_order():
    for count in DATA:
        tables, out = stored_rounds(count, 1)[0]
        assert [x for table in tables for x in table] == list(range(count - count % 4))
        assert out == tuple(range(count - count % 4, count))
