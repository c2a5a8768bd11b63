"""Computer players for simulations: a heuristic one following the traditional advice, and a random one.

Both work on plain ints (see ``play.Chooser``) because simulations play many thousands of hands.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from whistdrive.engines.vocabulary import SEATS

from .cards import Card, Deal, deal, next_seat, shuffled_pack
from .errors import RuleError
from .play import NO_TRUMP, PlayedHand, Player, _winning_position, honours_held, play_hand

# _ABOVE[c]: bitmask of the cards of c's suit that outrank c.
_ABOVE = [((1 << (c // 13 * 13 + 13)) - 1) ^ ((1 << (c + 1)) - 1) for c in range(52)]
_SUIT_MASK = [((1 << 13) - 1) << (13 * s) for s in range(4)]


class RandomPlayer:
    """Plays a random legal card; the same seed gives the same choices."""

    def __init__(self, seed: int = 0):
        self._rng = random.Random(seed)

    def choose(self, hand: list[int], trick: list[int], trump: int, gone: int) -> int:
        if trick:
            led = trick[0] // 13
            following = [c for c in hand if c // 13 == led]
            if following:
                return self._rng.choice(following)
        return self._rng.choice(hand)


class HeuristicPlayer:
    """The seeds' traditional advice, with a memory of the cards played.

    Lead: draw trumps when holding five or more while others still hold some; otherwise lead the
    longest plain suit: its top card when that is the best left in the suit or heads a sequence
    (A K, K Q, Q J …), else the fourth highest, else the lowest.
    Second hand low. Third hand high, playing the lowest of equal cards (K Q J → J), but low
    when partner's card is already the best left. Fourth hand wins as cheaply as it can.
    When void: never trump partner's winning trick; otherwise trump as cheaply as wins;
    else discard the lowest card of the weakest suit. Deterministic: no randomness at all.
    """

    def choose(self, hand: list[int], trick: list[int], trump: int, gone: int) -> int:
        mine = 0
        for card in hand:
            mine |= 1 << card
        known = gone | mine  # cards nobody else can still hold

        if not trick:
            return self._lead(hand, trump, known)

        n = len(trick)
        led = trick[0] // 13
        position = _winning_position(trick, trump)
        winning = trick[position]
        partner_winning = position == n - 2
        following = [c for c in hand if c // 13 == led]
        if following:
            if n == 1 or (partner_winning and (n == 3 or not _ABOVE[winning] & ~known)):
                return following[0]
            if winning // 13 != led or following[-1] < winning:
                return following[0]  # trumped already, or cannot beat it: keep the high cards
            if n == 3:
                for card in following:
                    if card > winning:
                        return card  # win as cheaply as possible
            # Third hand high, but the lowest of cards that are as good as the highest.
            i = len(following) - 1
            while i > 0 and following[i - 1] > winning:
                between = _ABOVE[following[i - 1]] & ~_ABOVE[following[i] - 1]  # strictly between
                if between & ~known:
                    break
                i -= 1
            return following[i]

        if partner_winning and (n == 3 or not _ABOVE[winning] & ~known):
            return self._discard(hand, trump)
        if trump != NO_TRUMP:
            trumps = [c for c in hand if c // 13 == trump]
            if trumps:
                if winning // 13 != trump:
                    return trumps[0]
                for card in trumps:
                    if card > winning:
                        return card
        return self._discard(hand, trump)

    @staticmethod
    def _lead(hand: list[int], trump: int, known: int) -> int:
        suits: list[list[int]] = [[], [], [], []]
        for card in hand:
            suits[card // 13].append(card)
        if trump != NO_TRUMP and len(suits[trump]) >= 5 and _SUIT_MASK[trump] & ~known:
            chosen = suits[trump]
        else:
            plain = [s for s in range(4) if s != trump and suits[s]]
            if not plain:
                chosen = suits[trump]
            else:
                chosen = suits[max(plain, key=lambda s: (len(suits[s]), suits[s][-1] % 13))]
        top = chosen[-1]
        if not _ABOVE[top] & ~known:
            return top  # the best card left in the suit
        if len(chosen) >= 2 and chosen[-2] == top - 1 and top % 13 >= 10:
            return top  # top of a sequence headed by Q or better
        if len(chosen) >= 4:
            return chosen[-4]
        return chosen[0]

    @staticmethod
    def _discard(hand: list[int], trump: int) -> int:
        # The hand is ascending, so a suit's first card is its lowest and its last its highest.
        lowest = [-1, -1, -1, -1]
        highest = [-1, -1, -1, -1]
        for card in hand:
            suit = card // 13
            if lowest[suit] < 0:
                lowest[suit] = card
            highest[suit] = card
        weakest = -1
        for suit in range(4):
            if suit != trump and highest[suit] >= 0 and (weakest < 0 or highest[suit] % 13 < highest[weakest] % 13):
                weakest = suit
        return lowest[weakest] if weakest >= 0 else hand[0]


@dataclass(frozen=True)
class SimulatedHand:
    seed: int
    deal: Deal
    trump: str  # the trump actually used: "H", "D", "S", "C" or "N"
    played: PlayedHand
    tricks: dict[str, int]
    honours: dict[str, int]


def simulate_hand(
    seed: int,
    dealer: str,
    trump: str | None,
    players: Mapping[str, Player] | Player | None = None,
) -> SimulatedHand:
    """Shuffle with ``seed``, deal from ``dealer``, and play the hand out.

    ``trump`` None uses the turned card's suit; "N" is no trumps. ``players`` defaults to
    heuristic players in all four seats; pass one player or a mapping seat → player.
    """
    if dealer not in SEATS:
        raise RuleError(f"the dealer sits at N, E, S or W, not {dealer!r}")
    the_deal = deal(shuffled_pack(seed), dealer)
    used = Card(the_deal.turned).suit if trump is None else trump
    played = play_deal(the_deal.hands, dealer, used, players)
    return SimulatedHand(
        seed=seed,
        deal=the_deal,
        trump=used,
        played=played,
        tricks=played.tricks_won,
        honours=honours_held(the_deal.hands, used),
    )


def play_deal(
    hands: Mapping[str, Sequence[int]],
    dealer: str,
    trump: str,
    players: Mapping[str, Player] | Player | None = None,
) -> PlayedHand:
    """Play a given deal out: eldest hand (the dealer's left) leads, ``trump`` ("N": no trumps).

    The same cards can be played at any number of tables, as a duplicate board is: with the
    deterministic ``HeuristicPlayer`` (the default) every table makes the same tricks, so a
    simulation that wants tables to differ gives each its own seeded ``RandomPlayer`` or mixes them.
    """
    if dealer not in SEATS:
        raise RuleError(f"the dealer sits at N, E, S or W, not {dealer!r}")
    return play_hand(hands, trump, next_seat(dealer), players if players is not None else HeuristicPlayer())
