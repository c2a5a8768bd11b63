"""Phones find the laptop again (#22.3): the rejoin page (the organiser's "scan to rejoin" code, read in
tests/browser/test_scan_to_rejoin.py) takes a player back to their table and seat in one tap. A phone
whose laptop has gone asks others to prove they hold its table (``here``) and sends them what it kept
(``kept``): taken once by its key, later when it cannot be taken yet, refused in words otherwise."""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import started_event, table_of
from whistdrive.engines import tokens
from whistdrive.evening import entry
from whistdrive.store.models import Result, Submission
from whistdrive.web.views.rejoin import rejoin_path

pytestmark = pytest.mark.django_db


def test_tapping_your_name_on_the_rejoin_page_takes_this_phone_to_your_table_and_seat():
    event = started_event(tables=2)
    seating = event.seatings.filter(hand=1, table__number=2, seat="E").select_related("entrant", "table").get()
    phone = Client()
    url = rejoin_path(event)
    page = phone.get(url).content.decode()
    assert seating.entrant.name in page and "table 2, East" in page
    response = phone.post(url, {"seating": seating.pk})
    assert response.status_code == 302 and response["Location"] == reverse("table", args=[seating.table.token])
    table_page = phone.get(response["Location"]).content.decode()
    assert f"You are {seating.entrant.name}" in table_page or 'class="forget"' in table_page
    assert "Which seat are you?" not in table_page


def test_a_name_not_seated_this_hand_is_refused_and_remembers_nothing():
    event = started_event(tables=2)
    phone = Client()
    response = phone.post(rejoin_path(event), {"seating": 10**9})
    assert response.status_code == 200 and "Tap your name in the list." in response.content.decode()
    assert "wd_player" not in phone.session


def test_another_laptop_proves_it_holds_the_table_to_any_page():
    event = started_event(tables=2)
    response = Client().get(reverse("laptop_here"), {"nonce": "0" * 32})
    assert response.status_code == 200
    assert tokens.laptop_proof(table_of(event).token, "0" * 32) in response.json()["proofs"]
    assert response["Access-Control-Allow-Origin"] == "*"


def _kept(table, **fields):
    # No form token: the post comes from the phone's page at the old laptop's address.
    phone = Client(enforce_csrf_checks=True)
    return phone.post(reverse("table_kept", args=[table.token]), {"hand": 1, **fields})


def test_kept_taps_sent_on_are_taken_once_and_an_agreement_waits_for_its_entry():
    table = table_of(started_event(tables=2))
    agreement = {"action": "agree", "seat": "E", "tricks_ns": 8, "key": "east-kept-1"}
    early = _kept(table, **agreement)
    assert early.status_code == 409 and early.json()["later"] is True
    assert not Submission.objects.exists()
    for _ in range(2):
        taken = _kept(table, action="enter", seat="N", tricks=8, key="north-kept-1")
        assert taken.status_code == 200 and taken.json() == {"taken": True, "message": ""}
    assert _kept(table, **agreement).json()["taken"] is True
    assert list(Result.objects.values_list("tricks_ns", "tricks_ew")) == [(8, 5)]
    assert list(Submission.objects.order_by("pk").values_list("action", "resent")) == [("enter", True), ("agree", True)]


def test_a_kept_tap_for_a_hand_not_reached_yet_is_asked_for_later():
    table = table_of(started_event(tables=2))
    response = _kept(table, hand=2, action="enter", seat="N", tricks=7, key="north-hand-2")
    assert response.status_code == 409 and not Submission.objects.exists()


def test_a_kept_tap_that_cannot_count_is_refused_in_words():
    event = started_event(tables=2)
    table = table_of(event)
    entry.submit(table, hand=1, seat="N", tricks_ours=7)
    entry.agree(table, hand=1, seat="E")
    response = _kept(table, action="enter", seat="N", tricks=9, key="north-late-1")
    assert response.json() == {
        "taken": False,
        "message": "Table 1, hand 1: This hand is already agreed (North–South 7, East–West 6). "
        "To change it, call the organiser.",
    }


@pytest.mark.parametrize(
    "fields",
    [
        {"action": "enter", "seat": "N", "key": "k" * 12},  # no tricks
        {"action": "enter", "seat": "N", "tricks": 7},  # no key
        {"action": "agree", "seat": "Q", "key": "k" * 12},
        {"action": "shout", "seat": "N", "tricks": 7, "key": "k" * 12},
    ],
)
def test_a_post_that_is_not_a_kept_tap_is_refused_and_stores_nothing(fields):
    table = table_of(started_event(tables=2))
    response = _kept(table, **fields)
    assert response.status_code == 400 and not Submission.objects.exists()
