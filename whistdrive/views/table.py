"""The phones: a table's page (its QR code) and each player's own page. No login: the token is the key.

The table page shows the hand being played now and polls its state fragment every few
seconds; an unchanged poll costs a 204 (htmx then swaps nothing) or, for any client that
revalidates, a 304 against the state's ETag. Every POST answers htmx with the new fragment
and a plain browser with a redirect, so a reload or a phone waking from sleep never resubmits.
"""

from __future__ import annotations

import hashlib
import math
import threading

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_not_required
from django.db import connection
from django.db.models import Count, Max, Q, Sum
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, path, reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.http import quote_etag
from django.views.decorators.http import require_GET, require_POST

from whistdrive import charts, entry, evening, games, movements, ratelimit, scores, standings
from whistdrive.models import SUIT_SYMBOLS, Entrant, Event, Flag, Result, RetiredTableToken, Seating, Submission, Table
from whistdrive.rules import SIDE_NAMES, SIDE_OF_SEAT, HandEntry, drive_score, tricks_after_revoke, trump_for_hand
from whistdrive.views.errors import TableHasNewCode, too_many

SEATS = ("N", "E", "S", "W")
OTHER_SIDE = {"NS": "EW", "EW": "NS"}
SIDE_SEATS = {"NS": ("N", "S"), "EW": ("E", "W")}
SEAT_NAMES = entry.SEAT_NAMES
SUIT_WORDS = {"H": "Hearts", "D": "Diamonds", "S": "Spades", "C": "Clubs", "N": "No trumps"}
FLAG_REASONS = [
    ("dispute", "We disagree on the result"),
    ("misdeal", "Misdeal"),
    ("missing", "A player is missing"),
    ("other", "Something else"),
]


# -- forms -------------------------------------------------------------------------------


# The hand a page was showing. Bounded, so a tampered or garbled post is a message, never a
# database error (hands are stored as small positive integers).
def _hand_field() -> forms.IntegerField:
    return forms.IntegerField(min_value=1, max_value=999)


MOVES_LATER = "moves"
# As text: the template localizes every number it prints, and the keypad's 56 were a quarter of a
# submit's rendering.
KEYPAD = [(str(n), str(13 - n)) for n in range(14)]
NO_SUCH_HAND = (
    "This page was showing a hand that is not being played. Nothing was entered; it now shows the hand being played."
)


def _form_error(form: forms.Form, message: str) -> str:
    return NO_SUCH_HAND if "hand" in form.errors else message


class SeatForm(forms.Form):
    seat = forms.ChoiceField(choices=[(s, SEAT_NAMES[s]) for s in SEATS])


class EntryForm(forms.Form):
    hand = _hand_field()
    # No range here: the rules engine words a bad count for the player ("from 0 to 13, not 14").
    tricks = forms.IntegerField()
    honours_ours = forms.IntegerField(required=False)
    honours_theirs = forms.IntegerField(required=False)
    revoke = forms.ChoiceField(
        choices=[("", "No revoke"), ("us", "We revoked"), ("them", "They revoked")], required=False
    )
    trump = forms.ChoiceField(choices=[("", "—")] + [(s, SUIT_WORDS[s]) for s in "HDSC"], required=False)


class AgreeForm(forms.Form):
    hand = _hand_field()
    seat = forms.ChoiceField(choices=[(s, SEAT_NAMES[s]) for s in SEATS])
    # The version the player was shown, so a claim changed meanwhile is not agreed blind.
    tricks_ns = forms.IntegerField(required=False)


class FlagForm(forms.Form):
    hand = _hand_field()
    reason = forms.ChoiceField(choices=FLAG_REASONS)


# -- helpers -----------------------------------------------------------------------------


def _table_for_token(token: str) -> Table:
    table = Table.objects.select_related("event").filter(token=token).first()
    if table is None:
        if RetiredTableToken.objects.filter(token=token).exists():
            raise TableHasNewCode("This table has a new code: scan the card on the table.")
        raise Http404("No such table.")
    return table


def _refused_as_a_flood(request: HttpRequest, table: Table) -> HttpResponse | None:
    """429 once the table's link has sent more posts this hand than any real table needs."""
    if ratelimit.table_post_allowed(table.token, table.event.current_hand):
        return None
    return too_many(
        request,
        ratelimit.TABLE_POSTS_MESSAGE,
        wait_seconds=60,
        player_advice=ratelimit.TABLE_POSTS_PLAYER,
        organiser_advice=ratelimit.TABLE_POSTS_ORGANISER,
    )


def _device(request: HttpRequest) -> str:
    """A hash of the phone's session: enough to tell phones apart in the log, useless as a key."""
    if not request.session.session_key:
        request.session.save()
    return hashlib.sha256(request.session.session_key.encode()).hexdigest()[:16]


def _address(request: HttpRequest) -> str | None:
    return request.META.get("REMOTE_ADDR") or None


def _remembered_entrant(request: HttpRequest, table: Table) -> int | None:
    by_table = request.session.get("wd_seats", {})
    if str(table.pk) in by_table:
        return by_table[str(table.pk)]
    return request.session.get("wd_player", {}).get(str(table.event_id))


