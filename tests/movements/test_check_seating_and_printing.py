"""The importer's check, the rule in words, and the printable plan."""

from whistdrive.engines.movements import SeatingPlan, check_seating, next_seating, plan, rule_sentence, start

from .helpers import fmt, players, won


def test_a_wrong_seat_is_named_with_the_rule_that_decides_it():
    people = players(12)
    history = start(fmt(), people, seed=0, by="card")
    results = {1: won("NS"), 2: won("EW"), 3: won("NS")}
    right = next_seating(fmt(), people, history, results)
    tables = {t: dict(seats) for t, seats in right.tables.items()}
    tables[2]["E"], tables[3]["N"] = tables[3]["N"], tables[2]["E"]  # p1 and p6 swapped
    problems = check_seating(fmt(), people, history, results, SeatingPlan(tables, ()))
    assert problems == [
        "table 2 seat E should be p1 (progressive: winning lady from table 1), not p6",
        "table 3 seat N should be p6 (progressive: winning lady from table 2), not p1",
    ]
    assert check_seating(fmt(), people, history, results, right) == []


def test_an_individual_seating_is_checked_only_for_its_invariants():
    people = players(8)
    game = fmt(movement="individual")
    seating = SeatingPlan({1: {"N": "p1", "E": "p2", "S": "p3", "W": "p4"}}, ("p5", "p6", "p7", "p7"))
    assert check_seating(game, people, [], {}, seating) == [
        "p7 is placed 2 times",
        "p8 is neither seated nor sitting out",
    ]


def test_the_rule_reads_as_one_sentence():
    assert rule_sentence(fmt()) == (
        "After each hand the winning lady moves up a table and the winning gent down; "
        "the losers stay and the gent crosses over."
    )
    assert rule_sentence(fmt(movers="losers", hands_per_round=4)).startswith("After every 4 hands the losing lady")


def test_a_planned_movement_prints_every_hand_and_each_itinerary():
    people = players(10)
    game = fmt(movement="mitchell", hands=3, interval_after=None)
    printed = plan(game, start(game, people, seed=0, by="card"))
    assert len(printed["hands"]) == 3
    assert printed["itineraries"]["p3"] == [(1, "E"), (2, "E"), None]


def test_a_result_driven_plan_is_the_start_and_the_rule():
    people = players(8)
    printed = plan(fmt(), start(fmt(), people, seed=0))
    assert printed["hands"] == [] and printed["rule"] == rule_sentence(fmt())
    assert len(printed["start"][0]["tables"]) == 2
