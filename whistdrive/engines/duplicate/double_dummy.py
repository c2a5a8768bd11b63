"""A board's double-dummy tricks: what each side takes when all four hands are seen and played perfectly.

Whist has no bidding: the board's trump is fixed (the rotation's, or the dealer's turned card) and the player
on the dealer's left leads to the first trick. The solver is Bo Haglund's DDS through endplay's bindings (a C++
library), called here and nowhere else. DDS answers "how many tricks does the side on lead take" for a deal whose
``first`` (the opening leader) and ``trump`` are set, which is exactly whist's question: in its bridge words the
opening leader is declarer's left-hand opponent, so whist's declarer is the board's dealer.

No Django. One call into the library at a time (``_SOLVER``): endplay always hands DDS its thread slot 0, and two
Django threads solving at once would share that slot's memory.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypedDict

from whistdrive.engines.rules import SEATS, Card, RuleError, next_seat
from whistdrive.engines.rules.cards import RANK_NAMES

from .boards import Board

TRICKS = 13
# DDS's own letters for a denomination (endplay.types.Denom's order: spades, hearts, diamonds, clubs, no trumps).
_DENOMINATIONS = ("S", "H", "D", "C", "N")
_PBN_RANKS = {**{rank: str(rank) for rank in range(2, 10)}, **RANK_NAMES, 10: "T"}
_SOLVER = threading.Lock()


class DoubleDummyDict(TypedDict):
    """``DoubleDummy.to_dict()``: what a page or a template reads."""

    ns: int
    ew: int
    leader: str
    trump: str


@dataclass(frozen=True)
class DoubleDummy:
    """The tricks N–S and E–W take on a board played double dummy, with the leader and trump it was solved for."""

    ns: int
    leader: str
    trump: str

    @property
    def ew(self) -> int:
        return TRICKS - self.ns

    def tricks_of(self, side: str) -> int:
        """The tricks "NS" or "EW" takes double dummy."""
        return self.ns if side == "NS" else self.ew

    def to_dict(self) -> DoubleDummyDict:
        return {"ns": self.ns, "ew": self.ew, "leader": self.leader, "trump": self.trump}

    def words(self) -> str:
        """The hand records' line: "Double dummy: N–S 8, E–W 5"."""
        return summary_words(self.ns)


def summary_words(ns: int) -> str:
    """A board's double-dummy tricks in a line, from N–S's: "Double dummy: N–S 8, E–W 5"."""
    return f"Double dummy: N–S {ns}, E–W {TRICKS - ns}"


def took_words(took: int, there: int) -> str:
    """A side's tricks at a table beside what double dummy says were there: "took 7; 8 were there"."""
    return f"took {took}; {there} {'was' if there == 1 else 'were'} there"


def leader_of(dealer: str) -> str:
    """The player on the dealer's left leads to the first trick."""
    return next_seat(dealer)


def solvable(board: Board) -> bool:
    """Whether a board's double-dummy tricks can be known: its deal and its trump are."""
    return board.deal is not None and board.trump is not None


def solve(board: Board) -> DoubleDummy:
    """One board's double-dummy tricks (``solve_boards`` for many: DDS then shares them between its threads)."""
    return solve_boards([board])[0]


def solve_boards(boards: Sequence[Board]) -> list[DoubleDummy]:
    """The double-dummy tricks of each board, in order; a RuleError naming a board whose deal or trump is unknown."""
    for board in boards:
        if board.deal is None:
            raise RuleError(f"board {board.number} was dealt at the table: there is no deal to solve")
        if board.trump is None:
            raise RuleError(f"board {board.number} has no trump recorded yet")
    if not boards:
        return []
    # Imported here, not at the top: importing endplay loads its whole package, matplotlib.pyplot among it
    # (0.85 s, and a font cache built on a laptop's first run), which only a solve should pay.
    from endplay.dds import solve_all_boards
    from endplay.dds.solve import SolveMode
    from endplay.types import Deal, Denom, Player

    deals = []
    for board in boards:
        assert board.deal is not None and board.trump is not None  # checked above
        deal = Deal(_pbn(board.deal))
        deal.first = Player.find(leader_of(board.dealer))
        deal.trump = Denom(_DENOMINATIONS.index(board.trump))
        deals.append(deal)
    tricks: list[int] = []
    with _SOLVER:
        # DDS takes at most MAXNOOFBOARDS (200) a call.
        for start in range(0, len(deals), 100):
            solved = solve_all_boards(deals[start : start + 100], SolveMode.OptimalOne)
            tricks += [max(score for _card, score in answer) for answer in solved]
    results = []
    for board, led in zip(boards, tricks, strict=True):
        leader = leader_of(board.dealer)
        ns = led if leader in ("N", "S") else TRICKS - led
        results.append(DoubleDummy(ns, leader, board.trump or ""))
    return results


def _pbn(deal: Mapping[str, Sequence[int]]) -> str:
    """A deal in PBN, North first: each hand's spades, hearts, diamonds and clubs, high to low, dot-separated."""
    hands = []
    for seat in SEATS:
        by_suit: dict[str, list[int]] = {suit: [] for suit in "SHDC"}
        for card in deal[seat]:
            by_suit[Card(card).suit].append(Card(card).rank)
        hands.append(
            ".".join("".join(_PBN_RANKS[r] for r in sorted(ranks, reverse=True)) for ranks in by_suit.values())
        )
    return "N:" + " ".join(hands)
