"""The server stops after storing a hand's last result but before moving the evening on (found by
killing the real server mid-burst). The phones' retries after the restart move it on."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import started_event
from whistdrive.engines.rules import HandEntry
from whistdrive.evening import entry

pytestmark = pytest.mark.django_db


def _stored_without_moving_on(event, hand: int, ns: int = 7) -> None:
    # What a crash right after the commit leaves: every result stored, no advance.
    for table in event.tables.all():
        assert entry._create_result(table, hand, HandEntry(ns, 13 - ns, "H"))
    event.refresh_from_db()
    assert event.current_hand == hand


@pytest.mark.parametrize("action", ["agree", "enter"])
def test_a_retried_post_for_the_last_table_moves_the_evening_on(action):
    event = started_event(trumps="H")
    _stored_without_moving_on(event, 1)
    table = event.tables.get(number=2)
    phone = Client()
    phone.post(reverse("table_seat", args=[table.token]), {"seat": "E" if action == "agree" else "N"})
    if action == "agree":
        response = phone.post(reverse("table_agree", args=[table.token]), {"hand": 1, "seat": "E", "tricks_ns": 7})
    else:
        response = phone.post(reverse("table_enter", args=[table.token]), {"hand": 1, "tricks": 7})
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.current_hand, event.status) == (2, "running")


def test_without_auto_advance_a_retry_leaves_the_move_to_the_organiser():
    event = started_event(trumps="H")
    event.auto_advance = False
    event.save(update_fields=["auto_advance"])
    _stored_without_moving_on(event, 1)
    entry.agree(event.tables.get(number=1), hand=1, seat="E")
    event.refresh_from_db()
    assert event.current_hand == 1
