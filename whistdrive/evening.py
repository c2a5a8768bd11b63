"""The adapter between an evening's rows and the movement engine: who sits where.

Loads entrants, seatings and results as plain values, asks ``whistdrive.movements``
what comes next, and writes the new rows inside one transaction. Entry at the tables
(``whistdrive.entry``) calls ``advance`` when a hand is complete.
"""

from __future__ import annotations

import logging
import secrets
from collections import defaultdict

from django.db import transaction

from whistdrive import movements
from whistdrive.formats import FormatError
from whistdrive.models import Entrant, Event, Result, Seating, Table
from whistdrive.rules import HandEntry, tricks_after_revoke


class EveningError(ValueError):
    """Something the organiser asked for that cannot be done now; the message says why."""


def players_for(event: Event, hand: int) -> list[movements.Player]:
    """The engine's players for hand ``hand``: those present, in card-number order."""
    entrants = event.entrants.present_for(hand).order_by("card_number")
    return [movements.Player(id=e.player_id, role=e.role or None) for e in entrants]


def entrants_by_player_id(event: Event) -> dict[str, Entrant]:
    return {e.player_id: e for e in event.entrants.all()}


def history_of(event: Event, up_to: int | None = None) -> list[movements.Seating]:
    """The seatings of hands 1..up_to (default: the current hand) as engine values."""
    up_to = event.current_hand if up_to is None else up_to
    rows = (
        Seating.objects.filter(event=event, hand__lte=up_to)
        .select_related("entrant", "table")
        .order_by("hand", "table__number", "seat")
    )
    tables: dict[int, dict[int, dict[str, str]]] = defaultdict(lambda: defaultdict(dict))
    sitting_out: dict[int, list[str]] = defaultdict(list)
    for row in rows:
        if row.table_id:
            tables[row.hand][row.table.number][row.seat] = row.entrant.player_id
        else:
            sitting_out[row.hand].append(row.entrant.player_id)
    return [
        movements.Seating(tables=dict(tables[hand]), sitting_out=tuple(sitting_out[hand]))
        for hand in range(1, up_to + 1)
    ]


def round_results(event: Event, last_hand: int, tables: list[int] | None = None) -> dict[int, movements.RoundResult]:
    """Each table's result over the round that ends with ``last_hand`` (tricks after revokes);
    only the tables numbered ``tables`` when given."""
    fmt = event.format
    first_hand = last_hand - ((last_hand - 1) % fmt.hands_per_round)
    totals: dict[int, dict[str, int]] = defaultdict(lambda: {"NS": 0, "EW": 0})
    last_winner: dict[int, str] = {}
    # As plain values: every agreed table's where-next reads the whole hall's round.
    rows = (
        Result.objects.for_event(event)
        .filter(hand__gte=first_hand, hand__lte=last_hand)
        .order_by("hand")
        .values_list("hand", "table__number", "tricks_ns", "tricks_ew", "trump", "revoke")
    )
    if tables is not None:
        rows = rows.filter(table__number__in=tables)
    for hand, number, ns, ew, trump, revoke in rows:
        tricks = tricks_after_revoke(HandEntry(tricks_ns=ns, tricks_ew=ew, trump=trump, revoke=revoke or None), fmt)
        totals[number]["NS"] += tricks["NS"]
        totals[number]["EW"] += tricks["EW"]
        if hand == last_hand:
            last_winner[number] = "NS" if tricks["NS"] > tricks["EW"] else "EW"
    return {
        number: movements.RoundResult(tricks_ns=t["NS"], tricks_ew=t["EW"], last_hand_winner=last_winner[number])
        for number, t in totals.items()
        if number in last_winner
    }


def _save_seating(event: Event, hand: int, seating: movements.Seating, tables: dict[int, Table]) -> None:
    by_id = entrants_by_player_id(event)
    rows = [
        Seating(event=event, hand=hand, entrant=by_id[player_id], table=tables[number], seat=seat)
        for number, seats in seating.tables.items()
        for seat, player_id in seats.items()
    ]
    rows += [Seating(event=event, hand=hand, entrant=by_id[player_id]) for player_id in seating.sitting_out]
    Seating.objects.bulk_create(rows)


def _tables_for(event: Event, seatings: list[movements.Seating]) -> dict[int, Table]:
    """The event's tables, creating any the seatings use that do not exist yet."""
    wanted = {number for seating in seatings for number in seating.tables}
    existing = {t.number: t for t in event.tables.all()}
    for number in sorted(wanted - set(existing)):
        existing[number] = Table.objects.create(event=event, number=number)
    return existing


