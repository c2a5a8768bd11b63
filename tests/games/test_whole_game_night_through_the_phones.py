"""Whole game nights made from the preset, started at the desk and played through the phone pages.

At every table and hand the North phone enters its tricks (with the turned trump) and the East
phone agrees. The standings are then read from the organiser's standings page and compared with
figures worked out by hand in the comments (target 5, classic rubbers, no honours).
"""

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import add_entrants, make_cast
from tests.setup.test_event_formats import form_data
from whistdrive.engines.formats import PRESETS
from whistdrive.store.models import Event, Seating

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


def create_and_start(client, club, **changes) -> Event:
    fmt = PRESETS["rubbers"][1].with_changes(hands=6, **changes)
    assert client.get(reverse("event_new", args=[club.pk]), {"preset": "rubbers"}).status_code == 200
    client.post(reverse("event_new", args=[club.pk]), form_data(fmt, name="Rubbers night"))
    event = club.events.get(name="Rubbers night")
    assert event.format == fmt
    add_entrants(event, 0, 0, others=8)
    response = client.post(reverse("desk_start", args=[event.pk]), {"by": "card"})
    assert response.status_code == 302, response.content.decode()[:500]
    event.refresh_from_db()
    assert event.status == "running" and event.current_hand == 1
    return event


def pairs_at(event, hand: int) -> dict[tuple[int, str], frozenset]:
    """(table, side) -> the two names sitting there for ``hand``."""
    names: dict[tuple[int, str], set] = {}
    for row in Seating.objects.filter(event=event, hand=hand).select_related("table", "entrant"):
        names.setdefault((row.table.number, "NS" if row.seat in "NS" else "EW"), set()).add(row.entrant.name)
    return {place: frozenset(people) for place, people in names.items()}


def play(event, script: dict[int, list[int]]) -> dict[tuple[int, int], str]:
    """Play every hand through the phones; return each table's page after each agreed hand."""
    pages = {}
    for hand in range(1, event.hands + 1):
        event.refresh_from_db()
        assert event.current_hand == hand
        for number, tricks in script.items():
            table = event.tables.get(number=number)
            north, east = Client(), Client()
            north.post(reverse("table_seat", args=[table.token]), {"seat": "N"})
            east.post(reverse("table_seat", args=[table.token]), {"seat": "E"})
            ns = tricks[hand - 1]
            before = north.get(reverse("table", args=[table.token])).content.decode()
            assert "Game: North–South" in before
            pages[number, hand, "before"] = before
            north.post(
                reverse("table_enter", args=[table.token]), {"hand": hand, "tricks": ns, "trump": "S"}, headers=HX
            )
            assert (
                f"North–South say {ns}–{13 - ns}, spades trumps. Agree?"
                in east.get(reverse("table", args=[table.token])).content.decode()
            )
            agreed = east.post(
                reverse("table_agree", args=[table.token]), {"hand": hand, "seat": "E", "tricks_ns": ns}, headers=HX
            )
            pages[number, hand] = agreed.content.decode()
    event.refresh_from_db()
    assert event.status == "finished"
    return pages


def standings_from_the_page(client, event) -> dict[str, tuple[int, int, int, int]]:
    page = client.get(reverse("event_standings", args=[event.pk]))
    assert "Final results" in page.content.decode()
    return {s.name: (s.rank, s.rubber_points, s.games_won, s.points) for s in page.context["evening"].night.standings}


@pytest.fixture
def olive(client):
    club_a, _, olive, _, _ = make_cast()
    client.force_login(olive)
    return client, club_a


def test_a_stationary_night_at_two_tables(olive):
    client, club = olive
    event = create_and_start(client, club)
    pairs = pairs_at(event, 1)
    # Table 1: 5 (game 5–0, worth 3); EW 1; NS 5 (game 5–1, worth 2): rubber 3 + 2 + 2 = 7; NS 3;
    #   EW 5 (game 5–3 to EW); NS 1.  NS: 7 rubber points, 2 games, 14 points. EW: 0, 1 game, 6 points.
    # Table 2: EW 3; EW 3 (game 6–0, worth 3); NS 6 (game 6–0, worth 3); EW 7 (game 7–0, worth 3): rubber to EW
    #   3 + 3 + 2 − 3 = 5; NS 1; NS 7 (game 8–0).  NS: 0, 2 games, 14 points. EW: 5, 2 games, 16 points.
    pages = play(event, {1: [11, 6, 11, 9, 2, 7], 2: [4, 1, 12, 0, 7, 13]})
    expected = {
        pairs[1, "NS"]: (1, 7, 2, 14),
        pairs[2, "EW"]: (3, 5, 2, 16),
        pairs[2, "NS"]: (5, 0, 2, 14),
        pairs[1, "EW"]: (7, 0, 1, 6),
    }
    got = standings_from_the_page(client, event)
    assert got == {name: figures for pair, figures in expected.items() for name in pair}

    first = pages[1, 1]
    assert "Before this hand: North–South 0, East–West 0" in first
    assert "After: North–South 5, East–West 0" in first
    assert "Game to North–South (5–0)" in first
    assert "North–South lead 1–0" in first
    assert "Rubber to North–South: 7 rubber points" in pages[1, 3]
    assert "The next hand starts a new rubber" in pages[1, 3]
    assert "East–West lead 1–0" in pages[2, 2] and "The next hand starts a new game" in pages[2, 2]


def test_a_mitchell_night_with_a_move_after_three_hands(olive):
    client, club = olive
    event = create_and_start(client, club, movement="mitchell", hands_per_round=3)
    first, second = pairs_at(event, 1), pairs_at(event, 4)
    # E–W pairs move up a table after hand 3: the pair from table 2 comes to table 1 and so on.
    assert second[1, "NS"] == first[1, "NS"] and second[1, "EW"] == first[2, "EW"]
    assert second[2, "EW"] == first[1, "EW"]
    # Table 1: NS 5 (game, 3), NS 5 (game, 3): rubber 8; NS 3 — the move ends that game, scoring nothing more;
    #   NS 2; EW 5 (game 5–2 to the new EW pair); NS 6 (game 6–0, 3); the rubber at 1–1 scores nothing.
    # Table 2: EW 4; NS 1; EW 7 (game 11–1, worth 2); the move; NS 1 (game 7–0); NS 1 (game 7–0): rubber 8; EW 1.
    pages = play(event, {1: [11, 11, 9, 8, 2, 12], 2: [3, 7, 0, 13, 13, 6]})
    stay_1, stay_2, moved_b, moved_a = first[1, "NS"], first[2, "NS"], first[2, "EW"], first[1, "EW"]
    expected = {
        stay_1: (1, 8, 3, 21),  # 5 + 5 + 3 + 2 + 6
        stay_2: (3, 8, 2, 15),  # 1, then 7 + 7
        moved_b: (5, 0, 2, 16),  # 4 + 7 at table 2, then 5 at table 1
        moved_a: (7, 0, 0, 1),  # nothing at table 1, then 1 at table 2
    }
    got = standings_from_the_page(client, event)
    assert got == {name: figures for pair, figures in expected.items() for name in pair}
    assert "scores nothing more" in pages[1, 4]
    assert "Before this hand: North–South 0, East–West 0" in pages[1, 4]
    assert "New partnerships: a new game and a new rubber" in pages[1, 4, "before"]
    assert "Game: North–South 0, East–West 0" in pages[1, 4, "before"]
    assert "Game: North–South 1, East–West 4" in pages[2, 3, "before"]
    assert "Rubber to North–South: 8 rubber points" in pages[2, 5]
