"""The reads and writes the hot path makes by hand, and the Django internals they stand on: the only module
outside the server that does (docs/architecture.md, "Framework internals: one fence").

Every statement here was the ORM's once, and is written out because building it cost more than the database
took to answer it, on every phone's every request (docs/benchmarks.md). Each function says what it saved.
The rest of the evening asks these by name and uses the ORM and Django's public APIs for everything else.
What this module leans on (``Model._meta.concrete_fields``' order and ``attname``, ``Model.from_db``,
``connection.ops.quote_name`` and ``get_db_converters``) is checked by
tests/foundation/test_the_framework_internals_we_stand_on.py, which fails when Django changes under it.

The statements are written once a shape (``functools.cache`` on the database kind and the number of
parameters), and return rows or model instances as the ORM would have made them (``from_row``).
"""

from __future__ import annotations

import functools

from django.db import connection, models

from whistdrive.store.models import (
    ENTRY_FIELDS,
    Entrant,
    Event,
    Flag,
    Result,
    Seating,
    Submission,
    Table,
    entries_of,
)

# -- rows as the ORM makes them ---------------------------------------------------------------------


def columns_of(model, alias: str) -> list[str]:
    """The columns of ``model`` as ``alias`` in a hand-written select, in the order ``from_row`` reads them.

    For the hot paths' statements (``table_page``, the entries' reads): the ORM took longer to build
    each of those selects than the database took to answer it (docs/benchmarks.md)."""
    q = connection.ops.quote_name
    return [f"{alias}.{q(str(f.column))}" for f in model._meta.concrete_fields]


# A table's end of hand, its reads written out: 128,000 → 76,400 Python calls (submit 17,328 → 10,467),
# docs/benchmarks.md "Hand-written hot reads, and totals added up by card".
def from_row(model, row, start: int = 0):
    """The ``model`` instance whose ``columns_of`` start at ``row[start]``, as the ORM would have made it."""
    count = len(model._meta.concrete_fields)
    return model.from_db(connection.alias, _attnames(model), _from_db_values(model, row[start : start + count]))


def table_and_event_columns() -> list[str]:
    """The columns of a table (``t``) and its event (``e``), in the order ``table_and_event`` reads them."""
    return columns_of(Table, "t") + columns_of(Event, "e")


def table_and_event(row) -> Table:
    """The table, with its event, from a row that starts with ``table_and_event_columns``."""
    table = from_row(Table, row)
    table.event = from_row(Event, row, len(Table._meta.concrete_fields))
    return table


@functools.cache
def _attnames(model) -> tuple[str, ...]:
    return tuple(f.attname for f in model._meta.concrete_fields)


def _from_db_values(model, values) -> list:
    """Column values as the ORM gives them: through the backend's converters, then the field's (as
    ``SQLCompiler.get_converters`` does), so dates, times and JSON come back as Python values."""
    out = list(values)
    if len(out) != len(model._meta.concrete_fields):
        raise ValueError(f"{len(out)} values for the {len(model._meta.concrete_fields)} columns of {model.__name__}")
    for i, column, converters in _converters(model, connection.vendor):
        value = out[i]
        for converter in converters:
            value = converter(value, column, connection)
        out[i] = value
    return out


# Only the columns with converters passed through them: 3,537 M → 3,512 M instructions at a 60-table hand's
# end, docs/benchmarks.md "Less drawn for each seat, less ORM for each entry" (a4c7498).
@functools.cache
def _converters(model, vendor: str) -> list[tuple]:
    """The columns of ``model`` that have converters (by their place among its columns), with them: worked
    out once (per database kind) rather than on every phone's every request. Most have none (numbers and
    text on SQLite), and passing each of those through an empty loop was a tenth of reading a row."""
    out = []
    for i, field in enumerate(model._meta.concrete_fields):
        column = field.get_col(model._meta.db_table)
        converters = connection.ops.get_db_converters(column) + column.get_db_converters(connection)
        if converters:
            out.append((i, column, converters))
    return out


# -- the writes of an entry -------------------------------------------------------------------------


