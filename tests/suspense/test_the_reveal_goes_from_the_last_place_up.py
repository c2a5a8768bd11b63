"""The suspense engine: when the board keeps the standings secret, and the order the reveal shows the prizes in
(plain Python: no database)."""

import pytest

from whistdrive.engines.prizes import Award, Winner
from whistdrive.engines.suspense import board_hidden, reveal_order


def award(prize: int, kind: str, place: int, description: str) -> Award:
    return Award(prize, kind, "", place, description, (Winner("p1", description, 100),))


@pytest.mark.parametrize(
    ("current_hand", "finished", "revealed", "hidden"),
    [
        (20, False, 0, False),  # before the last four hands: the standings show
        (21, False, 0, True),  # the first of the last four: secret
        (24, False, 0, True),
        (24, True, 5, True),  # finished, two of the seven prizes still to reveal
        (24, True, 7, False),  # every prize revealed: the standings show again
    ],
)
def test_the_board_is_secret_for_the_last_hands_until_every_prize_is_revealed(current_hand, finished, revealed, hidden):
    assert board_hidden(hands=24, hide_last=4, current_hand=current_hand, finished=finished, revealed=revealed,
                        awards=7) is hidden  # fmt: skip


def test_a_club_that_keeps_nothing_secret_shows_the_standings_to_the_end():
    assert not board_hidden(hands=24, hide_last=0, current_hand=24, finished=False, revealed=0, awards=7)


def test_the_reveal_shows_the_booby_first_then_every_third_then_second_and_the_first_prize_last():
    awards = [
        award(0, "top", 1, "Ladies' 1st"), award(0, "top", 2, "Ladies' 2nd"), award(0, "top", 3, "Ladies' 3rd"),
        award(1, "top", 1, "Gents' 1st"), award(1, "top", 2, "Gents' 2nd"), award(1, "top", 3, "Gents' 3rd"),
        award(2, "booby", 1, "Booby"), award(3, "mystery", 1, "Mystery score"),
    ]  # fmt: skip
    assert [a.description for a in reveal_order(awards)] == [
        "Booby", "Gents' 3rd", "Ladies' 3rd", "Gents' 2nd", "Ladies' 2nd", "Mystery score", "Gents' 1st",
        "Ladies' 1st",
    ]  # fmt: skip
