"""Standings, prizes and the projector board.

Organiser pages (login; organiser or scorer of the event's club):
  events/<pk>/standings/   the standings now (provisional or final), the half-time view and the prize winners
  events/<pk>/prizes/      the prize list editor

The public board (no login; the board token is the key):
  board/<token>/           large type for a projector; htmx polls the same URL for the fragment

Every page loads the evening through ``whistdrive.scores`` (entrants, seatings, results: three
queries whatever the size) and hands plain values to the engines; the half-time view filters the
same hand records instead of loading them again.
"""

from __future__ import annotations

import hashlib
import html
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.db.models import Count, Max, OuterRef, Subquery
from django.db.models.functions import Coalesce
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_POST

from clubs.access import ANY_ROLE, event_for
from clubs.validators import no_control_characters
from whistdrive import charts, games, prizes, scores, standings
from whistdrive.models import Entrant, Event, Result, Seating

BOARD_ROWS = 15
BOARD_LEADERS = 5  # lines on the board's chart: more than five cannot be told apart across a hall
ROTATE_SECONDS = 15
BOARD_VIEWS = ("standings", "halftime", "prizes")

ROLE_WORDS = {"lady": "Lady", "gent": "Gent", None: ""}


# -- the evening as plain values ------------------------------------------------------------------


class Computed:
    """An event's loaded rows and standings, kept while the event's fingerprint is unchanged.

    The half-time standings are worked out the first time a page asks for them.
    """

    def __init__(self, event: Event, entrants, hands, current):
        self.entrants = entrants
        self.hands = hands
        self.standings = current
        self._interval = event.interval_after
        self._halftime: list[standings.Standing] | None = None
        self._halftime_done = False
        self._event = event
        # A game night: standings by rubber points, games and points, and each table's games.
        self.night = games.night_of(event) if event.kind == Event.Kind.GAMES else None

    def halftime(self) -> list[standings.Standing] | None:
        if self.night is not None:
            return None  # a game night has no half-time standings: games carry on across the interval
        if not self._halftime_done:
            if self._interval is not None and self.standings is not None:
                # The standings as they stood at the interval: the same records, cut at the interval hand.
                first_half = [h for h in self.hands if h.number <= self._interval]
                self._halftime = standings_for(self._event, self.entrants, first_half, final=False)
            self._halftime_done = True
        return self._halftime


@dataclass(frozen=True)
class Evening:
    """Everything the standings pages show about an event, for one request."""

    event: Event
    computed: Computed
    games: bool  # a game night: standings by rubbers, not built here
    standings: list[standings.Standing]
    last_hand: int  # the latest hand with a result; 0 before any
    incomplete: bool  # the latest hand still has tables to hand in
    prize_list: list[dict]
    default_prizes: bool  # the prize list is the default, not the organiser's own
    awards: list[prizes.Award]
    prize_error: str
    roles_used: bool
    night: games.Night | None = None  # a game night's standings and tables

    @property
    def halftime(self) -> list[standings.Standing] | None:
        """Standings after the interval hand; None without an interval."""
        return self.computed.halftime()

    @property
    def final(self) -> bool:
        return self.event.status == Event.Status.FINISHED

    @property
    def status_line(self) -> str:
        """ "Final results", "Provisional after hand 9 of 24", or "No hands scored yet"."""
        hands = self.event.hands
        if self.final:
            return "Final results"
        if not self.last_hand:
            return "No hands scored yet"
        line = f"Provisional after hand {self.last_hand} of {hands}"
        if self.incomplete:
            line += " (some tables still to hand in)"
        return line


def standings_for(event: Event, entrants, hands, *, final: bool) -> list[standings.Standing] | None:
    """The standings for any kind of event; None for a game night.

    The one place that dispatches on ``event.kind``: game nights are ranked by rubber points,
    games and points from each table's hands with honours (``games.night_of``, kept on ``Computed``),
    which the drive's hand records cannot carry.
    """
    if event.kind == Event.Kind.GAMES:
        return None
    return standings.event_standings(event.format, entrants, hands, final=final)


