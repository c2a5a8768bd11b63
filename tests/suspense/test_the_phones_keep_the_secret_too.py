"""The players' phones keep the board's secret (#50): in the club's secret last hands a player's page shows their
tricks but not their running total, place or chart, and a table's page after a hand shows where everyone goes
but not their totals; after the reveal both show them again."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import add_entrants, make_cast, make_club, make_event, two_table_evening
from whistdrive.engines.formats import Format
from whistdrive.evening import entry, running
from whistdrive.store.models import Event

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


def player_page(event, name: str) -> str:
    person = event.entrants.get(name=name)
    return Client().get(reverse("player", args=[person.token])).content.decode()


def test_in_the_secret_hands_a_players_page_shows_no_total_or_place():
    club = make_cast()[0]
    event = two_table_evening(club, status=Event.Status.RUNNING, board_hides_last=1)
    page = player_page(event, "Eve")
    assert "The club keeps the last hand secret" in page
    assert "So far" not in page and "of 9" not in page and "<svg" not in page
    # Eve's own tricks are hers to see: 7 and 8 (the 8 is a sit-out's average); no running total 15 or 23.
    assert not re.search(r">\s*(15|23)\s*<", page)


def test_before_the_secret_hands_a_players_page_shows_the_total_and_place():
    club = make_cast()[0]
    event = two_table_evening(club, status=Event.Status.RUNNING, hands_scored=2, board_hides_last=1)
    page = player_page(event, "Eve")
    assert "secret" not in page and "So far" in page and "of 9" in page


def test_after_the_reveal_a_players_page_shows_the_final_total_and_place():
    club, _, olive, *_ = make_cast()
    event = two_table_evening(club, board_hides_last=1)
    assert "secret" in player_page(event, "Eve")
    organiser = Client()
    organiser.force_login(olive)
    organiser.post(reverse("event_reveal", args=[event.pk]), {"step": "all"})
    page = player_page(event, "Eve")
    assert "secret" not in page and "Final" in page and '<b class="big">23</b>' in page


def agreed_table_page(board_hides_last: int) -> str:
    event = make_event(make_club(), Format(hands=4, interval_after=None), board_hides_last=board_hides_last)
    add_entrants(event, 4, 4)
    running.start_event(event, seed=4, by="card")
    event.refresh_from_db()
    for hand in (1, 2):
        for table in event.tables.all():
            entry.submit(table, hand=hand, seat="N", tricks_ours=8)
            entry.agree(table, hand=hand, seat="E")
    # Hand 3 agreed at table 1 only: its page says where its four go next, the other table still playing.
    table = event.tables.get(number=1)
    entry.submit(table, hand=3, seat="N", tricks_ours=8)
    entry.agree(table, hand=3, seat="E")
    phone = Client()
    phone.post(f"{table.get_absolute_url()}seat/", {"seat": "N"})
    return phone.get(table.get_absolute_url(), headers=HTMX).content.decode()


def test_a_tables_page_shows_the_totals_before_the_secret_hands():
    assert re.search(r"tricks · total \d+", agreed_table_page(board_hides_last=0))


def test_in_the_secret_hands_a_tables_page_shows_where_everyone_goes_but_no_totals():
    page = agreed_table_page(board_hides_last=2)
    assert re.search(r"\d+ tricks</span>", page) and not re.search(r"· total \d+", page)
