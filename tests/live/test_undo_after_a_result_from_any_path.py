"""Undo on the live page after a result came in by any path: the evening's pages keep working.

A result can enter a hand from the phones, from the organiser's result page, from paper keying, from the
admin, or from an archive import. Undo goes back to the previous hand only while nothing of the current
hand is entered, whatever path it came by: a result the admin added (it leaves no submission behind) was
left in a hand the evening had gone back from, and standings, prizes, the CSV and the PDF were 500s.
"""

import pytest
from django.urls import reverse

from tests.archive.helpers import simulated_document, small_drive
from tests.factories import make_cast, started_event, table_of
from tests.live.helpers import agree, url
from whistdrive.evening import archive
from whistdrive.store.models import Event, Result

pytestmark = pytest.mark.django_db


@pytest.fixture
def event(client):
    club_a, club_b, olive, sam, bea = make_cast()
    client.force_login(olive)
    started = started_event(club_a, hands=4, interval_after=2, seed=1)
    started.auto_advance = False
    started.save()
    for number in (1, 2, 3):
        agree(started, number)
    client.post(url("event_live_advance", started), {"expected_hand": 1})
    started.refresh_from_db()
    assert started.current_hand == 2
    return started


def messages_of(response) -> str:
    return " ".join(str(m) for m in response.context["messages"])


def the_evenings_pages_answer(client, event) -> None:
    pages = [
        url("event_live", event),
        url("event_standings", event),
        url("event_prizes", event),
        url("event_results_csv", event),
        reverse("event_print_document", args=[event.pk, "results"]),
        reverse("event_print_document", args=[event.pk, "scorecards"]),
    ]
    for page in pages:
        assert client.get(page).status_code == 200, page


def add_in_the_admin(client, event, hand: int) -> None:
    table = table_of(event, 1)
    response = client.post(
        reverse("admin:whistdrive_result_add"),
        {
            "table": table.pk,
            "hand": hand,
            "trump": "D",
            "tricks_ns": 8,
            "tricks_ew": 5,
            "revoke": "",
            "source": "organiser",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Result.objects.filter(table=table, hand=hand).exists()


def test_undo_is_refused_once_the_admin_added_a_result_to_the_new_hand(client, event):
    add_in_the_admin(client, event, hand=2)
    response = client.post(url("event_live_undo", event), follow=True)
    assert "Hand 2 has results entered already" in messages_of(response)
    event.refresh_from_db()
    assert event.current_hand == 2
    the_evenings_pages_answer(client, event)


def test_undo_is_refused_once_the_organiser_set_a_result_for_the_new_hand(client, event):
    response = client.post(
        url("event_live_result", event, 2, 2),
        {"tricks_ns": 6, "tricks_ew": 7, "revoke": "", "trump": "D", "reason": "Keyed from the slip"},
    )
    assert response.status_code == 302
    assert Result.objects.filter(table=table_of(event, 2), hand=2).exists()
    response = client.post(url("event_live_undo", event), follow=True)
    assert "Hand 2 has results entered already" in messages_of(response)
    the_evenings_pages_answer(client, event)


def test_the_admin_refuses_a_result_for_a_hand_the_evening_has_not_reached(client, event):
    """The admin would take any row: a result for a hand not reached stood in no hand the standings know."""
    table = table_of(event, 1)
    response = client.post(
        reverse("admin:whistdrive_result_add"),
        {
            "table": table.pk,
            "hand": 3,
            "trump": "S",
            "tricks_ns": 8,
            "tricks_ew": 5,
            "revoke": "",
            "source": "organiser",
        },
    )
    assert response.status_code == 200
    assert "Hand 3 has not been reached" in response.content.decode()
    assert not Result.objects.filter(table=table, hand=3).exists()
    client.post(url("event_live_undo", event))
    the_evenings_pages_answer(client, event)


def test_undo_of_a_finished_imported_evening_leaves_every_page_working(client, event):
    event.status = Event.Status.FINISHED
    event.save()
    client.post(url("event_live_undo", event))
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING
    the_evenings_pages_answer(client, event)


def test_undo_on_an_imported_evening_leaves_every_page_working(client, event):
    """An imported evening's results have no submissions: Undo reopens it and every page still answers."""
    imported = archive.import_event(simulated_document(small_drive(), tables=3), club=event.club)
    response = client.post(url("event_live_undo", imported), follow=True)
    assert response.status_code == 200
    imported.refresh_from_db()
    the_evenings_pages_answer(client, imported)
    response = client.post(url("event_live_undo", imported), follow=True)
    assert "has results entered already" in messages_of(response)
    the_evenings_pages_answer(client, imported)
