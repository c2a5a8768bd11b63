"""A club is closed after its archive is downloaded and its name typed, an evening played by mistake after its name
is typed: everything goes, the submissions (which nobody deletes one by one) with it, and the admin sends both here."""

import io
import json
import zipfile

import pytest
from django.urls import reverse

from clubs.models import Club, ClubAccess, Member
from tests.factories import make_cast, make_member, table_of, two_table_evening
from whistdrive.store.models import Entrant, Event, Result, Submission

pytestmark = pytest.mark.django_db


@pytest.fixture
def club_a_with_an_evening(client):
    club_a, club_b, olive, _, _ = make_cast()
    make_member(club_a, "Ann Smith", "lady")
    event = two_table_evening(club_a, name="Tuesday drive")
    Submission.objects.create(table=table_of(event), hand=1, action="enter", tricks_ns=8, tricks_ew=5, outcome="agreed")
    two_table_evening(club_b, name="Club B's drive")
    client.force_login(olive)
    return club_a, event


def test_the_archive_holds_every_evening_and_the_members(client, club_a_with_an_evening):
    club_a, event = club_a_with_an_evening
    response = client.get(reverse("club_archive_zip", args=[club_a.pk]))
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    events = [name for name in archive.namelist() if name.startswith("events/")]
    assert events == [f"events/2026-12-01-tuesday-drive-{event.pk}.json"]
    document = json.loads(archive.read(events[0]))
    assert document["schema"] == "whistdrive.event/1" and len(document["hands"]) == 3
    assert "Ann Smith" in archive.read("members.csv").decode()


def test_closing_is_refused_before_the_archive_is_downloaded(client, club_a_with_an_evening):
    club_a, _ = club_a_with_an_evening
    response = client.post(reverse("club_close", args=[club_a.pk]), {"name": club_a.name})
    assert response.status_code == 400
    assert "Download the club&#x27;s archive first" in response.content.decode()
    assert Club.objects.filter(pk=club_a.pk).exists()


def test_closing_needs_the_name_typed_exactly(client, club_a_with_an_evening):
    club_a, _ = club_a_with_an_evening
    client.get(reverse("club_archive_zip", args=[club_a.pk]))
    response = client.post(reverse("club_close", args=[club_a.pk]), {"name": "Nether Wallop"})
    assert response.status_code == 400
    assert f"type {club_a.name} exactly to confirm" in response.content.decode()
    assert Club.objects.filter(pk=club_a.pk).exists()


def test_a_closed_club_leaves_nothing_behind_and_the_other_club_untouched(client, club_a_with_an_evening):
    club_a, event = club_a_with_an_evening
    client.get(reverse("club_archive_zip", args=[club_a.pk]))
    response = client.post(reverse("club_close", args=[club_a.pk]), {"name": club_a.name})
    assert response.status_code == 302
    assert not Club.objects.filter(pk=club_a.pk).exists()
    assert not Event.objects.filter(club_id=club_a.pk).exists()
    assert not Member.objects.filter(club_id=club_a.pk).exists()
    assert not ClubAccess.objects.filter(club_id=club_a.pk).exists()
    assert not Submission.objects.filter(table__event_id=event.pk).exists()
    assert Event.objects.filter(name="Club B's drive").exists() and Result.objects.count() == 6


def test_a_scorer_cannot_close_the_club(client):
    club_a, _, _, sam, _ = make_cast()
    client.force_login(sam)
    assert client.get(reverse("club_archive_zip", args=[club_a.pk])).status_code == 403
    assert client.post(reverse("club_close", args=[club_a.pk]), {"name": club_a.name}).status_code == 403


def test_an_evening_played_by_mistake_is_deleted_after_its_name_is_typed(client, club_a_with_an_evening):
    club_a, event = club_a_with_an_evening
    url = reverse("event_delete", args=[event.pk])
    assert client.post(url, {"name": "tuesday"}).status_code == 400
    assert Event.objects.filter(pk=event.pk).exists()
    assert client.post(url, {"name": "Tuesday drive"}).status_code == 302
    assert not Event.objects.filter(pk=event.pk).exists()
    assert not Entrant.objects.filter(event_id=event.pk).exists()
    assert not Submission.objects.filter(table__event_id=event.pk).exists()


def test_the_admin_sends_a_club_and_an_evening_to_their_own_deleting_pages(client, club_a_with_an_evening):
    club_a, event = club_a_with_an_evening
    response = client.get(reverse("admin:clubs_club_delete", args=[club_a.pk]))
    assert response.status_code == 302 and response["Location"] == reverse("club_close", args=[club_a.pk])
    response = client.get(reverse("admin:whistdrive_event_delete", args=[event.pk]))
    assert response.status_code == 302 and response["Location"] == reverse("event_delete", args=[event.pk])
    # The page it sends to does delete, which the admin's own could not ("… permission to delete submission").
    client.get(reverse("club_archive_zip", args=[club_a.pk]))
    client.post(reverse("club_close", args=[club_a.pk]), {"name": club_a.name})
    assert not Club.objects.filter(pk=club_a.pk).exists()