# One statement where the ORM's update and a read back were two: a submit 14 queries → 12, docs/benchmarks.md
# "Less server time per table, and several server processes".
def bump_table(pk: int) -> int:
    """Add one to a table's revision and return it: one statement with RETURNING (SQLite 3.35 and
    later, PostgreSQL). Every entry at a table bumps it, and building the ORM's update with its F()
    expression, then reading the revision back, cost more than running them (docs/benchmarks.md).
    Called inside the transaction that holds the table's row lock: the revision returned is what the
    answer drawn after the change is of."""
    q = connection.ops.quote_name
    revision = q("revision")
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {q(Table._meta.db_table)} SET {revision} = {revision} + 1 WHERE {q('id')} = %s RETURNING {revision}",
            [pk],
        )
        return cursor.fetchone()[0]


# An entry's two rows each written by one statement: 3,512 M → 3,459 M instructions at a 60-table hand's end,
# docs/benchmarks.md "Less drawn for each seat, less ORM for each entry" (6f4696f).
def insert(instance: models.Model) -> None:
    """Write a new ``instance`` as ``save()`` writes one (each field's value on saving: ``auto_now_add``'s
    time, the defaults set when it was made), in one statement with RETURNING written out once a model, as
    ``bump_table``'s is. For the row every phone's entry writes (a ``Submission``): building the ORM's
    insert, field by field, cost more than running it (docs/benchmarks.md)."""
    model = type(instance)
    fields = _insert_fields(model)
    values = [field.get_db_prep_save(field.pre_save(instance, True), connection) for field in fields]
    with connection.cursor() as cursor:
        cursor.execute(_insert_sql(model, connection.vendor), values)
        instance.pk = cursor.fetchone()[0]
    instance._state.adding = False
    instance._state.db = connection.alias


@functools.cache
def _insert_fields(model) -> tuple:
    return tuple(f for f in model._meta.concrete_fields if not f.primary_key)


@functools.cache
def _insert_sql(model, vendor: str) -> str:
    q = connection.ops.quote_name
    fields = _insert_fields(model)
    return (
        f"INSERT INTO {q(model._meta.db_table)} ({', '.join(q(f.column) for f in fields)}) "
        f"VALUES ({', '.join(['%s'] * len(fields))}) RETURNING {q(model._meta.pk.column)}"
    )


# -- a table under its lock, and its hand (``evening.entry``) ---------------------------------------


# Only the table's row, and as NO KEY UPDATE: phones at one table queue behind each other, while the event
# row stays free for advance() and new seatings may still refer to the table (locking the joined event row
# too deadlocked against advance on PostgreSQL). SQLite has no row locks: the transaction itself is
# IMMEDIATE (settings), one writer at a time. Written out with the entries' reads (128,000 → 76,400 Python
# calls a table's end of hand, docs/benchmarks.md "Hand-written hot reads, and totals added up by card").
def locked_table(table: Table) -> Table:
    """``table`` and its event read again under the table's row lock (inside the caller's transaction)."""
    return table_and_event(_locked_row(table, _locked_sql(connection.vendor), [table.pk]))


# The call and the tap's key read with the lock: 3,194 M → 3,181 M → 3,129 M instructions at a 60-table hand's
# end, docs/benchmarks.md "Reading a table once, and what real phones send" (b37cfb0, 0dd717b).
def locked_for_entry(table: Table, hand: int, key: str) -> tuple[Table, bool, int | None]:
    """The table locked (``locked_table``) for a phone's entry or agreement of ``hand``, in one statement
    with what the entry asks of it under the lock: whether the table has called the organiser about the
    hand, unanswered, and the id of the submission the phone sent with this idempotency ``key`` before
    (None when it sent none)."""
    row = _locked_row(table, _locked_sql(connection.vendor, for_entry=True), [hand, key, table.pk])
    called, earlier = row[-2:]
    return table_and_event(row), bool(called), earlier


def _locked_row(table: Table, sql: str, params: list) -> tuple:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
    if row is None:
        raise Table.DoesNotExist(f"table {table.pk} is gone")
    return row


@functools.cache
def _locked_sql(vendor: str, for_entry: bool = False) -> str:
    q = connection.ops.quote_name
    lock = " FOR NO KEY UPDATE OF t" if vendor == "postgresql" else ""
    here = f"{q('table_id')} = t.{q('id')}"
    asked = (
        f", EXISTS (SELECT 1 FROM {q(Flag._meta.db_table)} WHERE {here} AND {q('hand')} = %s AND {q('resolved')} IS NULL)"
        # A tap without a key (a form posted without the page's script) is never a repeat.
        f", (SELECT {q('id')} FROM {q(Submission._meta.db_table)} WHERE {here} AND {q('key')} = %s "
        f"AND {q('key')} <> '' LIMIT 1)"
        if for_entry
        else ""
    )
    return (
        f"SELECT {', '.join(table_and_event_columns())}{asked} FROM {q(Table._meta.db_table)} t "
        f"JOIN {q(Event._meta.db_table)} e ON e.{q('id')} = t.{q('event_id')} WHERE t.{q('id')} = %s{lock}"
    )


