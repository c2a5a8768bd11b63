"""Printing an event's documents (organiser pages; organiser or scorer of the event's club).

  events/<pk>/print/                  the download buttons, with the paper size (the club's, or chosen)
  events/<pk>/print/<document>.pdf    one document as a PDF attachment (some take a small form's values)
  events/<pk>/tables/<n>/code/        one table's QR code, to show or print (after it is reissued)
  events/<pk>/tables/<n>/card.pdf     that table's card alone

Each download only wraps a pure function of ``whistdrive.printing`` fed by the adapter
``whistdrive.printing.from_models``; the QR codes carry the host this request came in on,
so print from the address the phones will use (the laptop's LAN address, not localhost).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import segno
from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse
from django.utils.safestring import mark_safe
from django.utils.text import slugify

from clubs.access import ANY_ROLE
from whistdrive import printing
from whistdrive.engines import prizes
from whistdrive.evening import pairs
from whistdrive.printing import from_models
from whistdrive.server import lan
from whistdrive.store.models import Event, Table
from whistdrive.web.access import event_for
from whistdrive.web.views.club_tables import stale_cards

MOST_CARDS = 400  # a reprint or a batch of blank cards, at most
MOST_BOARDS = 99  # hand records printed before the start, at most (boards are numbered in two digits)


def _card_numbers(text: str) -> list[int]:
    """ "25", "25-27", "25–27" or "3, 25–27, 40" as card numbers, in the order given (a ValidationError if not)."""
    numbers: list[int] = []
    for part in [p.strip() for p in text.split(",") if p.strip()]:
        match = re.fullmatch(r"(\d{1,4})\s*(?:[-–—]|to)\s*(\d{1,4})|(\d{1,4})", part)
        if not match:
            raise forms.ValidationError(f"“{part}” is not a card number or a range such as 25–27.")
        if match.group(3):
            numbers.append(int(match.group(3)))
            continue
        low, high = int(match.group(1)), int(match.group(2))
        if high < low:
            raise forms.ValidationError(f"“{part}”: the range must go up, e.g. {high}–{low}.")
        if high - low >= MOST_CARDS:
            raise forms.ValidationError(f"“{part}” is more than {MOST_CARDS} cards.")
        numbers.extend(range(low, high + 1))
    if not numbers:
        raise forms.ValidationError("Give a card number, or a range such as 25–27.")
    return list(dict.fromkeys(numbers))


class ReprintForm(forms.Form):
    cards = forms.CharField(
        max_length=200, label="Cards", help_text="One card, a range or a list: 25, or 25–27, or 3, 25–27."
    )

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event

    def clean_cards(self) -> set[int]:
        numbers = _card_numbers(self.cleaned_data["cards"])
        held = set(self.event.entrants.values_list("card_number", flat=True))
        missing = [n for n in numbers if n not in held]
        if missing:
            listed = ", ".join(str(n) for n in missing[:5]) + (" …" if len(missing) > 5 else "")
            raise forms.ValidationError(f"No entrant has card {listed}: the cards registered are {_ranges(held)}.")
        return set(numbers)


class TableCardForm(forms.Form):
    table = forms.IntegerField(min_value=1, max_value=999, label="Table")

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event

    def clean_table(self) -> int:
        number = self.cleaned_data["table"]
        tables = set(self.event.tables.values_list("number", flat=True))
        if number not in tables:
            raise forms.ValidationError(f"Table {number} is not in play tonight: the tables are {_ranges(tables)}.")
        return number


class BlankCardsForm(forms.Form):
    first = forms.IntegerField(min_value=1, max_value=9999, label="From card")
    count = forms.IntegerField(min_value=1, max_value=MOST_CARDS, label="How many")

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        numbers = range(data["first"], data["first"] + data["count"])
        taken = dict(self.event.entrants.filter(card_number__in=numbers).values_list("card_number", "name"))
        if taken:
            number = min(taken)
            raise forms.ValidationError(
                f"Card {number} is already {taken[number]}'s: blank cards start after the last card given out, "
                f"{next_free_card(self.event)}."
            )
        data["numbers"] = list(numbers)
        return data


class SlipsForm(forms.Form):
    first = forms.IntegerField(min_value=1, label="From hand")
    last = forms.IntegerField(min_value=1, label="To hand")
    per = forms.ChoiceField(choices=[("hand", "a slip per hand"), ("round", "a slip per round")], label="Slips")

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        hands = self.event.hands
        if not data["first"] <= data["last"] <= hands:
            raise forms.ValidationError(
                f"Hands {data['first']} to {data['last']}: choose hands from 1 to {hands}, the first no later than the last."
            )
        return data


class HandRecordsForm(forms.Form):
    """Which boards' hand records: before the start any boards (the format's by default; more for more
    pairs), after it the boards in play (all by default; one board reprinted)."""

    first = forms.IntegerField(min_value=1, label="From board", required=False)
    last = forms.IntegerField(min_value=1, label="To board", required=False)

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event

    @staticmethod
    def boards(event: Event) -> int:
        """The boards printed when none are named: the boards in play, or before the start the format's."""
        return event.boards.count() if event.started else event.hands

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        data["first"] = data["first"] or 1
        data["last"] = data["last"] or self.boards(self.event)
        most = self.event.boards.count() if self.event.started else MOST_BOARDS
        if not data["first"] <= data["last"] <= most:
            tonight = " (the boards in play tonight)" if self.event.started else ""
            raise forms.ValidationError(
                f"Boards {data['first']} to {data['last']}: choose boards from 1 to {most}{tonight}, the first no "
                "later than the last."
            )
        return data


