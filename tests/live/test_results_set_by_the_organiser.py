"""The organiser decides disputes, enters and corrects results, always with a reason and a trace."""

import pytest

from tests.factories import make_cast, started_event, table_of
from tests.live.helpers import agree, dispute, url
from whistdrive.store.models import Result, Submission

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(client):
    club_a, club_b, olive, sam, bea = make_cast()
    client.force_login(olive)
    started = started_event(club_a, interval_after=3, seed=1)
    started.auto_advance = False
    started.save()
    return started


def test_a_disputed_table_shows_both_versions_and_the_one_picked_becomes_the_result(client, event):
    dispute(event, 2)
    page = client.get(url("event_live_result", event, 2, 1)).content.decode()
    assert "North–South</strong> say: North–South 7, East–West 6" in page
    assert "East–West</strong> say: North–South 6, East–West 7" in page
    chosen = client.get(url("event_live_result", event, 2, 1) + "?use=EW").content.decode()
    assert 'name="tricks_ns" value="6"' in chosen
    response = client.post(url("event_live_result", event, 2, 1), {"tricks_ns": 6, "reason": "counted the tricks"})
    assert response.status_code == 302
    result = Result.objects.get(table=table_of(event, 2), hand=1)
    assert (result.tricks_ns, result.tricks_ew, result.source) == (6, 7, Result.Source.ORGANISER)
    assert result.reason == "counted the tricks"
    logged = Submission.objects.filter(table=table_of(event, 2), hand=1, action=Submission.Action.ORGANISER).get()
    assert (logged.reason, logged.outcome, logged.user.username) == ("counted the tricks", "set", "olive")


def test_the_organiser_may_enter_another_version_than_either_side(client, event):
    dispute(event, 1)
    client.post(url("event_live_result", event, 1, 1), {"tricks_ns": 9, "tricks_ew": 4, "reason": "cards recounted"})
    result = Result.objects.get(table=table_of(event, 1), hand=1)
    assert (result.tricks_ns, result.tricks_ew) == (9, 4)


def test_a_result_without_a_reason_is_refused_at_the_form_and_nothing_is_saved(client, event):
    dispute(event, 1)
    before = Submission.objects.count()
    response = client.post(url("event_live_result", event, 1, 1), {"tricks_ns": 7, "reason": ""})
    assert response.status_code == 200
    assert "This field is required." in response.content.decode()
    assert not Result.objects.exists()
    assert Submission.objects.count() == before


def test_tricks_that_do_not_make_13_show_the_rules_message_at_the_form(client, event):
    response = client.post(url("event_live_result", event, 3, 1), {"tricks_ns": 8, "tricks_ew": 6, "reason": "x"})
    assert "North–South 8 and East–West 6 make 14 tricks; a hand has 13." in response.content.decode()
    assert not Result.objects.exists()


def test_a_correction_of_an_earlier_hand_keeps_a_trace(client, event):
    for number in (1, 2, 3):
        agree(event, number, hand=1, ns=7)
    client.post(url("event_live_advance", event), {"expected_hand": 1})
    event.refresh_from_db()
    assert event.current_hand == 2
    client.post(url("event_live_result", event, 2, 1), {"tricks_ns": 5, "reason": "NS card misread"})
    result = Result.objects.get(table=table_of(event, 2), hand=1)
    assert (result.tricks_ns, result.source, result.reason) == (5, Result.Source.ORGANISER, "NS card misread")
    trail = [(s.action, s.tricks_ns, s.outcome) for s in Submission.objects.filter(table=table_of(event, 2), hand=1)]
    assert trail[-1] == (Submission.Action.ORGANISER, 5, "corrected")
    assert (Submission.Action.ENTER, 7, "pending") in trail
    history = client.get(url("event_live_result", event, 2, 1)).content.decode()
    assert "NS card misread" in history and "corrected" in history


def test_a_result_for_a_hand_not_yet_reached_is_not_found(client, event):
    assert client.get(url("event_live_result", event, 1, 2)).status_code == 404
    assert client.post(url("event_live_result", event, 1, 2), {"tricks_ns": 7, "reason": "x"}).status_code == 404


def test_the_lookup_form_opens_a_table_and_hand_or_says_what_is_wrong(client, event):
    response = client.get(url("event_live_lookup", event) + "?table=2&hand=1")
    assert response["Location"] == url("event_live_result", event, 2, 1)
    response = client.get(url("event_live_lookup", event) + "?table=9&hand=1", follow=True)
    assert "There is no table 9 tonight." in response.content.decode()


def test_the_lookup_form_left_blank_opens_the_hand_being_played_now(client, event):
    event.current_hand = 3
    event.save(update_fields=["current_hand"])
    response = client.get(url("event_live_lookup", event) + "?table=2&hand=")
    assert response["Location"] == url("event_live_result", event, 2, 3)
