"""Boards: a deal kept in a tray of four pockets, played the same at every table.

The spec's rules (docs/archive-format.md, "Duplicate whist"): the dealer of board n is
N, E, S, W in turn from board 1; the trump is the rotation's by board number, or with "turned"
the suit of the dealer's last card, recorded with the board so every table plays it; a deal
holds 52 different cards, 13 a seat. A board made up beforehand from a hand record carries its
deal; one dealt at the table in the first round has none (``deal`` None).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypedDict

from whistdrive.engines.rules import SEATS, Card, RuleError, card_name, deal, parse_card, play_deal, shuffled_pack
from whistdrive.engines.rules.play import PlayedHand, Player
from whistdrive.engines.rules.trumps import trump_for_hand
from whistdrive.engines.vocabulary import SUIT_WORDS, TRUMP_LETTERS

SUITS = ("H", "D", "S", "C")


class BoardDict(TypedDict):
    """A ``Board`` as the archive's ``boards[]`` entry writes it."""

    number: int
    dealer: str
    trump: str | None
    deal: dict[str, list[str]] | None


@dataclass(frozen=True)
class Board:
    """One board: its number, dealer and trump, and its deal (None when dealt at the table).

    ``turned`` is the card the dealer turned for trumps when the engine dealt the board with
    "turned" trumps (for the hand record); it is not part of the archive.
    """

    number: int
    dealer: str
    trump: str | None  # "H", "D", "S", "C", "N"; None: turned, and not yet known
    deal: Mapping[str, tuple[Card, ...]] | None = None
    turned: Card | None = None

    def to_dict(self) -> BoardDict:
        """The archive's ``boards[]`` entry: cards written as "AS", "10H", each hand high to low."""
        return {
            "number": self.number,
            "dealer": self.dealer,
            "trump": self.trump,
            "deal": None if self.deal is None else {seat: _written(self.deal[seat]) for seat in SEATS},
        }

    def play(self, players: Mapping[str, Player] | Player | None = None) -> PlayedHand:
        """Play this board's deal out (eldest hand leads) with the simulation's card players."""
        if self.deal is None:
            raise RuleError(f"board {self.number} was dealt at the table: there is no deal to play")
        if self.trump is None:
            raise RuleError(f"board {self.number} has no trump recorded yet")
        return play_deal(self.deal, self.dealer, self.trump, players)


def dealer_of(number: int) -> str:
    """N for board 1, E for 2, S for 3, W for 4, N for 5, …"""
    return SEATS[(number - 1) % 4]


def trump_of(trumps: str, number: int) -> str | None:
    """The rotation's trump for board ``number``, or None when trumps are turned."""
    return trump_for_hand(trumps, number)


def blank_board(trumps: str, number: int) -> Board:
    """A board to be dealt at the table: its dealer, and its trump unless trumps are turned."""
    return Board(number, dealer_of(number), trump_of(trumps, number))


def seeded_board(trumps: str, number: int, seed: int) -> Board:
    """Board ``number`` dealt by the engine from ``seed``: the same seed and number, the same cards.

    The pack is shuffled by a seed made from both, dealt singly from the dealer's left; with
    "turned" trumps the trump is the suit of the dealer's last card.
    """
    pack = shuffled_pack(_board_seed(seed, number))
    dealer = dealer_of(number)
    dealt = deal(pack, dealer)
    rotation = trump_of(trumps, number)
    trump = rotation if rotation is not None else dealt.turned_suit
    return Board(number, dealer, trump, dealt.hands, None if rotation is not None else dealt.turned)


def seeded_boards(trumps: str, count: int, seed: int) -> list[Board]:
    """Boards 1..count for hand records, each dealt from ``seed`` (see ``seeded_board``)."""
    return [seeded_board(trumps, number, seed) for number in range(1, count + 1)]


def _board_seed(seed: int, number: int) -> int:
    # A seed per board that does not depend on how many boards there are or on Python's hash.
    return int.from_bytes(hashlib.sha256(f"whistdrive board {seed} {number}".encode()).digest()[:8], "big")


def _written(cards: Sequence[int]) -> list[str]:
    return [card_name(c) for c in sorted(cards, reverse=True)]


