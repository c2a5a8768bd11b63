"""Another club's organiser cannot find club A's standings, prizes or season table."""

import datetime

import pytest
from django.urls import reverse

from clubs.models import Season
from tests.factories import make_cast, two_table_evening

pytestmark = pytest.mark.django_db


@pytest.fixture
def club_a_pages():
    club_a, _, olive, sam, bea = make_cast()
    event = two_table_evening(club_a)
    season = Season.objects.create(
        club=club_a, name="2026", starts=datetime.date(2026, 1, 1), ends=datetime.date(2026, 12, 31)
    )
    urls = [
        reverse("event_standings", args=[event.pk]),
        reverse("event_prizes", args=[event.pk]),
        reverse("season", args=[club_a.pk, season.pk]),
    ]
    return urls, olive, bea


def test_bea_organiser_of_club_b_gets_404_for_club_a_pages(client, club_a_pages):
    urls, _, bea = club_a_pages
    client.force_login(bea)

    for url in urls:
        assert client.get(url).status_code == 404, url
    assert client.post(urls[1], {}).status_code == 404


def test_olive_organiser_of_club_a_sees_them(client, club_a_pages):
    urls, olive, _ = club_a_pages
    client.force_login(olive)

    for url in urls:
        assert client.get(url).status_code == 200, url


def test_someone_not_logged_in_is_sent_to_log_in(client, club_a_pages):
    urls, _, _ = club_a_pages

    for url in urls:
        assert client.get(url).status_code == 302, url
