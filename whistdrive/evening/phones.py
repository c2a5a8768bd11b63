"""What the phones at a table show: the hand, the claims, where everyone goes next, the totals.

The views (``whistdrive.web.views.table``) take requests and answer them; this module works out what a
table's page holds. A table's four phones show the same thing but for their own seat, so the shared
part (``drawing``) is worked out once per change and kept (``whistdrive.store.cache``) under the table's
version; each phone adds only its seat (``for_phone``).

A version is what a page depends on, read before anything is drawn: the event's revision (seatings,
players, corrections, the evening's state), the table's revision (its entries, result and calls),
and for an agreed table whose players' next seats wait on other tables' results, those tables'
results (not their revisions: a claim there changes nothing here). ``load`` reads them all, with
the table and its event, in one query.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from django.core import signing
from django.db import connection
from django.db.models import Q
from django.template.loader import render_to_string
from django.urls import get_script_prefix, reverse
from django.utils.safestring import mark_safe

from whistdrive.engines import movements, standings
from whistdrive.engines.rules import HandEntry, tricks_after_revoke
from whistdrive.engines.vocabulary import (
    OTHER_SIDE,
    PARTNER_SEAT,
    SEAT_NAMES,
    SEATS,
    SIDE_NAMES,
    SIDE_OF_SEAT,
    SIDE_SEATS,
    SUIT_SYMBOLS,
    SUITS,
    seat_phrase,
    suit_word,
)
from whistdrive.evening import entry, games, pairs, progress, running, scores
from whistdrive.store import cache
from whistdrive.store.models import (
    Entrant,
    Event,
    Flag,
    Result,
    Seating,
    Table,
    table_and_event,
    table_and_event_columns,
)

FLAG_REASONS = [
    ("dispute", "We disagree on the result"),
    ("misdeal", "Misdeal"),
    ("missing", "A player is missing"),
    ("other", "Something else"),
]
# The keypad's fourteen buttons never change: written once, not by the template's loop on every drawing
# of every phone (its 70 lookups were a large part of drawing a table's page, docs/benchmarks.md).
KEYPAD = mark_safe(
    "".join(
        f'<button name="tricks" value="{n}" aria-label="{n} : {13 - n}, we took {n}, they took {13 - n}">{n} : {13 - n}</button>'
        for n in range(14)
    )
)
# The version of a page that answers an entry and leaves where everyone goes to the poll fired on
# its load: never a real version, so that poll draws the whole page.
MOVES_LATER = "moves"
TABLE_URLS = {
    "page": "table",
    "events": "table_events",
    "seat": "table_seat",
    "forget": "table_forget_seat",
    "enter": "table_enter",
    "agree": "table_agree",
    "call": "table_call",
}
LEAVES = "that was their last hand tonight: thank you for playing"
YOU_LEAVE = "that was your last hand tonight: thank you for playing"
WAIT_FOR_THE_HALL = "players are joining or leaving: your next seat shows here when every table has finished"
# The phones' poll interval grows with the hall, so a big hall's polls stay near this many a second
# (docs/benchmarks.md, "A hall at its peak"). A phone also polls the moment it wakes or its page
# comes back into view (table.html).
POLLS_A_SECOND = 80

log = logging.getLogger("whistdrive.evening.phones")


def _no_stream_here(token: str) -> bool:
    return False


# Whether this process's hub holds a stream of the table with a token (``keep_drawing``): the server's answer
# (``push.listens_to``), handed in at startup by ``apps.py``, so that what a phone sees never imports the server.
hub_listens_to: Callable[[str], bool] = _no_stream_here


def poll_seconds(tables: int) -> int:
    """Seconds between a table page's polls: 4 up to 80 tables (320 phones), then longer."""
    return max(4, math.ceil(tables * 4 / POLLS_A_SECOND))


# -- loading a table and its version -------------------------------------------------------------


@dataclass(frozen=True)
class Waits:
    """The other tables an agreed table's page waits on (their results decide its movers' seats),
    as worked out at a hand and revisions; kept by token, so ``load`` can read their revisions with
    the table's own."""

    hand: int
    event_revision: int
    table_revision: int
    ids: tuple[int, ...]

    def stand_at(self, revisions: tuple) -> bool:
        """Whether these waits are the table's at ``revisions`` (``Seen.revisions``: the table's, the event's,
        its hand and state)."""
        revision, event_revision, hand, _ = revisions
        return (self.hand, self.event_revision, self.table_revision) == (hand, event_revision, revision)


@dataclass(frozen=True)
class Loaded:
    """A table, its event, and this phone's version of its page (``shared`` for all four phones)."""

    table: Table
    my_seat: str | None
    shared: str
    version: str


def load(token: str, remembered: set[int], *, learn_waits: bool = True) -> Loaded | None:
    """The table with the token, and the version of its page for a phone that remembers the entrants
    ``remembered``, in one query (two when an agreed table's waits must be worked out afresh).

    None when no table has the token. With ``learn_waits`` False, an agreed table whose waits are not
    known yet comes with no version ("") rather than the movement worked out to find them.
    """
    waits: Waits | None = cache.get(cache.waits_key(token))
    waited_ids = waits.ids if waits else ()
    mine = sorted(remembered)
    sql = _load_sql(connection.vendor, len(mine), len(waited_ids))
    with connection.cursor() as cursor:
        cursor.execute(sql, [*mine, *waited_ids, token])
        row = cursor.fetchone()
    if row is None:
        return None
    table = table_and_event(row)
    my_seat, agreed, waited = row[-3:]
    if table.event.is_duplicate and mine:
        # The seat at the board the table plays now: in a duplicate round a substitute may take a seat
        # from a board after the current hand (a table ahead), so the current hand's seat may be another's.
        my_seat = _seat_at(table, running.playing_hand(table), mine)
    return _versions(table, waits, learn_waits, my_seat=my_seat or None, agreed=bool(agreed), waited=waited)


def written(table: Table, my_seat: str | None, *, agreed: bool) -> Loaded:
    """The page's version as an entry left it, worked out from the table and event it read under the table's
    lock, with the revision its write gave the table: what ``load`` would read just after, without reading.
    An agreed table comes with no version (as from ``load`` with ``learn_waits`` False): its page waits on
    where everyone goes, which its answer leaves to the page pushed or fetched next."""
    return _versions(table, None, False, my_seat=my_seat, agreed=agreed, waited=None)


def _seat_at(table: Table, hand: int, entrants: list[int]) -> str | None:
    seats = Seating.objects.filter(table=table, hand=hand, entrant_id__in=entrants).order_by()
    return seats.values_list("seat", flat=True).first()


