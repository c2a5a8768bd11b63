"""The laptop's Publishing page: an organiser links the club to its hosted site there; an address the key
would cross the internet to unencrypted, or one where no hosted site answers, is refused in words, and
nothing is kept."""

from __future__ import annotations

import pytest

from clubs.models import PublishingLink
from tests.factories import make_cast
from tests.foundation.drive_process import free_port
from tests.publishing.helpers import laptop_evening
from whistdrive.evening import publishing
from whistdrive.store.models import Publication

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def laptop(settings, tmp_path):
    settings.HOSTED = False
    settings.DATA_DIR = tmp_path


def test_a_key_may_not_cross_the_internet_unencrypted(client):
    club, _other, olive, _sam, _bea = make_cast()
    client.force_login(olive)
    answer = client.post(f"/clubs/{club.pk}/publishing/", {"site": "http://results.example.org/", "key": "wdpub_x"})
    assert answer.status_code == 400
    assert "must start https://" in answer.content.decode()
    assert not PublishingLink.objects.exists() and publishing.stored_key(club) is None


def test_a_site_that_does_not_answer_is_said_so_and_nothing_is_kept(client):
    club, _other, olive, _sam, _bea = make_cast()
    client.force_login(olive)
    site = f"http://127.0.0.1:{free_port()}/"
    answer = client.post(f"/clubs/{club.pk}/publishing/", {"site": site, "key": "wdpub_x"})
    assert answer.status_code == 400
    assert f"Could not reach {site}" in answer.content.decode()
    assert not PublishingLink.objects.exists() and publishing.stored_key(club) is None


def test_only_the_clubs_organisers_see_the_page(client):
    club, _other, _olive, sam, bea = make_cast()
    for person, status in ((sam, 403), (bea, 404)):
        client.force_login(person)
        assert client.get(f"/clubs/{club.pk}/publishing/").status_code == status


def test_an_unlinked_clubs_evening_says_where_to_link(client):
    club, _other, olive, _sam, _bea = make_cast()
    event = laptop_evening(club)
    client.force_login(olive)
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert "link the club to its hosted site" in page
    answer = client.post(f"/events/{event.pk}/publish/", follow=True)
    assert "Link the club to its hosted site first" in answer.content.decode()


def test_an_evening_not_finished_is_not_published(client):
    club, _other, olive, _sam, _bea = make_cast()
    PublishingLink.objects.create(club=club, site="https://results.example.org/", hosted_name=club.name)
    event = laptop_evening(club)
    event.status = event.Status.RUNNING
    event.save(update_fields=["status"])
    client.force_login(olive)
    assert "Publish results" not in client.get(f"/events/{event.pk}/").content.decode()
    answer = client.post(f"/events/{event.pk}/publish/", follow=True)
    assert "is not finished yet" in answer.content.decode()
    assert not Publication.objects.filter(event=event).exists()
