import pytest

from whistdrive.engines.formats import Format
from whistdrive.engines.rules import (
    GameHand,
    HandEntry,
    RuleError,
    TableScore,
    check_entry,
    check_next_entry,
    score_games,
)

DRIVE = Format()
GAMES = Format(kind="games", hands=24, hands_per_round=24, interval_after=None, trumps="turned", movement="stationary")
HONOURS = GAMES.with_changes(honours=True)


def test_a_good_entry_passes():
    check_entry(DRIVE, HandEntry(8, 5, "H"))
    check_entry(HONOURS, HandEntry(8, 5, "H", 3, 1, revoke="EW"))


def test_tricks_that_do_not_make_13_are_refused_in_a_players_words():
    with pytest.raises(RuleError) as error:
        check_entry(DRIVE, HandEntry(8, 6, "H"))
    assert str(error.value) == "North–South 8 and East–West 6 make 14 tricks; a hand has 13"


@pytest.mark.parametrize(
    ("fmt", "entry", "words"),
    [
        (DRIVE, HandEntry(14, -1, "H"), "must be a whole number from 0 to 13"),
        (DRIVE, HandEntry(6.5, 6.5, "H"), "must be a whole number from 0 to 13"),
        (DRIVE, HandEntry(True, 12, "H"), "must be a whole number from 0 to 13"),
        (DRIVE, HandEntry(7, 6, "X"), "trumps are H, D, S, C or N"),
        (HONOURS, HandEntry(7, 6, "H", 5, 0), "cannot hold 5 honours"),
        (HONOURS, HandEntry(7, 6, "H", 3, 2), "make 5; there are only four"),
        (HONOURS, HandEntry(7, 6, "N", 3, 0), "a no-trump hand has no honours"),
        (GAMES, HandEntry(7, 6, "H", 3, 0), "does not count honours"),
        (DRIVE, HandEntry(7, 6, "H", 0, 4), "this drive does not count honours"),
        (DRIVE, HandEntry(7, 6, "H", revoke="NE"), "a revoke is by North–South (NS) or East–West (EW)"),
    ],
)
def test_an_impossible_entry_is_a_rule_error_that_says_what_is_wrong(fmt, entry, words):
    with pytest.raises(RuleError, match=words.replace("(", r"\(").replace(")", r"\)")):
        check_entry(fmt, entry)


def test_no_honours_held_may_be_entered_as_zero_even_where_honours_are_not_counted():
    check_entry(GAMES, HandEntry(7, 6, "H", 0, 0))


def test_every_mistake_in_an_entry_is_named_at_once():
    with pytest.raises(RuleError) as error:
        check_entry(HONOURS, HandEntry(8, 6, "X", 5, 0, revoke="ZZ"))
    assert str(error.value).count(";") >= 3


def test_the_next_hand_must_follow_the_last():
    table = score_games(GAMES, [GameHand(1, HandEntry(7, 6, "H"))])
    assert check_next_entry(GAMES, table, HandEntry(7, 6, "S")) == 2
    with pytest.raises(RuleError, match="hand 2 comes next"):
        check_next_entry(GAMES, table, HandEntry(7, 6, "S"), number=3)


def test_no_hand_can_be_entered_beyond_the_evenings_hands():
    short = GAMES.with_changes(hands=2, hands_per_round=2)
    table = score_games(short, [GameHand(1, HandEntry(7, 6, "H")), GameHand(2, HandEntry(7, 6, "H"))])
    with pytest.raises(RuleError, match="the evening has 2 hands"):
        check_next_entry(short, table, HandEntry(7, 6, "H"))


def test_a_finished_rubber_does_not_block_the_next_hand():
    hands = [GameHand(n, HandEntry(13, 0, "H")) for n in (1, 2)]
    table = score_games(GAMES, hands)
    assert len(table.rubbers) == 1
    assert check_next_entry(GAMES, table, HandEntry(7, 6, "H")) == 3


def test_a_trump_that_is_not_the_rotations_is_refused():
    rotation = GAMES.with_changes(trumps="HDSC")
    with pytest.raises(RuleError, match="hand 2 is played with diamonds as trumps, not hearts"):
        check_next_entry(rotation, score_games(rotation, [GameHand(1, HandEntry(7, 6, "H"))]), HandEntry(7, 6, "H"))


def test_a_drive_has_no_games_to_score():
    with pytest.raises(RuleError, match="games and rubbers are for game nights"):
        check_next_entry(DRIVE, TableScore(), HandEntry(7, 6, "H"))


def test_hands_out_of_order_are_refused():
    with pytest.raises(RuleError, match="scored in order"):
        score_games(GAMES, [GameHand(2, HandEntry(7, 6, "H")), GameHand(1, HandEntry(7, 6, "H"))])
