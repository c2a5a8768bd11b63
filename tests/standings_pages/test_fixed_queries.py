"""Standings, the board and the season table cost the same number of queries for 2 tables or 30."""

import datetime

import pytest
from django.urls import reverse

from clubs.models import Season
from tests.factories import big_evening, make_cast
from whistdrive.web.views import standings as board_page

pytestmark = pytest.mark.django_db

# Session and user (2), the event and the user's role (2), the revisions (1), entrants (with who has
# left), seatings and results (3), the evening's draws for the prize list (1): nothing that grows with the
# number of tables.
STANDINGS_QUERIES = 9
BOARD_QUERIES = 5  # the event, its revisions, then entrants, seatings and results
SEASON_QUERIES_PER_EVENT = 4  # each event's revisions, then (the first time) its entrants, seatings, results


@pytest.mark.parametrize("tables", [2, 30])
def test_the_standings_page_takes_a_fixed_number_of_queries(client, django_assert_max_num_queries, tables):
    club_a, _, olive, _, _ = make_cast()
    event = big_evening(club_a, tables, hands=6)
    client.force_login(olive)

    with django_assert_max_num_queries(STANDINGS_QUERIES):
        response = client.get(reverse("event_standings", args=[event.pk]))
    assert response.status_code == 200
    assert response.context["row_count"] == tables * 4


@pytest.mark.parametrize("tables", [2, 30])
def test_the_board_and_its_fragment_take_a_fixed_number_of_queries(
    client, django_assert_max_num_queries, monkeypatch, tables
):
    club_a, *_ = make_cast()
    event = big_evening(club_a, tables, hands=6)
    url = reverse("board", args=[event.board_token])
    # The board's clock held in one of its 15-second slots: the fragment's ETag names the slot, and two
    # requests either side of a slot's end are rightly not the same fragment (it failed so on a slow run).
    monkeypatch.setattr(board_page.time, "time", lambda: 15 * 100_000 + 4.5)

    with django_assert_max_num_queries(BOARD_QUERIES):
        page = client.get(url)
    with django_assert_max_num_queries(BOARD_QUERIES):
        fragment = client.get(url, headers={"HX-Request": "true"})
    with django_assert_max_num_queries(1):
        unchanged = client.get(url, headers={"HX-Request": "true", "If-None-Match": fragment["ETag"]})
    assert (page.status_code, fragment.status_code, unchanged.status_code) == (200, 200, 304)


@pytest.mark.parametrize("tables", [2, 30])
def test_the_season_table_takes_a_fixed_number_of_queries_per_event(client, django_assert_max_num_queries, tables):
    club_a, _, olive, _, _ = make_cast()
    season = Season.objects.create(
        club=club_a, name="2026", starts=datetime.date(2026, 1, 1), ends=datetime.date(2026, 12, 31)
    )
    for day in (1, 2):
        big_evening(club_a, tables, hands=4, date=datetime.date(2026, 3, day), season=season)
    client.force_login(olive)

    # Session, user, club, role, season, events, members (7), what the evenings raised (1) and three an event.
    with django_assert_max_num_queries(8 + 2 * SEASON_QUERIES_PER_EVENT):
        response = client.get(reverse("season", args=[club_a.pk, season.pk]))
    assert response.status_code == 200
