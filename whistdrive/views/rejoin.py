"""Phones find the laptop again (#22.3): a "scan to rejoin" QR code on the projector board and on a page
the organiser can show, leading to one page where a player taps their name and is back at their table
and seat, this phone remembering them, as "Which seat are you?" does.

Needed when the laptop was replaced (another laptop has another address) or a phone lost its table's
page. The page is reached by the board's link, which is public in the hall; it leads to the tables'
pages just as the cards on the tables do (docs/robustness.md, "What is not defended").
"""

from __future__ import annotations

import segno
from django.contrib.auth.decorators import login_not_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse
from django.utils.safestring import mark_safe

from whistdrive import evening, lan
from whistdrive.access import event_for
from whistdrive.forms import RejoinForm
from whistdrive.models import Event, Seating
from whistdrive.views.table import REMEMBERED, _remembered
from whistdrive.vocabulary import SEAT_NAMES


def rejoin_url(request: HttpRequest, event: Event) -> str:
    """The rejoin page's address as the phones reach it (the LAN address when the laptop shows it)."""
    return lan.base_url_for_phones(request) + reverse("rejoin", args=[event.board_token])


def rejoin_qr(request: HttpRequest, event: Event, scale: int) -> str:
    return mark_safe(segno.make(rejoin_url(request, event), error="m").svg_inline(scale=scale, title="Scan to rejoin"))


def _seated(event: Event) -> list[Seating]:
    """Everyone at a table now: at the hand each table plays (in a duplicate round, its own board, where a
    substitute may already have a leaver's seat)."""
    ahead, current = evening.playing_hands(event), event.current_hand
    rows = (
        Seating.objects.filter(event=event, hand__in={current, *ahead.values()}, table__isnull=False)
        .select_related("entrant", "table")
        .order_by("entrant__name", "pk")
    )
    return [row for row in rows if ahead.get(row.table_id, current) == row.hand]


@login_not_required
def rejoin(request: HttpRequest, token: str) -> HttpResponse:
    """Tap your name: this phone is yours again, at the table and seat where you play this hand."""
    event = get_object_or_404(Event, board_token=token)
    seated = _seated(event) if event.started else []
    form = RejoinForm(request.POST or None, seatings=seated)
    if request.method == "POST" and form.is_valid():
        seating = form.cleaned_data["seating"]
        request.session[REMEMBERED] = {**_remembered(request), str(event.pk): seating.entrant_id}
        return redirect("table", token=seating.table.token)
    places = [(s, f"table {s.table.number}, {SEAT_NAMES[s.seat]}") for s in seated]
    return render(request, "whistdrive/rejoin.html", {"event": event, "places": places, "form": form})


def rejoin_code(request: HttpRequest, pk: int) -> HttpResponse:
    """The organiser's page to show (or hold up on the laptop): the rejoin QR code, large."""
    event = event_for(request, pk)
    return render(
        request,
        "whistdrive/rejoin_code.html",
        {"event": event, "qr": rejoin_qr(request, event, scale=12), "url": rejoin_url(request, event)},
    )


urlpatterns = [
    path("rejoin/<token:token>/", rejoin, name="rejoin"),
    path("events/<int:pk>/rejoin/", rejoin_code, name="event_rejoin_code"),
]
