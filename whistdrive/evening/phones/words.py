"""How the table's page says things: a claim ("8–5, revoke by East–West"), a trump, what a revoke costs,
a score, a side's changed claim; and the reasons a table may give for calling the organiser."""

from __future__ import annotations

from whistdrive.engines.rules import HandEntry, tricks_after_revoke
from whistdrive.engines.vocabulary import SIDE_NAMES, SUIT_SYMBOLS, SUITS, suit_word

FLAG_REASONS = [
    ("dispute", "We disagree on the result"),
    ("misdeal", "Misdeal"),
    ("missing", "A player is missing"),
    ("other", "Something else"),
]


def trump_view(trump: str | None) -> dict | None:
    if not trump:
        return None
    return {
        "letter": trump,
        "symbol": SUIT_SYMBOLS[trump],
        "word": suit_word(trump, capital=True),
        "red": trump in "HD",
    }


def claim_extra(claimed: HandEntry, fmt) -> str:
    """What a claim says beyond the tricks: honours, a revoke, a turned trump ("" when nothing)."""
    parts = []
    if fmt.is_games and fmt.honours and (claimed.honours_ns or claimed.honours_ew):
        parts.append(f"honours {claimed.honours_ns or 0}–{claimed.honours_ew or 0}")
    if claimed.revoke:
        parts.append(f"revoke by {SIDE_NAMES[claimed.revoke]}")
    if fmt.trump_rotation is None and claimed.trump in SUITS:
        parts.append(f"{suit_word(claimed.trump)} trumps")
    return ", ".join(parts)


def claim_words(claimed: HandEntry, fmt) -> str:
    """ "8–5", then honours, a revoke and a turned trump when the table entered them."""
    extra = claim_extra(claimed, fmt)
    return f"{claimed.tricks_ns}–{claimed.tricks_ew}" + (f", {extra}" if extra else "")


def score_words(score: dict[str, int]) -> str:
    return f"North–South {score['NS']}, East–West {score['EW']}"


def revoke_rule(fmt) -> str:
    """What a revoke costs, as the keypad says it."""
    if fmt.is_games and fmt.revoke_penalty == "points":
        return "A revoke gives the other side 3 points, and the revoking side cannot reach game on this hand."
    if fmt.is_games:
        return "A revoke moves 3 tricks to the other side, and the revoking side cannot reach game on this hand."
    return "A revoke moves 3 tricks to the other side."


def counts_as(claimed: HandEntry, fmt) -> str:
    """The score that will count after a revoke's penalty, in words ("" when no trick moves)."""
    after = tricks_after_revoke(claimed, fmt)
    if (after["NS"], after["EW"]) == (claimed.tricks_ns, claimed.tricks_ew):
        return ""
    return f"North–South {after['NS']}, East–West {after['EW']} ({after['NS']}–{after['EW']})"


def words_for_side(claimed: HandEntry, side: str, fmt) -> str:
    """A claim read from ``side``'s phone, its own tricks first: "7–6" for North–South is "6–7" for East–West,
    so an E–W player reads "Accept theirs: 6–7 (we 6, they 7)" as they count their own tricks."""
    other = "EW" if side == "NS" else "NS"
    ours, theirs = claimed.tricks[side], claimed.tricks[other]
    extra = claim_extra(claimed, fmt)
    return f"{ours}–{theirs} (we {ours}, they {theirs})" + (f", {extra}" if extra else "")


def changed_words(claimed: HandEntry, side: str, fmt) -> str:
    """A side's claim in its own terms: its tricks, and what else it said ("8, revoke by East–West")."""
    extra = claim_extra(claimed, fmt)
    return f"{claimed.tricks[side]}" + (f", {extra}" if extra else "")
