"""The duplicate Howell: every pair moves, meets every other pair once or as nearly as the rounds
allow, plays each board at most once, and sits N–S about as often as E–W."""

from collections import Counter
from itertools import combinations

import pytest

from whistdrive.engines.duplicate import DuplicateError, plan_duplicate
from whistdrive.engines.movements.howell import cycle_length

from .evenings import duplicate


def howell(pairs: int, rounds: int, per_round: int = 2):
    return plan_duplicate(duplicate(boards=rounds * per_round, boards_per_round=per_round, movement="howell"), pairs)


@pytest.mark.parametrize("pairs", range(6, 17))
def test_every_number_of_rounds_keeps_the_howells_laws(pairs):
    for rounds in range(1, cycle_length(pairs) + 1):
        try:
            plan = howell(pairs, rounds)
        except DuplicateError as error:
            assert "would be played at only one table" in error.problems[0]
            continue
        assert len(plan.rounds) == rounds and plan.arrangement == "howell"
        meetings, boards, plays, surplus = Counter(), Counter(), Counter(), Counter()
        for r in plan.rounds:
            assert [t.table for t in r.tables] == list(range(1, pairs // 2 + 1))
            assert len({t.board_set for t in r.tables}) == len(r.tables)  # a set at one table at a time
            seated = [p for t in r.tables for p in (t.ns, t.ew)] + list(r.sitting_out)
            assert sorted(seated) == sorted(plan.pair_ids)
            for t in r.tables:
                meetings[frozenset((t.ns, t.ew))] += 1
                boards.update([(t.ns, t.board_set), (t.ew, t.board_set)])
                plays[t.board_set] += 1
                surplus[t.ns] += 1
                surplus[t.ew] -= 1
            # after every round each pair has sat N–S at most once more, or less, than E–W
            assert max(abs(v) for v in surplus.values()) <= 1
        assert set(meetings.values()) == {1}
        assert set(boards.values()) == {1}
        assert sorted(plays) == list(range(1, plan.board_sets + 1))
        assert min(plays.values()) >= 2  # every board has a result to be compared with
        sat_out = Counter(p for r in plan.rounds for p in r.sitting_out)
        assert all(n == 1 for n in sat_out.values())
        if rounds == cycle_length(pairs):
            assert set(meetings) == {frozenset(two) for two in combinations(plan.pair_ids, 2)}


def test_a_short_howell_chooses_rounds_that_compare_every_board():
    plan = howell(16, 8, 3)  # 8 of 15 rounds: 24 boards a pair
    plays = Counter(t.board_set for r in plan.rounds for t in r.tables)
    assert min(plays.values()) >= 4
    assert plan.notes == (
        "8 rounds of a 15-round Howell: no two pairs meet twice, but not every pair meets every other",
    )


def test_the_movement_card_says_where_each_pair_and_the_boards_go():
    plan = howell(8, 7, 3)
    after_first = plan.moves_after(1, 2)
    here = plan.table_round(1, 2)
    ns_next, ew_next = plan.where(here.ns, 2), plan.where(here.ew, 2)
    words = {"NS": "N–S", "EW": "E–W"}
    assert (
        after_first.startswith(
            f"N–S (pair {here.ns[1:]}) go to table {ns_next[0]} {words[ns_next[1]]}, "
            f"E–W (pair {here.ew[1:]}) go to table {ew_next[0]} {words[ew_next[1]]}; boards "
        )
        or "stay" in after_first
    )
    card = plan.movement_card(1)
    assert card[0].startswith("After round")
    assert all("boards" in line for line in card)


@pytest.mark.parametrize(
    ("pairs", "rounds", "words"),
    [
        (5, 5, "a duplicate Howell is for 6 to 16 pairs, not 5: with fewer pairs no board could be compared; "),
        (18, 5, "a duplicate Howell is for 6 to 16 pairs, not 18: choose a Mitchell"),
        (8, 8, "a Howell for 8 pairs has 7 rounds (every pair meets every other once), not 8: play 14 boards or fewer"),
    ],
)
def test_a_howell_the_pairs_cannot_play_is_refused(pairs, rounds, words):
    with pytest.raises(DuplicateError) as error:
        howell(pairs, rounds)
    assert error.value.problems[0].startswith(words)
