"""Issue 19: hand records print as soon as the event exists, and the boards played are exactly those.

An organiser who makes up the boards beforehand prints a sheet per board (four hands, dealer, trump)
from the event's page before anyone arrives, makes up the boards, and starts the evening later: the
boards stored at the start, played at the tables and printed with their results afterwards hold the
same cards as the sheets printed first. The cards are read back from the PDFs themselves.
"""

import io

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from tests.duplicate_evening.records import records_in, stored_records
from tests.factories import GENTS, LADIES, give_access, make_club, make_user
from whistdrive.evening.simulate import play
from whistdrive.store.models import Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def organiser():
    club = make_club()
    olive = make_user("olive")
    give_access(olive, club)
    client = Client()
    client.force_login(olive)
    return client, club


def duplicate_form(**changes) -> dict:
    data = dict(
        name="Duplicate night", date="2026-12-04", kind="duplicate", movement="mitchell", scoring="matchpoints",
        trumps="HDSC", boards="6", boards_per_round="2", boards_dealt="records",
    )  # fmt: skip
    return {**data, **changes}


def new_event(client, club, **changes) -> Event:
    client.post(reverse("event_new", args=[club.pk]), duplicate_form(**changes))
    return club.events.get()


def register_pairs(client, event: Event, pairs: int) -> None:
    """At the desk, partners on consecutive cards: a lady, then her partner."""
    for k in range(pairs):
        for name, role in ((LADIES[k % len(LADIES)] + f" {k}", "lady"), (GENTS[k % len(GENTS)] + f" {k}", "gent")):
            client.post(reverse("desk_guest", args=[event.pk]), {"name": name, "role": role})


def hand_records(client, event: Event, document: str = "hand-records", **boards) -> bytes:
    response = client.get(reverse("event_print_document", args=[event.pk, document]), boards)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    return response.content


def test_hand_records_printed_before_anyone_comes_are_the_boards_stored_played_and_printed_after(organiser):
    client, club = organiser
    event = new_event(client, club)
    page = client.get(reverse("event", args=[event.pk])).content.decode()
    assert "Before the evening: make up the boards" in page
    assert reverse("event_print_document", args=[event.pk, "hand-records"]) in page
    before = records_in(hand_records(client, event))
    assert sorted(before) == [1, 2, 3, 4, 5, 6]  # the format's boards
    # Dealer N, E, S, W in turn; trumps by the rotation HDSC; each hand 13 cards, 52 different in all.
    assert [before[n]["dealer"] for n in range(1, 7)] == ["N", "E", "S", "W", "N", "E"]
    assert [before[n]["trump"] for n in range(1, 7)] == ["Hearts", "Diamonds", "Spades", "Clubs", "Hearts", "Diamonds"]
    for board in before.values():
        assert sorted(len(cards) for cards in board["deal"].values()) == [13, 13, 13, 13]
        assert len({card for cards in board["deal"].values() for card in cards}) == 52
    # Changing the event's name, date or venue changes no card.
    client.post(reverse("event_edit", args=[event.pk]), duplicate_form(name="Duplicate night (Dec)", venue="Hall"))
    register_pairs(client, event, 6)
    response = client.post(reverse("desk_start", args=[event.pk]), {"by": "random"})
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.started and event.boards.count() == 6
    assert stored_records(event) == before
    # Played at the tables through the phones' path (each table plays its board from the stored deal).
    play(event)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    assert records_in(hand_records(client, event, "hand-records-results")) == before
    assert records_in(hand_records(client, event)) == before  # a reprint after the evening: the same


def test_more_pairs_than_planned_print_the_extra_boards_before_the_start(organiser):
    client, club = organiser
    event = new_event(client, club)
    first = records_in(hand_records(client, event))
    register_pairs(client, event, 8)  # four tables: four rounds of 2 by a relay, boards 1–8 in play
    desk = client.get(reverse("event_desk", args=[event.pk])).content.decode()
    assert "8 boards in play" in desk
    extra = records_in(hand_records(client, event, first=7, last=8))
    assert sorted(extra) == [7, 8]
    client.post(reverse("desk_start", args=[event.pk]), {"by": "card"})
    event.refresh_from_db()
    assert stored_records(event) == first | extra