# The ORM took four times longer to build these three selects than the database to answer them: 128,000 →
# 76,400 Python calls a table's end of hand, docs/benchmarks.md "Hand-written hot reads, and totals added up
# by card".
def hand_of(table: Table, hand: int) -> tuple[list[Submission], Result | None]:
    """The hand's submissions at ``table`` (oldest first) and its result: what every entry and every drawing
    of a table reads, with ``seats_at``."""
    submissions, result, _ = _read_sql(connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(submissions, [table.pk, hand])
        rows = [from_row(Submission, row) for row in cursor.fetchall()]
        cursor.execute(result, [table.pk, hand])
        found = cursor.fetchone()  # one at most: a table has one result a hand
    return rows, from_row(Result, found) if found else None


def seats_at(table: Table, hand: int) -> dict[str, Entrant]:
    """Who sits at ``table`` for ``hand``, by seat."""
    with connection.cursor() as cursor:
        cursor.execute(_read_sql(connection.vendor)[2], [table.pk, hand])
        return {row[0]: from_row(Entrant, row, 1) for row in cursor.fetchall()}  # (seat, the entrant's columns)


@functools.cache
def _read_sql(vendor: str) -> tuple[str, str, str]:
    q = connection.ops.quote_name
    here = f"{q('table_id')} = %s AND {q('hand')} = %s"
    return (
        f"SELECT {', '.join(columns_of(Submission, 'x'))} FROM {q(Submission._meta.db_table)} x WHERE {here} "
        f"ORDER BY x.{q('created')}, x.{q('id')}",
        f"SELECT {', '.join(columns_of(Result, 'x'))} FROM {q(Result._meta.db_table)} x WHERE {here}",
        f"SELECT s.{q('seat')}, {', '.join(columns_of(Entrant, 'e'))} FROM {q(Seating._meta.db_table)} s "
        f"JOIN {q(Entrant._meta.db_table)} e ON e.{q('id')} = s.{q('entrant_id')} "
        f"WHERE s.{q('table_id')} = %s AND s.{q('hand')} = %s",
    )


# Asked with the table's state when a page reads it (an entry reads it with its lock), written out with the
# tables' own reads: 128,000 → 76,400 Python calls a table's end of hand, docs/benchmarks.md "Hand-written hot
# reads, and totals added up by card".
def organiser_call(table: Table, hand: int) -> str:
    """The table's call to the organiser about ``hand``: "called" (nobody has answered yet), "answered" (every
    call dealt with: the phones say so, not "called" for ever), or "" (no call)."""
    with connection.cursor() as cursor:
        cursor.execute(_flagged_sql(connection.vendor), [table.pk, hand])
        row = cursor.fetchone()
    state = row[0] if row else None  # MIN over no rows is NULL: no call
    return "called" if state == 1 else "answered" if state == 2 else ""


@functools.cache
def _flagged_sql(vendor: str) -> str:
    q = connection.ops.quote_name
    return (
        f"SELECT MIN(CASE WHEN {q('resolved')} IS NULL THEN 1 ELSE 2 END) FROM {q(Flag._meta.db_table)} "
        f"WHERE {q('table_id')} = %s AND {q('hand')} = %s"
    )


# -- a phone's poll (``evening.phones.versions``) ---------------------------------------------------


# A phone's poll in one statement, not the ORM compiling three subqueries on each: an unchanged poll 1.8–2.7 ms
# → 1.3–1.4 ms, docs/benchmarks.md "After the redesign (issue #18): revisions, one cache door".
def table_page(
    token: str, mine: list[int], waited_ids: tuple[int, ...]
) -> tuple[Table, str | None, bool, str | None] | None:
    """The table with ``token`` and its event, in one query with what its page's version turns on: the seat at
    the current hand of the first of the entrants ``mine`` seated there (None for none), whether the table has
    its result for the hand, and the results of the tables ``waited_ids`` (``_waited_sql``; None without).
    None when no table has the token."""
    with connection.cursor() as cursor:
        cursor.execute(_load_sql(connection.vendor, len(mine), len(waited_ids)), [*mine, *waited_ids, token])
        row = cursor.fetchone()
    if row is None:
        return None
    my_seat, agreed, waited = row[-3:]
    return table_and_event(row), my_seat, bool(agreed), waited


# Written out once per shape (how many entrants the phone remembers, how many tables the page waits on).
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
    here; a result or a correction does (``where_next.where_next`` reads those results). Each table's own, as the
    hub's look reads every table's (``results_of_tables``), so that the hub can work out an agreed table's
    version from its look (``versions.agreed_version``) without reading the table."""
    result = connection.ops.quote_name(Result._meta.db_table)
    each = f"(SELECT {_results_state()} FROM {result} WHERE {connection.ops.quote_name('table_id')} = %s)"
    return " || ' ' || ".join([each] * count)


def _results_state() -> str:
    """How many results the rows read hold, and their latest change (``NO_RESULTS`` for none): a table's
    results as a page waiting on it reads them, and as the pushes' hub watches them."""
    q = connection.ops.quote_name
    return f"CAST(COUNT(*) AS VARCHAR(20)) || ':' || COALESCE(CAST(MAX({q('updated')}) AS VARCHAR(40)), '')"


# A table's results as ``_results_state`` gives them, for one with none.
NO_RESULTS = "0:"


# (gain not measured: the second query of a poll that must work out an agreed table's waits afresh)
def waited_results(ids: tuple[int, ...]) -> str | None:
    """The results of the tables ``ids`` as ``table_page`` reads those its page waits on; None for none."""
    if not ids:
        return None
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {_waited_sql(len(ids))}", list(ids))
        return cursor.fetchone()[0]


# (gain not measured)
def table_ids(event: Event, numbers: set[int]) -> tuple[int, ...]:
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


# -- what a pushed update asks (``whistdrive.server.push``, through ``versions.tables_of_evenings``) --------


# The hub's look by its evenings' ids, and only the moved tables' results read: ``tables_of_evenings`` 2.0 %
# → 1.2 % of a hosted peak's samples, the hub's look 13.9 % → 9.9 %, docs/benchmarks.md "A table's old code
# told at once, and the hub's look by its evenings' ids".
def tables_of(evenings: list[int]) -> list[tuple]:
    """Every table of these evenings (event ids): (token, id, revision, its event's revision, hand and status,
    whether it has its result for the hand), in one query."""
    with connection.cursor() as cursor:
        cursor.execute(_evenings_sql(connection.vendor, len(evenings)), evenings)
        return cursor.fetchall()


def results_of_tables(ids: list[int]) -> dict[int, str]:
    """The results (``_results_state``) of each of the tables with these ids that has any, by id."""
    with connection.cursor() as cursor:
        cursor.execute(_results_of_sql(connection.vendor, len(ids)), ids)
        return dict(cursor.fetchall())


# The pushed updates' hub asks this four times a second, of the evenings its phones' tables belong to: by the
# evenings' ids (one or two), not by those tables' tokens (up to 300, each a parameter that PostgreSQL's
# driver quotes into the statement): 3.1 % → 0.1 % of a hosted peak's samples, docs/benchmarks.md "A table's
# old code told at once, and the hub's look by its evenings' ids".
def evenings_stamp(evenings: list[int]) -> tuple:
    """What moves whenever anything at these evenings (event ids) does (every write bumps a revision, and
    revisions only grow; a table gone or a new code changes it too), in one small query: when it stands,
    ``versions.tables_of_evenings`` need not be read."""
    with connection.cursor() as cursor:
        cursor.execute(_stamp_sql(connection.vendor, len(evenings)), evenings * 2)
        return tuple(cursor.fetchone())


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


@functools.cache
def _results_of_sql(vendor: str, tables: int) -> str:
    """The results (how many, the latest change) of each of the tables with these ids that has any."""
    q = connection.ops.quote_name
    return (
        f"SELECT {q('table_id')}, {_results_state()} FROM {q(Result._meta.db_table)} "
        f"WHERE {q('table_id')} IN ({', '.join(['%s'] * tables)}) GROUP BY {q('table_id')}"
    )


# -- where everyone goes next (``evening.phones.where_next``, ``evening.phones.seats``) -------------------


# A page shows where its four go once the next hand is seated: read by the four players and the tables they
# go to (not the whole hall's seating), written out with the tables' own reads: 128,000 → 76,400 Python calls
# a table's end of hand, docs/benchmarks.md "Hand-written hot reads, and totals added up by card".
def places_of(entrants: list[int], hand: int) -> list[tuple]:
    """Where each of ``entrants`` sits for ``hand``, when seated for it: (entrant id, seat, table id or None,
    table number or None)."""
    q = connection.ops.quote_name
    sql = (
        f"SELECT s.{q('entrant_id')}, s.{q('seat')}, s.{q('table_id')}, t.{q('number')} "
        f"FROM {q(Seating._meta.db_table)} s LEFT JOIN {q(Table._meta.db_table)} t ON t.{q('id')} = s.{q('table_id')} "
        f"WHERE s.{q('hand')} = %s AND s.{q('entrant_id')} IN ({', '.join(['%s'] * len(entrants))})"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [hand, *entrants])
        return cursor.fetchall()


def names_at(event: Event, hand: int, tables: set[int]) -> dict[tuple[int, str], str]:
    """Who sits where at ``tables`` (ids) for ``hand``: (table id, seat) -> name."""
    q = connection.ops.quote_name
    sql = (
        f"SELECT s.{q('table_id')}, s.{q('seat')}, e.{q('name')} FROM {q(Seating._meta.db_table)} s "
        f"JOIN {q(Entrant._meta.db_table)} e ON e.{q('id')} = s.{q('entrant_id')} "
        f"WHERE s.{q('event_id')} = %s AND s.{q('hand')} = %s AND s.{q('table_id')} IN ({', '.join(['%s'] * len(tables))})"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [event.pk, hand, *sorted(tables)])
        return {(table_id, seat): name for table_id, seat, name in cursor.fetchall()}


# (gain not measured: written out as ``table_page``'s statement is; the answer is kept under the event's
# revision, docs/benchmarks.md "Reading a table once, and what real phones send", 67e3745)
def anyone_seated(event: Event, hand: int) -> bool:
    """Whether anyone is seated for ``hand`` at the evening."""
    q = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT 1 FROM {q(Seating._meta.db_table)} WHERE {q('event_id')} = %s AND {q('hand')} = %s LIMIT 1",
            [event.pk, hand],
        )
        return cursor.fetchone() is not None


