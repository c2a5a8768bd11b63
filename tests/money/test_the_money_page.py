"""The money page: lines of takings and costs added, corrections as new lines, the net live, bad input refused
with a message and nothing saved."""

from decimal import Decimal

import pytest
from django.urls import reverse

from tests.security.snapshot import changed, snapshot
from whistdrive.evening import money
from whistdrive.store.models import LedgerLine

HTMX = {"HX-Request": "true"}


def add(client, event, **data):
    return client.post(reverse("money_add", args=[event.pk]), data, follow=True)


def test_takings_and_costs_make_the_net_proceeds_on_the_page(olive, evening):
    add(olive, evening, kind="raffle", amount="45.50", method="cash", note="Pink and blue tickets")
    add(olive, evening, kind="donation", amount="20", method="card")
    page = add(olive, evening, kind="hall", amount="30.00").content.decode()
    assert 'Net proceeds: <span class="huge" data-net>£35.50</span>' in page
    assert "<dd data-takings>£65.50</dd>" in page and "<dd data-costs>£30.00</dd>" in page
    assert "Pink and blue tickets" in page


def test_a_cost_keeps_no_method_even_if_one_is_sent(olive, evening):
    add(olive, evening, kind="prizes", amount="12.00", method="cash")
    assert LedgerLine.objects.get().method == ""


@pytest.mark.parametrize(
    ("data", "says"),
    [
        ({"kind": "raffle", "amount": "12.345", "method": "cash"}, "more than two decimal places"),
        ({"kind": "raffle", "amount": "-5", "method": "cash"}, "without a minus sign"),
        ({"kind": "raffle", "amount": "0", "method": "cash"}, "A line of nothing"),
        ({"kind": "raffle", "amount": "5"}, "Say how the money came in"),
        ({"kind": "entry", "amount": "5", "method": "cash"}, "Select a valid choice"),
        ({"kind": "raffle", "amount": "lots", "method": "cash"}, "is not an amount of money"),
    ],
)
def test_a_line_that_is_not_right_is_refused_with_a_reason_and_saves_nothing(olive, evening, data, says):
    before = snapshot()
    page = add(olive, evening, **data).content.decode()
    assert "Nothing was added" in page and says in page
    assert changed(before, snapshot()) == []


def test_a_correction_is_a_new_line_for_the_difference_and_the_first_line_is_unchanged(olive, evening):
    line = money.add_line(evening, kind="raffle", amount=Decimal("45.00"), method="cash")
    page = olive.post(reverse("money_correct", args=[evening.pk, line.pk]), {"amount": "40", "reason": "Miscounted"},
                      follow=True).content.decode()  # fmt: skip
    assert "now stands at £40.00" in page
    line.refresh_from_db()
    correction = LedgerLine.objects.get(corrects=line)
    assert line.amount == Decimal("45.00") and correction.amount == Decimal("-5.00") and correction.note == "Miscounted"
    assert LedgerLine.objects.filter(event=evening).sheet().net == Decimal("40.00")


def test_a_correction_to_nothing_cancels_a_line(olive, evening):
    line = money.add_line(evening, kind="hall", amount=Decimal("30.00"))
    olive.post(reverse("money_correct", args=[evening.pk, line.pk]), {"amount": "0", "reason": "The vicar waived it"})
    assert LedgerLine.objects.filter(event=evening).sheet().total_costs == Decimal("0.00")


def test_a_correction_of_a_correction_is_refused(olive, evening):
    line = money.add_line(evening, kind="hall", amount=Decimal("30.00"))
    correction = money.correct(evening, line, amount=Decimal("25.00"), reason="Discount")
    page = olive.post(reverse("money_correct", args=[evening.pk, correction.pk]), {"amount": "20", "reason": "x"},
                      follow=True).content.decode()  # fmt: skip
    assert "Correct the line as first written" in page
    assert LedgerLine.objects.count() == 2


def test_a_correction_without_a_reason_is_refused(olive, evening):
    line = money.add_line(evening, kind="hall", amount=Decimal("30.00"))
    page = olive.post(reverse("money_correct", args=[evening.pk, line.pk]), {"amount": "20"}, follow=True)
    assert "Nothing was corrected" in page.content.decode()
    assert LedgerLine.objects.count() == 1


def test_a_scorer_adds_lines_but_only_an_organiser_corrects_them_or_sets_the_prices(sam, evening):
    add(sam, evening, kind="refreshments", amount="8.40", method="cash")
    line = LedgerLine.objects.get()
    assert (
        sam.post(reverse("money_correct", args=[evening.pk, line.pk]), {"amount": "8", "reason": "x"}).status_code
        == 403
    )
    assert sam.post(reverse("money_prices", args=[evening.pk]), {"fee_member": "9"}).status_code == 403
    assert LedgerLine.objects.count() == 1


def test_tonights_prices_are_saved_and_an_empty_one_is_the_clubs(olive, evening):
    olive.post(
        reverse("money_prices", args=[evening.pk]), {"fee_member": "3.50", "fee_guest": "", "fee_concession": "1"}
    )
    evening.refresh_from_db()
    assert (evening.fee("member"), evening.fee("guest"), evening.fee("concession")) == (
        Decimal("3.50"), Decimal("4.00"), Decimal("1.00"),
    )  # fmt: skip


def test_the_sums_poll_gets_nothing_until_the_money_moves(olive, evening):
    url = reverse("event_money", args=[evening.pk])
    evening.refresh_from_db()
    assert olive.get(url, {"seen": evening.revision}, headers=HTMX).status_code == 204
    money.add_line(evening, kind="donation", amount=Decimal("10.00"), method="cash")
    fragment = olive.get(url, {"seen": evening.revision}, headers=HTMX).content.decode()
    assert 'id="sums"' in fragment and "£10.00" in fragment and "<html" not in fragment
