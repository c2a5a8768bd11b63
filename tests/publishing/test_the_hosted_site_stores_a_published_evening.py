"""The hosted site takes an evening a laptop publishes: all of it, once, under its own public id, with its
members; the same evening twice is one evening, and a correction replaces it and says so."""

from __future__ import annotations

import copy

import pytest

from clubs.models import Member
from tests.publishing.helpers import hosted_club, laptop_evening, laptop_payload, post
from whistdrive.evening.published import published
from whistdrive.store.models import Event

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def hosted(settings):
    settings.HOSTED = True
    settings.ALLOWED_HOSTS = ["testserver"]
    settings.SECURE_SSL_REDIRECT = False
    return hosted_club()


@pytest.fixture
def heard():
    said = []

    def listener(sender, event, replaced, **kwargs):
        said.append((event.public_id, replaced, Event.objects.filter(pk=event.pk).exists()))

    published.connect(listener)
    yield said
    published.disconnect(listener)


def test_a_published_evening_is_stored_with_its_public_id_its_results_and_its_members(client, hosted, heard):
    club, key, _olive = hosted
    payload = laptop_payload(
        club, settings_of={"first": {"online": "initials", "results_by_email": True, "email": "ann@example.org"}}
    )
    answer = post(client, payload, key)
    assert answer.status_code == 201, answer.content
    event = Event.objects.get(club=club)
    assert event.public_id == payload["archive"]["event"]["public_id"]
    assert answer.json()["url"] == f"http://testserver/results/{club.public_id}/evenings/{event.public_id}/"
    assert event.published_at is not None and event.corrected_at is None
    assert event.status == Event.Status.FINISHED and event.entrants.count() == 9
    first = payload["archive"]["players"][0]
    ann = Member.objects.get(club=club, public_id=first["public_id"])
    assert (ann.name, ann.online, ann.results_by_email, ann.email) == (
        first["name"], "initials", True, "ann@example.org"
    )  # fmt: skip
    assert event.entrants.get(archive_id=first["id"]).member == ann
    assert Member.objects.filter(club=club).count() == 3
    assert event.entrants.filter(member__isnull=True).count() == 6  # the guests stay guests
    assert heard == [(event.public_id, False, True)]  # once, after the commit


def test_the_same_evening_published_twice_is_one_evening_and_told_once(client, hosted, heard):
    club, key, _olive = hosted
    payload = laptop_payload(club)
    assert post(client, payload, key).status_code == 201
    again = post(client, payload, key)
    assert again.status_code == 200 and again.json()["unchanged"] is True
    assert Event.objects.filter(club=club).count() == 1
    assert Event.objects.get(club=club).corrected_at is None
    assert len(heard) == 1


def test_a_correction_replaces_the_evening_and_is_marked_corrected(client, hosted, heard):
    club, key, _olive = hosted
    payload = laptop_payload(club)
    assert post(client, payload, key).status_code == 201
    first = Event.objects.get(club=club)
    corrected = copy.deepcopy(payload)
    table = corrected["archive"]["hands"][0]["tables"][0]
    table["tricks"] = {"NS": table["tricks"]["NS"] - 1, "EW": table["tricks"]["EW"] + 1}
    answer = post(client, corrected, key)
    assert answer.status_code == 200 and answer.json()["replaced"] is True
    event = Event.objects.get(club=club)  # still one evening
    assert event.public_id == first.public_id
    assert event.published_at == first.published_at and event.corrected_at is not None
    result = event.tables.get(number=1).results.get(hand=1)
    assert result.tricks_ns == table["tricks"]["NS"]
    assert [r for _pid, r, _there in heard] == [False, True]


def test_the_hosted_sites_own_publish_button_puts_an_evening_online(client, hosted):
    club, _key, olive = hosted
    event = laptop_evening(club)
    client.force_login(olive)
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert "Publish results" in page
    client.post(f"/events/{event.pk}/publish/")
    event.refresh_from_db()
    assert event.published_at is not None
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert "Results online since" in page and "Publish results" not in page