# -- how far the evening has got (``evening.progress``) ---------------------------------------------


# An agreed table's page reads a few tables' round three or four times, written out with the tables' own reads:
# 128,000 → 76,400 Python calls a table's end of hand, docs/benchmarks.md "Hand-written hot reads, and totals
# added up by card".
def round_entries(event_pk: int, first_hand: int, last_hand: int, numbers: list[int] | None = None):
    """``ResultQuerySet.entries`` of an evening's hands ``first_hand``..``last_hand``, at the tables numbered
    ``numbers`` (every table when None). An agreed table's page reads a few tables' round this way, three
    or four times: written out once a shape, since the ORM took longer to build it than to run it."""
    if numbers is not None and not numbers:
        return []  # no table asked for (a one-table hall has no other): "IN ()" is no SQL PostgreSQL takes
    with connection.cursor() as cursor:
        cursor.execute(
            _round_sql(connection.vendor, None if numbers is None else len(numbers)),
            [event_pk, first_hand, last_hand, *(numbers or ())],
        )
        return list(entries_of(cursor.fetchall()))


@functools.cache
def _round_sql(vendor: str, numbers: int | None) -> str:
    q = connection.ops.quote_name
    fields = ", ".join(f"r.{q(name)}" for name in ENTRY_FIELDS)
    at = "" if numbers is None else f" AND t.{q('number')} IN ({', '.join(['%s'] * numbers)})"
    return (
        f"SELECT r.{q('hand')}, r.{q('table_id')}, t.{q('number')}, {fields} FROM {q(Result._meta.db_table)} r "
        f"JOIN {q(Table._meta.db_table)} t ON t.{q('id')} = r.{q('table_id')} "
        f"WHERE t.{q('event_id')} = %s AND r.{q('hand')} >= %s AND r.{q('hand')} <= %s{at}"
    )


