"""Spares, late arrivals, departures, and what the registration desk is told."""

from collections import Counter

import pytest

from whistdrive.engines.movements import (
    MovementError,
    NextPlace,
    Player,
    advise,
    next_seating,
    replan,
    start,
    where_next,
)

from .helpers import fmt, players, won


def test_the_desk_is_told_exactly_how_to_fix_too_few_gents():
    people = [Player(f"l{i}", "lady") for i in range(18)] + [Player(f"g{i}", "gent") for i in range(14)]
    advice = advise(fmt(), people)
    assert advice.problems == ["18 ladies and 14 gents: 2 ladies must play as gents, or choose an individual drive"]
    assert advice.must_switch == {"lady": 2}
    with pytest.raises(MovementError, match="2 ladies must play as gents"):
        start(fmt(), people, seed=1)


def test_an_individual_drive_seats_an_imbalance_with_more_sitting_out():
    people = [Player(f"l{i}", "lady") for i in range(18)] + [Player(f"g{i}", "gent") for i in range(14)]
    advice = advise(fmt(movement="individual"), people)
    assert advice.problems == []
    assert advice.tables == 7 and advice.sit_out_per_hand == 4


def test_spares_sit_out_in_turn_and_return_to_the_seat_of_the_player_who_leaves():
    people = players(14)
    game = fmt(hands=14)
    history = start(game, people, seed=4)
    assert len(history[0].sitting_out) == 2
    for _ in range(13):
        results = {t: won("NS" if t % 2 else "EW") for t in history[-1].tables}
        nxt = next_seating(game, people, history, results)
        for pid in history[-1].sitting_out:
            assert nxt.position(pid) is not None  # nobody sits out two hands running
        history.append(nxt)
        sat = Counter(pid for s in history for pid in s.sitting_out)
        assert max(sat[p.id] for p in people) - min(sat[p.id] for p in people) <= 1


def test_where_next_knows_a_movers_table_before_the_neighbours_finish():
    people = players(12)
    history = start(fmt(), people, seed=0, by="card")
    where = where_next(fmt(), people, history, 1, won("NS"))
    assert where["p1"] == NextPlace(2, ("N", "E"))  # winning lady up: her seat depends on table 2's result
    assert where["p3"] == NextPlace(3, ("S", "W"))
    assert where["p2"] == NextPlace(1, ("E",))  # staying lady keeps her seat
    assert where["p4"] == NextPlace(1, ("S",))  # staying gent crosses over


def test_a_player_who_leaves_is_replaced_by_a_spare_and_nothing_played_changes():
    people = players(13)
    game = fmt(hands=6)
    history = start(game, people, seed=2)
    history.append(next_seating(game, people, history, {t: won("NS") for t in history[-1].tables}))
    played = list(history)
    leaver = history[-1].tables[2]["E"]
    present = [p for p in people if p.id != leaver]
    after = replan(game, present, history, seed=2)
    assert history == played
    assert after[0].position(leaver) is None
    assert after[0].tables[2]["E"] in history[-1].sitting_out
    assert len(after[0].tables) == 3 and after[0].sitting_out == ()


def test_a_late_arrival_joins_from_the_next_hand():
    people = players(12)
    game = fmt(hands=6)
    history = start(game, people, seed=2)
    late = [*people, Player("p13")]
    after = replan(game, late, history, seed=2)
    assert after[0].sitting_out == ("p13",) or after[0].position("p13") is not None
    nxt = next_seating(game, late, history + after, {t: won("EW") for t in after[0].tables})
    assert nxt.position("p13") is not None  # missed hands count: the newcomer plays first
