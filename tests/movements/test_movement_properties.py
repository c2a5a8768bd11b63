"""Laws every movement keeps, for any size, seed and results (hypothesis)."""

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from whistdrive.engines.movements import RoundResult, check_seating, next_seating, start, where_next

from .helpers import fmt, players

RESULT = st.builds(lambda ns, last: RoundResult(ns, 13 - ns, last), st.integers(0, 13), st.sampled_from(["NS", "EW"]))


def assert_well_formed(people, seating):
    placed = seating.seated() + list(seating.sitting_out)
    assert sorted(placed) == sorted(p.id for p in people)  # everyone once: seated or sitting out
    assert sorted(seating.tables) == list(range(1, len(seating.tables) + 1))
    role = {p.id: p.role for p in people}
    for seats in seating.tables.values():
        assert sorted(seats) == ["E", "N", "S", "W"]
        if role[seats["N"]] is not None:
            assert [role[seats[s]] for s in "NESW"] == ["lady", "lady", "gent", "gent"]


def assert_fair_sit_outs(people, history):
    sat = Counter(pid for s in history for pid in s.sitting_out)
    for role in {p.role for p in people}:
        group = [sat[p.id] for p in people if p.role == role]
        assert max(group) - min(group) <= 1


@settings(max_examples=40, deadline=None)
@given(
    movement=st.sampled_from(["progressive", "semi_partner"]),
    movers=st.sampled_from(["winners", "losers"]),
    count=st.integers(4, 30),
    roles=st.booleans(),
    seed=st.integers(0, 10_000),
    data=st.data(),
)
def test_a_result_driven_movement_follows_its_rule_from_any_results(movement, movers, count, roles, seed, data):
    if roles and count % 2:
        count += 1  # an equal number of ladies and gents; imbalance has its own test
    game = fmt(movement=movement, movers=movers, hands=10)
    people = players(count, roles)
    history = start(game, people, seed=seed)
    for _hand in range(9):
        results = {t: data.draw(RESULT) for t in history[-1].tables}
        seating = next_seating(game, people, history, results)
        assert_well_formed(people, seating)
        assert check_seating(game, people, history, results, seating) == []
        for t, result in results.items():
            for pid, where in where_next(game, people, history, t, result, results).items():
                assert where.position == seating.position(pid)
        # the rule itself: a mover's new table is one up (lady) or one down (gent), a stayer keeps the table
        tables = sorted(history[-1].tables)
        for t in tables:
            winner = results[t].winner
            moving = (
                winner if (movement == "progressive" and movers == "winners") else ("EW" if winner == "NS" else "NS")
            )
            lady, gent = (
                history[-1].tables[t]["N" if moving == "NS" else "E"],
                history[-1].tables[t]["S" if moving == "NS" else "W"],
            )
            up = tables[(tables.index(t) + 1) % len(tables)]
            down = tables[(tables.index(t) - 1) % len(tables)]
            if seating.position(lady) is not None:
                assert seating.position(lady)[0] == up or lady in history[-1].sitting_out
            if seating.position(gent) is not None:
                assert seating.position(gent)[0] == down
        history.append(seating)
        assert_fair_sit_outs(people, history)


@settings(max_examples=25, deadline=None)
@given(
    movement=st.sampled_from(["stationary", "individual", "mitchell", "howell"]),
    count=st.integers(8, 40),
    roles=st.booleans(),
    seed=st.integers(0, 10_000),
)
def test_a_planned_movement_seats_everyone_once_each_hand(movement, count, roles, seed):
    if movement in ("mitchell", "howell") or roles:
        count += count % 2
    if movement == "howell":
        count = min(count, 32)  # the stored Howells go up to 16 pairs
    people = players(count, roles)
    game = fmt(movement=movement, hands=12)
    plan = start(game, people, seed=seed)
    assert len(plan) == 12
    for seating in plan:
        assert_well_formed(people, seating)
    if movement == "mitchell":
        # a half table sits out the E–W pairs in turn; N–S pairs never move or sit out
        first = plan[0]
        east_west = {seats[s] for seats in first.tables.values() for s in "EW"} | set(first.sitting_out)
        assert_fair_sit_outs([p for p in people if p.id in east_west], plan)
    else:
        assert_fair_sit_outs(people, plan)
    played = Counter(pid for s in plan for pid in s.seated())
    assert max(played[p.id] for p in people) - min(played[p.id] for p in people) <= 1 or (movement == "mitchell")
    if movement == "howell":
        for hand in range(1, len(plan)):
            assert check_seating(game, people, plan[:hand], {}, plan[hand]) == []


@settings(max_examples=30, deadline=None)
@given(pairs=st.integers(2, 24), seed=st.integers(0, 1000))
def test_mitchell_pairs_never_meet_twice_in_a_round_of_the_tables(pairs, seed):
    people = players(2 * pairs)
    rounds = (pairs + 1) // 2  # a half table counts: it is a place in the rotation
    plan = start(fmt(movement="mitchell", hands=rounds, interval_after=None), people, seed=seed)
    met = Counter()
    for seating in plan:
        for seats in seating.tables.values():
            met[frozenset((seats["N"], seats["E"]))] += 1
    assert max(met.values()) == 1
