"""The organiser's standings page shows the hand-worked evening: totals, halves, shared ranks."""

import re

import pytest
from django.urls import reverse

from tests.factories import make_cast, two_table_evening
from whistdrive.store.models import Event

pytestmark = pytest.mark.django_db


def standings_rows(html: str) -> list[list[str]]:
    body = html.split('<table class="standings">', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr>(.*?)</tr>", body, flags=re.S)[1:]  # skip the heading row
    return [
        [re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)] for row in rows
    ]


@pytest.fixture
def cast():
    return make_cast()


def test_the_page_lists_places_totals_halves_and_sit_outs_as_worked_by_hand(client, cast):
    club_a, _, olive, _, _ = cast
    event = two_table_evening(club_a)
    client.force_login(olive)

    response = client.get(reverse("event_standings", args=[event.pk]))

    assert response.status_code == 200
    rows = standings_rows(response.content.decode())
    by_name = {row[1]: row for row in rows}
    # place, name, role, total, 1st half, 2nd half, played, sat out
    assert by_name["Eve"] == ["1", "Eve", "Lady", "23", "15", "8", "2", "1"]
    assert by_name["Ann"] == ["=4", "Ann", "Lady", "20", "15", "5", "2", "1"]
    assert by_name["Fred"] == ["=4", "Fred", "Gent", "20", "15", "5", "3", "0"]
    assert by_name["Gus"][0] == "6"
    assert [row[0] for row in rows] == ["1", "=2", "=2", "=4", "=4", "6", "=7", "=7", "=7"]
    assert {row[1] for row in rows if row[0] == "=2"} == {"Cat", "Hal"}
    assert "Final results" in response.content.decode()


def test_while_under_way_the_standings_say_they_are_provisional_and_after_which_hand(client, cast):
    club_a, _, olive, _, _ = cast
    event = two_table_evening(club_a, status=Event.Status.RUNNING, hands_scored=2)
    client.force_login(olive)

    html = client.get(reverse("event_standings", args=[event.pk])).content.decode()

    assert "Provisional after hand 2 of 3" in html
    assert "Final results" not in html


def test_the_half_time_view_shows_the_standings_after_the_interval_hand(client, cast):
    club_a, _, olive, _, _ = cast
    event = two_table_evening(club_a)
    client.force_login(olive)

    html = client.get(reverse("event_standings", args=[event.pk]) + "?half=1").content.decode()

    rows = {row[1]: row for row in standings_rows(html)}
    # After hand 2 Ann's sit-out was worth her one hand so far (8): 8 + 8 = 16, alone at the top;
    # Eve had 7 from hand 2 and 7 for sitting out hand 1.
    assert rows["Ann"][:4] == ["1", "Ann", "Lady", "16"]
    assert rows["Eve"][3] == "14"
    assert {name for name, row in rows.items() if row[0] == "=2"} == {"Cat", "Fred", "Hal"}
    assert "standings after hand 2" in html


def test_a_scorer_may_see_the_standings(client, cast):
    club_a, _, _, sam, _ = cast
    event = two_table_evening(club_a)
    client.force_login(sam)

    assert client.get(reverse("event_standings", args=[event.pk])).status_code == 200


def test_a_game_night_says_its_standings_are_ranked_by_rubber_points(client, cast):
    from tests.factories import make_event
    from whistdrive.engines.formats import Format

    club_a, _, olive, _, _ = cast
    event = make_event(club_a, Format(kind="games", movement="stationary", interval_after=None, hands=24))
    client.force_login(olive)

    html = client.get(reverse("event_standings", args=[event.pk])).content.decode()

    assert "Ranked by rubber points" in html


def test_a_corrected_result_shows_at_once(client, cast):
    from whistdrive.store.models import Result

    club_a, _, olive, _, _ = cast
    event = two_table_evening(club_a)
    client.force_login(olive)
    url = reverse("event_standings", args=[event.pk])
    client.get(url)
    # Hand 3 at table 2 was N-S 7: the organiser corrects it to 10 for Cat and Hal.
    result = Result.objects.get(table__event=event, table__number=2, hand=3)
    result.tricks_ns, result.tricks_ew = 10, 3
    result.save()

    rows = {row[1]: row for row in standings_rows(client.get(url).content.decode())}

    assert rows["Cat"][:4] == ["=1", "Cat", "Lady", "25"]
    assert rows["Dot"][3] == "14"
