"""The organiser's live evening: every table's state for the current hand, disputes, corrections,
advancing, the interval, late arrivals and departures, and keying a whole hand from paper.

Both organisers and scorers may run the evening (``ANY_ROLE``); another club's event is a 404.
Every POST redirects back with a message; an evening or entry error is shown, never a 500.
"""

from __future__ import annotations

import hashlib
import math
import re
from collections import Counter

from django import forms
from django.conf import settings
from django.contrib import messages
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse
from django.utils import timezone
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.views.decorators.http import require_POST

from clubs.access import ANY_ROLE, HtmxHttpRequest
from whistdrive.engines import devices
from whistdrive.engines.rules import RuleError
from whistdrive.engines.vocabulary import SUIT_SYMBOLS
from whistdrive.evening import entry, games, pairs, running
from whistdrive.server import laptop, push
from whistdrive.store.models import Event, Flag, Result, Submission, Table
from whistdrive.web import ratelimit
from whistdrive.web.access import event_for
from whistdrive.web.forms import (
    AutoAdvanceForm,
    ExpectedHandForm,
    LateArrivalForm,
    PaperRowForm,
    ResultForm,
    ResultLookupForm,
    SubstituteForm,
    WithdrawForm,
    counts_honours,
    trump_is_chosen,
)
from whistdrive.web.views.publishing import publishing_context

PAPER_REASON = "keyed from paper"
CSRF_INPUT = re.compile(rb'name="csrfmiddlewaretoken" value="[^"]*"')


# -- the live page --------------------------------------------------------------------------


def _live_context(event: Event) -> dict:
    """Everything the tables fragment shows, in a fixed number of queries however many tables."""
    hand = event.current_hand
    # Each table as it plays now: the current hand, or in a duplicate round its own board.
    states = entry.playing_states(event) if hand else {}
    # A table nobody sits at this hand (the movement shrank) is not waited for.
    tables = [states[number] for number in sorted(states) if states[number].seats]
    counts = Counter(state.status for state in tables)
    flags = list(Flag.objects.filter(table__event=event, resolved__isnull=True).select_related("table"))
    complete = bool(tables) and counts["agreed"] == len(tables)
    if event.kind == Event.Kind.GAMES:
        # Each table's game and rubber as they stand after its agreed hands (two more queries).
        night = games.table_games(event)
        for state in tables:
            state.game = night.get(state.table.number)
    _note_what_phones_did(event, tables)
    now = timezone.now()
    began = _boards_began(event, tables) if event.is_duplicate else {}
    fmt = event.format
    for state in tables:
        state.clock = table_clock(event, state, now, began.get(state.table.pk))
        if event.is_duplicate:
            state.round_place = (
                f"board {(state.hand - 1) % fmt.hands_per_round + 1} of {fmt.hands_per_round} this round"
            )
            waiting = state.board is not None and state.status == "waiting"
            state.board_still_at = pairs.board_still_at(state.table, state.hand) if waiting else []
    return {
        "event": event,
        "hand": hand,
        # A duplicate round: its tables play its boards at their own pace, and the round moves as one.
        "round": fmt.round_of(hand) if event.is_duplicate and hand else None,
        "rounds": fmt.rounds,
        "round_start": event.is_duplicate and hand > 1 and not (hand - 1) % fmt.hands_per_round,
        "tables": tables,
        "counts": counts,
        "complete": complete,
        "to_go": len(tables) - counts["agreed"],
        "last_hand": hand >= event.hands,
        "trump_symbol": SUIT_SYMBOLS.get(tables[0].trump or "", "") if tables else "",
        "flags": flags,
        "interval_hand": event.interval_after,
        "laptop_warnings": laptop.warnings(),
        "came_back": _came_back(event),
        # The phones' streams of pushed updates open in this server process, by address: a guest filling the
        # server's connections with them shows here first (whistdrive/server/push.py caps them).
        "streams": push.hub.streams.now(),
        "server_processes": settings.SERVER_WORKERS,
        # Every 3 s, or every 10 s at 300 tables: drawing a big hall's fragment takes a while.
        "poll_seconds": max(3, math.ceil(len(tables) / 30)),
    }