def _remember(request: HttpRequest, table: Table, entrant: Entrant) -> None:
    by_table = request.session.get("wd_seats", {})
    by_table[str(table.pk)] = entrant.pk
    by_event = request.session.get("wd_player", {})
    by_event[str(table.event_id)] = entrant.pk
    request.session["wd_seats"], request.session["wd_player"] = by_table, by_event


def _my_seat(request: HttpRequest, table: Table, seats: dict[str, Entrant]) -> str | None:
    """The seat of the player this phone belongs to, if they sit at this table this hand."""
    entrant_pk = _remembered_entrant(request, table)
    return next((seat for seat, e in seats.items() if e.pk == entrant_pk), None)


def _seat_of(request: HttpRequest, table: Table, hand: int) -> str | None:
    """``_my_seat`` for a hand, from the one seating row of this phone's player (not the table's state)."""
    entrant_pk = _remembered_entrant(request, table)
    if entrant_pk is None:
        return None
    seat = Seating.objects.filter(table=table, hand=hand, entrant_id=entrant_pk).order_by().values_list("seat")[:1]
    return next((s for (s,) in seat), None)


def _trump_view(trump: str | None) -> dict | None:
    if not trump:
        return None
    return {"letter": trump, "symbol": SUIT_SYMBOLS[trump], "word": SUIT_WORDS[trump], "red": trump in "HD"}


def _seat_phrase(seat: str) -> str:
    """ "N" -> "North"; the engine's "N or E" (seat decided by another table) -> "North or East"."""
    return " or ".join(SEAT_NAMES.get(part, part) for part in seat.split(" or "))


# Per process: an agreed table's totals, under this table's results (what its version covers of the
# totals; its partners may still change as other tables finish, and they need no new totals).
_agreed_totals: dict[str, tuple[tuple, dict]] = {}


def _totals(event: Event, state: entry.TableState) -> dict[str, int]:
    # Only this table's four: the whole event's standings, re-worked for every phone while the
    # hall's results pour in, was most of the server's time at 300 tables (docs/benchmarks.md).
    if not event.format.is_drive:
        return {}
    here = Result.objects.filter(table=state.table).order_by().aggregate(n=Count("pk"), last=Max("updated"))
    key = (state.hand, here["n"], here["last"], tuple(e.pk for e in state.seats.values()))
    held = _agreed_totals.get(state.table.token)
    if held and held[0] == key:
        return held[1]
    totals = scores.totals_for(event, state.seats.values())
    if len(_agreed_totals) > 5_000:
        _agreed_totals.clear()
    _agreed_totals[state.table.token] = (key, totals)
    return totals


# Per process: the seating history a round-driven move reads, which does not change while a hand
# is being played; keyed on the newest seating, so a new plan is never missed. Reading 14,400
# seatings took ~2 s at 300 tables.
_history_cache: dict[int, tuple[tuple, list]] = {}
_history_lock = threading.Lock()


def _history(event: Event, hand: int) -> tuple[int | None, list]:
    # Seatings only ever gain rows (ids are never reused) or lose the newest hand's, and hands already
    # played are never re-seated: the newest id of this hand's seating is the key (an indexed MAX).
    # Not the event's newest: seating the next hand would have re-read the whole history (~0.7 s).
    last = Seating.objects.filter(event=event, hand=hand).aggregate(last=Max("pk"))["last"]
    key = (hand, last)
    held = _history_cache.get(event.pk)
    if held and held[0] == key:
        return last, held[1]
    # One thread reads it while the others wait for it: when a hall's pages first needed it, every
    # server thread read the same 14,400 seatings at once.
    with _history_lock:
        held = _history_cache.get(event.pk)
        if held and held[0] == key:
            return last, held[1]
        history = evening.history_of(event, hand)
        if len(_history_cache) > 8:
            _history_cache.clear()
        _history_cache[event.pk] = (key, history)
    return last, history


# Per process: the players present for a hand, while the event's entrants are unchanged.
_players_cache: dict[tuple[int, int], tuple[tuple, list]] = {}


def _entrants_key(event: Event) -> tuple:
    """What the players present for a hand are read from: arrivals, departures and roles change it."""
    return tuple(
        Entrant.objects.filter(event=event)
        .order_by()
        .aggregate(
            n=Count("pk"),
            last=Max("pk"),
            joined=Sum("joined_hand"),
            left=Sum("left_after_hand"),
            role_changes=Sum("role_from_hand"),
            gents=Count("pk", filter=Q(role="gent")),
            ladies=Count("pk", filter=Q(role="lady")),
        )
        .values()
    )


def _players(event: Event, hand: int, key: tuple) -> list[movements.Player]:
    """``evening.players_for`` from plain values, kept under the entrants' ``key``: reading 1,200
    of them was a tenth of a busy hall's time."""
    held = _players_cache.get((event.pk, hand))
    if held and held[0] == key:
        return held[1]
    players = event.entrants.players_for(hand)
    if len(_players_cache) > 64:
        _players_cache.clear()
    _players_cache[event.pk, hand] = (key, players)
    return players


