"""Simulated evenings: real deals played by the rules engine's heuristic players, entered as phones do.

Every table's result goes through ``whistdrive.evening.entry`` exactly as at a real evening: one side
submits, the other agrees, and auto-advance moves the evening on. Everything is derived from
one seed (the starting draw, each hand's shuffle), so the same seed gives the same event.
"""

from __future__ import annotations

import datetime
import hashlib
import random
from collections import Counter
from dataclasses import dataclass

from clubs.models import Club, Member
from whistdrive.engines import duplicate
from whistdrive.engines.formats import Format, FormatError
from whistdrive.engines.movement_kinds import MovementKind
from whistdrive.engines.rules import SEATS, HeuristicPlayer, RandomPlayer, simulate_hand, trump_for_hand
from whistdrive.engines.rules.play import Player
from whistdrive.evening import entry, progress, running
from whistdrive.store.models import Entrant, Event, Seating, Table, TableBoard

FIRST_NAMES = {
    "lady": ["Ada", "Beryl", "Cora", "Dora", "Elsie", "Freda", "Gladys", "Hazel", "Irene", "Jean", "Kath", "Lil"],
    "gent": ["Albert", "Basil", "Cecil", "Donald", "Eric", "Frank", "Gordon", "Harry", "Ivor", "Jack", "Ken", "Len"],
    None: ["Alex", "Sam", "Jo", "Chris", "Pat", "Robin", "Terry", "Lee", "Kim", "Val", "Jan", "Mel"],
}
SURNAMES = ["Archer", "Baker", "Carter", "Dyer", "Fletcher", "Glover", "Harper", "Mason", "Porter", "Turner",
            "Walker", "Wright", "Cooper", "Fisher", "Hunter", "Miller", "Potter", "Sawyer", "Thatcher", "Weaver"]  # fmt: skip


class SimulationError(ValueError):
    """Settings that cannot make an evening; the message says what to change."""


