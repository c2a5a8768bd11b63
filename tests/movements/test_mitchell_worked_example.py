"""Mitchell (partners drive): pairs 1,3,5.. sit N–S, pairs 2,4,6.. E–W; E–W move up a table."""

from whistdrive.engines.movements import next_seating, start

from .helpers import fmt, players, tables


def mitchell(**changes):
    return fmt(movement="mitchell", **changes)


def test_three_tables_ew_pairs_move_up_one_table_each_round():
    people = players(12)
    plan = start(mitchell(hands=3, interval_after=None), people, seed=0, by="card")
    assert [tables(s) for s in plan] == [
        {1: "p1 p3 p2 p4", 2: "p5 p7 p6 p8", 3: "p9 p11 p10 p12"},
        {1: "p1 p11 p2 p12", 2: "p5 p3 p6 p4", 3: "p9 p7 p10 p8"},
        {1: "p1 p7 p2 p8", 2: "p5 p11 p6 p12", 3: "p9 p3 p10 p4"},
    ]


def test_four_tables_ew_pairs_move_up_one_table_every_round_with_no_skip():
    people = players(16)
    plan = start(mitchell(hands=4, interval_after=None), people, seed=0, by="card")
    # E–W pair (p3, p4) starts at table 1 and goes up one table each round: no skip without boards.
    assert [s.position("p3")[0] for s in plan] == [1, 2, 3, 4]
    assert tables(plan[2])[3] == "p9 p3 p10 p4"
    # Round 4 is the last of four: pair (p3, p4) has met the N–S pairs of all four tables once.
    assert {plan[r].tables[plan[r].position("p3")[0]]["N"] for r in range(4)} == {"p1", "p5", "p9", "p13"}


def test_seven_pairs_sit_out_in_turn_at_the_half_table():
    # The case: 7 pairs are 3 tables and a half table, 4 places in the rotation. Round 4 must
    # not repeat round 1, and each E–W pair sits out exactly once in four rounds.
    people = players(14)
    plan = start(mitchell(hands=4, interval_after=None), people, seed=0, by="card")
    assert [tables(s) for s in plan] == [
        {1: "p1 p3 p2 p4", 2: "p5 p7 p6 p8", 3: "p9 p11 p10 p12"},
        {1: "p1 p13 p2 p14", 2: "p5 p3 p6 p4", 3: "p9 p7 p10 p8"},
        {1: "p1 p11 p2 p12", 2: "p5 p13 p6 p14", 3: "p9 p3 p10 p4"},
        {1: "p1 p7 p2 p8", 2: "p5 p11 p6 p12", 3: "p9 p13 p10 p14"},
    ]
    assert [s.sitting_out for s in plan] == [("p13", "p14"), ("p11", "p12"), ("p7", "p8"), ("p3", "p4")]


def test_a_half_table_sits_out_the_ew_pair_that_reaches_it():
    people = players(10)  # five pairs: two N–S, three E–W, table 3 has no N–S pair
    plan = start(mitchell(hands=3, interval_after=None), people, seed=0, by="card")
    assert [tables(s) for s in plan] == [
        {1: "p1 p3 p2 p4", 2: "p5 p7 p6 p8"},
        {1: "p1 p9 p2 p10", 2: "p5 p3 p6 p4"},
        {1: "p1 p7 p2 p8", 2: "p5 p9 p6 p10"},
    ]
    assert [s.sitting_out for s in plan] == [("p9", "p10"), ("p7", "p8"), ("p3", "p4")]


def test_next_seating_follows_the_plan_from_the_last_hand():
    people = players(16)
    game = mitchell(hands=24, hands_per_round=4)
    plan = start(game, people, seed=3)
    for hand in range(1, 24):
        assert next_seating(game, people, plan[:hand], {}) == plan[hand]