# Per process: each agreed table's answer from where_next, with what it was worked from. Its
# contract: the next tables follow from this table's result alone, and a mover's seat from the
# result of the table they go to; so the answer stands while the players, the seating history,
# this table's result and those tables' results are unchanged (four phones draw the same page).
_answers: dict[tuple[int, int, int], tuple[tuple, dict]] = {}


def _where_next(event: Event, table: Table, hand: int) -> dict:
    last, history = _history(event, hand)
    entrants = _entrants_key(event)
    cache_key = (event.pk, hand, table.number)
    held = _answers.get(cache_key)
    if held is not None:
        # Checked against the results of this table and the tables its movers go to, not the hall's.
        inputs, answer = held
        went = sorted({place[0] for place in answer.values() if place})
        here = evening.round_results(event, hand, tables=[table.number, *went])
        if inputs == (last, entrants, here.get(table.number), [(t, here.get(t)) for t in went]):
            return answer
    results = evening.round_results(event, hand)
    players = _players(event, hand + 1, entrants)
    answer = movements.where_next(event.format, players, history, table.number, results[table.number], results)
    went = sorted({place[0] for place in answer.values() if place})
    if len(_answers) > 10_000:
        _answers.clear()
    _answers[cache_key] = ((last, entrants, results[table.number], [(t, results.get(t)) for t in went]), answer)
    return answer


LEAVES = "that was their last hand tonight: thank you for playing"
WAIT_FOR_THE_HALL = "players are joining or leaving: your next seat shows here when every table has finished"


def _players_change_after(event: Event, hand: int) -> bool:
    """Whether anyone arrives, leaves or changes role between ``hand`` and the next."""
    return event.entrants.filter(
        Q(joined_hand=hand + 1) | Q(left_after_hand=hand) | Q(role_from_hand=hand + 1)
    ).exists()


def _moves(event: Event, table: Table, hand: int, seats: dict[str, Entrant]) -> list[dict]:
    """Where each player of ``hand`` at ``table`` goes next, in words, with partners when known."""
    fmt = event.format
    if hand >= fmt.hands:
        return [{"name": e.name, "text": "That was the last hand.", "seat": s} for s, e in _in_order(seats)]
    # Only these players' next seats and the tables they go to, not the whole hall's seating.
    following = {
        s.entrant_id: s
        for s in Seating.objects.filter(event=event, hand=hand + 1, entrant__in=[e.pk for e in seats.values()])
        .select_related("table")
    }  # fmt: skip
    next_tables = {s.table_id for s in following.values() if s.table_id}
    by_place = {
        (s.table_id, s.seat): s.entrant
        for s in Seating.objects.filter(event=event, hand=hand + 1, table__in=next_tables).select_related("entrant")
    }
    partner_seat = {"N": "S", "S": "N", "E": "W", "W": "E"}
    rows = []
    leaving = {e.pk for e in seats.values() if e.left_after_hand == hand}
    if all(e.pk in following or e.pk in leaving for e in seats.values()):
        for seat, person in _in_order(seats):
            nxt = following.get(person.pk)
            if nxt is None:
                text, partner = LEAVES, None
            elif nxt.table_id is None:
                text, partner = f"sit out hand {hand + 1}", None
            else:
                partner = by_place.get((nxt.table_id, partner_seat[nxt.seat]))
                text = _go_to(table, seat, nxt.table.number, nxt.seat, hand + 1)
            rows.append({"name": person.name, "text": text, "seat": seat, "partner": partner and partner.name})
        _note_waits(table, hand, ())
        return rows
    if not fmt.ends_round(hand) and not _players_change_after(event, hand):
        _note_waits(table, hand, ())
        return [{"name": e.name, "text": f"stay here for hand {hand + 1}", "seat": s} for s, e in _in_order(seats)]
    try:
        answer = _where_next(event, table, hand)
    except movements.WaitForTheHall:
        # Players join or leave at this hand's end: any table's result may decide anyone's seat.
        _note_waits(table, hand, ())
        return [
            {"name": e.name, "text": LEAVES if e.pk in leaving else WAIT_FOR_THE_HALL, "seat": s}
            for s, e in _in_order(seats)
        ]
    except (movements.MovementError, KeyError):
        return [{"name": e.name, "text": "ask the organiser", "seat": s} for s, e in _in_order(seats)]
    # A mover's seat is "N or E" until the table they go to has its result (where_next's contract).
    _note_waits(table, hand, _undecided_tables(answer))
    for seat, person in _in_order(seats):
        if person.pk in leaving:
            text = LEAVES
        elif person.player_id not in answer:
            text = "ask the organiser"
        elif answer[person.player_id] is None:
            text = f"sit out hand {hand + 1}"
        else:
            number, nxt_seat = answer[person.player_id]
            text = _go_to(table, seat, number, nxt_seat, hand + 1)
        rows.append({"name": person.name, "text": text, "seat": seat, "partner": None})
    return rows


