"""Playing a hand: legal cards, who wins a trick, revokes, honours.

Cards are ints (see ``cards``); a trump is a letter "H", "D", "S", "C", or "N"/None for no trumps.
Internally the trump is a suit index (0–3) or -1, so the inner loop stays on plain ints.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Protocol

from whistdrive.engines.vocabulary import SEATS, SIDE_NAMES, SIDE_OF_SEAT

from .cards import SUITS, Card, card_name, seat_order
from .errors import RuleError

NO_TRUMP = -1

# A player is anything with choose(hand, trick, trump, gone) -> card:
#   hand  - the player's cards, a list of ints sorted ascending (so grouped by suit)
#   trick - the cards played to this trick so far, leader first
#   trump - suit index 0–3 (S H D C), or -1 for no trumps
#   gone  - bitmask (1 << card) of every card played so far this hand, this trick included
Chooser = Callable[[list[int], list[int], int, int], int]


class Player(Protocol):
    """Anything with a ``choose`` (see ``Chooser``): HeuristicPlayer, RandomPlayer, a test's own."""

    def choose(self, hand: list[int], trick: list[int], trump: int, gone: int) -> int: ...


def trump_index(trump: str | None) -> int:
    """ "H" → 1 …; "N" or None → -1 (no trumps)."""
    if trump is None or trump == "N":
        return NO_TRUMP
    if trump not in SUITS:
        raise RuleError(f"trumps are H, D, S, C or N (no trumps), not {trump!r}")
    return SUITS.index(trump)


