"""The organiser's live page shows each table's game and rubber; the board shows the night's standings."""

import pytest
from django.urls import reverse

from tests.factories import make_cast
from tests.games.test_whole_game_night_through_the_phones import create_and_start, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(client):
    club_a, _, olive, _, _ = make_cast()
    client.force_login(olive)
    event = create_and_start(client, club_a)
    board = client.get(reverse("board", args=[event.board_token])).content.decode()
    assert "Welcome" in board  # nothing scored yet
    play(event, {1: [11, 6, 11, 9, 2, 7], 2: [4, 1, 12, 0, 7, 13]})  # as in the whole-night test
    return client, event


def test_the_live_page_shows_each_tables_game_and_rubber(played):
    client, event = played
    page = client.get(reverse("event_live", args=[event.pk])).content.decode()
    # Table 1 ended with East–West a game up in a new rubber and North–South 1–0 in the game.
    assert "East–West lead 1–0; North–South lead this game 1–0" in page
    assert "Games: North–South 2, East–West 1" in page and "rubbers NS 7" in page
    # Table 2: EW took the rubber 2–1 (5), then NS won the next game: a new rubber, NS a game up.
    assert "North–South lead 1–0" in page and "rubbers EW 5" in page


def test_the_board_ranks_the_night_by_rubber_points(played):
    client, event = played
    client.logout()
    board = client.get(reverse("board", args=[event.board_token]))
    rows = board.context["game_rows"]
    assert [(s.rank, s.rubber_points, s.games_won, s.points) for s in rows] == [
        (1, 7, 2, 14), (1, 7, 2, 14), (3, 5, 2, 16), (3, 5, 2, 16),
        (5, 0, 2, 14), (5, 0, 2, 14), (7, 0, 1, 6), (7, 0, 1, 6),
    ]  # fmt: skip
    assert "Rubber pts" in board.content.decode()


def test_a_players_own_page_counts_points_and_rubbers(played):
    client, event = played
    north = event.seatings.get(hand=1, table__number=1, seat="N").entrant
    page = client.get(north.get_absolute_url()).content.decode()
    # Table 1's North–South: 7 rubber points, 2 games, 14 points (5, 5, 3, 1 over the night).
    assert '<b class="big">7</b> rubber points,\n    2 games, 14 points;' in page
    assert '<td class="num">14</td>' in page  # the running total of points after the last hand
