"""Cards, the pack and the deal.

A card is an ``int`` from 0 to 51: ``suit * 13 + (rank - 2)`` with suits in the order
S H D C. Plain ints keep play fast (the heuristic player and the benchmark handle millions
of cards); ``Card`` is an ``int`` subclass that only adds a readable name, so a ``Card`` and
the same plain int are interchangeable everywhere.

Within a suit a higher number is a higher card, and a hand sorted as ints is grouped by suit
and ordered low to high inside each suit.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from whistdrive.engines.vocabulary import SEATS, SIDE_OF_SEAT

from .errors import RuleError

SUITS = "SHDC"
RANK_NAMES = {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}
_RANK_OF_NAME = {"A": 14, "K": 13, "Q": 12, "J": 11, "10": 10, "T": 10}
_RANK_OF_NAME.update({str(r): r for r in range(2, 10)})


class Card(int):
    """A playing card; ``Card.of(14, "S")`` is the ace of spades, written ``AS``."""

    __slots__ = ()

    @classmethod
    def of(cls, rank: int, suit: str) -> Card:
        return cls(SUITS.index(suit) * 13 + rank - 2)

    @property
    def suit(self) -> str:
        return SUITS[self // 13]

    @property
    def rank(self) -> int:
        """2 … 14 (ace high)."""
        return self % 13 + 2

    def __str__(self) -> str:
        return RANK_NAMES.get(self.rank, str(self.rank)) + self.suit

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


def card_name(card: int) -> str:
    return str(Card(card))


def parse_card(text: str) -> Card:
    """``"AS"``, ``"10H"``, ``"TH"``, ``"2c"`` → a Card; anything else is a RuleError."""
    cleaned = text.strip().upper() if isinstance(text, str) else ""
    rank = _RANK_OF_NAME.get(cleaned[:-1])
    suit = cleaned[-1:]
    if rank is None or not suit or suit not in SUITS:
        raise RuleError(
            f"{text!r} is not a card: write the rank (A K Q J 10 … 2, or T for ten) then the suit "
            "(S H D C), e.g. AS, 10H, 2C"
        )
    return Card.of(rank, suit)


def parse_cards(text: str) -> list[Card]:
    return [parse_card(part) for part in text.split()]


def new_pack() -> list[Card]:
    """The 52 cards in order: spades 2…A, hearts, diamonds, clubs."""
    return [Card(n) for n in range(52)]


def shuffled_pack(seed: int) -> list[Card]:
    """A pack shuffled by ``random.Random(seed)``: the same seed gives the same order."""
    pack = new_pack()
    random.Random(seed).shuffle(pack)
    return pack


def next_seat(seat: str) -> str:
    """The seat on this seat's left (play and the deal go clockwise)."""
    return SEATS[(SEATS.index(seat) + 1) % 4]


def next_dealer(dealer: str) -> str:
    """The deal passes to the left."""
    return next_seat(dealer)


def seat_order(first: str) -> tuple[str, str, str, str]:
    start = SEATS.index(first)
    return tuple(SEATS[(start + i) % 4] for i in range(4))  # type: ignore[return-value]


@dataclass(frozen=True)
class Deal:
    """Thirteen cards to each seat, and the dealer's last card turned for trumps."""

    dealer: str
    hands: dict[str, tuple[Card, ...]]
    turned: Card

    @property
    def eldest(self) -> str:
        """Eldest hand, on the dealer's left, leads to the first trick."""
        return next_seat(self.dealer)

    @property
    def turned_suit(self) -> str:
        return self.turned.suit

    def hands_of_side(self, side: str) -> tuple[Card, ...]:
        return tuple(card for seat, hand in self.hands.items() if SIDE_OF_SEAT[seat] == side for card in hand)


def deal(pack: Sequence[int], dealer: str) -> Deal:
    """Deal the pack singly, clockwise from the dealer's left; the dealer's last card is turned."""
    if dealer not in SEATS:
        raise RuleError(f"the dealer sits at N, E, S or W, not {dealer!r}")
    if len(pack) != 52 or len(set(pack)) != 52 or not all(0 <= card < 52 for card in pack):
        raise RuleError("a deal needs the whole pack of 52 different cards")
    order = seat_order(next_seat(dealer))
    hands = {seat: tuple(sorted(Card(card) for card in pack[i::4])) for i, seat in enumerate(order)}
    # The 52nd card goes to the fourth seat from the dealer's left: the dealer.
    return Deal(dealer=dealer, hands={seat: hands[seat] for seat in SEATS}, turned=Card(pack[51]))
