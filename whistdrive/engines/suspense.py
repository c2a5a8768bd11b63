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


def board_hidden(*, hands: int, hide_last: int, current_hand: int, finished: bool, revealed: int, awards: int) -> bool:
    """Whether the board keeps the standings secret now: from the first of the last ``hide_last`` hands until
    every prize has been revealed at the end."""
    if hide_last <= 0 or current_hand <= max(0, hands - hide_last):
        return False
    return not (finished and revealed >= awards)


def reveal_order(awards: Sequence[Award]) -> list[Award]:
    """The awards in the order the reveal shows them: booby prizes first, then every prize's places from the last
    place up (all the thirds, then the seconds, then the firsts), the organiser's first prize last of all."""
    booby = [award for award in awards if award.kind in FIRST_REVEALED]
    rest = [award for award in awards if award.kind not in FIRST_REVEALED]
    return booby + sorted(rest, key=lambda award: (-award.place, -award.prize))