def legal_cards(hand: Sequence[int], trick: Sequence[int]) -> list[int]:
    """The cards ``hand`` may play to ``trick``: the led suit if it holds any, else anything."""
    if not trick:
        return list(hand)
    led = trick[0] // 13
    following = [card for card in hand if card // 13 == led]
    return following or list(hand)


def _winning_position(trick: Sequence[int], trump: int) -> int:
    best = trick[0]
    best_suit = best // 13
    position = 0
    for i in range(1, len(trick)):
        card = trick[i]
        suit = card // 13
        if suit == best_suit:
            if card > best:
                best, position = card, i
        elif suit == trump:
            # The first trump on a plain-suit trick takes the lead; later trumps then compare by rank.
            best, best_suit, position = card, suit, i
    return position


def trick_winner(trick: Sequence[int], trump: str | None) -> int:
    """Position (0 = leader) of the card that wins: the highest trump, else the highest of the suit led."""
    if not trick:
        raise RuleError("an empty trick has no winner")
    return _winning_position(trick, trump_index(trump))


@dataclass(frozen=True)
class Trick:
    leader: str
    cards: tuple[Card, ...]  # in play order, leader first
    winner: str

    def played_by(self) -> dict[str, Card]:
        return dict(zip(seat_order(self.leader), self.cards, strict=False))


@dataclass(frozen=True)
class PlayedHand:
    trump: str  # "H", "D", "S", "C" or "N"
    leader: str
    # (leader seat index, cards as ints, winner seat index) per trick: kept raw because
    # simulations only want the count, and building 52 Card objects a hand costs time.
    record: tuple[tuple[int, tuple[int, ...], int], ...]

    @cached_property
    def tricks(self) -> tuple[Trick, ...]:
        return tuple(
            Trick(SEATS[lead], tuple(Card(c) for c in cards), SEATS[winner]) for lead, cards, winner in self.record
        )

    @property
    def tricks_won(self) -> dict[str, int]:
        ns = sum(1 for _, _, winner in self.record if winner % 2 == 0)  # N and S are seats 0 and 2
        return {"NS": ns, "EW": 13 - ns}


def play_hand(
    hands: Mapping[str, Sequence[int]],
    trump: str | None,
    leader: str,
    players: Mapping[str, Player] | Player,
) -> PlayedHand:
    """Play all 13 tricks: ``leader`` leads the first, the winner of each trick leads the next.

    ``players`` is one player for all four seats or a mapping seat → player; a player has
    ``choose(hand, trick, trump, gone)`` (see ``Chooser``). A player that plays a card it does
    not hold, or fails to follow suit when able, is a RuleError: the engine never lets a revoke
    through (``find_revokes`` examines a record of play that came from the table instead).
    """
    trump_letter = "N" if trump is None else trump
    record = _play(hands, trump_index(trump), SEATS.index(leader), players)
    return PlayedHand(trump=trump_letter, leader=leader, record=tuple(record))


def _choosers(players: Mapping[str, Player] | Player) -> list[Chooser]:
    if isinstance(players, Mapping):
        return [players[seat].choose for seat in SEATS]
    return [players.choose] * 4


def _play(
    hands: Mapping[str, Sequence[int]], trump: int, leader: int, players: Mapping[str, Player] | Player
) -> list[tuple[int, tuple[int, ...], int]]:
    """The inner loop on plain ints: seats are 0–3 (N E S W), N–S are the even seats."""
    held = [sorted(map(int, hands[seat])) for seat in SEATS]
    if any(len(h) != 13 for h in held) or len(set().union(*held)) != 52:
        raise RuleError("each of the four players needs 13 different cards from one pack")
    choosers = _choosers(players)
    counts = [[0, 0, 0, 0] for _ in range(4)]
    for seat, hand in enumerate(held):
        for card in hand:
            counts[seat][card // 13] += 1
    gone = 0
    record = []
    for _ in range(13):
        trick: list[int] = []
        for k in range(4):
            seat = (leader + k) & 3
            hand = held[seat]
            card = choosers[seat](hand, trick, trump, gone)
            suit = card // 13
            if trick and suit != trick[0] // 13 and counts[seat][trick[0] // 13]:
                raise RuleError(
                    f"{SEATS[seat]} played {card_name(card)} while holding {SUITS[trick[0] // 13]}: "
                    "a player must follow suit"
                )
            try:
                hand.remove(card)
            except ValueError:
                raise RuleError(f"{SEATS[seat]} played {card_name(card)}, which they do not hold") from None
            counts[seat][suit] -= 1
            trick.append(card)
            gone |= 1 << card
        winner = (leader + _winning_position(trick, trump)) & 3
        record.append((leader, tuple(trick), winner))
        leader = winner
    return record


# -- revokes -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Revoke:
    seat: str
    trick: int  # 1-based number of the trick the revoke was made in
    card: Card
    established: bool  # the offending side has played to the next trick

    @property
    def side(self) -> str:
        return SIDE_OF_SEAT[self.seat]

    def describe(self) -> str:
        led = "established" if self.established else "not yet established: it can still be corrected"
        return f"{self.seat} ({SIDE_NAMES[self.side]}) revoked with {self.card} in trick {self.trick}, {led}"


def is_revoke(hand: Collection[int], trick: Sequence[int], card: int) -> bool:
    """True when playing ``card`` from ``hand`` to ``trick`` fails to follow suit while able."""
    if not trick:
        return False
    led = trick[0] // 13
    return card // 13 != led and any(c // 13 == led for c in hand)


def find_revokes(hands: Mapping[str, Sequence[int]], tricks: Sequence[tuple[str, Sequence[int]]]) -> list[Revoke]:
    """Every revoke in a record of play, as far as it has gone.

    ``tricks`` is a list of (leader, cards in play order); the last may be unfinished. A revoke
    is established once the offender or their partner has played to the following trick
    (a revoke in the 13th trick is impossible: a player's last card is forced).
    """
    held = {seat: {int(c) for c in hands[seat]} for seat in SEATS}
    found: list[tuple[str, int, int]] = []
    for number, (leader, cards) in enumerate(tricks, start=1):
        for seat, card in zip(seat_order(leader), cards, strict=False):
            if card not in held[seat]:
                raise RuleError(f"{seat} cannot play {card_name(card)} in trick {number}: they do not hold it")
            if is_revoke(held[seat], cards[: seat_order(leader).index(seat)], card):
                found.append((seat, number, card))
            held[seat].discard(card)
    revokes = []
    for seat, number, card in found:
        established = False
        if number < len(tricks):
            next_leader, next_cards = tricks[number]  # the trick after trick `number`
            played_next = seat_order(next_leader)[: len(next_cards)]
            established = any(SIDE_OF_SEAT[s] == SIDE_OF_SEAT[seat] for s in played_next)
        revokes.append(Revoke(seat=seat, trick=number, card=Card(card), established=established))
    return revokes


# -- honours -------------------------------------------------------------------------------


def honours_held(hands: Mapping[str, Sequence[int]], trump: str | None) -> dict[str, int]:
    """How many of A K Q J of trumps each side held as dealt; none in a no-trump hand."""
    held = {"NS": 0, "EW": 0}
    suit = trump_index(trump)
    if suit == NO_TRUMP:
        return held
    honours = range(suit * 13 + 9, suit * 13 + 13)  # J Q K A
    for seat in SEATS:
        held[SIDE_OF_SEAT[seat]] += sum(1 for card in hands[seat] if card in honours)
    return held
