"""Substitutes in duplicate: a player who takes the seat of a partner who had to leave. No Django import.

The spec says partnerships never change in duplicate. A club still seats a substitute when a player
must leave (bridge clubs do; the spec's leavers rule says a leaver's place is taken): the substitute
plays the leaver's seat for the boards left, beside the same partner, and the results stay the pair's.
So a pair is read by its seats, not its people. In the archive a substitute is a player id that takes
a seat of the pair, and this module reads who stands in for whom from the hands alone:

- a player who first plays (seated or sitting out) in a hand after the first stands in for the player
  their partner partnered before, who has left (is in no hand from then on);
- their partner must have played the hand before: a pair keeps at least one of its players from one
  board slot to the next, so two newcomers together are a new pair, not a substitution;
- a substitute may leave in turn: the next one stands in for the same member of the pair.

Anything else (a partner swapped with another pair's, a newcomer beside a player whose partner still
plays, two newcomers at once) is a change of partnership, and ``duplicate_problems`` reports it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from whistdrive.engines.vocabulary import SEATS


@dataclass(frozen=True)
class Substitutes:
    """Who stands in for whom (substitute id -> the pair member's id, the one the pair started with),
    and the problems found reading them, each with its place."""

    stands: Mapping[str, str] = field(default_factory=dict)
    problems: tuple[str, ...] = ()

    def pair_id(self, player: str) -> str:
        """The id of the pair member ``player`` plays as: their own, or the one they stand in for."""
        return self.stands.get(player, player)

    def seats(self, seats: Mapping[str, str]) -> dict[str, str]:
        """A table's seats read as the pair members (each substitute as the player they stand in for)."""
        return {seat: self.pair_id(player) for seat, player in seats.items()}

    def hands(self, hands: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """The archive's hands with every substitute read as the pair member they stand in for."""
        read = []
        for hand in hands:
            tables = [
                {**table, "seats": self.seats(table["seats"])} if _has_seats(table) else table
                for table in hand.get("tables") or []
            ]
            out = [self.pair_id(p) for p in hand.get("sitting_out") or [] if isinstance(p, str)]
            read.append({**hand, "tables": tables, "sitting_out": out})
        return read


def _has_seats(table: object) -> bool:
    return isinstance(table, Mapping) and isinstance(table.get("seats"), Mapping) and set(table["seats"]) == set(SEATS)


def _pairs_in(hand: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The pairs of a board slot: each table's N–S and E–W, and a pair sitting out together."""
    pairs = []
    for table in hand.get("tables") or []:
        if _has_seats(table):
            seats = table["seats"]
            pairs += [(seats["N"], seats["S"]), (seats["E"], seats["W"])]
    out = hand.get("sitting_out") or []
    if len(out) == 2:
        pairs.append((out[0], out[1]))
    return [pair for pair in pairs if all(isinstance(p, str) for p in pair)]


def substitutes_of(hands: Sequence[Mapping[str, Any]]) -> Substitutes:
    """Who stands in for whom in a duplicate evening's ``hands`` (the archive's list), by the rules above."""
    stands: dict[str, str] = {}
    problems: list[str] = []
    seen: set[str] = set()  # everyone placed in an earlier slot
    partner: dict[str, str] = {}  # each player's partner in the last slot they played
    before: set[str] = set()  # the players of the slot before
    for h, hand in enumerate(hands):
        if not isinstance(hand, Mapping):
            continue  # the archive's own checks report it
        pairs = _pairs_in(hand)
        present = {p for pair in pairs for p in pair}
        if h:
            gone = before - present
            for pair in pairs:
                new = [p for p in pair if p not in seen]
                if len(new) == 2:
                    problems.append(
                        f"hands[{h}]: {new[0]} and {new[1]} both first play here: in duplicate a newcomer only "
                        "takes the seat of a player who has left, beside the partner who stays (a substitute)"
                    )
                elif new:
                    newcomer = new[0]
                    mate = pair[1] if pair[0] == newcomer else pair[0]
                    left = partner.get(mate)
                    if mate not in before or left is None or left not in gone:
                        problems.append(
                            f"hands[{h}]: {newcomer} first plays here beside {mate}, whose partner "
                            f"{left or '(none)'} has not left: a substitute takes the seat of a player who has "
                            "left, and partnerships never change otherwise"
                        )
                    else:
                        stands[newcomer] = stands.get(left, left)
        for a, b in pairs:
            partner[a], partner[b] = b, a
        seen |= present
        before = present
    return Substitutes(stands, tuple(problems))
