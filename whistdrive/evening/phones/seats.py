"""Who is seated: the seat a phone's player holds at a table for a hand, and whether the hall has moved on
to a hand (anyone is seated for it)."""

from __future__ import annotations

from whistdrive.store import cache, rows
from whistdrive.store.models import Event, Seating, Table


def seat_at(table: Table, hand: int, entrants: list[int]) -> str | None:
    seats = Seating.objects.at_table(table, hand).of_entrants(entrants).order_by()
    return seats.values_list("seat", flat=True).first()


def seated(event: Event, hand: int) -> bool:
    """Whether anyone is seated for ``hand`` (the hall has moved on to it): asked by every agreed table's
    page, kept under the event's revision (a seating bumps it, ``cache.seated_key``)."""
    return cache.get_or_make(cache.seated_key(event.pk, hand, event.revision), lambda: rows.anyone_seated(event, hand))
