"""Game nights: odd tricks, honours, revokes, game values and rubbers, as the archive spec says."""

import pytest

from whistdrive.engines.formats import Format
from whistdrive.engines.rules import GameHand, HandEntry, score_games

SHORT = Format(kind="games", hands=24, hands_per_round=24, interval_after=None, trumps="turned", movement="stationary")
HONOURS = SHORT.with_changes(honours=True)
LONG = HONOURS.with_changes(target=10)


def entry(ns, ew=None, trump="H", honours=(None, None), revoke=None):
    return HandEntry(ns, 13 - ns if ew is None else ew, trump, honours[0], honours[1], revoke)


def table(fmt, *entries, fresh_at=()):
    return score_games(fmt, [GameHand(n, e, fresh=n in fresh_at) for n, e in enumerate(entries, start=1)])


# -- the seeds' worked examples -------------------------------------------------------------


@pytest.mark.parametrize(("tricks", "points"), [(9, 3), (7, 1), (13, 7), (8, 2)])
def test_a_side_scores_one_point_per_trick_over_six(tricks, points):
    hand = table(SHORT, entry(tricks)).hands[0]
    assert hand.points == {"NS": points, "EW": 0}


@pytest.mark.parametrize("tricks", [0, 4, 6])
def test_the_side_with_six_or_fewer_tricks_scores_nothing_and_never_below_nothing(tricks):
    hand = table(SHORT, entry(tricks)).hands[0]
    assert hand.points["NS"] == 0
    assert min(hand.score.values()) >= 0


def test_a_side_on_two_taking_nine_tricks_reaches_five_and_wins():
    scored = table(SHORT, entry(8), entry(9))
    assert scored.hands[0].score == {"NS": 2, "EW": 0}
    assert scored.hands[1].score == {"NS": 5, "EW": 0}
    assert scored.hands[1].game_won_by == "NS"


def test_the_next_hand_after_a_game_starts_a_new_game_at_love_all():
    scored = table(SHORT, entry(13), entry(4))
    assert scored.hands[1].score_before == {"NS": 0, "EW": 0}
    assert scored.hands[1].score == {"NS": 0, "EW": 3}


def test_a_winning_score_may_pass_the_target():
    scored = table(SHORT, entry(10), entry(10))
    assert scored.games[0].score == {"NS": 8, "EW": 0}


# -- honours ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("held", "points"), [((4, 0), 4), ((3, 1), 2), ((2, 2), 0), ((1, 3), 0)])
def test_honours_held_score_four_for_four_and_two_for_three(held, points):
    hand = table(HONOURS, entry(6, honours=held)).hands[0]
    assert hand.points["NS"] == points


def test_a_game_can_be_won_on_honours():
    scored = table(HONOURS, entry(8), entry(7, honours=(3, 1)))
    assert scored.hands[1].points == {"NS": 3, "EW": 0}
    assert scored.hands[1].game_won_by == "NS"


def test_a_side_at_four_holding_four_honours_scores_none_and_is_told_why():
    scored = table(HONOURS, entry(3), entry(7, honours=(0, 4)))  # EW take 10 tricks: 4 points
    held = scored.hands[1]
    assert held.score_before == {"NS": 0, "EW": 4}
    assert held.points == {"NS": 1, "EW": 0}
    assert "East–West were at 4: a side at the score of four cannot score honours" in held.notes


def test_honours_are_not_counted_where_the_format_does_not_count_them():
    assert table(SHORT, entry(7)).hands[0].points["NS"] == 1


def test_when_both_sides_would_reach_game_on_one_hand_tricks_score_first():
    # NS on 3 hold four honours, EW on 4 take 7 tricks: EW reach 5 first, NS's honours do not count.
    scored = table(HONOURS, entry(9), entry(3), entry(6, honours=(4, 0)))
    last = scored.hands[-1]
    assert last.score_before == {"NS": 3, "EW": 4}
    assert last.points == {"NS": 0, "EW": 1}
    assert last.game_won_by == "EW"
    assert any("reached game first" in note for note in last.notes)


def test_the_side_that_wins_on_tricks_still_adds_its_own_honours():
    scored = table(HONOURS, entry(10, honours=(3, 0)))
    assert scored.games[0].score == {"NS": 6, "EW": 0}


def test_without_honours_can_win_honours_stop_a_side_one_short_of_game():
    fmt = HONOURS.with_changes(honours_can_win=False)
    scored = table(fmt, entry(9), entry(6, honours=(4, 0)))
    last = scored.hands[-1]
    assert last.score == {"NS": 4, "EW": 1}
    assert last.game_won_by is None
    assert any("honours cannot win the game" in note for note in last.notes)