# Every poll of every phone asks ``load``: its statement is written out once per shape (how many
# entrants the phone remembers, how many tables the page waits on) instead of the ORM compiling a
# query with three subqueries on each poll, which cost more than running it.
@functools.cache
def _load_sql(vendor: str, remembered: int, waited: int) -> str:
    q = connection.ops.quote_name
    table, event = q(Table._meta.db_table), q(Event._meta.db_table)
    seating, result = q(Seating._meta.db_table), q(Result._meta.db_table)
    columns = table_and_event_columns()
    here = f"table_id = t.{q('id')} AND hand = e.{q('current_hand')}"
    my_seat = (
        f"(SELECT seat FROM {seating} WHERE {here} AND entrant_id IN ({', '.join(['%s'] * remembered)}) LIMIT 1)"
        if remembered
        else "NULL"
    )
    agreed = f"EXISTS (SELECT 1 FROM {result} WHERE {here})"
    total = _waited_sql(waited) if waited else "NULL"
    return (
        f"SELECT {', '.join(columns)}, {my_seat}, {agreed}, {total} FROM {table} t "
        f"JOIN {event} e ON e.{q('id')} = t.{q('event_id')} WHERE t.{q('token')} = %s"
    )


def _waited_sql(count: int) -> str:
    """What an agreed page reads of the tables it waits on (their ids the parameters, in order): each one's
    results (``_results_state``), not their revisions, joined by spaces. A claim entered there changes nothing
    here; a result or a correction does (``_where_next`` reads those results). Each table's own, as the hub's
    look reads every table's (``tables_of_evenings``), so that the hub can work out an agreed table's version
    from its look (``agreed_version``) without reading the table."""
    result = connection.ops.quote_name(Result._meta.db_table)
    each = f"(SELECT {_results_state()} FROM {result} WHERE {connection.ops.quote_name('table_id')} = %s)"
    return " || ' ' || ".join([each] * count)


def _results_state() -> str:
    """How many results the rows read hold, and their latest change (``NO_RESULTS`` for none): a table's
    results as a page waiting on it reads them, and as the pushes' hub watches them."""
    q = connection.ops.quote_name
    return f"CAST(COUNT(*) AS VARCHAR(20)) || ':' || COALESCE(CAST(MAX({q('updated')}) AS VARCHAR(40)), '')"


def _waited_now(ids: tuple[int, ...]) -> str | None:
    if not ids:
        return None
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {_waited_sql(len(ids))}", list(ids))
        return cursor.fetchone()[0]


def _versions(
    table: Table, waits: Waits | None, learn_waits: bool, *, my_seat: str | None, agreed: bool, waited: str | None
) -> Loaded:
    event = table.event
    hand = event.current_hand
    revisions = (table.revision, event.revision, hand, event.status)
    if not agreed:
        shared = _shared_of(table.pk, revisions)
    else:
        # Only an agreed table shows anything of the other tables (where everyone goes next, which may
        # wait on another table's result). Before that, another table's result changes nothing here:
        # covering the hall would draw every phone again on every result in it.
        if waits is None or not waits.stand_at(revisions):
            if not learn_waits:
                return Loaded(table, my_seat, "", "")
            waits = _learn_waits(table)
            waited = _waited_now(waits.ids)
        shared = _shared_of(table.pk, revisions, waits.ids, waited)
    return Loaded(table, my_seat, shared, phone_version(shared, my_seat))


def _shared_of(pk: int, revisions: tuple, waited_ids: tuple[int, ...] | None = None, waited: str | None = None) -> str:
    """The version of a table's page for all four phones: the table (its id), its ``revisions`` (its own, its
    event's, the event's hand and state: ``Seen.revisions``), and for an agreed table the tables its page waits
    on and their results (``_waited_sql``). Worked out here only, from a phone's read (``load``) and from the
    hub's look alike (``tables_of_evenings``, ``agreed_version``): the same table gives both the same version."""
    revision, event_revision, hand, status = revisions
    parts: list = [pk, event_revision, hand, status, revision]
    if waited_ids is not None:
        parts += [waited_ids, waited or 0]
    return hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()[:20]


def phone_version(shared: str, my_seat: str | None) -> str:
    """The version of the page a phone in ``my_seat`` (None: no seat here) sees at the ``shared`` version."""
    return hashlib.sha256(f"{shared}|{my_seat}".encode()).hexdigest()[:20]


def _learn_waits(table: Table) -> Waits:
    """The tables an agreed table's page waits on, worked out (and kept) before its version is read,
    so the first drawing can be shared with the table's other phones. Where several server processes
    share a cache (``cache.between_processes``), worked out by the first of them and taken by the others:
    the same waits give the same version, whose pages are then drawn once (``pushed_pages``)."""
    event = table.event
    hand = event.current_hand
    sharing = cache.between_processes()
    if sharing and (published := _published_waits(table.token, (table.revision, event.revision, hand, event.status))):
        return published
    numbers: set[int] = set()
    fmt = event.format
    if fmt.is_duplicate:
        # The traveller on the page: of the board this table plays now once agreed, or of the board it
        # played before (a table ahead of the hall shows its next board at once): every table that plays
        # either board.
        playing = running.playing_hand(table)
        numbers = set(
            Table.objects.filter(
                event=event,
                table_boards__board__table_boards__table=table,
                table_boards__board__table_boards__hand__in=(playing - 1, playing),
            ).values_list("number", flat=True)
        )
    elif hand < fmt.hands and fmt.ends_round(hand) and not _seated(event, hand + 1):
        try:
            answer = _where_next(event, table, hand)
        except movements.WaitForTheHall:
            answer = {}  # wait for the hall: the next hand's seating changes the event's revision
        numbers = {place.table for place in answer.values() if not place.decided and place.table is not None}
    ids = _table_ids(event, numbers)
    waits = Waits(hand, event.revision, table.revision, ids)
    cache.put(cache.waits_key(table.token), waits)
    if sharing:
        cache.publish(cache.published_waits_key(table.token), waits)
    return waits


def _published_waits(token: str, revisions: tuple) -> Waits | None:
    """The table's waits at ``revisions`` as another server process published them (and now kept in this
    one too); None when none has."""
    published = cache.published(cache.published_waits_key(token))
    if published is None or not published.stand_at(revisions):
        return None
    cache.put(cache.waits_key(token), published)
    return published


def _seated(event: Event, hand: int) -> bool:
    """Whether anyone is seated for ``hand`` (the hall has moved on to it): asked by every agreed table's
    page, kept under the event's revision (a seating bumps it, ``cache.seated_key``)."""
    return cache.get_or_make(cache.seated_key(event.pk, hand, event.revision), lambda: _seated_now(event, hand))


