"""The duplicate Mitchell: N–S stay, E–W up one, boards down one; a skip or a relay and bye-stand.

Laws for every number of pairs 4..30, boards a round 1..4 and every number of rounds the tables
allow; anything more is refused saying what to play instead.
"""

import functools
from collections import Counter

import pytest

from whistdrive.engines.duplicate import DuplicateError, plan_duplicate

from .evenings import duplicate


def plans():
    for pairs in range(4, 31):
        places = (pairs + 1) // 2
        for per_round in (1, 2, 3, 4):
            for rounds in range(1, places + 1):
                try:
                    plan = plan_duplicate(duplicate(boards=rounds * per_round, boards_per_round=per_round), pairs)
                except DuplicateError:
                    continue
                yield pairs, per_round, rounds, plan


@functools.cache
def every_plan() -> list:
    """Every plan, made once a test process when a test first asks (not at import: collecting alone took 0.9 s)."""
    return list(plans())


def test_every_size_from_4_to_30_pairs_has_a_mitchell():
    for pairs in range(4, 31):
        assert any(p == pairs for p, *_ in every_plan()), pairs


@pytest.mark.parametrize("size", range(4, 31))
def test_no_pair_meets_a_board_or_another_pair_twice(size):
    for case in (case for case in every_plan() if case[0] == size):
        no_pair_meets_a_board_or_another_pair_twice(*case)


def no_pair_meets_a_board_or_another_pair_twice(pairs, per_round, rounds, plan):
    assert len(plan.rounds) == rounds
    boards = Counter()
    meetings = Counter()
    for r in plan.rounds:
        for t in r.tables:
            assert t.boards == tuple(sorted(t.boards, key=lambda b: (b - 1) % per_round)) or plan.arrangement == "relay"
            assert set(t.boards) == set(plan.boards_of(t.board_set))
            boards.update([(t.ns, t.board_set), (t.ew, t.board_set)])
            meetings[t.ns, t.ew] += 1
    assert set(boards.values()) == {1}
    assert set(meetings.values()) == {1}


@pytest.mark.parametrize("size", range(4, 31))
def test_north_south_stay_east_west_go_up_and_the_boards_go_down(size):
    for case in (case for case in every_plan() if case[0] == size):
        north_south_stay_east_west_go_up_and_the_boards_go_down(*case)


def north_south_stay_east_west_go_up_and_the_boards_go_down(pairs, per_round, rounds, plan):
    places = (pairs + 1) // 2
    real = pairs // 2
    assert plan.tables == real and plan.board_sets == places
    assert (plan.half_table == places) == bool(pairs % 2)
    for r in plan.rounds:
        assert [t.table for t in r.tables] == list(range(1, real + 1))
        assert all(t.ns == f"NS{t.table}" for t in r.tables)  # N–S pairs never move
        # a set is at one table a round, except the relay's two tables
        sets = Counter(t.board_set for t in r.tables)
        shared = [s for s, n in sets.items() if n > 1]
        assert len(shared) <= (1 if plan.arrangement == "relay" else 0)
        if shared:
            assert {t.table for t in r.tables if t.board_set == shared[0]} == {1, places}
        # with an odd number of pairs the E–W pair at the half table sits out
        assert len(r.sitting_out) == pairs % 2
    for before, after in zip(plan.rounds, plan.rounds[1:], strict=False):
        skip = plan.arrangement == "skip" and before.number == places // 2
        for pair in (f"EW{j}" for j in range(1, places + 1)):
            was = plan.where(pair, before.number)
            now = plan.where(pair, after.number)
            was_table = was[0] if was else places
            now_table = now[0] if now else places
            assert now_table == (was_table - 1 + (2 if skip else 1)) % places + 1
        if plan.arrangement in ("mitchell", "skip"):
            for t in after.tables:
                came_from = t.table % places + 1  # boards come down from the table above
                above = plan.table_round(before.number, came_from)
                lying = above.board_set if above else before.half_table_set
                assert t.board_set == lying


@pytest.mark.parametrize("pairs", range(4, 31))
def test_a_mitchell_skips_only_when_boards_would_come_round_again(pairs):
    places = (pairs + 1) // 2
    arrangements = {rounds: plan.arrangement for p, k, rounds, plan in every_plan() if p == pairs and k == 2}
    for rounds, arrangement in arrangements.items():
        if places % 2 or rounds <= places // 2:
            assert arrangement == "mitchell"
        elif rounds < places:
            assert arrangement == "skip"
        else:
            assert arrangement == "relay"