def hand_seed(seed: int, hand: int, table: int) -> int:
    """A shuffle seed for one table's hand, stable across machines and Python versions."""
    digest = hashlib.sha256(f"{seed}:{hand}:{table}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


def roles_for(movement: MovementKind, count: int) -> list[str | None]:
    """Ladies and gents half each (lady first, alternating, so Mitchell and Howell pairs are mixed), or no roles."""
    if not movement.ladies_and_gents:
        return [None] * count
    return ["lady" if i % 2 == 0 else "gent" for i in range(count)]


def _name(role: str | None, index: int) -> str:
    first = FIRST_NAMES[role]
    return f"{first[index % len(first)]} {SURNAMES[(index // len(first) + index) % len(SURNAMES)]}"


def create_event(
    *,
    fmt: Format,
    tables: int,
    spares: int = 0,
    seed: int = 0,
    club: Club | None = None,
    name: str | None = None,
    date: datetime.date | None = None,
    boards_dealt: str = Event.BoardsDealt.RECORDS,
) -> Event:
    """The club (new unless given), its players for tonight, and an event with this format, not started.

    A duplicate evening has ``tables`` full tables of pairs (``spares`` 2 adds a pair at a half table)
    and its boards made up from hand records unless ``boards_dealt`` says "table"."""
    try:
        fmt.validate()
    except FormatError as exc:
        raise SimulationError(f"The format cannot be played: {exc}") from exc
    if tables < 1 or spares < 0:
        raise SimulationError("Give at least one table and no negative number of spares.")
    if club is None:
        club = Club.objects.create(name="Simulated Whist Club")
    count = 4 * tables + spares
    roles = roles_for(fmt.movement_kind, count)
    event = Event(
        club=club,
        name=name or f"Simulated {fmt.movement_kind.words} {_kind_words(fmt)}",
        date=date or datetime.date(2026, 12, 1),
        boards_dealt=boards_dealt,
        board_seed=seed,  # the same seed, the same boards
    )
    event.set_format(fmt)
    event.save()
    # Club members of the right role take part first, as at a real evening; new members fill the rest. An
    # evening without roles takes any member (the demo's rubbers night is its own members, not eight more).
    free = {
        role: list((club.members.filter(role=role) if role else club.members.all()).order_by("pk"))
        for role in set(roles)
    }
    used: dict[str | None, int] = {}
    entrants = []
    for card, role in enumerate(roles, start=1):
        pool = free[role]
        if pool:
            member = pool.pop(0)
        else:
            index = used.get(role, 0) + club.members.filter(role=role or "").count()
            member = Member.objects.create(club=club, name=_name(role, index), role=role or "")
        used[role] = used.get(role, 0) + 1
        entrants.append(Entrant(event=event, member=member, name=member.name, role=role or "", card_number=card))
    Entrant.objects.bulk_create(entrants)
    return event


def _kind_words(fmt: Format) -> str:
    return {"drive": "drive", "games": "game night", "duplicate": "duplicate"}[fmt.kind]


def _board_players(seed: int, hand: int, table: int) -> dict[str, Player]:
    """A table's four card players for one board: each seat a heuristic or a seeded random player, drawn
    per table, so the same cards make different tricks at different tables, as in a hall."""
    rng = random.Random(hand_seed(seed, hand, table))
    return {seat: HeuristicPlayer() if rng.random() < 0.5 else RandomPlayer(rng.randrange(2**31)) for seat in SEATS}


def play_boards(event: Event, hand: int) -> None:
    """Duplicate: every table plays its board of slot ``hand`` from the board's deal (the same cards at
    every table: a board dealt at the table is dealt from the event's board seed, as its first table would)
    and enters it through the phones' path: North enters, East agrees."""
    fmt = event.format
    slots = TableBoard.objects.filter(table__event=event, hand=hand).select_related("table__event", "board")
    for slot in sorted(slots, key=lambda s: s.table.number):
        stored = slot.board
        board = (
            stored.as_board() if stored.deal else duplicate.seeded_board(fmt.trumps, stored.number, event.board_seed)
        )
        if stored.trump and board.trump != stored.trump:
            board = duplicate.Board(board.number, board.dealer, stored.trump, board.deal)
        played = board.play(_board_players(event.seed, hand, slot.table.number))
        entry.submit(
            slot.table,
            hand=hand,
            seat="N",
            tricks_ours=played.tricks_won["NS"],
            trump=None if stored.trump else played.trump,
            device="simulation",
        )
        entry.agree(slot.table, hand=hand, seat="E", device="simulation")


def play_hand(event: Event, hand: int) -> None:
    """Deal, play and enter every table's result of ``hand``: North enters, East agrees."""
    fmt = event.format
    if fmt.is_duplicate:
        play_boards(event, hand)
        return
    rotation = trump_for_hand(fmt.trumps, hand)
    dealer = SEATS[(hand - 1) % 4]
    tables: dict[int, Table] = {}
    for seating in Seating.objects.of_hand(event, hand).seated().select_related("table__event"):
        assert seating.table is not None  # only the seatings at a table
        tables[seating.table.number] = seating.table
    counts_honours = fmt.is_games and fmt.honours
    for number in sorted(tables):
        table = tables[number]
        played = simulate_hand(hand_seed(event.seed, hand, number), dealer, rotation)
        honours = played.honours if counts_honours else {"NS": None, "EW": None}
        entry.submit(
            table,
            hand=hand,
            seat="N",
            tricks_ours=played.tricks["NS"],
            honours_ours=honours["NS"],
            honours_theirs=honours["EW"],
            trump=None if rotation else played.trump,
            device="simulation",
        )
        entry.agree(table, hand=hand, seat="E", device="simulation")


@dataclass(frozen=True)
class Comings:
    """Who arrives and who leaves, by the hand they arrive for or leave after."""

    arrivals: dict[int, int]  # first hand -> how many arrive for it
    leavers: dict[int, int]  # last hand -> how many leave after it

    @classmethod
    def drawn(cls, seed: int, hands: int, late: int, leave: int) -> Comings:
        """``late`` arrivals at hands after the first and ``leave`` departures before the last, from ``seed``."""
        if (late or leave) and hands < 2:
            raise SimulationError("Late arrivals and leavers need an evening of at least two hands.")
        rng = random.Random(f"comings:{seed}")
        arrivals = Counter(rng.randint(2, hands) for _ in range(late))
        leavers = Counter(rng.randint(1, hands - 1) for _ in range(leave))
        return cls(dict(arrivals), dict(leavers))


def _arrive(event: Event, count: int, rng: random.Random) -> None:
    """Late arrivals at the desk: with roles in use, as many ladies as gents where the count allows."""
    roles = event.entrants.exclude(role="").exists()
    for i in range(count):
        role = ("lady" if (i + rng.randint(0, 1)) % 2 == 0 else "gent") if roles else ""
        number = event.entrants.count()
        running.register(event, name=_name(role or None, 1000 + number), role=role)


def _leave(event: Event, count: int, rng: random.Random) -> None:
    """Players leave from the live page; one whose going would leave no table is passed over."""
    hand = running.first_open_hand(event)
    candidates = list(event.entrants.present_for(hand).filter(joined_hand__lt=hand).order_by("card_number"))
    rng.shuffle(candidates)
    left = 0
    for entrant in candidates:
        if left == count:
            return
        try:
            running.withdraw(event, entrant)
        except running.EveningError:
            continue
        left += 1


def play(event: Event, *, stop_after: int | None = None, comings: Comings | None = None) -> Event:
    """Play the event's hands in order (up to ``stop_after``), resuming after the interval; players
    arrive and leave as ``comings`` says, through the desk's and the live page's own functions."""
    last = event.hands if stop_after is None else min(stop_after, event.hands)
    rng = random.Random(f"people:{event.seed}")
    done: set[int] = set()
    while True:
        event.refresh_from_db()
        hand = event.current_hand
        if event.status == Event.Status.FINISHED or hand > last or hand < 1:
            return event
        if hand == last and progress.hand_complete(event, hand):
            return event
        if event.status == Event.Status.INTERVAL:
            if hand - 1 >= last:
                return event
            # The organiser resumes play after the tea.
            running.resume(event)
            continue
        if comings is not None and hand not in done:
            # While hand ``hand`` is played: newcomers for the next hand, and those leaving after this one.
            done.add(hand)
            _arrive(event, comings.arrivals.get(hand + 1, 0), rng)
            _leave(event, comings.leavers.get(hand, 0), rng)
        play_hand(event, hand)
        event.refresh_from_db()
        if event.current_hand == hand and event.status == Event.Status.RUNNING and progress.hand_complete(event, hand):
            if hand == last and hand < event.hands:
                return event
            running.advance(event, expected_hand=hand)


def simulate_event(
    *,
    fmt: Format,
    tables: int,
    spares: int = 0,
    seed: int = 0,
    club: Club | None = None,
    stop_after: int | None = None,
    name: str | None = None,
    date: datetime.date | None = None,
    late: int = 0,
    leave: int = 0,
    boards_dealt: str = Event.BoardsDealt.RECORDS,
) -> Event:
    """Create the players and the event, draw the seating from ``seed`` and play it out, with
    ``late`` players arriving after the first hand and ``leave`` leaving before the last."""
    if late < 0 or leave < 0:
        raise SimulationError("Give no negative number of late arrivals or leavers.")
    if fmt.is_duplicate and (late or leave):
        raise SimulationError("A duplicate evening's pairs are fixed at the start: no late arrivals or leavers.")
    event = create_event(
        fmt=fmt, tables=tables, spares=spares, seed=seed, club=club, name=name, date=date, boards_dealt=boards_dealt
    )
    try:
        event = running.start_event(event, by="random", seed=seed)
    except running.EveningError as exc:
        raise SimulationError(str(exc)) from exc
    comings = Comings.drawn(seed, fmt.hands, late, leave) if late or leave else None
    return play(event, stop_after=stop_after, comings=comings)
