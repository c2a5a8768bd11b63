"""The evening's money: entry fees, the other takings, the costs and the net proceeds (plain Python, no Django).

Many drives raise money for a cause, and at the end the treasurer wants one figure: what was raised. The ledger is
a list of lines, each an amount of one kind (an entrant's fee, raffle tickets, refreshments, a donation, the cost
of the prizes, the hall...). A line is never edited: a correction is another line of the same kind, for the
difference, pointing at the line it corrects, so the sheet printed at 10 pm and the one printed at 11 pm differ
only by the lines added between them.

Amounts are ``Decimal`` pence-exact (two places, never a float): 0.1 + 0.2 is not 0.3 in binary, and a
treasurer's sheet that is a penny out is a sheet nobody trusts.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation

# The kinds of line, by the side of the sheet they sit on.
TAKINGS = ("entry", "raffle", "refreshments", "donation", "other_takings")
COSTS = ("prizes", "hall", "other_cost")
KIND_WORDS = {
    "entry": "Entry fees",
    "raffle": "Raffle tickets",
    "refreshments": "Refreshments",
    "donation": "Donations",
    "other_takings": "Other takings",
    "prizes": "Prizes bought",
    "hall": "Hall hire",
    "other_cost": "Other costs",
}
# How money came in: in the cash tin, on the card reader, or paid before tonight (a ticket bought in advance).
METHODS = ("cash", "card", "prepaid")
METHOD_WORDS = {"cash": "Cash", "card": "Card", "prepaid": "Already paid"}
# The entry prices a club or an evening sets.
FEES = ("member", "guest", "concession")
FEE_WORDS = {"member": "Member", "guest": "Guest", "concession": "Concession"}

PENNY = Decimal("0.01")
# The largest single line: a typo of ten thousand for ten pounds is refused, not added up.
LARGEST = Decimal("99999.99")
ZERO = Decimal("0.00")


class LedgerError(ValueError):
    """Something a person can put right: the message says what."""


@dataclass(frozen=True)
class Line:
    """One line as the arithmetic sees it: its kind, its signed amount (a correction may be negative) and, for
    takings, how the money came in."""

    kind: str
    amount: Decimal
    method: str = ""


@dataclass(frozen=True)
class Sheet:
    """The evening's money added up: each kind, each way of paying, and the net proceeds."""

    takings: dict[str, Decimal] = field(default_factory=dict)
    costs: dict[str, Decimal] = field(default_factory=dict)
    by_method: dict[str, Decimal] = field(default_factory=dict)

    @property
    def total_takings(self) -> Decimal:
        return sum(self.takings.values(), ZERO)

    @property
    def total_costs(self) -> Decimal:
        return sum(self.costs.values(), ZERO)

    @property
    def net(self) -> Decimal:
        """What the evening raised: takings less costs (negative when it cost more than it took)."""
        return self.total_takings - self.total_costs


def is_taking(kind: str) -> bool:
    if kind in TAKINGS:
        return True
    if kind in COSTS:
        return False
    raise ValueError(f"not a kind of ledger line: {kind!r}")


def sheet(lines: Iterable[Line]) -> Sheet:
    """The lines added up by kind and by method, in any order (the sums are exact, so the order never matters)."""
    takings = dict.fromkeys(TAKINGS, ZERO)
    costs = dict.fromkeys(COSTS, ZERO)
    by_method = dict.fromkeys(METHODS, ZERO)
    for line in lines:
        if is_taking(line.kind):
            takings[line.kind] += line.amount
            if line.method:
                by_method[line.method] += line.amount
        else:
            costs[line.kind] += line.amount
    return Sheet(takings, costs, by_method)


def amount(text: str | Decimal) -> Decimal:
    """An amount typed by a person, as an exact two-place ``Decimal``: "3", "3.5", "£3.50" and "3.50" are all 3.50.

    More than two places ("3.505"), nothing, a negative, or more than ``LARGEST`` is a ``LedgerError``.
    """
    cleaned = str(text).strip().lstrip("£$€").replace(",", "").strip()
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        raise LedgerError(f"“{text}” is not an amount of money: type it as 3.50.") from None
    if not value.is_finite():
        raise LedgerError(f"“{text}” is not an amount of money: type it as 3.50.")
    if value < 0:
        raise LedgerError("Type the amount without a minus sign: a cost is a cost line, a refund a correction.")
    # Before the places are looked at: thirty nines have no room for pence in Decimal's 28 digits.
    if value > LARGEST:
        raise LedgerError(f"{text} is more than one line can hold ({LARGEST}): check the amount.")
    if value != value.quantize(PENNY):
        raise LedgerError(f"{text} has more than two decimal places: money is counted in pence.")
    return value.quantize(PENNY)


def correction(standing: Decimal, wanted: Decimal) -> Decimal:
    """The amount of the line that takes a line standing at ``standing`` (with its corrections so far) to
    ``wanted``: the difference, never an edit of the line."""
    if wanted < 0:
        raise LedgerError("A line cannot be corrected below nothing: correct it to 0 to cancel it.")
    difference = wanted - standing
    if difference == 0:
        raise LedgerError(f"The line already stands at {wanted}: nothing to correct.")
    return difference
