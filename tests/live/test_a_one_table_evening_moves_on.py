"""An evening of one table (a small club's night): its agreed page says where each player goes next, with
no other table's round to read (on PostgreSQL an empty list of tables once made the read fail)."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import started_event, table_of
from whistdrive.evening import entry, progress

pytestmark = pytest.mark.django_db


def test_a_one_table_evenings_agreed_page_says_where_everyone_goes():
    event = started_event(tables=1)
    event.auto_advance = False  # the agreed page stays until the organiser starts the next hand
    event.save()
    table = table_of(event, 1)
    north = Client()
    north.post(reverse("table_seat", args=[table.token]), {"seat": "N"}, secure=True)
    entry.submit(table, hand=1, seat="N", tricks_ours=8)
    entry.agree(table, hand=1, seat="E")

    page = north.get(reverse("table", args=[table.token]), HTTP_HX_REQUEST="true", secure=True).content.decode()

    assert "Agreed: North–South 8, East–West 5" in page
    assert "<b>YOU</b>:" in page and "Working out where everyone goes" not in page


def test_a_round_asked_of_no_tables_has_no_results():
    event = started_event(tables=1)
    table = table_of(event, 1)
    entry.submit(table, hand=1, seat="N", tricks_ours=8)
    entry.agree(table, hand=1, seat="E")

    assert progress.round_results(event, 1, tables=[]) == {}
    assert set(progress.round_results(event, 1)) == {1}