# Written out, as ``load``'s statement is.
def _seated_now(event: Event, hand: int) -> bool:
    q = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT 1 FROM {q(Seating._meta.db_table)} WHERE {q('event_id')} = %s AND {q('hand')} = %s LIMIT 1",
            [event.pk, hand],
        )
        return cursor.fetchone() is not None


def _table_ids(event: Event, numbers: set[int]) -> tuple[int, ...]:
    """The ids of the evening's tables numbered ``numbers``, in order."""
    if not numbers:
        return ()
    q = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {q('id')} FROM {q(Table._meta.db_table)} WHERE {q('event_id')} = %s "
            f"AND {q('number')} IN ({', '.join(['%s'] * len(numbers))})",
            [event.pk, *sorted(numbers)],
        )
        return tuple(sorted(pk for (pk,) in cursor.fetchall()))


# -- what a pushed update asks (whistdrive.server.push) --------------------------------------------------


@dataclass(frozen=True)
class Seen:
    """A table as a pushed update's look at the hall finds it (``tables_of_evenings``)."""

    pk: int
    revisions: tuple  # what moves its version: its own and its evening's revisions, hand and state
    results: str  # its results (how many, the latest change): what a page waiting on it reads
    shared: str | None  # its version, when it is not agreed (an agreed page's waits are ``load``'s to read)


def tables_of_evenings(evenings: list[int], before: dict[str, Seen] | None = None) -> dict[str, Seen]:
    """Every table of these evenings (event ids), by token: one query for the hall, and one for the results
    of the tables whose revision moved since ``before`` (the last look; every table, without one).
    A table's results never change without its revision moving (``Result.save``, ``Result.delete``), so
    the others' are as ``before`` found them: a look no longer adds up every table's results."""
    before = before or {}
    with connection.cursor() as cursor:
        cursor.execute(_evenings_sql(connection.vendor, len(evenings)), evenings)
        rows = cursor.fetchall()
        moved = {
            pk
            for token, pk, revision, *_ in rows
            if token not in before or before[token].pk != pk or before[token].revisions[0] != revision
        }
        results = {}
        if moved:
            cursor.execute(_results_of_sql(connection.vendor, len(moved)), sorted(moved))
            results = dict(cursor.fetchall())
    out = {}
    for token, pk, revision, event_revision, hand, status, agreed in rows:
        revisions = (revision, event_revision, hand, status)
        if pk not in moved and before[token].revisions == revisions and (before[token].shared is None) == bool(agreed):
            out[token] = before[token]  # as the last look found it: most of a hall, at most looks
            continue
        shared = None if agreed else _shared_of(pk, revisions)
        state = results.get(pk, NO_RESULTS) if pk in moved else before[token].results
        out[token] = Seen(pk, revisions, state, shared)
    return out


def evenings_stamp(evenings: list[int]) -> tuple:
    """What moves whenever anything at these evenings (event ids) does (every write bumps a revision, and
    revisions only grow; a table gone or a new code changes it too), in one small query: when it stands,
    ``tables_of_evenings`` need not be read."""
    with connection.cursor() as cursor:
        cursor.execute(_stamp_sql(connection.vendor, len(evenings)), evenings * 2)
        return tuple(cursor.fetchone())


# The pushed updates' hub asks these four times a second, of the evenings its phones' tables belong to: by
# the evenings' ids (one or two), not by those tables' tokens (up to 300, each a parameter that PostgreSQL's
# driver quotes into the statement: 3 % of a hosted hall's peak, docs/benchmarks.md).
@functools.cache
def _stamp_sql(vendor: str, evenings: int) -> str:
    q = connection.ops.quote_name
    table, event = q(Table._meta.db_table), q(Event._meta.db_table)
    ids = f"({', '.join(['%s'] * evenings)})"
    return (
        f"SELECT (SELECT COUNT(*) || ':' || COALESCE(SUM({q('revision')}), 0) FROM {table} WHERE {q('event_id')} IN {ids}), "
        f"(SELECT COALESCE(SUM({q('revision')}), 0) FROM {event} WHERE {q('id')} IN {ids})"
    )


@functools.cache
def _evenings_sql(vendor: str, evenings: int) -> str:
    q = connection.ops.quote_name
    table, event, result = q(Table._meta.db_table), q(Event._meta.db_table), q(Result._meta.db_table)
    tid, eid = f"t.{q('id')}", f"e.{q('id')}"
    hand = q("current_hand")
    return (
        f"SELECT t.{q('token')}, {tid}, t.{q('revision')}, e.{q('revision')}, e.{hand}, e.{q('status')}, "
        f"EXISTS (SELECT 1 FROM {result} r WHERE r.{q('table_id')} = {tid} AND r.{q('hand')} = e.{hand}) "
        f"FROM {table} t JOIN {event} e ON {eid} = t.{q('event_id')} "
        f"WHERE t.{q('event_id')} IN ({', '.join(['%s'] * evenings)})"
    )


# A table's results as ``_results_state`` gives them, for one with none.
NO_RESULTS = "0:"


@functools.cache
def _results_of_sql(vendor: str, tables: int) -> str:
    """The results (how many, the latest change) of each of the tables with these ids that has any."""
    q = connection.ops.quote_name
    return (
        f"SELECT {q('table_id')}, {_results_state()} FROM {q(Result._meta.db_table)} "
        f"WHERE {q('table_id')} IN ({', '.join(['%s'] * tables)}) GROUP BY {q('table_id')}"
    )


def agreed_version(token: str, seen: Seen, looked: dict[int, Seen]) -> str | None:
    """An agreed table's version worked out from the hub's look (``seen`` the table, ``looked`` its evening's
    tables by id) without reading the table, when the tables its page waits on are known at its revisions
    (worked out in this process, or published by another): the version ``load`` reads. None when they are not
    known (``load`` works them out), or a table it waits on is not in the look."""
    waits: Waits | None = cache.get(cache.waits_key(token))
    if waits is None or not waits.stand_at(seen.revisions):
        waits = _published_waits(token, seen.revisions) if cache.between_processes() else None
        if waits is None:
            return None
    if not all(pk in looked for pk in waits.ids):
        return None
    waited = " ".join(looked[pk].results for pk in waits.ids) if waits.ids else None
    return _shared_of(seen.pk, seen.revisions, waits.ids, waited)


def waits_on_any(token: str, tables: set[int]) -> bool:
    """Whether the table's agreed page (as last worked out) waits on any of ``tables``."""
    waits: Waits | None = cache.get(cache.waits_key(token))
    return waits is not None and not tables.isdisjoint(waits.ids)


# -- where everyone goes next ---------------------------------------------------------------------


