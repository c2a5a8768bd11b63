"""The fixed pairs of a pairs evening and their numbers, read from the movement's first round.

A pair's number is where the movement starts it, as on the table cards of a bridge club:

- Mitchell: "N–S 3" is the pair sitting N–S at table 3 all evening; "E–W 3" the pair that starts
  E–W at table 3 (with an odd number of pairs, the E–W pair starting at the half table, which sits
  out the first round, has the half table's number).
- Howell: pairs 1..P, the schedule's numbers (``howell.howell_round``): round 1 gives each pair's
  table and direction, and a pair sitting out round 1 is the one the schedule sits out.
- Stationary (a game night of fixed tables): the N–S pair at table t is pair 2t − 1, the E–W
  pair 2t.

Other movements change partners, so they have no pairs (a MovementError says so).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from whistdrive.engines.formats import Format

from .howell import howell_problem, howell_round, sitting_out
from .seating import MovementError, SeatingPlan

DIRECTION_WORDS = {"NS": "N–S", "EW": "E–W"}


@dataclass(frozen=True)
class Pair:
    """A fixed partnership: its number, its two players (N or E seat first) and its direction.

    ``direction`` is "NS" or "EW" for a pair that keeps one direction all evening (Mitchell,
    stationary), None for one that changes (Howell).
    """

    number: int
    ids: tuple[str, str]
    direction: str | None = None

    @property
    def id(self) -> str:
        """A short id unique within the evening: "NS3", "EW3" or "P3"."""
        return f"{self.direction or 'P'}{self.number}"

    @property
    def label(self) -> str:
        """The pair as the cards print it: "N–S 3", "E–W 3", "Pair 3"."""
        if self.direction:
            return f"{DIRECTION_WORDS[self.direction]} {self.number}"
        return f"Pair {self.number}"


def pairs_of(fmt: Format, first: SeatingPlan) -> list[Pair]:
    """The evening's pairs, numbered from the seating of its first round (see the module's words)."""
    if fmt.movement == "mitchell":
        pairs = [Pair(t, (s["N"], s["S"]), "NS") for t, s in sorted(first.tables.items())]
        pairs += [Pair(t, (s["E"], s["W"]), "EW") for t, s in sorted(first.tables.items())]
        if first.sitting_out:
            pairs.append(Pair(len(first.tables) + 1, _two(first.sitting_out), "EW"))
        return pairs
    if fmt.movement == "howell":
        return howell_pairs(first)
    if fmt.movement == "stationary":
        if first.sitting_out:
            raise MovementError("players sit out in turn, so the partnerships change: there are no fixed pairs")
        pairs = []
        for t, s in sorted(first.tables.items()):
            pairs += [Pair(2 * t - 1, (s["N"], s["S"]), "NS"), Pair(2 * t, (s["E"], s["W"]), "EW")]
        return pairs
    raise MovementError(f"a {fmt.movement_kind.words} movement changes partners: it has no fixed pairs")


def howell_pairs(first: SeatingPlan) -> list[Pair]:
    """Pairs 1..P of a Howell whose round 1 is ``first``; a MovementError if it is no Howell's round 1."""
    count = 2 * len(first.tables) + (1 if first.sitting_out else 0)
    problem = howell_problem(count)
    if problem:
        raise MovementError(problem)
    found: dict[int, tuple[str, str]] = {}
    for meeting in howell_round(count, 1):
        seats = first.tables.get(meeting.table)
        if seats is None:
            raise MovementError(f"there is no table {meeting.table}: this is not a Howell's first round")
        found[meeting.ns] = (seats["N"], seats["S"])
        found[meeting.ew] = (seats["E"], seats["W"])
    out = sitting_out(count, 1)
    if out is not None:
        found[out] = _two(first.sitting_out)
    return [Pair(number, found[number]) for number in range(1, count + 1)]


def _two(ids: Iterable[str]) -> tuple[str, str]:
    pair = tuple(ids)
    if len(pair) != 2:
        raise MovementError(f"a whole pair sits out, not {len(pair)} players")
    return pair[0], pair[1]