def test_fewer_pairs_than_planned_play_the_first_boards_of_the_same_records(organiser):
    client, club = organiser
    event = new_event(client, club, boards="12")  # planned for six tables: six rounds of 2
    printed = records_in(hand_records(client, event))
    assert sorted(printed) == list(range(1, 13))
    register_pairs(client, event, 8)  # four tables come: four rounds at most
    response = client.post(reverse("desk_start", args=[event.pk]), {"by": "card"}, follow=True)
    assert "with 4 tables a Mitchell plays at most 4 rounds" in response.content.decode()
    event.refresh_from_db()
    assert not event.started
    # The organiser makes the evening fit: 8 boards in four rounds. The seed stays, so boards 1–8 keep their cards.
    seed = event.board_seed
    client.post(reverse("event_edit", args=[event.pk]), duplicate_form(boards="8"))
    event.refresh_from_db()
    assert (event.hands, event.board_seed) == (8, seed)
    client.post(reverse("desk_start", args=[event.pk]), {"by": "card"})
    event.refresh_from_db()
    assert event.started
    assert stored_records(event) == {n: printed[n] for n in range(1, 9)}


def test_a_new_trump_rotation_keeps_the_cards_and_says_to_print_again(organiser):
    client, club = organiser
    event = new_event(client, club)
    before = records_in(hand_records(client, event))
    response = client.post(reverse("event_edit", args=[event.pk]), duplicate_form(trumps="SHDC"), follow=True)
    assert "Trumps are now SHDC: each board keeps its cards" in response.content.decode()
    after = records_in(hand_records(client, event))
    assert {n: b["deal"] for n, b in after.items()} == {n: b["deal"] for n, b in before.items()}
    assert after[1]["trump"] == "Spades" and before[1]["trump"] == "Hearts"


def test_every_event_deals_its_own_boards(organiser):
    client, club = organiser
    one = new_event(client, club, name="One")
    other = Event.objects.get(pk=one.pk)
    other.pk, other.board_token, other.public_id = None, "another-token-for-the-copy", "copy-public-id"
    other.board_seed = Event._meta.get_field("board_seed").get_default()
    other.save()
    assert records_in(hand_records(client, one))[1] != records_in(hand_records(client, other))[1]


def test_the_sheet_says_which_boards_each_number_of_pairs_plays(organiser):
    client, club = organiser
    event = new_event(client, club, boards="21", boards_per_round="3")
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(hand_records(client, event))).pages)
    text = " ".join(text.split())
    assert "13–14 pairs play boards 1–21; 15–16 pairs play boards 1–24" in text
    assert "only boards 1 to that number are played" in text
    page = client.get(reverse("event_print", args=[event.pk])).content.decode()
    assert "13–14 pairs play boards 1–21" in page


def test_a_range_of_boards_outside_the_records_is_refused_and_nothing_printed(organiser):
    client, club = organiser
    event = new_event(client, club)
    url = reverse("event_print_document", args=[event.pk, "hand-records"])
    response = client.get(url, {"first": 5, "last": 3}, follow=True)
    assert response["Content-Type"].startswith("text/html")
    assert (
        "The hand records could not be printed. Boards 5 to 3: choose boards from 1 to 99, the first no later than "
        "the last." in response.content.decode()
    )
    response = client.get(url, {"first": "x"}, follow=True)
    assert "From board: Enter a whole number." in response.content.decode()


def test_boards_dealt_at_the_table_have_no_records_before_the_start(organiser):
    client, club = organiser
    event = new_event(client, club, boards_dealt="table")
    page = client.get(reverse("event_print", args=[event.pk])).content.decode()
    assert "there are no hand records to make them up from" in page
    assert client.get(reverse("event_print_document", args=[event.pk, "hand-records"])).status_code == 404
    assert "make up the boards" not in client.get(reverse("event", args=[event.pk])).content.decode()
