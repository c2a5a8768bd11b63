"""The public results pages (no login; docs/results-online.md): a club's published evenings, each evening's
results and prizes, a duplicate board with its double dummy, a member's history and grade, a season table.

Only published evenings have pages; names follow each member's choice (``evening.public``). Every page
sends ``Cache-Control: public`` with a short max-age and an ETag made from what it shows (the evenings'
publishing and correction times, whether each is still provisional, the members' choices of name), so a
visitor's browser or a front cache asking again gets 304 until something changed. The pages work wherever
an evening is published: on the hosted site, and harmlessly on a laptop (only its own network reaches it).
"""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Callable, Iterable

from django.contrib.auth.decorators import login_not_required
from django.db.models import Count, Max, Sum
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import path
from django.utils import timezone
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import http_date, quote_etag
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_safe

from clubs.league import league_rows
from clubs.models import Club, Match, Member, Season
from whistdrive.engines import charts
from whistdrive.engines.vocabulary import SEAT_NAMES, SUIT_SYMBOLS
from whistdrive.evening import grades, public
from whistdrive.store.models import Entrant, Event
from whistdrive.web.views.season import events_of, season_results

MAX_AGE = 60  # seconds a visitor's browser (or a front cache) may show a page without asking again
RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]


def _answer(
    request: HttpRequest, parts: Iterable, last_modified: datetime.datetime | None, draw: Callable[[], HttpResponse]
) -> HttpResponse:
    """The page, or 304 when the visitor already has it: ``parts`` are everything the page shows that can
    change (read before drawing), hashed into the ETag."""
    etag = quote_etag(hashlib.blake2b(repr(list(parts)).encode(), digest_size=12).hexdigest())
    stamp = int(last_modified.timestamp()) if last_modified else None
    response = get_conditional_response(request, etag=etag, last_modified=stamp)
    if response is None:
        response = draw()
    response["ETag"] = etag
    if stamp is not None:
        response["Last-Modified"] = http_date(stamp)
    patch_cache_control(response, public=True, max_age=MAX_AGE)
    return response


def _club(club_id: str) -> Club:
    return get_object_or_404(Club, public_id=club_id)


def _published(club: Club, now: datetime.datetime) -> list[tuple]:
    """Each published evening's pk, when it was published and corrected, and whether it is still provisional:
    what the club's pages depend on (one query)."""
    rows = Event.objects.published().filter(club=club).values_list("pk", "published_at", "corrected_at")
    until = datetime.timedelta(days=club.provisional_days)
    return [(pk, at, fixed, now < at + until) for pk, at, fixed in rows]


def _latest(published: list[tuple]) -> datetime.datetime | None:
    return max((max(at, fixed or at) for _pk, at, fixed, _p in published), default=None)


def _members_stamp(club: Club) -> list[tuple]:
    """The club's members' choices of name (a change shows on every page that names them)."""
    return list(club.members.order_by("pk").values_list("pk", "online", "name", "erased"))


@login_not_required
@require_safe
def public_club(request: HttpRequest, club_id: str) -> HttpResponse:
    club = _club(club_id)
    now = timezone.now()
    published = _published(club, now)
    seasons = list(club.seasons.order_by("-starts"))
    leagues = list(club.leagues.order_by("name"))
    # A league's table moves with every match entered or corrected, by any of its clubs: its matches' count,
    # latest entry and tricks.
    matches = (
        Match.objects.filter(league__in=leagues)
        .values("league")
        .annotate(count=Count("pk"), latest=Max("created"), home=Sum("home_tricks"), away=Sum("away_tricks"))
    )
    parts = [
        club.name,
        club.provisional_days,
        published,
        [(s.pk, s.name, s.starts, s.ends) for s in seasons],
        [(lg.pk, lg.name, lg.season) for lg in leagues],
        sorted((m["league"], m["count"], m["latest"], m["home"], m["away"]) for m in matches),
    ]

    def draw() -> HttpResponse:
        events = Event.objects.published().filter(club=club).select_related("club").order_by("-date", "-pk")
        context = {
            "club": club,
            "evenings": [(event, event.is_provisional(now)) for event in events],
            "seasons": seasons,
            "leagues": [(league, league_rows(league)) for league in leagues],
        }
        return render(request, "whistdrive/public/club.html", context)

    return _answer(request, parts, _latest(published), draw)


def _evening(club: Club, event_id: str) -> Event:
    return get_object_or_404(Event.objects.published().select_related("club"), club=club, public_id=event_id)


def _evening_parts(event: Event, now: datetime.datetime) -> list:
    members = Entrant.objects.filter(event=event, member__isnull=False).order_by("pk")
    return [
        event.club.name,
        event.club.provisional_days,
        event.pk,
        event.published_at,
        event.corrected_at,
        event.is_provisional(now),
        list(members.values_list("member_id", "member__online", "member__name", "member__erased")),
    ]


