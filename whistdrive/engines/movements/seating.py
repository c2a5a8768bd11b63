"""The plain values every movement works on: players, seatings, results, and the user error."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TypedDict

from whistdrive.engines.formats import Format
from whistdrive.engines.vocabulary import OTHER_SIDE, PARTNER_SEAT, SEATS, SIDE_OF_SEAT, SIDE_SEATS


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
class NextPlace:
    """Where a player goes for the next hand: ``table`` None to sit out. ``seats`` is the seat, or the
    two seats it may be ("N", "E") until the result of the table they go to is in."""

    table: int | None
    seats: tuple[str, ...] = ()

    @property
    def decided(self) -> bool:
        return self.table is None or len(self.seats) == 1

    @property
    def position(self) -> tuple[int, str] | None:
        """(table, seat) as a ``SeatingPlan`` gives it, or None to sit out; only once decided."""
        if not self.decided:
            raise ValueError(f"the seat at table {self.table} is one of {self.seats}: not decided yet")
        return None if self.table is None else (self.table, self.seats[0])

    @classmethod
    def of(cls, position: tuple[int, str] | None) -> NextPlace:
        return cls(None) if position is None else cls(position[0], (position[1],))


def round_results(
    fmt: Format, played: Iterable[tuple[int, int, Mapping[str, int]]], last_hand: int
) -> dict[int, RoundResult]:
    """Each table's result over the round that ends with ``last_hand``, from ``played``: (hand, table
    number, tricks after any revoke) for the round's hands. The one place a round's winner is worked
    out, for the evening as it is played and for an archive being checked."""
    first_hand = last_hand - ((last_hand - 1) % fmt.hands_per_round)
    totals: dict[int, list[int]] = {}
    last_winner: dict[int, str] = {}
    for hand, number, tricks in played:
        if not first_hand <= hand <= last_hand:
            continue
        total = totals.setdefault(number, [0, 0])
        total[0] += tricks["NS"]
        total[1] += tricks["EW"]
        if hand == last_hand:
            last_winner[number] = "NS" if tricks["NS"] > tricks["EW"] else "EW"
    return {
        number: RoundResult(tricks_ns=ns, tricks_ew=ew, last_hand_winner=last_winner[number])
        for number, (ns, ew) in totals.items()
        if number in last_winner
    }


class TableSeats(TypedDict):
    table: int
    seats: dict[str, str]


class SeatingDict(TypedDict):
    """A ``SeatingPlan`` as plain values (``SeatingPlan.to_dict``)."""

    tables: list[TableSeats]
    sitting_out: list[str]


@dataclass(frozen=True)
class SeatingPlan:
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
        other = OTHER_SIDE[SIDE_OF_SEAT[where[1]]]
        return tuple(seats[s] for s in SIDE_SEATS[other])

    def seated(self) -> list[str]:
        return [pid for number in sorted(self.tables) for pid in (self.tables[number][s] for s in SEATS)]

    def to_dict(self) -> SeatingDict:
        return {
            "tables": [{"table": t, "seats": dict(self.tables[t])} for t in sorted(self.tables)],
            "sitting_out": list(self.sitting_out),
        }
