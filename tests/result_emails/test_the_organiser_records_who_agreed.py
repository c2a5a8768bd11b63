"""The organiser ticks "Email them their results" on a member's page when the member agrees; without an address the
form says what is missing and saves nothing."""

from html import unescape

import pytest
from django.urls import reverse

from tests.factories import give_access, make_club, make_member, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def club(client):
    club = make_club()
    olive = make_user("olive")
    give_access(olive, club)
    client.force_login(olive)
    return club


def test_the_organiser_records_that_a_member_agreed(client, club):
    ann = make_member(club, "Ann")
    page = unescape(client.get(reverse("member_edit", args=[club.pk, ann.pk])).content.decode())
    assert "Email them their results" in page and "Only if they agreed" in page
    data = {"name": "Ann", "email": "ann@example.org", "results_by_email": "on", "active": "on"}
    assert client.post(reverse("member_edit", args=[club.pk, ann.pk]), data).status_code == 302
    ann.refresh_from_db()
    assert ann.results_by_email and ann.email == "ann@example.org"
    del data["results_by_email"]
    client.post(reverse("member_edit", args=[club.pk, ann.pk]), data)
    ann.refresh_from_db()
    assert not ann.results_by_email


def test_agreeing_without_an_address_is_refused_saying_why(client, club):
    ann = make_member(club, "Ann")
    data = {"name": "Ann Smith", "email": "", "results_by_email": "on", "active": "on"}
    response = client.post(reverse("member_edit", args=[club.pk, ann.pk]), data)
    assert response.status_code == 200  # the form again, as the member pages answer a refusal
    assert "Give their email address to email them their results." in unescape(response.content.decode())
    ann.refresh_from_db()
    assert ann.name == "Ann" and not ann.results_by_email
