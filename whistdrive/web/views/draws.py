"""The evening's draws (organiser and scorer of the event's club).

events/<pk>/draws/              the raffle's tickets, the draw buttons, and the audit trail of every draw
events/<pk>/draws/tickets/      the raffle tickets sold ("pink 1–100, blue 1–50")
events/<pk>/draws/draw/         one draw: a raffle ticket, the mystery card number or the lucky table
events/<pk>/draws/show/         for the projector: the latest draw, large (polled with the revision it drew)
"""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.views.decorators.http import require_POST

from clubs.access import ANY_ROLE, HtmxHttpRequest
from whistdrive.engines.draws import DrawError
from whistdrive.evening import draws
from whistdrive.web.access import event_for
from whistdrive.web.forms import DrawForm, RaffleTicketsForm


def _errors(form) -> str:
    return " ".join(str(error) for errors in form.errors.values() for error in errors)


def event_draws(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    sold = ", ".join(f"{r['colour']} {r['first']}–{r['last']}" for r in event.raffle_tickets)
    context = {
        "event": event,
        "lines": draws.audit(event),
        "tickets_form": RaffleTicketsForm(initial={"tickets": sold}),
        "draw_form": DrawForm(),
    }
    return render(request, "whistdrive/draws.html", context)


@require_POST
def draws_tickets(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    form = RaffleTicketsForm(request.POST)
    if form.is_valid():
        draws.set_raffle_tickets(event, form.cleaned_data["tickets"])
        messages.success(request, "The raffle tickets sold are saved.")
    else:
        messages.error(request, f"The tickets were not saved. {_errors(form)}")
    return redirect("event_draws", pk=event.pk)


@require_POST
def draws_draw(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    form = DrawForm(request.POST)
    if not form.is_valid():
        messages.error(request, f"Nothing was drawn. {_errors(form)}")
        return redirect("event_draws", pk=event.pk)
    try:
        made = draws.draw(event, form.cleaned_data["kind"], prize=form.cleaned_data["prize"], user=request.user)
    except DrawError as exc:
        messages.error(request, f"Nothing was drawn: {exc}")
    else:
        messages.success(request, f"Draw {made.number} is made: it is on the projector's page.")
    return redirect("event_draws", pk=event.pk)


def draws_show(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The latest draw, large, for the projector: the hall sees each ticket drawn one by one."""
    event = event_for(request, pk, ANY_ROLE)
    if request.htmx and request.GET.get("seen") == str(event.revision):
        return HttpResponse(status=204)
    lines = draws.audit(event)
    context = {"event": event, "latest": lines[-1] if lines else None, "earlier": lines[-6:-1][::-1]}
    template = "whistdrive/draws_show.html#shown" if request.htmx else "whistdrive/draws_show.html"
    return render(request, template, context)


urlpatterns = [
    path("events/<int:pk>/draws/", event_draws, name="event_draws"),
    path("events/<int:pk>/draws/tickets/", draws_tickets, name="draws_tickets"),
    path("events/<int:pk>/draws/draw/", draws_draw, name="draws_draw"),
    path("events/<int:pk>/draws/show/", draws_show, name="draws_show"),
]
