"""The projector keeps the last hands secret, whatever view is asked for; at prize-giving the organiser reveals the
prizes one at a time from the last place up, and then the standings show again."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from tests.factories import make_cast, two_table_evening
from whistdrive.engines.suspense import reveal_order
from whistdrive.evening import scores
from whistdrive.store.models import Event


@pytest.fixture
def cast(db):
    club_a, club_b, olive, sam, bea = make_cast()
    return {"club_a": club_a, "olive": olive}


@pytest.fixture
def olive(cast):
    client = Client()
    client.force_login(cast["olive"])
    return client


def board(event, **params) -> str:
    return Client().get(reverse("board", args=[event.board_token]), params).content.decode()


def test_the_board_shows_no_standings_in_the_secret_hands_even_when_asked(cast):
    event = two_table_evening(cast["club_a"], status=Event.Status.RUNNING, board_hides_last=1)
    for page in (board(event), board(event, view="standings"), board(event, view="prizes")):
        assert "The last hand is secret" in page
        assert "Eve" not in page and "Cat" not in page


def test_before_the_secret_hands_the_board_shows_the_standings(cast):
    event = two_table_evening(cast["club_a"], status=Event.Status.RUNNING, hands_scored=2, board_hides_last=1)
    page = board(event)
    assert "is secret" not in page and "Eve" in page


def test_the_organiser_sets_how_many_hands_are_secret(cast, olive):
    event = two_table_evening(cast["club_a"], status=Event.Status.RUNNING)
    olive.post(reverse("event_suspense", args=[event.pk]), {"board_hides_last": "2"})
    event.refresh_from_db()
    assert event.board_hides_last == 2
    page = olive.post(reverse("event_suspense", args=[event.pk]), {"board_hides_last": "9"}, follow=True)
    assert "keep at most that many secret" in page.content.decode()
    event.refresh_from_db()
    assert event.board_hides_last == 2


def test_the_reveal_shows_one_prize_at_a_time_from_the_last_place_up(cast, olive):
    event = two_table_evening(cast["club_a"], board_hides_last=1)
    assert "And the prizes go to" in board(event) and "Eve" not in board(event)
    order = reveal_order(scores.standings_now(event).awards)
    olive.post(reverse("event_reveal", args=[event.pk]), {"step": "next"})
    page = board(event)
    assert escape(order[0].description) in page and escape(order[-1].description) not in page
    olive.post(reverse("event_reveal", args=[event.pk]), {"step": "next"})
    page = board(event)
    assert page.index(escape(order[1].description)) < page.index(escape(order[0].description))  # the newest on top
    olive.post(reverse("event_reveal", args=[event.pk]), {"step": "all"})
    page = board(event, view="prizes")
    assert "is secret" not in page and "And the prizes go to" not in page and "Prize winners" in page


def test_the_reveal_waits_for_the_end_of_the_evening(cast, olive):
    event = two_table_evening(cast["club_a"], status=Event.Status.RUNNING, board_hides_last=1)
    page = olive.post(reverse("event_reveal", args=[event.pk]), {"step": "next"}, follow=True).content.decode()
    assert "once the last hand is finished" in page
    event.refresh_from_db()
    assert event.revealed == 0
