"""A laptop's publish to the hosted site leaves the evening's grade lines kept once it has committed, and a
correction (which replaces the evening's rows) leaves the corrected evening's lines only."""

from __future__ import annotations

import copy

import pytest

from tests.publishing.helpers import hosted_club, laptop_payload, post
from whistdrive.evening import scores
from whistdrive.store.models import Event, GradedEvening, GradeLine

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def hosted(settings):
    settings.HOSTED = True
    settings.ALLOWED_HOSTS = ["testserver"]
    settings.SECURE_SSL_REDIRECT = False
    return hosted_club()


def _version(event: Event) -> str:
    return ":".join(map(str, scores.version_of(event)))


def test_a_publish_keeps_the_lines_and_a_correction_replaces_them(client, hosted):
    club, key, _olive = hosted
    payload = laptop_payload(club)

    assert post(client, payload, key).status_code == 201

    first = Event.objects.get(club=club)
    assert GradedEvening.objects.get(event=first).version == _version(first)
    members = set(first.entrants.filter(member__isnull=False).values_list("member_id", flat=True))
    assert set(GradeLine.objects.filter(event=first).values_list("member_id", flat=True)) == members
    assert len(members) == 3  # the laptop's three members; its guests have no lines

    corrected = copy.deepcopy(payload)
    table = corrected["archive"]["hands"][0]["tables"][0]
    table["tricks"] = {"NS": table["tricks"]["NS"] - 1, "EW": table["tricks"]["EW"] + 1}
    assert post(client, corrected, key).status_code == 200

    event = Event.objects.get(club=club)
    assert event.pk != first.pk  # the rows were replaced, and the old evening's lines with them
    assert list(GradedEvening.objects.values_list("event_id", "version")) == [(event.pk, _version(event))]
    assert set(GradeLine.objects.values_list("event_id", flat=True)) == {event.pk}
