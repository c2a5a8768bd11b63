"""The organiser's archive page: download the event and its results, import a file with its problems listed."""

import csv
import io
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.factories import make_cast
from whistdrive.evening.simulate import simulate_event
from whistdrive.store.models import Event

from .helpers import row_counts, small_drive


@pytest.fixture
def cast_and_event(db):
    club_a, club_b, olive, sam, bea = make_cast()
    event = simulate_event(fmt=small_drive(movement="stationary"), tables=2, spares=1, seed=4, club=club_a)
    return club_a, olive, bea, event


def test_the_event_downloads_as_the_archive_and_its_results_as_csv(client, cast_and_event):
    club_a, olive, _bea, event = cast_and_event
    client.force_login(olive)
    assert client.get(reverse("event_archive", args=[event.pk])).status_code == 200
    document = json.loads(client.get(reverse("event_archive_json", args=[event.pk])).content)
    assert document["schema"] == "whistdrive.event/1" and len(document["hands"]) == 8
    rows = list(
        csv.reader(io.StringIO(client.get(reverse("event_results_csv", args=[event.pk])).content.decode("utf-8-sig")))
    )
    assert rows[0] == ["rank", "name", "role", "total", "first half", "second half", "hands played", "sat out"]
    assert len(rows) == 1 + 9


def test_an_outsider_cannot_download(client, cast_and_event):
    _club_a, _olive, bea, event = cast_and_event
    client.force_login(bea)
    assert client.get(reverse("event_archive_json", args=[event.pk])).status_code == 404


def test_a_good_file_imports_into_the_chosen_club(client, cast_and_event):
    club_a, olive, _bea, event = cast_and_event
    client.force_login(olive)
    content = client.get(reverse("event_archive_json", args=[event.pk])).content
    response = client.post(
        reverse("archive_import", args=[event.pk]),
        {"club": club_a.pk, "file": SimpleUploadedFile("e.json", content, "application/json")},
    )
    assert response.status_code == 302
    assert Event.objects.filter(club=club_a).count() == 2


def test_a_bad_file_lists_its_problems_and_saves_nothing(client, cast_and_event):
    club_a, olive, _bea, event = cast_and_event
    client.force_login(olive)
    document = json.loads(client.get(reverse("event_archive_json", args=[event.pk])).content)
    document["hands"][3]["tables"][1]["tricks"] = {"NS": 8, "EW": 6}
    before = row_counts()
    response = client.post(
        reverse("archive_import", args=[event.pk]),
        {"club": club_a.pk, "file": SimpleUploadedFile("e.json", json.dumps(document).encode(), "application/json")},
    )
    assert response.status_code == 400
    assert "hands[3].tables[1].tricks: NS 8 + EW 6 is 14, not 13" in response.content.decode()
    assert row_counts() == before
