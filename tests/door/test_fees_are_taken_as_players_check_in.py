"""The organiser takes the entry fee at check-in (#50): beside each arrival on the desk's list of check-ins by
phone, and in the same step as confirming a walk-in; a payment that cannot be taken enters nobody."""

from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse

from tests.door.conftest import door_url, here
from tests.security.snapshot import changed, snapshot
from whistdrive.store.models import CheckIn, LedgerLine


@pytest.fixture
def priced(evening):
    club = evening.club
    club.fee_member, club.fee_guest, club.fee_concession = Decimal("3.00"), Decimal("4.50"), Decimal("2.00")
    club.save()
    return evening


def arrivals(olive, event) -> str:
    return olive.get(reverse("door_arrivals", args=[event.pk])).content.decode()


def test_a_member_who_checked_in_is_marked_paid_from_the_list_of_arrivals(priced, members, olive):
    here(Client(), priced, members["Agnes Smith"])
    agnes = priced.entrants.get()
    listed = arrivals(olive, priced)
    assert reverse("desk_pay", args=[priced.pk, agnes.pk]) in listed and 'aria-label="Agnes Smith paid: Cash"' in listed
    page = olive.post(reverse("desk_pay", args=[priced.pk, agnes.pk]), {"method": "cash"}, follow=True)
    assert "Agnes Smith paid £3.00 (cash)." in page.content.decode()
    line = LedgerLine.objects.get()
    assert (line.entrant, line.fee, line.amount, line.method) == (agnes, "member", Decimal("3.00"), "cash")
    listed = arrivals(olive, priced)
    assert "paid <b>£3.00</b>" in listed and 'aria-label="Agnes Smith paid: Cash"' not in listed


def test_a_walk_in_is_confirmed_and_pays_in_one_step(priced, olive):
    Client().post(door_url(priced, "walk-in"), {"name": "Peggy Sue"})
    waiting = CheckIn.objects.get()
    page = olive.post(reverse("door_confirm", args=[priced.pk, waiting.pk]),
                      {"role": "lady", "fee": "concession", "method": "card"}, follow=True)  # fmt: skip
    assert "Peggy Sue is entered as a guest: card 1. They paid £2.00 (card)." in page.content.decode()
    peggy = priced.entrants.get()
    line = LedgerLine.objects.get()
    assert (line.entrant, line.fee, line.amount, line.method) == (peggy, "concession", Decimal("2.00"), "card")


def test_a_walk_in_confirmed_without_a_payment_pays_later_as_a_guest(priced, olive):
    Client().post(door_url(priced, "walk-in"), {"name": "Peggy Sue"})
    waiting = CheckIn.objects.get()
    olive.post(reverse("door_confirm", args=[priced.pk, waiting.pk]), {"role": "", "fee": "guest", "method": ""})
    assert priced.entrants.filter(name="Peggy Sue").exists() and not LedgerLine.objects.exists()
    peggy = priced.entrants.get()
    olive.post(reverse("desk_pay", args=[priced.pk, peggy.pk]), {"method": "cash"})
    assert LedgerLine.objects.get().amount == Decimal("4.50")


def test_a_payment_that_cannot_be_taken_leaves_the_walk_in_waiting_and_saves_nothing(evening, olive):
    # No prices set: a guest's price is nothing, so the fee cannot be taken, and the walk-in is not entered.
    Client().post(door_url(evening, "walk-in"), {"name": "Peggy Sue"})
    waiting = CheckIn.objects.get()
    before = snapshot()
    page = olive.post(reverse("door_confirm", args=[evening.pk, waiting.pk]),
                      {"role": "lady", "fee": "guest", "method": "cash"}, follow=True)  # fmt: skip
    assert "Peggy Sue is not entered: Tonight's guest price is nothing" in page.content.decode().replace("&#x27;", "'")
    assert changed(before, snapshot()) == []


def test_a_confirmation_with_a_made_up_way_of_paying_is_refused_with_a_reason(priced, olive):
    Client().post(door_url(priced, "walk-in"), {"name": "Peggy Sue"})
    waiting = CheckIn.objects.get()
    before = snapshot()
    page = olive.post(reverse("door_confirm", args=[priced.pk, waiting.pk]),
                      {"role": "lady", "fee": "guest", "method": "IOU"}, follow=True)  # fmt: skip
    assert "Peggy Sue is not entered: choose a role, a price and how they paid" in page.content.decode()
    assert changed(before, snapshot()) == []