@pytest.mark.parametrize(
    ("before_ns", "held", "after_ns", "counted"),
    [(8, 4, 12, True), (8, 3, 10, True), (9, 4, 9, False), (9, 3, 9, False)],
)
def test_long_whist_counts_honours_at_eight_but_not_at_nine(before_ns, held, after_ns, counted):
    # Reach before_ns without a game: 9 tricks (3) then odd tricks to make up the rest.
    entries = [entry(9), entry(9), entry(before_ns)]  # 3 + 3 + (before_ns - 6)
    start = table(LONG, *entries).hands[-1].score
    assert start["NS"] == before_ns
    scored = table(LONG, *entries, entry(6, honours=(held, 4 - held if held < 4 else 0)))
    last = scored.hands[-1]
    assert last.score["NS"] == after_ns
    assert (last.game_won_by == "NS") == (after_ns >= 10)
    assert counted == (not any("score of nine" in note for note in last.notes))


# -- revokes ---------------------------------------------------------------------------------


def test_a_revoke_by_a_side_that_would_otherwise_win_hands_the_hand_to_the_other_side():
    # NS on 3 take 9 tricks but revoked: 3 tricks pass, NS 6 EW 7, EW score 1.
    scored = table(SHORT, entry(9), entry(9, revoke="NS"))
    last = scored.hands[-1]
    assert last.score_before == {"NS": 3, "EW": 0}
    assert last.points == {"NS": 0, "EW": 1}
    assert last.game_won_by is None


def test_with_the_points_penalty_the_other_side_scores_three_and_the_revokers_stop_short_of_game():
    fmt = SHORT.with_changes(revoke_penalty="points")
    scored = table(fmt, entry(9), entry(10, revoke="NS"))
    last = scored.hands[-1]
    assert last.points == {"NS": 1, "EW": 3}
    assert last.score == {"NS": 4, "EW": 3}
    assert last.game_won_by is None
    assert any("North–South revoked and cannot reach game" in note for note in last.notes)


def test_the_revoke_penalty_points_count_before_tricks_and_can_win_the_game():
    fmt = SHORT.with_changes(revoke_penalty="points")
    scored = table(fmt, entry(4), entry(7, revoke="NS"))
    last = scored.hands[-1]
    assert last.score_before == {"NS": 0, "EW": 3}
    assert last.game_won_by == "EW"
    assert last.points == {"NS": 0, "EW": 3}
    assert any("do not count" in note for note in last.notes)


def test_a_revoking_side_cannot_reach_game_even_with_the_trick_transfer():
    scored = table(SHORT, entry(13, revoke="NS"))
    assert scored.hands[0].points == {"NS": 4, "EW": 0}  # 10 tricks: 4 points, game would need 5
    scored = table(SHORT, entry(9), entry(13, revoke="NS"))
    assert scored.hands[-1].score == {"NS": 4, "EW": 0}
    assert scored.hands[-1].game_won_by is None


# -- game values and rubbers ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("target", "losers", "value"),
    [(5, 0, 3), (5, 1, 2), (5, 2, 2), (5, 3, 1), (5, 4, 1), (7, 3, 2), (7, 4, 1), (10, 4, 2), (10, 5, 1)],
)
def test_a_game_is_worth_three_two_or_one_by_the_losers_points(target, losers, value):
    fmt = SHORT.with_changes(target=target)
    entries = [entry(7 - losers)] if losers else []  # EW take 6 + losers tricks
    entries += [entry(13)] * (2 if target > 7 else 1)  # NS score 7 a hand
    game = table(fmt, *entries).games[0]
    assert game.won_by == "NS"
    assert game.score["EW"] == losers
    assert game.value == value


def two_nil():
    return [entry(13), entry(13)]


def two_one():
    # NS win 7–0 (3), EW win 7–2 (2), NS win 7–4 (1)
    return [entry(13), entry(8), entry(0), entry(3), entry(13)]


def test_a_two_nil_classic_rubber_scores_the_game_values_plus_two():
    scored = table(SHORT, *two_nil())
    assert [g.value for g in scored.games] == [3, 3]
    assert [(r.won_by, r.games, r.points) for r in scored.rubbers] == [("NS", ("NS", "NS"), 8)]


def test_a_two_one_classic_rubber_takes_off_the_value_of_the_losers_game():
    scored = table(SHORT, *two_one())
    assert [(g.won_by, g.value) for g in scored.games] == [("NS", 3), ("EW", 2), ("NS", 1)]
    assert scored.games[1].score == {"NS": 2, "EW": 7}
    assert [(r.won_by, r.games, r.points) for r in scored.rubbers] == [("NS", ("NS", "EW", "NS"), 3 + 1 + 2 - 2)]


@pytest.mark.parametrize(("hands", "points"), [(two_nil, 3), (two_one, 2)])
def test_a_simple_rubber_scores_three_for_two_nil_and_two_for_two_one(hands, points):
    scored = table(SHORT.with_changes(rubber="simple"), *hands())
    assert [r.points for r in scored.rubbers] == [points]


