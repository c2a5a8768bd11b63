"""A started evening for the entry tests: 12 players at 3 tables, 6 hands."""

from tests.factories import add_entrants, make_club, make_event
from whistdrive import evening
from whistdrive.formats import Format


def started_event(ladies: int = 6, gents: int = 6, **fmt_changes):
    fmt = Format(hands=6, interval_after=None, **fmt_changes)
    event = make_event(make_club(), fmt)
    add_entrants(event, ladies, gents)
    evening.start_event(event, seed=7)
    event.refresh_from_db()
    return event


def table_of(event, number: int = 1):
    return event.tables.get(number=number)
