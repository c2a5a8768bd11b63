"""After the first login the home page says what to do first for a new club: add or import members,
then make an event, with the links (#16.3)."""

import pytest
from django.urls import reverse

from clubs.models import ClubAccess
from tests.factories import give_access, make_club, make_event, make_member, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return make_club()


def _home(client, user) -> str:
    client.force_login(user)
    return client.get(reverse("home")).content.decode()


def test_a_new_clubs_organiser_is_told_to_add_or_import_members_and_make_an_event(client, club):
    olive = make_user("olive")
    give_access(olive, club)
    page = _home(client, olive)
    assert "What to do first" in page
    assert f'href="{reverse("member_add", args=[club.pk])}"' in page
    assert f'href="{reverse("members_import", args=[club.pk])}"' in page
    assert f'href="{reverse("event_new", args=[club.pk])}"' in page


def test_once_members_are_in_the_first_step_is_shown_done(client, club):
    olive = make_user("olive")
    give_access(olive, club)
    make_member(club, "Agnes Smith")
    page = _home(client, olive)
    assert "Members are in" in page and f'href="{reverse("member_add", args=[club.pk])}"' not in page
    assert f'href="{reverse("event_new", args=[club.pk])}"' in page


def test_a_club_with_an_event_needs_no_first_steps(client, club):
    olive = make_user("olive")
    give_access(olive, club)
    make_member(club, "Agnes Smith")
    make_event(club)
    assert "What to do first" not in _home(client, olive)


def test_a_scorer_who_cannot_change_the_club_is_not_sent_to_pages_they_may_not_use(client, club):
    sam = make_user("sam")
    give_access(sam, club, ClubAccess.Role.SCORER)
    assert "What to do first" not in _home(client, sam)