# Per process: the other tables whose results an agreed table's page still waits on (by number),
# noted when the page is drawn. An agreed page's version then covers only those tables' results:
# covering every result in the hall re-drew all 1,200 phones on each result while the hall
# finished a hand. Unknown here (another process drew it), the version covers the whole hall.
_waits_on: dict[tuple[int, int], tuple[int, ...]] = {}


def _undecided_tables(answer: dict) -> set[int]:
    return {place[0] for place in answer.values() if place and " or " in place[1]}


def _learn_waits(table: Table, hand: int) -> tuple[int, ...] | None:
    """The tables an agreed table's page will wait on, noted before its version is first read.

    Drawing the page notes them too, but a version read after drawing might already cover a
    result the drawing missed; read before, the first drawing can be shared with the other phones.
    """
    event = table.event
    fmt = event.format
    if hand >= fmt.hands or not fmt.ends_round(hand) or Seating.objects.filter(event=event, hand=hand + 1).exists():
        _note_waits(table, hand, ())
    else:
        try:
            _note_waits(table, hand, _undecided_tables(_where_next(event, table, hand)))
        except movements.WaitForTheHall:
            _note_waits(table, hand, ())  # only the next hand's seating, which changes the version anyway
        except (movements.MovementError, KeyError):
            return None
    return _waits_on.get((table.pk, hand))


def _note_waits(table: Table, hand: int, numbers) -> None:
    if len(_waits_on) > 10_000:
        _waits_on.clear()
    _waits_on[table.pk, hand] = tuple(sorted(numbers))


def _go_to(table: Table, seat: str, number: int, nxt_seat: str, next_hand: int) -> str:
    if number == table.number and nxt_seat == seat:
        return f"stay in your seat ({SEAT_NAMES[seat]}) for hand {next_hand}"
    if number == table.number:
        return f"stay at this table, move to {_seat_phrase(nxt_seat)}"
    return f"go to table {number}, seat {_seat_phrase(nxt_seat)}"


def _in_order(seats: dict[str, Entrant]):
    return [(s, seats[s]) for s in SEATS if s in seats]


def _version_sql() -> str:
    sub, res = Submission._meta.db_table, Result._meta.db_table
    seat, flag = Seating._meta.db_table, Flag._meta.db_table
    here = "table_id = %s AND hand = %s"
    return (
        f"SELECT (SELECT COUNT(*) FROM {sub} WHERE {here}), (SELECT MAX(id) FROM {sub} WHERE {here}),"
        f" (SELECT id FROM {res} WHERE {here}), (SELECT updated FROM {res} WHERE {here}),"
        f" (SELECT COUNT(*) FROM {res} WHERE table_id = %s), (SELECT MAX(updated) FROM {res} WHERE table_id = %s),"
        f" (SELECT COUNT(*) FROM {seat} WHERE {here}), (SELECT MAX(id) FROM {seat} WHERE {here}),"
        f" (SELECT seat FROM {seat} WHERE {here} AND entrant_id = %s),"
        f" (SELECT COUNT(*) FROM {flag} WHERE {here} AND resolved IS NULL)"
    )


def _version(request: HttpRequest, table: Table) -> str:
    """Everything this phone's table page shows, as a short fingerprint (the ETag and ``?v=`` of a poll)."""
    return _versions(request, table)[1]


def _versions(request: HttpRequest, table: Table) -> tuple[str, str]:
    """The table's version (what all four phones show) and this phone's (that and its seat).

    One query of counts and latest rows, no model objects: at 1,200 phones this runs many times a
    second, and reading the state (seven ORM queries) made an unchanged poll cost five times a
    trivial view (docs/benchmarks.md, "A hall at its peak"). Submissions are append-only, so their
    count and latest id change with every entry; a result changes its ``updated``; a new seating
    plan makes new rows. This table's results of every hand are in, so an organiser's correction of
    an earlier hand (the game-night score, the totals) shows at once.
    """
    event = table.event
    hand = event.current_hand
    me = _remembered_entrant(request, table) or 0
    t = table.pk
    with connection.cursor() as cursor:
        cursor.execute(
            _version_sql(), [t, hand, t, hand, t, hand, t, hand, t, t, t, hand, t, hand, t, hand, me, t, hand]
        )
        row = cursor.fetchone()
    my_seat = row[8]
    parts = [t, event.status, hand, *row[:8], *row[9:]]
    if row[2] is not None:
        # Only an agreed table shows anything of the other tables (where everyone goes next, which
        # may wait on another table's result). Before that, another table's result changes nothing
        # here: left out, 1,200 phones re-rendered on every result in the hall.
        waits = _waits_on.get((t, hand))
        if waits is None:
            waits = _learn_waits(table, hand)
        if waits is None:
            results = Result.objects.for_event(event)
        else:
            results = Result.objects.filter(table__event=event, table__number__in=waits, hand=hand)
        results = results.aggregate(n=Count("pk"), last=Max("updated"))
        parts += [waits, results["n"], results["last"]]
    shared = hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()[:20]
    return shared, hashlib.sha256(f"{shared}|{my_seat}".encode()).hexdigest()[:20]


