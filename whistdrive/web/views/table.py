"""The phones at a table (its QR code): the page and its actions. No login: the token is the key.

The page shows the hand being played now and polls its state fragment every few seconds; an
unchanged poll costs one query and a 204 (htmx then swaps nothing) or, for any client that
revalidates, a 304 against its ETag. Every POST answers htmx with the new fragment and a plain
browser with a redirect, so a reload or a phone waking from sleep never resubmits. What the page
holds is worked out in ``whistdrive.evening.phones``.
"""

from __future__ import annotations

import hashlib
import ipaddress
import os
import secrets
from urllib.parse import urlsplit

from csp.utils import build_policy
from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.http import Http404, HttpResponse, HttpResponseNotModified, JsonResponse
from django.shortcuts import redirect, render
from django.urls import path
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import quote_etag
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from clubs.access import HtmxHttpRequest
from whistdrive.engines import tokens
from whistdrive.engines.vocabulary import OTHER_SIDE, SIDE_OF_SEAT
from whistdrive.evening import entry, running
from whistdrive.evening.phones import drawing, pushes, seats, versions, words
from whistdrive.server import addresses, lan
from whistdrive.store.models import Entrant, Event, RetiredTableToken, Seating, Table
from whistdrive.web import ratelimit
from whistdrive.web.errors import TableHasNewCode, too_many
from whistdrive.web.forms import (
    NO_SUCH_HAND,
    AgreeForm,
    EntryForm,
    FlagForm,
    HandoverForm,
    HereForm,
    KeptForm,
    SeatForm,
    phone_form_error,
)

# Which server answers: a phone that sees it change (a restart, or another laptop restored from a
# backup) sends again the taps it keeps, with their keys (static/whistdrive/kept.js). One for all the
# processes of one `rundrive --workers N` (it sets WHISTDRIVE_SERVER_ID for them).
SERVER_ID = os.environ.get("WHISTDRIVE_SERVER_ID") or secrets.token_hex(6)

# The phone's player for each event: a phone remembers whose it is for the evening, whichever table
# they move to (session key -> {event id: entrant id}).
REMEMBERED = "wd_player"


def _remembered(request: HtmxHttpRequest) -> dict[str, int]:
    return request.session.get(REMEMBERED, {})


def _load(request: HtmxHttpRequest, token: str, *, learn_waits: bool = True) -> versions.Loaded:
    """The table with this phone's version of its page (one query); a retired code says so (410)."""
    loaded = versions.load(token, set(_remembered(request).values()), learn_waits=learn_waits)
    if loaded is None:
        if RetiredTableToken.objects.filter(token=token).exists():
            raise TableHasNewCode("This table has a new code: scan the card on the table.")
        raise Http404("No such table.")
    return drawing.for_player(loaded, _player(request, loaded.table))


def _player(request: HtmxHttpRequest, table: Table) -> int | None:
    """The entrant this phone remembers for the table's evening, wherever they sit now."""
    return _remembered(request).get(str(table.event_id))


def _table(token: str) -> Table:
    table = Table.objects.select_related("event").filter(token=token).first()
    if table is None:
        if RetiredTableToken.objects.filter(token=token).exists():
            raise TableHasNewCode("This table has a new code: scan the card on the table.")
        raise Http404("No such table.")
    return table


def _refused_as_a_flood(request: HtmxHttpRequest, table: Table) -> HttpResponse | None:
    """429 once the table's link has sent more posts this hand than any real table needs."""
    if ratelimit.table_post_allowed(table.token, running.playing_hand(table)):
        return None
    return too_many(
        request,
        ratelimit.TABLE_POSTS_MESSAGE,
        wait_seconds=60,
        player_advice=ratelimit.TABLE_POSTS_PLAYER,
        organiser_advice=ratelimit.TABLE_POSTS_ORGANISER,
    )


def _device(request: HtmxHttpRequest) -> str:
    """A hash of the phone's session: enough to tell phones apart in the log, useless as a key."""
    if not request.session.session_key:
        request.session.save()
    key = request.session.session_key or ""  # save() has given it one
    return hashlib.sha256(key.encode()).hexdigest()[:16]


def _address(request: HtmxHttpRequest) -> str | None:
    """The device's address as every per-address limit counts it (behind a trusted proxy, the client's)."""
    address = addresses.client_address(request)
    try:
        return str(ipaddress.ip_address(address))
    except ValueError:  # a test client's or a socket's non-address ("unknown")
        return None


