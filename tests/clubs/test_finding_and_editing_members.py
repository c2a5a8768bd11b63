"""Finding members as you type (htmx fragment or plain page), adding and editing them."""

import pytest
from django.urls import reverse

from tests.factories import make_cast, make_member

pytestmark = pytest.mark.django_db


@pytest.fixture
def olive_at_a(client):
    club_a, club_b, olive, sam, bea = make_cast()
    make_member(club_a, "Ann Smith", "lady", membership_number="101")
    make_member(club_a, "Bob Jones", "gent")
    make_member(club_a, "Annie Lapsed", active=False)
    client.force_login(olive)
    return client, club_a


def test_typing_returns_only_the_results_fragment_to_htmx(olive_at_a):
    client, club = olive_at_a
    response = client.get(reverse("members", args=[club.pk]), {"q": "ann"}, headers={"HX-Request": "true"})
    page = response.content.decode()
    assert "<html" not in page and 'id="results"' in page
    assert "Ann Smith" in page and "Bob Jones" not in page and "Annie Lapsed" not in page


def test_a_plain_search_without_javascript_gives_the_whole_page(olive_at_a):
    client, club = olive_at_a
    page = client.get(reverse("members", args=[club.pk]), {"q": "101"}).content.decode()
    assert "<html" in page and "Ann Smith" in page and "Bob Jones" not in page


def test_lapsed_members_are_found_when_asked_for(olive_at_a):
    client, club = olive_at_a
    page = client.get(reverse("members", args=[club.pk]), {"q": "ann", "lapsed": "on"}).content.decode()
    assert "Annie Lapsed" in page


def test_a_membership_number_already_taken_is_refused_with_whose_it_is(olive_at_a):
    client, club = olive_at_a
    response = client.post(reverse("member_add", args=[club.pk]), {"name": "Cyril", "membership_number": "101"})
    assert response.status_code == 200 and "Ann Smith already has membership number 101" in response.content.decode()
    assert not club.members.filter(name="Cyril").exists()


def test_editing_a_member_saves_their_details(olive_at_a):
    client, club = olive_at_a
    bob = club.members.get(name="Bob Jones")
    data = {"name": "Robert  Jones", "role": "gent", "email": "bob@example.org", "active": ""}
    assert client.post(reverse("member_edit", args=[club.pk, bob.pk]), data).status_code == 302
    bob.refresh_from_db()
    assert (bob.name, bob.email, bob.active) == ("Robert Jones", "bob@example.org", False)
