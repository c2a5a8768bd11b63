"""The spec's Mitchell rule without boards, for every size: no skip, and a half table in the rotation.

"N–S pairs stay; E–W pairs move up one table each round, with no skip, so over N rounds every
E–W pair meets every N–S pair once. With an odd number of pairs the last table is a half table:
its N–S place is empty, and the E–W pair that comes to it sits out that round; the rotation runs
over the N real tables plus the half table, so the E–W pairs sit out in turn and N–S pairs never
sit out." (docs/archive-format.md, Seating rules)
"""

from collections import Counter

import pytest

from whistdrive.engines.movements import SeatingPlan, advise, check_seating, next_seating, rule_sentence, start

from .helpers import fmt, players


def mitchell_evening(pairs: int, hands_per_round: int, rounds: int, seed: int = 0):
    people = players(2 * pairs)
    game = fmt(
        movement="mitchell", hands=rounds * hands_per_round, hands_per_round=hands_per_round, interval_after=None
    )
    return game, people, start(game, people, seed=seed)


def rounds_of(plan: list[SeatingPlan], hands_per_round: int) -> list[SeatingPlan]:
    return plan[::hands_per_round]


def directions(first: SeatingPlan):
    north_south = {frozenset((s["N"], s["S"])) for s in first.tables.values()}
    east_west = {frozenset((s["E"], s["W"])) for s in first.tables.values()}
    if first.sitting_out:
        east_west.add(frozenset(first.sitting_out))
    return north_south, east_west


@pytest.mark.parametrize("pairs", range(4, 41))
def test_over_n_rounds_every_east_west_pair_meets_every_north_south_pair_exactly_once(pairs):
    places = (pairs + 1) // 2  # the real tables, plus the half table with an odd number of pairs
    for hands_per_round in (1, 2, 3, 4, 6, 12):
        game, people, plan = mitchell_evening(pairs, hands_per_round, places)
        assert len(plan) == places * hands_per_round
        north_south, east_west = directions(plan[0])
        met = Counter()
        for number, seating in enumerate(plan):
            # within a round nobody moves
            if number % hands_per_round:
                assert seating == plan[number - 1]
            for seats in seating.tables.values():
                # partners never change and never change direction
                assert frozenset((seats["N"], seats["S"])) in north_south
                assert frozenset((seats["E"], seats["W"])) in east_west
        for seating in rounds_of(plan, hands_per_round):
            for seats in seating.tables.values():
                met[frozenset((seats["N"], seats["S"])), frozenset((seats["E"], seats["W"]))] += 1
        assert set(met.values()) == {1}
        assert len(met) == len(north_south) * len(east_west)


@pytest.mark.parametrize("pairs", range(4, 41))
def test_north_south_pairs_stay_at_their_table_and_never_sit_out(pairs):
    game, people, plan = mitchell_evening(pairs, 1, 2 * ((pairs + 1) // 2) + 3)
    for seating in plan:
        for number, seats in seating.tables.items():
            assert (seats["N"], seats["S"]) == (plan[0].tables[number]["N"], plan[0].tables[number]["S"])
    assert len(plan[0].tables) == pairs // 2  # the half table is not a table to sit at


@pytest.mark.parametrize("pairs", range(4, 41))
def test_each_east_west_pair_moves_up_one_table_every_round(pairs):
    places = (pairs + 1) // 2
    game, people, plan = mitchell_evening(pairs, 2, places + 2)
    rounds = rounds_of(plan, 2)
    _, east_west = directions(plan[0])
    for pair in east_west:
        lead = min(pair)
        # the place in the rotation: a table, or the half table (number places) when sitting out
        where = [s.position(lead)[0] if s.position(lead) else places for s in rounds]
        for before, after in zip(where, where[1:], strict=False):
            assert after == before % places + 1


@pytest.mark.parametrize("pairs", [p for p in range(5, 41, 2)])
def test_with_an_odd_number_of_pairs_the_east_west_pairs_sit_out_in_turn(pairs):
    places = (pairs + 1) // 2
    game, people, plan = mitchell_evening(pairs, 1, 2 * places + 1)
    _, east_west = directions(plan[0])
    out = Counter()
    for number, seating in enumerate(plan, start=1):
        assert frozenset(seating.sitting_out) in east_west  # always one whole E–W pair
        out[frozenset(seating.sitting_out)] += 1
        # nobody sits out twice while another E–W pair has not sat out once
        counts = [out[pair] for pair in east_west]
        assert max(counts) - min(counts) <= 1, number
    # and no pair sits out two rounds running
    assert all(a.sitting_out != b.sitting_out for a, b in zip(plan, plan[1:], strict=False))


@pytest.mark.parametrize("pairs", [4, 5, 7, 8, 9, 12, 13, 16, 17, 40])
@pytest.mark.parametrize("hands_per_round", [1, 3])
def test_the_importer_accepts_the_plan_hand_by_hand(pairs, hands_per_round):
    game, people, plan = mitchell_evening(pairs, hands_per_round, (pairs + 1) // 2 + 1)
    for hand in range(1, len(plan)):
        assert check_seating(game, people, plan[:hand], {}, plan[hand]) == []
        assert next_seating(game, people, plan[:hand], {}) == plan[hand]


@pytest.mark.parametrize("pairs", [8, 7, 16, 15])
def test_the_importer_rejects_the_old_halfway_skip(pairs):
    # The old rule moved E–W pairs up two at the halfway round with an even number of tables
    # (7 pairs: a half table made 4). That seating is now wrong and the importer says where.
    places = (pairs + 1) // 2
    game, people, plan = mitchell_evening(pairs, 1, places)
    halfway = places // 2
    before = plan[halfway - 1]
    ew_at = {t: (s["E"], s["W"]) for t, s in before.tables.items()}
    if before.sitting_out:
        ew_at[places] = tuple(before.sitting_out)
    tables, out = {}, ()
    for t, (e, w) in ew_at.items():
        dest = (t + 1) % places + 1  # up two
        if dest > len(before.tables):
            out = (e, w)
            continue
        tables[dest] = {"N": before.tables[dest]["N"], "E": e, "S": before.tables[dest]["S"], "W": w}
    skipped = SeatingPlan(dict(sorted(tables.items())), out)
    problems = check_seating(game, people, plan[:halfway], {}, skipped)
    assert problems
    assert any("E–W pair up from table" in p or "half table" in p for p in problems), problems


def test_the_desk_is_told_how_the_rounds_fit_the_tables():
    seven_pairs = players(14)
    notes = advise(fmt(movement="mitchell", hands=4, hands_per_round=1), seven_pairs).notes
    assert notes == ["7 pairs: table 4 is a half table; the E–W pair reaching it sits out that round, "
                     "so the E–W pairs sit out in turn"]  # fmt: skip
    longer = advise(fmt(movement="mitchell", hands=24, hands_per_round=4), players(16)).notes
    assert longer == [
        "6 rounds at 4 tables: after round 4 the E–W pairs meet the same N–S pairs again, in the same order"
    ]
    shorter = advise(fmt(movement="mitchell", hands=24, hands_per_round=4), players(28)).notes
    assert shorter == [
        "6 rounds at 7 tables: each E–W pair visits 6 of the tables, so no two pairs meet twice but not every pair "
        "meets every other"
    ]


def test_the_rule_in_words_has_no_skip():
    sentence = rule_sentence(fmt(movement="mitchell", hands_per_round=4))
    assert sentence == (
        "After every 4 hands N–S pairs stay and E–W pairs move up one table; with an odd number of pairs the E–W "
        "pair reaching the half table sits out that round."
    )