def _ranges(numbers: set[int]) -> str:
    ordered = sorted(numbers)
    if not ordered:
        return "none yet"
    runs: list[list[int]] = []
    for number in ordered:
        if runs and number == runs[-1][1] + 1:
            runs[-1][1] = number
        else:
            runs.append([number, number])
    return ", ".join(f"{a}–{b}" if a != b else str(a) for a, b in runs)


def next_free_card(event: Event) -> int:
    return (event.entrants.order_by("-card_number").values_list("card_number", flat=True).first() or 0) + 1


@dataclass(frozen=True)
class Document:
    slug: str  # the URL's <document> and the end of the file name
    title: str
    about: str
    build: Callable[..., bytes]  # (event, request, paper, cleaned form data) -> PDF bytes
    drives: bool = True  # offered for drives
    games: bool = False  # offered for game nights
    duplicate: bool = False  # offered for duplicate evenings
    pairs_only: bool = False  # offered only for a pairs evening (a Mitchell, a Howell, duplicate)
    needs_start: bool = True  # needs the tables and seating made when the event starts
    # The values it asks for (a GET form on the print page), made with the event: ``form(data, event=event)``.
    form: Callable[..., forms.Form] | None = None
    button: str = ""


DOCUMENTS = (
    Document(
        "scorecards", "Scorecards", "One card per entrant, with the trumps, and the seats when they are planned.",
        lambda event, request, size, data: printing.scorecards_pdf(from_models.scorecard_sheet(event, request, size)),
        needs_start=False,
    ),
    Document(
        "reprint-scorecards", "Reprint scorecards",
        "A lost card, or cards for late arrivals: marked from their first hand, with the hands they missed struck through.",
        lambda event, request, size, data: printing.scorecards_pdf(
            from_models.scorecard_sheet(event, request, size, cards=data["cards"])
        ),
        needs_start=False, form=ReprintForm, button="Reprint",
    ),
    Document(
        "blank-scorecards", "Blank scorecards for the door",
        "Numbered cards with the trumps and a line for the name, printed before anyone arrives.",
        lambda event, request, size, data: printing.scorecards_pdf(
            from_models.blank_scorecard_sheet(event, data["numbers"], size)
        ),
        needs_start=False, form=BlankCardsForm, button="Print blank cards",
    ),
    Document(
        "table-cards", "Table cards", "Tonight's tent card per table: its number, its own QR code, the trumps and where "
        "movers go. The club's reusable cards are on the club's Table cards page.",
        lambda event, request, size, data: printing.table_cards_pdf(from_models.table_card_sheet(event, request, size)),
        games=True, duplicate=True,
    ),
    Document(
        "reprint-table-card", "Reprint one table's card", "A table card gone astray or spoilt: that table's card "
        "alone, as the table cards print it.",
        lambda event, request, size, data: printing.table_cards_pdf(
            from_models.table_card_sheet(event, request, size, only=data["table"])
        ),
        games=True, duplicate=True, form=TableCardForm, button="Reprint",
    ),
    Document(
        "pair-cards", "Pair cards", "One card per pair with both names, and for each round the table, the direction, "
        "the opponents' pair number and names (and the boards in a duplicate evening).",
        lambda event, request, size, data: printing.pair_cards_pdf(from_models.pairs_sheet(event, size)),
        games=True, duplicate=True, pairs_only=True,
    ),
    Document(
        "movement-cards", "Movement cards", "A card for each table: who sits there, and after each round where the "
        "E–W pairs and the boards go (“E–W go up to table 3, boards go down to table 1”).",
        lambda event, request, size, data: printing.movement_cards_pdf(from_models.pairs_sheet(event, size)),
        drives=False, duplicate=True, needs_start=False,
    ),
    Document(
        "hand-records", "Hand records", "A sheet per board with its four hands, the dealer and the trump, to make up "
        "the boards before the evening (boards made up from hand records). Ready as soon as the event exists: "
        "the boards are dealt from the event's own seed, so these are the boards played.",
        lambda event, request, size, data: printing.hand_records_pdf(
            from_models.hand_records_sheet(event, data["first"], data["last"], size)
        ),
        drives=False, duplicate=True, needs_start=False, form=HandRecordsForm, button="Download hand records",
    ),
    Document(
        "travellers", "Travellers", "The paper fallback: a traveller per board with a line for each table that plays "
        "it and the pairs named; the tables write in the tricks.",
        lambda event, request, size, data: printing.travellers_pdf(from_models.pairs_sheet(event, size)),
        drives=False, duplicate=True,
    ),
    Document(
        "hand-records-results", "Hand records with results", "After the evening: each board's four hands with every "
        "table's result and score on it.",
        lambda event, request, size, data: printing.hand_records_pdf(
            from_models.pairs_sheet(event, size), with_results=True
        ),
        drives=False, duplicate=True,
    ),
    Document(
        "duplicate-results", "Results with matchpoints", "The pairs in their fields with matchpoints and percentages "
        "(or compass scores), the prizes, the top per board, and a board-by-board sheet.",
        lambda event, request, size, data: printing.duplicate_results_pdf(from_models.pairs_sheet(event, size)),
        drives=False, duplicate=True,
    ),
    Document(
        "result-slips", "Result slips", "For when the Wi-Fi fails: a slip per table for each hand (or round) with "
        "both sides' tricks and initials, in the order of the “Key from paper” page.",
        lambda event, request, size, data: printing.result_slips_pdf(
            from_models.result_slip_sheet(event, data["first"], data["last"], per_round=data["per"] == "round",
                                          page_size=size)
        ),
        games=True, form=SlipsForm, button="Print slips",
    ),
    Document(
        "progression", "Progression sheet", "Who sits where: the seating round by round and every player's itinerary, "
        "or the starting seating and the movement.",
        lambda event, request, size, data: printing.progression_sheet_pdf(from_models.progression_sheet(event, size)),
        games=True,
    ),
    Document(
        "wall-sheet", "Wall sheet", "Large print for the wall, read from two metres: each player's table and "
        "seat for every round on one line, or the starting seats table by table.",
        lambda event, request, size, data: printing.wall_sheet_pdf(from_models.progression_sheet(event, size)),
        games=True,
    ),
    Document(
        "find-your-table", "Find your table", "Everyone in alphabetical order with their card and first table and seat, "
        "in large print: for the queue at a big drive.",
        lambda event, request, size, data: printing.find_your_table_pdf(from_models.progression_sheet(event, size)),
        games=True,
    ),
    Document(
        "results", "Results sheet", "Standings with places and halves, and the prize winners as the prize page gives "
        "them; on a game night rubber points, games and points, and each table's rubbers.",
        lambda event, request, size, data: printing.results_pdf(from_models.results_sheet(event, size)),
        games=True,
    ),
    Document(
        "prize-list", "Prize-giving list", "For the MC, in large print: each prize, the winner, card and score, and "
        "every tie spelled out.",
        lambda event, request, size, data: printing.prize_list_pdf(from_models.results_sheet(event, size)),
    ),
    Document(
        "score-pads", "Score pads", "One pad per table with the pairs' names, for scoring games and rubbers; a pad "
        "per table and round when the pairs move on a plan.",
        lambda event, request, size, data: printing.score_pads_pdf(from_models.score_pad_sheet(event, size)),
        drives=False,
        games=True,
    ),
)  # fmt: skip
BY_SLUG = {document.slug: document for document in DOCUMENTS}