def _seat_of(request: HtmxHttpRequest, table: Table, hand: int) -> str | None:
    """The seat at ``table`` in ``hand`` of the player this phone belongs to, if they sit there."""
    entrant_pk = _remembered(request).get(str(table.event_id))
    if entrant_pk is None:
        return None
    return seats.seat_at(table, hand, [entrant_pk])


def _page_etag(request: HtmxHttpRequest, version: str) -> str:
    """The ETag of the page at ``version``. The full page carries a form token, so its ETag holds the
    phone's CSRF secret too: a 304 must never give back a page whose token the phone's cookie no longer
    matches (cookies cleared, or expired): every tap from it would be refused, reload or not."""
    if request.htmx:
        return quote_etag(f"{version}-f")
    secret = hashlib.sha256(request.META.get("CSRF_COOKIE", "").encode()).hexdigest()[:8]
    return quote_etag(f"{version}-p-{secret}")


def _render(
    request: HtmxHttpRequest,
    shared: dict,
    my_seat: str | None,
    version: str,
    loaded: versions.Loaded | None = None,
    *,
    error: str = "",
    notice: str = "",
) -> HttpResponse:
    """The page or its fragment at ``version``, drawn from the table's ``shared`` drawing for the phone in
    ``my_seat``; with ``loaded`` when that is the version just loaded, so the page can tell a pushed version it
    already shows (whistdrive.server.push) from one it must fetch."""
    state = shared["state"]
    version = version if state else ""
    if request.htmx and loaded is not None and version and version == loaded.version and not error and not notice:
        if my_seat is not None and my_seat in state.seats:
            # The fragment the hub pushes to this seat's phones at this version: drawn once for either.
            response = HttpResponse(pushes.seat_page(shared, loaded.shared, my_seat))
            return _as_a_page(response, shared["event"])
    player = _player(request, shared["table"])
    context = drawing.for_phone(shared, my_seat, player)
    context.update(
        error=error,
        notice=notice,
        version=version,
        shared_version=loaded.shared if loaded is not None and version and version == loaded.version else "",
        push_as=pushes.push_as(player),
        whole_page=not request.htmx,  # a page's forms carry its form token; htmx sends it as a header instead
    )
    template = "whistdrive/table.html#state" if request.htmx else "whistdrive/table.html"
    return _as_a_page(render(request, template, context), shared["event"])


def _as_a_page(response: HttpResponse, event: Event) -> HttpResponse:
    patch_cache_control(response, no_cache=True, private=True)
    patch_vary_headers(response, ["Cookie", "HX-Request"])
    return _for_kept_taps(response, event)


def _for_kept_taps(response: HttpResponse, event: Event) -> HttpResponse:
    """What a phone's kept taps need to know: the server answering, and the last hand its backup holds."""
    response["WD-Server"] = SERVER_ID
    response["WD-Backed-Up"] = str(event.backed_up_hand)
    return response


# -- the table page ----------------------------------------------------------------------


@login_not_required
@require_GET
def table_page(request: HtmxHttpRequest, token: str) -> HttpResponse:
    if not request.htmx and "player" in request.GET:
        return _handed_over(request, token)
    if request.htmx:
        return _table_page(request, token)
    return _may_look_for_other_laptops(request, _table_page(request, token))


def _table_page(request: HtmxHttpRequest, token: str) -> HttpResponse:
    loaded = _load(request, token)
    hand = loaded.table.event.current_hand
    if hand:
        # The version is read with the table: an unchanged poll costs that one query and no more.
        etag = _page_etag(request, loaded.version)
        if request.htmx and request.GET.get("v") == loaded.version:
            # htmx swaps nothing on a 204: the page (and an open disclosure) stays as it is.
            return _for_kept_taps(HttpResponse(status=204), loaded.table.event)
        if etag in [t.strip() for t in request.headers.get("If-None-Match", "").split(",")]:
            response: HttpResponse = HttpResponseNotModified()
            response["ETag"] = etag
            return response
    shared = drawing.kept_drawing(loaded) if hand else drawing.drawing(loaded.table)
    response = _render(request, shared, loaded.my_seat, loaded.version if hand else "", loaded)
    if hand:
        response["ETag"] = _page_etag(request, loaded.version)
    return response


