"""The adapter between an evening's rows and the movement engine: who sits where, and the evening's state.

Loads entrants, seatings and results as plain values, asks ``whistdrive.engines.movements`` what comes
next, and writes the new rows inside one transaction, bumping the event's revision there (every
page reads it before drawing). Moving the evening on, the interval and resuming play are here
and nowhere else: entry at the tables (``whistdrive.evening.entry``) and the organiser's pages call
``after_result`` when a result is stored.
"""

from __future__ import annotations

import logging
import secrets
from collections import Counter, defaultdict
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Q
from django.dispatch import Signal
from django.utils import timezone

from whistdrive.engines import duplicate, movements
from whistdrive.engines.formats import FormatError
from whistdrive.engines.vocabulary import SEAT_NAMES
from whistdrive.evening import double_dummy
from whistdrive.evening.progress import hand_complete, history_of, players_for, round_results
from whistdrive.store import rows
from whistdrive.store.models import (
    Board,
    Entrant,
    Event,
    Partnership,
    Result,
    Seating,
    Submission,
    Table,
    TableBoard,
)

log = logging.getLogger(__name__)

# Sent (with ``event``, ``reason`` and ``hand``, the hand just finished) inside the transaction that moves
# the evening on from a hand, at every hand's end and the evening's. The laptop's automatic backup receives
# it (``backups.after_a_hand``, connected in ``apps.py``): the evening, below the backups and the archive
# they write, never imports them.
hand_ended = Signal()


class EveningError(ValueError):
    """Something the organiser asked for that cannot be done now; the message says why."""


def entrants_by_player_id(event: Event) -> dict[str, Entrant]:
    return {e.player_id: e for e in event.entrants.all()}


def _save_seating(event: Event, hand: int, seating: movements.SeatingPlan, tables: dict[int, Table]) -> None:
    by_id = entrants_by_player_id(event)
    rows = [
        Seating(event=event, hand=hand, entrant=by_id[player_id], table=tables[number], seat=seat)
        for number, seats in seating.tables.items()
        for seat, player_id in seats.items()
    ]
    rows += [Seating(event=event, hand=hand, entrant=by_id[player_id]) for player_id in seating.sitting_out]
    Seating.objects.bulk_create(rows)


def _tables_for(event: Event, seatings: list[movements.SeatingPlan]) -> dict[int, Table]:
    """The event's tables, creating any the seatings use that do not exist yet."""
    wanted = {number for seating in seatings for number in seating.tables}
    existing = {t.number: t for t in event.tables.all()}
    for number in sorted(wanted - set(existing)):
        existing[number] = Table.objects.create(event=event, number=number)
    return existing


def advice_for(event: Event) -> movements.Advice:
    """What the movement will do with the people registered so far (for the desk): before the
    start for hand 1, after it for the next hand to be seated, which is when a newcomer plays."""
    if event.is_duplicate:
        advice = duplicate.advise(event.format, players_for(event, 1))
        # The desk makes the pairs: partners take consecutive cards (with roles, a lady and a gent).
        advice.notes.insert(0, "partners take consecutive cards: cards 1 and 2 are a pair, 3 and 4 the next, …")
        return advice
    return movements.advise(event.format, players_for(event, first_open_hand(event)))


def first_open_hand(event: Event) -> int:
    """The first hand whose seating may still change: the next hand; at the interval, the hand
    after it, until a result of it is entered; 1 before the start."""
    if not event.started:
        return 1
    hand = event.current_hand
    if event.status == Event.Status.INTERVAL and not Submission.objects.filter(table__event=event, hand=hand).exists():
        return hand
    return hand + 1


