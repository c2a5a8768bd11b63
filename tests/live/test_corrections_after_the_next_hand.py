"""A correction that changes a round's winner after the next hand was seated from the old result.

Tried: table 2's hand 2 corrected so the other pair won, after hand 3 was seated. Hand 3 still
followed the old result and nothing said so. Now the organiser is told which seatings followed it,
may seat the current hand again while none of its results is in, and otherwise the seating stands.
"""

import pytest
from django.test import Client

from tests.factories import make_cast, started_event, table_of
from tests.live.helpers import agree, url
from whistdrive.evening import running
from whistdrive.store.models import Seating

pytestmark = pytest.mark.django_db


@pytest.fixture
def olive_client(client):
    club_a, *_ = make_cast()
    from clubs.models import ClubAccess

    olive = ClubAccess.objects.get(club=club_a, role="organiser").user
    client.force_login(olive)
    client.club = club_a
    return client


def seats(event, hand):
    return {
        (s.table.number, s.seat): s.entrant_id
        for s in Seating.objects.filter(event=event, hand=hand, table__isnull=False).select_related("table")
    }


def play_hand(event, ns=8):
    hand = event.current_hand
    for number in range(1, 4):
        agree(event, number, hand, ns=ns)
    event.refresh_from_db()


def correct(client, event, number, hand, ns, reason="cards recounted"):
    return client.post(
        url("event_live_result", event, number, hand),
        {"tricks_ns": ns, "tricks_ew": 13 - ns, "reason": reason},
        follow=True,
    )


def test_the_organiser_is_offered_to_re_seat_the_current_hand_while_none_of_it_is_in(olive_client):
    event = started_event(olive_client.club, tables=3, hands=6, interval_after=None, seed=1)
    play_hand(event)
    play_hand(event)  # hand 3 seated from hand 2's results: North–South won everywhere
    assert event.current_hand == 3
    before = seats(event, 3)
    response = correct(olive_client, event, 2, 2, ns=4)  # now East–West won at table 2
    page = response.content.decode()
    assert "Hand 3's seating followed this table's old result" in page
    assert "Re-seat hand 3" in page
    olive_client.post(url("event_live_reseat", event), {"expected_hand": 3})
    after = seats(event, 3)
    assert after != before
    assert running.stale_seating(event, 2) is None  # hand 3 now follows the results as they stand


def test_once_a_result_of_the_next_hand_is_in_its_seating_stands_and_the_page_says_so(olive_client):
    event = started_event(olive_client.club, tables=3, hands=6, interval_after=None, seed=1)
    play_hand(event)
    play_hand(event)
    agree(event, 1, 3)
    before = seats(event, 3)
    page = correct(olive_client, event, 2, 2, ns=4).content.decode()
    assert "The seating stands as it was played: the corrected result counts for the scores only." in page
    assert "Re-seat hand" not in page
    response = olive_client.post(url("event_live_reseat", event), {"expected_hand": 3}, follow=True)
    assert "its seating stands" in " ".join(str(m) for m in response.context["messages"])
    assert seats(event, 3) == before


def test_a_correction_that_keeps_the_winner_says_nothing_about_seatings(olive_client):
    event = started_event(olive_client.club, tables=3, hands=6, interval_after=None, seed=1)
    play_hand(event)
    play_hand(event)
    page = correct(olive_client, event, 2, 2, ns=9).content.decode()
    assert "seating followed" not in page


def test_changing_north_souths_tricks_alone_moves_east_west_with_them(olive_client):
    event = started_event(olive_client.club, tables=3, hands=6, interval_after=None, seed=1)
    agree(event, 1, 1, ns=8)
    form_page = olive_client.get(url("event_live_result", event, 1, 1)).content.decode()
    assert 'data-thirteen-less="id_tricks_ew"' in form_page and "result_form.js" in form_page
    # Without the script, East–West stays as shown (5): it follows North–South all the same.
    olive_client.post(url("event_live_result", event, 1, 1), {"tricks_ns": 6, "tricks_ew": 5, "reason": "recount"})
    result = table_of(event, 1).results.get(hand=1)
    assert (result.tricks_ns, result.tricks_ew) == (6, 7)
    # Both changed and not making 13 is still refused, naming the fault.
    response = olive_client.post(
        url("event_live_result", event, 1, 1), {"tricks_ns": 9, "tricks_ew": 9, "reason": "recount"}
    )
    assert "make 18 tricks; a hand has 13" in response.content.decode()


def test_a_phone_agreeing_after_the_evening_moved_on_is_told_the_result_that_counts():
    club, *_ = make_cast()
    event = started_event(club, tables=1, hands=4, interval_after=None, seed=1)
    table = table_of(event, 1)
    north, east = Client(), Client()
    north.post(f"{table.get_absolute_url()}seat/", {"seat": "N"})
    east.post(f"{table.get_absolute_url()}seat/", {"seat": "E"})
    west = Client()
    west.post(f"{table.get_absolute_url()}seat/", {"seat": "W"})
    north.post(f"{table.get_absolute_url()}enter/", {"hand": 1, "tricks": 8}, headers={"HX-Request": "true"})
    # East agrees and the evening moves on to hand 2; West's tap of the same claim arrives after.
    east.post(
        f"{table.get_absolute_url()}agree/", {"hand": 1, "seat": "E", "tricks_ns": 8}, headers={"HX-Request": "true"}
    )
    event.refresh_from_db()
    assert event.current_hand == 2
    late = west.post(
        f"{table.get_absolute_url()}agree/", {"hand": 1, "seat": "W", "tricks_ns": 8}, headers={"HX-Request": "true"}
    ).content.decode()
    assert "Agreed: North–South 8, East–West 5 (hand 1)." in late
    assert "Nothing was entered" not in late and "evening is over" not in late
    # And when it was the last hand.
    for hand in (2, 3, 4):
        agree(event, 1, hand, ns=7)
    last = west.post(
        f"{table.get_absolute_url()}agree/", {"hand": 4, "seat": "W", "tricks_ns": 7}, headers={"HX-Request": "true"}
    ).content.decode()
    assert "Agreed: North–South 7, East–West 6 (hand 4)." in last
