"""The evening's money (organiser and scorer of the event's club; prices and corrections are the organiser's).

  events/<pk>/money/                      takings, costs and net proceeds, live; every line; who has yet to pay
  events/<pk>/money/prices/               tonight's entry prices (empty for the club's)
  events/<pk>/money/add/                  a line of takings or costs
  events/<pk>/money/<line>/correct/       a correction: a new line for the difference
  events/<pk>/money/treasurer.pdf         the treasurer's sheet
  events/<pk>/money/ledger.csv            every line and the totals, for a spreadsheet
  events/<pk>/desk/<entrant>/pay/         marked paid at the desk (cash, card, already paid)
  events/<pk>/desk/<entrant>/unpay/       marked paid by mistake: the payment corrected to nothing

Every write answers a plain post with a redirect and a message; the desk's own buttons answer htmx with the
desk's fragment. A refusal (``LedgerError``, a form's error) saves nothing.
"""

from __future__ import annotations

import csv
import io

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path
from django.utils.text import slugify
from django.views.decorators.http import require_POST

from clubs.access import ANY_ROLE, ORGANISER, HtmxHttpRequest
from whistdrive import printing
from whistdrive.engines.spreadsheets import safe_row
from whistdrive.evening import money
from whistdrive.printing import from_models
from whistdrive.store.models import Event, LedgerLine
from whistdrive.web.access import event_for
from whistdrive.web.forms import CorrectionForm, FeesForm, LedgerLineForm, PaymentForm
from whistdrive.web.views.setup import desk_response


def _errors(form) -> str:
    return " ".join(f"{form.fields[name].label or name.capitalize()}: {error}" if name != "__all__" else str(error)
                    for name, errors in form.errors.items() for error in errors)  # fmt: skip


def event_money(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    seen = request.GET.get("seen", "")
    if request.htmx and seen == str(event.revision):
        # The poll sends back the revision it drew: nothing written since, nothing to draw (style.md 13).
        return HttpResponse(status=204)
    context = {
        "event": event,
        "money": money.sheet_of(event),
        "line_form": LedgerLineForm(),
        "fees_form": FeesForm(instance=event),
        "prices": {fee: event.fee(fee) for fee in LedgerLine.Fee.values},
        "is_organiser": event.club.role_of(request.user) in ORGANISER,
    }
    if request.htmx and seen:
        return render(request, "whistdrive/money.html#sums", context)
    return render(request, "whistdrive/money.html", context)


@require_POST
def money_prices(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, ORGANISER)
    form = FeesForm(request.POST, instance=event)
    if form.is_valid():
        form.save()
        event.bump()
        messages.success(request, "Tonight's prices saved.")
    else:
        messages.error(request, f"The prices were not saved. {_errors(form)}")
    return redirect("event_money", pk=event.pk)


@require_POST
def money_add(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    form = LedgerLineForm(request.POST)
    if not form.is_valid():
        messages.error(request, f"Nothing was added. {_errors(form)}")
        return redirect("event_money", pk=event.pk)
    data = form.cleaned_data
    try:
        line = money.add_line(event, kind=data["kind"], amount=data["amount"], method=data["method"],
                              note=data["note"], user=request.user)  # fmt: skip
    except money.LedgerError as exc:
        messages.error(request, f"Nothing was added: {exc}")
    else:
        messages.success(request, f"Added: {line.get_kind_display().lower()}, {event.club.currency}{line.amount}.")
    return redirect("event_money", pk=event.pk)


@require_POST
def money_correct(request: HtmxHttpRequest, pk: int, line_pk: int) -> HttpResponse:
    event = event_for(request, pk, ORGANISER)
    line = get_object_or_404(LedgerLine, pk=line_pk, event=event)
    form = CorrectionForm(request.POST)
    if not form.is_valid():
        messages.error(request, f"Nothing was corrected. {_errors(form)}")
        return redirect("event_money", pk=event.pk)
    try:
        money.correct(event, line, amount=form.cleaned_data["amount"], reason=form.cleaned_data["reason"],
                      user=request.user)  # fmt: skip
    except money.LedgerError as exc:
        messages.error(request, f"Nothing was corrected: {exc}")
    else:
        messages.success(
            request, f"Corrected: the line now stands at {event.club.currency}{form.cleaned_data['amount']}."
        )
    return redirect("event_money", pk=event.pk)


def _attachment(event: Event, ending: str) -> str:
    return f'attachment; filename="{slugify(event.name) or "event"}-{event.date:%Y-%m-%d}-{ending}"'


def money_pdf(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    response = HttpResponse(printing.treasurers_sheet_pdf(from_models.treasurers_sheet(event)),
                            content_type="application/pdf")  # fmt: skip
    response["Content-Disposition"] = _attachment(event, "treasurer.pdf")
    return response


def money_csv(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    out = io.StringIO()
    # Notes are typed by people: guarded against spreadsheet formulas; amounts stay numbers.
    csv.writer(out).writerows(safe_row(row) for row in money.csv_rows(event))
    response = HttpResponse("\ufeff" + out.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = _attachment(event, "ledger.csv")
    return response


@require_POST
def desk_pay(request: HtmxHttpRequest, pk: int, entrant_pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    entrant = get_object_or_404(event.entrants, pk=entrant_pk)
    form = PaymentForm(request.POST)
    if not form.is_valid():
        return desk_response(request, event, errors=["Choose cash, card or already paid."])
    try:
        line = money.pay_entry(event, entrant, method=form.cleaned_data["method"], fee=form.cleaned_data["fee"],
                               user=request.user)  # fmt: skip
    except money.LedgerError as exc:
        return desk_response(request, event, errors=[str(exc)])
    paid = f"{entrant.name} paid {event.club.currency}{line.amount} ({line.get_method_display().lower()})."
    return desk_response(request, event, notes=[paid])


@require_POST
def desk_unpay(request: HtmxHttpRequest, pk: int, entrant_pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    entrant = get_object_or_404(event.entrants, pk=entrant_pk)
    try:
        money.undo_payment(event, entrant, user=request.user)
    except money.LedgerError as exc:
        return desk_response(request, event, errors=[str(exc)])
    return desk_response(request, event, notes=[f"{entrant.name}'s payment is undone (a correction line says so)."])


urlpatterns = [
    path("events/<int:pk>/money/", event_money, name="event_money"),
    path("events/<int:pk>/money/prices/", money_prices, name="money_prices"),
    path("events/<int:pk>/money/add/", money_add, name="money_add"),
    path("events/<int:pk>/money/<int:line_pk>/correct/", money_correct, name="money_correct"),
    path("events/<int:pk>/money/treasurer.pdf", money_pdf, name="money_pdf"),
    path("events/<int:pk>/money/ledger.csv", money_csv, name="money_csv"),
    path("events/<int:pk>/desk/<int:entrant_pk>/pay/", desk_pay, name="desk_pay"),
    path("events/<int:pk>/desk/<int:entrant_pk>/unpay/", desk_unpay, name="desk_unpay"),
]
