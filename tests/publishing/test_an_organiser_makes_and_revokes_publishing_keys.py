"""A club's organiser makes publishing keys on the hosted site: shown once, kept only as a fingerprint,
revoked at will; nobody else of the club, and nobody outside it, may."""

from __future__ import annotations

import re

import pytest

from clubs.models import PublishingKey
from tests.factories import make_cast

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def hosted(settings):
    settings.HOSTED = True
    settings.ALLOWED_HOSTS = ["testserver"]
    settings.SECURE_SSL_REDIRECT = False


def test_a_key_is_shown_once_and_stored_as_its_fingerprint(client):
    club, _other, olive, _sam, _bea = make_cast()
    client.force_login(olive)
    made = client.post(f"/clubs/{club.pk}/publishing/keys/").content.decode()
    key = re.search(r"data-publishing-key>([^<]+)<", made).group(1)
    row = PublishingKey.objects.get(club=club)
    assert row.digest == PublishingKey.digest_of(key) and key not in row.digest
    later = client.get(f"/clubs/{club.pk}/publishing/").content.decode()
    assert key not in later and f"…{key[-4:]}" in later


def test_a_revoked_key_opens_nothing(client):
    club, _other, olive, _sam, _bea = make_cast()
    _row, key = PublishingKey.objects.make(club, olive)
    client.force_login(olive)
    client.post(f"/clubs/{club.pk}/publishing/keys/{_row.pk}/revoke/")
    assert client.get("/api/publish/", HTTP_AUTHORIZATION=f"Bearer {key}").status_code == 403
    assert "Revoked" in client.get(f"/clubs/{club.pk}/publishing/").content.decode()


def test_a_scorer_and_an_outsider_may_not_make_keys(client):
    club, _other, _olive, sam, bea = make_cast()
    for person, status in ((sam, 403), (bea, 404)):
        client.force_login(person)
        assert client.post(f"/clubs/{club.pk}/publishing/keys/").status_code == status
    assert not PublishingKey.objects.exists()
