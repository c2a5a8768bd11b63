"""The evening's money: rows in, the ledger's arithmetic (``whistdrive.engines.ledger``), rows back.

Every write is a new ``LedgerLine`` inside one transaction with the event's row locked, so two people at the
desk marking the same entrant paid at once make one payment and a clear refusal, never two payments. Every write
bumps the event's revision: the money page and the desk draw again when it moved.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from whistdrive.engines import ledger
from whistdrive.engines.ledger import LedgerError
from whistdrive.store.models import Entrant, Event, LedgerLine


def _locked(event: Event) -> Event:
    return Event.objects.select_for_update(of=("self",)).select_related("club").get(pk=event.pk)


def default_fee(entrant: Entrant) -> str:
    """The price an entrant pays unless the desk says otherwise: a member's, else a guest's (a walk-in kept on
    the club's books as a guest still pays as a guest)."""
    member = entrant.member
    return LedgerLine.Fee.MEMBER if member is not None and not member.is_guest else LedgerLine.Fee.GUEST


@transaction.atomic
def add_line(event: Event, *, kind: str, amount: Decimal, method: str = "", note: str = "", user=None) -> LedgerLine:
    """A line of takings (raffle, refreshments, a donation...) or of costs (prizes, the hall...)."""
    event = _locked(event)
    if kind == LedgerLine.Kind.ENTRY:
        raise LedgerError("Entry fees are marked against each entrant at the desk.")
    if ledger.is_taking(kind) and not method:
        raise LedgerError("Say how the money came in: cash, card or already paid.")
    line = LedgerLine.objects.create(
        event=event, kind=kind, amount=amount, method=method if ledger.is_taking(kind) else "", note=note, user=user
    )
    event.bump()
    return line


@transaction.atomic
def pay_entry(event: Event, entrant: Entrant, *, method: str, fee: str = "", user=None) -> LedgerLine:
    """``entrant`` has paid tonight's ``fee`` price (their usual one by default) by ``method``."""
    event = _locked(event)
    entrant = Entrant.objects.select_related("member").get(pk=entrant.pk, event=event)
    fee = fee or default_fee(entrant)
    paid = LedgerLine.objects.filter(event=event).paid_by_entrant().get(entrant.pk, ledger.ZERO)
    if paid > 0:
        raise LedgerError(f"{entrant.name} has paid already ({event.club.currency}{paid}).")
    price = event.fee(fee)
    if price <= 0:
        raise LedgerError(
            f"Tonight's {ledger.FEE_WORDS[fee].lower()} price is nothing: set the prices on the money page first."
        )
    line = LedgerLine.objects.create(
        event=event, kind=LedgerLine.Kind.ENTRY, amount=price, method=method, entrant=entrant, fee=fee, user=user
    )
    event.bump()
    return line


@transaction.atomic
def undo_payment(event: Event, entrant: Entrant, *, user=None) -> list[LedgerLine]:
    """Marked paid by mistake: each of the entrant's fee lines still standing is corrected to nothing."""
    event = _locked(event)
    lines = LedgerLine.objects.filter(event=event, entrant=entrant, kind=LedgerLine.Kind.ENTRY)
    standing = {pk: amount for pk, amount in lines.standing().items() if amount > 0}
    if not standing:
        raise LedgerError(f"{entrant.name} has not paid: there is nothing to undo.")
    made = [
        _correct(event, line, standing[line.pk], ledger.ZERO, "Payment undone at the desk", user)
        for line in lines.filter(pk__in=standing)
    ]
    event.bump()
    return made


@transaction.atomic
def correct(event: Event, line: LedgerLine, *, amount: Decimal, reason: str, user=None) -> LedgerLine:
    """A line put right: a new line for the difference between what it stands at and ``amount``."""
    event = _locked(event)
    line = LedgerLine.objects.get(pk=line.pk, event=event)
    if line.corrects_id is not None:
        raise LedgerError("Correct the line as first written, not one of its corrections.")
    standing = LedgerLine.objects.filter(event=event).filter(Q(pk=line.pk) | Q(corrects=line)).standing()[line.pk]
    made = _correct(event, line, standing, amount, reason, user)
    event.bump()
    return made


def _correct(event: Event, line: LedgerLine, standing: Decimal, wanted: Decimal, reason: str, user) -> LedgerLine:
    difference = ledger.correction(standing, wanted)
    return LedgerLine.objects.create(
        event=event,
        kind=line.kind,
        amount=difference,
        method=line.method,
        entrant_id=line.entrant_id,
        fee=line.fee,
        note=reason,
        corrects=line,
        user=user,
    )


@dataclass(frozen=True)
class Money:
    """What the money page and the treasurer's sheet show: the sheet, its lines, and who has paid."""

    event: Event
    sheet: ledger.Sheet
    lines: list[LedgerLine]
    paid: dict[int, Decimal]
    unpaid: list[Entrant]

    @property
    def currency(self) -> str:
        return self.event.club.currency


def sheet_of(event: Event) -> Money:
    """The evening's money as it stands: the sums, every line (corrections under what they correct) and the
    entrants yet to pay (those who left early included: they owe all the same)."""
    lines = LedgerLine.objects.filter(event=event)
    paid = lines.paid_by_entrant()
    in_order = list(lines.select_related("entrant", "user").order_by("created", "pk"))
    standing = lines.standing()
    for line in in_order:
        line.standing = standing.get(line.pk)  # None for a correction: it is shown under its line
    unpaid = [entrant for entrant in event.entrants.order_by("card_number") if paid.get(entrant.pk, 0) <= 0]
    return Money(event, ledger.sheet(ledger.Line(line.kind, line.amount, line.method) for line in in_order),
                 in_order, paid, unpaid)  # fmt: skip


def _who(line: LedgerLine) -> str:
    if line.kind != LedgerLine.Kind.ENTRY:
        return ""
    if line.entrant is None:
        return "an entry since taken off"
    return f"{line.entrant.card_number} {line.entrant.name}"


def line_rows(money: Money) -> list[dict[str, str]]:
    """Each line as the treasurer reads it, in the order written: the sheet's lines and the CSV's rows."""
    return [
        {
            "when": f"{timezone.localtime(line.created):%H:%M}",
            "kind": line.get_kind_display(),
            "amount": str(line.amount),
            "method": line.get_method_display(),
            "who": _who(line),
            "note": line.note,
            "by": line.user.get_username() if line.user else "",
            "corrects": str(line.corrects_id or ""),
            "line": str(line.pk),
        }
        for line in money.lines
    ]


CSV_HEADER = ["Line", "Time", "Kind", "Amount", "Taken by", "Whose", "Note", "By", "Corrects line"]


def csv_rows(event: Event) -> list[list[str]]:
    """The treasurer's CSV: every line, then the totals and the net proceeds, in exact two-place amounts."""
    money = sheet_of(event)
    rows = [CSV_HEADER]
    for row in line_rows(money):
        rows.append([row["line"], row["when"], row["kind"], row["amount"], row["method"], row["who"], row["note"],
                     row["by"], row["corrects"]])  # fmt: skip
    rows.append([])
    rows.append(["", "", "Total takings", str(money.sheet.total_takings)])
    rows.append(["", "", "Total costs", str(money.sheet.total_costs)])
    rows.append(["", "", "Net proceeds", str(money.sheet.net)])
    return rows


def raised(events: Iterable[Event]) -> dict[int, Decimal]:
    """Each event's net proceeds (for a season's page), from one query: events without money are left out."""
    lines: dict[int, list[ledger.Line]] = {}
    rows = LedgerLine.objects.filter(event__in=list(events)).order_by().values_list("event", "kind", "amount", "method")
    for event, kind, amount, method in rows:
        lines.setdefault(event, []).append(ledger.Line(kind, amount, method))
    return {event: ledger.sheet(found).net for event, found in lines.items()}
