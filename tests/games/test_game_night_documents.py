"""A played game night's results sheet (rubber points, games, points; each table's rubbers) and its pads' rules."""

import pytest

from tests.games.test_whole_game_night_through_the_phones import create_and_start, pairs_at, play
from tests.printing_views.helpers import download_url, texts

pytestmark = pytest.mark.django_db


@pytest.fixture
def olive(client):
    from tests.factories import make_cast

    club_a, _, olive, _, _ = make_cast()
    client.force_login(olive)
    return client, club_a


def test_the_results_sheet_of_a_game_night_ranks_by_rubbers_and_tells_each_tables_rubbers(olive):
    client, club = olive
    event = create_and_start(client, club)
    pairs = pairs_at(event, 1)
    play(event, {1: [11, 6, 11, 9, 2, 7], 2: [4, 1, 12, 0, 7, 13]})  # as in the whole-night test
    response = client.get(download_url(event, "results"))
    assert response.status_code == 200
    text = " ".join(texts(response.content)).replace("\n", " ")
    assert "Ranked by classic rubber points (game values plus 2), then games won, then points" in text
    assert "Place Card Name Rubber pts Games Points" in text
    winners = sorted(pairs[1, "NS"])
    assert f"=1 {event.entrants.get(name=winners[0]).card_number} {winners[0]} 7 2 14" in text
    # Table 2's rubber was won by East–West at hand 4, 2–1, for 3 + 3 + 2 − 3 = 5 points.
    east_west = " & ".join(
        s.entrant.name for s in event.seatings.filter(hand=4, table__number=2, seat__in="EW").order_by("seat")
    )
    assert f"Hand 4: rubber to {east_west} (2–1), 5 points" in text
    assert "Hand 3: rubber to" in text and "(2–0), 7 points" in text


def test_the_pads_say_the_rules_of_this_night(olive):
    client, club = olive
    event = create_and_start(client, club, movement="mitchell", hands_per_round=3)
    text = " ".join(texts(client.get(download_url(event, "score-pads")).content)).replace("\n", " ")
    assert "less the value of a game the losers won" in text
    assert "When the pairs move, start a new pad" in text
    assert "3 of the revoking side's tricks pass to the other side" in text
