"""A game night (simulated, rubbers at two tables): a player's email gives their rubber points, games and points,
each hand's points as their page has them, and the evening's standings by rubber points."""

import dataclasses

import pytest

from tests.factories import make_club
from tests.result_emails.conftest import text_of
from whistdrive.engines.formats import PRESETS
from whistdrive.evening import scores
from whistdrive.evening.simulate import simulate_event

pytestmark = pytest.mark.django_db


def test_a_game_night_players_card_is_their_games(smtp_server, publish):
    club = make_club()
    rubbers = dataclasses.replace(PRESETS["rubbers"][1], hands=8)
    event = simulate_event(fmt=rubbers, tables=2, club=club, seed=5)
    player = event.entrants.get(card_number=1)
    club.members.filter(pk=player.member_id).update(email="first@example.org", results_by_email=True)
    publish(event)
    [message] = smtp_server.to("first@example.org")
    text = text_of(message)
    card = scores.player_card(event, player)
    games = card.game_standing
    place = f"{'joint ' if games.tied else ''}{games.rank} of {card.field}"
    assert f"Place: {place}. {games.rubber_points} rubber point" in text
    assert f"{games.games_won} game" in text and f"{games.points} points" in text
    assert "Tricks  Points  Partner" in text
    rows = [row.split() for row in text.split("YOUR CARD")[1].splitlines() if row[:4].strip().isdigit()]
    assert [(int(row[0]), int(row[3]), int(row[4])) for row in rows] == [
        (line.hand, line.tricks, line.total) for line in card.lines
    ]
    standings = text.split("THE EVENING'S RESULTS")[1]
    first = scores.standings_now(event).night.standings[0]
    assert f"{first.name}: {first.rubber_points} rubber points" in standings