# The phones' poll interval grows with the hall, so a big hall's polls stay near this many a second:
# at 1,200 phones every 4 s they were 300 a second, most of a laptop's CPU before anything changed.
# A phone also polls the moment it wakes or its page comes back into view (table.html).
POLLS_A_SECOND = 80


def poll_seconds(tables: int) -> int:
    """Seconds between a table page's polls: 4 up to 80 tables (320 phones), then longer."""
    return max(4, math.ceil(tables * 4 / POLLS_A_SECOND))


def _shared_context(table: Table, state: entry.TableState | None, moves_later: bool) -> dict:
    """What all four phones of the table show: everything but the phone's own seat and errors."""
    event = table.event
    hand = event.current_hand
    if state is None or state.hand != hand:
        state = entry.table_state(table, hand) if hand else None
    seats = state.seats if state else {}
    fmt = event.format
    context = {
        "event": event,
        "table": table,
        "hand": hand,
        "state": state,
        "fmt": fmt,
        "seated": bool(seats),
        "trump": _trump_view(state.trump if state else None),
        "ask_trump": state is not None and state.trump is None,
        "honours": fmt.is_games and fmt.honours,
        "keypad": KEYPAD,
        "suit_choices": [(s, SUIT_SYMBOLS[s], SUIT_WORDS[s]) for s in "HDSC"],
        "results_url": _results_url(event),
        "flag_reasons": FLAG_REASONS,
        "flagged": state is not None and Flag.objects.filter(table=table, hand=hand, resolved__isnull=True).exists(),
        "poll_seconds": poll_seconds(event.tables.count()) if state is not None else 0,
    }
    if state is None:
        return context
    claims = {side: claim for side, claim in state.claims.items() if claim}
    context["claims"] = [
        {
            "side": side,
            "side_name": SIDE_NAMES[side],
            "entry": claim.entry,
            "words": claim_words(claim.entry, fmt),
            "extra": claim_extra(claim.entry, fmt),
        }
        for side, claim in claims.items()
    ]
    if state.status == "pending":
        claimer = state.pending_side
        context["claimer"] = claimer
        context["claimer_name"] = SIDE_NAMES[claimer]
        context["claim"] = claims[claimer].entry
        context["claim_words"] = claim_words(claims[claimer].entry, fmt)
        context["claim_extra"] = claim_extra(claims[claimer].entry, fmt)
        # The phone may be passed across: the agreeing players are named by their seats.
        context["agreeing_seats"] = [
            {"seat": s, "seat_name": SEAT_NAMES[s], "name": seats[s].name if s in seats else ""}
            for s in SIDE_SEATS[OTHER_SIDE[claimer]]
        ]
    if fmt.is_games:
        context["game"] = _game_context(table, state)
    if state.status == "agreed":
        agreed = state.entry
        context["agreed"] = agreed
        context["agreed_extra"] = claim_extra(agreed, fmt)
        context["after_revoke"] = tricks_after_revoke(agreed, fmt)
        if moves_later and hand < fmt.hands:
            # The answer to an entry: where everyone goes next (the hall's movement, the totals) comes
            # by the page's next poll, fired on load, so the phone pressing Agree is answered at once.
            # (After the last hand there is no movement to work out, and no later page to show it.)
            context["moves_later"] = True
            return context
        totals = _totals(event, state)
        moves = _moves(event, table, hand, seats)
        for row in moves:
            person = seats[row["seat"]]
            row["total"] = totals.get(person.player_id)
            row["tricks"] = context["after_revoke"][SIDE_OF_SEAT[row["seat"]]]
        context["moves"] = moves
    elif hand > 1 and state.status == "waiting":
        # The first minutes of a hand: say where last hand's players went (they may look here).
        before = {
            s.seat: s.entrant for s in Seating.objects.filter(table=table, hand=hand - 1).select_related("entrant")
        }
        context["previous_moves"] = _moves(event, table, hand - 1, before) if before else []
    return context


def _table_context(request: HttpRequest, table: Table, shared: dict, error: str = "") -> dict:
    """The shared context with this phone's seat (its side's forms, "you") and the request's error."""
    state = shared["state"]
    seats = state.seats if state else {}
    my_seat = _my_seat(request, table, seats)
    my_side = SIDE_OF_SEAT.get(my_seat) if my_seat else None
    context = {
        **shared,
        "error": error,
        "seats": [{"seat": s, "name": seats[s].name if s in seats else "", "you": s == my_seat} for s in SEATS],
        "my_seat": my_seat,
        "my_seat_name": SEAT_NAMES.get(my_seat, ""),
        "my_side": my_side,
        "my_side_name": SIDE_NAMES.get(my_side, ""),
        "other_side": OTHER_SIDE.get(my_side),
        "other_side_name": SIDE_NAMES.get(OTHER_SIDE.get(my_side), ""),
        "my_link": seats[my_seat].get_absolute_url() if my_seat else "",
    }
    if state is None:
        return context
    context["claims"] = [{**claim, "mine": claim["side"] == my_side} for claim in shared["claims"]]
    if state.status == "disputed" and my_side:
        theirs = next(claim for claim in shared["claims"] if claim["side"] == OTHER_SIDE[my_side])
        context["theirs"] = theirs["entry"]
        context["theirs_words"] = theirs["words"]
    return context


