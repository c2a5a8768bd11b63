"""The public season table counts the season's published evenings once their provisional days are over."""

import datetime

from django.urls import reverse
from django.utils import timezone

from clubs.models import Season
from tests.factories import publish, two_table_evening


def test_a_provisional_evening_is_named_but_not_counted(client, club, evening, members):
    season = Season.objects.create(club=club, name="Winter 2026", starts="2026-09-01", ends="2027-03-31")
    recent = publish(two_table_evening(club, name="Last week", date=datetime.date(2026, 12, 1)), at=timezone.now())
    unpublished = two_table_evening(club, name="Not online", date=datetime.date(2026, 12, 2))

    page = client.get(reverse("public_season", args=[club.public_id, season.pk])).content.decode()

    assert "All 1 events" in page
    assert "Eve Example" in page and "23" in page
    assert "Not counted yet" in page and recent.name in page
    assert unpublished.name not in page
    assert "Cat Example" not in page and "A player" in page