# -- a small cache keyed on what the standings are made of ---------------------------------------------
#
# Loading 1,200 players' 28,800 seatings takes a few hundred milliseconds on a laptop, and the
# board, the organiser and every player's page ask again and again between results. The
# fingerprint (one query) changes whenever a result, a seating, an entrant or the event's
# status or format changes, so a stale table is never served. Kept per process, last few events.

FINGERPRINT_FIELDS = (
    "fp_results", "fp_results_changed", "fp_entrants", "fp_entrants_last", "fp_seatings", "fp_seatings_last",
)  # fmt: skip
_CACHE_SIZE = 8
_cache: OrderedDict[int, tuple[tuple, Computed]] = OrderedDict()
_cache_lock = threading.Lock()


def with_fingerprint(queryset):
    """Events annotated with counts and latest changes of their results, entrants and seatings."""

    def count_and_latest(model, link: str, latest: str):
        rows = model.objects.filter(**{link: OuterRef("pk")}).order_by().values(link)
        return (
            Coalesce(Subquery(rows.annotate(n=Count("pk")).values("n")), 0),
            Subquery(rows.annotate(m=Max(latest)).values("m")),
        )

    results, results_changed = count_and_latest(Result, "table__event", "updated")
    entrants, entrants_last = count_and_latest(Entrant, "event", "pk")
    seatings, seatings_last = count_and_latest(Seating, "event", "pk")
    return queryset.annotate(
        fp_results=results,
        fp_results_changed=results_changed,
        fp_entrants=entrants,
        fp_entrants_last=entrants_last,
        fp_seatings=seatings,
        fp_seatings_last=seatings_last,
    )


def fingerprint_of(event: Event) -> tuple:
    """What the standings depend on: the row counts and latest changes, the status and the format."""
    if not hasattr(event, "fp_results"):
        values = with_fingerprint(Event.objects.filter(pk=event.pk)).values(*FINGERPRINT_FIELDS).get()
        for name, value in values.items():
            setattr(event, name, value)
    counts = tuple(getattr(event, name) for name in FINGERPRINT_FIELDS)
    return (event.board_token, *counts, event.status, repr(sorted(event.format.to_dict().items())))


def computed_for(event: Event) -> Computed:
    key = fingerprint_of(event)
    with _cache_lock:
        held = _cache.get(event.pk)
        if held and held[0] == key:
            _cache.move_to_end(event.pk)
            return held[1]
    # A new result leaves the seatings as they were: the loader keeps them (the bulk of its reading).
    entrants, hands = scores.standings_input(event, seatings_key=key[3:7])
    final = event.status == Event.Status.FINISHED
    computed = Computed(event, entrants, hands, standings_for(event, entrants, hands, final=final))
    with _cache_lock:
        _cache[event.pk] = (key, computed)
        _cache.move_to_end(event.pk)
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)
    return computed


def evening_of(event: Event) -> Evening:
    """The event's standings and prizes: loaded in three queries when anything changed, else from the cache."""
    computed = computed_for(event)
    entrants, hands, current = computed.entrants, computed.hands, computed.standings
    roles_used = any(e.role for e in entrants)
    prize_list = list(event.prizes or [])
    is_default = not prize_list
    if is_default:
        prize_list = prizes.default_prizes(roles_used)
    if computed.night is not None:
        night = computed.night
        return Evening(
            event, computed, True, [], night.last_hand, night.incomplete, prize_list, is_default, [], "", roles_used,
            night,
        )  # fmt: skip

    last_hand = max((h.number for h in hands), default=0)
    incomplete = bool(hands) and len(hands[-1].tables) < max(len(h.tables) for h in hands)
    awards: list[prizes.Award] = []
    error = ""
    try:
        awards = prizes.award_prizes(prize_list, current, qualified=scores.qualified_for_prizes(event, current))
    except prizes.PrizeError as exc:
        error = str(exc)
    return Evening(
        event, computed, False, current, last_hand, incomplete, prize_list, is_default, awards, error, roles_used
    )