# -- reading and checking a board from outside (an archive, a typed-in hand record) -----------------


def deal_problems(data: object, where: str = "deal") -> list[str]:
    """Every fault of a deal given as seat -> list of cards ("AS", "10H"), each naming its place."""
    if not isinstance(data, Mapping):
        return [f"{where}: a deal gives each of N, E, S and W its 13 cards"]
    problems: list[str] = []
    seats = set(data)
    if seats != set(SEATS):
        missing = [s for s in SEATS if s not in seats]
        extra = sorted(str(s) for s in seats - set(SEATS))
        if missing:
            problems.append(f"{where}: no cards for {', '.join(missing)}")
        if extra:
            problems.append(f"{where}: {', '.join(extra)} is not a seat (N, E, S, W)")
    holder: dict[int, str] = {}
    for seat in SEATS:
        cards = data.get(seat)
        if cards is None:
            continue
        if not isinstance(cards, (list, tuple)):
            problems.append(f'{where}.{seat}: a list of 13 cards such as "AS", "10H"')
            continue
        if len(cards) != 13:
            problems.append(f"{where}.{seat}: {len(cards)} cards, not 13")
        for card_text in cards:
            try:
                card = parse_card(card_text)
            except RuleError as error:
                problems.append(f"{where}.{seat}: {error}")
                continue
            if card in holder:
                problems.append(f"{where}.{seat}: {card} is also in {holder[card]}'s hand: a pack has each card once")
            else:
                holder[card] = seat
    if not problems and len(holder) != 52:
        problems.append(f"{where}: {len(holder)} different cards, not the 52 of a pack")
    return problems


def read_deal(data: Mapping[str, Any], where: str = "deal") -> dict[str, tuple[Card, ...]]:
    """A deal from seat -> card names; a RuleError listing every fault ("; ") if it is not one."""
    problems = deal_problems(data, where)
    if problems:
        raise RuleError("; ".join(problems))
    return {seat: tuple(sorted(parse_card(c) for c in data[seat])) for seat in SEATS}


def board_problems(trumps: str, data: object, where: str = "board") -> list[str]:
    """Every fault of an archive ``boards[]`` entry: number, dealer by number, trump, deal."""
    if not isinstance(data, Mapping):
        return [f"{where}: a board has a number, a dealer, a trump and a deal (or null)"]
    problems: list[str] = []
    number = data.get("number")
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        return [f"{where}.number: boards are numbered from 1, not {number!r}"]
    dealer = data.get("dealer")
    if dealer != dealer_of(number):
        problems.append(
            f"{where}.dealer: board {number} is dealt by {dealer_of(number)} (N, E, S, W in turn from board 1), "
            f"not {dealer!r}"
        )
    trump = data.get("trump")
    rotation = trump_of(trumps, number)
    if rotation is not None and trump != rotation:
        problems.append(f"{where}.trump: board {number} is played in {SUIT_WORDS[rotation]}, not {trump!r}")
    elif trump is not None and trump not in TRUMP_LETTERS:
        problems.append(f"{where}.trump: trumps are H, D, S, C or N (no trumps), not {trump!r}")
    elif rotation is None and trump == "N":
        problems.append(f"{where}.trump: a turned trump is a suit, so it cannot be no trumps")
    cards = data.get("deal")
    if cards is not None:
        found = deal_problems(cards, f"{where}.deal")
        problems.extend(found)
        if not found and rotation is None and trump in SUITS and dealer in SEATS:
            held = {parse_card(c).suit for c in cards[dealer]}
            if trump not in held:
                problems.append(
                    f"{where}.trump: the dealer ({dealer}) turns the last card for trumps and holds no "
                    f"{SUIT_WORDS[trump]}"
                )
    return problems


def read_board(trumps: str, data: Mapping[str, Any], where: str = "board") -> Board:
    """A Board from an archive ``boards[]`` entry; a RuleError naming every fault."""
    problems = board_problems(trumps, data, where)
    if problems:
        raise RuleError("; ".join(problems))
    cards = data.get("deal")
    return Board(data["number"], data["dealer"], data.get("trump"), None if cards is None else read_deal(cards))
