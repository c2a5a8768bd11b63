"""Self check-in at the door: players scan the door poster and check themselves in from their own phones.

A member finds themself with the desk's search and is entered at once (a couple together); a walk-in types their
name and waits for the desk to confirm them as a guest. Check-in is open from when the organiser opens the door
until the start, and after it only while the organiser lets late arrivals in; one check-in per member, and at most
``PER_PHONE`` from one phone. Every write locks the event's row (on SQLite the transaction is IMMEDIATE, so the
writers take turns): 150 phones checking in at once make 150 entries with 150 card numbers, none lost or doubled.
Every write bumps the event's revision, which the desk's list of arrivals polls.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils import timezone

from clubs.models import Member
from whistdrive.evening import money, running
from whistdrive.evening.running import EveningError
from whistdrive.store.models import CheckIn, Event

# A phone may check in its owner, a partner and a friend or two who have no phone; beyond that, the desk.
PER_PHONE = 4
COUPLE = 2


class DoorError(ValueError):
    """A check-in refused, with what to do instead."""


def shut_because(event: Event) -> str:
    """Why a phone may not check in now ("" when it may)."""
    if event.status == Event.Status.FINISHED:
        return "The evening is over."
    if event.door_opened is None:
        return "Check-in is not open yet: the organiser opens it when the doors open. Or see the desk."
    if event.started and not event.door_late:
        return "The evening has started: please see the desk to join."
    return ""


def _locked(event: Event) -> Event:
    return Event.objects.select_for_update(of=("self",)).select_related("club").get(pk=event.pk)


def _check_open(event: Event, device: str, people: int) -> None:
    if refusal := shut_because(event):
        raise DoorError(refusal)
    used = CheckIn.objects.filter(event=event, device=device).exclude(status=CheckIn.Status.UNDONE).count()
    if used + people > PER_PHONE:
        raise DoorError(
            f"This phone has checked in {used} {'person' if used == 1 else 'people'} tonight: "
            f"a phone may check in {PER_PHONE} at most. Please see the desk."
        )


@transaction.atomic
def set_door(event: Event, *, open: bool, late: bool) -> Event:
    """The organiser opens or shuts the door, and lets late arrivals check themselves in or not."""
    event = _locked(event)
    if open and event.door_opened is None:
        event.door_opened = timezone.now()
    elif not open:
        event.door_opened = None
    event.door_late = late
    event.save(update_fields=["door_opened", "door_late"])
    event.bump()
    return event


@transaction.atomic
def check_in(event: Event, members: Sequence[Member], *, device: str) -> list[CheckIn]:
    """Members (one, or a couple together) say "I'm here": each is entered with the next card number."""
    event = _locked(event)
    if not members:
        raise DoorError("Tick your name first.")
    if len(members) > COUPLE:
        raise DoorError(f"Check in {COUPLE} at most together: the others please use their own phone or the desk.")
    _check_open(event, device, len(members))
    for member in members:
        if member.club_id != event.club_id or not member.active:
            raise DoorError(f"{member.name} is not on the club's list: please see the desk.")
        entered = event.entrants.filter(member=member).first()
        if entered is not None:
            raise DoorError(f"{member.name} is here already: card {entered.card_number}.")
    made = []
    for member in members:
        try:
            change = running.register(event, name=member.name, role=member.role, member=member)
        except EveningError as exc:
            raise DoorError(f"{exc} Please see the desk.") from None
        made.append(CheckIn.objects.create(event=event, member=member, entrant=change.entrant,
                                           status=CheckIn.Status.HERE, device=device))  # fmt: skip
    event.bump()
    return made


@transaction.atomic
def walk_in(event: Event, name: str, *, device: str) -> CheckIn:
    """Someone not on the club's list types their name: they wait for the desk to confirm them as a guest."""
    event = _locked(event)
    _check_open(event, device, 1)
    waiting = CheckIn.objects.create(event=event, name=name, status=CheckIn.Status.WAITING, device=device)
    event.bump()
    return waiting


@transaction.atomic
def confirm(
    event: Event, waiting: CheckIn, *, role: str = "", method: str = "", fee: str = "", user=None
) -> running.PlayersChange:
    """The desk confirms a walk-in: a guest's entry with the next card number; with ``method``, their entry fee
    taken at the same time (a guest's price unless ``fee`` says otherwise). A payment refused (the price is not
    set) leaves the walk-in waiting: nothing half done (``money.LedgerError``)."""
    event = _locked(event)
    waiting = CheckIn.objects.select_for_update(of=("self",)).get(pk=waiting.pk, event=event)
    if waiting.status != CheckIn.Status.WAITING:
        raise EveningError(f"{waiting.who} is not waiting for the desk ({waiting.get_status_display().lower()}).")
    change = running.register(event, name=waiting.name, role=role)
    waiting.entrant = change.entrant
    waiting.status = CheckIn.Status.CONFIRMED
    waiting.save(update_fields=["entrant", "status"])
    if method:
        money.pay_entry(event, change.entrant, method=method, fee=fee or "guest", user=user)
    event.bump()
    return change


@transaction.atomic
def undo(event: Event, arrival: CheckIn) -> running.PlayersChange | None:
    """The desk undoes a check-in: a walk-in is turned away, an entry made is taken off (after the start, the
    player withdraws from the next hand, as at the desk)."""
    event = _locked(event)
    arrival = (
        CheckIn.objects.select_for_update(of=("self",))
        .select_related("entrant", "member")
        .get(pk=arrival.pk, event=event)
    )
    if arrival.status == CheckIn.Status.UNDONE:
        raise EveningError(f"{arrival.who}'s check-in is undone already.")
    change = running.withdraw(event, arrival.entrant) if arrival.entrant is not None else None
    arrival.status = CheckIn.Status.UNDONE
    arrival.save(update_fields=["status"])
    event.bump()
    return change


def arrivals(event: Event, count: int = 30) -> list[CheckIn]:
    """The latest check-ins, newest first, for the desk, and every walk-in still waiting however long ago they
    came: one scrolled off the list could never be confirmed (the door bench saw it when arrivals came fastest)."""
    rows = event.check_ins.select_related("member", "entrant")
    latest = list(rows[:count])
    older_waiting = rows.filter(status=CheckIn.Status.WAITING).exclude(pk__in=[arrival.pk for arrival in latest])
    return latest + list(older_waiting)
