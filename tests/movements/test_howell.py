"""The Howell movement for pairs: every pair moves and meets every other pair once.

The laws hold for every stored size, 4 to 16 pairs; a drive and a game night follow the
schedule hand by hand, and the importer accepts it and nothing else.
"""

from collections import Counter
from itertools import combinations

import pytest

from whistdrive.engines.formats import Format
from whistdrive.engines.movements import (
    Player,
    SeatingPlan,
    advise,
    check_seating,
    next_seating,
    replan,
    rule_sentence,
    start,
)
from whistdrive.engines.movements.howell import cycle_length, howell_problem, howell_round, sitting_out

from .helpers import fmt, players

SIZES = range(4, 17)


@pytest.mark.parametrize("pairs", SIZES)
def test_over_the_cycle_every_pair_meets_every_other_pair_exactly_once(pairs):
    met = Counter()
    for r in range(1, cycle_length(pairs) + 1):
        seated = [p for m in howell_round(pairs, r) for p in (m.ns, m.ew)]
        assert len(seated) == len(set(seated)) == pairs - pairs % 2  # a pair sits at one table at most
        met.update(frozenset((m.ns, m.ew)) for m in howell_round(pairs, r))
    assert set(met) == {frozenset(two) for two in combinations(range(1, pairs + 1), 2)}
    assert set(met.values()) == {1}
    assert cycle_length(pairs) == pairs - 1 + pairs % 2


@pytest.mark.parametrize("pairs", SIZES)
def test_every_pair_sits_north_south_about_as_often_as_east_west_after_every_round(pairs):
    surplus = Counter()
    for r in range(1, cycle_length(pairs) + 1):
        for m in howell_round(pairs, r):
            surplus[m.ns] += 1
            surplus[m.ew] -= 1
        assert all(abs(surplus[p]) <= 1 for p in range(1, pairs + 1)), r


@pytest.mark.parametrize("pairs", [p for p in SIZES if p % 2])
def test_with_an_odd_number_of_pairs_each_pair_sits_out_once_in_the_cycle(pairs):
    out = [sitting_out(pairs, r) for r in range(1, cycle_length(pairs) + 1)]
    assert sorted(out) == list(range(1, pairs + 1))


@pytest.mark.parametrize("pairs", SIZES)
def test_no_pair_plays_a_board_set_twice_and_no_set_is_at_two_tables_at_once(pairs):
    played = Counter()
    plays = Counter()
    for r in range(1, cycle_length(pairs) + 1):
        sets = [m.board_set for m in howell_round(pairs, r)]
        assert len(sets) == len(set(sets))
        assert [m.table for m in howell_round(pairs, r)] == list(range(1, len(sets) + 1))
        for m in howell_round(pairs, r):
            played.update([(m.ns, m.board_set), (m.ew, m.board_set)])
            plays[m.board_set] += 1
    assert set(played.values()) == {1}
    assert sorted(plays) == list(range(1, len(plays) + 1))
    if pairs >= 6:  # duplicate whist: every board has another pair to be compared with
        assert min(plays.values()) >= 2


def test_a_size_without_a_schedule_is_refused_saying_what_to_do():
    assert howell_problem(3) == "a Howell is for 4 to 16 pairs (2 to 8 tables), not 3: choose a Mitchell"
    assert howell_problem(17).endswith("not 17: choose a Mitchell")
    advice = advise(fmt(movement="howell"), players(36))
    assert advice.problems == ["A Howell is for 4 to 16 pairs (2 to 8 tables), not 18: choose a Mitchell"]


@pytest.mark.parametrize("count", [5, 7, 35])
def test_an_odd_turnout_too_small_or_large_for_a_howell_is_told_so_at_the_desk(count):
    """The desk asks for advice as people arrive: an odd count whose pairs have no Howell (2, 3 or 17 pairs) is a
    problem to put right, never a failure of the page."""
    advice = advise(fmt(movement="howell"), players(count))
    assert advice.problems and f"{count} players cannot all play in pairs" in advice.problems[0]


def howell(**changes) -> Format:
    return fmt(movement="howell", **changes)


