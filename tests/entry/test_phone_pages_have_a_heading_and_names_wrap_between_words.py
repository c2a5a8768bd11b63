"""A phone page has one main heading (a screen reader's first stop), and a name wraps between its words:
"Zoë Hargreav-es" was a name broken mid-word in a seat box on a 360-pixel phone."""

import re

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse

from tests.factories import started_event, table_of
from whistdrive.evening import simulate

pytestmark = pytest.mark.django_db


def test_a_tables_page_and_a_players_card_each_have_one_main_heading(client):
    event = started_event()
    table = table_of(event)
    page = client.get(reverse("table", args=[table.token])).content.decode()
    assert len(re.findall(r"<h1\b", page)) == 1 and re.search(r'<h1 class="brand">♠ Table 1', page)
    player = event.entrants.first()
    card = client.get(reverse("player", args=[player.token])).content.decode()
    assert len(re.findall(r"<h1\b", card)) == 1
    simulate.play(event)
    over = client.get(reverse("table", args=[table.token])).content.decode()
    assert len(re.findall(r"<h1\b", over)) == 1 and "<h2>The evening is over</h2>" in over


def test_names_are_never_broken_inside_a_word_unless_it_cannot_fit_its_box():
    css = open(finders.find("whistdrive/site.css"), encoding="utf-8").read()
    assert "overflow-wrap: anywhere" not in css and "hyphens: auto" not in css
    assert ".phone .seats { grid-template-columns: minmax(0, 1fr) 2.5rem minmax(0, 1fr); }" in css


def test_the_boards_edge_keeps_a_margin_on_a_narrow_screen():
    css = open(finders.find("whistdrive/site.css"), encoding="utf-8").read()
    assert "body.board .board-main { padding: max(1.2vh, .75rem) max(2vw, 1rem);" in css