# Asked at every agreement (whether the hall moves on), written out with the entries' reads: 128,000 → 76,400
# Python calls a table's end of hand, docs/benchmarks.md "Hand-written hot reads, and totals added up by card".
def seated_and_done(event: Event, hand: int) -> tuple[int, int]:
    """How many tables are seated for ``hand``, and how many of them have its result."""
    with connection.cursor() as cursor:
        cursor.execute(_to_go_sql(connection.vendor), [event.pk, hand])
        seated, done = cursor.fetchone()
    return seated, done


@functools.cache
def _to_go_sql(vendor: str) -> str:
    q = connection.ops.quote_name
    return (
        f"SELECT COUNT(DISTINCT s.{q('table_id')}), COUNT(DISTINCT r.{q('table_id')}) "
        f"FROM {q(Seating._meta.db_table)} s LEFT JOIN {q(Result._meta.db_table)} r "
        f"ON r.{q('table_id')} = s.{q('table_id')} AND r.{q('hand')} = s.{q('hand')} "
        f"WHERE s.{q('event_id')} = %s AND s.{q('hand')} = %s AND s.{q('table_id')} IS NOT NULL"
    )


# The event's row as it is now, written out with the tables' own reads: 128,000 → 76,400 Python calls a
# table's end of hand, docs/benchmarks.md "Hand-written hot reads, and totals added up by card".
def fresh(model, pk: int):
    """``model``'s row ``pk`` as it is now (``model.objects.get(pk=pk)``, in one statement written once)."""
    with connection.cursor() as cursor:
        cursor.execute(_fresh_sql(model, connection.vendor), [pk])
        row = cursor.fetchone()
    if row is None:
        raise model.DoesNotExist(f"{model.__name__} {pk} is gone")
    return from_row(model, row)


