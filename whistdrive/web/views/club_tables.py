"""A club's reusable table cards: printed once, laminated, used every evening.

  clubs/<pk>/table-cards/             how many tables, the paper, and each table's code (organiser or scorer)
  clubs/<pk>/table-cards.pdf          the cards for tables 1..N (?tables=N&paper=A4)
  clubs/<pk>/table-cards/to-replace.pdf   just the cards whose QR no longer leads to the phones' address
  clubs/<pk>/table-cards/renew/       a new code for one table, when a card goes astray (organiser)
  c/<token>/                          the phone at the table (no login): sent to tonight's table page

Tonight's per-event table cards (the event's Print page) keep working beside these.
"""

from __future__ import annotations

import re

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path
from django.utils import timezone
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_POST

from clubs.access import ANY_ROLE, ORGANISER, club_for
from clubs.models import Club, ClubTable
from whistdrive import printing
from whistdrive.engines.tokens import new_token
from whistdrive.printing.from_models import absolute
from whistdrive.server import lan
from whistdrive.store.models import Event, Table

TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")
MOST_TABLES = 300  # the largest hall the app is measured for (docs/benchmarks.md)
IN_PLAY = (Event.Status.RUNNING, Event.Status.INTERVAL)


class ClubCardsForm(forms.Form):
    tables = forms.IntegerField(
        min_value=1, max_value=MOST_TABLES, label="Tables", help_text="Cards are printed for tables 1 to this number."
    )
    paper = forms.ChoiceField(choices=[("A4", "A4"), ("letter", "US Letter")], label="Paper size")


class StaleCardsForm(forms.Form):
    paper = forms.ChoiceField(choices=[("A4", "A4"), ("letter", "US Letter")], label="Paper size")


class RenewForm(forms.Form):
    number = forms.IntegerField(min_value=1, max_value=MOST_TABLES, label="Table")


def tables_of(club: Club, count: int) -> list[ClubTable]:
    """The club's tables 1..count, each made with its own code the first time it is printed.

    Two organisers printing at once both get the same codes: a table made by the other in the
    meantime is skipped (ignore_conflicts), then every table is read back.
    """
    ClubTable.objects.bulk_create(
        [ClubTable(club=club, number=n, token=new_token()) for n in range(1, count + 1)], ignore_conflicts=True
    )
    return list(club.tables.filter(number__lte=count).order_by("number"))


def _default_tables(club: Club) -> int:
    biggest = club.tables.order_by("-number").values_list("number", flat=True).first()
    if biggest:
        return biggest
    tables = Table.objects.filter(event__club=club).order_by("-number").values_list("number", flat=True).first()
    return tables or 10


def stale_cards(club: Club, base: str) -> list[ClubTable]:
    """The club's cards whose QR code no longer leads here: printed for another address than ``base``
    (the hall's network gave the laptop a new one), given a new code since, or printed before the
    address was kept."""
    return list(club.tables.exclude(printed_for=base).order_by("number"))


def _print_cards(club: Club, tables: list[ClubTable], base: str, paper: str, name: str) -> HttpResponse:
    sheet = printing.ClubTableCardSheet(
        club=club.name,
        cards=[printing.TableCard(table=t.number, url=absolute(base, t.get_absolute_url())) for t in tables],
        page_size=paper,
    )
    pdf = printing.club_table_cards_pdf(sheet)
    # Kept so that the next evening can say which cards no longer match the phones' address.
    ClubTable.objects.filter(pk__in=[t.pk for t in tables]).update(printed_for=base)
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{slugify(club.name) or "club"}-{name}.pdf"'
    return response


def club_table_cards(request: HttpRequest, pk: int) -> HttpResponse:
    club = club_for(request, pk, ANY_ROLE)
    form = ClubCardsForm(initial={"tables": _default_tables(club), "paper": club.paper_size})
    base = lan.base_url_for_phones(request)
    return render(
        request,
        "clubs/table_cards.html",
        {
            "club": club,
            "form": form,
            "tables": [
                {"table": t, "url": absolute(request, t.get_absolute_url())} for t in club.tables.order_by("number")
            ],
            "is_organiser": club.role_of(request.user) in ORGANISER,
            "renew_form": RenewForm(),
            "local_address": request.get_host().rsplit(":", 1)[0] in ("localhost", "127.0.0.1", "[::1]"),
            "phones_address": base,
            "stale": stale_cards(club, base),
            "stale_form": StaleCardsForm(initial={"paper": club.paper_size}),
        },
    )