def claim_extra(claimed: HandEntry, fmt) -> str:
    """What a claim says beyond the tricks: honours, a revoke, a turned trump ("" when nothing)."""
    parts = []
    if fmt.is_games and fmt.honours and (claimed.honours_ns or claimed.honours_ew):
        parts.append(f"honours {claimed.honours_ns or 0}–{claimed.honours_ew or 0}")
    if claimed.revoke:
        parts.append(f"revoke by {SIDE_NAMES[claimed.revoke]}")
    if fmt.trump_rotation is None and claimed.trump in SUIT_WORDS:
        parts.append(f"{SUIT_WORDS[claimed.trump].lower()} trumps")
    return ", ".join(parts)


def claim_words(claimed: HandEntry, fmt) -> str:
    """ "8–5", then honours, a revoke and a turned trump when the table entered them."""
    extra = claim_extra(claimed, fmt)
    return f"{claimed.tricks_ns}–{claimed.tricks_ew}" + (f", {extra}" if extra else "")


def _score_words(score: dict[str, int]) -> str:
    return f"North–South {score['NS']}, East–West {score['EW']}"


def _game_context(table: Table, state: entry.TableState) -> dict:
    """A game night's table: the game before and after this hand, who won it, the rubber so far.

    Everything comes from the agreed results through the rules engine; the notes say why any
    points a side held did not count (honours at the score of four, a revoke, game reached first).
    """
    night = games.games_for_table(table, up_to=state.hand)
    scored = night.hand(state.hand)
    here = {seat: person.player_id for seat, person in state.seats.items()}
    view: dict = {"state": night.state, "games_line": night.games_line, "notes": [], "new_partners": False}
    if scored is not None:
        view.update(before=_score_words(scored.score_before), points=scored.points, notes=list(scored.notes))
        view["after"] = _score_words(scored.score)
        if scored.game_won_by:
            view["game_to"] = f"Game to {SIDE_NAMES[scored.game_won_by]} ({scored.score['NS']}–{scored.score['EW']})"
            finished = night.score.rubbers[-1] if night.score.rubbers else None
            if scored is night.last and finished and not night.score.rubber_games and night.score.plays_rubbers:
                view["rubber_to"] = f"Rubber to {SIDE_NAMES[finished.won_by]}: {finished.points} rubber points"
            view["next"] = "The next hand starts a new " + ("rubber" if "rubber_to" in view else "game")
        return view
    # Not agreed yet: the game as it stands, or afresh when the partnerships here have changed.
    then, now = standings.SeatedHand(1, night.seats, None), standings.SeatedHand(2, here, None)
    fresh = bool(night.seats) and standings.game_hands([then, now])[1].fresh
    view["new_partners"] = fresh
    view["before"] = _score_words({"NS": 0, "EW": 0} if fresh else night.score.score)
    if fresh:
        view["state"] = "New partnerships: a new game and a new rubber"
    return view


def _results_url(event: Event) -> str:
    """The public results page, once the standings pages provide one."""
    if event.status != Event.Status.FINISHED:
        return ""
    for name, args in (("board", [event.board_token]), ("event_results_public", [event.board_token])):
        try:
            return reverse(name, args=args)
        except NoReverseMatch:
            continue
    return ""


# Per process: the shared context each table's page was last drawn with, under the table's version
# read before drawing it, so the table's other three phones draw their pages without reading the
# table's state, moves and totals again (a changed poll at an agreed table cost 20-35 ms).
_drawn: dict[str, tuple[str, dict]] = {}  # by the table's token: ids may be reused (a restore)


def _render_table(
    request: HttpRequest,
    table: Table,
    *,
    error: str = "",
    versions: tuple[str, str] | None = None,
    state: entry.TableState | None = None,
    notice: str = "",
) -> HttpResponse:
    """The page (or htmx's fragment); ``versions`` as read before drawing, ``state`` from an entry."""
    template = "whistdrive/table.html#state" if request.htmx else "whistdrive/table.html"
    waited = _waits_on.get((table.pk, table.event.current_hand))
    held = _drawn.get(table.token) if versions and state is None else None
    if held and held[0] == versions[0]:
        shared = held[1]
    else:
        shared = _shared_context(table, state, moves_later=state is not None)
    context = _table_context(request, table, shared, error)
    context["notice"] = notice
    if shared.get("moves_later"):
        version = MOVES_LATER  # never a real version: the poll fired on load draws the whole page
    elif shared["state"] is None:
        version = ""
    elif versions is None or _waits_on.get((table.pk, table.event.current_hand)) != waited:
        # An agreed page notes the tables it waits on as it is drawn, which changes its version: the
        # version read before drawing would have the phone draw the same page again on its next poll.
        version = _version(request, table)
    else:
        version = versions[1]
        if held is None or held[0] != versions[0]:
            # Only under a version read before the state: a change meanwhile makes it stale, never
            # the drawing (which would then be served as current until the next change).
            if len(_drawn) > 5_000:
                _drawn.clear()
            _drawn[table.token] = (versions[0], shared)
    context["version"] = version
    response = render(request, template, context)
    response.wd_version = version
    patch_cache_control(response, no_cache=True, private=True)
    return response


