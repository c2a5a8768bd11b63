"""The individual schedule reaches the whist-tournament bounds (bench/ covers every size 8..400)."""

import pytest

from whistdrive.engines.movements import Player, bounds, individual_schedule, measure, next_seating, replan, start
from whistdrive.engines.movements.schedule import _balance_seats, _schedule

from .helpers import fmt, players

# Includes every size that once missed a bound (9-11, 14, 15, 18, 22, 23, 26, 27, 30-36, 38-40, 42-45).
SIZES = [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36]
SIZES += [37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 48, 64, 65, 101, 150]


@pytest.mark.parametrize("count", SIZES)
def test_fewer_hands_than_players_means_no_partner_twice_and_no_opponent_thrice(count):
    hands = min(30, count - 1)
    schedule = _schedule(count, -1, hands)
    figures = measure(count, -1, schedule)
    assert bounds(count, -1, hands) == (1, 2)
    assert figures["max_partner"] <= 1
    assert figures["max_oppose"] <= 2
    assert figures["played_spread"] <= 1


@pytest.mark.parametrize("count", [8, 9, 10, 11, 12, 13, 14, 15, 16, 18, 20, 22, 23, 26, 27, 30])
def test_more_hands_than_players_spreads_partners_evenly(count):
    figures = measure(count, -1, _schedule(count, -1, 30))
    assert figures["partner_spread"] <= 1
    assert figures["played_spread"] <= 1


@pytest.mark.parametrize("count", list(range(8, 31)))
def test_every_evening_from_as_many_hands_as_players_to_thirty_spreads_partners_evenly(count):
    for hands in range(count, 31):
        figures = measure(count, -1, _schedule(count, -1, hands))
        assert figures["partner_spread"] <= 1, f"{hands} hands"
        assert figures["played_spread"] <= 1, f"{hands} hands"


SEAT_CASES = [
    (count, hands)
    for count in [8, 9, 13, 14, 20, 27, 38, 44, 64, 101, 150, 400]
    for hands in sorted({30, count - 1} if count - 1 <= 30 else {30})
]


@pytest.mark.parametrize(("count", "hands"), SEAT_CASES)
def test_without_roles_seats_are_within_two_and_within_one_at_one_hand_fewer_than_players(count, hands):
    # turning each table greedily hand by hand left some players three or four apart
    spread = measure(count, -1, _schedule(count, -1, hands))["seat_spread"]
    assert spread <= (1 if hands == count - 1 else 2)


def _lowest_first(table):
    north, south = sorted(table[0::2])
    east, west = sorted(table[1::2])
    return (north, east, south, west)


def _partnerships_and_sit_outs(schedule):
    return [
        ({frozenset((frozenset((n, s)), frozenset((e, w)))) for n, e, s, w in tables}, set(out))
        for tables, out in schedule
    ]


@pytest.mark.parametrize(("count", "hands"), [(14, 30), (38, 30), (101, 30)])
def test_balancing_seats_only_turns_tables_and_leaves_hand_one_as_given(count, hands):
    schedule = _schedule(count, -1, hands)
    # every table with its lower partner N or E: far from balanced
    plain = [(tuple(_lowest_first(t) for t in tables), out) for tables, out in schedule]
    plain[0] = schedule[0]
    balanced = _balance_seats(count, -1, plain)
    assert balanced[0] == schedule[0]
    assert _partnerships_and_sit_outs(balanced) == _partnerships_and_sit_outs(schedule)
    assert measure(count, -1, balanced)["seat_spread"] <= 2


@pytest.mark.parametrize(("ladies", "gents"), [(8, 8), (10, 8), (13, 11), (20, 20), (50, 46)])
def test_with_roles_every_partnership_is_a_lady_and_a_gent_and_never_repeats(ladies, gents):
    people = [Player(f"l{i}", "lady") for i in range(ladies)] + [Player(f"g{i}", "gent") for i in range(gents)]
    hands = min(20, min(ladies, gents) - 1)
    plan = start(fmt(movement="individual", hands=hands, interval_after=None), people, seed=5)
    met = set()
    for seating in plan:
        for seats in seating.tables.values():
            for lady_seat, gent_seat in (("N", "S"), ("E", "W")):
                lady, gent = seats[lady_seat], seats[gent_seat]
                assert lady.startswith("l") and gent.startswith("g")
                assert (lady, gent) not in met
                met.add((lady, gent))


