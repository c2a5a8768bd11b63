"""An amount typed at the desk or on the money page becomes an exact two-place Decimal, or a message to act on."""

from decimal import Decimal

import pytest

from whistdrive.engines import ledger


@pytest.mark.parametrize(("typed", "amount"), [("3", "3.00"), ("3.5", "3.50"), ("£3.50", "3.50"), (" 1,250.00 ", "1250.00"), ("0", "0.00")])  # fmt: skip
def test_an_amount_is_read_as_people_type_it(typed, amount):
    assert ledger.amount(typed) == Decimal(amount)
    assert str(ledger.amount(typed)) == amount


@pytest.mark.parametrize(
    ("typed", "says"),
    [
        ("three pounds", "is not an amount of money"),
        ("", "is not an amount of money"),
        ("NaN", "is not an amount of money"),
        ("Infinity", "is not an amount of money"),
        ("3.505", "more than two decimal places"),
        ("-3", "without a minus sign"),
        ("1000000", "more than one line can hold"),
        ("9" * 30, "more than one line can hold"),
        ("1e-30", "more than two decimal places"),
    ],
)
def test_an_amount_that_is_not_money_is_refused_with_a_reason(typed, says):
    with pytest.raises(ledger.LedgerError, match=says):
        ledger.amount(typed)
