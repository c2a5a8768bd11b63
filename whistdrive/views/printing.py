"""Printing an event's documents (organiser pages; organiser or scorer of the event's club).

  events/<pk>/print/                  the download buttons, with the paper size (the club's, or chosen)
  events/<pk>/print/<document>.pdf    one document as a PDF attachment

Each download only wraps a pure function of ``whistdrive.printing`` fed by the adapter
``whistdrive.printing.from_models``; the QR codes carry the host this request came in on,
so print from the address the phones will use (the laptop's LAN address, not localhost).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path, reverse
from django.utils.text import slugify

from clubs.access import ANY_ROLE, event_for
from whistdrive import printing, prizes
from whistdrive.models import Event
from whistdrive.printing import from_models


@dataclass(frozen=True)
class Document:
    slug: str  # the URL's <document> and the end of the file name
    title: str
    about: str
    build: Callable[[Event, HttpRequest, str], bytes]
    drives: bool = True  # offered for drives
    games: bool = False  # offered for game nights
    needs_start: bool = True  # needs the tables and seating made when the event starts


DOCUMENTS = (
    Document(
        "scorecards", "Scorecards", "One card per entrant, with the trumps, and the seats when they are planned.",
        lambda event, request, size: printing.scorecards_pdf(from_models.scorecard_sheet(event, request, size)),
        needs_start=False,
    ),
    Document(
        "table-cards", "Table cards", "A tent card per table with its number and the QR code for the phones.",
        lambda event, request, size: printing.table_cards_pdf(from_models.table_card_sheet(event, request, size)),
        games=True,
    ),
    Document(
        "progression", "Progression sheet", "Who sits where: the starting seating and the movement, for the wall.",
        lambda event, request, size: printing.progression_sheet_pdf(from_models.progression_sheet(event, size)),
        games=True,
    ),
    Document(
        "results", "Results sheet", "Standings with places and halves, and the prize winners; "
        "on a game night rubber points, games and points, and each table's rubbers.",
        lambda event, request, size: printing.results_pdf(from_models.results_sheet(event, size)),
        games=True,
    ),
    Document(
        "score-pads", "Score pads", "One pad per table with the pairs' names, for scoring games and rubbers.",
        lambda event, request, size: printing.score_pads_pdf(from_models.score_pad_sheet(event, size)),
        drives=False,
        games=True,
    ),
)  # fmt: skip
BY_SLUG = {document.slug: document for document in DOCUMENTS}


class PaperForm(forms.Form):
    paper = forms.ChoiceField(choices=[("A4", "A4"), ("letter", "US Letter")], label="Paper size")


def _documents_for(event: Event) -> list[Document]:
    games = event.kind == Event.Kind.GAMES
    return [d for d in DOCUMENTS if (d.games if games else d.drives)]


def _paper(request: HttpRequest, event: Event) -> str:
    """The paper size asked for in the query string, else the club's setting."""
    form = PaperForm(request.GET)
    return form.cleaned_data["paper"] if form.is_valid() else event.club.paper_size


def filename(event: Event, document: Document) -> str:
    return f"{slugify(event.name) or 'event'}-{document.slug}.pdf"


def event_print(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    paper = _paper(request, event)
    documents = [
        {
            "document": document,
            "ready": event.started or not document.needs_start,
            "url": f"{reverse('event_print_document', args=[event.pk, document.slug])}?paper={paper}",
            "filename": filename(event, document),
        }
        for document in _documents_for(event)
    ]
    return render(
        request,
        "whistdrive/print.html",
        {
            "event": event,
            "documents": documents,
            "form": PaperForm(initial={"paper": paper}),
            "paper": paper,
            # Codes printed from localhost would send every phone to itself.
            "local_address": request.get_host().rsplit(":", 1)[0] in ("localhost", "127.0.0.1", "[::1]"),
        },
    )


def event_print_document(request: HttpRequest, pk: int, document: str) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    chosen = BY_SLUG.get(document)
    if chosen is None or chosen not in _documents_for(event):
        raise Http404("This event has no such document.")
    if chosen.needs_start and not event.started:
        raise Http404("The tables and seating are made when the event starts.")
    try:
        pdf = chosen.build(event, request, _paper(request, event))
    except (printing.CardError, prizes.PrizeError) as exc:
        messages.error(request, f"The {chosen.title.lower()} could not be printed: {exc}.")
        return redirect("event_print", pk=event.pk)
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{filename(event, chosen)}"'
    return response


urlpatterns = [
    path("events/<int:pk>/print/", event_print, name="event_print"),
    path("events/<int:pk>/print/<slug:document>.pdf", event_print_document, name="event_print_document"),
]
