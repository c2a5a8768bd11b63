"""Small ways to play a started evening's hands for the live-page tests (the evening: tests/factories.py)."""

from django.urls import reverse

from tests.factories import table_of
from whistdrive.engines.rules import HandEntry, trump_for_hand
from whistdrive.evening import entry


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
