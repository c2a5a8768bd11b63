"""Pairs evenings read as pairs: one line per pair, pair numbers, fields, and prizes by pair."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from whistdrive.engines.formats import Format
from whistdrive.engines.movements import MovementError, Player, pairs_of, start
from whistdrive.engines.prizes import award_prizes, default_prizes, validate_prizes
from whistdrive.engines.rules import HandEntry
from whistdrive.engines.standings import (
    HandRecord,
    Person,
    SeatedHand,
    TableHand,
    drive_standings,
    games_standings,
    pair_standings,
)

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fred", "Gwen", "Huw", "Ida", "Jack", "Kay", "Len", "May", "Ned"]


def evening(movement: str, pairs: int, tricks, hands: int, hands_per_round: int = 1):
    """A pairs drive seated by card; ``tricks(hand, table)`` gives North–South's tricks."""
    fmt = Format(movement=movement, hands=hands, hands_per_round=hands_per_round, interval_after=None)
    people = [Player(f"p{i}") for i in range(1, 2 * pairs + 1)]
    plan = start(fmt, people, seed=0, by="card")
    names = {p.id: (NAMES[i] if i < len(NAMES) else f"Player {i + 1}") for i, p in enumerate(people)}
    entrants = [Person(p.id, names[p.id], None) for p in people]
    records = [
        HandRecord(
            number,
            tuple(
                TableHand(t, dict(seats), {"NS": tricks(number, t), "EW": 13 - tricks(number, t)})
                for t, seats in sorted(seating.tables.items())
            ),
            tuple(seating.sitting_out),
        )
        for number, seating in enumerate(plan, start=1)
    ]
    return fmt, plan, drive_standings(fmt, entrants, records)


def test_a_mitchell_reads_as_one_line_per_pair_with_its_number_and_both_names():
    # 3 tables, 3 rounds. N–S take 7 at table 1, 6 at table 2 and 8 at table 3, every hand.
    fmt, plan, players = evening("mitchell", 6, lambda hand, t: {1: 7, 2: 6, 3: 8}[t], hands=3)
    lines = pair_standings(pairs_of(fmt, plan[0]), players)
    assert [(s.pair.label, s.name, s.total, s.rank, s.tied) for s in lines] == [
        ("N–S 3", "Ida & Jack", 24, 1, False),
        ("N–S 1", "Ann & Bob", 21, 2, False),
        ("N–S 2", "Eve & Fred", 18, 3, True),
        ("E–W 1", "Cat & Dan", 18, 3, True),  # 6 + 7 + 5 at the three tables
        ("E–W 2", "Gwen & Huw", 18, 3, True),
        ("E–W 3", "Kay & Len", 18, 3, True),
    ]


def test_a_two_field_mitchell_ranks_north_south_and_east_west_apart():
    fmt, plan, players = evening("mitchell", 6, lambda hand, t: {1: 7, 2: 6, 3: 8}[t], hands=3)
    lines = pair_standings(pairs_of(fmt, plan[0]), players, two_fields=True)
    assert [(s.field, s.pair.label, s.rank, s.tied) for s in lines] == [
        ("NS", "N–S 3", 1, False),
        ("NS", "N–S 1", 2, False),
        ("NS", "N–S 2", 3, False),
        ("EW", "E–W 1", 1, True),  # "1, 1, 1": E–W pairs all took 18
        ("EW", "E–W 2", 1, True),
        ("EW", "E–W 3", 1, True),
    ]


def test_with_an_odd_number_of_pairs_the_half_tables_pair_has_its_number():
    fmt, plan, players = evening("mitchell", 5, lambda hand, t: 7, hands=3)
    pairs = pairs_of(fmt, plan[0])
    assert [p.label for p in pairs] == ["N–S 1", "N–S 2", "E–W 1", "E–W 2", "E–W 3"]
    assert pairs[-1].ids == plan[0].sitting_out


def test_a_howell_numbers_its_pairs_from_the_schedule_and_is_one_field():
    fmt, plan, players = evening("howell", 7, lambda hand, t: 6 + t, hands=7)
    pairs = pairs_of(fmt, plan[0])
    assert [p.label for p in pairs] == [f"Pair {n}" for n in range(1, 8)]
    assert all(p.direction is None for p in pairs)
    lines = pair_standings(pairs, players)
    assert sorted(p for s in lines for p in s.pair.ids) == sorted(s.id for s in players)
    with pytest.raises(ValueError, match="changes direction"):
        pair_standings(pairs, players, two_fields=True)


def test_a_movement_that_changes_partners_has_no_pairs():
    fmt = Format()
    plan = start(fmt, [Player(f"p{i}") for i in range(1, 9)], seed=0)
    with pytest.raises(MovementError, match="progressive movement changes partners"):
        pairs_of(fmt, plan[0])


def test_partners_with_different_results_were_not_a_pair():
    fmt, plan, players = evening("mitchell", 4, lambda hand, t: 7, hands=2)
    pairs = pairs_of(fmt, plan[0])
    swapped = [pairs[0].__class__(pairs[0].number, (pairs[0].ids[0], pairs[2].ids[0]), "NS"), *pairs[1:]]
    with pytest.raises(ValueError, match="have different results"):
        pair_standings(swapped, players)


