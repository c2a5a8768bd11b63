"""A phone's poll re-draws its page only when something it shows changed, not on every result in the hall."""

import re

import pytest
from django.urls import reverse

from tests.entry.helpers import started_event, table_of
from whistdrive import entry

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


@pytest.fixture
def event():
    event = started_event(ladies=12, gents=12)  # six tables, progressive, winners move
    event.auto_advance = False
    event.save()
    return event


def agree(table, ns: int) -> None:
    entry.submit(table, hand=1, seat="N", tricks_ours=ns)
    entry.agree(table, hand=1, seat="E")


def version_of(client, table) -> str:
    url = reverse("table", args=[table.token])
    return re.search(r"\?v=([0-9a-f]+)", client.get(url, headers=HX).content.decode()).group(1)


def poll(client, table, version: str) -> int:
    return client.get(reverse("table", args=[table.token]) + f"?v={version}", headers=HX).status_code


def test_another_tables_result_leaves_a_table_still_playing_unchanged(client, event):
    here, there = table_of(event, 1), table_of(event, 4)
    version = version_of(client, here)
    agree(there, 8)
    assert poll(client, here, version) == 204


def test_an_agreed_page_changes_when_the_table_its_movers_wait_on_finishes_and_not_before(client, event):
    here = table_of(event, 3)
    agree(here, 9)
    client.get(reverse("table", args=[here.token]), headers=HX)  # drawn once: it notes what it waits on
    page = client.get(reverse("table", args=[here.token]), headers=HX).content.decode()
    version = re.search(r"\?v=([0-9a-f]+)", page).group(1)
    waiting = {int(n) for n in re.findall(r"go to table (\d+), seat \w+ or \w+", page)}
    assert waiting, "winners move: a mover's seat waits on the table they go to"
    others = [n for n in range(1, 7) if n != 3 and n not in waiting]
    for number in others:
        agree(table_of(event, number), 7)
        assert poll(client, here, version) == 204
    agree(table_of(event, min(waiting)), 7)
    assert poll(client, here, version) == 200
