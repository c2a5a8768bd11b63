"""A game night's results online: rubber points and places, its players graded on points against the field."""

import pytest
from django.urls import reverse

from tests.factories import make_member, publish
from whistdrive.engines.formats import Format
from whistdrive.evening import scores, simulate
from whistdrive.evening.grades import club_grades

GAMES = Format(kind="games", hands=12, hands_per_round=12, interval_after=None, trumps="turned", movement="stationary")


@pytest.fixture
def night(club):
    event = simulate.simulate_event(fmt=GAMES, tables=2, seed=5, club=club)
    for entrant in event.entrants.all():
        entrant.member = make_member(club, entrant.name)
        entrant.save(update_fields=["member"])
    return publish(event)


def test_the_page_ranks_by_rubber_points_and_everyone_who_played_is_graded(client, club, night):
    standings = scores.standings_now(night).night.standings

    page = client.get(reverse("public_evening", args=[club.public_id, night.public_id])).content.decode()

    assert "Rubber points" in page and "Game night" in page
    assert standings[0].name in page
    worked = club_grades(club)
    graded = [worked.grade(entrant.member_id) for entrant in night.entrants.all()]
    assert all(grade is not None for grade in graded)
    assert len({round(g, 6) for g in graded}) > 1  # points differ, so grades do
