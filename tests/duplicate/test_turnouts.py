"""How many boards each number of pairs plays: what an organiser making up boards beforehand prints.

Against the rule, not the engine: a Mitchell puts out one set of boards_per_round boards per table (a
half table too), so P pairs at ⌈P/2⌉ tables play boards 1 to ⌈P/2⌉ × boards_per_round, once there
are at least as many tables as rounds; every pair plays the format's boards, never fewer.
"""

import math

import pytest

from whistdrive.engines.duplicate import plan_duplicate, turnouts
from whistdrive.engines.formats import Format


@pytest.mark.parametrize("boards, per_round", [(21, 3), (8, 2), (24, 4), (15, 3)])
def test_a_mitchell_plays_a_set_of_boards_per_table(boards, per_round):
    fmt = Format.duplicate(boards, per_round, "mitchell", "matchpoints", "HDSC")
    rounds = boards // per_round
    runs = turnouts(fmt, most_pairs=30)
    by_pairs = {pairs: run.boards for run in runs for pairs in range(run.fewest, run.most + 1)}
    for pairs, played in by_pairs.items():
        tables = math.ceil(pairs / 2)
        assert tables >= rounds
        assert played == tables * per_round >= boards
    # Every number of pairs from the fewest that can play the rounds up to 30 is listed, in order.
    assert sorted(by_pairs) == list(range(min(by_pairs), 31))
    assert all(a.most + 1 == b.fewest and a.boards < b.boards for a, b in zip(runs, runs[1:], strict=False))


def test_a_howell_lists_the_pairs_it_can_seat_with_their_boards():
    fmt = Format.duplicate(14, 2, "howell", "matchpoints", "HDSC")
    runs = turnouts(fmt)
    listed = [pairs for run in runs for pairs in range(run.fewest, run.most + 1)]
    assert listed == list(range(7, 17))  # 6 pairs have only 5 rounds; a Howell is for 16 pairs at most
    for run in runs:
        for pairs in range(run.fewest, run.most + 1):
            assert plan_duplicate(fmt, pairs).boards_in_play == run.boards >= 14
