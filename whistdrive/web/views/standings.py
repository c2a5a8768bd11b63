"""Standings, prizes and the projector board.

Organiser pages (login; organiser or scorer of the event's club):
  events/<pk>/standings/   the standings now (provisional or final), the half-time view and the prize winners
  events/<pk>/prizes/      the prize list editor
  events/<pk>/suspense/    how many of the last hands the board keeps secret
  events/<pk>/reveal/      at prize-giving, the board reveals the next prize (from the last place up)

The public board (no login; the board token is the key):
  board/<token>/           large type for a projector; htmx polls the same URL for the fragment

Every page asks ``scores.standings_now`` for the evening (one query when nothing changed) and
shows what it gives.
"""

from __future__ import annotations

import html
import math
import time
from typing import cast

from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import quote_etag
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_POST

from clubs.access import ANY_ROLE, HtmxHttpRequest
from whistdrive.engines import charts, prizes, standings, suspense
from whistdrive.engines.duplicate import took_words
from whistdrive.engines.vocabulary import suit_word
from whistdrive.evening import double_dummy, draws, pairs, scores
from whistdrive.store.models import Event
from whistdrive.web.access import event_for
from whistdrive.web.forms import BasePrizeFormSet, PrizeFormSet, QualifyForm, RevealForm, SuspenseForm, prize_initial

# Standings lines on one page of the board: as many as fill a 1920×1080 projector in its large type
# (the browser tests measure it); the board pages through the rest, so every player sees their place.
BOARD_ROWS = 21
BOARD_HALFTIME_ROWS = 17  # the half-time prize's lines take the top of the page
BOARD_LEADERS = 5  # lines on the board's chart: more than five cannot be told apart across a hall
# One clock for the board: each view (and each page of the standings) is up for one slot, and the page
# asks for the next just after the slot ends, so each stays up the same time on every projector.
ROTATE_SECONDS = 15
# When a poll fails (the laptop's Wi-Fi dropped) no new fragment comes to time the next one: ask again.
BOARD_RETRY_SECONDS = 60
BOARD_VIEWS = ("standings", "halftime", "prizes")
REVEAL_POLL_MS = 1500

ROLE_WORDS = {"lady": "Lady", "gent": "Gent", None: ""}


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
    evening = scores.standings_now(event)
    show_half = request.GET.get("half") == "1" and event.interval_after is not None
    # A pairs drive reads by pairs; ?by=players shows each player's line (the half-time view too).
    by_players = request.GET.get("by") == "players" or show_half
    rows = evening.halftime if show_half else evening.standings
    context = {
        "event": event,
        "evening": evening,
        "show_half": show_half,
        "rows_html": standings_rows_html(rows or [], halves=not show_half),
        "row_count": len(rows or []),
        "prize_groups": awards_by_prize(evening.awards),
        "draw_lines": draws.audit(event),
        "suspense_form": SuspenseForm(event=event, initial={"board_hides_last": event.board_hides_last}),
        "reveal": reveal_of(evening),
        "pair_lines": None if by_players else evening.pair_lines,
        "by_players": by_players and evening.pair_lines is not None,
    }
    if evening.duplicate is not None:
        context.update(duplicate_context(event, evening.duplicate))
    return render(request, "whistdrive/standings.html", context)


def duplicate_context(event: Event, results) -> dict:
    """A duplicate evening's results for a page: pairs in their fields, and every board's scores."""
    lines = pairs.result_lines(event, results)
    analysed = double_dummy.stored(event)
    boards = []
    for b in results.boards:
        if not b.scores:
            continue
        found = analysed.get(b.number)
        boards.append(
            {
                "number": b.number,
                "trump": suit_word(b.trump, capital=True) if b.trump else "turned",
                "double_dummy": found.words() if found else "",
                # Each table's line with N–S's tricks beside what double dummy says were there ("" when unknown).
                "lines": [
                    (line, took_words(line.tricks_ns, found.ns) if found else "")
                    for line in pairs.traveller(event, b.number, results)
                ],
            }
        )
    return {
        "results": results,
        "fields": pairs.by_field(lines),
        "matchpoints": results.scoring == "matchpoints",
        "boards": boards,
    }


