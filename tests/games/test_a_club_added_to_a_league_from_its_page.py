"""An organiser of two clubs adds the second to a league from the league's own page, with no invitation
to themself and no admin; a club they do not organise still comes by invitation."""

import pytest
from django.urls import reverse

from clubs.models import League
from tests.factories import give_access, make_cast, make_club

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(client):
    club_a, club_b, olive, sam, bea = make_cast()
    third = make_club("Middle Wallop Whist Club")
    give_access(olive, third)
    league = League.objects.create(name="Wallops League", season="2026–27")
    league.clubs.add(club_a)
    client.force_login(olive)
    return league, club_a, club_b, third, olive, sam


def test_the_league_page_links_to_adding_a_club(client, league):
    league, *_ = league
    page = client.get(reverse("league", args=[league.pk])).content.decode()
    assert reverse("league_add_club", args=[league.pk]) in page


def test_an_organiser_adds_another_club_they_organise(client, league):
    league, club_a, club_b, third, olive, sam = league
    page = client.get(reverse("league_add_club", args=[league.pk])).content.decode()
    assert "Middle Wallop Whist Club" in page and "Over Wallop" not in page.split("<form")[1]
    response = client.post(reverse("league_add_club", args=[league.pk]), {"club": third.pk}, follow=True)
    assert set(league.clubs.all()) == {club_a, third}
    assert "Middle Wallop Whist Club is in Wallops League" in response.content.decode()


def test_a_club_someone_else_organises_cannot_be_added_this_way(client, league):
    league, club_a, club_b, third, olive, sam = league
    response = client.post(reverse("league_add_club", args=[league.pk]), {"club": club_b.pk})
    assert response.status_code == 400 and club_b not in league.clubs.all()


def test_a_scorer_cannot_add_a_club(client, league):
    league, club_a, club_b, third, olive, sam = league
    client.force_login(sam)
    assert client.post(reverse("league_add_club", args=[league.pk]), {"club": club_a.pk}).status_code == 403


def test_with_every_club_in_the_page_points_to_an_invitation(client, league):
    league, club_a, club_b, third, olive, sam = league
    league.clubs.add(third)
    page = client.get(reverse("league_add_club", args=[league.pk])).content.decode()
    assert "make an invitation link" in page
