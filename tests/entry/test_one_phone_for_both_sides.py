"""One phone entering and agreeing for both sides, or acting at two tables in one hand, is shown to
the organiser; the history names each phone (a short stable name), not only the seat.

Found by trying: with table 2's link (on its card, and known to everyone who sat there) one phone
chose North, entered 13, then agreed as East: a 13–0 result, and nothing told the organiser.
Passing a phone across the table does the same honestly, so it is shown, not refused.
"""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import give_access, make_user, started_event, table_of
from whistdrive.engines import devices
from whistdrive.store.models import Submission

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}
NAME = re.compile(r"phone ([A-Z0-9]{3}-[A-Z0-9]{3})")


@pytest.fixture
def event():
    event = started_event()
    event.auto_advance = False
    event.save()
    return event


@pytest.fixture
def olive(event):
    olive = make_user("olive")
    give_access(olive, event.club)
    client = Client()
    client.force_login(olive)
    return client


def seat(phone, table, where):
    phone.post(reverse("table_seat", args=[table.token]), {"seat": where}, headers=HX)


def enter(phone, table, tricks):
    return phone.post(reverse("table_enter", args=[table.token]), {"hand": 1, "tricks": tricks}, headers=HX)


def agree(phone, table, where, tricks_ns):
    data = {"hand": 1, "seat": where, "tricks_ns": tricks_ns}
    return phone.post(reverse("table_agree", args=[table.token]), data, headers=HX)


def live(olive, event) -> str:
    return olive.get(reverse("event_live", args=[event.pk])).content.decode()


def card_of(page: str, number: int) -> str:
    """The live page's card of one table."""
    return page.split(f"<strong>Table {number}</strong>")[1].split("</article>")[0]


def test_a_phone_that_entered_and_agreed_for_both_sides_is_shown_on_the_live_page(event, olive):
    table = table_of(event, 2)
    phone = Client()
    seat(phone, table, "N")
    enter(phone, table, 13)
    agree(phone, table, "E", 13)
    assert table.results.get(hand=1).tricks_ns == 13  # taken: a passed-across phone does this honestly
    card = card_of(live(olive, event), 2)
    assert "Entered and agreed on one phone" in card
    name = devices.phone_name(Submission.objects.filter(table=table).first().device)
    assert f"phone {name}" in card
    # The other tables say nothing of the kind.
    assert "one phone" not in card_of(live(olive, event), 1)


def test_two_phones_entering_and_agreeing_raise_nothing(event, olive):
    table = table_of(event, 2)
    north, east = Client(), Client()
    seat(north, table, "N")
    seat(east, table, "E")
    enter(north, table, 8)
    agree(east, table, "E", 8)
    page = live(olive, event)
    assert "one phone" not in page and "also acted at" not in page


def test_a_phone_acting_at_two_tables_in_one_hand_is_flagged_at_both(event, olive):
    one, three = table_of(event, 1), table_of(event, 3)
    phone = Client()
    seat(phone, one, "N")
    enter(phone, one, 7)
    seat(phone, three, "W")
    enter(phone, three, 5)
    page = live(olive, event)
    name = devices.phone_name(Submission.objects.filter(table=one).first().device)
    assert f"Phone {name} also acted at table 3" in card_of(page, 1)
    assert f"Phone {name} also acted at table 1" in card_of(page, 3)


def test_the_history_names_each_phone(event, olive):
    table = table_of(event, 2)
    north, east = Client(), Client()
    seat(north, table, "N")
    seat(east, table, "E")
    enter(north, table, 8)
    agree(east, table, "E", 8)
    page = olive.get(reverse("event_live_result", args=[event.pk, 2, 1])).content.decode()
    names = {devices.phone_name(d) for d in Submission.objects.filter(table=table).values_list("device", flat=True)}
    assert len(names) == 2
    for name in names:
        assert f"phone {name}" in page
    assert f"phone {sorted(names)[0]} at " in page or f"phone {sorted(names)[1]} at " in page


def test_a_phones_name_is_short_stable_and_tells_phones_apart():
    hashes = [f"{n:016x}" for n in range(0, 2**64, 2**64 // 5000)]
    names = [devices.phone_name(h) for h in hashes]
    assert all(NAME.fullmatch(f"phone {name}") for name in names)
    assert len(set(names)) == len(names)
    assert devices.phone_name(hashes[7]) == names[7]
    assert devices.phone_name("") == ""
