"""Sam scores for club A: he sees everything and runs the desk, but members, seasons and formats are Olive's."""

import datetime

import pytest
from django.urls import reverse

from clubs.models import Season
from tests.factories import make_cast, make_event, make_member

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast():
    club_a, club_b, olive, sam, bea = make_cast()
    ann = make_member(club_a, "Ann Smith", "lady")
    event = make_event(club_a)
    return club_a, olive, sam, ann, event


def test_sam_can_read_the_member_list_and_export_it(client, cast):
    club_a, _, sam, ann, _ = cast
    client.force_login(sam)
    page = client.get(reverse("members", args=[club_a.pk]))
    assert page.status_code == 200 and "Ann Smith" in page.content.decode()
    assert "Ann Smith" in client.get(reverse("members_export", args=[club_a.pk])).content.decode()


def test_sam_is_refused_when_changing_members_seasons_or_formats(client, cast):
    club_a, _, sam, ann, event = cast
    client.force_login(sam)
    forbidden = [
        ("get", reverse("member_add", args=[club_a.pk]), {}),
        ("post", reverse("member_edit", args=[club_a.pk, ann.pk]), {"name": "Changed", "active": "on"}),
        ("post", reverse("members_import", args=[club_a.pk]), {}),
        (
            "post",
            reverse("season_add", args=[club_a.pk]),
            {"name": "S", "starts": "2026-01-01", "ends": "2026-12-31", "counting": "all"},
        ),
        ("get", reverse("event_new", args=[club_a.pk]), {}),
        ("post", reverse("event_edit", args=[event.pk]), {"name": "Changed", "hands": 12}),
        ("post", reverse("event_save_preset", args=[event.pk]), {"name": "Mine"}),
    ]
    for method, url, data in forbidden:
        assert getattr(client, method)(url, data).status_code == 403, url
    ann.refresh_from_db()
    event.refresh_from_db()
    assert ann.name == "Ann Smith" and event.name == "Tuesday drive" and event.hands == 24
    assert not Season.objects.exists() and not club_a.presets.exists()


def test_sam_registers_people_at_the_desk(client, cast):
    club_a, _, sam, ann, event = cast
    client.force_login(sam)
    assert client.get(reverse("event_desk", args=[event.pk])).status_code == 200
    client.post(reverse("desk_add", args=[event.pk]), {"q": "ann"})
    client.post(reverse("desk_guest", args=[event.pk]), {"name": "Walk In", "role": "gent"})
    assert list(event.entrants.values_list("name", "card_number")) == [("Ann Smith", 1), ("Walk In", 2)]


def test_sam_does_not_see_the_organisers_edit_links(client, cast):
    club_a, olive, sam, ann, event = cast
    client.force_login(sam)
    page = client.get(reverse("event", args=[event.pk])).content.decode()
    assert reverse("event_edit", args=[event.pk]) not in page
    client.force_login(olive)
    page = client.get(reverse("event", args=[event.pk])).content.decode()
    assert reverse("event_edit", args=[event.pk]) in page


def test_a_season_page_is_readable_to_sam(client, cast):
    club_a, _, sam, _, _ = cast
    Season.objects.create(club=club_a, name="Winter", starts=datetime.date(2026, 1, 1), ends=datetime.date(2026, 3, 31))
    client.force_login(sam)
    assert "Winter" in client.get(reverse("seasons", args=[club_a.pk])).content.decode()
