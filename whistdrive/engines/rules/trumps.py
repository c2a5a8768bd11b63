"""Which suit is trumps for a hand of an event."""

from __future__ import annotations

from whistdrive.engines.formats import TRUMP_MODES
from whistdrive.engines.vocabulary import TRUMP_LETTERS

from .errors import RuleError


def trump_for_hand(trumps: str, number: int) -> str | None:
    """The trump of hand ``number`` (1-based) under the format's ``trumps`` setting.

    A rotation such as ``"HDSC"`` or ``"HDSCN"`` repeats from hand 1; ``"N"`` is a no-trump hand.
    ``"turned"`` and ``"cut"`` give None: the trump is recorded per hand as it is played.
    """
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise RuleError(f"hands are numbered from 1, not {number!r}")
    if trumps in TRUMP_MODES:
        return None
    if not isinstance(trumps, str) or not trumps or set(trumps) - set(TRUMP_LETTERS) or len(set(trumps)) != len(trumps):
        raise RuleError(
            f"trumps {trumps!r} is not a rotation: use each of H, D, S, C and N (no trumps) at most once, "
            "e.g. HDSC or HDSCN, or 'turned' or 'cut'"
        )
    return trumps[(number - 1) % len(trumps)]
