"""The table's page asks its context only for names it is given (whistdrive/evening/phones/drawing.py,
``ONLY_SOMETIMES_DRAWN``).

A name the template asks for and the context lacks shows as nothing, so a misspelt one goes unseen; and
Django works each one out through four exceptions, which at a hall's end of hand were 7 % of the server's
work. Each state a table's page shows, drawn as the page, as htmx's fragment, and as the pushed page of a
seat, on a drive, a game night and a duplicate evening.
"""

from __future__ import annotations

import pytest
from django.template import base
from django.test import Client
from django.urls import reverse

from tests.factories import add_entrants, duplicate_event, make_club, make_event, seated_phone, started_event, table_of
from tests.games.helpers import games_format
from whistdrive.evening import running
from whistdrive.evening.phones import drawing, pushes, versions

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


@pytest.fixture
def missing(monkeypatch) -> list[str]:
    """The names the table's page asked for and was not given, as drawn from now on."""
    asked: list[str] = []
    resolve = base.Variable._resolve_lookup

    def recording(variable, context):
        try:
            return resolve(variable, context)
        except base.VariableDoesNotExist:
            origin = getattr(getattr(context, "template", None), "origin", None)
            if origin is None or str(origin.template_name).startswith("whistdrive/"):
                asked.append(variable.var)
            raise

    monkeypatch.setattr(base.Variable, "_resolve_lookup", recording)
    return asked


def _every_way(table, phone: Client, seat: str) -> None:
    """The page, its fragment, and the page pushed to ``seat``'s player, as each is drawn now."""
    url = reverse("table", args=[table.token])
    assert phone.get(url).status_code == 200
    assert phone.get(url, headers=HX).status_code == 200
    Client().get(url, headers=HX)  # a phone with no seat chosen
    loaded = versions.load(table.token, set())
    players = {person.pk for s, person in drawing.kept_drawing(loaded)["state"].seats.items() if s == seat}
    assert pushes.pushed_pages(table.token, players, loaded)[2]


def _play_a_hand(table, north: Client, east: Client, missing: list[str]) -> None:
    _every_way(table, north, "N")  # waiting for the hand's result
    north.post(reverse("table_enter", args=[table.token]), {"hand": table.event.current_hand, "tricks": 8}, headers=HX)
    _every_way(table, east, "E")  # North–South's claim, for East–West to agree
    east.post(reverse("table_enter", args=[table.token]), {"hand": table.event.current_hand, "tricks": 7}, headers=HX)
    _every_way(table, north, "N")  # disputed: both sides said 8
    east.post(reverse("table_enter", args=[table.token]), {"hand": table.event.current_hand, "tricks": 5}, headers=HX)
    east.post(
        reverse("table_agree", args=[table.token]), {"hand": table.event.current_hand, "seat": "E", "tricks_ns": 8},
        headers=HX,
    )  # fmt: skip
    table.event.refresh_from_db()
    _every_way(table, north, "N")  # agreed, with where everyone goes (or the next hand)
    assert missing == []


def test_a_drive_table_in_every_state(missing):
    event = started_event(tables=2)
    event.auto_advance = False  # the agreed page stays, with where everyone goes
    event.save()
    table = table_of(event, 1)
    _play_a_hand(table, seated_phone(table, "N"), seated_phone(table, "E"), missing)
    # A phone whose player sits at another table now is told where they are.
    other = table_of(event, 2)
    _every_way(other, seated_phone(table, "S"), "N")
    assert missing == []


def test_a_game_night_table(missing):
    event = make_event(make_club(), games_format(hands=6, honours=True, trumps="HDSCN"))
    event.auto_advance = False  # the agreed page stays, with the game after the hand
    event.save()
    add_entrants(event, 0, 0, others=4)
    running.start_event(event, by="card", seed=1)
    event.refresh_from_db()
    table = event.tables.get(number=1)
    _play_a_hand(table, seated_phone(table, "N"), seated_phone(table, "E"), missing)


def test_a_duplicate_table(missing):
    event = duplicate_event()
    table = table_of(event, 1)
    _play_a_hand(table, seated_phone(table, "N"), seated_phone(table, "E"), missing)