def _where_next(event: Event, table: Table, hand: int) -> dict[str, movements.NextPlace]:
    """The movement's answer for an agreed table, kept under the event's revision with the results it
    was worked out from. Its contract: the next tables follow from this table's result alone, and a
    mover's seat from the result of the table they go to; so a kept answer stands while those tables'
    results stand, and is checked against them only (not the whole hall's round)."""
    revision = event.revision
    key = cache.where_next_key(event.pk, hand, table.number, revision)
    held = cache.get(key)
    read: set[int] = set()  # the tables whose round has been read (``results`` holds those with a result)
    results: dict[int, movements.RoundResult] = {}
    if held is not None:
        inputs, answer = held
        read = {table.number, *_went(answer)}
        results = progress.round_results(event, hand, tables=sorted(read))
        if inputs == _inputs(results, table, answer):
            return answer
    history = progress.history_of(event, hand, revision=revision)
    players = progress.players_for(event, hand + 1, revision=revision)
    if table.number not in read:
        results = progress.round_results(event, hand, tables=[table.number])
        read.add(table.number)

    def results_of(tables: set[int] | None) -> dict[int, movements.RoundResult]:
        # The movement asks for the tables its answer turns on: most often the two neighbours, whose
        # results a kept answer was just checked against when it no longer stood.
        if tables is not None and tables <= read:
            return {t: results[t] for t in tables if t in results}
        asked = progress.round_results(event, hand, tables=None if tables is None else sorted(tables))
        results.update(asked)
        read.update(tables if tables is not None else asked)
        return asked

    # Whether anyone came, left or changed role looks at the whole hall: once a hand, not once a table.
    changed = cache.get_or_make(
        cache.players_changed_key(event.pk, hand, revision), lambda: movements.players_changed(players, history[-1])
    )
    answer = movements.where_next(
        event.format, players, history, table.number, results[table.number], results_of, changed=changed
    )
    if unread := [t for t in _went(answer) if t not in read]:
        results.update(progress.round_results(event, hand, tables=unread))  # what the kept answer is checked against
    cache.put(key, (_inputs(results, table, answer), answer))
    return answer


def _went(answer: dict[str, movements.NextPlace]) -> list[int]:
    return sorted({place.table for place in answer.values() if place.table is not None})


def _inputs(results: dict, table: Table, answer: dict) -> tuple:
    return tuple((t, results.get(t)) for t in [table.number, *_went(answer)])


def moves(event: Event, table: Table, hand: int, seats: dict[str, Entrant]) -> list[dict]:
    """Where each player of ``hand`` at ``table`` goes next, in words, with partners when known."""
    fmt = event.format
    if hand >= fmt.hands:
        return [_row(e, s, "That was the last hand.", "that was the last hand") for s, e in _in_order(seats)]
    leaving = {e.pk for e in seats.values() if e.left_after_hand == hand}
    # Only these players' next seats and the tables they go to, not the whole hall's seating; nobody's
    # before the hall has moved on (a drive whose winners move is seated a hand at a time).
    following = _places_of([e.pk for e in seats.values()], hand + 1) if _seated(event, hand + 1) else {}
    if all(e.pk in following or e.pk in leaving for e in seats.values()):
        # Duplicate: who takes a leaver's seat from the next board (pair member's entrant pk -> name).
        substitutes = (
            dict(
                Entrant.objects.filter(event=event, joined_hand=hand + 1, stands_in_for__isnull=False).values_list(
                    "stands_in_for_id", "name"
                )
            )
            if leaving and event.is_duplicate
            else {}
        )
        names = _names_at(event, hand + 1, {nxt.table_id for nxt in following.values() if nxt.table_id})
        rows = []
        for seat, person in _in_order(seats):
            nxt = following.get(person.pk)
            partner = None
            if nxt is None:
                text, you = LEAVES, YOU_LEAVE
                taker = substitutes.get(person.stands_in_for_id or person.pk)
                if taker is not None:
                    text = f"that was their last board tonight: {taker} takes the seat for the boards left"
                    you = f"that was your last board tonight: {taker} takes your seat. Thank you for playing"
            elif nxt.table_id is None:
                text, you = f"sit out hand {hand + 1}", _you_go_to(table, seat, None)
            else:
                partner = names.get((nxt.table_id, PARTNER_SEAT[nxt.seat]))
                place = movements.NextPlace(nxt.number, (nxt.seat,))
                text, you = _go_to(table, seat, place, hand + 1), _you_go_to(table, seat, place)
            rows.append(_row(person, seat, text, you, partner))
        return rows
    if not fmt.ends_round(hand) and not _players_change_after(event, hand):
        return [
            _row(e, s, f"stay here for hand {hand + 1}", f"stay in your seat ({SEAT_NAMES[s]})")
            for s, e in _in_order(seats)
        ]
    try:
        answer = _where_next(event, table, hand)
    except movements.WaitForTheHall:
        # Players join or leave at this hand's end: any table's result may decide anyone's seat.
        return [
            _row(e, s, LEAVES, YOU_LEAVE) if e.pk in leaving else _row(e, s, WAIT_FOR_THE_HALL, WAIT_FOR_THE_HALL)
            for s, e in _in_order(seats)
        ]
    rows = []
    for seat, person in _in_order(seats):
        if person.pk in leaving:
            rows.append(_row(person, seat, LEAVES, YOU_LEAVE))
            continue
        # A bug, not the organiser's to put right, if the movement has no place for someone here.
        place = answer[person.player_id]
        if place.table is None:
            rows.append(_row(person, seat, f"sit out hand {hand + 1}", _you_go_to(table, seat, None)))
        else:
            rows.append(_row(person, seat, _go_to(table, seat, place, hand + 1), _you_go_to(table, seat, place)))
    return rows


class _Place(NamedTuple):
    seat: str
    table_id: int | None  # None: sitting out
    number: int | None


# A page shows where its four go once the next hand is seated: read by the four players and the tables
# they go to (not the whole hall's seating), in statements written out once a shape, as ``load``'s is.
def _places_of(entrants: list[int], hand: int) -> dict[int, _Place]:
    """Where each of ``entrants`` sits for ``hand``, when seated for it."""
    if not entrants:
        return {}
    q = connection.ops.quote_name
    sql = (
        f"SELECT s.{q('entrant_id')}, s.{q('seat')}, s.{q('table_id')}, t.{q('number')} "
        f"FROM {q(Seating._meta.db_table)} s LEFT JOIN {q(Table._meta.db_table)} t ON t.{q('id')} = s.{q('table_id')} "
        f"WHERE s.{q('hand')} = %s AND s.{q('entrant_id')} IN ({', '.join(['%s'] * len(entrants))})"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [hand, *entrants])
        return {entrant: _Place(seat, table_id, number) for entrant, seat, table_id, number in cursor.fetchall()}