def test_the_schedule_is_the_same_for_the_same_seed_and_differs_for_another():
    people = players(40)
    game = fmt(movement="individual", hands=20, interval_after=None)
    assert start(game, people, seed=1) == start(game, people, seed=1)
    assert start(game, people, seed=1) != start(game, people, seed=2)


def test_hand_one_seats_players_in_the_given_order_by_card():
    order = [Player(f"p{i}") for i in range(1, 14)]
    plan = individual_schedule(order, 5, roles=False)
    assert plan[0].tables[1] == {"N": "p1", "E": "p2", "S": "p3", "W": "p4"}
    assert plan[0].sitting_out == ("p13",)


def test_next_seating_and_a_replan_follow_the_individual_schedule():
    people = players(14, roles=True)
    game = fmt(movement="individual", hands=8, interval_after=None)
    plan = start(game, people, seed=9)
    for hand in range(1, 8):
        assert next_seating(game, people, plan[:hand], {}) == plan[hand]
    leaver = plan[2].tables[1]["N"]
    present = [p for p in people if p.id != leaver]
    rest = replan(game, present, plan[:3], seed=9)
    assert len(rest) == 5
    assert all(s.position(leaver) is None and leaver not in s.sitting_out for s in rest)


# With roles (lady/gent): 18, 27 and 58 players once spread partners unevenly over 30 hands.
ROLES_MORE_HANDS = [8, 9, 10, 11, 13, 16, 18, 19, 22, 24, 27, 30, 33, 37, 41, 44, 49, 52, 56, 57, 58, 59, 60]
ROLES_FEWER_HANDS = [(8, 8, 7), (10, 9, 8), (15, 14, 13), (20, 20, 19), (26, 25, 24), (30, 29, 28), (101, 100, 30)]
ROLES_FEWER_HANDS += [(200, 200, 30)]


def _sit_outs_stay_fair(count, ladies, schedule):
    """Hand by hand, within each role, nobody has missed two hands more than anyone else."""
    missed = [0] * count
    for _tables, out in schedule:
        for x in out:
            missed[x] += 1
        for role in (range(ladies), range(ladies, count)):
            assert max(missed[x] for x in role) - min(missed[x] for x in role) <= 1


@pytest.mark.parametrize("count", ROLES_MORE_HANDS)
def test_with_roles_and_more_hands_than_gents_every_lady_gent_pair_partners_evenly(count):
    ladies = -(-count // 2)
    assert bounds(count, ladies, 30) == (None, None)
    schedule = _schedule(count, ladies, 30)
    figures = measure(count, ladies, schedule)
    assert figures["partner_spread"] <= 1
    assert figures["played_spread"] <= 1
    assert figures["seat_spread"] <= 2
    _sit_outs_stay_fair(count, ladies, schedule)


@pytest.mark.parametrize(("ladies", "gents", "hands"), ROLES_FEWER_HANDS)
def test_with_roles_and_fewer_hands_than_gents_no_partner_twice_and_no_opponent_thrice(ladies, gents, hands):
    count = ladies + gents
    assert bounds(count, ladies, hands) == (1, 2)
    schedule = _schedule(count, ladies, hands)
    figures = measure(count, ladies, schedule)
    assert figures["max_partner"] <= 1
    assert figures["max_oppose"] <= 2
    assert figures["played_spread"] <= 1
    assert figures["seat_spread"] <= 2
    _sit_outs_stay_fair(count, ladies, schedule)
    for tables, _out in schedule:
        for n, e, s, w in tables:
            assert n < ladies and e < ladies and s >= ladies and w >= ladies


def test_with_roles_the_schedule_is_the_same_for_the_same_seed_and_differs_for_another():
    people = players(40, roles=True)
    game = fmt(movement="individual", hands=30, interval_after=None)
    assert start(game, people, seed=1) == start(game, people, seed=1)
    assert start(game, people, seed=1) != start(game, people, seed=2)


def test_with_roles_a_replan_after_a_player_leaves_repeats_no_partner_from_before():
    people = players(40, roles=True)
    game = fmt(movement="individual", hands=15, interval_after=None)
    plan = start(game, people, seed=8)
    leaver = plan[4].tables[1]["N"]  # partners at that table still count as met once the leaver has gone
    rest = replan(game, [p for p in people if p.id != leaver], plan[:5], seed=8)
    met = set()
    for seating in plan[:5] + rest:
        for seats in seating.tables.values():
            for lady_seat, gent_seat in (("N", "S"), ("E", "W")):
                assert (seats[lady_seat], seats[gent_seat]) not in met
                met.add((seats[lady_seat], seats[gent_seat]))