def club_table_cards_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    club = club_for(request, pk, ANY_ROLE)
    form = ClubCardsForm(request.GET)
    if not form.is_valid():
        problems = "; ".join(f"{form.fields[f].label}: {' '.join(map(str, e))}" for f, e in form.errors.items())
        messages.error(request, f"The table cards could not be printed: {problems}")
        return redirect("club_table_cards", pk=club.pk)
    tables = tables_of(club, form.cleaned_data["tables"])
    base = lan.base_url_for_phones(request)
    return _print_cards(club, tables, base, form.cleaned_data["paper"], "table-cards")


def club_stale_table_cards_pdf(request: HttpRequest, pk: int) -> HttpResponse:
    """Just the cards that no longer match the address the phones will use, printed for it."""
    club = club_for(request, pk, ANY_ROLE)
    form = StaleCardsForm(request.GET)
    paper = form.cleaned_data["paper"] if form.is_valid() else club.paper_size
    base = lan.base_url_for_phones(request)
    stale = stale_cards(club, base)
    if not stale:
        messages.success(request, f"Every table card already leads to {base}: nothing to print again.")
        return redirect("club_table_cards", pk=club.pk)
    return _print_cards(club, stale, base, paper, "table-cards-to-replace")


@require_POST
def club_table_renew(request: HttpRequest, pk: int) -> HttpResponse:
    club = club_for(request, pk, ORGANISER)
    form = RenewForm(request.POST)
    if not form.is_valid():
        messages.error(request, f"Choose a table number from 1 to {MOST_TABLES} to give a new code.")
        return redirect("club_table_cards", pk=club.pk)
    number = form.cleaned_data["number"]
    table = club.tables.filter(number=number).first()
    if table is None:
        messages.error(request, f"Table {number} has no card yet: print the cards first.")
        return redirect("club_table_cards", pk=club.pk)
    ClubTable.objects.filter(pk=table.pk).update(token=new_token(), printed_for="")
    messages.success(request, f"Table {number} has a new code: print its card again; the old card no longer works.")
    return redirect("club_table_cards", pk=club.pk)


@login_not_required
@require_GET
def club_table(request: HttpRequest, token: str) -> HttpResponse:
    """Where a club's card sends a phone: tonight's table of that number, or a page that says why not."""
    # Only token_urlsafe's letters can be a code; anything else (a NUL byte is a database error on
    # PostgreSQL) is simply not found, before the database is asked.
    if not TOKEN.fullmatch(token):
        raise Http404("No such table card.")
    card = get_object_or_404(ClubTable.objects.select_related("club"), token=token)
    in_play = Table.objects.filter(event__club=card.club, event__status__in=IN_PLAY, number=card.number)
    tables = list(in_play.select_related("event").order_by("-event__date", "-event__pk"))
    if len(tables) == 1:
        return redirect(tables[0].get_absolute_url())
    context: dict = {"club": card.club, "number": card.number, "tables": tables}
    if not tables:
        running = list(Event.objects.filter(club=card.club, status__in=IN_PLAY).order_by("-date", "-pk"))
        context["running"] = [{"event": event, "tables": event.tables.count()} for event in running]
        context["waiting"] = list(
            Event.objects.filter(club=card.club, status=Event.Status.SETUP, date=timezone.localdate())
        )
    response = render(request, "clubs/club_table.html", context)
    # The answer changes as events start and finish: a phone must ask again each time.
    response["Cache-Control"] = "no-store"
    return response


urlpatterns = [
    path("clubs/<int:pk>/table-cards/", club_table_cards, name="club_table_cards"),
    path("clubs/<int:pk>/table-cards.pdf", club_table_cards_pdf, name="club_table_cards_pdf"),
    path("clubs/<int:pk>/table-cards/to-replace.pdf", club_stale_table_cards_pdf, name="club_stale_table_cards_pdf"),
    path("clubs/<int:pk>/table-cards/renew/", club_table_renew, name="club_table_renew"),
    path("c/<str:token>/", club_table, name="club_table"),
]
