"""Every cyclic starter in designs_data.STARTERS develops into a schedule within the bounds."""

import pytest

from whistdrive.engines.movements.designs import starter_rounds
from whistdrive.engines.movements.designs_data import STARTERS
from whistdrive.engines.movements.schedule import measure


def _cycle(count):
    # a starter with infinity (-1) is developed over Z_(count-1), otherwise over Z_count
    return count - 1 if -1 in STARTERS[count][0] else count


@pytest.mark.parametrize("count", sorted(STARTERS))
def test_a_developed_starter_never_repeats_a_partner_nor_opposes_thrice_over_its_whole_cycle(count):
    figures = measure(count, -1, starter_rounds(count, _cycle(count)))
    assert figures["max_partner"] <= 1
    assert figures["max_oppose"] <= 2


@pytest.mark.parametrize("count", sorted(STARTERS))
def test_a_developed_starter_seats_everyone_once_a_hand_and_sit_outs_stay_fair_at_every_hand(count):
    schedule = starter_rounds(count, _cycle(count))
    for hand in range(1, len(schedule) + 1):
        tables, out = schedule[hand - 1]
        assert sorted([x for table in tables for x in table] + list(out)) == list(range(count))
        assert len(out) == count % 4
        assert measure(count, -1, schedule[:hand])["played_spread"] <= 1


@pytest.mark.parametrize("count", sorted(STARTERS))
def test_a_starter_gives_no_schedule_longer_than_its_cycle(count):
    assert starter_rounds(count, _cycle(count) + 1) is None
