"""The words of the table: seats, sides and suits, in one place. No Django import.

Every engine, adapter, page and printout takes its seats, sides, partners and suit words from here,
and the one test of a whole number that every checker of archives, formats and prizes uses.
"""

from __future__ import annotations

from typing import TypeGuard

SEATS = ("N", "E", "S", "W")  # clockwise, as the deal goes round
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
SIDES = ("NS", "EW")
SIDE_NAMES = {"NS": "North–South", "EW": "East–West"}
SIDE_OF_SEAT = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
OTHER_SIDE = {"NS": "EW", "EW": "NS"}
PARTNER_SEAT = {"N": "S", "S": "N", "E": "W", "W": "E"}
# With roles the ladies sit N and E, the gents S and W; without roles the same geometry decides who
# moves which way, so the N/E seats are called the "lady" seats.
LADY_SEATS = ("N", "E")
GENT_SEATS = ("S", "W")
SIDE_SEATS = {"NS": ("N", "S"), "EW": ("E", "W")}  # lady seat first

SUITS = "HDSC"  # the rotation's order of the four suits
TRUMP_LETTERS = "HDSCN"  # N: no trumps
SUIT_WORDS = {"H": "hearts", "D": "diamonds", "S": "spades", "C": "clubs", "N": "no trumps"}
SUIT_SYMBOLS = {"H": "♥", "D": "♦", "S": "♠", "C": "♣", "N": "NT"}


def suit_word(letter: str, *, capital: bool = False) -> str:
    """ "hearts", or "Hearts" at the start of a line or on a button."""
    word = SUIT_WORDS[letter]
    return word[:1].upper() + word[1:] if capital else word


def seat_phrase(seat: str) -> str:
    """ "N" -> "North"; the movement's "N or E" (a seat another table decides) -> "North or East"."""
    return " or ".join(SEAT_NAMES.get(part, part) for part in seat.split(" or "))


def is_whole_number(value: object) -> TypeGuard[int]:
    """A whole number as JSON or a form gives it: ``True`` is not 1 tricks."""
    return isinstance(value, int) and not isinstance(value, bool)