def _names_at(event: Event, hand: int, tables: set[int]) -> dict[tuple[int, str], str]:
    """Who sits where at ``tables`` (ids) for ``hand``: (table id, seat) -> name."""
    if not tables:
        return {}
    q = connection.ops.quote_name
    sql = (
        f"SELECT s.{q('table_id')}, s.{q('seat')}, e.{q('name')} FROM {q(Seating._meta.db_table)} s "
        f"JOIN {q(Entrant._meta.db_table)} e ON e.{q('id')} = s.{q('entrant_id')} "
        f"WHERE s.{q('event_id')} = %s AND s.{q('hand')} = %s AND s.{q('table_id')} IN ({', '.join(['%s'] * len(tables))})"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [event.pk, hand, *sorted(tables)])
        return {(table_id, seat): name for table_id, seat, name in cursor.fetchall()}


def _row(person: Entrant, seat: str, text: str, you: str, partner: str | None = None) -> dict:
    """One player's next place: ``text`` as the table reads it, ``you`` as their own phone says it."""
    return {"name": person.name, "text": text, "you": you, "seat": seat, "partner": partner}


def _players_change_after(event: Event, hand: int) -> bool:
    """Whether anyone arrives, leaves or changes role between ``hand`` and the next."""
    return event.entrants.filter(
        Q(joined_hand=hand + 1) | Q(left_after_hand=hand) | Q(role_from_hand=hand + 1)
    ).exists()


def _go_to(table: Table, seat: str, place: movements.NextPlace, next_hand: int) -> str:
    seats = " or ".join(place.seats)
    if table.event.kind == Event.Kind.DUPLICATE:
        # Boards, not hands: the pairs move only between rounds.
        fmt = table.event.format
        when = f"round {fmt.round_of(next_hand)}" if fmt.ends_round(next_hand - 1) else "the next board"
        if place.table == table.number and place.seats == (seat,):
            return f"stay in your seat ({SEAT_NAMES[seat]}) for {when}"
        return f"go to table {place.table}, seat {seat_phrase(seats)}, for {when}"
    if place.table == table.number and place.seats == (seat,):
        return f"stay in your seat ({SEAT_NAMES[seat]}) for hand {next_hand}"
    if place.table == table.number:
        return f"stay at this table, move to {seat_phrase(seats)}{_until(place)}"
    return f"go to table {place.table}, seat {seat_phrase(seats)}{_until(place)}"


def _until(place: movements.NextPlace) -> str:
    """Why a seat is "North or East" yet: the page redraws itself when that table's result is in."""
    if place.decided:
        return ""
    return f" — the table will say when table {place.table} has finished"


def _you_go_to(table: Table, seat: str, place: movements.NextPlace | None) -> str:
    """The same move said to the player themselves, shortest first: "go to table 3, North"."""
    if place is None:
        return "sit out the next hand"
    seats = seat_phrase(" or ".join(place.seats))
    if place.table == table.number and place.seats == (seat,):
        return f"stay in your seat ({SEAT_NAMES[seat]})"
    if place.table == table.number:
        return f"stay: move to {seats}{_until(place)}"
    return f"go to table {place.table}, {seats}{_until(place)}"


def _in_order(seats: dict[str, Entrant]):
    return [(s, seats[s]) for s in SEATS if s in seats]


# -- words ------------------------------------------------------------------------------------------


def trump_view(trump: str | None) -> dict | None:
    if not trump:
        return None
    return {
        "letter": trump,
        "symbol": SUIT_SYMBOLS[trump],
        "word": suit_word(trump, capital=True),
        "red": trump in "HD",
    }


def claim_extra(claimed: HandEntry, fmt) -> str:
    """What a claim says beyond the tricks: honours, a revoke, a turned trump ("" when nothing)."""
    parts = []
    if fmt.is_games and fmt.honours and (claimed.honours_ns or claimed.honours_ew):
        parts.append(f"honours {claimed.honours_ns or 0}–{claimed.honours_ew or 0}")
    if claimed.revoke:
        parts.append(f"revoke by {SIDE_NAMES[claimed.revoke]}")
    if fmt.trump_rotation is None and claimed.trump in SUITS:
        parts.append(f"{suit_word(claimed.trump)} trumps")
    return ", ".join(parts)


def claim_words(claimed: HandEntry, fmt) -> str:
    """ "8–5", then honours, a revoke and a turned trump when the table entered them."""
    extra = claim_extra(claimed, fmt)
    return f"{claimed.tricks_ns}–{claimed.tricks_ew}" + (f", {extra}" if extra else "")


def _score_words(score: dict[str, int]) -> str:
    return f"North–South {score['NS']}, East–West {score['EW']}"


def game_view(table: Table, state: entry.TableState) -> dict:
    """A game night's table: the game before and after this hand, who won it, the rubber so far.

    Everything comes from the agreed results through the rules engine; the notes say why any
    points a side held did not count (honours at the score of four, a revoke, game reached first).
    """
    night = games.games_for_table(table, up_to=state.hand)
    scored = night.hand(state.hand)
    here = {seat: person.player_id for seat, person in state.seats.items()}
    view: dict = {
        **GAME_ONLY_SOMETIMES,
        "state": night.state,
        "games_line": night.games_line,
        "notes": [],
        "new_partners": False,
    }
    if scored is not None:
        view.update(before=_score_words(scored.score_before), points=scored.points, notes=list(scored.notes))
        view["after"] = _score_words(scored.score)
        if scored.game_won_by:
            view["game_to"] = f"Game to {SIDE_NAMES[scored.game_won_by]} ({scored.score['NS']}–{scored.score['EW']})"
            finished = night.score.rubbers[-1] if night.score.rubbers else None
            if scored is night.last and finished and not night.score.rubber_games and night.score.plays_rubbers:
                view["rubber_to"] = f"Rubber to {SIDE_NAMES[finished.won_by]}: {finished.points} rubber points"
            view["next"] = "The next hand starts a new " + ("rubber" if view["rubber_to"] else "game")
        return view
    # Not agreed yet: the game as it stands, or afresh when the partnerships here have changed.
    fresh = bool(night.seats) and standings.partnerships_changed(night.seats, here)
    view["new_partners"] = fresh
    view["before"] = _score_words({"NS": 0, "EW": 0} if fresh else night.score.score)
    if fresh:
        view["state"] = "New partnerships: a new game and a new rubber"
    return view


