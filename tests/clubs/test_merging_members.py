"""Merging two records of one person: the kept record takes the other's evenings and blank fields."""

import pytest
from django.urls import reverse

from clubs.models import Member
from tests.factories import make_cast, make_event, make_member
from whistdrive.store.models import Entrant

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_anns():
    club_a, club_b, olive, sam, bea = make_cast()
    kept = make_member(club_a, "Ann Smith", "lady", membership_number="")
    other = make_member(club_a, "Ann Smith (old)", "", membership_number="17", email="ann@example.org")
    return club_a, olive, kept, other


def test_the_kept_record_takes_the_others_evenings_and_blank_fields(client, two_anns):
    club, olive, kept, other = two_anns
    event = make_event(club)
    Entrant.objects.create(event=event, member=other, name=other.name, role="lady", card_number=1)
    client.force_login(olive)
    response = client.post(reverse("member_merge", args=[club.pk, kept.pk]), {"other": other.pk})
    assert response.status_code == 302
    kept.refresh_from_db()
    assert not Member.objects.filter(pk=other.pk).exists()
    assert (kept.name, kept.role, kept.membership_number, kept.email) == ("Ann Smith", "lady", "17", "ann@example.org")
    assert event.entrants.get().member == kept


def test_two_records_in_the_same_evening_are_not_merged(client, two_anns):
    club, olive, kept, other = two_anns
    event = make_event(club)
    Entrant.objects.create(event=event, member=kept, name=kept.name, card_number=1)
    Entrant.objects.create(event=event, member=other, name=other.name, card_number=2)
    client.force_login(olive)
    response = client.post(reverse("member_merge", args=[club.pk, kept.pk]), {"other": other.pk})
    assert response.status_code == 400 and "remove one of the two entries" in response.content.decode()
    assert Member.objects.filter(pk=other.pk).exists()
