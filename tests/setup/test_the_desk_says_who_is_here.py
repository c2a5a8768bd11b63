"""The desk, searching for someone already registered tonight, says "Agnes Smith is here: card 1",
not "add them as a guest" (#16.5)."""

import pytest
from django.urls import reverse

from tests.factories import make_cast, make_event, make_member

pytestmark = pytest.mark.django_db
HTMX = {"HX-Request": "true"}


@pytest.fixture
def desk(client):
    club_a, _, olive, _, _ = make_cast()
    make_member(club_a, "Agnes Smith", "lady")
    make_member(club_a, "Agatha Jones", "lady", membership_number="1066")
    event = make_event(club_a)
    client.force_login(olive)
    return client, event


def _search(client, event, q: str) -> str:
    return client.get(reverse("event_desk", args=[event.pk]), {"q": q}, headers=HTMX).content.decode()


def test_searching_for_someone_registered_says_they_are_here_with_their_card(desk):
    client, event = desk
    client.post(reverse("desk_add", args=[event.pk]), {"q": "agnes"}, headers=HTMX)
    page = _search(client, event, "agnes")
    assert "Agnes Smith is here: card 1" in page
    assert "as a guest" not in page


def test_a_member_found_by_number_or_a_guest_by_name_is_here_too(desk):
    client, event = desk
    client.post(reverse("desk_add", args=[event.pk]), {"q": "1066"}, headers=HTMX)
    client.post(reverse("desk_guest", args=[event.pk]), {"name": "Łucja Nowak", "role": "lady"}, headers=HTMX)
    assert "Agatha Jones is here: card 1" in _search(client, event, "1066")
    assert "Łucja Nowak is here: card 2" in _search(client, event, "łuc")


def test_others_who_have_not_come_are_still_offered_beside_those_here(desk):
    client, event = desk
    client.post(reverse("desk_add", args=[event.pk]), {"q": "agnes"}, headers=HTMX)
    page = _search(client, event, "ag")
    assert "Agnes Smith is here: card 1" in page and "Agatha Jones" in page and ">Add</button>" in page


def test_enter_on_someone_here_says_so_and_adds_nobody(desk):
    client, event = desk
    client.post(reverse("desk_add", args=[event.pk]), {"q": "agnes"}, headers=HTMX)
    page = client.post(reverse("desk_add", args=[event.pk]), {"q": "agnes"}, headers=HTMX).content.decode()
    assert "Agnes Smith is here: card 1." in page
    assert event.entrants.count() == 1