def duplicate_view(table: Table, state: entry.TableState) -> dict:
    """A duplicate table: the round's boards (the one being entered marked), its dealer, and once this
    table has agreed the board, how every table that has played it did so far (its traveller)."""
    event = table.event
    fmt = event.format
    hand = state.hand
    board = state.board
    view: dict = {
        "board": board,
        "dealer": SEAT_NAMES.get(board.dealer, "") if board else "",
        "round": fmt.round_of(hand),
        "rounds": fmt.rounds,
        "round_boards": [
            {"number": b.number, "now": h == hand, "done": h < hand} for h, b in pairs.round_boards(table, hand)
        ],
    }
    view["scored_by"] = "matchpoints" if fmt.scoring == "matchpoints" else "tricks against the average"
    if board is not None and state.status == "waiting":
        # Tables that share boards (a relay) pass them across: the board may still be at the other table.
        view["board_still_at"] = pairs.board_still_at(table, hand)
    if board is not None and state.status == "agreed":
        view["traveller"] = pairs.traveller(event, board.number)
        view["traveller_board"] = board.number
        if fmt.ends_round(hand) and hand < fmt.hands:
            view["movement_line"] = pairs.plan_of(event).moves_after(fmt.round_of(hand), table.number)
            # A table that finishes its round first waits for the others: the boards it passes on, and the
            # table its E–W pair goes to, may still be in play.
            view["round_wait"] = True
    elif state.status == "waiting" and hand > 1:
        # The hall moved on when the last table agreed: until this board is entered, the board this
        # table played last stays in view with how the tables did on it.
        before = entry.board_at(table, hand - 1)
        if before is not None and table.results.filter(hand=hand - 1).exists():
            view["traveller"] = pairs.traveller(event, before.number)
            view["traveller_board"] = before.number
            if fmt.ends_round(hand - 1):
                view["movement_line"] = pairs.plan_of(event).moves_after(fmt.round_of(hand - 1), table.number)
    return view


# -- the drawing ------------------------------------------------------------------------------------


def _totals(event: Event, state: entry.TableState) -> dict[str, int]:
    """The running totals of the table's four, kept under the revisions they were worked from: this
    table's (its results) and the event's (corrections at other tables, the seating)."""
    if not event.format.is_drive:
        return {}
    key = cache.totals_key(state.table.token, event.revision, state.table.revision, state.hand)
    return cache.get_or_make(key, lambda: scores.totals_for(event, state.seats.values()))


# Every name the table's page asks for is in its context, as nothing when there is nothing to show, and what it
# asks most often is given a name of its own (``status``, not ``state.status``). Django's templates work out a
# name missing from the context through four exceptions, and look into an object that is not a dictionary
# through one: together 7 % of the server's work at a hall's end of hand (docs/benchmarks.md).
ONLY_SOMETIMES_DRAWN: dict[str, Any] = dict.fromkeys(
    ("game", "traveller", "board", "round_boards", "board_still_at", "movement_line", "round_wait",
     "previous_moves", "moves", "moves_later")
)  # fmt: skip
ONLY_SOMETIMES_FOR_A_PHONE: dict[str, Any] = dict.fromkeys(
    ("elsewhere", "my_move", "changed_by_partner", "error", "notice", "whole_page")
)
GAME_ONLY_SOMETIMES: dict[str, Any] = dict.fromkeys(("after", "game_to", "rubber_to", "next"))


def drawing(table: Table, *, state: entry.TableState | None = None, moves_later: bool = False) -> dict:
    """What all four phones of the table show: everything but the phone's own seat and messages.

    ``table`` and its event as loaded with the page's version (or fresh after an entry); ``state``
    the table's state from an entry, which the answer is drawn from.
    """
    event = table.event
    hand = running.playing_hand(table)
    state = _table_now(table, hand, state if state is not None and state.hand == hand else None) if hand else None
    seats = state.seats if state else {}
    fmt = event.format
    context: dict[str, Any] = {
        **ONLY_SOMETIMES_DRAWN,
        "event": event,
        "event_status": event.status,
        "table": table,
        "hand": hand,
        "state": state,
        "status": state.status if state else "",
        "fmt": fmt,
        "hands": fmt.hands,
        "revoke_rule": revoke_rule(fmt),
        "seated": bool(seats),
        "seats": [
            {
                "seat": s,
                "name": seats[s].name if s in seats else "",
                "sub": s in seats and seats[s].stands_in_for_id is not None,  # a duplicate substitute
            }
            for s in SEATS
        ],
        "trump": trump_view(state.trump if state else None),
        "ask_trump": state is not None and state.trump is None,
        "honours": fmt.is_games and fmt.honours,
        "keypad": KEYPAD,
        "suit_choices": [(s, SUIT_SYMBOLS[s], suit_word(s, capital=True)) for s in SUITS],
        "results_url": reverse("board", args=[event.board_token]) if event.status == Event.Status.FINISHED else "",
        # Reversed once a drawing, not by the template for each phone's every drawing.
        "urls": table_urls(get_script_prefix(), table.token),
        "revisions": revisions_of(event.revision, table.revision),
        "flag_reasons": FLAG_REASONS,
        "flagged": bool(state and state.called),
        "poll_seconds": poll_seconds(_table_count(event)) if state is not None else 0,
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
            "counts": _counts_as(claim.entry, fmt),
        }
        for side, claim in claims.items()
    ]
    context["replaced"] = {
        side: {"seat": earlier.seat, "said": _changed_words(earlier.entry, side, fmt),
               "by": SEAT_NAMES[claims[side].seat], "now": _changed_words(claims[side].entry, side, fmt)}
        for side, earlier in state.replaced.items()
        if claims.get(side)
    }  # fmt: skip
    if state.status == "pending":
        claimer = state.pending_side
        assert claimer is not None  # a pending hand has a side that entered it
        context["claimer"] = claimer
        context["claimer_name"] = SIDE_NAMES[claimer]
        context["claim"] = claims[claimer].entry
        context["claim_words"] = claim_words(claims[claimer].entry, fmt)
        context["claim_extra"] = claim_extra(claims[claimer].entry, fmt)
        context["claim_counts"] = _counts_as(claims[claimer].entry, fmt)
        # The phone may be passed across: the agreeing players are named by their seats.
        context["agreeing_seats"] = [
            {"seat": s, "seat_name": SEAT_NAMES[s], "name": seats[s].name if s in seats else ""}
            for s in SIDE_SEATS[OTHER_SIDE[claimer]]
        ]
    if fmt.is_games:
        context["game"] = game_view(table, state)
    if fmt.is_duplicate:
        context.update(duplicate_view(table, state))
    if state.status == "agreed":
        agreed = state.entry
        assert agreed is not None  # an agreed hand has its entry
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
        rows = moves(event, table, hand, seats)
        for row in rows:
            person = seats[row["seat"]]
            row["total"] = totals.get(person.player_id)
            row["tricks"] = context["after_revoke"][SIDE_OF_SEAT[row["seat"]]]
        context["moves"] = rows
    elif hand > 1 and state.status == "waiting":
        # The first minutes of a hand: say where last hand's players went (they may look here).
        before = entry.seats_at(table, hand - 1)
        context["previous_moves"] = moves(event, table, hand - 1, before) if before else []
    return context