class PaperForm(forms.Form):
    paper = forms.ChoiceField(choices=[("A4", "A4"), ("letter", "US Letter")], label="Paper size")


def _documents_for(event: Event) -> list[Document]:
    by_pairs = pairs.is_pairs_evening(event)
    if event.kind == Event.Kind.DUPLICATE:
        return [d for d in DOCUMENTS if d.duplicate]
    games = event.kind == Event.Kind.GAMES
    return [d for d in DOCUMENTS if (d.games if games else d.drives) and (by_pairs or not d.pairs_only)]


def _paper(request: HttpRequest, event: Event) -> str:
    """The paper size asked for in the query string, else the club's setting."""
    form = PaperForm(request.GET)
    return form.cleaned_data["paper"] if form.is_valid() else event.club.paper_size


def _initial(event: Event, document: Document) -> dict:
    if document.form is BlankCardsForm:
        return {"first": next_free_card(event), "count": 8}
    if document.form is HandRecordsForm:
        return {"first": 1, "last": HandRecordsForm.boards(event)}
    if document.form is SlipsForm:
        hand = max(event.current_hand, 1)
        last = hand
        while last < event.hands and not event.format.ends_round(last):
            last += 1
        return {"first": hand, "last": last, "per": "hand"}
    return {}


NEEDS_START = "Ready once the event has started: the tables and the seating are made then."