@settings(max_examples=30, deadline=None)
@given(
    movement=st.sampled_from(["mitchell", "howell"]),
    pairs=st.integers(4, 16),
    hands_per_round=st.sampled_from([1, 2, 4]),
    seed=st.integers(0, 10_000),
    two_fields=st.booleans(),
)
def test_every_pair_has_one_line_and_ranks_are_shared_on_equal_totals(
    movement, pairs, hands_per_round, seed, two_fields
):
    rng = random.Random(seed)
    drawn: dict = {}
    fmt, plan, players = evening(
        movement, pairs, lambda hand, t: drawn.setdefault((hand, t), rng.randint(3, 10)), 8, hands_per_round
    )
    two_fields = two_fields and movement == "mitchell"
    lines = pair_standings(pairs_of(fmt, plan[0]), players, two_fields=two_fields)
    assert len(lines) == pairs
    assert sorted(p for s in lines for p in s.pair.ids) == sorted(s.id for s in players)
    for s in lines:
        field = [o for o in lines if o.field == s.field]
        assert s.rank == 1 + sum(1 for o in field if o.total > s.total)
        assert s.tied == (sum(1 for o in field if o.total == s.total) > 1)
    order = {"NS": 0, "EW": 1, None: 2}
    keys = [(order[s.field], s.rank) for s in lines]
    assert keys == sorted(keys)  # N–S field first, best first in each field


def test_a_game_night_of_fixed_tables_reads_as_pairs():
    night = Format(kind="games", movement="stationary", hands=2, hands_per_round=2, interval_after=None, trumps="H")
    seats = {"N": "a", "E": "b", "S": "c", "W": "d"}
    entrants = [Person(i, i.upper(), None) for i in "abcd"]
    tables = {1: [SeatedHand(n, seats, HandEntry(12, 1, "H")) for n in (1, 2)]}
    plan = start(night, [Player(i) for i in "abcd"], seed=0, by="card")
    lines = pair_standings(pairs_of(night, plan[0]), games_standings(night, entrants, tables))
    assert [(s.pair.label, s.name, s.rank, s.standing.games_won) for s in lines] == [
        ("N–S 1", "A & C", 1, 2),
        ("E–W 2", "B & D", 2, 0),
    ]


# -- prizes by pair ---------------------------------------------------------------------------------


def test_the_default_prizes_of_a_pairs_evening_are_the_first_and_second_pair():
    assert default_prizes(True, pairs=True) == [{"kind": "top", "role": None, "places": 2}]
    assert default_prizes(False, pairs=True, two_fields=True) == [
        {"kind": "top", "role": None, "places": 2, "field": "NS"},
        {"kind": "top", "role": None, "places": 2, "field": "EW"},
    ]
    # players' evenings keep their list
    assert default_prizes(True)[0] == {"kind": "top", "role": "lady", "places": 3}


def test_prizes_go_to_pairs_not_to_the_two_halves_of_one_pair():
    # N–S take 8, 6 and 5 at tables 1 to 3: N–S 1 24, N–S 2 18, N–S 3 15, every E–W pair 20.
    fmt, plan, players = evening("mitchell", 6, lambda hand, t: {1: 8, 2: 6, 3: 5}[t], hands=3)
    lines = pair_standings(pairs_of(fmt, plan[0]), players)
    awards = award_prizes(default_prizes(False, pairs=True), lines)
    assert [(a.description, [w.name for w in a.winners], a.winners[0].score) for a in awards] == [
        ("1st pair", ["Ann & Bob"], 24),
        ("2nd pair", ["Cat & Dan", "Gwen & Huw", "Kay & Len"], 20),
    ]
    assert awards[1].tie and "settle by a cut of cards" in awards[1].message


def test_a_two_field_mitchell_gives_first_and_second_in_each_field():
    fmt, plan, players = evening("mitchell", 6, lambda hand, t: {1: 8, 2: 6, 3: 5}[t], hands=3)
    lines = pair_standings(pairs_of(fmt, plan[0]), players, two_fields=True)
    awards = award_prizes(default_prizes(False, pairs=True, two_fields=True), lines)
    assert [(a.description, a.winners[0].name) for a in awards if not a.tie] == [
        ("N–S 1st pair", "Ann & Bob"),
        ("N–S 2nd pair", "Eve & Fred"),
    ]
    east_west = [a for a in awards if a.tie]
    # Three E–W pairs level on 20 share the 1st and 2nd prizes, and the award says both (#48).
    assert [a.description for a in east_west] == ["E–W 1st and 2nd pair"]
    assert {w.name for w in east_west[0].winners} == {"Cat & Dan", "Gwen & Huw", "Kay & Len"}


def test_a_field_prize_is_for_pairs_only():
    from whistdrive.engines.prizes import PrizeError

    with pytest.raises(PrizeError, match="the field must be NS, EW or none"):
        validate_prizes([{"kind": "top", "field": "N"}])
    with pytest.raises(PrizeError, match="goes to pairs, which have no role"):
        validate_prizes([{"kind": "top", "field": "NS", "role": "lady"}])