def test_a_relay_and_bye_stand_lets_every_east_west_pair_meet_every_north_south_pair():
    plan = plan_duplicate(duplicate(boards=16, boards_per_round=2), 16)
    assert plan.arrangement == "relay"
    met = {(t.ns, t.ew) for r in plan.rounds for t in r.tables}
    assert len(met) == 8 * 8
    # each round one set rests on the bye-stand and one is shared by tables 1 and 8
    assert all(r.bye_stand_set is not None and r.resting == (r.bye_stand_set,) for r in plan.rounds)
    relay = plan.rounds[0]
    assert relay.tables[0].board_set == relay.tables[7].board_set
    assert relay.tables[0].boards == (1, 2) and relay.tables[7].boards == (2, 1)  # never the same board at once


def test_the_skip_is_written_on_the_movement_card():
    plan = plan_duplicate(duplicate(boards=21, boards_per_round=3), 16)  # 8 tables, 7 rounds
    assert plan.arrangement == "skip"
    assert plan.movement_card(2) == [
        "N–S pair 2 sits here all evening.",
        "After rounds 1–3: E–W go up to table 3, boards go down to table 1",
        "After round 4: E–W go up to table 4 (skip a table), boards go down to table 1",
        "After rounds 5–6: E–W go up to table 3, boards go down to table 1",
    ]
    assert plan.notes == (
        "8 tables: after round 4 the E–W pairs skip a table (they go up two), so they never meet a board again; "
        "each E–W pair misses one N–S pair",
    )


def test_the_half_table_and_the_bye_stand_have_their_own_words():
    half = plan_duplicate(duplicate(boards=9, boards_per_round=3), 5)
    assert half.movement_card(2)[-1] == (
        "After rounds 1–2: E–W go up to the half table (table 3) and sit out the next round; boards go down to table 1"
    )
    assert half.movement_card(3)[0].startswith("Half table: no N–S pair.")
    relay = plan_duplicate(duplicate(boards=8, boards_per_round=2), 8)
    assert relay.moves_after(1, 3) == "E–W go up to table 4, boards go down to the bye-stand (between tables 2 and 3)"
    assert relay.moves_after(1, 1) == "E–W go up to table 2, boards go down to table 3"
    assert relay.moves_after(4, 1) == "The last round: hand the boards to the organiser."


@pytest.mark.parametrize(
    ("pairs", "boards", "per_round", "words"),
    [
        (
            12,
            33,
            3,
            "11 rounds cannot be played: with 6 tables a Mitchell plays at most 6 rounds (each E–W pair meets each "
            "N–S pair once): play 18 boards or fewer in rounds of 3, or choose a Howell",
        ),
        (
            16,
            8,
            1,
            "8 rounds cannot be played: with 8 tables a Mitchell plays at most 7 rounds with one board a round (E–W "
            "pairs skip a table at the halfway round), or all 8 with two or more boards a round (a relay and "
            "bye-stand): play 7 boards or fewer in rounds of 1, or choose a Howell",
        ),
        (3, 6, 2, "a Mitchell needs at least 4 pairs (2 tables), not 3"),
        (
            10,
            3,
            3,
            "with 10 pairs and 1 round, boards 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14 and 15 would be played "
            "at only one table, so nobody could be compared on them: play 2 rounds or more (6 boards in rounds of 3)",
        ),
    ],
)
def test_an_evening_the_tables_cannot_hold_is_refused_saying_what_to_play(pairs, boards, per_round, words):
    with pytest.raises(DuplicateError) as error:
        plan_duplicate(duplicate(boards=boards, boards_per_round=per_round), pairs)
    assert error.value.problems == [words]


def test_seven_pairs_use_a_bye_stand_and_the_half_table_has_no_boards():
    plan = plan_duplicate(duplicate(boards=12, boards_per_round=3), 7)  # 3 tables and a half table, 4 rounds
    assert plan.arrangement == "relay" and plan.half_table == 4
    assert plan.movement_card(4) == [
        "Half table: no N–S pair and no boards. The E–W pair that comes here sits out the round.",
        "After rounds 1–3: E–W go up to table 1, no boards to move",
    ]
    assert plan.movement_card(3)[1] == (
        "After rounds 1–3: E–W go up to the half table (table 4) and sit out the next round; "
        "boards go down to the bye-stand (between tables 2 and 3)"
    )
    # every E–W pair meets every N–S pair, and sits out once
    assert len({(t.ns, t.ew) for r in plan.rounds for t in r.tables}) == 3 * 4
    assert sorted(p for r in plan.rounds for p in r.sitting_out) == ["EW1", "EW2", "EW3", "EW4"]
