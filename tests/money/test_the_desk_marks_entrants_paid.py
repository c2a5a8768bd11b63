"""At the desk each entrant is marked paid (cash, card or already paid) at tonight's price for them; a second
payment is refused, and a payment undone is a correction line, never a line rubbed out."""

from decimal import Decimal

import pytest
from django.urls import reverse

from whistdrive.evening import money
from whistdrive.store.models import LedgerLine

HTMX = {"HX-Request": "true"}


def pay(client, event, entrant, method="cash", fee=""):
    return client.post(reverse("desk_pay", args=[event.pk, entrant.pk]), {"method": method, "fee": fee}, headers=HTMX)


def test_a_member_pays_the_member_price_and_a_guest_the_guest_price(olive, evening):
    member = evening.entrants.get(name="Ann Member")
    guest = evening.entrants.get(card_number=1)
    assert "Ann Member paid £3.00 (cash)" in pay(olive, evening, member).content.decode()
    pay(olive, evening, guest, "card")
    assert list(LedgerLine.objects.values_list("entrant__name", "amount", "method", "fee")) == [
        ("Ann Member", Decimal("3.00"), "cash", "member"),
        (guest.name, Decimal("4.00"), "card", "guest"),
    ]


def test_the_desk_may_charge_a_concession_instead(olive, evening):
    pay(olive, evening, evening.entrants.get(card_number=2), "prepaid", "concession")
    assert LedgerLine.objects.get().amount == Decimal("2.00")


def test_tonights_price_overrides_the_clubs(olive, evening):
    evening.fee_guest = Decimal("5.50")
    evening.save()
    pay(olive, evening, evening.entrants.get(card_number=1))
    assert LedgerLine.objects.get().amount == Decimal("5.50")


def test_the_desk_shows_who_has_paid(olive, evening):
    pay(olive, evening, evening.entrants.get(card_number=1))
    page = olive.get(reverse("event_desk", args=[evening.pk])).content.decode()
    assert "<b>£4.00</b>" in page and "Undo" in page


def test_a_second_payment_is_refused_and_saves_nothing(olive, evening):
    entrant = evening.entrants.get(card_number=1)
    pay(olive, evening, entrant)
    response = pay(olive, evening, entrant, "card")
    assert f"{entrant.name} has paid already (£4.00)" in response.content.decode()
    assert LedgerLine.objects.count() == 1


def test_an_undone_payment_is_a_correction_line_and_the_entrant_may_pay_again(olive, evening):
    entrant = evening.entrants.get(card_number=1)
    pay(olive, evening, entrant)
    olive.post(reverse("desk_unpay", args=[evening.pk, entrant.pk]), headers=HTMX)
    first, undone = LedgerLine.objects.order_by("pk")
    assert undone.corrects == first and undone.amount == Decimal("-4.00")
    pay(olive, evening, entrant, "card")
    assert LedgerLine.objects.count() == 3
    assert LedgerLine.objects.filter(event=evening).sheet().net == Decimal("4.00")


def test_undoing_a_payment_nobody_made_is_refused(olive, evening):
    entrant = evening.entrants.get(card_number=1)
    response = olive.post(reverse("desk_unpay", args=[evening.pk, entrant.pk]), headers=HTMX)
    assert "has not paid: there is nothing to undo" in response.content.decode()
    assert not LedgerLine.objects.exists()


def test_a_free_price_is_refused_with_what_to_do(olive, evening):
    evening.club.fee_guest = Decimal("0.00")
    evening.club.save()
    response = pay(olive, evening, evening.entrants.get(card_number=1))
    assert "set the prices on the money page first" in response.content.decode()
    assert not LedgerLine.objects.exists()


@pytest.mark.parametrize("method", ["", "cheque", "cash'; drop"])
def test_a_payment_by_no_known_method_is_refused(olive, evening, method):
    response = pay(olive, evening, evening.entrants.get(card_number=1), method)
    assert "Choose cash, card or already paid" in response.content.decode()
    assert not LedgerLine.objects.exists()


def test_a_payment_made_paid_stays_in_the_ledger_when_the_entry_is_taken_off(olive, evening):
    entrant = evening.entrants.get(card_number=1)
    pay(olive, evening, entrant)
    olive.post(reverse("desk_remove", args=[evening.pk, entrant.pk]))
    line = LedgerLine.objects.get()
    assert line.entrant is None and line.amount == Decimal("4.00")
    assert "an entry since taken off" in olive.get(reverse("event_money", args=[evening.pk])).content.decode()


def test_a_scorer_runs_the_desk_and_marks_payments(sam, evening):
    pay(sam, evening, evening.entrants.get(card_number=1))
    assert LedgerLine.objects.get().user.username == "sam"


def test_marking_paid_bumps_the_evenings_revision(evening):
    before = evening.revision
    money.pay_entry(evening, evening.entrants.get(card_number=1), method="cash")
    evening.refresh_from_db()
    assert evening.revision == before + 1
