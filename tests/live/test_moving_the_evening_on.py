"""Next hand, undo, the interval, finishing, and auto-advance from the live page."""

import pytest

from tests.factories import make_cast, started_event, table_of
from tests.live.helpers import agree, url
from whistdrive.evening import entry
from whistdrive.store.models import Event, Seating

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(client):
    club_a, club_b, olive, sam, bea = make_cast()
    client.force_login(olive)
    started = started_event(club_a, hands=4, interval_after=2, seed=1)
    started.auto_advance = False
    started.save()
    return started


def agree_hand(event):
    for number in (1, 2, 3):
        agree(event, number)


def messages_of(response) -> str:
    return " ".join(str(m) for m in response.context["messages"])


def test_next_hand_is_refused_while_a_table_has_no_result(client, event):
    agree(event, 1)
    response = client.post(url("event_live_advance", event), {"expected_hand": 1}, follow=True)
    assert "Hand 1 is not finished" in messages_of(response)
    event.refresh_from_db()
    assert event.current_hand == 1
    assert not Seating.objects.filter(event=event, hand=2).exists()


def test_next_hand_seats_the_next_hand_and_a_second_press_does_nothing(client, event):
    agree_hand(event)
    client.post(url("event_live_advance", event), {"expected_hand": 1})
    response = client.post(url("event_live_advance", event), {"expected_hand": 1}, follow=True)
    assert "already moved on from hand 1" in messages_of(response)
    event.refresh_from_db()
    assert (event.current_hand, event.status) == (2, Event.Status.RUNNING)


def test_undo_goes_back_while_nothing_of_the_new_hand_is_entered(client, event):
    agree_hand(event)
    client.post(url("event_live_advance", event), {"expected_hand": 1})
    client.post(url("event_live_undo", event))
    event.refresh_from_db()
    assert event.current_hand == 1
    assert not Seating.objects.filter(event=event, hand=2).exists()


def test_undo_is_refused_once_the_new_hand_has_a_submission(client, event):
    agree_hand(event)
    client.post(url("event_live_advance", event), {"expected_hand": 1})
    entry.submit(table_of(event, 1), hand=2, seat="N", tricks_ours=7)
    response = client.post(url("event_live_undo", event), follow=True)
    assert "Hand 2 has results entered already" in messages_of(response)
    event.refresh_from_db()
    assert event.current_hand == 2


def test_the_interval_comes_after_its_hand_and_play_resumes_when_the_organiser_says(client, event):
    for hand in (1, 2):
        agree_hand(event)
        client.post(url("event_live_advance", event), {"expected_hand": hand})
        event.refresh_from_db()
    assert (event.current_hand, event.status) == (3, Event.Status.INTERVAL)
    page = client.get(url("event_live", event)).content.decode()
    assert "Resume play" in page
    client.post(url("event_live_interval", event))
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING


def test_the_organiser_can_call_an_interval_at_any_hand(client, event):
    client.post(url("event_live_interval", event))
    event.refresh_from_db()
    assert (event.current_hand, event.status) == (1, Event.Status.INTERVAL)


def test_after_the_last_hand_the_organiser_finishes_the_event(client, event):
    for hand in (1, 2, 3, 4):
        agree_hand(event)
        if hand == 2:
            client.post(url("event_live_advance", event), {"expected_hand": 2})
            client.post(url("event_live_interval", event))
            event.refresh_from_db()
            continue
        page = client.get(url("event_live", event)).content.decode()
        assert ("Finish the event" in page) == (hand == 4)
        client.post(url("event_live_advance", event), {"expected_hand": hand})
        event.refresh_from_db()
    assert (event.current_hand, event.status) == (4, Event.Status.FINISHED)
    response = client.post(url("event_live_interval", event), follow=True)
    assert "Only an event that is being played" in messages_of(response)


def test_turning_auto_advance_on_moves_a_finished_hand_on_at_once(client, event):
    agree_hand(event)
    response = client.post(url("event_live_auto_advance", event), {"auto_advance": "on"}, follow=True)
    event.refresh_from_db()
    assert event.auto_advance and event.current_hand == 2
    assert "hand 2 is under way" in messages_of(response)
    client.post(url("event_live_auto_advance", event), {})
    event.refresh_from_db()
    assert not event.auto_advance


def test_a_bad_expected_hand_is_a_message_not_an_error(client, event):
    response = client.post(url("event_live_advance", event), {"expected_hand": "two"}, follow=True)
    assert response.status_code == 200
    assert "whole number" in messages_of(response)