# -- the table page ----------------------------------------------------------------------


@login_not_required
@require_GET
def table_page(request: HttpRequest, token: str) -> HttpResponse:
    table = _table_for_token(token)
    event = table.event
    hand = event.current_hand
    if hand:
        # Before the state is read: an unchanged poll costs the version's one query and no more.
        versions = _versions(request, table)
        version = versions[1]
        # The full page and the fragment differ, so they have different ETags.
        etag = _page_etag(request, version)
        if request.htmx and request.GET.get("v") == version:
            # htmx swaps nothing on a 204: the page (and an open disclosure) stays as it is.
            return HttpResponse(status=204)
        if etag in [t.strip() for t in request.headers.get("If-None-Match", "").split(",")]:
            response = HttpResponseNotModified()
            response["ETag"] = etag
            return response
    response = _render_table(request, table, versions=versions if hand else None)
    if hand:
        # The version the page was drawn with (an agreed page's may have changed while it was drawn).
        response["ETag"] = _page_etag(request, response.wd_version)
    patch_vary_headers(response, ["Cookie", "HX-Request"])
    return response


def _page_etag(request: HttpRequest, version: str) -> str:
    """The ETag of the page at ``version``. The full page carries a form token, so its ETag holds the
    phone's CSRF secret too: a 304 must never give back a page whose token the phone's cookie no longer
    matches (cookies cleared, or expired): every tap from it would be refused, reload or not."""
    if request.htmx:
        return quote_etag(f"{version}-f")
    secret = hashlib.sha256(request.META.get("CSRF_COOKIE", "").encode()).hexdigest()[:8]
    return quote_etag(f"{version}-p-{secret}")


def _after_post(
    request: HttpRequest, table: Table, error: str = "", state: entry.TableState | None = None
) -> HttpResponse:
    """htmx gets the new fragment (drawn from ``state`` when the entry returned it); a browser a redirect.

    A phone that agreed (or entered the same) after the evening had moved on is told the result that
    counts, and then sees the hand being played now.
    """
    notice = ""
    moved_on = state is not None and (
        state.hand != table.event.current_hand or table.event.status == Event.Status.FINISHED
    )
    if moved_on and state.result is not None:
        agreed = state.entry
        notice = f"Agreed: North–South {agreed.tricks_ns}, East–West {agreed.tricks_ew} (hand {state.hand})."
        state = None
    if request.htmx:
        return _render_table(request, table, error=error, state=state, notice=notice)
    if error:
        messages.error(request, error)
    if notice:
        messages.info(request, notice)
    return redirect("table", token=table.token)


@login_not_required
@require_POST
def choose_seat(request: HttpRequest, token: str) -> HttpResponse:
    table = _table_for_token(token)
    if flooded := _refused_as_a_flood(request, table):
        return flooded
    form = SeatForm(request.POST)
    if not form.is_valid():
        return _after_post(request, table, "Choose North, East, South or West.")
    seating = (
        Seating.objects.filter(table=table, hand=table.event.current_hand, seat=form.cleaned_data["seat"])
        .select_related("entrant")
        .first()
    )
    if seating is None:
        return _after_post(request, table, "Nobody sits in that seat this hand.")
    _remember(request, table, seating.entrant)
    return _after_post(request, table)


@login_not_required
@require_POST
def forget_seat(request: HttpRequest, token: str) -> HttpResponse:
    table = _table_for_token(token)
    if flooded := _refused_as_a_flood(request, table):
        return flooded
    by_table = request.session.get("wd_seats", {})
    by_table.pop(str(table.pk), None)
    by_event = request.session.get("wd_player", {})
    by_event.pop(str(table.event_id), None)
    request.session["wd_seats"], request.session["wd_player"] = by_table, by_event
    return _after_post(request, table)


@login_not_required
@require_POST
def enter(request: HttpRequest, token: str) -> HttpResponse:
    table = _table_for_token(token)
    if flooded := _refused_as_a_flood(request, table):
        return flooded
    form = EntryForm(request.POST)
    if not form.is_valid():
        return _after_post(request, table, _form_error(form, "Tap the number of tricks your side took."))
    data = form.cleaned_data
    # No seat here for that hand: submit anyway, so the refusal (and its reason) is logged.
    seat = _seat_of(request, table, data["hand"]) or ""
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
        )
    except entry.EntryError as exc:
        return _after_post(request, table, str(exc))
    return _after_post(request, table, state=state)


@login_not_required
@require_POST
def agree(request: HttpRequest, token: str) -> HttpResponse:
    table = _table_for_token(token)
    if flooded := _refused_as_a_flood(request, table):
        return flooded
    form = AgreeForm(request.POST)
    if not form.is_valid():
        return _after_post(request, table, _form_error(form, "Tap the seat of the player agreeing."))
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
        )
    except entry.EntryError as exc:
        return _after_post(request, table, str(exc))
    return _after_post(request, table, state=state)