@pytest.mark.parametrize("rubber", ["classic", "simple", "none"])
@pytest.mark.parametrize(
    ("target", "losers", "value"),
    [(5, 0, 3), (5, 2, 2), (5, 3, 1), (7, 3, 2), (7, 4, 1), (9, 4, 2), (9, 5, 1), (10, 4, 2), (10, 5, 1)],
)
def test_every_game_has_its_value_written_whatever_the_rubber_rule(rubber, target, losers, value):
    # The spec: "Game value, written for every game whatever the rubber rule"; only classic adds them up.
    fmt = SHORT.with_changes(target=target, rubber=rubber)
    entries = [entry(7 - losers)] if losers else []
    entries += [entry(13)] * (2 if target > 7 else 1)
    scored = table(fmt, *entries)
    assert scored.games[0].value == value
    assert scored.to_results_dict()["games"][0]["value"] == value


def test_a_simple_rubber_scores_the_same_whatever_the_values_of_its_games():
    # 2–0 by trebles and 2–0 by singles both score 3: values are written, not added, outside classic.
    trebles = table(SHORT.with_changes(rubber="simple"), entry(13), entry(13))
    singles = table(SHORT.with_changes(rubber="simple"), entry(3), entry(11), entry(3), entry(11))
    assert [g.value for g in trebles.games] == [3, 3] and [g.value for g in singles.games] == [1, 1]
    assert [r.points for r in trebles.rubbers] == [r.points for r in singles.rubbers] == [3]


@pytest.mark.parametrize(("hands", "games"), [(two_nil, 2), (two_one, 3)])
def test_with_no_rubbers_only_games_are_scored(hands, games):
    scored = table(SHORT.with_changes(rubber="none"), *hands())
    assert scored.rubbers == ()
    assert len(scored.games) == games


def test_a_new_rubber_starts_after_a_finished_one():
    scored = table(SHORT, *two_nil(), entry(13))
    assert len(scored.rubbers) == 1
    assert scored.games_in_rubber == {"NS": 1, "EW": 0}
    assert scored.state == "North–South lead 1–0"


# -- partnerships change ---------------------------------------------------------------------


def test_a_fresh_partnership_abandons_the_unfinished_game_and_rubber_but_keeps_games_won():
    scored = table(SHORT, entry(13), entry(9), entry(8), fresh_at={3})
    fresh = scored.hands[2]
    assert fresh.score_before == {"NS": 0, "EW": 0}
    assert fresh.score == {"NS": 2, "EW": 0}
    assert any("unfinished game at North–South 3, East–West 0 scores nothing more" in n for n in fresh.notes)
    assert any("unfinished rubber" in n for n in fresh.notes)
    assert [g.won_by for g in scored.games] == ["NS"]
    assert scored.rubbers == ()
    assert scored.totals["NS"].games_won == 1
    assert scored.totals["NS"].rubber_points == 0
    assert scored.games_in_rubber == {"NS": 0, "EW": 0}


def test_after_a_fresh_partnership_a_rubber_needs_two_new_games():
    scored = table(SHORT, entry(13), entry(13), entry(13), fresh_at={2})
    assert [r.games for r in scored.rubbers] == [("NS", "NS")]
    assert len(scored.games) == 3


# -- reporting -------------------------------------------------------------------------------


def test_the_results_are_the_archive_specs_table_entry():
    scored = table(SHORT, *two_one())
    results = scored.to_results_dict()
    assert set(results) == {"hands", "games", "rubbers"}
    assert results["hands"][0] == {
        "number": 1,
        "points": {"NS": 7, "EW": 0},
        "score": {"NS": 7, "EW": 0},
        "game_won_by": "NS",
    }
    assert results["games"][1] == {"won_by": "EW", "score": {"NS": 2, "EW": 7}, "value": 2}
    assert results["rubbers"] == [{"won_by": "NS", "games": ["NS", "EW", "NS"], "points": 4}]


def test_totals_for_standings_add_rubber_points_games_and_points():
    totals = table(SHORT, *two_one()).totals
    assert (totals["NS"].rubber_points, totals["NS"].games_won, totals["NS"].points) == (4, 2, 7 + 2 + 7)
    assert (totals["EW"].rubber_points, totals["EW"].games_won, totals["EW"].points) == (0, 1, 0 + 0 + 7 + 4)


def test_the_state_says_who_leads_the_game_and_the_rubber():
    assert table(SHORT).state == "No games yet"
    assert table(SHORT, entry(13), entry(5)).state == "North–South lead 1–0; East–West lead this game 2–0"
    assert table(SHORT, entry(13), entry(0)).state == "Games level at 1–1"


def test_without_rubbers_the_state_counts_all_games():
    scored = table(SHORT.with_changes(rubber="none"), *two_nil(), entry(13))
    assert scored.state == "North–South lead 3–0"
