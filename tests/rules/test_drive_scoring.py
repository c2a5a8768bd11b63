import pytest

from whistdrive.engines.formats import Format
from whistdrive.engines.rules import HandEntry, RuleError, drive_score, odd_tricks, tricks_after_revoke

TOTAL = Format()
ODD = Format(scoring="odd_tricks")
GAMES_POINTS = Format(kind="games", movement="stationary", trumps="turned", revoke_penalty="points")


@pytest.mark.parametrize(("tricks", "odd"), [(9, 3), (7, 1), (13, 7), (6, 0), (4, 0), (0, 0)])
def test_only_tricks_over_the_book_of_six_score_and_never_below_nothing(tricks, odd):
    assert odd_tricks(tricks) == odd


def test_a_drive_counts_total_tricks_by_default():
    assert [drive_score(TOTAL, t) for t in (0, 6, 9, 13)] == [0, 6, 9, 13]


def test_a_drive_can_count_odd_tricks_instead():
    assert [drive_score(ODD, t) for t in (0, 6, 9, 13)] == [0, 0, 3, 7]


def test_a_drive_score_for_impossible_tricks_is_a_rule_error():
    with pytest.raises(RuleError):
        drive_score(TOTAL, 14)


def test_a_revoke_moves_three_tricks_to_the_other_side():
    assert tricks_after_revoke(HandEntry(8, 5, "H", revoke="NS")) == {"NS": 5, "EW": 8}


def test_a_revoking_side_with_fewer_than_three_tricks_gives_up_all_it_took():
    assert tricks_after_revoke(HandEntry(11, 2, "H", revoke="EW")) == {"NS": 13, "EW": 0}


def test_a_drive_always_moves_tricks_but_a_points_penalty_game_does_not():
    entry = HandEntry(8, 5, "H", revoke="NS")
    assert tricks_after_revoke(entry, TOTAL) == {"NS": 5, "EW": 8}
    assert tricks_after_revoke(entry, GAMES_POINTS) == {"NS": 8, "EW": 5}


def test_no_revoke_leaves_the_tricks_alone():
    assert tricks_after_revoke(HandEntry(8, 5, "H")) == {"NS": 8, "EW": 5}