def _may_look_for_other_laptops(request: HtmxHttpRequest, page: HttpResponse) -> HttpResponse:
    """A phone whose laptop has gone looks for the laptop that replaced it (kept.js): its page may connect
    to the addresses it asks and no others (lan.other_laptops, a few hundred on a hall's /24: 7 KB of header
    on rundrive's port 8000, 13 KB on another). Only a whole page needs it: a fragment or a 204 sets no
    policy of its own, and every poll would carry them."""
    parts = urlsplit(f"//{request.get_host()}")
    port = parts.port or (443 if request.is_secure() else 80)
    laptops = lan.other_laptops(request.scheme or "http", parts.hostname or "", port)
    page["Content-Security-Policy"] = build_policy(update={"connect-src": laptops})
    return page


def _handed_over(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """A phone arriving from the laptop that went (kept.js, once this server proved it holds the table):
    it was here as ``player``, so it is again, with no seat to pick, if that player sits at this table in
    the hand it plays now or the one before. Then the table's page at its plain address."""
    table = _table(token)
    form = HandoverForm(request.GET)
    if form.is_valid():
        player = form.cleaned_data["player"]
        hand = running.playing_hand(table)
        if Seating.objects.at_table(table).of_entrant(player).from_hand(hand - 1).up_to(hand).exists():
            request.session[REMEMBERED] = {**_remembered(request), str(table.event_id): player}
    return redirect("table", token=token)


def _after_post(
    request: HtmxHttpRequest,
    token: str,
    error: str = "",
    state: entry.TableState | None = None,
    my_seat: str | None = None,
) -> HttpResponse:
    """htmx gets the new fragment (drawn from ``state`` when the entry returned it, for the phone in
    ``my_seat``); a browser a redirect.

    A phone that agreed (or entered the same) after the evening had moved on is told the result that
    counts, and then sees the hand being played now.
    """
    notice = ""
    if state is not None and _moved_on_from(state):
        agreed = state.entry
        assert agreed is not None  # only an agreed hand is moved on from
        which = f"board {state.board.number}" if state.board is not None else f"hand {state.hand}"
        notice = f"Agreed: North–South {agreed.tricks_ns}, East–West {agreed.tricks_ew} ({which})."
        state = None
    if not request.htmx:
        if error:
            messages.error(request, error)
        if notice:
            messages.info(request, notice)
        return redirect("table", token=token)
    if state is not None:
        # The answer to an entry is drawn from the state it stored, at the version its write left (no
        # second read): anything changed since reaches the phone as the next page pushed or polled.
        # Where an agreed table's players go (the movement, worked out to learn what its page waits on)
        # is left to that next page too: the phone pressing Agree is answered at once. (Worked out in
        # the answer instead, a busy hall's agreements all at once went from 100 to 64 a second, for one
        # request a table less: docs/benchmarks.md.)
        loaded = drawing.for_player(
            versions.written(state.table, my_seat, agreed=state.status == "agreed"), _player(request, state.table)
        )
        shared = drawing.drawing(state.table, state=state, moves_later=True)
        if shared.get("moves_later") or not loaded.version:
            version = versions.MOVES_LATER  # never a real version: the next poll draws the page as it is now
        else:
            version = loaded.version
            # The table's other phones, told of this version (pushed or polled), are given this drawing
            # instead of drawing it again.
            drawing.keep_drawing(loaded, shared)
    else:
        loaded = _load(request, token)
        shared = drawing.kept_drawing(loaded)
        version = loaded.version
    return _render(request, shared, loaded.my_seat, version, loaded, error=error, notice=notice)


def _moved_on_from(state: entry.TableState) -> bool:
    """Whether the table has moved on from the hand an entry answered with: the evening moved on, or in a
    duplicate round the table went straight on to its next board (the phone then sees that board, with a
    word on the one agreed)."""
    written = state.table.event  # the evening as the entry found it, under the table's lock
    if written.status == Event.Status.FINISHED:
        return True
    if written.is_duplicate:
        return state.hand != running.playing_hand(_table(state.table.token))
    return state.hand != written.current_hand


@login_not_required
@require_POST
def choose_seat(request: HtmxHttpRequest, token: str) -> HttpResponse:
    table = _table(token)
    if flooded := _refused_as_a_flood(request, table):
        return flooded
    form = SeatForm(request.POST)
    if not form.is_valid():
        return _after_post(request, token, "Choose North, East, South or West.")
    # The seat at the board the table plays now (in a duplicate round a substitute may hold it from there).
    seating = Seating.objects.at_table(table, running.playing_hand(table)).in_seat(form.cleaned_data["seat"]).first()
    if seating is None:
        return _after_post(request, token, "Nobody sits in that seat this hand.")
    request.session[REMEMBERED] = {**_remembered(request), str(table.event_id): seating.entrant_id}
    return _after_post(request, token)


@login_not_required
@require_POST
def forget_seat(request: HtmxHttpRequest, token: str) -> HttpResponse:
    table = _table(token)
    if flooded := _refused_as_a_flood(request, table):
        return flooded
    remembered = _remembered(request)
    remembered.pop(str(table.event_id), None)
    request.session[REMEMBERED] = remembered
    return _after_post(request, token)


@login_not_required
@require_POST
def enter(request: HtmxHttpRequest, token: str) -> HttpResponse:
    # The table, its event and this phone's seat there now, in the one query a poll costs.
    loaded = _load(request, token, learn_waits=False)
    table = loaded.table
    if flooded := _refused_as_a_flood(request, table):
        return flooded
    form = EntryForm(request.POST)
    if not form.is_valid():
        return _after_post(request, token, phone_form_error(form, "Tap the number of tricks your side took."))
    data = form.cleaned_data
    # No seat here for that hand: submit anyway, so the refusal (and its reason) is logged. A tap kept on
    # the phone names its seat, for a server that does not know the phone (restored on another laptop);
    # any phone may take any seat with a tap anyway (choose_seat).
    here = loaded.my_seat if data["hand"] == running.playing_hand(table) else _seat_of(request, table, data["hand"])
    seat = here or data["seat"]
    side = SIDE_OF_SEAT.get(seat, "NS")
    revoke = {"us": side, "them": OTHER_SIDE[side]}.get(data["revoke"])
    try:
        state = entry.submit(
            table,
            hand=data["hand"],
            seat=seat,
            tricks_ours=data["tricks"],
            honours_ours=data["honours_ours"],
            honours_theirs=data["honours_theirs"],
            revoke=revoke,
            trump=data["trump"] or None,
            device=_device(request),
            address=_address(request),
            key=data["key"],
            resent=data["resent"],
        )
    except entry.EntryError as exc:
        return _after_post(request, token, str(exc))
    return _after_post(request, token, state=state, my_seat=loaded.my_seat)


@login_not_required
@require_POST
def agree(request: HtmxHttpRequest, token: str) -> HttpResponse:
    loaded = _load(request, token, learn_waits=False)
    table = loaded.table
    if flooded := _refused_as_a_flood(request, table):
        return flooded
    form = AgreeForm(request.POST)
    if not form.is_valid():
        return _after_post(request, token, phone_form_error(form, "Tap the seat of the player agreeing."))
    data = form.cleaned_data
    try:
        # The claim shown is checked under the table's lock, with the state read there once.
        state = entry.agree(
            table,
            hand=data["hand"],
            seat=data["seat"],
            device=_device(request),
            address=_address(request),
            shown_tricks_ns=data["tricks_ns"],
            key=data["key"],
            resent=data["resent"],
        )
    except entry.EntryError as exc:
        return _after_post(request, token, str(exc))
    return _after_post(request, token, state=state, my_seat=loaded.my_seat)


@login_not_required
@require_POST
def call_organiser(request: HtmxHttpRequest, token: str) -> HttpResponse:
    table = _table(token)
    if flooded := _refused_as_a_flood(request, table):
        return flooded
    form = FlagForm(request.POST)
    if not form.is_valid():
        return _after_post(request, token, phone_form_error(form, "Say why you need the organiser."))
    if form.cleaned_data["hand"] != running.playing_hand(table):
        return _after_post(request, token, NO_SUCH_HAND)  # a call is about the hand being played
    reason = dict(words.FLAG_REASONS)[form.cleaned_data["reason"]]
    try:
        entry.call_organiser(table, hand=form.cleaned_data["hand"], reason=reason)
    except entry.EntryError:
        return _after_post(request, token, NO_SUCH_HAND)  # the evening moved on as the call came
    return _after_post(request, token)


# -- another laptop: a phone's page at the old laptop's address finds this one and sends what it kept --


def _to_any_page(response: HttpResponse) -> HttpResponse:
    """Readable by the phone's page at the old laptop's address (another origin): it names nothing the
    asker did not know (a proof, or the answer to a tap posted with the table's token)."""
    response["Access-Control-Allow-Origin"] = "*"
    response["Cache-Control"] = "no-store"
    return response


@login_not_required
@require_GET
def here(request: HtmxHttpRequest) -> HttpResponse:
    """Is this the laptop that replaced a phone's? Asked by a phone whose laptop has gone (kept.js), at
    every address it tries, with a fresh nonce and nothing else: no token, no table, so a device that
    only listens learns nothing. The answer proves, for each table of the evenings being played here,
    that this server knows its token (tokens.laptop_proof), and names none: sorted, they say only how
    many tables play. The phone checks for its own and tells a server nothing before it has found it."""
    form = HereForm(request.GET)
    if not form.is_valid():
        return _to_any_page(JsonResponse({"proofs": [], "message": "Ask with a nonce: 32 hex digits."}, status=400))
    nonce = form.cleaned_data["nonce"]
    playing = Table.objects.filter(event__status__in=[Event.Status.RUNNING, Event.Status.INTERVAL])
    proofs = sorted(tokens.laptop_proof(token, nonce) for token in playing.values_list("token", flat=True))
    return _to_any_page(JsonResponse({"proofs": proofs}))


@csrf_exempt  # posted from the phone's page at the old laptop's address, which has no form token here
@login_not_required
@require_POST
def kept(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """An entry or agreement a phone kept, sent on to this laptop (restored from a backup of the first).

    The table's token in the address is the key, as for every phone post; the tap names its own seat,
    as this server never saw the phone. Taken once by its key, like the table page's own posts.
    """
    table = _table(token)
    if flooded := _refused_as_a_flood(request, table):
        return _to_any_page(flooded)
    form = KeptForm(request.POST)
    if not form.is_valid():
        return _to_any_page(
            JsonResponse({"taken": False, "message": "Not a tap this phone could have kept."}, status=400)
        )
    data = form.cleaned_data
    if not _ready_for(table, data):
        # The other phones' taps come back too, in no set order: this one is asked for again shortly.
        return _to_any_page(JsonResponse({"taken": False, "later": True, "message": ""}, status=409))
    common = dict(hand=data["hand"], seat=data["seat"], device=_device(request), address=_address(request),
                  key=data["key"], resent=True)  # fmt: skip
    try:
        if data["action"] == "agree":
            entry.agree(table, shown_tricks_ns=data["tricks_ns"], **common)
        else:
            side = SIDE_OF_SEAT[data["seat"]]
            entry.submit(
                table,
                tricks_ours=data["tricks"],
                honours_ours=data["honours_ours"],
                honours_theirs=data["honours_theirs"],
                revoke={"us": side, "them": OTHER_SIDE[side]}.get(data["revoke"]),
                trump=data["trump"] or None,
                **common,
            )
    except entry.EntryError as exc:
        return _to_any_page(JsonResponse({"taken": False, "message": str(exc)}))
    return _to_any_page(JsonResponse({"taken": True, "message": ""}))


def _ready_for(table: Table, data: dict) -> bool:
    """Whether a kept tap can be taken now: not for a hand this laptop has not reached yet (other tables'
    taps must finish the hand before), and an agreement only once the claim it agreed to is here."""
    if data["hand"] > running.playing_hand(table):
        return False
    if data["action"] != "agree":
        return True
    state = entry.table_state(table, data["hand"])
    side = SIDE_OF_SEAT[data["seat"]]
    return state.result is not None or state.claims[OTHER_SIDE[side]] is not None


def remembered_entrant(request: HtmxHttpRequest, event: Event) -> Entrant | None:
    """This phone's player at ``event``, if it has chosen a seat there."""
    entrant_pk = _remembered(request).get(str(event.pk))
    return event.entrants.filter(pk=entrant_pk).first() if entrant_pk else None


@login_not_required
@require_GET
def events(request: HtmxHttpRequest, token: str) -> HttpResponse:
    """The table's pushed updates, as this server answers them: 204, "none here". A server that holds open
    streams (``rundrive``'s, whistdrive/server/asgi.py) answers this URL itself (whistdrive/server/push.py); behind one
    that cannot (a hosted install's WSGI workers), a 204 tells the phone's browser not to ask again, and
    the page polls."""
    return HttpResponse(status=204)


urlpatterns = [
    path("t/<token:token>/", table_page, name="table"),
    path("t/<token:token>/events/", events, name="table_events"),
    path("t/<token:token>/seat/", choose_seat, name="table_seat"),
    path("t/<token:token>/seat/forget/", forget_seat, name="table_forget_seat"),
    path("t/<token:token>/enter/", enter, name="table_enter"),
    path("t/<token:token>/agree/", agree, name="table_agree"),
    path("t/<token:token>/call/", call_organiser, name="table_call"),
    path("here/", here, name="laptop_here"),
    path("t/<token:token>/kept/", kept, name="table_kept"),
]