def standings_rows_html(rows: list[standings.Standing], *, halves: bool = True) -> str:
    """The standings table's body rows.

    Built in Python rather than with a template loop, whose per-cell rendering is most of a big
    hall's standings page (docs/benchmarks.md, "Standings and board").
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


@require_POST
def event_prize_qualification(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    form = QualifyForm(request.POST, event=event)
    if form.is_valid():
        event.prize_min_hands = form.cleaned_data["prize_min_hands"]
        # A form without the choice (an older page) keeps the event's.
        event.prize_basis = form.cleaned_data["prize_basis"] or event.prize_basis
        event.save(update_fields=["prize_min_hands", "prize_basis"])
        judged = "the average per hand" if event.prize_basis == Event.PrizeBasis.AVERAGE else "the evening's total"
        messages.success(
            request,
            f"A player qualifies for a prize after {event.prize_qualifying_hands} hands played (or sat out); "
            f"places are judged on {judged}; the booby goes among those who played every hand.",
        )
    else:
        for error in form.errors.get("prize_min_hands", []):
            messages.error(request, f"Qualify for prizes after: {error}")
    return redirect("event_prizes", event.pk)


def event_prizes(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    roles_used = event.entrants.exclude(role="").exists()
    is_default = not event.prizes
    initial = prize_initial(event.prizes or scores.standings_now(event).prize_list)
    # formset_factory's stubs say it makes a BaseFormSet; PrizeFormSet is made with formset=BasePrizeFormSet.
    formset = cast(BasePrizeFormSet, PrizeFormSet(request.POST or None, initial=initial, prefix="prize"))
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
            "qualify_form": QualifyForm(
                event=event, initial={"prize_min_hands": event.prize_min_hands, "prize_basis": event.prize_basis}
            ),
        },
    )


# -- the board's suspense ------------------------------------------------------------------------------


def kept_secret(evening: scores.Evening) -> bool:
    """Whether the board keeps the standings secret now (``scores.kept_secret``)."""
    return scores.kept_secret(evening.event, evening)


def reveal_of(evening: scores.Evening) -> dict:
    """The reveal so far: the awards shown, newest first, and how many are still to come."""
    order = suspense.reveal_order(evening.awards)
    shown = order[: evening.event.revealed]
    return {"shown": shown[::-1], "left": len(order) - len(shown), "count": len(order)}


@require_POST
def event_suspense(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    form = SuspenseForm(request.POST, event=event)
    if form.is_valid():
        event.board_hides_last = form.cleaned_data["board_hides_last"]
        event.save(update_fields=["board_hides_last"])
        event.bump()
        hidden = event.board_hides_last
        messages.success(request, f"The board keeps the last {hidden} hands secret until the reveal." if hidden
                         else "The board shows the standings to the end.")  # fmt: skip
    else:
        messages.error(request, " ".join(str(e) for errors in form.errors.values() for e in errors))
    return redirect("event_standings", event.pk)


@require_POST
def event_reveal(request: HttpRequest, pk: int) -> HttpResponse:
    """The next prize on the board, from the last place up; or all of them; or the reveal started again."""
    event = event_for(request, pk, ANY_ROLE)
    form = RevealForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Choose to reveal the next prize, all of them, or to start again.")
        return redirect("event_standings", event.pk)
    step = form.cleaned_data["step"]
    if step != "again" and event.status != Event.Status.FINISHED:
        messages.error(request, "The prizes are revealed at prize-giving, once the last hand is finished.")
        return redirect("event_standings", event.pk)
    count = len(scores.standings_now(event).awards)
    revealed = {"next": min(event.revealed + 1, count), "all": count, "again": 0}[step]
    Event.objects.filter(pk=event.pk).update(revealed=revealed)
    event.bump()
    messages.success(request, f"The board shows {revealed} of {count} prizes.")
    return redirect("event_standings", event.pk)


# -- the projector board ------------------------------------------------------------------------------


def board_views(evening: scores.Evening) -> tuple[str, ...]:
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
    if kept_secret(evening):
        # The last hands are secret: nothing of the standings until the reveal has shown every prize.
        return ("reveal",) if status == Event.Status.FINISHED else ("secret",)
    if status == Event.Status.FINISHED:
        return ("prizes", "standings")
    if status == Event.Status.INTERVAL and evening.event.interval_after is not None:
        return ("halftime", "standings")
    return ("standings",)


def _pages(count: int, per_page: int) -> int:
    return max(1, math.ceil(count / per_page))


def board_cycle(evening: scores.Evening, views: tuple[str, ...]) -> list[tuple[str, int, int]]:
    """The board's slots in turn: (view, page, pages), each page of a long list its own slot."""
    cycle = []
    for view in views:
        if view == "standings":
            rows = evening.night.standings if evening.night is not None else evening.standings
            pages = _pages(len(rows), BOARD_ROWS)
        elif view == "halftime":
            pages = _pages(len(evening.halftime or []), BOARD_HALFTIME_ROWS)
        else:
            pages = 1
        cycle += [(view, page, pages) for page in range(1, pages + 1)]
    return cycle


def _board_etag(version: tuple, view: str, slot: int) -> str:
    return quote_etag("-".join(map(str, (*version, view, slot))))


