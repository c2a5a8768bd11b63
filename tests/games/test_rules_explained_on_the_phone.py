"""What the table page says when a rule keeps points from a side, or refuses an entry.

One table, honours counted, trumps in the rotation H D S C N (hand 5 is no trumps).
"""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import add_entrants, make_club, make_event
from tests.games.helpers import games_format
from whistdrive.evening import running

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


@pytest.fixture
def table():
    event = make_event(make_club(), games_format(hands=6, honours=True, trumps="HDSCN"))
    add_entrants(event, 0, 0, others=4)
    running.start_event(event, by="card", seed=1)
    return event.tables.get(number=1)


def phones(table):
    north, east = Client(), Client()
    north.post(reverse("table_seat", args=[table.token]), {"seat": "N"})
    east.post(reverse("table_seat", args=[table.token]), {"seat": "E"})
    return north, east


def hand(table, number: int, ns: int, **extra) -> str:
    north, east = phones(table)
    data = {"hand": number, "tricks": ns, **extra}
    page = north.post(reverse("table_enter", args=[table.token]), data, headers=HX).content.decode()
    if "Waiting for" not in page:
        return page
    return east.post(
        reverse("table_agree", args=[table.token]), {"hand": number, "seat": "E", "tricks_ns": ns}, headers=HX
    ).content.decode()


def test_honours_held_at_the_score_of_four_are_kept_but_the_page_says_why_they_did_not_count(table):
    hand(table, 1, 10)  # North–South 4
    page = hand(table, 2, 6, honours_ours=4, honours_theirs=0)
    assert "North–South were at 4: a side at the score of four cannot score honours" in page
    assert "After: North–South 4, East–West 1" in page


def test_a_revoking_side_stops_short_of_game_and_the_page_says_so(table):
    hand(table, 1, 10)
    page = hand(table, 2, 10, revoke="us")  # 10 less 3 is 7: one point, but not to game
    assert "North–South revoked and cannot reach game on this hand" in page
    assert "After: North–South 4, East–West 0" in page
    assert "Game to" not in page


def test_honours_are_refused_in_a_no_trump_hand_and_not_asked_for(table):
    for number in range(1, 5):
        hand(table, number, 7)
    north, _ = phones(table)
    page = north.get(reverse("table", args=[table.token])).content.decode()
    assert "No trumps" in page and 'name="honours_ours"' not in page
    page = hand(table, 5, 8, honours_ours=3, honours_theirs=0)
    assert "A no-trump hand has no honours, but North–South are given 3" in page
    assert "Waiting for" not in page  # refused, nothing pending


def test_the_revoke_explanation_follows_the_clubs_penalty():
    event = make_event(make_club(), games_format(hands=6, revoke_penalty="points"))
    add_entrants(event, 0, 0, others=4)
    running.start_event(event, by="card", seed=1)
    north, _ = phones(event.tables.get(number=1))
    page = north.get(reverse("table", args=[event.tables.get(number=1).token])).content.decode()
    assert "A revoke gives the other side 3 points" in page
