"""Loads an event's rows as the plain values the standings engine takes.

Three queries whatever the size of the event (entrants, seatings, results), so the
organiser's standings, the projector board and each player's page cost the same for
5 tables or 300. Totals are always derived here from `Result` rows, never stored.
"""

from __future__ import annotations

from collections import defaultdict

from whistdrive import standings
from whistdrive.models import Event, Result, Seating
from whistdrive.rules import HandEntry, tricks_after_revoke


def entrants_of(event: Event) -> list[standings.Entrant]:
    return [
        standings.Entrant(id=e.player_id, name=e.name, role=e.role or None)
        for e in event.entrants.order_by("card_number")
    ]


def hand_records(event: Event, *, up_to: int | None = None) -> list[standings.HandRecord]:
    """Every hand with at least one result: its tables (tricks after revokes) and its sit-outs.

    A table without a result yet is left out, so its players simply have no score for that
    hand; a sit-out counts in any hand that has a result at some table.
    """
    fmt = event.format
    seatings = Seating.objects.filter(event=event).values_list(
        "hand", "table__number", "seat", "entrant__archive_id", "entrant__card_number"
    )
    results = Result.objects.for_event(event).values_list(
        "hand", "table__number", "tricks_ns", "tricks_ew", "revoke", "trump"
    )
    if up_to is not None:
        seatings = seatings.filter(hand__lte=up_to)
        results = results.filter(hand__lte=up_to)

    seats: dict[tuple[int, int], dict[str, str]] = defaultdict(dict)
    sitting_out: dict[int, list[str]] = defaultdict(list)
    for hand, table, seat, archive_id, card_number in seatings:
        player_id = archive_id or f"p{card_number}"
        if table is None:
            sitting_out[hand].append(player_id)
        else:
            seats[hand, table][seat] = player_id

    tables: dict[int, list[standings.TableHand]] = defaultdict(list)
    for hand, table, ns, ew, revoke, trump in results:
        entry = HandEntry(tricks_ns=ns, tricks_ew=ew, trump=trump, revoke=revoke or None)
        tricks = tricks_after_revoke(entry, fmt)
        tables[hand].append(standings.TableHand(table=table, seats=seats[hand, table], tricks=tricks))

    return [
        standings.HandRecord(
            number=hand,
            tables=tuple(sorted(tables[hand], key=lambda t: t.table)),
            sitting_out=tuple(sitting_out[hand]),
        )
        for hand in sorted(tables)
    ]


def standings_input(event: Event) -> tuple[list[standings.Entrant], list[standings.HandRecord]]:
    return entrants_of(event), hand_records(event)


def event_standings(event: Event) -> list[standings.Standing]:
    """The drive's standings now: provisional until the event is finished."""
    entrants, hands = standings_input(event)
    return standings.drive_standings(event.format, entrants, hands, final=event.status == Event.Status.FINISHED)


def entry_of(result: Result) -> HandEntry:
    """A stored result as the rules engine's HandEntry (tricks as played, before any revoke)."""
    return HandEntry(
        tricks_ns=result.tricks_ns,
        tricks_ew=result.tricks_ew,
        trump=result.trump,
        honours_ns=result.honours_ns,
        honours_ew=result.honours_ew,
        revoke=result.revoke or None,
    )
