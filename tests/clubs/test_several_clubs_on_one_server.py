"""Several clubs on one server: nobody sees other clubs or other people's accounts in a list, a club
joins a league only by accepting an invitation, and a league's results can be corrected and deleted.

Found by trying: the league form listed every club on the server and the admin's club-access form
every user; any organiser could put other clubs in a league and record results against them, and
nobody could delete such a match.
"""

import re

import pytest
from django.test import Client
from django.urls import reverse

from clubs.league import league_rows
from clubs.models import ClubAccess, League, LeagueInvitation
from tests.factories import give_access, make_cast, make_club, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast():
    club_a, club_b, olive, sam, bea = make_cast()
    hidden = make_club("Secret Society of Whist")
    stranger = make_user("zed")
    give_access(stranger, hidden)
    return {"club_a": club_a, "club_b": club_b, "olive": olive, "sam": sam, "bea": bea, "hidden": hidden,
            "stranger": stranger}  # fmt: skip


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def start_league(olive, club) -> League:
    response = olive.post(reverse("club_leagues", args=[club.pk]), {"name": "Wallops League", "season": "2026–27"})
    assert response.status_code == 302
    return League.objects.get(name="Wallops League")


def invite(olive, league) -> LeagueInvitation:
    assert olive.post(reverse("league_invite", args=[league.pk])).status_code == 302
    return league.invitations.latest("pk")


def test_the_league_form_lists_no_other_club(cast):
    olive = client_for(cast["olive"])
    page = olive.get(reverse("club_leagues", args=[cast["club_a"].pk])).content.decode()
    assert "Start a league" in page
    assert cast["club_b"].name not in page and cast["hidden"].name not in page


def test_other_clubs_posted_into_a_new_league_are_not_added(cast):
    olive = client_for(cast["olive"])
    olive.post(
        reverse("club_leagues", args=[cast["club_a"].pk]),
        {"name": "Wallops League", "clubs": [cast["club_b"].pk, cast["hidden"].pk]},
    )
    assert list(League.objects.get().clubs.all()) == [cast["club_a"]]


def test_a_club_joins_a_league_by_accepting_an_invitation(cast):
    olive, bea = client_for(cast["olive"]), client_for(cast["bea"])
    league = start_league(olive, cast["club_a"])
    invitation = invite(olive, league)
    link = reverse("league_join", args=[invitation.token])
    assert link in olive.get(reverse("league", args=[league.pk])).content.decode()  # to send to Bea
    # Bea opens the link: the league, and only her own clubs to choose from.
    page = bea.get(link).content.decode()
    assert "Wallops League" in page and cast["club_b"].name in page and cast["club_a"].name in page
    assert cast["hidden"].name not in page
    assert bea.post(link, {"club": cast["club_b"].pk}).status_code == 302
    assert set(league.clubs.all()) == {cast["club_a"], cast["club_b"]}
    # An invitation is used once.
    zed = client_for(cast["stranger"])
    assert zed.post(link, {"club": cast["hidden"].pk}).status_code == 404
    assert cast["hidden"] not in league.clubs.all()


def test_only_an_organiser_of_the_club_can_accept_for_it(cast):
    olive, sam = client_for(cast["olive"]), client_for(cast["sam"])
    league = start_league(olive, cast["club_a"])
    invitation = invite(olive, league)
    link = reverse("league_join", args=[invitation.token])
    # Sam (a scorer) cannot accept; nobody can accept for a club they do not organise.
    assert sam.post(link, {"club": cast["club_a"].pk}).status_code in (400, 403)
    assert client_for(cast["bea"]).post(link, {"club": cast["hidden"].pk}).status_code == 400
    assert league.clubs.count() == 1
    invitation.refresh_from_db()
    assert invitation.accepted is None


def test_a_withdrawn_invitation_opens_nothing(cast):
    olive, bea = client_for(cast["olive"]), client_for(cast["bea"])
    league = start_league(olive, cast["club_a"])
    invitation = invite(olive, league)
    assert olive.post(reverse("league_invitation_withdraw", args=[league.pk, invitation.pk])).status_code == 302
    assert bea.get(reverse("league_join", args=[invitation.token])).status_code == 404


