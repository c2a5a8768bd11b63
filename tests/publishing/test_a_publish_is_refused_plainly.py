"""Every refusal of a publish says what is wrong with a status a laptop can act on, and stores nothing."""

from __future__ import annotations

import copy

import pytest
from django.utils import timezone

from clubs.models import Club, PublishingKey
from tests.publishing.helpers import hosted_club, laptop_payload, post
from whistdrive.evening import publishing
from whistdrive.store.models import Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def hosted(settings):
    settings.HOSTED = True
    settings.ALLOWED_HOSTS = ["testserver"]
    settings.SECURE_SSL_REDIRECT = False
    club, key, olive = hosted_club()
    return club, key, laptop_payload(club)


def _refused(answer, status: int, words: str) -> dict:
    assert answer.status_code == status, answer.content
    body = answer.json()
    assert words in body["error"] + " ".join(body["problems"]), body
    assert not Event.objects.exists()
    return body


def test_no_key_and_a_wrong_key_are_refused_as_unauthorised(client, hosted):
    _club, key, payload = hosted
    answer = post(client, payload, None)
    _refused(answer, 401, "No publishing key")
    assert answer["WWW-Authenticate"].startswith("Bearer")
    _refused(post(client, payload, key[:-1] + "x"), 401, "not one of this site's")


def test_a_revoked_key_is_refused_and_says_to_make_a_new_one(client, hosted):
    _club, key, payload = hosted
    PublishingKey.objects.update(revoked=timezone.now())
    _refused(post(client, payload, key), 403, "revoked")


def test_an_evening_of_another_club_is_refused(client, hosted):
    _club, key, payload = hosted
    other = Club.objects.create(name="Over Wallop")
    _row, other_key = PublishingKey.objects.make(other, None)
    _refused(post(client, payload, other_key), 403, "of another club")


def test_a_bad_archive_is_refused_with_the_imports_own_lines(client, hosted):
    _club, key, payload = hosted
    bad = copy.deepcopy(payload)
    bad["archive"]["hands"][2]["tables"][0]["tricks"]["NS"] = 14
    body = _refused(post(client, bad, key), 422, "hands[2].tables[0].tricks")
    assert body["error"] == "The hosted site could not read this evening."
    _refused(post(client, b"{not json", key), 422, "this is not JSON")
    no_id = copy.deepcopy(payload)
    del no_id["archive"]["event"]["public_id"]
    _refused(post(client, no_id, key), 422, "event.public_id")


def test_an_archive_that_names_no_club_is_refused_saying_so(client, hosted):
    _club, key, payload = hosted
    older = copy.deepcopy(payload)
    del older["archive"]["club"]["public_id"]  # a file from before public ids
    _refused(post(client, older, key), 422, "club.public_id")


def test_one_member_as_two_players_is_refused(client, hosted):
    _club, key, payload = hosted
    twice = copy.deepcopy(payload)
    twice["archive"]["players"][1]["public_id"] = twice["archive"]["players"][0]["public_id"]
    _refused(post(client, twice, key), 422, "players[1].public_id")


def test_a_bad_archive_leaves_an_earlier_copy_as_it_was(client, hosted):
    club, key, payload = hosted
    assert post(client, payload, key).status_code == 201
    before = Event.objects.get(club=club)
    bad = copy.deepcopy(payload)
    bad["archive"]["hands"][2]["tables"][0]["tricks"]["NS"] = 14
    assert post(client, bad, key).status_code == 422
    after = Event.objects.get(club=club)
    assert (after.pk, after.corrected_at) == (before.pk, None)


def test_members_settings_that_are_not_right_are_refused(client, hosted):
    _club, key, payload = hosted
    bad = copy.deepcopy(payload)
    some = next(iter(bad["members"]))
    bad["members"][some]["online"] = "everywhere"
    _refused(post(client, bad, key), 422, f"members['{some}'].online")


def test_a_body_over_the_limit_is_refused_unread(client, hosted):
    _club, key, _payload = hosted
    body = b" " * (publishing.LARGEST_BODY + 1)
    answer = post(client, body, key)
    assert answer.status_code == 413
    assert "20 MB" in answer.json()["error"]


def test_another_method_is_refused(client, hosted):
    _club, key, _payload = hosted
    answer = client.put("/api/publish/", b"{}", HTTP_AUTHORIZATION=f"Bearer {key}")
    assert answer.status_code == 405 and answer["Allow"] == "GET, POST"


def test_a_laptop_takes_no_published_evenings(client, hosted, settings):
    _club, key, payload = hosted
    settings.HOSTED = False
    assert post(client, payload, key).status_code == 404


def test_the_key_tells_a_laptop_its_club(client, hosted):
    club, key, _payload = hosted
    answer = client.get("/api/publish/", HTTP_AUTHORIZATION=f"Bearer {key}")
    assert answer.json() == {"club": {"name": club.name, "public_id": club.public_id}}