def _came_back(event: Event) -> list[Submission]:
    """Entries and agreements the server took only when a phone sent them again from its own storage
    (after the Wi-Fi dropped, or to a laptop restored from a backup), newest first (kept.js)."""
    return list(
        Submission.objects.filter(table__event=event, resent=True)
        .exclude(outcome__startswith="refused")
        .select_related("table")
        .order_by("-created", "-pk")[:20]
    )


def _minutes(since, now) -> str:
    minutes = int((now - since).total_seconds() // 60)
    return "under a minute" if minutes < 1 else f"{minutes} min"


def table_clock(event: Event, state: entry.TableState, now, began=None) -> str:
    """How long the table has been playing this hand, or waiting since its result was agreed ("" when
    not known, or at the interval). ``began``: when the table began its board, when that is not when the
    hand began for the hall (a duplicate table ahead of the others)."""
    if event.status != Event.Status.RUNNING:
        return ""
    if state.result is not None:
        return f"waiting {_minutes(state.result.created, now)}"
    began = began or event.hand_started
    if began is None:
        return ""
    return f"playing {_minutes(began, now)}"


def _boards_began(event: Event, tables: list) -> dict:
    """Duplicate: when each table began the board it plays now, past the round's first: when it agreed the
    board before (one query)."""
    before = {(state.table.pk, state.hand - 1) for state in tables if (state.hand - 1) % event.hands_per_round}
    if not before:
        return {}
    rows = Result.objects.filter(table__in=[t for t, _h in before], hand__in={h for _t, h in before})
    return {t: created for t, h, created in rows.values_list("table_id", "hand", "created") if (t, h) in before}


def _phone_warnings(event: Event, hand: int) -> dict[int, list[str]]:
    """Each table's warnings about its phones this hand (devices.phone_warnings), in one query."""
    acts = (
        Submission.objects.filter(table__event=event, hand=hand, action__in=entry.PHONE_ACTIONS)
        .exclude(device="")
        .exclude(outcome__startswith="refused")
        .values_list("table__number", "side", "seat", "device", "address")
    )
    # Hosted, a hall's phones share their router's address: only on the laptop does an address name a device.
    warnings = devices.phone_warnings(acts, by_address=not settings.HOSTED)
    return {table: [f"Hand {hand}: {warning}" for warning in said] for table, said in warnings.items()}


def _note_what_phones_did(event: Event, tables: list) -> None:
    """Puts on each table's state what the organiser should check: one phone for both sides or at two
    tables (``phone_warnings``), and a link past its limit of posts (``flooded``), for the hand each table
    plays (one hand for all but in a duplicate round)."""
    for hand in sorted({state.hand for state in tables}):
        here = [state for state in tables if state.hand == hand]
        warnings = _phone_warnings(event, hand) if hand else {}
        flooded = ratelimit.tables_past_post_limit([state.table.token for state in here], hand) if hand else set()
        for state in here:
            state.phone_warnings = warnings.get(state.table.number, [])
            state.flooded = state.table.token in flooded


def live(request: HtmxHttpRequest, pk: int) -> HttpResponse:
    """The full page, or for htmx's poll only the tables fragment (304 when unchanged)."""
    event = event_for(request, pk, ANY_ROLE)
    context = _live_context(event)
    if not request.htmx:
        context |= {
            "lookup_form": ResultLookupForm(event=event),
            "arrival_form": LateArrivalForm(event=event),
            "withdraw_form": WithdrawForm(event=event),
            "pending": running.pending_changes(event),
            "auto_form": AutoAdvanceForm(initial={"auto_advance": event.auto_advance}),
            "publishing": publishing_context(event),
        }
        if event.is_duplicate:
            leaving = request.GET.get("leaving", "")  # "Seat a substitute" at the desk names the player
            context["substitute_form"] = SubstituteForm(
                initial={"leaving": int(leaving)} if leaving.isdecimal() else {}, event=event
            )
            context["substituted"] = [line for line in pairs.pair_lines(event) if line.subs]
        response = render(request, "whistdrive/live.html", context)
        patch_vary_headers(response, ["HX-Request"])
        return response
    response = render(request, "whistdrive/live.html#tables", context)
    etag = _fragment_etag(request, response.content)
    patch_vary_headers(response, ["HX-Request"])
    if etag in [tag.strip() for tag in request.headers.get("If-None-Match", "").split(",")]:
        not_modified = HttpResponseNotModified()
        not_modified["ETag"] = etag
        patch_vary_headers(not_modified, ["HX-Request"])
        return not_modified
    response["ETag"] = etag
    patch_cache_control(response, private=True, no_cache=True)
    return response


def _fragment_etag(request: HttpRequest, content: bytes) -> str:
    """The fragment's own hash, so it can never be stale: an unchanged hall costs only a 304.

    Django masks the CSRF token afresh on every render; the masks are left out and the
    session's CSRF secret put in, so a cached fragment's forms still post after a 304.
    """
    digest = hashlib.sha256(CSRF_INPUT.sub(b"", content))
    digest.update(request.META.get("CSRF_COOKIE", "").encode())
    return '"' + digest.hexdigest()[:32] + '"'


def _back(event: Event) -> HttpResponse:
    return redirect("event_live", event.pk)


def _bad_form(request: HttpRequest, form: forms.Form) -> None:
    for field, errors in form.errors.items():
        label = form.fields[field].label if field in form.fields else None
        for error in errors:
            messages.error(request, f"{label}: {error}" if label else str(error))


def _say_if_moved_on(request: HttpRequest, was: Event, hand: int) -> None:
    """Tell the organiser when storing a result (or switching auto-advance on) moved the evening on."""
    now = Event.objects.get(pk=was.pk)
    if (now.current_hand, now.status) != (was.current_hand, was.status) and (words := _moved_on(now, hand)):
        messages.info(request, words)


def _moved_on(event: Event, hand: int) -> str:
    """What moving the evening on did; "" in a duplicate round, whose tables play at their own pace."""
    if event.is_duplicate:
        fmt = event.format
        if event.status == Event.Status.FINISHED:
            return "The last round is complete: the event is finished."
        if fmt.round_of(event.current_hand) == fmt.round_of(hand):
            return ""
        return f"Round {fmt.round_of(hand)} is complete: round {fmt.round_of(event.current_hand)} is under way."
    if event.status == Event.Status.FINISHED:
        return f"Hand {hand} was the last: the event is finished."
    if event.status == Event.Status.INTERVAL:
        return f"Hand {hand} is complete: interval. Hand {event.current_hand} follows it."
    return f"Hand {hand} is complete: hand {event.current_hand} is under way."


@require_POST
def advance(request: HttpRequest, pk: int) -> HttpResponse:
    """Next hand, or at the last hand finish the event. A second press on the same hand does nothing."""
    event = event_for(request, pk, ANY_ROLE)
    form = ExpectedHandForm(request.POST)
    if not form.is_valid():
        _bad_form(request, form)
        return _back(event)
    hand = form.cleaned_data["expected_hand"]
    try:
        moved = running.advance(event, expected_hand=hand)
    except running.EveningError as exc:
        messages.error(request, str(exc))
        return _back(event)
    if (moved.current_hand, moved.status) == (event.current_hand, event.status):
        messages.info(request, f"The evening had already moved on from hand {hand}.")
    else:
        messages.success(request, _moved_on(moved, hand) or f"Every table has finished board slot {hand}.")
    return _back(event)


@require_POST
def undo(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    was = event.current_hand
    try:
        event = running.undo_advance(event)
    except running.EveningError as exc:
        messages.error(request, str(exc))
        return _back(event)
    if event.current_hand == was:
        messages.success(request, f"The event is open again on hand {was}.")
    else:
        messages.success(request, f"Back to hand {event.current_hand}: hand {was} is not under way any more.")
    return _back(event)


@require_POST
def interval(request: HttpRequest, pk: int) -> HttpResponse:
    """Call the interval now (tea, half-time prizes), or resume play after it."""
    event = event_for(request, pk, ANY_ROLE)
    try:
        if event.status == Event.Status.INTERVAL:
            event = running.resume(event)
            note = f"Play resumes with hand {event.current_hand}."
        else:
            event = running.call_interval(event)
            note = "Interval called: the tables rest until you resume."
    except running.EveningError as exc:
        messages.error(request, str(exc))
        return _back(event)
    messages.success(request, note)
    return _back(event)


@require_POST
def auto_advance(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    form = AutoAdvanceForm(request.POST)
    if not form.is_valid():  # a checkbox is always valid; kept for the one-input-one-form rule
        _bad_form(request, form)
        return _back(event)
    running.set_auto_advance(event, form.cleaned_data["auto_advance"])
    if form.cleaned_data["auto_advance"]:
        messages.success(request, "Auto-advance is on: the next hand starts when every table has agreed.")
        _say_if_moved_on(request, event, event.current_hand)
    else:
        messages.success(request, "Auto-advance is off: press “Next hand” when you are ready.")
    return _back(event)


@require_POST
def resolve_flag(request: HttpRequest, pk: int, flag_pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    flag = get_object_or_404(Flag.objects.select_related("table"), pk=flag_pk, table__event=event)
    if flag.resolved is None:
        entry.resolve_flag(flag)
        messages.success(request, f"Table {flag.table.number}'s call is dealt with.")
    return _back(event)


@require_POST
def new_token(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """A new QR code for a table (a lost or photographed card); the old one stops working."""
    event = event_for(request, pk, ANY_ROLE)
    table = get_object_or_404(Table, event=event, number=number)
    entry.new_table_token(table)
    messages.success(
        request, f"Table {number} has a new QR code: the old card no longer works. Show or print this one."
    )
    return redirect("event_table_code", event.pk, number)


@require_POST
def late_arrival(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    form = LateArrivalForm(request.POST, event=event)
    if not form.is_valid():
        _bad_form(request, form)
        return _back(event)
    data = form.cleaned_data
    try:
        change = running.register(event, name=data["name"], role=data["role"], member=data["member"])
    except running.EveningError as exc:
        messages.error(request, str(exc))
        return _back(event)
    messages.success(request, change.words())
    return _back(event)


@require_POST
def withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    event = event_for(request, pk, ANY_ROLE)
    form = WithdrawForm(request.POST, event=event)
    if not form.is_valid():
        _bad_form(request, form)
        return _back(event)
    entrant = form.cleaned_data["entrant"]
    try:
        change = running.withdraw(event, entrant)
    except running.EveningError as exc:
        messages.error(request, str(exc))
        return _back(event)
    messages.success(request, change.words())
    return _back(event)


@require_POST
def substitute(request: HttpRequest, pk: int) -> HttpResponse:
    """Duplicate: a substitute takes the seat of a player who must leave, for the boards left."""
    event = event_for(request, pk, ANY_ROLE)
    form = SubstituteForm(request.POST, event=event)
    if not form.is_valid():
        _bad_form(request, form)
        return _back(event)
    data = form.cleaned_data
    try:
        seated = running.substitute(event, data["leaving"], name=data["name"], member=data["member"])
    except running.EveningError as exc:
        messages.error(request, str(exc))
        return _back(event)
    messages.success(request, seated.words())
    return _back(event)


@require_POST
def reseat(request: HttpRequest, pk: int) -> HttpResponse:
    """Seat the current hand again from the results as they now stand (after a correction)."""
    event = event_for(request, pk, ANY_ROLE)
    form = ExpectedHandForm(request.POST)
    if not form.is_valid():
        _bad_form(request, form)
        return _back(event)
    try:
        running.reseat_current_hand(event, expected_hand=form.cleaned_data["expected_hand"])
    except running.EveningError as exc:
        messages.error(request, str(exc))
        return _back(event)
    messages.success(
        request,
        f"Hand {form.cleaned_data['expected_hand']} is seated again from the corrected results: the phones show the new seats.",
    )
    return _back(event)


@require_POST
def undo_withdraw(request: HttpRequest, pk: int, entrant_pk: int) -> HttpResponse:
    """Take back a "leaves" before it takes effect."""
    event = event_for(request, pk, ANY_ROLE)
    entrant = get_object_or_404(event.entrants, pk=entrant_pk)
    try:
        running.undo_withdraw(event, entrant)
    except running.EveningError as exc:
        messages.error(request, str(exc))
        return _back(event)
    messages.success(request, f"{entrant.name} stays: they are seated as before.")
    return _back(event)


# -- one table's result ---------------------------------------------------------------------


def lookup(request: HttpRequest, pk: int) -> HttpResponse:
    """Open any table's result for any hand reached so far (to enter or correct it)."""
    event = event_for(request, pk, ANY_ROLE)
    form = ResultLookupForm(request.GET, event=event)
    if not form.is_valid():
        _bad_form(request, form)
        return _back(event)
    return redirect("event_live_result", event.pk, form.cleaned_data["table"].number, form.cleaned_data["hand"])


def _initial_from(source) -> dict:
    """Form values from a Result or a claim (anything with the HandEntry fields)."""
    if source is None:
        return {}
    entry_ = getattr(source, "entry", source)
    return {
        "tricks_ns": entry_.tricks_ns,
        "tricks_ew": entry_.tricks_ew,
        "honours_ns": entry_.honours_ns,
        "honours_ew": entry_.honours_ew,
        "revoke": entry_.revoke or "",
        "trump": entry_.trump,
    }


def result(request: HttpRequest, pk: int, number: int, hand: int) -> HttpResponse:
    """Enter, decide (a dispute) or correct one table's result for one hand, with its history."""
    event = event_for(request, pk, ANY_ROLE)
    if not 1 <= hand <= running.last_open_hand(event):
        raise Http404("That hand has not been reached.")
    table = get_object_or_404(Table, event=event, number=number)
    state = entry.table_state(table, hand)
    if request.method == "POST":
        # What the form showed: a correction that changes North–South alone moves East–West with it.
        form = ResultForm(request.POST, event=event, hand=hand, table=table, initial=_initial_from(state.result))
        if form.is_valid():
            try:
                saved = entry.set_result(
                    table,
                    hand=hand,
                    entry=form.cleaned_data["entry"],
                    user=request.user,
                    reason=form.cleaned_data["reason"],
                    source=Result.Source.ORGANISER,
                )
            except (entry.EntryError, RuleError) as exc:
                form.add_error(None, str(exc))
            else:
                messages.success(
                    request,
                    f"Table {number}, hand {hand}: North–South {saved.tricks_ns}, East–West {saved.tricks_ew}.",
                )
                _say_if_moved_on(request, event, hand)
                stale = running.stale_seating(event, hand)
                if stale is not None:
                    # Back to this page, which says which seatings followed the old result.
                    return redirect("event_live_result", event.pk, number, hand)
                return _back(event)
    else:
        use = request.GET.get("use")
        claim = state.claims.get(use) if use in ("NS", "EW") else None
        form = ResultForm(event=event, hand=hand, table=table, initial=_initial_from(claim or state.result))
    claims = [(side, claim) for side, claim in state.claims.items() if claim is not None]
    return render(
        request,
        "whistdrive/live_result.html",
        {
            "event": event,
            "table": table,
            "hand": hand,
            "state": state,
            "claims": claims,
            "form": form,
            "history": entry.history_summary(entry.history(table, hand)),
            "phone_warnings": _phone_warnings(event, hand).get(table.number, []),
            "trump_symbol": SUIT_SYMBOLS.get(state.trump or "", ""),
            "stale": running.stale_seating(event, hand) if state.result else None,
        },
    )


# -- keying a whole hand from paper scorecards ----------------------------------------------


class PaperRow:
    """One table's line in the grid: its state and, unless already agreed, a form."""

    def __init__(self, state, form: PaperRowForm | None):
        self.state = state
        self.table = state.table
        self.form = form
        self.first = False


def _paper_rows(event: Event, hand: int, data=None) -> list[PaperRow]:
    states = entry.states_for_event(event, hand)
    rows = []
    for number in sorted(states):
        state = states[number]
        if not state.seats and state.result is None:
            continue
        form = None
        if state.result is None:
            form = PaperRowForm(data, event=event, hand=hand, table=state.table, prefix=f"t{number}")
        rows.append(PaperRow(state, form))
    keyable = [row for row in rows if row.form is not None]
    if keyable:
        keyable[0].first = True  # the cursor starts there: the organiser types straight away
    return rows


class _PaperRefused(Exception):
    """Raised inside the paper transaction to undo every row already set."""


def paper(request: HttpRequest, pk: int) -> HttpResponse:
    """A keyboard grid for one hand's paper scorecards: every row is saved, or none is."""
    event = event_for(request, pk, ANY_ROLE)
    if not event.started:
        messages.error(request, "The event has not started: there is nothing to key yet.")
        return redirect(reverse("event_live", args=[event.pk]))
    try:
        hand = int(request.GET.get("hand") or event.current_hand)
    except ValueError:
        hand = event.current_hand
    if not 1 <= hand <= running.last_open_hand(event):
        raise Http404("That hand has not been reached.")
    problems: list[str] = []
    if request.method == "POST":
        rows = _paper_rows(event, hand, request.POST)
        problems = _save_paper(request, rows, hand)
        if not problems:
            _say_if_moved_on(request, event, hand)
            return _back(event)
    else:
        rows = _paper_rows(event, hand)
    return render(
        request,
        "whistdrive/paper.html",
        {
            "event": event,
            "hand": hand,
            "rows": rows,
            "problems": problems,
            "honours": counts_honours(event),
            "choose_trump": trump_is_chosen(event),
            "hands": range(1, running.last_open_hand(event) + 1),
            # A duplicate evening keys a board slot of a round: each table plays its own board in it.
            "duplicate": event.is_duplicate,
            "slot_names": {h: _slot_name(event, h) for h in range(1, running.last_open_hand(event) + 1)},
        },
        status=400 if problems else 200,
    )


def _slot_name(event: Event, hand: int) -> str:
    """A hand as the organiser names it: "hand 5", or in a duplicate evening "round 2, board 2 of 3"."""
    if not event.is_duplicate:
        return f"hand {hand}"
    fmt = event.format
    return f"round {fmt.round_of(hand)}, board {(hand - 1) % fmt.hands_per_round + 1} of {fmt.hands_per_round}"


def _save_paper(request: HttpRequest, rows: list[PaperRow], hand: int) -> list[str]:
    """Check every keyed row, then set them all in one transaction; the problems, if any."""
    forms_ = [(row, row.form) for row in rows if row.form is not None]
    problems = [f"Table {row.table.number}: {error}" for row, form in forms_ if not form.is_valid()
                for error in _row_errors(form)]  # fmt: skip
    if problems:
        return [*problems, "Nothing was saved: correct the rows below and save again."]
    keyed = [(row, form.cleaned_data["entry"]) for row, form in forms_ if form.cleaned_data["entry"] is not None]
    if not keyed:
        return ["Nothing was keyed: type North–South's tricks for at least one table."]
    try:
        with transaction.atomic():
            for row, keyed_entry in keyed:
                try:
                    entry.set_result(
                        row.table,
                        hand=hand,
                        entry=keyed_entry,
                        user=request.user,
                        reason=PAPER_REASON,
                        source=Result.Source.PAPER,
                    )
                except (entry.EntryError, RuleError) as exc:
                    # EntryError already names the table; the rules' own message does not.
                    problems.append(
                        str(exc) if isinstance(exc, entry.EntryError) else f"Table {row.table.number}: {exc}"
                    )
                    raise _PaperRefused from exc
    except _PaperRefused:
        return [*problems, "Nothing was saved: correct the rows below and save again."]
    numbers = ", ".join(str(row.table.number) for row, _entry in keyed)
    messages.success(request, f"Hand {hand}: saved from paper for table{'s' if len(keyed) > 1 else ''} {numbers}.")
    return []


def _row_errors(form: PaperRowForm) -> list[str]:
    found = []
    for field, errors in form.errors.items():
        label = form.fields[field].label if field in form.fields else None
        found += [f"{label}: {error}" if label else str(error) for error in errors]
    return found


urlpatterns = [
    path("events/<int:pk>/live/", live, name="event_live"),
    path("events/<int:pk>/live/advance/", advance, name="event_live_advance"),
    path("events/<int:pk>/live/undo/", undo, name="event_live_undo"),
    path("events/<int:pk>/live/interval/", interval, name="event_live_interval"),
    path("events/<int:pk>/live/auto-advance/", auto_advance, name="event_live_auto_advance"),
    path("events/<int:pk>/live/flags/<int:flag_pk>/resolve/", resolve_flag, name="event_live_resolve_flag"),
    path("events/<int:pk>/live/tables/<int:number>/token/", new_token, name="event_live_new_token"),
    path("events/<int:pk>/live/arrivals/", late_arrival, name="event_live_late_arrival"),
    path("events/<int:pk>/live/reseat/", reseat, name="event_live_reseat"),
    path("events/<int:pk>/live/departures/", withdraw, name="event_live_withdraw"),
    path("events/<int:pk>/live/substitutes/", substitute, name="event_live_substitute"),
    path("events/<int:pk>/live/departures/<int:entrant_pk>/undo/", undo_withdraw, name="event_live_undo_withdraw"),
    path("events/<int:pk>/live/result/", lookup, name="event_live_lookup"),
    path("events/<int:pk>/live/tables/<int:number>/hands/<int:hand>/", result, name="event_live_result"),
    path("events/<int:pk>/paper/", paper, name="event_paper"),
]
