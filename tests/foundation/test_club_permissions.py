"""Who sees what: Olive organises club A, Sam scores for club A, Bea organises club B."""

import pytest
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.test import RequestFactory

from clubs.access import ORGANISER, club_for
from tests.factories import make_cast, make_event, make_member
from whistdrive.web.access import event_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast():
    club_a, club_b, olive, sam, bea = make_cast()
    return {
        "club_a": club_a,
        "club_b": club_b,
        "olive": olive,
        "sam": sam,
        "bea": bea,
        "member_a": make_member(club_a, "Zoë Łukasiewicz", "lady"),
        "member_b": make_member(club_b, "Siobhán O'Brien", "lady"),
        "event_a": make_event(club_a, name="Tuesday drive at A"),
        "event_b": make_event(club_b, name="Friday drive at B"),
    }


def _request_by(user):
    request = RequestFactory().get("/")
    request.user = user
    return request


@pytest.mark.parametrize(
    "person, sees, does_not_see",
    [
        ("olive", "Nether Wallop Whist Club", "Over Wallop Whist Club"),
        ("sam", "Nether Wallop Whist Club", "Over Wallop Whist Club"),
        ("bea", "Over Wallop Whist Club", "Nether Wallop Whist Club"),
    ],
)
def test_the_home_page_lists_only_the_clubs_a_person_runs(client, cast, person, sees, does_not_see):
    client.force_login(cast[person])
    page = client.get("/").content.decode()
    assert sees in page
    assert does_not_see not in page


def test_the_home_page_lists_only_the_events_of_a_persons_clubs(client, cast):
    client.force_login(cast["bea"])
    page = client.get("/").content.decode()
    assert "Friday drive at B" in page
    assert "Tuesday drive at A" not in page


def test_a_superuser_sees_every_club(client, cast, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("root", password="x" * 20))
    page = client.get("/").content.decode()
    assert "Nether Wallop Whist Club" in page and "Over Wallop Whist Club" in page


def test_another_clubs_page_is_not_found_rather_than_forbidden(client, cast):
    client.force_login(cast["bea"])
    assert client.get(f"/clubs/{cast['club_a'].pk}/").status_code == 404
    assert client.get(f"/clubs/{cast['club_b'].pk}/").status_code == 200


def test_a_scorer_sees_their_clubs_page_with_their_role(client, cast):
    client.force_login(cast["sam"])
    response = client.get(f"/clubs/{cast['club_a'].pk}/")
    assert response.status_code == 200
    assert "You are scorer of this club" in response.content.decode()


def test_a_scorer_is_refused_what_only_an_organiser_may_do(cast):
    request = _request_by(cast["sam"])
    assert club_for(request, cast["club_a"].pk) == cast["club_a"]
    with pytest.raises(PermissionDenied):
        club_for(request, cast["club_a"].pk, roles=ORGANISER)
    with pytest.raises(PermissionDenied):
        event_for(request, cast["event_a"].pk, roles=ORGANISER)


def test_the_access_helpers_hide_another_clubs_club_and_events(cast):
    request = _request_by(cast["bea"])
    with pytest.raises(Http404):
        club_for(request, cast["club_a"].pk)
    with pytest.raises(Http404):
        event_for(request, cast["event_a"].pk)
    assert event_for(request, cast["event_b"].pk, roles=ORGANISER) == cast["event_b"]


def test_the_admin_lists_only_the_members_and_events_of_a_persons_own_club(client, cast):
    client.force_login(cast["bea"])
    members = client.get("/admin/clubs/member/").content.decode()
    assert "Siobhán O&#x27;Brien" in members
    assert "Zoë Łukasiewicz" not in members
    events = client.get("/admin/whistdrive/event/").content.decode()
    assert "Friday drive at B" in events
    assert "Tuesday drive at A" not in events


@pytest.mark.parametrize(
    "url",
    [
        "/admin/clubs/member/{member_a}/change/",
        "/admin/clubs/member/{member_a}/delete/",
        "/admin/clubs/club/{club_a}/change/",
        "/admin/whistdrive/event/{event_a}/change/",
    ],
)
def test_another_clubs_rows_cannot_be_opened_in_the_admin(client, cast, url):
    client.force_login(cast["bea"])
    target = url.format(**{k: getattr(v, "pk", None) for k, v in cast.items()})
    response = client.get(target)
    # Django's admin answers a row outside the user's queryset by going back to the index.
    assert response.status_code in (302, 404)
    if response.status_code == 302:
        assert response["Location"] == "/admin/"


def test_another_clubs_member_cannot_be_changed_by_posting_to_the_admin(client, cast):
    client.force_login(cast["bea"])
    member = cast["member_a"]
    client.post(f"/admin/clubs/member/{member.pk}/change/", {"name": "Renamed", "club": cast["club_b"].pk})
    member.refresh_from_db()
    assert member.name == "Zoë Łukasiewicz"
    assert member.club == cast["club_a"]


def test_a_new_member_cannot_be_put_into_another_club_through_the_admin(client, cast):
    client.force_login(cast["bea"])
    response = client.post("/admin/clubs/member/add/", {"name": "Intruder", "club": cast["club_a"].pk, "active": "on"})
    assert response.status_code == 200  # the form comes back with an error
    assert not cast["club_a"].members.filter(name="Intruder").exists()


def test_a_scorer_cannot_change_their_clubs_members_in_the_admin(client, cast):
    # Scorers run the evening; the club's books (members, access, seasons) are the organiser's.
    client.force_login(cast["sam"])
    assert "Zoë Łukasiewicz" not in client.get("/admin/clubs/member/").content.decode()
    response = client.get(f"/admin/clubs/member/{cast['member_a'].pk}/change/")
    assert response.status_code in (302, 404)


def test_an_organiser_can_change_their_own_clubs_member_in_the_admin(client, cast):
    client.force_login(cast["olive"])
    member = cast["member_a"]
    assert client.get(f"/admin/clubs/member/{member.pk}/change/").status_code == 200
    response = client.post(
        f"/admin/clubs/member/{member.pk}/change/",
        {"club": cast["club_a"].pk, "name": "Zoë Łukasiewicz-Smith", "role": "lady", "active": "on", "online": "full"},
    )
    assert response.status_code == 302
    member.refresh_from_db()
    assert member.name == "Zoë Łukasiewicz-Smith"
