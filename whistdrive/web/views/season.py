"""The season table of a club: members' totals across the season's events, always from stored results.

Each event is loaded with ``whistdrive.evening.scores`` (three queries an event whatever its size) plus one
query for who the entrants are as members, and the table is worked out by ``whistdrive.engines.seasons``.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import path
from django.utils.text import slugify

from clubs.access import ANY_ROLE, club_for
from clubs.models import Season
from whistdrive import printing
from whistdrive.engines import seasons
from whistdrive.evening import money, scores
from whistdrive.printing.common import date_text
from whistdrive.store.models import Entrant, Event, player_id
from whistdrive.web.views.printing import PaperForm


@dataclass(frozen=True)
class SeasonEvent:
    event: Event
    provisional: bool  # still being played: its totals may change
    counted: bool  # False for a game night, whose standings are not built yet
    players: int


def events_of(season: Season):
    """The season's events: those linked to it, and the club's unlinked events within its dates."""
    return (
        Event.objects.filter(club=season.club_id)
        .select_related("club")  # each evening's default prizes end with the club's special ones (scores)
        .filter(Q(season=season) | Q(season__isnull=True, date__gte=season.starts, date__lte=season.ends))
        .exclude(status=Event.Status.SETUP)
        .order_by("date", "pk")
    )


def season_results(season: Season, events=None) -> tuple[seasons.SeasonTable, list[SeasonEvent]]:
    """The season table from every started event's stored results (unfinished ones provisional), or from
    ``events`` only (the public table: the season's evenings that count, docs/results-online.md)."""
    events = list(events_of(season) if events is None else events)
    # Who each entry was as a member: one query for the whole season.
    members: dict[tuple[int, str], tuple[int | None, bool]] = {}
    for event_id, archive_id, card, member_id, is_guest in Entrant.objects.filter(event__in=events).values_list(
        "event_id", "archive_id", "card_number", "member_id", "member__is_guest"
    ):
        members[event_id, player_id(archive_id, card)] = (member_id, bool(is_guest))

    results, listed = [], []
    for event in events:
        if event.kind != Event.Kind.DRIVE:
            listed.append(SeasonEvent(event, event.status != Event.Status.FINISHED, False, 0))
            continue
        people = []
        for standing in scores.standings_now(event).standings:
            member, guest = members.get((event.pk, standing.id), (None, False))
            people.append(
                seasons.Participant(
                    member=None if member is None or guest else str(member),
                    name=standing.name,
                    total=standing.total,
                    # A sit-out's award is in the total, so it counts as a hand for the average.
                    hands_played=standing.hands_played + standing.hands_sat_out,
                )
            )
        results.append(seasons.EventResult(str(event.pk), event.date.isoformat(), tuple(people)))
        listed.append(SeasonEvent(event, event.status != Event.Status.FINISHED, True, len(people)))
    best = season.best if season.counting == Season.Counting.BEST else None
    table = seasons.season_table(results, counting=season.counting, best=best)
    return table, listed


def season(request: HttpRequest, club_pk: int, pk: int) -> HttpResponse:
    club = club_for(request, club_pk, ANY_ROLE)
    season = get_object_or_404(club.seasons, pk=pk)
    table, listed = season_results(season)
    names = {str(item.event.pk): item.event for item in listed}
    rows = [{"row": row, "counted": [names[e] for e in row.counted if e in names]} for row in table.rows]
    guests = [{"guest": g, "event": names.get(g.event)} for g in table.guests]
    # What each evening raised (its ledger's net proceeds) and the season's sum: a fundraising club's figure.
    raised = money.raised(item.event for item in listed)
    return render(
        request,
        "clubs/season.html",
        {
            "club": club,
            "season": season,
            "table": table,
            "rows": rows,
            "guests": guests,
            "events": [(item, raised.get(item.event.pk)) for item in listed],
            "raised": sum(raised.values(), Decimal("0.00")) if raised else None,
            "provisional": any(item.provisional for item in listed),
            "paper_form": PaperForm(initial={"paper": club.paper_size}),
        },
    )


def season_sheet(season: Season, page_size: str | None = None) -> printing.SeasonSheet:
    """The season page's table as plain values for the PDF: the same ``season_results``, the same order."""
    table, listed = season_results(season)
    names = {str(item.event.pk): item.event for item in listed}
    best = table.best if table.counting == "best" else None
    lines = [
        printing.SeasonLine(
            position=row.position,
            tied=row.tied,
            name=row.name,
            events=row.events_played,
            score=row.best_total if best and row.best_total is not None else row.total,
            total=row.total,
            hands=row.hands_played,
            average=str(row.average),
            counted=", ".join(f"{names[e].date.day} {names[e].date:%b}" for e in row.counted if e in names)
            if best
            else "",
        )
        for row in table.rows
    ]
    guests = [
        (g.name, f"{names[g.event].name} ({date_text(names[g.event].date)})" if g.event in names else g.event, g.total)
        for g in table.guests
    ]
    events = [
        (
            date_text(item.event.date),
            item.event.name,
            f"{'Duplicate evening' if item.event.is_duplicate else 'Game night'}: not in the table yet"
            if not item.counted
            else f"{item.event.get_status_display()} (provisional)" if item.provisional else "Finished",
        )
        for item in listed
    ]  # fmt: skip
    return printing.SeasonSheet(
        club=season.club.name,
        season=season.name,
        heading=table.heading,
        dates=f"{date_text(season.starts)} to {date_text(season.ends)}",
        lines=lines,
        best=best,
        guests=guests,
        events=events,
        provisional=any(item.provisional for item in listed),
        page_size=page_size or season.club.paper_size,
    )


def season_pdf(request: HttpRequest, club_pk: int, pk: int) -> HttpResponse:
    club = club_for(request, club_pk, ANY_ROLE)
    season = get_object_or_404(club.seasons, pk=pk)
    # The paper chosen beside the button, as for an event's documents; the club's setting by default.
    form = PaperForm(request.GET)
    paper = form.cleaned_data["paper"] if form.is_valid() else club.paper_size
    response = HttpResponse(printing.season_pdf(season_sheet(season, paper)), content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{slugify(season.name) or "season"}-table.pdf"'
    return response


urlpatterns = [
    # The season's edit form holds <pk>/seasons/<season_pk>/ (clubs.urls); its table lives beside it.
    path("<int:club_pk>/seasons/<int:pk>/table/", season, name="season"),
    path("<int:club_pk>/seasons/<int:pk>/table.pdf", season_pdf, name="season_pdf"),
]