@login_not_required
@require_safe
def public_evening(request: HttpRequest, club_id: str, event_id: str) -> HttpResponse:
    club = _club(club_id)
    event = _evening(club, event_id)
    now = timezone.now()

    def draw() -> HttpResponse:
        shown = public.public_evening(event, now)
        return render(request, "whistdrive/public/evening.html", {"club": club, "event": event, "evening": shown})

    return _answer(request, _evening_parts(event, now), event.corrected_at or event.published_at, draw)


def _hand(cards: list[str]) -> list[tuple[str, bool, str]]:
    """A hand as its suits: (symbol, red, "A K 10 4")."""
    by_suit: dict[str, list[str]] = {suit: [] for suit in "SHDC"}
    for card in cards:
        rank = card[:-1].upper().replace("T", "10")
        by_suit.setdefault(card[-1].upper(), []).append(rank)
    return [
        (
            SUIT_SYMBOLS[suit],
            suit in "HD",
            " ".join(sorted(ranks, key=lambda r: RANKS.index(r) if r in RANKS else 99)) or "–",
        )
        for suit, ranks in by_suit.items()
        if suit in SUIT_SYMBOLS
    ]


@login_not_required
@require_safe
def public_board(request: HttpRequest, club_id: str, event_id: str, number: int) -> HttpResponse:
    club = _club(club_id)
    event = _evening(club, event_id)
    if not event.is_duplicate:
        raise Http404("Only a duplicate evening has boards.")
    now = timezone.now()

    def draw() -> HttpResponse:
        board = public.public_board(event, number)
        if board is None:
            raise Http404("The evening had no such board.")
        hands = {seat: (SEAT_NAMES[seat], _hand(cards)) for seat, cards in (board.deal or {}).items()}
        context = {
            "club": club,
            "event": event,
            "board": board,
            "hands": hands,
            "trump": SUIT_SYMBOLS.get(board.trump or "", ""),
            "trump_red": (board.trump or "") in "HD" and bool(board.trump),
            "leader": SEAT_NAMES.get(board.leader or "", ""),
            "dealer": SEAT_NAMES.get(board.dealer, ""),
            "previous": number - 1 if number > 1 else None,
            "next": number + 1 if event.boards.filter(number=number + 1).exists() else None,
        }
        return render(request, "whistdrive/public/board.html", context)

    return _answer(request, [*_evening_parts(event, now), number], event.corrected_at or event.published_at, draw)


@login_not_required
@require_safe
def public_player(request: HttpRequest, club_id: str, member_id: str) -> HttpResponse:
    club = _club(club_id)
    member = get_object_or_404(Member, club=club, public_id=member_id, is_guest=False, erased__isnull=True)
    if member.online == Member.Online.HIDDEN:
        raise Http404("This player has chosen not to appear online.")
    now = timezone.now()
    published = _published(club, now)
    parts = [club.name, published, member.pk, member.online, member.name, _members_stamp(club)]

    def draw() -> HttpResponse:
        page = public.member_page(club, member, now)
        chart = ""
        if page.history:
            chart = charts.grade_svg([(f"{date:%-d %b %Y}", grade) for date, grade in page.history])
        context = {"club": club, "page": page, "chart": mark_safe(chart)}  # noqa: S308 - the chart escapes its text
        return render(request, "whistdrive/public/player.html", context)

    return _answer(request, parts, _latest(published), draw)


@login_not_required
@require_safe
def public_season(request: HttpRequest, club_id: str, pk: int) -> HttpResponse:
    club = _club(club_id)
    season = get_object_or_404(Season, club=club, pk=pk)
    now = timezone.now()
    published = _published(club, now)
    parts = [club.name, published, season.pk, season.name, season.starts, season.ends, season.counting, season.best]
    parts.append(_members_stamp(club))

    def draw() -> HttpResponse:
        counted = {event.pk for event in grades.counted_events(club, now)}
        events = [event for event in events_of(season) if event.pk in counted]
        table, listed = season_results(season, events)
        members = {
            str(pk): (name, online, erased)
            for pk, name, online, erased in club.members.values_list("pk", "name", "online", "erased")
        }
        rows = []
        for row in table.rows:
            name, online, erased = members.get(row.member, (row.name, Member.Online.HIDDEN, None))
            rows.append((row, public.shown_name(name, online, erased is not None)))
        guests = [(public.shown_name(g.name, None), g) for g in table.guests]
        provisional = [
            event for event in events_of(season).filter(published_at__isnull=False) if event.pk not in counted
        ]
        context = {
            "club": club,
            "season": season,
            "table": table,
            "rows": rows,
            "guests": guests,
            "listed": listed,
            "provisional": provisional,
        }
        return render(request, "whistdrive/public/season.html", context)

    return _answer(request, parts, _latest(published), draw)


urlpatterns = [
    path("results/<str:club_id>/", public_club, name="public_club"),
    path("results/<str:club_id>/evenings/<str:event_id>/", public_evening, name="public_evening"),
    path("results/<str:club_id>/evenings/<str:event_id>/boards/<int:number>/", public_board, name="public_board"),
    path("results/<str:club_id>/players/<str:member_id>/", public_player, name="public_player"),
    path("results/<str:club_id>/seasons/<int:pk>/", public_season, name="public_season"),
]
