"""Phones find the laptop again (#22.3): a "scan to rejoin" QR code on a page the organiser shows, leading
to one page where a player taps their name and is back at their table and seat, this phone remembering
them, as "Which seat are you?" does.

Needed when a phone lost its table's page, or the laptop was replaced and a phone could not find the new
one by itself. The rejoin page leads to every table's page, so its address is no public token (#44,
attack 5): it is a code signed by this laptop, shown only on the organiser's logged-in page, that runs
out REJOIN_MINUTES after it was drawn; the page draws a new one every RENEW_SECONDS while it is shown.
"""

from __future__ import annotations

import segno
from django.contrib.auth.decorators import login_not_required
from django.core import signing
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path, reverse
from django.utils.safestring import mark_safe

from clubs.access import HtmxHttpRequest
from whistdrive.engines.vocabulary import SEAT_NAMES
from whistdrive.evening import running
from whistdrive.server import lan
from whistdrive.store.models import Event, Seating
from whistdrive.web.access import event_for
from whistdrive.web.forms import RejoinForm
from whistdrive.web.views.table import REMEMBERED, _remembered

REJOIN_MINUTES = 15
RENEW_SECONDS = 5 * 60  # a code seen on the organiser's screen is good for ten minutes at least

# The event's id, when the code was drawn, and this laptop's signature of both: nothing public can be
# turned into one, and a code copied from the screen is worth nothing a quarter of an hour later.
_CODES = signing.TimestampSigner(salt="whistdrive.rejoin", sep=".")


def rejoin_path(event: Event) -> str:
    """A fresh rejoin code's path, good for REJOIN_MINUTES."""
    return reverse("rejoin", args=[_CODES.sign(str(event.pk))])


def rejoin_url(request: HtmxHttpRequest, event: Event) -> str:
    """A fresh rejoin address as the phones reach it (the LAN address when the laptop shows it)."""
    return lan.base_url_for_phones(request) + rejoin_path(event)


def _event_of(code: str) -> Event | None:
    """The event a rejoin code is for; None when it has run out; 404 when it is no code of this laptop."""
    try:
        pk = int(_CODES.unsign(code, max_age=REJOIN_MINUTES * 60))
    except signing.SignatureExpired:
        return None
    except (signing.BadSignature, ValueError):
        raise Http404("No such rejoin code.") from None
    event = Event.objects.filter(pk=pk).first()
    if event is None:
        raise Http404("No such rejoin code.")
    return event


def _seated(event: Event) -> list[Seating]:
    """Everyone at a table now: at the hand each table plays (in a duplicate round, its own board, where a
    substitute may already have a leaver's seat)."""
    ahead, current = running.playing_hands(event), event.current_hand
    rows = (
        Seating.objects.of_event(event)
        .in_hands({current, *ahead.values()})
        .seated()
        .select_related("entrant", "table")
        .order_by("entrant__name", "pk")
    )
    return [row for row in rows if row.table_id is not None and ahead.get(row.table_id, current) == row.hand]


@login_not_required
def rejoin(request: HtmxHttpRequest, code: str) -> HttpResponse:
    """Tap your name: this phone is yours again, at the table and seat where you play this hand."""
    event = _event_of(code)
    if event is None:
        response = render(request, "whistdrive/rejoin.html", {"ran_out": True}, status=410)
        response["Cache-Control"] = "no-store"
        return response
    seated = _seated(event) if event.started else []
    form = RejoinForm(request.POST or None, seatings=seated)
    if request.method == "POST" and form.is_valid():
        seating = form.cleaned_data["seating"]
        request.session[REMEMBERED] = {**_remembered(request), str(event.pk): seating.entrant_id}
        return redirect("table", token=seating.table.token)
    places = [(s, f"table {s.table.number}, {SEAT_NAMES[s.seat]}") for s in seated if s.table is not None]
    return render(request, "whistdrive/rejoin.html", {"event": event, "places": places, "form": form})


def rejoin_code(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The organiser's page to show (or hold up on the laptop): the rejoin QR code, large, drawn anew every
    RENEW_SECONDS while the page is open (htmx fetches the code's fragment)."""
    event = event_for(request, pk)
    url = rejoin_url(request, event)
    qr = mark_safe(segno.make(url, error="m").svg_inline(scale=12, title="Scan to rejoin"))
    context = {"event": event, "qr": qr, "url": url, "renew_seconds": RENEW_SECONDS, "minutes": REJOIN_MINUTES}
    template = "whistdrive/rejoin_code.html#code" if request.htmx else "whistdrive/rejoin_code.html"
    response = render(request, template, context)
    response["Cache-Control"] = "no-store"
    return response


urlpatterns = [
    path("rejoin/<str:code>/", rejoin, name="rejoin"),
    path("events/<int:pk>/rejoin/", rejoin_code, name="event_rejoin_code"),
]
