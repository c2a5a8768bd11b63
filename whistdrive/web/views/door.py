"""Self check-in: the door poster's page on players' phones, and the desk's side of it.

  door/<code>/                          a phone: find yourself, tick (a couple: both), "I'm here"; or type your name
  door/<code>/here/                     "I'm here" (no login: the poster's code is the key, while the door is open)
  door/<code>/walk-in/                  a walk-in's name, for the desk to confirm
  events/<pk>/door/                     the organiser opens or shuts the door, lets late arrivals in or not
  events/<pk>/door/poster.pdf           the door poster, its QR code on the address this request came in on
  events/<pk>/door/arrivals/            the desk's list of check-ins as they happen (polled with the revision seen)
  events/<pk>/door/<id>/confirm/        the desk confirms a walk-in as a guest
  events/<pk>/door/<id>/undo/           the desk undoes any check-in

The desk's buttons are plain posts answered by the whole desk again: a confirmed guest or an undone entry changes
the desk's list of entrants too.

The phone's page works without JavaScript: every answer is the whole page. The search is the desk's
(``forms.desk_matches``), a few names at a time, from three letters.
"""

from __future__ import annotations

import hashlib

from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import path
from django.views.decorators.http import require_POST

from clubs.access import ANY_ROLE, ORGANISER, HtmxHttpRequest
from whistdrive import printing
from whistdrive.evening import door, money, running
from whistdrive.printing import from_models
from whistdrive.store.models import CheckIn, Event
from whistdrive.web.access import event_for
from whistdrive.web.forms import (
    ConfirmForm,
    DoorForm,
    DoorHereForm,
    DoorSearchForm,
    DoorWalkInForm,
    desk_here,
    desk_matches,
)
from whistdrive.web.views.setup import arrivals_context, desk_context

MATCHES = 5  # names shown to a phone for what it typed: enough to find oneself, too few to read out a club
CHECKED_IN = "door_checked_in"  # the session's list of this phone's check-ins, to greet them on the page


def _event_at_door(code: str) -> Event:
    event = Event.for_door_code(code)
    if event is None:
        raise Http404("No evening has this check-in code.")
    return event


def _device(request: HtmxHttpRequest) -> str:
    """A hash of the phone's session: tells phones apart for the limit per phone, useless as a key."""
    if not request.session.session_key:
        request.session.save()
    return hashlib.sha256((request.session.session_key or "").encode()).hexdigest()[:16]


def _door_page(request: HtmxHttpRequest, event: Event, *, status: int = 200, **extra) -> HttpResponse:
    mine = CheckIn.objects.filter(event=event, pk__in=request.session.get(CHECKED_IN, [])).select_related(
        "member", "entrant"
    )
    context = {
        "event": event,
        "shut": door.shut_because(event),
        "search": DoorSearchForm(),
        "walk_in": DoorWalkInForm(),
        "mine": list(mine),
        **extra,
    }
    return render(request, "whistdrive/door.html", context, status=status)


def _remember(request: HtmxHttpRequest, made: list[CheckIn]) -> None:
    request.session[CHECKED_IN] = [*request.session.get(CHECKED_IN, []), *(c.pk for c in made)][-door.PER_PHONE :]


@login_not_required
def door_page(request: HtmxHttpRequest, code: str) -> HttpResponse:
    event = _event_at_door(code)
    search = DoorSearchForm(request.GET) if "q" in request.GET else None
    extra: dict = {}
    if search is not None and not door.shut_because(event):
        if search.is_valid():
            q = search.cleaned_data["q"]
            extra = {"matches": list(desk_matches(event, q)[:MATCHES]), "here": desk_here(event, q)[:MATCHES]}
        extra["search"] = search
    return _door_page(request, event, **extra)


@login_not_required
@require_POST
def door_here(request: HtmxHttpRequest, code: str) -> HttpResponse:
    event = _event_at_door(code)
    form = DoorHereForm(request.POST, event=event)
    if not form.is_valid():
        return _door_page(request, event, refusal=" ".join(str(error) for error in form.errors["member"]), status=400)
    try:
        made = door.check_in(event, form.cleaned_data["member"], device=_device(request))
    except door.DoorError as exc:
        return _door_page(request, event, refusal=str(exc), status=409)
    _remember(request, made)
    return redirect("door", code=code)


