"""Floods from a table's valid link: a sensible limit per table and hand, calls only for the hand
being played, refused entries summarised instead of piled up.

Found by trying: nothing limited the posts from a table's link and every refused entry was stored:
3,700 junk rows made that table's posts ten times slower and its result page 1 MB; "Call the
organiser" took any hand 1-999 (400 calls in 3 seconds).
"""

import html

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import give_access, make_user, started_event, table_of
from whistdrive.evening import entry, running
from whistdrive.store.models import Flag, Submission

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


@pytest.fixture
def event(settings):
    settings.TABLE_POST_LIMIT = 60  # the shipped default, stated here because the test counts to it
    event = started_event()
    event.auto_advance = False
    event.save()
    return event


def flood(phone, table, posts: int, hand: int = 1) -> list[int]:
    answers = []
    for n in range(posts):
        data = {"hand": hand, "tricks": [14, 7, -1, 8, 99][n % 5]}
        answers.append(phone.post(reverse("table_enter", args=[table.token]), data, headers=HX).status_code)
    return answers


def test_a_table_past_its_limit_for_the_hand_is_told_to_ask_the_organiser(event):
    table = table_of(event, 1)
    phone = Client()
    phone.post(reverse("table_seat", args=[table.token]), {"seat": "N"}, headers=HX)
    answers = flood(phone, table, 200)
    assert answers.count(429) == 200 - 59  # the seat post counts too
    refused = phone.post(reverse("table_enter", args=[table.token]), {"hand": 1, "tricks": 7})
    page = html.unescape(refused.content.decode())
    assert "Too many taps from this table's link this hand." in page
    assert "Ask the organiser to enter your table's result" in page
    # What is stored stays small, so the table's own posts and pages stay fast.
    assert Submission.objects.filter(table=table, hand=1).count() <= 60
    # Another table is not held up.
    other = table_of(event, 2)
    north = Client()
    north.post(reverse("table_seat", args=[other.token]), {"seat": "N"}, headers=HX)
    assert (
        north.post(reverse("table_enter", args=[other.token]), {"hand": 1, "tricks": 7}, headers=HX).status_code == 200
    )


def test_the_limit_starts_afresh_with_the_next_hand_and_with_a_new_qr_code(event):
    table = table_of(event, 1)
    phone = Client()
    phone.post(reverse("table_seat", args=[table.token]), {"seat": "N"}, headers=HX)
    flood(phone, table, 80)
    # The organiser's remedy: a new QR code shuts the flooding link out and the table plays on.
    entry.new_table_token(table)
    table.refresh_from_db()
    fresh = Client()
    fresh.post(reverse("table_seat", args=[table.token]), {"seat": "N"}, headers=HX)
    assert (
        fresh.post(reverse("table_enter", args=[table.token]), {"hand": 1, "tricks": 7}, headers=HX).status_code == 200
    )
    for number in (1, 2, 3):
        here = table_of(event, number)
        if not here.results.filter(hand=1).exists():
            entry.set_result(here, hand=1, entry=entry.HandEntry(7, 6, "H"), user=None, reason="test")
    running.advance(event, expected_hand=1)
    assert flood(fresh, table, 1, hand=2) == [200]


def test_a_call_is_only_for_the_hand_being_played(event):
    table = table_of(event, 1)
    phone = Client()
    for hand in range(1, 400):
        phone.post(reverse("table_call", args=[table.token]), {"hand": hand, "reason": "misdeal"}, headers=HX)
    assert list(Flag.objects.filter(table=table).values_list("hand", flat=True)) == [1]


def test_refused_entries_are_summarised_in_the_history(event):
    table = table_of(event, 1)
    phone = Client()  # no seat chosen: every entry is refused the same way
    for _ in range(30):
        phone.post(reverse("table_enter", args=[table.token]), {"hand": 1, "tricks": 7}, headers=HX)
    olive = Client()
    user = make_user("olive")
    give_access(user, event.club)
    olive.force_login(user)
    page = olive.get(reverse("event_live_result", args=[event.pk, 1, 1])).content.decode()
    assert page.count("refused: Choose your seat") == 1
    assert "× 30" in page


def test_the_live_page_says_which_table_is_flooded(event):
    table = table_of(event, 3)
    phone = Client()
    flood(phone, table, 70)
    olive = Client()
    user = make_user("olive")
    give_access(user, event.club)
    olive.force_login(user)
    page = olive.get(reverse("event_live", args=[event.pk])).content.decode()
    card = html.unescape(page.split("<strong>Table 3</strong>")[1].split("</article>")[0])
    assert "Too many taps from this table's link" in card
