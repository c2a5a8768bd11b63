"""Semi-partner drive, three tables, spelled out."""

from whistdrive.engines.movements import next_seating, start

from .helpers import fmt, players, tables, won


def test_winners_stay_and_losing_lady_moves_up_losing_gent_down():
    people = players(12)
    semi = fmt(movement="semi_partner")
    first = start(semi, people, seed=0, by="card")
    second = next_seating(semi, people, first, {1: won("NS"), 2: won("EW"), 3: won("NS")})
    # Table 1: p1, p3 stay; p10 (losing lady of table 3) E; p7 (losing gent of table 2) W.
    # Table 2: p6, p8 stay; p2 N; p12 S.  Table 3: p9, p11 stay; p5 E; p4 W.
    assert tables(second) == {1: "p1 p10 p3 p7", 2: "p2 p6 p12 p8", 3: "p9 p5 p11 p4"}


def test_winning_partners_stay_together():
    people = players(12)
    semi = fmt(movement="semi_partner")
    first = start(semi, people, seed=0, by="card")
    second = next_seating(semi, people, first, {1: won("NS"), 2: won("EW"), 3: won("NS")})
    assert second.partner("p1") == "p3"
    assert second.partner("p6") == "p8"
