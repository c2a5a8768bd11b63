"""Every scoring rule of a game night, on whole sequences of hands, read back through whistdrive.evening.games.

Each case is worked by hand in its comment: points are odd tricks (tricks over six), honours
4 for four held and 2 for three, target 5 unless the case says otherwise.
"""

import pytest

from tests.games.helpers import SWAPPED, games_format, hand, play_table

pytestmark = pytest.mark.django_db

NS, EW = "NS", "EW"


def score(ns: int, ew: int) -> dict:
    return {"NS": ns, "EW": ew}


CASES = {
    # 8 tricks: 2. Then 7 tricks (1) and three honours (2): 2 + 1 + 2 = 5, game, against 0: worth 3.
    "a game is won on honours": dict(
        fmt=dict(honours=True),
        hands=[hand(8), hand(7, hon=(3, 1))],
        games=[(NS, score(5, 0), 3)],
        now=score(0, 0),
    ),
    # The same hands when honours may not take a side to game: they stop North–South at 4.
    "honours stop at target − 1 when they may not win the game": dict(
        fmt=dict(honours=True, honours_can_win=False),
        hands=[hand(8), hand(7, hon=(3, 1))],
        games=[],
        now=score(4, 0),
        note=(1, "honours cannot win the game"),
    ),
    # 10 tricks: 4. East–West take 7 (1) while North–South hold all four honours: at 4 they score none.
    # Then 7 tricks takes North–South to 5 against 1: worth 2.
    "a side at 4 holding four honours scores nothing for them": dict(
        fmt=dict(honours=True),
        hands=[hand(10), hand(6, hon=(4, 0)), hand(7)],
        games=[(NS, score(5, 1), 2)],
        now=score(0, 0),
        note=(1, "were at 4"),
    ),
    # NS 4, EW 3; then NS 7 tricks (1) reach game before EW's four honours (4) are counted.
    "when both sides would reach game on one hand the tricks win": dict(
        fmt=dict(honours=True),
        hands=[hand(10), hand(4), hand(7, hon=(0, 4))],
        games=[(NS, score(5, 3), 1)],
        now=score(0, 0),
        note=(2, "reached game first"),
    ),
    # NS at 4 take 9 but revoked: 3 tricks pass, 6–7, so East–West score 1 and NS nothing.
    "a revoke costs three tricks to a side that would otherwise win": dict(
        fmt=dict(),
        hands=[hand(10), hand(9, revoke=NS)],
        games=[],
        now=score(4, 1),
    ),
    # Points penalty: NS at 3 take 10 tricks but revoked: EW add 3 first, NS's 4 stop them at 4.
    "a revoking side on the points penalty cannot reach game": dict(
        fmt=dict(revoke_penalty="points"),
        hands=[hand(9), hand(10, revoke=NS)],
        games=[],
        now=score(4, 3),
        note=(1, "revoked and cannot reach game"),
    ),
    # EW at 3; NS revoke: the penalty (3) takes EW to 6, so NS's 10 tricks count for nothing.
    "penalty points come first and can end the game": dict(
        fmt=dict(revoke_penalty="points"),
        hands=[hand(4), hand(10, revoke=NS)],
        games=[(EW, score(0, 6), 3)],
        now=score(0, 0),
    ),
    # Long whist to 10: 13 tricks (7), 7 (1) makes 8; then 7 tricks (1) and three honours (2) at 8: 11.
    "long whist counts honours at 8": dict(
        fmt=dict(target=10, honours=True),
        hands=[hand(13), hand(7), hand(7, hon=(3, 0))],
        games=[(NS, score(11, 0), 3)],
        now=score(0, 0),
    ),
    # 13 tricks (7), 8 tricks (2) makes 9; then four honours held at 9 do not count: 9–1.
    "long whist does not count honours at 9": dict(
        fmt=dict(target=10, honours=True),
        hands=[hand(13), hand(8), hand(6, hon=(4, 0))],
        games=[],
        now=score(9, 1),
        note=(2, "were at 9"),
    ),
    # NS 3, then a Mitchell move brings new partnerships: the game restarts at 0–0 and NS's 8 make 2.
    "a move ends an unfinished game, which scores nothing more": dict(
        fmt=dict(movement="mitchell"),
        hands=[hand(9), hand(8, seats=SWAPPED)],
        games=[],
        now=score(2, 0),
        note=(1, "the unfinished game at North–South 3, East–West 0 scores nothing more"),
    ),
    # A game each side of a move: both count, but they are in different rubbers, so no rubber.
    "a move ends an unfinished rubber, which scores no rubber points": dict(
        fmt=dict(movement="mitchell"),
        hands=[hand(12), hand(8, seats=SWAPPED), hand(10, seats=SWAPPED)],
        games=[(NS, score(6, 0), 3), (NS, score(6, 0), 3)],
        rubbers=[],
        now=score(0, 0),
        note=(1, "scores no rubber points"),
    ),
}

# Rubbers. 2–0: NS 5–0 (worth 3), EW 1, NS 5–1 (worth 2). 2–1: NS 5–0 (3); NS 1 then EW 6 (2 against 1);
# EW 3 then NS 6 (1 against 3).
TWO_NIL = [hand(11), hand(6), hand(11)]
TWO_ONE = [hand(11), hand(7), hand(1), hand(4), hand(12)]
RUBBER_CASES = {
    "a 2–0 rubber, classic: game values 3 + 2, plus 2": ("classic", TWO_NIL, [(NS, (NS, NS), 7)]),
    "a 2–0 rubber, simple: 3": ("simple", TWO_NIL, [(NS, (NS, NS), 3)]),
    "a 2–0 rubber, none: games only": ("none", TWO_NIL, []),
    "a 2–1 rubber, classic: 3 + 1 + 2, less the losers' 2": ("classic", TWO_ONE, [(NS, (NS, EW, NS), 4)]),
    "a 2–1 rubber, simple: 2": ("simple", TWO_ONE, [(NS, (NS, EW, NS), 2)]),
    "a 2–1 rubber, none: games only": ("none", TWO_ONE, []),
}


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_each_scoring_rule_on_a_whole_table(case):
    spec = CASES[case]
    table = play_table(games_format(**spec["fmt"]), spec["hands"])
    assert [(g.won_by, g.score, g.value) for g in table.score.games] == spec["games"]
    assert table.score.score == spec["now"]
    if "rubbers" in spec:
        assert list(table.score.rubbers) == spec["rubbers"]
    if "note" in spec:
        index, words = spec["note"]
        assert any(words in note for note in table.score.hands[index].notes), table.score.hands[index].notes


@pytest.mark.parametrize("case", RUBBER_CASES, ids=list(RUBBER_CASES))
def test_rubbers_under_each_rubber_rule(case):
    rule, hands, rubbers = RUBBER_CASES[case]
    table = play_table(games_format(rubber=rule), hands)
    assert [(r.won_by, r.games, r.points) for r in table.score.rubbers] == rubbers
    assert len(table.score.games) == (2 if hands is TWO_NIL else 3)
    # After a finished rubber the next hand starts a new one; with no rubbers the games are counted.
    if rule == "none":
        assert table.state == ("North–South lead 2–0" if hands is TWO_NIL else "North–South lead 2–1")
    else:
        assert table.state == "A new rubber"


def test_the_state_says_who_leads_the_rubber_and_the_game():
    table = play_table(games_format(), [hand(11), hand(5)])
    assert table.state == "North–South lead 1–0; East–West lead this game 2–0"
    assert table.hand(1).game_won_by == "NS"
    assert table.hand(2).score_before == score(0, 0)