@pytest.mark.parametrize("pairs", SIZES)
@pytest.mark.parametrize("hands_per_round", [1, 3])
@pytest.mark.parametrize("roles", [False, True])
def test_a_drive_follows_the_schedule_and_the_importer_accepts_it(pairs, hands_per_round, roles):
    rounds = cycle_length(pairs) + 2  # past the cycle, which then starts again
    game = howell(hands=rounds * hands_per_round, hands_per_round=hands_per_round, interval_after=None)
    people = players(2 * pairs, roles)
    plan = start(game, people, seed=pairs)
    assert len(plan) == game.hands
    first = plan[0]
    partnerships = {frozenset(seats[s] for s in side) for seats in first.tables.values() for side in ("NS", "EW")}
    if first.sitting_out:
        partnerships.add(frozenset(first.sitting_out))
    assert len(partnerships) == pairs
    pair_of = {pid: pair for pair in partnerships for pid in pair}
    for seating in plan:
        placed = seating.seated() + list(seating.sitting_out)
        assert sorted(placed) == sorted(p.id for p in people)
        for seats in seating.tables.values():
            if roles:
                assert [people[int(seats[s][1:]) - 1].role for s in "NESW"] == ["lady", "lady", "gent", "gent"]
            # partnerships never change
            assert frozenset((seats["N"], seats["S"])) in partnerships
            assert frozenset((seats["E"], seats["W"])) in partnerships
        if seating.sitting_out:
            assert frozenset(seating.sitting_out) in partnerships
    met = Counter(
        frozenset((pair_of[seats["N"]], pair_of[seats["E"]]))
        for seating in plan[: cycle_length(pairs) * hands_per_round : hands_per_round]
        for seats in seating.tables.values()
    )
    assert len(met) == pairs * (pairs - 1) // 2 and set(met.values()) == {1}
    for hand in range(1, len(plan)):
        assert check_seating(game, people, plan[:hand], {}, plan[hand]) == []
        assert next_seating(game, people, plan[:hand], {}) == plan[hand]
    # round cycle + 1 is round 1 again
    assert plan[cycle_length(pairs) * hands_per_round] == plan[0]


def test_the_importer_names_a_pair_at_the_wrong_table():
    people = players(16)
    game = howell(hands=3, interval_after=None)
    plan = start(game, people, seed=0, by="card")
    wrong = {t: dict(seats) for t, seats in plan[1].tables.items()}
    wrong[1]["E"], wrong[2]["E"] = wrong[2]["E"], wrong[1]["E"]
    problems = check_seating(game, people, plan[:1], {}, SeatingPlan(wrong, ()))
    assert len(problems) == 2
    assert problems[0].startswith("table 1 seat E should be") and "(howell: pair " in problems[0]


def test_a_game_night_may_play_a_howell():
    night = Format(kind="games", movement="howell", hands=14, hands_per_round=2, interval_after=None, trumps="turned")
    assert night.problems() == []
    assert len(start(night, players(16), seed=1)) == 14


def test_a_howell_after_a_replan_runs_from_the_re_planned_round_one():
    game = howell(hands=12, interval_after=None)
    before = players(14)
    plan = start(game, before, seed=5)
    # Two players arrive after hand 3: 8 pairs from hand 4, planned afresh from its round 1.
    after = players(16)
    rest = replan(game, after, plan[:3], seed=5)
    history = plan[:3] + rest
    assert len(rest) == 9
    for hand in range(4, len(history)):
        assert next_seating(game, after, history[:hand], {}) == history[hand]
        assert check_seating(game, after, history[:hand], {}, history[hand]) == []


def test_the_desk_hears_how_the_rounds_fit_the_cycle():
    notes = advise(howell(hands=5, hands_per_round=1), players(14)).notes
    assert notes == [
        "7 pairs: one pair sits out each round, each pair once in 7 rounds",
        "5 rounds of a 7-round Howell: no two pairs meet twice, but not every pair meets every other",
    ]
    assert advise(howell(hands=9, hands_per_round=1), players(16)).notes == [
        "9 rounds: after round 7 every pair has met every other, and the rounds start again"
    ]
    assert rule_sentence(howell(hands_per_round=2)).startswith("After every 2 hands every pair moves")


def test_a_howell_keeps_its_partnerships_when_a_player_leaves_and_pairs_the_partner_with_a_newcomer():
    game = howell(hands=12, interval_after=None)
    people = players(14)  # 7 pairs
    plan = start(game, people, seed=0, by="card")
    # p14 leaves after hand 2: p13 has no partner and waits; 6 pairs start a Howell from its round 1.
    after = [p for p in people if p.id != "p14"]
    rest = replan(game, after, plan[:2], seed=0)
    third = rest[0]
    assert "p13" in third.sitting_out and len(third.sitting_out) == 1
    kept = {
        frozenset(p) for p in [("p1", "p2"), ("p3", "p4"), ("p5", "p6"), ("p7", "p8"), ("p9", "p10"), ("p11", "p12")]
    }
    for seating in rest:
        for seats in seating.tables.values():
            assert frozenset((seats["N"], seats["S"])) in kept and frozenset((seats["E"], seats["W"])) in kept
    history = plan[:2] + rest
    for hand in range(3, len(history)):
        assert check_seating(game, after, history[:hand], {}, history[hand]) == []
    # p15 arrives for hand 5: p13 and p15 make the seventh pair
    arrived = [*after, Player("p15")]
    again = replan(game, arrived, history[:4], seed=0)
    partners = {frozenset((s["N"], s["S"])) for s in again[0].tables.values()}
    partners |= {frozenset((s["E"], s["W"])) for s in again[0].tables.values()}
    if again[0].sitting_out:
        partners.add(frozenset(again[0].sitting_out))
    assert frozenset(("p13", "p15")) in partners and len(partners) == 7