def revoke_rule(fmt) -> str:
    """What a revoke costs, as the keypad says it."""
    if fmt.is_games and fmt.revoke_penalty == "points":
        return "A revoke gives the other side 3 points, and the revoking side cannot reach game on this hand."
    if fmt.is_games:
        return "A revoke moves 3 tricks to the other side, and the revoking side cannot reach game on this hand."
    return "A revoke moves 3 tricks to the other side."


def _table_now(table: Table, hand: int, stored: entry.TableState | None) -> entry.TableState:
    """The table's state for ``hand``, with whether it has called the organiser (``called``), kept with the
    revisions it was read at (``entry.kept_state_or``): an agreed table's page is drawn again whenever a table
    it waits on changes, its own state unchanged. ``stored``: the state an entry has just left (and kept)."""
    if stored is not None:
        return stored if stored.called is not None else replace(stored, called=_flagged(table, hand))
    state = entry.kept_state_or(
        table, hand, lambda: replace(entry.table_state(table, hand), called=_flagged(table, hand))
    )
    # The state names the table it was read with: the caller's own object (the same row at the same revision).
    return state if state.table is table else replace(state, table=table)


def _flagged(table: Table, hand: int) -> bool:
    """Whether the table has called the organiser this hand and nobody has answered yet: asked with the table's
    state when a page reads it (``_table_now``; an entry reads it with its lock), written out once, as
    ``load``'s statement is."""
    with connection.cursor() as cursor:
        cursor.execute(_flagged_sql(connection.vendor), [table.pk, hand])
        return cursor.fetchone() is not None


@functools.cache
def _flagged_sql(vendor: str) -> str:
    q = connection.ops.quote_name
    return (
        f"SELECT 1 FROM {q(Flag._meta.db_table)} WHERE {q('table_id')} = %s AND {q('hand')} = %s "
        f"AND {q('resolved')} IS NULL LIMIT 1"
    )


def _table_count(event: Event) -> int:
    return cache.get_or_make(cache.table_count_key(event.pk, event.revision), lambda: event.tables.count())


@functools.lru_cache(maxsize=4096)
def table_urls(prefix: str, token: str) -> dict[str, str]:
    """A table's links (``TABLE_URLS``), worked out once a table rather than on each of its drawings, which
    reversed them all every time. Under the script prefix they were reversed with (a hosted sub-path);
    only read, never changed."""
    return {key: reverse(name, args=[token]) for key, name in TABLE_URLS.items()}


def _counts_as(claimed: HandEntry, fmt) -> str:
    """The score that will count after a revoke's penalty, in words ("" when no trick moves)."""
    after = tricks_after_revoke(claimed, fmt)
    if (after["NS"], after["EW"]) == (claimed.tricks_ns, claimed.tricks_ew):
        return ""
    return f"North–South {after['NS']}, East–West {after['EW']} ({after['NS']}–{after['EW']})"


def _changed_words(claimed: HandEntry, side: str, fmt) -> str:
    """A side's claim in its own terms: its tricks, and what else it said ("8, revoke by East–West")."""
    extra = claim_extra(claimed, fmt)
    return f"{claimed.tricks[side]}" + (f", {extra}" if extra else "")


def kept_drawing(loaded: Loaded) -> dict:
    """``drawing`` for a page loaded with its version, kept with that version for the table's other
    phones (the table's latest drawing only). Under a version read before the drawing only: a change
    meanwhile makes the kept drawing stale, never a drawing served as current under a later version."""
    table = loaded.table
    return cache.latest_or_make(cache.drawing_key(table.token), loaded.shared, lambda: drawing(table))


def keep_drawing(loaded: Loaded, shared: dict) -> None:
    """Keep a whole drawing of the page made at ``loaded``'s version (an entry's answer) for ``kept_drawing``.

    Where the server runs in several processes, this one claims the drawing of the table's pushed pages at
    that version (``pushed_pages``) when its hub holds a stream of the table's, so will draw them: it holds
    the drawing they are drawn from, which another would make again."""
    token = loaded.table.token
    cache.put(cache.drawing_key(token), (loaded.shared, shared))
    if cache.between_processes() and hub_listens_to(token):
        try:
            cache.claim(cache.drawer_key(token, loaded.shared))
        except Exception:  # the shared cache out of reach: the entry is stored, and the hubs draw its pages
            log.exception("Could not claim the drawing of a table's pushed pages")


def for_phone(shared: dict, my_seat: str | None, player: int | None = None) -> dict:
    """The shared drawing with this phone's seat: its side's forms, "you" and its own links.

    ``player`` is the entrant this phone remembers for the evening: when they sit at another table
    now, the phone says where, never offering this table's seats (strangers' names) to tap.
    """
    state = shared["state"]
    seats = state.seats if state else {}
    if my_seat not in seats:
        my_seat = None
    my_side = SIDE_OF_SEAT[my_seat] if my_seat else ""
    context: dict[str, Any] = {
        **ONLY_SOMETIMES_FOR_A_PHONE,
        **shared,
        "drawing": shared,  # what every seat is shown alike is drawn from it alone (templatetags/table_parts.py)
        "my_seat": my_seat,
        "my_seat_name": SEAT_NAMES[my_seat] if my_seat else "",
        "my_side": my_side or None,
        "my_side_name": SIDE_NAMES.get(my_side, ""),
        "other_side": OTHER_SIDE.get(my_side),
        "other_side_name": SIDE_NAMES.get(OTHER_SIDE.get(my_side, ""), ""),
        "my_link": seats[my_seat].get_absolute_url() if my_seat else "",
    }
    if state is None:
        return context
    if my_seat is None and player is not None:
        context["elsewhere"] = elsewhere(shared["event"], shared["table"], player)
    if my_seat and shared.get("moves"):
        # Said first and large; the list of the four (drawn once for them) hides this seat's own row.
        context["my_move"] = next((m for m in shared["moves"] if m["seat"] == my_seat), None)
    changed = shared.get("replaced", {}).get(my_side)
    if changed and changed["seat"] == my_seat:
        context["changed_by_partner"] = f"{changed['by']} changed it to {changed['now']} (you said {changed['said']})"
    context["claims"] = [{**claim, "mine": claim["side"] == my_side} for claim in shared["claims"]]
    if state.status == "disputed" and my_side:
        theirs = next(claim for claim in shared["claims"] if claim["side"] == OTHER_SIDE[my_side])
        context["theirs"] = theirs["entry"]
        context["theirs_words"] = theirs["words"]
    return context


