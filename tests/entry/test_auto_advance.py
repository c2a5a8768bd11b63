"""When every table of the hand has a result, the evening moves on by itself (if allowed)."""

import pytest

from tests.factories import make_user, started_event, table_of
from whistdrive.engines.rules import HandEntry
from whistdrive.evening import entry
from whistdrive.store.models import Seating

pytestmark = pytest.mark.django_db


def agree_all(event, hand, but=()):
    for number in (1, 2, 3):
        if number not in but:
            entry.submit(table_of(event, number), hand=hand, seat="N", tricks_ours=7)
            entry.agree(table_of(event, number), hand=hand, seat="E")


def test_the_last_table_agreeing_moves_the_evening_to_the_next_hand():
    event = started_event()
    agree_all(event, 1, but=(3,))
    event.refresh_from_db()
    assert event.current_hand == 1
    agree_all(event, 1, but=(1, 2))
    event.refresh_from_db()
    assert event.current_hand == 2
    assert Seating.objects.filter(event=event, hand=2, table__isnull=False).count() == 12


def test_without_auto_advance_the_organiser_moves_the_evening_on():
    event = started_event()
    event.auto_advance = False
    event.save()
    agree_all(event, 1)
    event.refresh_from_db()
    assert event.current_hand == 1


def test_the_organiser_setting_the_last_result_also_moves_the_evening_on():
    event = started_event()
    agree_all(event, 1, but=(2,))
    entry.set_result(table_of(event, 2), hand=1, entry=HandEntry(6, 7, "H"), user=make_user("olive"))
    event.refresh_from_db()
    assert event.current_hand == 2


def test_the_last_hand_agreed_finishes_the_evening():
    event = started_event()
    for hand in range(1, 7):
        agree_all(event, hand)
    event.refresh_from_db()
    assert (event.current_hand, event.status) == (6, "finished")
