"""A phone's script sends every entry and agreement with an idempotency key, and sends a tap again
from its own storage when the Wi-Fi dropped (static/whistdrive/kept.js). The server takes each key
once: a repeat, however late, changes nothing and is answered as the first time was."""

import pytest
from django.urls import reverse

from tests.factories import seated_phone, started_event, table_of
from whistdrive.store.models import Result, Submission

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


def _enter(phone, table, tricks, key, **extra):
    data = {"hand": 1, "tricks": tricks, "key": key, **extra}
    return phone.post(reverse("table_enter", args=[table.token]), data, headers=HX)


def test_an_old_tap_arriving_late_does_not_undo_a_newer_one():
    table = table_of(started_event())
    north = seated_phone(table, "N")
    _enter(north, table, 8, "tap-aaaaaaaa")
    _enter(north, table, 9, "tap-bbbbbbbb")
    # The first tap's answer was lost on the way; the phone sends it again from its storage.
    response = _enter(north, table, 8, "tap-aaaaaaaa", resent="on")
    assert response.status_code == 200
    assert "You said North–South 9, East–West 4" in response.content.decode()
    assert list(Submission.objects.filter(table=table, action="enter").values_list("tricks_ns", "key")) == [
        (8, "tap-aaaaaaaa"),
        (9, "tap-bbbbbbbb"),
    ]


def test_an_agreement_sent_again_is_stored_once_and_answered_as_agreed():
    table = table_of(started_event())
    north, east = seated_phone(table, "N"), seated_phone(table, "E")
    _enter(north, table, 7, "north-tap-1")
    agree = {"hand": 1, "seat": "E", "tricks_ns": 7, "key": "east-agrees-1"}
    url = reverse("table_agree", args=[table.token])
    first = east.post(url, agree, headers=HX)
    again = east.post(url, {**agree, "resent": "on"}, headers=HX)
    assert first.status_code == again.status_code == 200
    assert "Agreed: North–South 7, East–West 6" in again.content.decode()
    assert Submission.objects.filter(table=table, action="agree").count() == 1
    assert list(Result.objects.values_list("hand", "tricks_ns", "tricks_ew")) == [(1, 7, 6)]


def test_a_refused_tap_sent_again_gives_the_same_words_and_is_logged_once():
    event = started_event()
    table = table_of(event)
    north = seated_phone(table, "N")
    first = _enter(north, table, 14, "too-many-1")
    again = _enter(north, table, 14, "too-many-1", resent="on")
    for response in (first, again):
        assert "14 is not a number of tricks: a side takes from 0 to 13" in response.content.decode()
    assert Submission.objects.filter(table=table, key="too-many-1").count() == 1


def test_a_tap_kept_on_the_phone_is_marked_as_sent_again():
    table = table_of(started_event())
    north = seated_phone(table, "N")
    _enter(north, table, 7, "kept-tap-1", resent="on")
    assert Submission.objects.get(key="kept-tap-1").resent is True


def test_the_same_key_at_two_tables_is_two_taps():
    event = started_event()
    one, two = table_of(event, 1), table_of(event, 2)
    _enter(seated_phone(one, "N"), one, 7, "same-key-1")
    _enter(seated_phone(two, "N"), two, 6, "same-key-1")
    assert Submission.objects.filter(key="same-key-1").count() == 2


@pytest.mark.parametrize("key", ["short", "no spaces allowed", "x" * 41, "<script>"])
def test_a_key_that_is_not_a_phone_key_is_refused_and_stores_nothing(key):
    table = table_of(started_event())
    north = seated_phone(table, "N")
    response = _enter(north, table, 7, key)
    assert response.status_code == 200 and 'class="notice error"' in response.content.decode()
    assert not Submission.objects.filter(action="enter").exists()