def awards_by_prize(awards: list[prizes.Award]) -> list[dict]:
    """Awards grouped under their prize's heading, in the organiser's order."""
    groups: list[dict] = []
    for award in awards:
        if not groups or groups[-1]["prize"] != award.prize:
            groups.append({"prize": award.prize, "label": award.label, "awards": []})
        groups[-1]["awards"].append(award)
    return groups


# -- organiser's standings page ---------------------------------------------------------------------


def event_standings(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    evening = evening_of(event)
    show_half = request.GET.get("half") == "1" and event.interval_after is not None
    rows = evening.halftime if show_half else evening.standings
    return render(
        request,
        "whistdrive/standings.html",
        {
            "event": event,
            "evening": evening,
            "show_half": show_half,
            "rows_html": standings_rows_html(rows or [], halves=not show_half),
            "row_count": len(rows or []),
            "prize_groups": awards_by_prize(evening.awards),
        },
    )


def standings_rows_html(rows: list[standings.Standing], *, halves: bool = True) -> str:
    """The standings table's body rows.

    Built in Python rather than with a template loop: 1,200 players (300 tables) would cost
    about 100 ms of per-cell template rendering, this about 5 ms (docs/benchmarks.md).
    Everything user-supplied (names) is escaped.
    """
    out = []
    for s in rows:
        rank = f"={s.rank}" if s.tied else str(s.rank)
        cells = [
            f'<td class="num">{rank}</td>',
            f"<td>{html.escape(s.name)}</td>",
            f"<td>{ROLE_WORDS.get(s.role, '')}</td>",
            f'<td class="num"><strong>{s.total}</strong></td>',
        ]
        if halves:
            cells.append(f'<td class="num">{s.first_half}</td><td class="num">{s.second_half}</td>')
        cells.append(f'<td class="num">{s.hands_played}</td><td class="num">{s.hands_sat_out}</td>')
        out.append(f"<tr>{''.join(cells)}</tr>")
    return mark_safe("\n".join(out))


# -- prize list editor --------------------------------------------------------------------------------

KIND_CHOICES = [
    ("top", "Top places"),
    ("half_time", "Highest at half-time"),
    ("second_half", "Highest second half"),
    ("booby", "Booby (lowest)"),
    ("tens", "Most hands of 10+ tricks"),
    ("mystery", "Mystery score"),
]
ROLE_CHOICES = [("", "Everyone"), ("lady", "Ladies"), ("gent", "Gents")]


class PrizeForm(forms.Form):
    kind = forms.ChoiceField(choices=KIND_CHOICES)
    role = forms.ChoiceField(choices=ROLE_CHOICES, required=False, label="Who")
    places = forms.IntegerField(min_value=1, max_value=prizes.MAX_PLACES, initial=1)
    label = forms.CharField(
        max_length=60, required=False, help_text="Optional heading, e.g. “Ladies' prizes”.", validators=[no_control_characters]
    )
    target = forms.IntegerField(
        min_value=0, max_value=9999, required=False, label="Mystery number", help_text="Mystery score prizes only."
    )

    def prize(self) -> dict:
        data = self.cleaned_data
        prize: dict = {"kind": data["kind"], "role": data.get("role") or None}
        if data.get("places") and data["places"] != 1:
            prize["places"] = data["places"]
        if data.get("label"):
            prize["label"] = data["label"].strip()
        if data.get("target") is not None:
            prize["target"] = data["target"]
        return prize


class BasePrizeFormSet(forms.BaseFormSet):
    def clean(self) -> None:
        if any(self.errors):
            return
        # The organiser's order numbers decide; forms without a number keep their place after them.
        rows = []
        for index, form in enumerate(self.forms):
            if index >= self.initial_form_count() and not form.has_changed():
                continue  # the blank "add a prize" row
            if self._should_delete_form(form):
                continue
            order = form.cleaned_data.get(forms.formsets.ORDERING_FIELD_NAME)
            rows.append((order if order is not None else 10**6, index, form))
        self.prizes = [form.prize() for _, _, form in sorted(rows, key=lambda row: row[:2])]
        try:
            prizes.validate_prizes(self.prizes)
        except prizes.PrizeError as exc:
            raise forms.ValidationError(f"Please correct the prize list: {exc}.") from exc


PrizeFormSet = forms.formset_factory(
    PrizeForm, formset=BasePrizeFormSet, extra=1, can_order=True, can_delete=True, max_num=40
)


def _prize_initial(prize_list: list[dict]) -> list[dict]:
    return [
        {
            "kind": p.get("kind"),
            "role": p.get("role") or "",
            "places": p.get("places", 1),
            "label": p.get("label", ""),
            "target": p.get("target"),
            "ORDER": index + 1,
        }
        for index, p in enumerate(prize_list)
    ]


class QualifyForm(forms.Form):
    prize_min_hands = forms.IntegerField(
        min_value=1,
        max_value=60,
        required=False,
        label="Qualify for prizes after",
        help_text="hands played (a hand sat out counts). Leave it empty for half the hands.",
    )

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event

    def clean_prize_min_hands(self) -> int | None:
        value = self.cleaned_data["prize_min_hands"]
        if value is not None and value > self.event.hands:
            raise forms.ValidationError(f"The evening has {self.event.hands} hands: qualify after at most that many.")
        return value


@require_POST
def event_prize_qualification(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    form = QualifyForm(request.POST, event=event)
    if form.is_valid():
        event.prize_min_hands = form.cleaned_data["prize_min_hands"]
        event.save(update_fields=["prize_min_hands"])
        messages.success(
            request, f"A player qualifies for a prize after {event.prize_qualifying_hands} hands played (or sat out)."
        )
    else:
        for error in form.errors.get("prize_min_hands", []):
            messages.error(request, f"Qualify for prizes after: {error}")
    return redirect("event_prizes", event.pk)


def event_prizes(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    roles_used = event.entrants.exclude(role="").exists()
    is_default = not event.prizes
    initial = _prize_initial(event.prizes or prizes.default_prizes(roles_used))
    formset = PrizeFormSet(request.POST or None, initial=initial, prefix="prize")
    if request.method == "POST" and formset.is_valid():
        event.prizes = formset.prizes
        mystery = [p["target"] for p in formset.prizes if p["kind"] == "mystery"]
        event.mystery_target = mystery[0] if mystery else None
        event.save(update_fields=["prizes", "mystery_target"])
        messages.success(
            request, f"Prize list saved: {len(formset.prizes)} prize{'s' if len(formset.prizes) != 1 else ''}."
        )
        return redirect("event_prizes", event.pk)
    return render(
        request,
        "whistdrive/prizes.html",
        {
            "event": event,
            "formset": formset,
            "is_default": is_default,
            "roles_used": roles_used,
            "qualify_form": QualifyForm(event=event, initial={"prize_min_hands": event.prize_min_hands}),
        },
    )


# -- the projector board ------------------------------------------------------------------------------


def board_views(evening: Evening) -> tuple[str, ...]:
    """The views the board cycles through, by the state of the evening.

    Before the interval: the standings. At the interval: the half-time standings with the half-time
    prize first, then the standings. In the second half: the standings (half-time is old news).
    At the end: the prize winners first, then the final standings.
    """
    status = evening.event.status
    if status == Event.Status.SETUP or (evening.games and not evening.last_hand):
        return ("welcome",)
    if evening.games:
        return ("standings",)
    if status == Event.Status.FINISHED:
        return ("prizes", "standings")
    if status == Event.Status.INTERVAL and evening.event.interval_after is not None:
        return ("halftime", "standings")
    return ("standings",)


def _board_event(token: str) -> Event:
    """The event with a fingerprint of everything its board shows, in one query."""
    return get_object_or_404(with_fingerprint(Event.objects.all()), board_token=token)


def _board_etag(event: Event, view: str, slot: int) -> str:
    parts = (fingerprint_of(event), event.current_hand, event.prizes, event.name, view, slot)
    return '"' + hashlib.blake2b(repr(parts).encode(), digest_size=12).hexdigest() + '"'


@login_not_required
def board(request: HttpRequest, token: str) -> HttpResponse:
    """The public board. The page polls itself every 10 s for the fragment (htmx).

    Which view shows is decided here: ``?view=standings|halftime|prizes`` pins one; otherwise the
    board cycles through ``board_views`` in 15-second slots of the clock, so every projector shows
    the same thing. The fragment has an ETag over the results and the slot: a poll when nothing
    has changed is a 304 after one small query.
    """
    event = _board_event(token)
    pinned = request.GET.get("view")
    slot = int(time.time() // ROTATE_SECONDS)
    if request.htmx:
        # Cheap check first: the ETag needs only the event row and its fingerprint.
        etag = _board_etag(event, pinned or "", slot)
        if etag in request.headers.get("If-None-Match", ""):
            response = HttpResponseNotModified()
            response["ETag"] = etag
            return _board_headers(response)
    evening = evening_of(event)
    views = board_views(evening)
    view = pinned if pinned in BOARD_VIEWS else views[slot % len(views)]
    if view == "halftime" and evening.halftime is None:
        view = "standings"
    context = _board_context(evening, view)
    context["poll_url"] = request.path + (f"?view={pinned}" if pinned in BOARD_VIEWS else "")
    template = "whistdrive/board.html#board" if request.htmx else "whistdrive/board.html"
    response = render(request, template, context)
    if request.htmx:
        response["ETag"] = _board_etag(event, pinned or "", slot)
    return _board_headers(response)


def _board_headers(response: HttpResponse) -> HttpResponse:
    # no-cache: the browser keeps the fragment but asks each time (If-None-Match), so a 304 reuses it.
    patch_cache_control(response, no_cache=True, private=True)
    patch_vary_headers(response, ["HX-Request"])
    return response


def _board_context(evening: Evening, view: str) -> dict:
    event = evening.event
    context: dict = {"event": event, "evening": evening, "view": view}
    if view != "welcome" and evening.night is not None:
        context["view"] = "standings"
        context["game_rows"] = evening.night.standings[:BOARD_ROWS]
        context["more"] = max(0, len(evening.night.standings) - BOARD_ROWS)
    elif view == "standings":
        context["rows"] = evening.standings[:BOARD_ROWS]
        context["more"] = max(0, len(evening.standings) - BOARD_ROWS)
        if evening.last_hand:
            context["chart"] = mark_safe(
                charts.running_totals_svg(
                    charts.leaders_series(evening.standings, BOARD_LEADERS),
                    width=960,
                    height=600,
                    title="Leaders hand by hand",
                    hand_numbers=sorted({h.number for s in evening.standings for h in s.hands}),
                    font_size=24,
                )
            )
    elif view == "halftime":
        context["rows"] = (evening.halftime or [])[:BOARD_ROWS]
        context["more"] = max(0, len(evening.halftime or []) - BOARD_ROWS)
        # Judged on the standings at the interval, on their own: the half-time prize is given out
        # then, before anyone knows who will win the later prizes.
        half_time = [p for p in evening.prize_list if p.get("kind") == "half_time"]
        try:
            halftime = evening.halftime or []
            qualified = scores.qualified_for_prizes(evening.event, halftime, up_to=evening.event.interval_after)
            context["halftime_awards"] = prizes.award_prizes(half_time, halftime, qualified=qualified)
        except prizes.PrizeError:
            context["halftime_awards"] = []
    elif view == "prizes":
        context["prize_groups"] = awards_by_prize(evening.awards)
    return context


urlpatterns = [
    path("events/<int:pk>/standings/", event_standings, name="event_standings"),
    path("events/<int:pk>/prizes/", event_prizes, name="event_prizes"),
    path("events/<int:pk>/prizes/qualify/", event_prize_qualification, name="event_prize_qualification"),
    path("board/<token:token>/", board, name="board"),
]