@login_not_required
@require_POST
def call_organiser(request: HttpRequest, token: str) -> HttpResponse:
    table = _table_for_token(token)
    if flooded := _refused_as_a_flood(request, table):
        return flooded
    form = FlagForm(request.POST)
    if not form.is_valid():
        return _after_post(request, table, _form_error(form, "Say why you need the organiser."))
    if form.cleaned_data["hand"] != table.event.current_hand:
        return _after_post(request, table, NO_SUCH_HAND)  # a call is about the hand being played
    reason = dict(FLAG_REASONS)[form.cleaned_data["reason"]]
    # A second tap while the organiser is on the way adds nothing.
    Flag.objects.get_or_create(table=table, hand=form.cleaned_data["hand"], reason=reason, resolved__isnull=True)
    return _after_post(request, table)


# -- a player's own page -----------------------------------------------------------------


@login_not_required
@require_GET
def player_page(request: HttpRequest, token: str) -> HttpResponse:
    person = get_object_or_404(Entrant.objects.select_related("event"), token=token)
    event = person.event
    fmt = event.format
    rows = list(
        Seating.objects.filter(entrant=person, hand__lte=max(event.current_hand, 0))
        .select_related("table")
        .order_by("hand")
    )
    places = {(s.table_id, s.hand, s.seat): s.entrant for s in _companions(event, rows)}
    results = {
        (r.table_id, r.hand): r for r in Result.objects.filter(table__in={s.table_id for s in rows if s.table_id})
    }
    standing, standings_list = None, []
    if fmt.is_drive and event.started:
        standings_list = scores.event_standings(event)
        standing = next((s for s in standings_list if s.id == person.player_id), None)
    scored = {h.number: h.score for h in standing.hands} if standing else {}
    night, game_standing = None, None
    if fmt.is_games and event.started:
        # A game night's card counts points (odd tricks, honours, penalties), not tricks.
        night = games.night_of(event)
        standings_list = night.standings
        game_standing = next((s for s in night.standings if s.id == person.player_id), None)
    card, total = [], 0
    partner_seat = {"N": "S", "S": "N", "E": "W", "W": "E"}
    for row in rows:
        result = results.get((row.table_id, row.hand)) if row.table_id else None
        line = {"hand": row.hand, "trump": _trump_view(_hand_trump(event, row.hand, result)), "table": None}
        if row.table_id:
            partner = places.get((row.table_id, row.hand, partner_seat[row.seat]))
            line.update(table=row.table.number, seat=SEAT_NAMES[row.seat], partner=partner and partner.name)
            if result:
                tricks = tricks_after_revoke(scores.entry_of(result), fmt)[SIDE_OF_SEAT[row.seat]]
                line["tricks"] = tricks
                score = scored.get(row.hand, drive_score(fmt, tricks) if fmt.is_drive else tricks)
                if night is not None:
                    played = night.tables.get(row.table.number)
                    hand_score = played.hand(row.hand) if played else None
                    score = hand_score.points[SIDE_OF_SEAT[row.seat]] if hand_score else 0
                total += score
                line["total"] = total
        elif row.hand in scored:
            line["sat_out"] = True
            line["tricks"] = scored[row.hand]
            total += scored[row.hand]
            line["total"] = total
        else:
            line["sat_out"] = True
        card.append(line)
    now = rows[-1] if rows and rows[-1].hand == event.current_hand else None
    chart = ""
    if standing and standing.hands:
        chart = charts.player_evening_svg(standing, standings_list, width=360, height=240, title="Your evening")
    next_move = ""
    if now and now.table_id and (now.table_id, now.hand) in results:
        here = {
            seat: person
            for (table_id, hand, seat), person in places.items()
            if (table_id, hand) == (now.table_id, now.hand)
        }
        mine = [m for m in _moves(event, now.table, now.hand, here) if m["seat"] == now.seat]
        next_move = mine[0]["text"] if mine else ""
    context = {
        "event": event,
        "person": person,
        "card": card,
        "total": total,
        "standing": standing,
        "game_standing": game_standing,
        "field": len(standings_list),
        "now": now,
        "now_seat": now and now.seat and SEAT_NAMES[now.seat],
        "chart": chart,
        "next_move": next_move,
    }
    return render(request, "whistdrive/player.html", context)


def _companions(event: Event, rows: list[Seating]):
    tables = {s.table_id for s in rows if s.table_id}
    return Seating.objects.filter(event=event, table__in=tables).select_related("entrant")


def _hand_trump(event: Event, hand: int, result: Result | None) -> str | None:
    return result.trump if result else trump_for_hand(event.trumps, hand)


urlpatterns = [
    path("t/<token:token>/", table_page, name="table"),
    path("t/<token:token>/seat/", choose_seat, name="table_seat"),
    path("t/<token:token>/seat/forget/", forget_seat, name="table_forget_seat"),
    path("t/<token:token>/enter/", enter, name="table_enter"),
    path("t/<token:token>/agree/", agree, name="table_agree"),
    path("t/<token:token>/call/", call_organiser, name="table_call"),
    path("p/<token:token>/", player_page, name="player"),
]
