"""Where the organiser edits a member, they set how the member appears online and whether they get results by email."""

import pytest
from django.urls import reverse

from tests.factories import make_cast, make_member

pytestmark = pytest.mark.django_db


def test_the_member_form_offers_the_choices_and_saves_them():
    club, _other, olive, _sam, _bea = make_cast()
    bob = make_member(club, "Bob Jones", email="bob@example.org")
    from django.test import Client

    client = Client()
    client.force_login(olive)
    url = reverse("member_edit", args=[club.pk, bob.pk])

    page = client.get(url).content.decode()
    assert "How they appear in results online" in page
    assert "Initials only" in page and "Not at all" in page
    assert "Email them their results" in page

    data = {"name": "Bob Jones", "role": "", "email": "bob@example.org", "online": "initials", "results_by_email": "on"}
    assert client.post(url, data).status_code == 302
    bob.refresh_from_db()
    assert bob.online == "initials"
    assert bob.results_by_email is True

    client.post(url, {**data, "online": "sideways"})
    bob.refresh_from_db()
    assert bob.online == "initials"  # a choice that is not one is refused, nothing saved