def _joined(cast) -> League:
    olive, bea = client_for(cast["olive"]), client_for(cast["bea"])
    league = start_league(olive, cast["club_a"])
    bea.post(reverse("league_join", args=[invite(olive, league).token]), {"club": cast["club_b"].pk})
    return league


def _match(home, away, home_tricks, away_tricks):
    return {"home": home.pk, "away": away.pk, "date": "2026-10-01", "entered": "totals",
            "home_tricks": home_tricks, "away_tricks": away_tricks}  # fmt: skip


def test_a_match_can_be_corrected_and_deleted_by_an_organiser_of_its_clubs(cast):
    league = _joined(cast)
    olive, bea = client_for(cast["olive"]), client_for(cast["bea"])
    olive.post(reverse("league_match_add", args=[league.pk]), _match(cast["club_a"], cast["club_b"], 170, 142))
    match = league.matches.get()
    # Bea (the other club's organiser) corrects the totals...
    edit = reverse("league_match_edit", args=[league.pk, match.pk])
    assert bea.post(edit, _match(cast["club_a"], cast["club_b"], 160, 152)).status_code == 302
    match.refresh_from_db()
    assert (match.home_tricks, match.away_tricks) == (160, 152)
    assert [row.points for row in league_rows(league)] == [3, 0]
    # ...and Olive deletes it, after saying so.
    delete = reverse("league_match_delete", args=[league.pk, match.pk])
    assert olive.post(delete, {}).status_code == 400
    assert olive.post(delete, {"confirm": "on"}).status_code == 302
    assert not league.matches.exists()


def test_nobody_else_can_correct_or_delete_a_match(cast):
    league = _joined(cast)
    olive = client_for(cast["olive"])
    olive.post(reverse("league_match_add", args=[league.pk]), _match(cast["club_a"], cast["club_b"], 170, 142))
    match = league.matches.get()
    carol = make_user("carol")
    club_c = make_club("Middle Wallop Whist Club")
    give_access(carol, club_c)
    league.clubs.add(club_c)  # in the league, but not in this match
    for user, expected in ((cast["sam"], 403), (carol, 403), (cast["stranger"], 404)):
        client = client_for(user)
        edit = client.post(reverse("league_match_edit", args=[league.pk, match.pk]),
                           _match(cast["club_a"], cast["club_b"], 100, 212))  # fmt: skip
        delete = client.post(reverse("league_match_delete", args=[league.pk, match.pk]), {"confirm": "on"})
        assert (edit.status_code, delete.status_code) == (expected, expected), user
    match.refresh_from_db()
    assert (match.home_tricks, match.away_tricks) == (170, 142)


def test_the_admins_club_access_form_lists_nobody(cast):
    olive = client_for(cast["olive"])
    page = olive.get("/admin/clubs/clubaccess/add/").content.decode()
    page = re.sub(r'value="[A-Za-z0-9]{64}"', "", page)  # its random form token may hold "bea" or "zed"
    assert "zed" not in page and "bea" not in page and ">sam<" not in page
    assert cast["hidden"].name not in page and cast["club_b"].name not in page
    # Olive gives an existing account access to her club by typing its login name.
    response = olive.post("/admin/clubs/clubaccess/add/", {"user": "zed", "club": cast["club_a"].pk, "role": "scorer"})
    assert response.status_code == 302, response.content.decode()[:2000]
    assert ClubAccess.objects.filter(user=cast["stranger"], club=cast["club_a"], role="scorer").exists()
    unknown = olive.post("/admin/clubs/clubaccess/add/", {"user": "nobody-here", "club": cast["club_a"].pk})
    assert unknown.status_code == 200 and "No account has that login name" in unknown.content.decode()
    # The submission log is never written by hand, so its form (with its list of people) is not there.
    assert olive.get("/admin/whistdrive/submission/add/").status_code == 403
