"""What a player sitting out scores, under each club rule, worked by hand.

The evening (see evenings.sitout_evening): p1 plays hands 1 and 3 (7 and 4 tricks) and sits
out hand 2; p2 plays hands 1 and 2 (6 and 7) and sits out hand 3; p9 plays hands 2 and 3
(6 and 9) and sits out hand 1. The interval is after hand 2.
"""

from whistdrive.engines.standings import drive_standings, mean_half_up

from .evenings import by_id, drive, sitout_evening


def standings_under(rule, **changes):
    people, hands = sitout_evening()
    return by_id(drive_standings(drive(sitout_score=rule, **changes), people, hands))


def test_a_sit_out_scores_nothing_under_the_zero_rule():
    s = standings_under("zero")
    # p1: 7 + 0 + 4; p2: 6 + 7 + 0; p9: 0 + 6 + 9
    assert (s["p1"].total, s["p2"].total, s["p9"].total) == (11, 13, 15)
    assert [h.score for h in s["p1"].hands] == [7, 0, 4]


def test_a_sit_out_scores_the_fixed_number_under_the_fixed_rule():
    s = standings_under("fixed", sitout_fixed=7)
    # p1: 7 + 7 + 4; p2: 6 + 7 + 7; p9: 7 + 6 + 9
    assert (s["p1"].total, s["p2"].total, s["p9"].total) == (18, 20, 22)


def test_a_sit_out_scores_the_players_own_average_rounded_half_up():
    s = standings_under("average")
    # p1: mean(7, 4) = 5.5 -> 6, total 17; p2: mean(6, 7) = 6.5 -> 7 (round() would give 6), total 20;
    # p9: mean(6, 9) = 7.5 -> 8, total 23.
    assert [h.score for h in s["p1"].hands] == [7, 6, 4]
    assert [h.score for h in s["p2"].hands] == [6, 7, 7]
    assert (s["p1"].total, s["p2"].total, s["p9"].total) == (17, 20, 23)


def test_the_sit_out_award_counts_in_the_half_of_its_hand():
    s = standings_under("average")
    # p1 sat out hand 2 (first half): 7 + 6 | 4. p2 sat out hand 3 (second half): 6 + 7 | 7.
    assert (s["p1"].first_half, s["p1"].second_half) == (13, 4)
    assert (s["p2"].first_half, s["p2"].second_half) == (13, 7)
    assert (s["p9"].first_half, s["p9"].second_half) == (14, 9)


def test_hands_played_and_sat_out_are_counted_apart():
    s = standings_under("average")
    assert (s["p9"].hands_played, s["p9"].hands_sat_out) == (2, 1)
    assert (s["p5"].hands_played, s["p5"].hands_sat_out) == (3, 0)
    assert [h.sat_out for h in s["p9"].hands] == [True, False, False]


def test_players_at_the_full_table_score_their_sides_tricks():
    s = standings_under("average")
    # p5 N-S at table 2: 6 + 10 + 9; p6 E-W: 7 + 3 + 4
    assert (s["p5"].total, s["p6"].total) == (25, 14)
    assert s["p5"].running == (6, 16, 25)
    assert s["p5"].hands_won == 2  # lost hand 1 (6 v 7), won hands 2 and 3
    assert s["p5"].tens == 1  # 10 tricks on hand 2


def test_odd_tricks_scoring_counts_only_tricks_over_six():
    s = standings_under("zero", scoring="odd_tricks")
    # p5: 6 -> 0, 10 -> 4, 9 -> 3; p6: 7 -> 1, 3 -> 0, 4 -> 0
    assert (s["p5"].total, s["p6"].total) == (7, 1)


def test_mean_half_up_rounds_halves_up_and_the_rest_to_nearest():
    assert [mean_half_up(x) for x in ([6, 7], [7, 4], [5, 5, 6], [5, 6, 6], [])] == [7, 6, 5, 6, 0]
