"""The parts of a table's page that its four phones are shown alike (the hand, the game, the agreed result,
the calls) are drawn once a version for the four, from the table's drawing alone: never one seat's part on
another seat's phone, never an older version's part after the table changed
(whistdrive/web/table_parts.py)."""

from __future__ import annotations

import re

import pytest
from django.template import engines
from django.test import Client
from django.urls import reverse

from tests.factories import seated_phone, started_event, table_of
from whistdrive.engines.rules import HandEntry
from whistdrive.evening import entry
from whistdrive.evening.phones import drawing, pushes
from whistdrive.store.models import Seating
from whistdrive.web import table_parts

pytestmark = pytest.mark.django_db


def _table():
    event = started_event(tables=1)
    event.auto_advance = False  # the agreed page stays until the organiser starts the next hand
    event.save()
    return table_of(event, 1)


def _players(table, hand: int = 1) -> set[int]:
    return set(Seating.objects.filter(table=table, hand=hand).values_list("entrant_id", flat=True))


@pytest.fixture
def parts_drawn(monkeypatch) -> list[str]:
    """The names of the parts drawn (not those given back as kept), in order."""
    drawn: list[str] = []
    draw = table_parts.SameForEverySeat.draw

    def counted(self, context, drawing):
        drawn.append(self.name.resolve(context))
        return draw(self, context, drawing)

    monkeypatch.setattr(table_parts.SameForEverySeat, "draw", counted)
    return drawn


def test_a_tables_four_pushed_pages_draw_each_shared_part_once_and_each_shows_its_own_seat(parts_drawn):
    table = _table()
    entry.submit(table, hand=1, seat="N", tricks_ours=8)
    entry.agree(table, hand=1, seat="E")

    version, revisions, pages = pushes.pushed_pages(table.token, _players(table))

    assert len(pages) == 4
    assert sorted(parts_drawn) == sorted(set(parts_drawn))  # each part once, for all four phones
    assert {"hand", "seats", "agreed", "call"} <= set(parts_drawn)
    for page in pages.values():
        assert "Agreed: North–South 8, East–West 5" in page
        assert page.count("<b>YOU</b>") == 1
    yous = {re.search(r'<div id="state" data-seat="(\w)"', page).group(1) for page in pages.values()}
    assert yous == {"N", "E", "S", "W"}


def test_every_seats_page_is_the_same_whether_its_parts_were_kept_or_drawn_for_it():
    """The page a phone is pushed (parts drawn once for the four) is the page its own full load draws."""
    table = _table()
    phones_at = {seat: seated_phone(table, seat, secure=True) for seat in "NESW"}
    entry.submit(table, hand=1, seat="N", tricks_ours=6)
    _, _, pushed = pushes.pushed_pages(table.token, _players(table))
    seat_of = {s.entrant_id: s.seat for s in Seating.objects.filter(table=table, hand=1)}

    for player, page in pushed.items():
        full = phones_at[seat_of[player]].get(reverse("table", args=[table.token]), secure=True).content.decode()
        fragment = full[full.index('<div id="state"') : full.rindex("</div>", 0, full.index("</main>")) + 6]
        ours = re.sub(r'<input type="hidden" name="csrfmiddlewaretoken" value="[^"]+">', "", fragment)
        assert _same_text(ours, page), seat_of[player]


def _same_text(one: str, other: str) -> bool:
    return " ".join(one.split()) == " ".join(other.split())


def test_a_part_is_drawn_anew_when_the_table_changes():
    table = _table()
    entry.submit(table, hand=1, seat="N", tricks_ours=8)
    entry.agree(table, hand=1, seat="E")
    players = _players(table)
    pushes.pushed_pages(table.token, players)

    trump = entry.table_state(table, 1).entry.trump
    entry.set_result(table, hand=1, entry=HandEntry(9, 4, trump), user=None, reason="miscounted")
    _, _, pages = pushes.pushed_pages(table.token, players)

    for page in pages.values():
        assert "Agreed: North–South 9, East–West 4" in page and "North–South 8" not in page


def test_a_part_cannot_show_what_only_one_seat_is_shown():
    """A part is drawn from the table's drawing alone: a seat's own names inside it show as nothing, on every
    phone alike, kept or not."""
    page = engines["django"].from_string(
        '{% load table_parts %}[{% same_for_every_seat "test" %}{{ hand }} {{ my_seat }}{% end_same_for_every_seat %}]'
    )
    table = _table()
    shared = drawing.drawing(table)
    for seat in "NESW":
        context = drawing.for_phone(shared, seat)
        assert page.render(context) == "[1 ]"
        assert page.render({**context, "part_version": "v1"}) == "[1 ]"


def test_the_full_page_still_carries_its_form_token_beside_a_part():
    """The call form's buttons are a part every seat is shown alike; its form token is the phone's own."""
    table = _table()
    url = reverse("table", args=[table.token])
    north = Client(enforce_csrf_checks=True, HTTP_REFERER=f"https://testserver{url}")
    token = _form_token(north.get(url, secure=True).content.decode(), reverse("table_seat", args=[table.token]))
    north.post(reverse("table_seat", args=[table.token]), {"seat": "N", "csrfmiddlewaretoken": token}, secure=True)
    call = reverse("table_call", args=[table.token])
    token = _form_token(north.get(url, secure=True).content.decode(), call)

    answer = north.post(call, {"hand": 1, "reason": "misdeal", "csrfmiddlewaretoken": token}, secure=True)

    assert answer.status_code == 302
    assert "The organiser has been called" in north.get(url, secure=True).content.decode()


def _form_token(page: str, action: str) -> str:
    form = page[page.index(f'action="{action}"') :]
    return re.match(r'[^>]*>\s*<input type="hidden" name="csrfmiddlewaretoken" value="([^"]+)"', form).group(1)
