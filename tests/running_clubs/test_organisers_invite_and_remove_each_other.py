"""Olive invites another organiser by a link that works once, for seven days; an organiser can be removed,
never the last one."""

import datetime
from html import unescape

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import timezone

from clubs.models import OrganiserInvitation
from tests.factories import give_access, make_cast, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def invitation(client):
    club_a, _, olive, _, _ = make_cast()
    client.force_login(olive)
    client.post(reverse("organiser_invite", args=[club_a.pk]))
    client.logout()
    return OrganiserInvitation.objects.get(club=club_a)


def test_a_newcomer_makes_an_account_from_the_link_and_organises_the_club(client, invitation):
    url = invitation.get_absolute_url()
    assert client.get(url).status_code == 200
    response = client.post(
        url, {"username": "nell", "password1": "a long pass phrase", "password2": "a long pass phrase"}
    )
    assert response.status_code == 302
    nell = User.objects.get(username="nell")
    assert invitation.club.role_of(nell) == "organiser"
    assert client.get(reverse("club", args=[invitation.club.pk])).status_code == 200


def test_someone_logged_in_accepts_as_themselves(client, invitation):
    bea = User.objects.get(username="bea")
    client.force_login(bea)
    client.post(invitation.get_absolute_url())
    assert invitation.club.role_of(bea) == "organiser"


def test_the_link_works_once(client, invitation):
    client.force_login(User.objects.get(username="bea"))
    client.post(invitation.get_absolute_url())
    client.force_login(make_user("mallory"))
    response = client.post(invitation.get_absolute_url())
    assert response.status_code == 410
    assert "used already" in response.content.decode()
    assert invitation.club.role_of(User.objects.get(username="mallory")) is None


def test_the_link_expires_after_seven_days(client, invitation):
    OrganiserInvitation.objects.filter(pk=invitation.pk).update(
        created=timezone.now() - datetime.timedelta(days=7, seconds=1)
    )
    client.force_login(User.objects.get(username="bea"))
    response = client.post(invitation.get_absolute_url())
    assert response.status_code == 410
    assert "expired" in response.content.decode()
    assert invitation.club.role_of(User.objects.get(username="bea")) is None


def test_a_made_up_link_is_not_found(client):
    assert client.get(reverse("organiser_invitation", args=["not-a-real-token"])).status_code == 404


def test_a_scorer_cannot_invite(client):
    club_a, _, _, sam, _ = make_cast()
    client.force_login(sam)
    assert client.post(reverse("organiser_invite", args=[club_a.pk])).status_code == 403
    assert not OrganiserInvitation.objects.exists()


def test_an_organiser_is_removed_but_never_the_last(client):
    club_a, _, olive, _, _ = make_cast()
    otto = make_user("otto")
    give_access(otto, club_a)
    client.force_login(olive)
    assert client.post(reverse("organiser_remove", args=[club_a.pk]), {"user": "otto"}).status_code == 302
    assert club_a.role_of(otto) is None
    response = client.post(reverse("organiser_remove", args=[club_a.pk]), {"user": "olive"})
    assert response.status_code == 400
    assert "olive is the club's only organiser: invite another before removing them." in unescape(
        response.content.decode()
    )
    assert club_a.role_of(olive) == "organiser"


def test_bea_cannot_remove_club_as_organisers(client):
    club_a, _, olive, _, bea = make_cast()
    give_access(make_user("otto"), club_a)
    client.force_login(bea)
    assert client.post(reverse("organiser_remove", args=[club_a.pk]), {"user": "olive"}).status_code == 404
    assert club_a.role_of(olive) == "organiser"
