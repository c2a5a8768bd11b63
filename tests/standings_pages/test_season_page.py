"""A season of three drives counted best 2 of 3, through the page, worked by hand."""

import datetime
import re

import pytest
from django.urls import reverse

from clubs.models import Season
from tests.factories import make_cast, make_event, make_member, seat_hand
from whistdrive.engines.formats import Format
from whistdrive.store.models import Entrant, Event

pytestmark = pytest.mark.django_db


def one_table_drive(club, season, day: datetime.date, people: list, ns_tricks: list[int], status=Event.Status.FINISHED):
    """Two hands at one table; ``people`` are (name, member or None) in seats N, E, S, W."""
    event = make_event(club, Format(hands=2, interval_after=1), date=day, season=season, name=f"Drive {day:%b}")
    entrants = {}
    for number, (name, member) in enumerate(people, start=1):
        entrants[name] = Entrant.objects.create(event=event, name=name, member=member, card_number=number)
    names = [name for name, _ in people]
    for hand, ns in enumerate(ns_tricks, start=1):
        seat_hand(event, hand, [(names, ns)], [], entrants)
    event.status = status
    event.current_hand = len(ns_tricks)
    event.save()
    return event


def season_rows(html: str) -> list[list[str]]:
    body = html.split('<table class="season">', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr>(.*?)</tr>", body, flags=re.S)[1:]
    return [[re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)] for r in rows]


@pytest.fixture
def season_of_three():
    """
    Jan: Ann Bob Cat Dan, N-S 8 then 7     -> Ann, Cat 15; Bob, Dan 11
    Feb: Ann Bob Gwen(guest) Dan, 4 then 5 -> Ann, Gwen 9; Bob, Dan 9 + 8 = 17
    Mar: Cat Bob Wally(guest member) Dan, 10 then 9 -> Cat, Wally 19; Bob, Dan 7

    Best 2 of 3: Cat 15+19 = 34 (1); Bob and Dan 17+11 = 28 (=2); Ann 15+9 = 24 (4).
    Counting all of them Bob and Dan would lead on 35: best-of is what puts Cat first.
    """
    club_a, _, olive, _, bea = make_cast()
    season = Season.objects.create(
        club=club_a, name="Winter 2026", starts=datetime.date(2026, 1, 1), ends=datetime.date(2026, 3, 31),
        counting=Season.Counting.BEST, best=2,
    )  # fmt: skip
    ann, bob, cat, dan = (make_member(club_a, name) for name in ("Ann", "Bob", "Cat", "Dan"))
    wally = make_member(club_a, "Wally", is_guest=True)
    one_table_drive(
        club_a, season, datetime.date(2026, 1, 5), [("Ann", ann), ("Bob", bob), ("Cat", cat), ("Dan", dan)], [8, 7]
    )
    one_table_drive(
        club_a, season, datetime.date(2026, 2, 2), [("Ann", ann), ("Bob", bob), ("Gwen", None), ("Dan", dan)], [4, 5]
    )
    one_table_drive(club_a, season, datetime.date(2026, 3, 2), [("Cat", cat), ("Bob", bob), ("Wally", wally), ("Dan", dan)], [10, 9])  # fmt: skip
    # Not in the table: an event still being set up, and one after the season.
    make_event(club_a, date=datetime.date(2026, 3, 9), season=season, name="Not started")
    one_table_drive(club_a, None, datetime.date(2026, 4, 6), [("Ann", ann), ("Bob", bob), ("Cat", cat), ("Dan", dan)], [13, 13])  # fmt: skip
    return club_a, season, olive


def test_best_two_of_three_gives_the_table_worked_by_hand(client, season_of_three):
    club_a, season, olive = season_of_three
    client.force_login(olive)

    html = client.get(reverse("season", args=[club_a.pk, season.pk])).content.decode()

    # position, member, events, best 2, total, hands, average, counted
    assert season_rows(html) == [
        ["1", "Cat", "2", "34", "34", "4", "8.50", "5 Jan, 2 Mar"],
        ["=2", "Bob", "3", "28", "35", "6", "5.83", "5 Jan, 2 Feb"],
        ["=2", "Dan", "3", "28", "35", "6", "5.83", "5 Jan, 2 Feb"],
        ["4", "Ann", "2", "24", "24", "4", "6.00", "5 Jan, 2 Feb"],
    ]
    assert "Best 2 of 3" in html


def test_guests_are_shown_apart_one_line_a_visit(client, season_of_three):
    club_a, season, olive = season_of_three
    client.force_login(olive)

    html = client.get(reverse("season", args=[club_a.pk, season.pk])).content.decode()

    guests = html.split("<h2>Guests</h2>", 1)[1].split("</table>", 1)[0]
    assert "Gwen" in guests and "Drive Feb" in guests
    assert "Wally" in guests and "Drive Mar" in guests
    assert "Wally" not in html.split('<table class="season">', 1)[1].split("</table>", 1)[0]


def test_an_event_still_being_played_counts_but_marks_the_table_provisional(client, season_of_three):
    club_a, season, olive = season_of_three
    Event.objects.filter(name="Drive Mar").update(status=Event.Status.RUNNING)
    client.force_login(olive)

    html = client.get(reverse("season", args=[club_a.pk, season.pk])).content.decode()

    assert "Provisional: an event in this season is still being played" in html
    assert season_rows(html)[0][1] == "Cat"


def test_a_scorer_can_read_the_season_table(client, season_of_three):
    club_a, season, _ = season_of_three
    from django.contrib.auth.models import User

    client.force_login(User.objects.get(username="sam"))

    assert client.get(reverse("season", args=[club_a.pk, season.pk])).status_code == 200
