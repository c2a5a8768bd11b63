"""A whole progressive evening (3 tables, 6 hands, 6 ladies and 6 gents) played through the phones.

Each hand, at each table, a North–South phone enters and an East–West phone agrees. Checked
against the rules written out here, not against the engine: every seating follows the
progressive movement, every next-table message matches where the player then sits, and every
player's total on their own page is the sum of their side's tricks.
"""

import re
from collections import defaultdict

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import started_event
from whistdrive.store.models import Seating

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}
TABLES = 3


def tricks_for(hand: int, table: int) -> int:
    """North–South's tricks: varied, never 6 or 7 for both sides in a row, both sides win some."""
    return (3 * hand + 5 * table) % 14


def seating(event, hand: int) -> dict[int, dict[str, object]]:
    tables = defaultdict(dict)
    for row in Seating.objects.filter(event=event, hand=hand).select_related("table", "entrant"):
        tables[row.table.number][row.seat] = row.entrant
    return tables


def test_a_whole_progressive_evening_through_the_phone_pages():
    event = started_event(ladies=6, gents=6)
    totals = defaultdict(int)
    for hand in range(1, 7):
        event.refresh_from_db()
        assert event.current_hand == hand
        here = seating(event, hand)
        assert sorted(here) == [1, 2, 3]
        for seats in here.values():
            # Roles: ladies sit North and East, gents South and West.
            assert {seats[s].role for s in "NE"} == {"lady"} and {seats[s].role for s in "SW"} == {"gent"}
        messages = {}
        for number in sorted(here):
            table = event.tables.get(number=number)
            url = reverse("table", args=[table.token])
            north, east = Client(), Client()
            north.post(reverse("table_seat", args=[table.token]), {"seat": "N"})
            east.post(reverse("table_seat", args=[table.token]), {"seat": "E"})
            ns = tricks_for(hand, number)
            north.post(reverse("table_enter", args=[table.token]), {"hand": hand, "tricks": ns}, headers=HX)
            assert f"North–South say {ns}–{13 - ns}. Agree?" in east.get(url).content.decode()
            agreed = east.post(
                reverse("table_agree", args=[table.token]), {"hand": hand, "seat": "E", "tricks_ns": ns}, headers=HX
            )
            page = agreed.content.decode()
            assert f"Agreed: North–South {ns}, East–West {13 - ns}" in page
            # The answer to the agreement leaves where everyone goes to the poll it fires on load
            # (on the hand's last table, that poll already shows the next hand, with "After hand …").
            # After the last hand there is nothing to work out: the answer says so itself.
            if hand < 6:
                assert 'hx-trigger="load, every 4s,' in page
                east.get(url, headers=HX)
                # A phone that has chosen no seat lists all four (East's own line is its "YOU" line).
                page = Client().get(url, headers=HX).content.decode()
            for seat, person in here[number].items():
                totals[person.pk] += ns if seat in "NS" else 13 - ns
                name = "YOU" if hand == 6 and seat == "E" else re.escape(person.name)
                line = re.search(rf"<b>{name}</b>: ([^<]*)", page.replace("&#x27;", "'"))
                assert line, f"no message for {person.name} at table {number}"
                messages[person.pk] = (number, seat, line.group(1))
        if hand == 6:
            event.refresh_from_db()
            assert event.status == "finished"
            assert all("last hand" in text for _, _, text in messages.values())
            break
        nxt = seating(event, hand + 1)
        where = {person.pk: (number, seat) for number, seats in nxt.items() for seat, person in seats.items()}
        for number, seats in here.items():
            ns = tricks_for(hand, number)
            winners = "NS" if ns > 6 else "EW"
            lady, gent = ("N", "S") if winners == "NS" else ("E", "W")
            up, down = number % TABLES + 1, (number - 2) % TABLES + 1
            # Progressive, winners move: the winning lady up a table, the winning gent down; losers stay.
            assert where[seats[lady].pk][0] == up
            assert where[seats[gent].pk][0] == down
            for seat in "NESW":
                if seat not in (lady, gent):
                    assert where[seats[seat].pk][0] == number
        for pk, (number, _seat, text) in messages.items():
            goes_to, new_seat = where[pk]
            seat_word = {"N": "North", "E": "East", "S": "South", "W": "West"}[new_seat]
            if goes_to == number:
                assert "stay" in text and seat_word in text, text
            else:
                assert f"go to table {goes_to}, seat" in text and seat_word in text, text
    for person in event.entrants.all():
        page = Client().get(reverse("player", args=[person.token])).content.decode()
        assert re.search(rf"Final: <b class=\"big\">{totals[person.pk]}</b>", page), person.name