@login_not_required
@require_POST
def door_walk_in(request: HtmxHttpRequest, code: str) -> HttpResponse:
    event = _event_at_door(code)
    form = DoorWalkInForm(request.POST)
    if not form.is_valid():
        return _door_page(
            request, event, refusal=" ".join(str(error) for error in form.errors["name"]), walk_in=form, status=400
        )
    try:
        waiting = door.walk_in(event, form.cleaned_data["name"], device=_device(request))
    except door.DoorError as exc:
        return _door_page(request, event, refusal=str(exc), status=409)
    _remember(request, [waiting])
    return redirect("door", code=code)


# -- the organiser's side -----------------------------------------------------------------------------------


@require_POST
def door_set(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, ORGANISER)
    form = DoorForm(request.POST)
    form.is_valid()  # two tick boxes: anything not "on" is unticked
    event = door.set_door(event, open=form.cleaned_data.get("open", False), late=form.cleaned_data.get("late", False))
    if event.door_opened is None:
        messages.info(request, "The door is shut: phones cannot check in.")
    else:
        messages.success(request, "The door is open: players may check themselves in with the poster's code.")
    return redirect("event_desk", pk=event.pk)


def door_poster(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    response = HttpResponse(printing.door_poster_pdf(from_models.door_poster(event, request)),
                            content_type="application/pdf")  # fmt: skip
    response["Content-Disposition"] = f'attachment; filename="door-poster-{event.date:%Y-%m-%d}.pdf"'
    return response


def door_arrivals(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The desk's list of check-ins; a poll that sends back the revision it drew gets 204 until it moves."""
    event = event_for(request, pk, ANY_ROLE)
    if request.GET.get("seen") == str(event.revision):
        return HttpResponse(status=204)
    response = render(request, "whistdrive/_arrivals.html", arrivals_context(event))
    if request.GET.get("desk"):
        # The desk's list of entrants changed with the arrivals: swapped in beside them (htmx's out of band).
        entrants = render_to_string("whistdrive/desk.html#entrants", {**desk_context(request, event), "oob": True},
                                    request=request)  # fmt: skip
        response.content += entrants.encode()
    return response


@require_POST
def door_confirm(request: HtmxHttpRequest, pk: int, check_in_pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    waiting = get_object_or_404(event.check_ins, pk=check_in_pk)
    form = ConfirmForm(request.POST)
    if not form.is_valid():
        messages.error(
            request, f"{waiting.who} is not entered: choose a role, a price and how they paid from the lists."
        )
        return redirect("event_desk", pk=event.pk)
    data = form.cleaned_data
    try:
        change = door.confirm(event, waiting, role=data["role"], method=data["method"], fee=data["fee"],
                              user=request.user)  # fmt: skip
    except (running.EveningError, money.LedgerError) as exc:
        messages.error(request, f"{waiting.who} is not entered: {exc}")
    else:
        paid = ""
        if data["method"]:
            line = change.entrant.payments.get()
            paid = f" They paid {event.club.currency}{line.amount} ({line.get_method_display().lower()})."
        messages.success(
            request, f"{change.entrant.name} is entered as a guest: card {change.entrant.card_number}.{paid}"
        )
    return redirect("event_desk", pk=event.pk)


@require_POST
def door_undo(request: HtmxHttpRequest, pk: int, check_in_pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    arrival = get_object_or_404(event.check_ins, pk=check_in_pk)
    try:
        door.undo(event, arrival)
    except running.EveningError as exc:
        messages.error(request, str(exc))
    else:
        messages.info(request, f"{arrival.who}'s check-in is undone.")
    return redirect("event_desk", pk=event.pk)


urlpatterns = [
    path("door/<token:code>/", door_page, name="door"),
    path("door/<token:code>/here/", door_here, name="door_here"),
    path("door/<token:code>/walk-in/", door_walk_in, name="door_walk_in"),
    path("events/<int:pk>/door/", door_set, name="door_set"),
    path("events/<int:pk>/door/poster.pdf", door_poster, name="door_poster"),
    path("events/<int:pk>/door/arrivals/", door_arrivals, name="door_arrivals"),
    path("events/<int:pk>/door/<int:check_in_pk>/confirm/", door_confirm, name="door_confirm"),
    path("events/<int:pk>/door/<int:check_in_pk>/undo/", door_undo, name="door_undo"),
]
