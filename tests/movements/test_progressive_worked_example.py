"""Progressive drive, three tables, spelled out hand by hand."""

from whistdrive.engines.movements import next_seating, start

from .helpers import fmt, players, tables, won

# Hand 1, seated by card: table 1 p1 p2 p3 p4 (N E S W), table 2 p5.., table 3 p9..
# Results: table 1 N–S win, table 2 E–W win, table 3 N–S win.
RESULTS = {1: won("NS"), 2: won("EW"), 3: won("NS")}


def test_hand_one_seats_players_by_card_number():
    first = start(fmt(), players(12), seed=0, by="card")
    assert len(first) == 1
    assert tables(first[0]) == {1: "p1 p2 p3 p4", 2: "p5 p6 p7 p8", 3: "p9 p10 p11 p12"}


def test_winners_move_lady_up_gent_down_and_the_staying_gent_crosses():
    people = players(12)
    first = start(fmt(), people, seed=0, by="card")
    second = next_seating(fmt(), people, first, RESULTS)
    # Table 1: p2 stays E, p4 crosses to S; p9 (winning lady, table 3) takes N; p8 (winning gent, table 2) W.
    # Table 2: p5 stays N, p7 crosses to W; p1 arrives E; p11 (from table 3) S.
    # Table 3: p10 stays E, p12 crosses to S; p6 arrives N; p3 (from table 1, wrapping down) W.
    assert tables(second) == {1: "p9 p2 p4 p8", 2: "p5 p1 p11 p7", 3: "p6 p10 p12 p3"}


def test_the_staying_gent_now_opposes_his_last_partner():
    people = players(12)
    first = start(fmt(), people, seed=0, by="card")
    second = next_seating(fmt(), people, first, RESULTS)
    assert "p2" in second.opponents("p4")


def test_losers_move_when_the_club_moves_the_losers():
    people = players(12)
    losers = fmt(movers="losers")
    first = start(losers, people, seed=0, by="card")
    second = next_seating(losers, people, first, RESULTS)
    assert tables(second) == {1: "p1 p10 p7 p3", 2: "p2 p6 p8 p12", 3: "p9 p5 p4 p11"}


def test_over_a_four_hand_round_the_seating_repeats_and_a_tie_goes_to_the_last_hand():
    people = players(8)
    rounds = fmt(hands_per_round=4)
    history = start(rounds, people, seed=0, by="card")
    for _ in range(3):
        history.append(next_seating(rounds, people, history, {}))
    assert all(s == history[0] for s in history)
    from whistdrive.engines.movements import RoundResult

    tie_won_by_ew = RoundResult(26, 26, "EW")
    fifth = next_seating(rounds, people, history, {1: tie_won_by_ew, 2: tie_won_by_ew})
    # E–W won both tables, so their lady (E) moved up: p2 goes to table 2, p6 to table 1.
    assert fifth.position("p2")[0] == 2
    assert fifth.position("p6")[0] == 1
