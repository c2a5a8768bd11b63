"""A league between clubs through its pages: three matches between two clubs, by totals and deal by deal.

Worked by hand: Nether Wallop (A) beat Over Wallop (B) 170–142 at home; B beat A 168–144 at home
(24 deals of 7–6); A and B tie 156–156. Each club: played 3, won 1, tied 1, lost 1, 4 points.
A's tricks 170 + 144 + 156 = 470 for, 466 against (+4); B's the other way round (−4): A top on difference.
"""

import pytest
from django.urls import reverse

from clubs.models import ClubAccess
from tests.factories import give_access, make_cast, make_club, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast():
    return make_cast()


def start_league(client, club_a, club_b, olive):
    """Olive starts the league; Over Wallop's organiser (Bea) accepts her invitation for club B."""
    client.force_login(olive)
    response = client.post(reverse("club_leagues", args=[club_a.pk]), {"name": "Wallops League", "season": "2026–27"})
    assert response.status_code == 302
    league = club_a.leagues.get()
    client.post(reverse("league_invite", args=[league.pk]))
    bea = club_b.access.get(role=ClubAccess.Role.ORGANISER).user
    client.force_login(bea)
    client.post(reverse("league_join", args=[league.invitations.get().token]), {"club": club_b.pk})
    client.force_login(olive)
    assert set(league.clubs.all()) == {club_a, club_b}
    return league


def totals(home, away, date, home_tricks, away_tricks):
    return {"home": home.pk, "away": away.pk, "date": date, "entered": "totals",
            "home_tricks": home_tricks, "away_tricks": away_tricks}  # fmt: skip


def by_deal(home, away, date, deals):
    data = {"home": home.pk, "away": away.pk, "date": date, "entered": "deals"}
    for number, (h, a) in enumerate(deals, start=1):
        data[f"deal_{number}_home"], data[f"deal_{number}_away"] = h, a
    return data


def test_three_matches_make_the_expected_league_table(client, cast):
    club_a, club_b, olive, sam, bea = cast
    league = start_league(client, club_a, club_b, olive)
    add = reverse("league_match_add", args=[league.pk])
    assert client.post(add, totals(club_a, club_b, "2026-10-01", 170, 142)).status_code == 302
    client.force_login(bea)  # Over Wallop's organiser enters their home match, deal by deal
    assert client.post(add, by_deal(club_b, club_a, "2026-11-05", [(7, 6)] * 24)).status_code == 302
    client.force_login(olive)
    assert client.post(add, totals(club_a, club_b, "2026-12-03", 156, 156)).status_code == 302

    page = client.get(reverse("league", args=[league.pk]))
    rows = [(r.position, r.club, r.played, r.won, r.drawn, r.lost, r.tricks_for, r.tricks_against, r.points)
            for r in page.context["rows"]]  # fmt: skip
    assert rows == [
        (1, "Nether Wallop Whist Club", 3, 1, 1, 1, 470, 466, 4),
        (2, "Over Wallop Whist Club", 3, 1, 1, 1, 466, 470, 4),
    ]
    html = page.content.decode()
    assert "Over Wallop Whist Club</b> 168 – 144 <b>Nether Wallop Whist Club</b> · Over Wallop Whist Club win" in html
    assert "Tie" in html


def test_a_deal_that_does_not_make_13_is_refused_in_the_clubs_names(client, cast):
    club_a, club_b, olive, sam, bea = cast
    league = start_league(client, club_a, club_b, olive)
    deals = [(7, 6)] * 24
    deals[4] = (8, 6)
    response = client.post(reverse("league_match_add", args=[league.pk]), by_deal(club_a, club_b, "2026-10-01", deals))
    assert response.status_code == 400
    html = response.content.decode()
    assert "Deal 5: Nether Wallop Whist Club 8 and Over Wallop Whist Club 6 make 14 tricks" in html
    assert not league.matches.exists()


def test_totals_must_make_whole_deals(client, cast):
    club_a, club_b, olive, sam, bea = cast
    league = start_league(client, club_a, club_b, olive)
    response = client.post(
        reverse("league_match_add", args=[league.pk]), totals(club_a, club_b, "2026-10-01", 170, 141)
    )
    assert "must be a multiple of 13" in response.content.decode()
    assert not league.matches.exists()


def test_only_an_organiser_of_a_club_in_the_match_can_enter_it(client, cast):
    club_a, club_b, olive, sam, bea = cast
    league = start_league(client, club_a, club_b, olive)
    club_c = make_club("Middle Wallop Whist Club")
    league.clubs.add(club_c)
    carol = make_user("carol")
    give_access(carol, club_c, ClubAccess.Role.ORGANISER)
    add = reverse("league_match_add", args=[league.pk])

    client.force_login(carol)  # organises a club in the league, but not one in this match
    response = client.post(add, totals(club_a, club_b, "2026-10-01", 170, 142))
    assert "you organise neither" in response.content.decode()
    client.force_login(sam)  # a scorer of club A sees the table but cannot enter matches
    assert client.get(reverse("league", args=[league.pk])).status_code == 200
    assert client.post(add, totals(club_a, club_b, "2026-10-01", 170, 142)).status_code == 403
    outsider = make_user("otto")
    client.force_login(outsider)  # no club in the league: the league is not there for him
    assert client.get(reverse("league", args=[league.pk])).status_code == 404
    assert not league.matches.exists()