@transaction.atomic
def start_event(event: Event, *, by: str = "random", seed: int | None = None) -> Event:
    """Create the tables, draw the starting seating and seat hand 1 (every hand when planned)."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.started:
        raise EveningError("This event has already started.")
    fmt = event.format
    try:
        fmt.validate()
    except FormatError as exc:
        raise EveningError(f"The format cannot be played: {exc}") from exc
    players = players_for(event, 1)
    advice = (duplicate.advise if fmt.is_duplicate else movements.advise)(fmt, players)
    if advice.problems:
        raise EveningError(_sentence(" ".join(advice.problems)))
    event.seed = secrets.randbits(31) if seed is None else seed
    event.seating_by = by
    if fmt.is_duplicate:
        _start_duplicate(event, players, by)
    else:
        try:
            seatings = movements.start(fmt, players, event.seed, by=by)
        except movements.MovementError as exc:
            raise EveningError(str(exc)) from exc
        tables = _tables_for(event, seatings)
        for hand, seating in enumerate(seatings, start=1):
            _save_seating(event, hand, seating, tables)
    event.status = Event.Status.RUNNING
    event.current_hand = 1
    event.hand_started = timezone.now()
    event.save(update_fields=["seed", "seating_by", "status", "current_hand", "hand_started"])
    event.bump()
    return event


def _start_duplicate(event: Event, players: list[movements.Player], by: str) -> None:
    """A duplicate evening's pairs, boards, and every board slot's seating and boards, as the movement
    gives them (docs/duplicate.md). Boards made up from hand records are dealt from the event's board seed."""
    fmt = event.format
    try:
        begun = duplicate.start(fmt, players, event.seed, by=by)
    except (duplicate.DuplicateError, movements.MovementError) as exc:
        raise EveningError(_sentence(str(exc))) from exc
    by_id = entrants_by_player_id(event)
    Partnership.objects.bulk_create(
        Partnership(
            event=event,
            number=pair.number,
            direction=pair.direction or "",
            first=by_id[pair.ids[0]],
            second=by_id[pair.ids[1]],
        )
        for pair in begun.pairs
    )
    count = begun.plan.boards_in_play
    if event.boards_dealt == Event.BoardsDealt.RECORDS:
        # The boards the hand records printed before the start show (the event's board seed, never redrawn).
        made = event.hand_records(count)
    else:
        made = [duplicate.blank_board(fmt.trumps, number) for number in range(1, count + 1)]
    boards = {
        board.number: board
        for board in Board.objects.bulk_create(
            Board(event=event, number=b.number, dealer=b.dealer, trump=b.trump or "", deal=b.to_dict()["deal"])
            for b in made
        )
    }
    if not all(b.pk for b in boards.values()):  # a database that returns no ids from a bulk insert
        boards = {b.number: b for b in event.boards.all()}
    # Boards made up from hand records are known now: their double-dummy tricks are solved once, here.
    double_dummy.solve_boards(boards.values())
    tables = _tables_for(event, [hand.seating for hand in begun.hands])
    slots = []
    for hand in begun.hands:
        _save_seating(event, hand.number, hand.seating, tables)
        slots += [TableBoard(table=tables[t], hand=hand.number, board=boards[b]) for t, b in hand.boards.items()]
    TableBoard.objects.bulk_create(slots)


def hand_has_entries(event: Event, hand: int, *, or_later: bool = False) -> bool:
    """Whether anything of ``hand`` (``or_later``: of it or any later hand) has been entered, by any path:
    a phone's tap, the organiser's result page, paper keying (each leaves a submission), the admin or an
    archive import (a result alone)."""
    hands = {"hand__gte": hand} if or_later else {"hand": hand}
    return (
        Submission.objects.filter(table__event=event, **hands).exists()
        or Result.objects.filter(table__event=event, **hands).exists()
    )


def _round_last(event: Event, hand: int) -> int:
    """The last hand of ``hand``'s round."""
    per_round = event.hands_per_round
    return min(hand + per_round - 1 - (hand - 1) % per_round, event.hands)


def _own_pace(event: Event) -> bool:
    """Whether the tables play the current round's hands at their own pace: a duplicate round being
    played, whose four players at a table stay together for all its boards. In every other evening
    (and at a duplicate evening's interval, if the organiser calls one) the tables play the current hand."""
    return event.is_duplicate and event.status == Event.Status.RUNNING and event.current_hand >= 1


def _first_to_play(hand: int, last: int, done: set[int]) -> int:
    return next((h for h in range(hand, last + 1) if h not in done), last)


def playing_hand(table: Table) -> int:
    """The hand ``table`` plays now (the one question for a table's page, its entries and its calls).

    The evening's current hand; in a duplicate round, the first board slot of the round from the current
    hand on that has no result at this table: a table goes straight on to its next board once one is
    agreed, and a table that has agreed them all waits on the round's last for the round to end (the
    pairs and boards then move). The current hand is the slowest table's (``after_result``).
    """
    event = table.event
    hand = event.current_hand
    if not _own_pace(event):
        return hand
    last = _round_last(event, hand)
    done = set(Result.objects.filter(table=table, hand__gte=hand, hand__lte=last).values_list("hand", flat=True))
    return _first_to_play(hand, last, done)


def playing_hands(event: Event) -> dict[int, int]:
    """``playing_hand`` of the tables ahead of the current hand, by table id (every other table plays the
    current hand): none but in a duplicate round, and then in one query."""
    hand = event.current_hand
    if not _own_pace(event):
        return {}
    last = _round_last(event, hand)
    done: dict[int, set[int]] = defaultdict(set)
    for table_id, played in Result.objects.filter(table__event=event, hand__gte=hand, hand__lte=last).values_list(
        "table_id", "hand"
    ):
        done[table_id].add(played)
    ahead = {pk: _first_to_play(hand, last, hands) for pk, hands in done.items()}
    return {pk: playing for pk, playing in ahead.items() if playing != hand}


def last_open_hand(event: Event) -> int:
    """The last hand a result may be entered or set for now: the current hand; in a duplicate round
    the round's last board slot, since its tables play the round's boards at their own pace."""
    if not _own_pace(event):
        return event.current_hand
    return _round_last(event, event.current_hand)


def _seat_next_hand(event: Event, next_hand: int) -> None:
    """Write the seating of ``next_hand`` unless the plan already holds it."""
    if Seating.objects.of_hand(event, next_hand).exists():
        return
    fmt = event.format
    history = history_of(event, next_hand - 1)
    results = round_results(event, next_hand - 1) if fmt.ends_round(next_hand - 1) else {}
    try:
        seating = movements.next_seating(fmt, players_for(event, next_hand), history, results)
    except movements.MovementError as exc:
        raise EveningError(str(exc)) from exc
    _save_seating(event, next_hand, seating, _tables_for(event, [seating]))


