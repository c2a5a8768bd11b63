"""Seasons: dates and a counting rule; an event falls into the season that contains its date."""

import datetime

import pytest
from django.urls import reverse

from clubs.models import Season
from tests.factories import make_cast

pytestmark = pytest.mark.django_db


@pytest.fixture
def olive_at_a(client):
    club_a, club_b, olive, sam, bea = make_cast()
    client.force_login(olive)
    return client, club_a


def test_best_n_of_m_needs_n(olive_at_a):
    client, club = olive_at_a
    data = {"name": "Winter", "starts": "2026-01-01", "ends": "2026-03-31", "counting": "best"}
    response = client.post(reverse("season_add", args=[club.pk]), data)
    assert "how many events count" in response.content.decode()
    client.post(reverse("season_add", args=[club.pk]), {**data, "best": 8})
    assert club.seasons.get().best == 8


def test_a_season_cannot_end_before_it_starts(olive_at_a):
    client, club = olive_at_a
    data = {"name": "Bad", "starts": "2026-03-01", "ends": "2026-01-01", "counting": "all"}
    response = client.post(reverse("season_add", args=[club.pk]), data)
    assert "must end on or after" in response.content.decode() and not club.seasons.exists()


def test_a_new_event_falls_into_the_season_containing_its_date(olive_at_a):
    client, club = olive_at_a
    Season.objects.create(club=club, name="2025", starts=datetime.date(2025, 1, 1), ends=datetime.date(2025, 12, 31))
    season = Season.objects.create(
        club=club, name="2026", starts=datetime.date(2026, 1, 1), ends=datetime.date(2026, 12, 31)
    )
    page = client.get(reverse("event_new", args=[club.pk]))
    data = {k: v for k, v in page.context["form"].initial.items() if v is not None and k != "tie_breaks"}
    data.update({"name": "Spring drive", "date": "2026-04-07", "season": ""})
    client.post(reverse("event_new", args=[club.pk]), data)
    assert club.events.get().season == season
