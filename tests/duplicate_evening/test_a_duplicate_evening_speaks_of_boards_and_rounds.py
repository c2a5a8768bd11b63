"""A duplicate evening is played in rounds of boards: its pages say board and round, never a drive's hand
and interval, its form asks nothing of a drive, and a season does not call it a game night."""

import datetime
import re

import pytest
from django.test import Client
from django.urls import reverse

from clubs.models import Season
from tests.factories import duplicate_event, give_access, make_user
from whistdrive.evening import simulate

pytestmark = pytest.mark.django_db


@pytest.fixture
def evening():
    event = duplicate_event(pairs=7, boards=6, boards_per_round=2)
    simulate.play(event, stop_after=3)  # round 2 under way
    event.refresh_from_db()
    olive = make_user("olive")
    give_access(olive, event.club)
    client = Client()
    client.force_login(olive)
    return client, event


def test_the_event_and_live_pages_say_round_not_hand_or_interval(evening):
    client, event = evening
    page = client.get(reverse("event", args=[event.pk])).content.decode()
    assert f"Round {event.current_round} of 3 (6 boards)." in page and "Tables for round" in page
    assert f"Hand {event.current_hand} of" not in page
    live = client.get(reverse("event_live", args=[event.pk])).content.decode()
    assert "Call a break" in live and "Call the interval" not in live


def test_keying_from_paper_names_the_round_and_shows_each_tables_board(evening):
    client, event = evening
    page = client.get(reverse("event_paper", args=[event.pk]), {"hand": 3}).content.decode()
    assert "key the boards of round 2, board 1 of 2 from paper" in page
    assert "<th>Board</th>" in page and "Save these boards" in page
    boards = {int(n) for n in re.findall(r'<td class="board-number">(\d+)</td>', page)}
    assert len(boards) == event.tables.count()  # each table plays its own board in the slot


def test_the_form_marks_a_drives_hands_and_interval_as_no_duplicates(evening):
    client, event = evening
    page = client.get(reverse("event_new", args=[event.club.pk])).content.decode()
    for name in ("hands", "hands_per_round", "interval_after", "tie_break_1"):
        field = page.split(f'id="id_{name}"')[0].rsplit('<div class="field', 1)[1]
        assert 'data-kinds="drive games"' in field, name


def test_a_season_lists_a_duplicate_evening_as_one_not_as_a_game_night(evening):
    client, event = evening
    season = Season.objects.create(
        club=event.club, name="Winter", starts=datetime.date(2026, 9, 1), ends=datetime.date(2027, 8, 31)
    )
    page = client.get(reverse("season", args=[event.club.pk, season.pk])).content.decode()
    assert "Game night" not in page and "Duplicate evening: not in the table yet" in page
