"""A second session entering or agreeing a table's result is shown to the organiser: which table, which
hand, and both phones (#44, attack 4).

Found from the hall's Wi-Fi: the warning "Entered and agreed on one phone" was dodged by a private tab
(a new session is a new phone to the server), or by a second phone taking a seat its owner already held.
Nothing is refused (a partner's phone may honestly re-enter a side's tricks); the live page says so.
"""

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from tests.entry.test_one_phone_for_both_sides import agree, card_of, enter, event, live, olive, seat  # noqa: F401 - fixtures
from tests.factories import table_of
from whistdrive.engines import devices
from whistdrive.store.models import Submission

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _on_the_laptop(settings):
    """On the laptop every device has an address of its own (a DATABASE_URL, as the PostgreSQL run sets,
    makes the settings hosted; the hosted test below says so itself)."""
    settings.HOSTED = False


def phone_at(address: str) -> Client:
    """A phone (a session of its own) whose requests come from ``address`` on the hall's network."""
    return Client(REMOTE_ADDR=address)


def names_at(table) -> list[str]:
    devices_ = Submission.objects.filter(table=table).order_by("created").values_list("device", flat=True)
    return list(dict.fromkeys(devices.phone_name(d) for d in devices_))


def test_a_private_tab_agreeing_what_its_own_phone_entered_is_shown(event, olive):  # noqa: F811
    table = table_of(event, 2)
    north = phone_at("192.168.1.40")
    private_tab = phone_at("192.168.1.40")  # the same phone: a new session, the same address
    east = phone_at("192.168.1.41")
    seat(north, table, "N")
    seat(east, table, "E")
    enter(north, table, 13)
    seat(private_tab, table, "E")
    agree(private_tab, table, "E", 13)
    card = card_of(live(olive, event), 2)
    first, second = names_at(table)
    assert "Entered and agreed from one device at 192.168.1.40 in two sessions" in card
    assert f"phone {first}" in card and f"phone {second}" in card
    assert "Hand 1" in card


def test_a_second_phone_taking_a_held_seat_and_agreeing_is_shown(event, olive):  # noqa: F811
    table = table_of(event, 2)
    north, east, stranger = phone_at("192.168.1.40"), phone_at("192.168.1.41"), phone_at("192.168.1.77")
    seat(north, table, "N")
    seat(east, table, "E")
    enter(north, table, 9)
    seat(stranger, table, "E")
    enter(stranger, table, 6)  # East–West say 6 from a phone that is not East's: a dispute
    enter(east, table, 4)  # East's own phone: 4, as North–South said
    card = card_of(live(olive, event), 2)
    east_name, stranger_name = names_at(table)[1:]
    assert "Hand 1: East–West acted from two phones: phone " in card
    assert f"phone {east_name} (East)" in card and f"phone {stranger_name} (East)" in card
    # The table's result page says the same beside its history.
    page = olive.get(reverse("event_live_result", args=[event.pk, 2, 1])).content.decode()
    assert "East–West acted from two phones" in page


def test_two_phones_one_for_each_side_raise_nothing(event, olive):  # noqa: F811
    table = table_of(event, 2)
    north, east = phone_at("192.168.1.40"), phone_at("192.168.1.41")
    seat(north, table, "N")
    seat(east, table, "E")
    enter(north, table, 8)
    agree(east, table, "E", 8)
    card = card_of(live(olive, event), 2)
    assert "acted from" not in card and "sessions" not in card and "one phone" not in card


@override_settings(HOSTED=True)
def test_hosted_a_hall_behind_one_router_is_not_taken_for_one_device(event, olive):  # noqa: F811
    """Hosted, every phone of a hall comes from its router's address: the address says nothing there."""
    table = table_of(event, 2)
    north, east = phone_at("203.0.113.9"), phone_at("203.0.113.9")
    seat(north, table, "N")
    seat(east, table, "E")
    enter(north, table, 8)
    agree(east, table, "E", 8)
    assert "sessions" not in card_of(live(olive, event), 2)
