"""Bea organises club B: nothing of club A is visible or changeable to her, however she asks."""

import datetime

import pytest
from django.urls import reverse

from clubs.models import Member, Season
from tests.factories import make_cast, make_event, make_member
from whistdrive.store.models import Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast():
    club_a, club_b, olive, sam, bea = make_cast()
    ann = make_member(club_a, "Ann Smith", "lady", membership_number="A1")
    season = Season.objects.create(
        club=club_a, name="2026", starts=datetime.date(2026, 1, 1), ends=datetime.date(2026, 12, 31)
    )
    event = make_event(club_a)
    return club_a, club_b, olive, sam, bea, ann, season, event


def test_bea_gets_404_for_every_page_of_club_a(client, cast):
    club_a, _, _, _, bea, ann, season, event = cast
    client.force_login(bea)
    urls = [
        reverse("club", args=[club_a.pk]),
        reverse("members", args=[club_a.pk]),
        reverse("member_add", args=[club_a.pk]),
        reverse("member_edit", args=[club_a.pk, ann.pk]),
        reverse("members_export", args=[club_a.pk]),
        reverse("members_import", args=[club_a.pk]),
        reverse("seasons", args=[club_a.pk]),
        reverse("season_edit", args=[club_a.pk, season.pk]),
        reverse("event_new", args=[club_a.pk]),
        reverse("event", args=[event.pk]),
        reverse("event_edit", args=[event.pk]),
        reverse("event_desk", args=[event.pk]),
    ]
    for url in urls:
        assert client.get(url).status_code == 404, url


def test_bea_cannot_change_club_a_by_posting(client, cast):
    club_a, _, _, _, bea, ann, season, event = cast
    client.force_login(bea)
    posts = [
        (reverse("member_edit", args=[club_a.pk, ann.pk]), {"name": "Hacked", "active": "on"}),
        (reverse("member_add", args=[club_a.pk]), {"name": "Intruder", "active": "on"}),
        (
            reverse("season_edit", args=[club_a.pk, season.pk]),
            {"name": "X", "starts": "2026-01-01", "ends": "2026-02-01", "counting": "all"},
        ),
        (reverse("event_edit", args=[event.pk]), {"name": "Hacked"}),
        (reverse("desk_guest", args=[event.pk]), {"name": "Intruder"}),
        (reverse("desk_start", args=[event.pk]), {"by": "random"}),
    ]
    for url, data in posts:
        assert client.post(url, data).status_code == 404, url
    ann.refresh_from_db()
    event.refresh_from_db()
    assert ann.name == "Ann Smith"
    assert event.name == "Tuesday drive" and event.entrants.count() == 0 and not event.started
    assert not Member.objects.filter(name="Intruder").exists()
    assert Season.objects.get(pk=season.pk).name == "2026"


def test_a_club_b_url_with_a_club_a_member_id_finds_nothing(client, cast):
    club_a, club_b, _, _, bea, ann, season, event = cast
    client.force_login(bea)
    assert client.get(reverse("member_edit", args=[club_b.pk, ann.pk])).status_code == 404
    assert client.get(reverse("season_edit", args=[club_b.pk, season.pk])).status_code == 404
    assert client.post(reverse("member_edit", args=[club_b.pk, ann.pk]), {"name": "Hacked"}).status_code == 404
    ann.refresh_from_db()
    assert ann.name == "Ann Smith"


def test_bea_cannot_merge_a_club_a_member_into_her_own(client, cast):
    club_a, club_b, _, _, bea, ann, _, _ = cast
    bob = make_member(club_b, "Bob Jones")
    client.force_login(bea)
    response = client.post(reverse("member_merge", args=[club_b.pk, bob.pk]), {"other": ann.pk})
    assert response.status_code == 400
    assert Member.objects.filter(pk=ann.pk).exists()


def test_bea_sees_only_her_own_members_in_the_admin(client, cast):
    club_a, club_b, _, _, bea, ann, season, event = cast
    make_member(club_b, "Bob of B")
    client.force_login(bea)
    listing = client.get("/admin/clubs/member/")
    assert listing.status_code == 200
    assert b"Bob of B" in listing.content and b"Ann Smith" not in listing.content
    for url in [
        f"/admin/clubs/member/{ann.pk}/change/",
        f"/admin/clubs/season/{season.pk}/change/",
        f"/admin/whistdrive/event/{event.pk}/change/",
        f"/admin/clubs/club/{club_a.pk}/change/",
    ]:
        response = client.get(url)
        assert response.status_code == 302 and response["Location"] == "/admin/", url
    client.post(f"/admin/clubs/member/{ann.pk}/change/", {"name": "Hacked", "club": club_b.pk})
    client.post(f"/admin/clubs/member/{ann.pk}/delete/", {"post": "yes"})
    ann.refresh_from_db()
    assert ann.name == "Ann Smith" and ann.club == club_a


def test_the_admin_offers_bea_only_her_own_clubs_events_and_members_in_choice_lists(client, cast):
    club_a, club_b, _, _, bea, ann, _, event = cast
    make_event(club_b, name="B drive")
    client.force_login(bea)
    page = client.get("/admin/whistdrive/entrant/add/").content.decode()
    assert "B drive" in page
    assert "Tuesday drive" not in page and "Ann Smith" not in page
    event_page = client.get("/admin/whistdrive/event/add/").content.decode()
    assert "Nether Wallop" not in event_page


def test_olive_and_bea_each_see_their_own_events_only(client, cast):
    club_a, club_b, olive, _, bea, _, _, event = cast
    b_event = make_event(club_b, name="B drive")
    client.force_login(olive)
    assert client.get(reverse("event", args=[event.pk])).status_code == 200
    assert client.get(reverse("event", args=[b_event.pk])).status_code == 404
    assert Event.objects.for_user(bea).get() == b_event