def elsewhere(event: Event, table: Table, player: int) -> dict | None:
    """Where the phone's player (an entrant of ``event`` not seated at ``table``) is this hand."""
    person = event.entrants.filter(pk=player).first()
    if person is None:
        return None
    hand = event.current_hand
    # The hand this table plays: in a duplicate round a substitute may have the seat from a board after
    # the current hand, and their leaver is gone from then.
    playing = running.playing_hand(table)
    gone = person.left_after_hand is not None and person.left_after_hand < playing
    now = None if gone else Seating.objects.filter(entrant=person, hand=hand).select_related("table").first()
    if now is None:
        you = YOU_LEAVE if person.left_after_hand and gone else "you do not play this hand"
        taker = person.taker() if gone and event.is_duplicate else None
        if taker is not None:
            you = f"that was your last board tonight: {taker.name} takes your seat. Thank you for playing"
    elif now.table is None:  # selected with the seating: no query
        you = f"sit out hand {hand}"
    else:
        you = f"go to table {now.table.number}, {SEAT_NAMES[now.seat]}"
    return {
        "name": person.name,
        "you": you,
        "table": now.table.number if now and now.table else None,
        "link": person.get_absolute_url(),
    }


def for_player(loaded: Loaded, player: int | None) -> Loaded:
    """The page's version for a phone that remembers ``player`` but whose player does not sit here:
    what it shows depends on where they sit (the event's revision) and on who they are."""
    if loaded.my_seat is not None or player is None or not loaded.version:  # "": no version known yet
        return loaded
    version = hashlib.sha256(f"{loaded.version}|elsewhere {player}".encode()).hexdigest()[:20]
    return Loaded(loaded.table, None, loaded.shared, version)


# -- pushed pages ----------------------------------------------------------------------------
# A phone's stream names its player (signed: `?as=` on the page's data-push), so that the server can push
# the page itself, drawn once for each seat, instead of the version the phone would then fetch.

_PUSH_SIGNER = signing.Signer(salt="whistdrive.server.push.player")


@functools.lru_cache(maxsize=4096)
def push_as(player: int | None) -> str:
    """The player a page's stream names, signed: the same every time (no timestamp), so signed once a player
    rather than on each page drawn for them."""
    return _PUSH_SIGNER.sign(str(player)) if player is not None else ""


def pushed_player(signed: str) -> int | None:
    """The player a stream's ``as`` names; None when it names none or was not signed here."""
    try:
        return int(_PUSH_SIGNER.unsign(signed))
    except (signing.BadSignature, ValueError):
        return None


def revisions_of(event_revision: int, table_revision: int) -> str:
    """A page's revisions as its ``data-revision`` gives them (both only grow): how a phone tells an older
    pushed page or version from the one it shows (static/whistdrive/push.js)."""
    return f"{event_revision}-{table_revision}"


DRAWN_ELSEWHERE = "drawn elsewhere"  # pushed_pages' answer: another process is drawing the pages


def pushed_pages(
    token: str, players: set[int], loaded: Loaded | None = None, version: str = "", *, leave_to_others: bool = False
) -> tuple[str, str, dict[int, str]] | str | None:
    """The table's page now, for the hub to push (whistdrive.server.push): its shared version, its revisions, and
    for each of ``players`` who sits at it, the fragment that player's phone would fetch (drawn once a
    seat). A player who does not sit here, or a table with no hand being played, gets no page: their
    phones are told the version and fetch their own. None when no table has the token.

    ``loaded``: the table as the hub has just loaded it (``load(token, set())``) to learn its version.
    ``version``: the version the hub's look worked out instead; when the table's kept drawing is of it (the
    answer to the entry that made it drew it), the pages are drawn from that, without reading the table.

    Where the server runs in several processes that share a cache (``cache.between_processes``), each
    process's hub pushes the pages to the phones whose streams it holds, and a table's four phones are
    mostly held by more than one: one process draws the table's pages at a version, every seated player's,
    and publishes them, and the others take them from there, without reading the table. Which one: the first
    to claim the version (``cache.claim``): the process that answered the entry that made it (it holds the
    drawing, ``keep_drawing``), or else the first hub to look. With ``leave_to_others``, a version another
    process has claimed and not yet published answers ``DRAWN_ELSEWHERE``, and the caller asks again soon
    (drawn at once by both hubs, a third of a busy hall's pages were drawn twice: docs/benchmarks.md)."""
    sharing = cache.between_processes()
    at = loaded.shared if loaded else version
    if sharing and at:
        drawn = cache.published(cache.pushed_key(token))
        if drawn is not None and drawn[0] == at:
            return drawn[0], drawn[1], {player: page for player, page in drawn[2].items() if player in players}
        if leave_to_others and not cache.claim(cache.drawer_key(token, at)):
            return DRAWN_ELSEWHERE
    if loaded is None and version:
        held = cache.get(cache.drawing_key(token))
        if held is not None and held[0] == version:
            loaded = Loaded(held[1]["table"], None, version, phone_version(version, None))
    loaded = loaded or load(token, set())
    if loaded is None:
        return None
    table = loaded.table
    revisions = revisions_of(table.event.revision, table.revision)
    pages: dict[int, str] = {}
    if loaded.shared and table.event.current_hand and table.event.status != Event.Status.FINISHED:
        shared = kept_drawing(loaded)
        seat_of = {person.pk: seat for seat, person in shared["state"].seats.items()} if shared["state"] else {}
        pages = {
            player: seat_page(shared, loaded.shared, seat)
            for player, seat in seat_of.items()
            if sharing or player in players  # the other processes' phones are these players' too
        }
        if sharing:
            cache.publish(cache.pushed_key(token), (loaded.shared, revisions, pages))
    return loaded.shared, revisions, {player: page for player, page in pages.items() if player in players}


def seat_page(shared: dict, shared_version: str, seat: str) -> str:
    """The state fragment the phones in ``seat`` are shown at the table's ``shared_version`` (``shared`` its
    drawing), as their own fetch would draw it: drawn once a seat and version, for the page the hub pushes
    and the answer to the phone's own entry alike, and kept (the latest only, ``latest_or_make``)."""
    version = phone_version(shared_version, seat)
    player = shared["state"].seats[seat].pk  # the player whose phone this is (its stream's ``as``)

    def draw() -> str:
        context = for_phone(shared, seat, player)
        context.update(
            version=version,
            shared_version=shared_version,
            part_version=shared_version,  # the parts every seat is shown alike: drawn once for the four
            push_as=push_as(player),
        )  # no ``whole_page``: drawn as htmx's fragment, as the phone's own fetch would be
        return render_to_string("whistdrive/table.html#state", context)

    return cache.latest_or_make(cache.page_key(shared["table"].token, seat), version, draw)
