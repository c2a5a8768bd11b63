"""The Howell movement for pairs: every pair moves, and meets every other pair once.

The schedules are stored (``howell_data.SCHEDULES``, found by ``tools/find_howells.py``) for 4 to
16 pairs: one cycle of P - 1 rounds (P rounds for an odd number, each pair sitting out once), each
round one (N–S pair, E–W pair, board set) per table. A drive or game night uses the meetings and
directions; duplicate whist also the board sets (``whistdrive.engines.duplicate``). Evenings longer than
a cycle repeat it from its first round.
"""

from __future__ import annotations

from dataclasses import dataclass

from .howell_data import SCHEDULES

FEWEST_PAIRS = min(SCHEDULES)
MOST_PAIRS = max(SCHEDULES)


@dataclass(frozen=True)
class Meeting:
    """One table in one round of a Howell: pair numbers (1-based) and the board set it plays."""

    table: int
    ns: int
    ew: int
    board_set: int


def howell_problem(pairs: int) -> str | None:
    """Why ``pairs`` pairs cannot play a Howell, in words for the organiser; None when they can."""
    if FEWEST_PAIRS <= pairs <= MOST_PAIRS:
        return None
    return (
        f"a Howell is for {FEWEST_PAIRS} to {MOST_PAIRS} pairs ({FEWEST_PAIRS // 2} to {MOST_PAIRS // 2} tables), "
        f"not {pairs}: choose a Mitchell"
    )


def cycle_length(pairs: int) -> int:
    """Rounds in which every pair meets every other once: P - 1, or P for an odd number of pairs."""
    return len(SCHEDULES[pairs])


def howell_round(pairs: int, round_number: int) -> tuple[Meeting, ...]:
    """The tables of round ``round_number`` (1-based); after a whole cycle the cycle repeats."""
    problem = howell_problem(pairs)
    if problem:
        raise ValueError(problem)
    tables = SCHEDULES[pairs][(round_number - 1) % len(SCHEDULES[pairs])]
    return tuple(Meeting(t, ns, ew, board_set) for t, (ns, ew, board_set) in enumerate(tables, start=1))


def sitting_out(pairs: int, round_number: int) -> int | None:
    """The pair that sits out round ``round_number`` (an odd number of pairs), else None."""
    seated = {p for m in howell_round(pairs, round_number) for p in (m.ns, m.ew)}
    missing = sorted(set(range(1, pairs + 1)) - seated)
    return missing[0] if missing else None


def tables_of(pairs: int) -> int:
    return pairs // 2


def howell_notes(pairs: int, rounds: int) -> list[str]:
    """What the desk should know about ``rounds`` rounds of a Howell for ``pairs`` pairs."""
    cycle = cycle_length(pairs)
    notes = []
    if pairs % 2:
        notes.append(f"{pairs} pairs: one pair sits out each round, each pair once in {cycle} rounds")
    if rounds < cycle:
        notes.append(
            f"{rounds} rounds of a {cycle}-round Howell: no two pairs meet twice, but not every pair meets every other"
        )
    elif rounds > cycle:
        notes.append(f"{rounds} rounds: after round {cycle} every pair has met every other, and the rounds start again")
    return notes