@login_not_required
def board(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The public board. The page asks for the next fragment (htmx) when the clock's slot ends.

    Which view shows is decided here: ``?view=standings|halftime|prizes`` pins one (and ``&page=N`` one of its pages); otherwise the
    board cycles through ``board_views`` in 15-second slots of the clock, a long list's pages one
    slot each ("page 2 of 3"), so every projector shows the same thing and each for the same time. The fragment has an ETag over the results and the slot: a poll when nothing
    has changed is a 304 after one small query.
    """
    event = get_object_or_404(Event.objects.with_revisions(), board_token=token)
    pinned = request.GET.get("view")
    pinned = pinned if pinned in BOARD_VIEWS else ""
    # With a pinned view, ``&page=2`` holds one of its pages (a board at a second screen, or a check).
    asked_page = request.GET.get("page", "")
    held_page = int(asked_page) if pinned and asked_page.isdecimal() and 0 < len(asked_page) < 4 else 0
    now = time.time()
    slot = int(now // ROTATE_SECONDS)
    version = scores.version_of(event)
    if request.htmx:
        # Cheap check first: the ETag needs only the revisions, read in one query.
        etag = _board_etag(version, f"{pinned}{held_page or ''}", slot)
        if etag in request.headers.get("If-None-Match", ""):
            response: HttpResponse = HttpResponseNotModified()
            response["ETag"] = etag
            return _board_headers(response)
    evening = scores.standings_now(event, version)
    # A pinned view never shows what the suspense keeps secret.
    views = (pinned,) if pinned and not kept_secret(evening) else board_views(evening)
    if "halftime" in views and evening.halftime is None:
        views = tuple(dict.fromkeys("standings" if v == "halftime" else v for v in views))
    cycle = board_cycle(evening, views)
    view, page, pages = cycle[slot % len(cycle)]
    if held_page:
        view, page, pages = cycle[min(held_page, len(cycle)) - 1]
    context = _board_context(evening, view, page)
    context.update(page=page, pages=pages)
    context["poll_url"] = (
        request.path + (f"?view={pinned}" if pinned else "") + (f"&page={held_page}" if held_page else "")
    )
    # The next slot begins this long from now (a moment after, so the server is in it when asked).
    context["next_ms"] = int(((slot + 1) * ROTATE_SECONDS - now) * 1000) + 250
    if view == "reveal":
        # The hall is watching for the next prize: ask again soon (a 304 until the organiser reveals it).
        context["next_ms"] = REVEAL_POLL_MS
    context["retry_seconds"] = BOARD_RETRY_SECONDS
    template = "whistdrive/board.html#board" if request.htmx else "whistdrive/board.html"
    response = render(request, template, context)
    if request.htmx:
        response["ETag"] = _board_etag(version, f"{pinned}{held_page or ''}", slot)
    return _board_headers(response)


def _board_headers(response: HttpResponse) -> HttpResponse:
    # no-cache: the browser keeps the fragment but asks each time (If-None-Match), so a 304 reuses it.
    patch_cache_control(response, no_cache=True, private=True)
    patch_vary_headers(response, ["HX-Request"])
    return response


def _board_context(evening: scores.Evening, view: str, page: int = 1) -> dict:
    event = evening.event
    context: dict = {"event": event, "evening": evening, "view": view}
    shown = slice((page - 1) * BOARD_ROWS, page * BOARD_ROWS)
    if view in ("standings", "halftime") and evening.duplicate is not None:
        results = evening.duplicate
        lines = pairs.result_lines(event, results)
        context["view"] = "standings"
        context["duplicate_fields"] = [(heading, group[shown]) for heading, group in pairs.by_field(lines)]
        context["matchpoints"] = results.scoring == "matchpoints"
        if evening.last_hand:
            leaders = [line for _heading, group in pairs.by_field(lines) for line in group[: BOARD_LEADERS // 2 + 1]]
            series = charts.pair_percentage_series(results, leaders, BOARD_LEADERS + 1)
            if series:
                context["chart"] = mark_safe(
                    charts.running_totals_svg(
                        series,
                        width=960,
                        height=600,
                        font_size=24,
                        title="Percentage board by board" if context["matchpoints"] else "Score board by board",
                        hand_numbers=list(range(1, max(len(values) for _label, values in series) + 1)),
                        x_label="Boards played",
                    )  # fmt: skip
                )
    elif view != "welcome" and evening.night is not None:
        context["view"] = "standings"
        context["game_rows"] = evening.night.standings[shown]
    elif view == "standings":
        context["rows"] = evening.standings[shown]
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
        context["rows"] = (evening.halftime or [])[(page - 1) * BOARD_HALFTIME_ROWS : page * BOARD_HALFTIME_ROWS]
        context["halftime_awards"] = evening.halftime_awards()
    elif view == "prizes":
        context["prize_groups"] = awards_by_prize(evening.awards)
        context["draw_lines"] = draws.audit(event)
    elif view == "reveal":
        context["reveal"] = reveal_of(evening)
    return context


urlpatterns = [
    path("events/<int:pk>/standings/", event_standings, name="event_standings"),
    path("events/<int:pk>/prizes/", event_prizes, name="event_prizes"),
    path("events/<int:pk>/prizes/qualify/", event_prize_qualification, name="event_prize_qualification"),
    path("events/<int:pk>/suspense/", event_suspense, name="event_suspense"),
    path("events/<int:pk>/reveal/", event_reveal, name="event_reveal"),
    path("board/<token:token>/", board, name="board"),
]