@transaction.atomic
def advance(event: Event, *, expected_hand: int | None = None) -> Event:
    """Move the evening on from the current hand once every table's result is in.

    ``expected_hand`` makes a double press (or two organisers at once) harmless: the second
    call finds the hand already moved on and does nothing.
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    hand = event.current_hand
    if expected_hand is not None and expected_hand != hand:
        return event
    if event.status not in (Event.Status.RUNNING, Event.Status.INTERVAL):
        raise EveningError("Only an event that is being played can move to the next hand.")
    if not hand_complete(event, hand):
        raise EveningError(f"Hand {hand} is not finished: every table needs an agreed result first.")
    event.bump()
    if hand >= event.hands:
        event.status = Event.Status.FINISHED
        event.save(update_fields=["status"])
        _back_up_after_commit(event, "the end", hand)
        return event
    _seat_next_hand(event, hand + 1)
    event.current_hand = hand + 1
    event.status = Event.Status.INTERVAL if hand == event.interval_after else Event.Status.RUNNING
    event.hand_started = timezone.now()  # after the interval, from the moment play resumes
    event.save(update_fields=["current_hand", "status", "hand_started"])
    # Every hand's end: the copy another laptop carries on from, and what lets the phones forget
    # the taps they keep (docs/robustness.md).
    _back_up_after_commit(
        event, "the interval" if event.status == Event.Status.INTERVAL else f"the end of hand {hand}", hand
    )
    return event


def after_result(event: Event, hand: int) -> Event:
    """A result of ``hand`` was stored: with auto-advance on, move the evening on once every table of
    ``hand`` has one. Called by entry at the tables, the organiser's result page and the paper grid,
    also when the result was already there (a phone's retry after a restart moves a finished hand on).
    Returns the event as it is now.

    In a duplicate evening the tables play a round's boards at their own pace (``playing_hand``): the
    current hand follows the slowest table through the round whatever auto-advance says, since it holds
    no table back; only the round's end waits for auto-advance (or the organiser), as a hand does."""
    event = rows.fresh(Event, event.pk)
    if event.is_duplicate:
        return _follow_the_slowest_table(event)
    if not event.auto_advance or event.current_hand != hand or event.status != Event.Status.RUNNING:
        return event
    if not hand_complete(event, hand):
        return event
    try:
        return advance(event, expected_hand=hand)
    except EveningError as exc:
        # Another table's phone (or the organiser) got there first, or the organiser must act.
        log.info("Hand %s not advanced automatically: %s", hand, exc)
        return Event.objects.get(pk=event.pk)


def _follow_the_slowest_table(event: Event) -> Event:
    """Duplicate: move the current hand on while every table has its result (several slots at once when
    the tables ahead have played them), stopping at a round's end unless auto-advance is on."""
    fmt = event.format
    while event.status == Event.Status.RUNNING and hand_complete(event, event.current_hand):
        hand = event.current_hand
        if fmt.ends_round(hand) and not event.auto_advance:
            break
        try:
            event = advance(event, expected_hand=hand)
        except EveningError as exc:
            log.info("Board slot %s not moved on automatically: %s", hand, exc)
            return Event.objects.get(pk=event.pk)
        if event.current_hand == hand:
            break  # the evening is finished, or another request moved it on meanwhile
    return event


def call_interval(event: Event) -> Event:
    """The interval now (tea, half-time prizes): the tables rest until ``resume``."""
    return _move_status(
        event, Event.Status.RUNNING, Event.Status.INTERVAL, "Only an event that is being played can have an interval."
    )


def resume(event: Event) -> Event:
    """Play resumes after the interval with the current hand."""
    return _move_status(
        event, Event.Status.INTERVAL, Event.Status.RUNNING, "Only an evening at its interval can resume."
    )


@transaction.atomic
def _move_status(event: Event, was: str, becomes: str, refusal: str) -> Event:
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status != was:
        raise EveningError(refusal)
    event.status = becomes
    changed = ["status"]
    if becomes == Event.Status.RUNNING:
        event.hand_started = timezone.now()  # the live page's clocks count from the moment play resumes
        changed.append("hand_started")
    event.save(update_fields=changed)
    event.bump()
    return event


@transaction.atomic
def set_auto_advance(event: Event, on: bool) -> Event:
    """Auto-advance on or off; switched on, a hand already complete moves on at once."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    event.auto_advance = on
    event.save(update_fields=["auto_advance"])
    event.bump()
    return after_result(event, event.current_hand) if on else event


def _back_up_after_commit(event: Event, reason: str, hand: int) -> None:
    """Tell ``hand_ended``'s receivers (the automatic backup once the move is committed); a failed
    backup never stops the evening."""
    try:
        hand_ended.send(sender=Event, event=event, reason=reason, hand=hand)
    except Exception:
        log.exception("Could not schedule the backup at %s", reason)


@transaction.atomic
def undo_advance(event: Event) -> Event:
    """Go back to the previous hand while nothing of the current hand has been entered."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    hand = event.current_hand
    event.bump()
    if event.status == Event.Status.FINISHED:
        event.status = Event.Status.RUNNING
        event.save(update_fields=["status"])
        return event
    if hand <= 1:
        raise EveningError("There is no earlier hand to go back to.")
    if event.is_duplicate and (hand - 1) % event.hands_per_round:
        raise EveningError(
            f"Round {event.format.round_of(hand)} is under way and its tables play its boards at their own pace: "
            "only the start of a round can be undone, before anything of it is entered."
        )
    if hand_has_entries(event, hand):
        raise EveningError(f"Hand {hand} has results entered already; it cannot be undone.")
    if event.format.result_driven:
        # Planned seatings stay: they were fixed before the evening began.
        Seating.objects.of_hand(event, hand).delete()
    event.current_hand = hand - 1
    event.status = Event.Status.RUNNING
    event.hand_started = None  # when the earlier hand began is not known: the live page shows no clock
    event.save(update_fields=["current_hand", "status", "hand_started"])
    return event


def _reseat_from(event: Event, hand: int) -> None:
    """Seat hand ``hand`` (and for a planned movement every hand after it) afresh for the players
    present, after an arrival, a departure or a role change; nothing already played changes.

    A result-driven movement seats its next hand when the hand before it is complete (``advance``),
    so here only a hand already seated at the interval is seated again.
    """
    fmt = event.format
    event.bump()  # the players changed even when no seating does yet (the desk, the phones' moves)
    if hand > fmt.hands:
        return
    if hand_has_entries(event, hand, or_later=True):
        raise EveningError(f"Hand {hand} has results entered already: its seating cannot change.")
    Seating.objects.of_event(event).from_hand(hand).delete()
    players = players_for(event, hand)
    history = history_of(event, hand - 1)
    if fmt.result_driven and hand > event.current_hand:
        return
    results = round_results(event, hand - 1) if fmt.ends_round(hand - 1) else {}
    try:
        if fmt.result_driven:
            seatings = [movements.next_seating(fmt, players, history, results)]
        else:
            seatings = movements.replan(fmt, players, history, event.seed)
    except movements.MovementError as exc:
        raise EveningError(_sentence(str(exc))) from exc
    tables = _tables_for(event, seatings)
    for offset, seating in enumerate(seatings):
        _save_seating(event, hand + offset, seating, tables)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def _check_seatable(event: Event, hand: int, doing: str) -> None:
    """Refuse a change after which nobody could be seated, saying what the organiser can do."""
    players = players_for(event, hand)
    try:
        roles = movements.roles_in_use(players)
    except movements.MovementError as exc:
        raise EveningError(_sentence(str(exc))) from exc
    # A partners drive pairs players regardless of role when it must: only the number of players counts.
    pairs_any_role = event.format.movement_kind.fixed_pairs
    if movements.tables_for(players, roles and not pairs_any_role) >= 1:
        return
    if roles and len(players) >= 4:
        ladies = sum(p.role == "lady" for p in players)
        gents = len(players) - ladies
        short = "gent" if gents < 2 else "lady"
        raise EveningError(
            f"{doing}, {ladies} {'lady' if ladies == 1 else 'ladies'} and {gents} {'gent' if gents == 1 else 'gents'} "
            f"would be left for hand {hand}: a table needs two of each. Change someone's role to {short} at the "
            "desk first."
        )
    raise EveningError(
        f"{doing}, {len(players)} {'player' if len(players) == 1 else 'players'} would be left for hand {hand}: "
        "a table needs four. Register a late arrival at the desk first: without one the evening cannot go on."
    )


def _keep_individual_tables(event: Event, hand: int, tables_before: int) -> list[Entrant]:
    """An individual drive keeps the tables it had while the players present can fill them: when
    roles alone would close a table, the fewest players needed play the other role from ``hand``
    (the latest arrivals first), and are returned so that the organiser is told."""
    fmt = event.format
    players = players_for(event, hand)
    if not fmt.movement_kind.individual or not movements.roles_in_use(players):
        return []
    want = min(tables_before, len(players) // 4)
    ladies = sum(p.role == "lady" for p in players)
    gents = len(players) - ladies
    if min(ladies, gents) // 2 >= want:
        return []
    long_role, short_role = ("lady", "gent") if ladies > gents else ("gent", "lady")
    needed = 2 * want - min(ladies, gents)
    candidates = (
        event.entrants.present_for(hand)
        .filter(role=long_role, role_from_hand__isnull=True)
        .order_by("-joined_hand", "-card_number")[:needed]
    )
    switched = []
    for entrant in candidates:
        _set_role(entrant, short_role, hand)
        switched.append(entrant)
    return switched


def _check_role_fits(event: Event, name: str, role: str) -> None:
    """With lady and gent roles in use every player needs one; without them nobody has one."""
    roles_used = event.entrants.exclude(role="").exists()
    if roles_used and not role:
        raise EveningError(f"This evening pairs ladies and gents: say whether {name} plays as a lady or a gent.")
    if not roles_used and role and event.entrants.exists():
        raise EveningError(f"This evening has no lady and gent roles: add {name} without a role.")


def _set_role(entrant: Entrant, role: str, hand: int) -> None:
    if entrant.joined_hand >= hand:
        entrant.role = role  # not played yet: simply their role
    else:
        entrant.earlier_role, entrant.role, entrant.role_from_hand = entrant.role, role, hand
    entrant.save(update_fields=["role", "earlier_role", "role_from_hand"])


def _tables_at(event: Event, hand: int) -> int:
    last = Seating.objects.of_event(event).before(hand).order_by("-hand").values_list("hand", flat=True).first()
    if last is None:
        return 0
    return Seating.objects.of_hand(event, last).seated().values("table").distinct().count()


@transaction.atomic
def register(event: Event, *, name: str, role: str = "", member=None) -> PlayersChange:
    """Someone enters at the desk: before the start an entry with the next card number; after it a
    late arrival, who plays from the next hand to be seated (at the interval, the hand after it)."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.status == Event.Status.FINISHED:
        raise EveningError("The evening is over: there is no hand left to join.")
    joined = first_open_hand(event)
    if event.started and joined > event.hands:
        raise EveningError("The last hand is under way: there is no hand left to join.")
    if event.started and event.is_duplicate:
        raise EveningError(
            "A duplicate evening's pairs and boards were fixed at the start: a late pair cannot join "
            "(they may play a later evening, or one of them take the seat of a player who must leave, as a "
            "substitute: Live tables, “A player must leave”)."
        )
    if event.started:
        _check_role_fits(event, name, role)
    card = (event.entrants.order_by("-card_number").values_list("card_number", flat=True).first() or 0) + 1
    entrant = Entrant.objects.create(
        event=event, name=name, role=role, member=member, card_number=card, joined_hand=joined
    )
    if event.started:
        switched = _keep_individual_tables(event, joined, _tables_at(event, joined))
        _check_seatable(event, joined, f"With {name}")
        _reseat_from(event, joined)
        return PlayersChange(entrant, joined, switched, plan_summary(event, joined))
    event.bump()
    return PlayersChange(entrant, joined)


@transaction.atomic
def withdraw(event: Event, entrant: Entrant) -> PlayersChange:
    """A player who leaves keeps what they scored and is not seated from the next hand to be seated."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    entrant = Entrant.objects.select_for_update().get(pk=entrant.pk, event=event)
    if entrant.left_after_hand is not None:
        raise EveningError(f"{entrant.name} has already left, after hand {entrant.left_after_hand}.")
    if not event.started:
        entrant.delete()  # before the start an entry is simply taken off
        event.bump()
        return PlayersChange(entrant, 1, taken_back=True)
    if event.is_duplicate:
        raise EveningError(
            f"In a duplicate evening the boards are scored pair by pair: if {entrant.name} must leave, seat a "
            "substitute in their place for the boards left (Live tables, “A player must leave”): the results "
            "stay the pair's."
        )
    hand = first_open_hand(event)
    if hand > event.hands:
        raise EveningError("The last hand is under way: everyone is leaving after it anyway.")
    if entrant.joined_hand >= hand:
        # Arrived but never played: the entry is simply taken back.
        entrant.delete()
        _check_seatable(event, hand, f"Without {entrant.name}")
        _reseat_from(event, hand)
        return PlayersChange(entrant, hand, taken_back=True, summary=plan_summary(event, hand))
    entrant.left_after_hand = hand - 1
    entrant.save(update_fields=["left_after_hand"])
    switched = _keep_individual_tables(event, hand, _tables_at(event, hand))
    _check_seatable(event, hand, f"Without {entrant.name}")
    _reseat_from(event, hand)
    return PlayersChange(entrant, hand, switched, plan_summary(event, hand))


@dataclass(frozen=True)
class Substitution:
    """A substitute seated in a duplicate evening, for the organiser's message."""

    substitute: Entrant
    leaver: Entrant
    pair: str  # the pair's label, "N–S 3"
    hand: int  # the first board slot the substitute plays
    board: int | None  # the board they play first (None: the pair sits out then)
    table: int | None
    seat: str
    taken_back: bool  # the leaver was a substitute who had not played: their entry is gone

    def words(self) -> str:
        sub, leaver = self.substitute, self.leaver
        where = f"from board {self.board} (table {self.table}, {SEAT_NAMES[self.seat]})" if self.board else (
            f"from board slot {self.hand}, when the pair comes back from sitting out"
        )  # fmt: skip
        lines = [f"{sub.name} (card {sub.card_number}) plays for {leaver.name} in pair {self.pair} {where}."]
        if self.taken_back:
            lines.append(f"{leaver.name} had not played yet, so is no longer entered.")
        else:
            lines.append(f"{leaver.name}'s last board was before it; the pair's results stay the pair's.")
        return " ".join(lines)


def substitute_from(event: Event, entrant: Entrant) -> int | None:
    """The first board slot a substitute for ``entrant`` would play: the first, from the current hand on,
    at which nothing has been entered at the table where their pair plays it (a board under way stays the
    leaver's once its result is being entered), or at which the pair sits out. None when there is none."""
    seats = dict(
        Seating.objects.of_entrant(entrant).from_hand(max(event.current_hand, 1)).values_list("hand", "table_id")
    )
    entered = set(
        Submission.objects.filter(table__event=event, hand__in=list(seats))
        .exclude(outcome__startswith="refused")
        .values_list("table_id", "hand")
    )
    return next((hand for hand in sorted(seats) if (seats[hand], hand) not in entered), None)


@transaction.atomic
def substitute(event: Event, leaver: Entrant, *, name: str = "", member=None) -> Substitution:
    """Duplicate: ``leaver`` must leave, and a substitute (a club ``member``, or a new ``name``) takes their
    seat for the boards left; the pair keeps its number, direction, results and percentage.

    Nothing is saved unless all is well: the substitute must be someone not playing tonight, the pair
    must keep one of its players from one board to the next (both may not change at once), and a board
    must be left to play.
    """
    event = Event.objects.select_for_update().get(pk=event.pk)
    leaver = Entrant.objects.select_for_update().get(pk=leaver.pk, event=event)
    if not event.is_duplicate:
        raise EveningError("Substitutes are for duplicate evenings: in a drive a player who leaves simply leaves.")
    if not event.started or event.status == Event.Status.FINISHED:
        raise EveningError(
            "Substitutes take a seat while the evening is played: before the start, change the entries at the desk."
            if not event.started
            else "The evening is over: there is no board left to play."
        )
    name = " ".join((member.name if member is not None else name).split())
    if not name:
        raise EveningError(f"Give the substitute's name: who takes {leaver.name}'s seat?")
    if leaver.left_after_hand is not None:
        raise EveningError(f"{leaver.name} has already left, after board slot {leaver.left_after_hand}.")
    original = leaver.stands_in_for or leaver
    partnership = Partnership.objects.filter(event=event).filter(Q(first=original) | Q(second=original)).first()
    if partnership is None:
        raise EveningError(f"{leaver.name} is not in a pair tonight.")
    here = event.entrants.filter(left_after_hand__isnull=True)  # playing now, or from a later board
    if member is not None and event.entrants.filter(member=member).exists():
        entered = event.entrants.get(member=member)
        raise EveningError(
            f"{entered.name} is already entered tonight (card {entered.card_number}): a substitute is someone "
            "who is not playing. Choose another member, or type a new name."
        )
    clash = next((e for e in here if " ".join(e.name.split()).casefold() == name.casefold()), None)
    if clash is not None:
        raise EveningError(
            f"{clash.name} is already playing tonight (card {clash.card_number}): a substitute is someone who is "
            "not playing. Give another name."
        )
    hand = substitute_from(event, leaver)
    if hand is None:
        raise EveningError(f"{leaver.name}'s last board is under way: nobody needs to take the seat now.")
    seat = Seating.objects.of_entrant(leaver, hand).select_related("table").get()
    partner_id = partnership.second_id if original.pk == partnership.first_id else partnership.first_id
    new_partner = Entrant.objects.filter(event=event, stands_in_for_id=partner_id, joined_hand=hand).first()
    if new_partner is not None:
        raise EveningError(
            f"{new_partner.name} takes the other seat of pair {partnership.pair.label} from the same board: a pair "
            "keeps at least one of its players from one board to the next. Seat this substitute from the board "
            "after, or leave the pair's boards to the organiser."
        )
    card = (event.entrants.order_by("-card_number").values_list("card_number", flat=True).first() or 0) + 1
    sub = Entrant.objects.create(
        event=event, name=name, member=member, role=leaver.role_at(hand), card_number=card, joined_hand=hand,
        stands_in_for=original,
    )  # fmt: skip
    Seating.objects.of_entrant(leaver).from_hand(hand).update(entrant=sub)
    taken_back = leaver.joined_hand >= hand and leaver.stands_in_for_id is not None
    if taken_back:
        leaver.delete()  # a substitute who never played: simply replaced
    else:
        leaver.left_after_hand = hand - 1
        leaver.save(update_fields=["left_after_hand"])
    event.bump()  # every page of the evening shows the new name
    board = TableBoard.objects.filter(table=seat.table, hand=hand).values_list("board__number", flat=True).first()
    number = seat.table.number if seat.table is not None else None
    return Substitution(sub, leaver, partnership.pair.label, hand, board, number, seat.seat, taken_back)


@transaction.atomic
def undo_withdraw(event: Event, entrant: Entrant) -> PlayersChange:
    """Take back a "leaves" that has not taken effect yet: the player is seated again."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    entrant = Entrant.objects.select_for_update().get(pk=entrant.pk, event=event)
    hand = first_open_hand(event)
    if entrant.left_after_hand is None:
        raise EveningError(f"{entrant.name} has not left.")
    if entrant.left_after_hand < hand - 1:
        raise EveningError(
            f"{entrant.name} left after hand {entrant.left_after_hand}, and the evening has moved on since: "
            "register them again as a late arrival."
        )
    entrant.left_after_hand = None
    entrant.save(update_fields=["left_after_hand"])
    _reseat_from(event, hand)
    return PlayersChange(entrant, hand, summary=plan_summary(event, hand))


@transaction.atomic
def change_role(event: Event, entrant: Entrant, role: str) -> PlayersChange:
    """The role a player plays from the next hand to be seated (before the start: simply their role)."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    entrant = Entrant.objects.select_for_update().get(pk=entrant.pk, event=event)
    if role == entrant.role:
        return PlayersChange(entrant, first_open_hand(event))
    if event.started and event.is_duplicate:
        raise EveningError("A duplicate evening's pairs were fixed at the start: roles cannot change now.")
    if event.started and not role:
        raise EveningError(f"This evening pairs ladies and gents: {entrant.name} plays as a lady or a gent.")
    if not event.started:
        entrant.role = role
        entrant.save(update_fields=["role"])
        event.bump()
        return PlayersChange(entrant, 1)
    hand = first_open_hand(event)
    if hand > event.hands:
        raise EveningError("The last hand is under way: no role can change now.")
    if entrant.role_from_hand is not None and entrant.role_from_hand < hand:
        raise EveningError(
            f"{entrant.name} has already changed role once tonight (from hand {entrant.role_from_hand}): "
            "a role changes at most once in an evening."
        )
    if entrant.role_from_hand is not None and role == entrant.earlier_role:
        # Taking back a change that has not taken effect yet.
        entrant.role, entrant.earlier_role, entrant.role_from_hand = role, "", None
        entrant.save(update_fields=["role", "earlier_role", "role_from_hand"])
    else:
        _set_role(entrant, role, hand)
    _check_seatable(event, hand, f"With {entrant.name} as a {role or 'player'}")
    _reseat_from(event, hand)
    return PlayersChange(entrant, hand, summary=plan_summary(event, hand))


@dataclass(frozen=True)
class StaleSeating:
    """Seatings that followed a result since corrected: they stand, unless ``can_reseat``."""

    hands: range  # the hands seated from the old result, and every hand after them
    can_reseat: bool  # the first of them is the current hand and nothing of it is entered yet


def stale_seating(event: Event, hand: int) -> StaleSeating | None:
    """Whether the hand after ``hand``'s round was seated from other results than those now stored.

    Only a result-driven movement seats from results. A correction that changes a round's winner
    leaves the seating that followed it as it was (players may already have moved); the organiser
    may seat the current hand again while none of its results is in.
    """
    fmt = event.format
    if not fmt.result_driven:
        return None
    last = hand + (fmt.hands_per_round - 1 - (hand - 1) % fmt.hands_per_round)
    following = last + 1
    seated = Seating.objects.of_event(event).from_hand(following).order_by("-hand").values_list("hand", flat=True)
    newest = seated.first()
    if newest is None or following > fmt.hands:
        return None
    history = history_of(event, following)
    try:
        expected = movements.next_seating(fmt, players_for(event, following), history[:-1], round_results(event, last))
    except movements.MovementError:
        return None  # the round is not complete: nothing was seated from it
    actual = history[-1]
    if expected.tables == actual.tables and sorted(expected.sitting_out) == sorted(actual.sitting_out):
        return None
    can = (
        following == event.current_hand
        and event.status in (Event.Status.RUNNING, Event.Status.INTERVAL)
        and not Submission.objects.filter(table__event=event, hand=following).exists()
    )
    return StaleSeating(range(following, newest + 1), can)


@transaction.atomic
def reseat_current_hand(event: Event, *, expected_hand: int) -> Event:
    """Seat the current hand again from the results as they stand, while none of it is entered."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if event.current_hand != expected_hand:
        raise EveningError(
            f"The evening has moved on to hand {event.current_hand}: hand {expected_hand} stays as seated."
        )
    stale = stale_seating(event, expected_hand - 1)
    if stale is None:
        raise EveningError(f"Hand {expected_hand} is already seated from the results as they stand.")
    if not stale.can_reseat:
        raise EveningError(f"Results of hand {expected_hand} are in: its seating stands.")
    _reseat_from(event, expected_hand)
    return event


@dataclass
class PlayersChange:
    """What an arrival, a departure or a role change did, for the organiser's message."""

    entrant: Entrant
    hand: int  # the first hand it changes
    switched: list[Entrant] = field(default_factory=list)  # who now plays the other role to keep a table
    summary: str = ""  # the seating from ``hand`` on, in words
    taken_back: bool = False  # an arrival who never played, whose entry was withdrawn

    def words(self) -> str:
        """The change, where the player sits, anyone now playing the other role, and the new plan."""
        who = self.entrant
        if self.taken_back:
            lines = [f"{who.name} is no longer entered (they had not played yet)."]
        elif who.left_after_hand is not None:
            lines = [f"{who.name} leaves after hand {who.left_after_hand} and keeps what they scored."]
        elif who.role_from_hand == self.hand:
            lines = [f"{who.name} plays as a {who.role} from hand {self.hand}."]
        elif who.joined_hand == self.hand and self.hand > 1:
            lines = [f"{who.name} (card {who.card_number}) {self._place()}."]
        else:
            lines = [f"{who.name} is seated as before."]
        for other in self.switched:
            lines.append(
                f"To keep the tables full, {other.name} plays as a {other.role} from hand {self.hand} "
                "(change who at the desk)."
            )
        if self.summary:
            lines.append(self.summary)
        return " ".join(lines)

    def _place(self) -> str:
        """Where an arrival first plays. It never says "plays from hand 4" of someone who sits hand 4 out:
        a sit-out is named, with the first hand already planned at a table if there is one."""
        seats = list(
            Seating.objects.filter(entrant=self.entrant, hand__gte=self.hand).select_related("table").order_by("hand")
        )
        if not seats:
            return f"joins at hand {self.hand}: their seat is drawn when hand {self.hand - 1} is complete"
        first = seats[0]
        if first.table is not None:
            return f"plays from hand {self.hand}: table {first.table.number}, {first.get_seat_display()}"
        playing = next(((seat, seat.table) for seat in seats if seat.table is not None), None)
        if playing is None:
            return (
                f"sits out hand {self.hand}, the first hand after arriving, and plays when a seat comes round "
                "(a sit-out scores as the club's rule says)"
            )
        seat, table = playing
        return (
            f"sits out hand {self.hand}, then plays from hand {seat.hand}: "
            f"table {table.number}, {seat.get_seat_display()}"
        )


def pending_changes(event: Event) -> dict[str, list[Entrant]]:
    """Arrivals, departures and role changes that have not taken effect yet (they can be undone). A
    duplicate evening has none: its changes are substitutes, which ``substitute`` itself puts right."""
    if not event.started or event.status == Event.Status.FINISHED or event.is_duplicate:
        return {"arrivals": [], "leavers": [], "roles": []}
    hand = first_open_hand(event)
    entrants = event.entrants.order_by("card_number")
    return {
        "arrivals": list(entrants.filter(joined_hand=hand).exclude(joined_hand=1)),
        "leavers": list(entrants.filter(left_after_hand=hand - 1)),
        "roles": list(entrants.filter(role_from_hand=hand)),
    }


def _pairs_of_one_role(event: Event, players: list[movements.Player], hand: int) -> str:
    """A partners drive pairs two ladies (or two gents) when no match by role exists (the Mitchell's re-plan):
    the organiser is told who, so that nobody is surprised at the table."""
    if not event.format.movement_kind.fixed_pairs or not movements.roles_in_use(players):
        return ""
    role = {p.id: p.role for p in players}
    name = {pid: entrant.name for pid, entrant in entrants_by_player_id(event).items()}
    pairs: set[tuple[str, str, str]] = set()
    for seating in history_of(event, event.format.hands)[hand - 1 :]:
        for seats in seating.tables.values():
            for a, b in (("N", "S"), ("E", "W")):
                if role.get(seats[a]) == role.get(seats[b]):
                    one, other = sorted((name[seats[a]], name[seats[b]]))
                    pairs.add((one, other, role[seats[a]] or ""))
    return "".join(
        f" {one} and {other} play as a pair though both are {'ladies' if both == 'lady' else 'gents'}: "
        f"no {'gent' if both == 'lady' else 'lady'} was free to partner them."
        for one, other, both in sorted(pairs)
    )


def plan_summary(event: Event, hand: int) -> str:
    """The seating from ``hand`` on in a sentence or two: tables, who sits out, and for a planned
    movement how often partnerships repeat over the hands left."""
    fmt = event.format
    players = players_for(event, hand)
    roles = movements.roles_in_use(players)
    planned = list(Seating.objects.of_event(event).from_hand(hand).values_list("hand", "table__number", "entrant_id"))
    if planned:
        first = [row for row in planned if row[0] == hand]
        tables = len({number for _h, number, _e in first if number is not None})
        out = sum(1 for _h, number, _e in first if number is None)
    else:
        tables = movements.tables_for(players, roles)
        out = len(players) - 4 * tables
    words = f"From hand {hand}: {tables} table{'s' if tables != 1 else ''}"
    if out:
        words += f", {out} sitting out each hand in turn" if out < 4 else f", {out} sitting out each hand"
    words += "."
    words += _pairs_of_one_role(event, players, hand)
    if not fmt.result_driven and fmt.movement_kind.moves:
        partners: Counter[frozenset[str]] = Counter()
        for seating in history_of(event, fmt.hands):
            for seats in seating.tables.values():
                partners.update([frozenset((seats["N"], seats["S"])), frozenset((seats["E"], seats["W"]))])
        repeats = sum(1 for n in partners.values() if n > 1) if fmt.movement_kind.individual else 0
        if fmt.movement_kind.individual:
            words += (
                f" {repeats} partnership{'s' if repeats != 1 else ''} of the evening repeat{'s' if repeats == 1 else ''}."
                if repeats
                else " Nobody partners anyone twice."
            )
    return words
