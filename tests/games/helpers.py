"""A game-night table written row by row: the players, each hand's seating and its agreed result.

The scoring tests build a table this way and read it back through the adapter (whistdrive.evening.games),
so they check the loading, the ``fresh`` decision and the engine together.
"""

from __future__ import annotations

from tests.factories import add_entrants, make_club, make_event
from whistdrive.engines.formats import PRESETS, Format
from whistdrive.evening import games
from whistdrive.store.models import Event, Result, Seating, Table

RUBBERS = PRESETS["rubbers"][1]
SWAPPED = {"N": 0, "S": 1, "E": 4, "W": 5}  # a second E–W pair: a Mitchell move brings new partnerships
USUAL = {"N": 0, "S": 1, "E": 2, "W": 3}


def games_format(**changes) -> Format:
    return RUBBERS.with_changes(**changes)


def hand(ns: int, *, hon: tuple[int | None, int | None] = (None, None), revoke: str = "", seats=None, trump="H"):
    """One hand as the table entered it: North–South's tricks as played, honours held, a revoke."""
    return {"ns": ns, "honours": hon, "revoke": revoke, "seats": seats or USUAL, "trump": trump}


def play_table(fmt: Format, hands: list[dict]) -> games.TableGames:
    event = make_event(make_club(), fmt, status=Event.Status.RUNNING, current_hand=len(hands))
    people = add_entrants(event, 0, 0, others=6)
    table = Table.objects.create(event=event, number=1)
    for number, h in enumerate(hands, start=1):
        for seat, index in h["seats"].items():
            Seating.objects.create(event=event, hand=number, entrant=people[index], table=table, seat=seat)
        Result.objects.create(
            table=table, hand=number, trump=h["trump"], tricks_ns=h["ns"], tricks_ew=13 - h["ns"],
            honours_ns=h["honours"][0], honours_ew=h["honours"][1], revoke=h["revoke"],
        )  # fmt: skip
    return games.table_games(event)[1]
