"""The plain values every movement works on: players, seatings, results, and the user error."""

from __future__ import annotations

from dataclasses import dataclass, field

SEATS = ("N", "E", "S", "W")
# With roles the ladies sit N and E, the gents S and W; without roles the same geometry
# decides who moves which way, so the N/E seats are called the "lady" seats.
LADY_SEATS = ("N", "E")
GENT_SEATS = ("S", "W")
PARTNER_SEAT = {"N": "S", "S": "N", "E": "W", "W": "E"}
SIDE_OF = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
SIDE_SEATS = {"NS": ("N", "S"), "EW": ("E", "W")}  # lady seat first


class MovementError(ValueError):
    """A user error: the message says what the organiser can do about it."""


class WaitForTheHall(MovementError):
    """Where a player goes next is not known until every table has finished the hand."""


@dataclass(frozen=True)
class Player:
    id: str
    role: str | None = None  # "lady", "gent" or None: the role for tonight


@dataclass(frozen=True)
class RoundResult:
    """A table's round: tricks summed over its hands (after revokes) and who won its last hand."""

    tricks_ns: int
    tricks_ew: int
    last_hand_winner: str = "NS"

    @property
    def winner(self) -> str:
        if self.tricks_ns != self.tricks_ew:
            return "NS" if self.tricks_ns > self.tricks_ew else "EW"
        # Over a multi-hand round a tie in tricks goes to the winner of its last hand.
        return self.last_hand_winner


@dataclass(frozen=True)
class Seating:
    tables: dict[int, dict[str, str]]
    sitting_out: tuple[str, ...] = field(default_factory=tuple)

    def position(self, player_id: str) -> tuple[int, str] | None:
        for number, seats in self.tables.items():
            for seat, pid in seats.items():
                if pid == player_id:
                    return number, seat
        return None

    def partner(self, player_id: str) -> str | None:
        where = self.position(player_id)
        if where is None:
            return None
        return self.tables[where[0]][PARTNER_SEAT[where[1]]]

    def opponents(self, player_id: str) -> tuple[str, ...]:
        where = self.position(player_id)
        if where is None:
            return ()
        seats = self.tables[where[0]]
        other = "EW" if SIDE_OF[where[1]] == "NS" else "NS"
        return tuple(seats[s] for s in SIDE_SEATS[other])

    def seated(self) -> list[str]:
        return [pid for number in sorted(self.tables) for pid in (self.tables[number][s] for s in SEATS)]

    def to_dict(self) -> dict:
        return {
            "tables": [{"table": t, "seats": dict(self.tables[t])} for t in sorted(self.tables)],
            "sitting_out": list(self.sitting_out),
        }
