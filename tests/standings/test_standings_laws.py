"""Laws that hold for every evening: checked on random evenings with hypothesis."""

from hypothesis import given, settings
from hypothesis import strategies as st

from whistdrive.engines.formats import TIE_BREAKS, Format
from whistdrive.engines.prizes import award_prizes
from whistdrive.engines.standings import HandRecord, Person, TableHand, drive_standings, results_players


@st.composite
def evenings(draw):
    tables = draw(st.integers(1, 3))
    spares = draw(st.integers(0, 3))
    count = 4 * tables + spares
    people = [Person(f"p{i}", f"P{i}", None) for i in range(count)]
    number_of_hands = draw(st.integers(0, 6))
    hands = []
    for number in range(1, number_of_hands + 1):
        order = draw(st.permutations([p.id for p in people]))
        seated = [
            TableHand(
                t + 1,
                dict(zip("NESW", order[4 * t : 4 * t + 4], strict=True)),
                {"NS": (ns := draw(st.integers(0, 13))), "EW": 13 - ns},
            )
            for t in range(tables)
        ]
        hands.append(HandRecord(number, tuple(seated), tuple(order[4 * tables :])))
    fmt = Format(
        hands=max(number_of_hands, 1),
        interval_after=draw(st.one_of(st.none(), st.integers(1, 6))),
        scoring=draw(st.sampled_from(["tricks", "odd_tricks"])),
        sitout_score=draw(st.sampled_from(["average", "zero", "fixed"])),
        sitout_fixed=draw(st.integers(0, 13)),
        tie_breaks=tuple(draw(st.permutations(TIE_BREAKS))[: draw(st.integers(0, 4))]),
    )
    return fmt, people, hands, draw(st.booleans())


@settings(max_examples=150, deadline=None)
@given(evenings())
def test_every_entrant_appears_once_and_ranks_never_go_down_the_list(evening):
    fmt, people, hands, final = evening
    standings = drive_standings(fmt, people, hands, final=final)
    assert sorted(s.id for s in standings) == sorted(p.id for p in people)
    ranks = [s.rank for s in standings]
    assert ranks == sorted(ranks) and (not ranks or ranks[0] == 1)
    totals = [s.total for s in standings]
    assert totals == sorted(totals, reverse=True)


@settings(max_examples=150, deadline=None)
@given(evenings())
def test_halves_add_up_to_the_total_and_the_running_total_ends_on_it(evening):
    fmt, people, hands, final = evening
    for s in drive_standings(fmt, people, hands, final=final):
        assert s.first_half + s.second_half == s.total
        assert (s.running[-1] if s.running else 0) == s.total
        assert s.hands_played + s.hands_sat_out == len(hands)


@settings(max_examples=150, deadline=None)
@given(evenings())
def test_a_rank_is_one_more_than_the_number_strictly_ahead_and_ties_share_it(evening):
    fmt, people, hands, final = evening
    standings = drive_standings(fmt, people, hands, final=final)
    for index, s in enumerate(standings):
        assert s.rank == 1 + sum(1 for other in standings[:index] if other.rank != s.rank)
        assert s.tied == (sum(1 for other in standings if other.rank == s.rank) > 1)
        if not fmt.tie_breaks or not final:
            assert s.rank == 1 + sum(1 for other in standings if other.total > s.total)


@settings(max_examples=100, deadline=None)
@given(evenings())
def test_each_table_hands_out_twenty_six_tricks_a_hand(evening):
    fmt, people, hands, final = evening
    fmt = fmt.with_changes(scoring="tricks", sitout_score="zero")
    standings = drive_standings(fmt, people, hands, final=final)
    played = sum(h.score for s in standings for h in s.hands if not h.sat_out)
    assert played == 26 * sum(len(hand.tables) for hand in hands)


@settings(max_examples=100, deadline=None)
@given(evenings())
def test_results_players_list_everyone_once_in_rank_order(evening):
    fmt, people, hands, final = evening
    rows = results_players(drive_standings(fmt, people, hands, final=final))
    assert sorted(r["id"] for r in rows) == sorted(p.id for p in people)
    assert [r["rank"] for r in rows] == sorted(r["rank"] for r in rows)


@settings(max_examples=100, deadline=None)
@given(evenings())
def test_with_one_prize_per_person_nobody_wins_twice(evening):
    fmt, people, hands, final = evening
    standings = drive_standings(fmt, people, hands, final=final)
    prizes = [{"kind": "top", "places": 3}, {"kind": "half_time"}, {"kind": "second_half"}, {"kind": "booby"}]
    won = [w.id for a in award_prizes(prizes, standings) if not a.tie for w in a.winners]
    assert len(won) == len(set(won))