@functools.cache
def _fresh_sql(model, vendor: str) -> str:
    q = connection.ops.quote_name
    return f"SELECT {', '.join(columns_of(model, 'x'))} FROM {q(model._meta.db_table)} x WHERE x.{q('id')} = %s"


# -- a table's four's totals (``evening.scores.totals_for``) ----------------------------------------


# Read by the entrants alone (with the event too, the database read the whole evening's seatings through its
# (event, hand) index): 2 ms of 6 a table, and with the totals added up by card 6.7 ms → 2.2 ms a table at
# each agreement, docs/benchmarks.md "Hand-written hot reads, and totals added up by card".
def seatings_with_results(entrants: list[int]) -> list[tuple]:
    """Each seating of the entrants (ids): (hand, table id, seat, entrant id, *the result's ``ENTRY_FIELDS``),
    the result's values NULL when its table has none for the hand (or it was a sit-out)."""
    with connection.cursor() as cursor:
        cursor.execute(_totals_sql(connection.vendor, len(entrants)), entrants)
        return cursor.fetchall()


@functools.cache
def _totals_sql(vendor: str, entrants: int) -> str:
    """Each seating of the entrants, with the result of its table and hand (NULLs when there is none)."""
    q = connection.ops.quote_name
    entered = ", ".join(f"r.{q(name)}" for name in ENTRY_FIELDS)
    return (
        f"SELECT s.{q('hand')}, s.{q('table_id')}, s.{q('seat')}, s.{q('entrant_id')}, {entered} "
        f"FROM {q(Seating._meta.db_table)} s LEFT JOIN {q(Result._meta.db_table)} r "
        f"ON r.{q('table_id')} = s.{q('table_id')} AND r.{q('hand')} = s.{q('hand')} "
        f"WHERE s.{q('entrant_id')} IN ({', '.join(['%s'] * entrants)})"
    )


# (gain not measured: read only when one of the four sat out, docs/benchmarks.md "Writers taking turns, and
# less work a table")
def scored_hands(event: Event) -> set[int]:
    """The hands of an evening with at least one result."""
    with connection.cursor() as cursor:
        cursor.execute(_scored_hands_sql(connection.vendor), [event.pk])
        return {hand for (hand,) in cursor.fetchall()}


@functools.cache
def _scored_hands_sql(vendor: str) -> str:
    q = connection.ops.quote_name
    return (
        f"SELECT DISTINCT r.{q('hand')} FROM {q(Result._meta.db_table)} r "
        f"JOIN {q(Table._meta.db_table)} t ON t.{q('id')} = r.{q('table_id')} WHERE t.{q('event_id')} = %s"
    )
