"""The board's suspense: the last hands kept secret, and the prizes revealed from the last place up (plain Python,
no Django).

A club may keep the standings off the projector for the last few hands, so that nobody knows who has won until
prize-giving; there the organiser reveals the prizes one at a time, the lowest first and the winner last.
"""

from __future__ import annotations

from collections.abc import Sequence

from whistdrive.engines.prizes import Award

# Given first at most prize-givings: the consolation before the winners.
FIRST_REVEALED = ("booby",)


def in_secret_hands(*, hands: int, hide_last: int, current_hand: int) -> bool:
    """Whether the evening has reached the last ``hide_last`` hands (and stays there once it is over)."""
    return hide_last > 0 and current_hand > max(0, hands - hide_last)


def board_hidden(*, hands: int, hide_last: int, current_hand: int, finished: bool, revealed: int, awards: int) -> bool:
    """Whether the board keeps the standings secret now: from the first of the last ``hide_last`` hands until
    every prize has been revealed at the end. The players' phones keep the same secret: their totals and places
    would tell the room who is winning."""
    if not in_secret_hands(hands=hands, hide_last=hide_last, current_hand=current_hand):
        return False
    return not (finished and revealed >= awards)


def reveal_order(awards: Sequence[Award]) -> list[Award]:
    """The awards in the order the reveal shows them: booby prizes first, then every prize's places from the last
    place up (all the thirds, then the seconds, then the firsts), the organiser's first prize last of all."""
    booby = [award for award in awards if award.kind in FIRST_REVEALED]
    rest = [award for award in awards if award.kind not in FIRST_REVEALED]
    return booby + sorted(rest, key=lambda award: (-award.place, -award.prize))
