"""A started evening of club A for the live-page tests, and small ways to play its hands."""

from django.urls import reverse

from tests.factories import add_entrants, make_event
from whistdrive import entry, evening
from whistdrive.formats import Format
from whistdrive.rules import HandEntry, trump_for_hand


def started_event(club, tables: int = 3, hands: int = 6, interval_after: int | None = 3, **fields):
    fmt = Format(hands=hands, interval_after=interval_after)
    event = make_event(club, fmt, **fields)
    add_entrants(event, 2 * tables, 2 * tables)
    evening.start_event(event, seed=1)
    event.refresh_from_db()
    return event


def table_of(event, number: int = 1):
    return event.tables.get(number=number)


def agree(event, number: int, hand: int | None = None, ns: int = 7):
    """Table ``number`` enters and agrees North–South ``ns`` tricks from its phones."""
    hand = hand or event.current_hand
    table = table_of(event, number)
    entry.submit(table, hand=hand, seat="N", tricks_ours=ns)
    entry.agree(table, hand=hand, seat="E")


def dispute(event, number: int, hand: int | None = None):
    """North–South say they took 7, East–West say they took 7 too (so North–South 6)."""
    hand = hand or event.current_hand
    table = table_of(event, number)
    entry.submit(table, hand=hand, seat="N", tricks_ours=7)
    entry.submit(table, hand=hand, seat="E", tricks_ours=7)


def entry_for(event, hand: int, ns: int) -> HandEntry:
    return HandEntry(tricks_ns=ns, tricks_ew=13 - ns, trump=trump_for_hand(event.trumps, hand))


def url(name: str, event, *args) -> str:
    return reverse(name, args=[event.pk, *args])