def advice_for(event: Event) -> movements.Advice:
    """What the movement will do with the people registered so far (for the desk)."""
    return movements.advise(event.format, players_for(event, max(event.current_hand, 1)))


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
    advice = movements.advise(fmt, players)
    if advice.problems:
        raise EveningError(" ".join(advice.problems))
    event.seed = secrets.randbits(31) if seed is None else seed
    event.seating_by = by
    try:
        seatings = movements.start(fmt, players, event.seed, by=by)
    except movements.MovementError as exc:
        raise EveningError(str(exc)) from exc
    tables = _tables_for(event, seatings)
    for hand, seating in enumerate(seatings, start=1):
        _save_seating(event, hand, seating, tables)
    event.status = Event.Status.RUNNING
    event.current_hand = 1
    event.save(update_fields=["seed", "seating_by", "status", "current_hand"])
    return event


def hand_complete(event: Event, hand: int) -> bool:
    seated_tables = Seating.objects.filter(event=event, hand=hand, table__isnull=False).values("table").distinct()
    done = Result.objects.filter(table__in=seated_tables, hand=hand).count()
    return done == seated_tables.count()


def _seat_next_hand(event: Event, next_hand: int) -> None:
    """Write the seating of ``next_hand`` unless the plan already holds it."""
    if Seating.objects.filter(event=event, hand=next_hand).exists():
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
    if hand >= event.hands:
        event.status = Event.Status.FINISHED
        event.save(update_fields=["status"])
        _back_up_after_commit(event, "the end")
        return event
    _seat_next_hand(event, hand + 1)
    event.current_hand = hand + 1
    event.status = Event.Status.INTERVAL if hand == event.interval_after else Event.Status.RUNNING
    event.save(update_fields=["current_hand", "status"])
    if event.status == Event.Status.INTERVAL:
        _back_up_after_commit(event, "the interval")
    return event


def _back_up_after_commit(event: Event, reason: str) -> None:
    """An automatic backup once the move is committed; a failed backup never stops the evening."""
    try:
        from whistdrive import backups

        backups.after_commit(event, reason)
    except Exception:
        logging.getLogger(__name__).exception("Could not schedule the backup at %s", reason)


@transaction.atomic
def undo_advance(event: Event) -> Event:
    """Go back to the previous hand while nothing of the current hand has been entered."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    hand = event.current_hand
    if event.status == Event.Status.FINISHED:
        event.status = Event.Status.RUNNING
        event.save(update_fields=["status"])
        return event
    if hand <= 1:
        raise EveningError("There is no earlier hand to go back to.")
    if event.tables.filter(submissions__hand=hand).exists():
        raise EveningError(f"Hand {hand} has results entered already; it cannot be undone.")
    if event.format.result_driven:
        # Planned seatings stay: they were fixed before the evening began.
        Seating.objects.filter(event=event, hand=hand).delete()
    event.current_hand = hand - 1
    event.status = Event.Status.RUNNING
    event.save(update_fields=["current_hand", "status"])
    return event


def _replan_from(event: Event, next_hand: int) -> None:
    """Re-plan a planned movement from ``next_hand`` on; nothing already played changes."""
    fmt = event.format
    if fmt.result_driven:
        return  # result-driven movements seat each hand as it comes, from those present
    Seating.objects.filter(event=event, hand__gte=next_hand).delete()
    try:
        seatings = movements.replan(fmt, players_for(event, next_hand), history_of(event, next_hand - 1), event.seed)
    except movements.MovementError as exc:
        raise EveningError(str(exc)) from exc
    tables = _tables_for(event, seatings)
    for offset, seating in enumerate(seatings):
        _save_seating(event, next_hand + offset, seating, tables)


@transaction.atomic
def add_late_arrival(event: Event, *, name: str, role: str = "", member=None) -> Entrant:
    """A late arrival plays from the next hand on."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    joined = max(event.current_hand + 1, 1)
    if event.started and joined > event.hands:
        raise EveningError("The last hand is under way: there is no hand left to join.")
    card = (event.entrants.order_by("-card_number").values_list("card_number", flat=True).first() or 0) + 1
    entrant = Entrant.objects.create(
        event=event, name=name, role=role, member=member, card_number=card, joined_hand=joined
    )
    if event.started:
        _check_seatable(event, joined)
        _replan_from(event, joined)
    return entrant


@transaction.atomic
def withdraw(event: Event, entrant: Entrant) -> Entrant:
    """A player who leaves keeps what they scored and is not seated from the next hand."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    entrant.left_after_hand = event.current_hand if event.started else 0
    entrant.save(update_fields=["left_after_hand"])
    if event.started:
        _check_seatable(event, event.current_hand + 1)
        _replan_from(event, event.current_hand + 1)
    return entrant


def _check_seatable(event: Event, hand: int) -> None:
    advice = movements.advise(event.format, players_for(event, hand))
    if advice.problems:
        raise EveningError(" ".join(advice.problems))
