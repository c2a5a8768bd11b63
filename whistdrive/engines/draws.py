"""The evening's draws: the raffle, the mystery card number and the lucky table (plain Python, no Django).

Every draw is made from a seed recorded with it, by Python's Mersenne Twister (``random.Random(seed)``, whose
``randrange`` has given the same numbers for a seed since Python 3.2): anyone with the seed and what was in the hat
draws the same winner again, which is how the audit trail checks each draw. Every ticket still in the hat is
equally likely (``randrange`` rejects rather than folds, so there is no modulo bias).

Raffle tickets are sold as coloured books: "pink 1–100, blue 1–50". A ticket drawn is out of the hat for the
next draw, as a ticket taken out of the hat is.
"""

from __future__ import annotations

import random
import re
import secrets
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import TypeVar

KINDS = ("raffle", "mystery_card", "lucky_table")
KIND_WORDS = {"raffle": "Raffle", "mystery_card": "Mystery card number", "lucky_table": "Lucky table"}
MOST_TICKETS = 100_000  # a typo of 1–100000 for 1–1000 is refused, not put in the hat
MOST_COLOURS = 12

T = TypeVar("T")


class DrawError(ValueError):
    """A draw that cannot be made, with what to do about it."""


@dataclass(frozen=True, order=True)
class TicketRange:
    colour: str
    first: int
    last: int

    def __len__(self) -> int:
        return self.last - self.first + 1

    def as_dict(self) -> dict[str, str | int]:
        return {"colour": self.colour, "first": self.first, "last": self.last}

    @classmethod
    def from_dict(cls, value: dict[str, str | int]) -> TicketRange:
        return cls(str(value["colour"]), int(value["first"]), int(value["last"]))

    def __str__(self) -> str:
        return f"{self.colour} {self.first}–{self.last}"


@dataclass(frozen=True, order=True)
class Ticket:
    colour: str
    number: int

    def __str__(self) -> str:
        return f"{self.colour.capitalize()} {self.number}"


_RANGE = re.compile(r"^\s*([^\W\d_][^\d,;]*?)\s+(\d{1,6})\s*(?:-|–|—|to)\s*(\d{1,6})\s*$")


def parse_ranges(text: str) -> list[TicketRange]:
    """The tickets sold, as typed: one book a line or separated by commas ("pink 1-100, blue 1–50")."""
    ranges = []
    for part in [p for p in re.split(r"[\n,;]", text) if p.strip()]:
        match = _RANGE.match(part)
        if match is None:
            raise DrawError(f"“{part.strip()}” is not a colour and a range of tickets, such as “pink 1–100”.")
        colour, first, last = match.group(1).strip().lower(), int(match.group(2)), int(match.group(3))
        if last < first:
            raise DrawError(f"“{part.strip()}”: the range must go up, such as {colour} {last}–{first}.")
        ranges.append(TicketRange(colour, first, last))
    check_ranges(ranges)
    return ranges


def check_ranges(ranges: Sequence[TicketRange]) -> None:
    if not ranges:
        raise DrawError("Say which tickets were sold, such as “pink 1–100, blue 1–50”.")
    if len({r.colour for r in ranges}) > MOST_COLOURS:
        raise DrawError(f"More than {MOST_COLOURS} colours: check the tickets typed.")
    if sum(len(r) for r in ranges) > MOST_TICKETS:
        raise DrawError(f"More than {MOST_TICKETS:,} tickets: check the ranges typed.")
    by_colour: dict[str, list[TicketRange]] = {}
    for r in ranges:
        by_colour.setdefault(r.colour, []).append(r)
    for colour, books in by_colour.items():
        books.sort()
        for before, after in zip(books, books[1:], strict=False):
            if after.first <= before.last:
                raise DrawError(f"The {colour} tickets {before.first}–{before.last} and {after.first}–{after.last} "
                                "overlap: each ticket is sold once.")  # fmt: skip


def tickets(ranges: Sequence[TicketRange]) -> list[Ticket]:
    """Every ticket sold, in the order typed (the hat's order, which a reproduced draw must keep)."""
    return [Ticket(r.colour, number) for r in ranges for number in range(r.first, r.last + 1)]


def new_seed() -> int:
    """A fresh seed, recorded before the draw it makes (it fits a signed 64-bit column)."""
    return secrets.randbits(62)


def draw_one(hat: Sequence[T], seed: int) -> T:
    """One of ``hat``, each equally likely, the same one for the same seed and hat."""
    if not hat:
        raise DrawError("There is nothing left to draw.")
    return hat[random.Random(seed).randrange(len(hat))]


def draw_ticket(ranges: Sequence[TicketRange], drawn: Collection[Ticket], seed: int) -> Ticket:
    """The next raffle ticket: any ticket sold and not drawn yet, equally likely."""
    check_ranges(ranges)
    out = set(drawn)
    hat = [ticket for ticket in tickets(ranges) if ticket not in out]
    if not hat:
        raise DrawError("Every ticket sold has been drawn.")
    return draw_one(hat, seed)