def not_ready(event: Event, document: Document) -> str:
    """Why ``document`` cannot be printed yet ("" when it can)."""
    if document.needs_start and not event.started:
        return NEEDS_START
    if document.slug == "hand-records" and not event.started and event.boards_dealt != Event.BoardsDealt.RECORDS:
        return (
            "The boards are dealt at the table in the first round, so there are no hand records to make them up "
            "from. To make up the boards beforehand, choose “made up beforehand from printed hand records” under "
            "Boards made up in the event's settings."
        )
    return ""


def notes(event: Event, document: Document) -> list[str]:
    """What the print page says beside a document: before the start, which boards to make up."""
    if document.slug == "hand-records" and not event.started and event.boards_dealt == Event.BoardsDealt.RECORDS:
        return pairs.boards_to_make_up(event)
    return []


def filename(event: Event, document: Document) -> str:
    return f"{slugify(event.name) or 'event'}-{document.slug}.pdf"


def event_print(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    paper = _paper(request, event)
    documents = [
        {
            "document": document,
            "not_ready": not_ready(event, document),
            "notes": notes(event, document),
            "action": reverse("event_print_document", args=[event.pk, document.slug]),
            "url": f"{reverse('event_print_document', args=[event.pk, document.slug])}?paper={paper}",
            "filename": filename(event, document),
            "form": document.form(initial=_initial(event, document), event=event, auto_id=f"id_{document.slug}_%s")
            if document.form else None,
        }
        for document in _documents_for(event)
    ]  # fmt: skip
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
            # The club's reusable cards whose codes no longer lead here: said before the evening starts.
            "stale_club_cards": stale_cards(event.club, lan.base_url_for_phones(request)),
        },
    )


def event_print_document(request: HttpRequest, pk: int, document: str) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    chosen = BY_SLUG.get(document)
    if chosen is None or chosen not in _documents_for(event):
        raise Http404("This event has no such document.")
    if why := not_ready(event, chosen):
        raise Http404(why)
    data: dict = {}
    if chosen.form is not None:
        form = chosen.form(request.GET, event=event)
        if not form.is_valid():
            problems = [f"{form.fields[f].label}: {e}" if f in form.fields else str(e)
                        for f, errors in form.errors.items() for e in errors]  # fmt: skip
            messages.error(request, f"The {chosen.title.lower()} could not be printed. {' '.join(problems)}")
            return redirect(f"{reverse('event_print', args=[event.pk])}?paper={_paper(request, event)}")
        data = form.cleaned_data
    try:
        pdf = chosen.build(event, request, _paper(request, event), data)
    except (printing.CardError, prizes.PrizeError) as exc:
        messages.error(request, f"The {chosen.title.lower()} could not be printed: {exc}.")
        return redirect("event_print", pk=event.pk)
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{filename(event, chosen)}"'
    return response


def event_table_code(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """One table's QR code, large: held up to the phones, or printed on its own after the code was reissued
    (a lost or photographed card), so that the other tables' cards need not be printed again."""
    event = event_for(request, pk, ANY_ROLE)
    table = get_object_or_404(Table, event=event, number=number)
    url = lan.base_url_for_phones(request) + table.get_absolute_url()
    qr = mark_safe(segno.make(url, error="m").svg_inline(scale=10, title=f"Table {number}"))
    response = render(request, "whistdrive/table_code.html", {"event": event, "table": table, "qr": qr, "url": url})
    response["Cache-Control"] = "no-store"  # the code is the table's key: not kept in a cache
    return response


def event_table_card_pdf(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """The one table's card, as the table cards print it, with the code phones reach (the LAN address)."""
    event = event_for(request, pk, ANY_ROLE)
    get_object_or_404(Table, event=event, number=number)
    sheet = from_models.table_card_sheet(event, lan.base_url_for_phones(request), _paper(request, event), only=number)
    response = HttpResponse(printing.table_cards_pdf(sheet), content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{slugify(event.name) or "event"}-table-{number}.pdf"'
    response["Cache-Control"] = "no-store"
    return response


urlpatterns = [
    path("events/<int:pk>/tables/<int:number>/code/", event_table_code, name="event_table_code"),
    path("events/<int:pk>/tables/<int:number>/card.pdf", event_table_card_pdf, name="event_table_card_pdf"),
    path("events/<int:pk>/print/", event_print, name="event_print"),
    path("events/<int:pk>/print/<slug:document>.pdf", event_print_document, name="event_print_document"),
]
