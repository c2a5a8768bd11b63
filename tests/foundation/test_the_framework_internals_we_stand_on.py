"""The framework internals the hot paths stand on, each checked where it is used: when Django, uvicorn or a2wsgi
changes one under us (a new release inside pyproject.toml's pinned ranges, or a range widened), a test here
fails naming the internal and the file that relies on it, before a hall finds out.

Only two places may use them (docs/architecture.md, "Framework internals: one fence"): whistdrive/store/rows.py
(and the SQLite backend beside it, whistdrive/store/sqlite3/) and the server package (whistdrive/server/).
The last test keeps it so: it reads every other module of whistdrive/ for internals and hand-written SQL."""

from __future__ import annotations

import asyncio
import inspect
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import uvicorn
from a2wsgi.wsgi import WSGIResponder
from django.db import connection, models
from django.db.backends.sqlite3 import base as sqlite_base
from django.utils import timezone

from tests.factories import started_event, table_of
from whistdrive.evening import entry
from whistdrive.server import serving
from whistdrive.server.asgi import Responder
from whistdrive.store import rows
from whistdrive.store.models import Entrant, Event, Result, Submission, Table
from whistdrive.store.sqlite3 import base as our_sqlite

ROWS = "whistdrive/store/rows.py"
SQLITE = "whistdrive/store/sqlite3/base.py"
ASGI = "whistdrive/server/asgi.py"
SERVING = "whistdrive/server/serving.py"

# The models rows.py reads and writes column by column.
READ_BY_HAND = (Table, Event, Submission, Result, Entrant)


def _parameters(function) -> list[str]:
    return [name for name in inspect.signature(function).parameters if name != "self"]


# -- Django: the models' columns and instances (whistdrive/store/rows.py) -------------------------------------


@pytest.mark.parametrize("model", READ_BY_HAND, ids=lambda model: model.__name__)
def test_each_models_concrete_fields_are_its_columns_in_the_orms_own_order(model):
    """rows.columns_of and rows.from_row read a row in ``Model._meta.concrete_fields``' order, by ``attname``: the
    order must be the one the ORM itself selects and builds instances in."""
    fields = getattr(getattr(model, "_meta", None), "concrete_fields", None)
    assert fields, f"Django's Model._meta.concrete_fields is gone ({ROWS}: columns_of, from_row, insert)"
    for field in fields:
        for used in ("attname", "column", "primary_key", "get_col", "pre_save", "get_db_prep_save"):
            assert hasattr(field, used), f"Django's Field.{used} is gone ({ROWS}: columns_of, from_row, insert)"
    query = str(model.objects.all().query)  # the ORM's own select, column by column
    selected = query.split(" FROM ")[0]
    places = [selected.find(f".{connection.ops.quote_name(field.column)}") for field in fields]
    assert -1 not in places and places == sorted(places), (
        f"{model.__name__}'s concrete_fields are not in the order the ORM selects them ({ROWS}: columns_of, from_row)"
    )


def test_from_db_takes_the_database_the_field_names_and_the_values():
    assert _parameters(models.Model.from_db) == ["db", "field_names", "values"], (
        f"Django's Model.from_db(db, field_names, values) changed ({ROWS}: from_row)"
    )


def test_a_field_converts_and_prepares_values_as_rows_calls_it():
    field = Submission._meta.get_field("created")
    assert _parameters(field.pre_save) == ["model_instance", "add"], f"Django's Field.pre_save changed ({ROWS}: insert)"
    assert _parameters(field.get_db_prep_save) == ["value", "connection"], (
        f"Django's Field.get_db_prep_save changed ({ROWS}: insert)"
    )
    column = field.get_col(Submission._meta.db_table)
    assert _parameters(connection.ops.get_db_converters) == ["expression"], (
        f"Django's DatabaseOperations.get_db_converters changed ({ROWS}: _converters)"
    )
    for converter in connection.ops.get_db_converters(column) + column.get_db_converters(connection):
        assert len(inspect.signature(converter).parameters) == 3, (
            f"a database converter no longer takes (value, expression, connection) ({ROWS}: _from_db_values)"
        )


def test_quote_name_quotes_a_column_as_the_hand_written_statements_need():
    q = connection.ops.quote_name
    assert q("revision") == '"revision"' and q('"revision"') == '"revision"', (
        f"Django's connection.ops.quote_name changed ({ROWS}: every statement)"
    )


def test_an_instance_says_where_it_was_saved_as_insert_sets_it():
    state = Submission()._state
    assert state.adding is True and hasattr(state, "db"), (
        f"Django's Model._state.adding / .db changed ({ROWS}: insert sets them as save() does)"
    )


@pytest.mark.django_db
def test_rows_read_by_hand_are_the_rows_the_orm_reads():
    """One table and its event, one agreed hand's submissions and result, one seat's entrant: each read through
    rows' hand-written statements and through the ORM, field by field, value and type (on SQLite and
    PostgreSQL: the converters differ)."""
    event = started_event(name="Friday drive")
    event.tie_breaks = ["last_hand", "countback"]  # a JSON column
    event.save()
    table = table_of(event)
    entry.submit(table, hand=1, seat="N", tricks_ours=8, revoke="EW")
    entry.agree(table, hand=1, seat="E")
    read = [rows.fresh(Table, table.pk), rows.fresh(Event, event.pk)]
    orm = [Table.objects.get(pk=table.pk), Event.objects.get(pk=event.pk)]
    submissions, result = rows.hand_of(table, 1)
    read += [*submissions, result, rows.seats_at(table, 1)["N"]]
    orm += [*Submission.objects.filter(table=table, hand=1).order_by("created", "pk"), Result.objects.get(table=table)]
    orm.append(Entrant.objects.get(seatings__table=table, seatings__hand=1, seatings__seat="N"))
    assert len(read) == len(orm)
    for mine, theirs in zip(read, orm, strict=True):
        for field in type(theirs)._meta.concrete_fields:
            ours, its = getattr(mine, field.attname), getattr(theirs, field.attname)
            assert (ours, type(ours)) == (its, type(its)), (
                f"{type(theirs).__name__}.{field.attname} read by hand is not the ORM's ({ROWS}: from_row)"
            )


@pytest.mark.django_db
def test_a_row_written_by_hand_is_saved_as_the_orm_saves_it():
    table = table_of(started_event())
    before = timezone.now()
    written = Submission(table=table, hand=1, action="enter", seat="N", outcome="pending", key="k")
    rows.insert(written)
    assert written._state.adding is False and written._state.db == connection.alias, f"{ROWS}: insert"
    assert Submission.objects.get(pk=written.pk).created >= before, f"auto_now_add's pre_save was not run ({ROWS})"


# -- Django: the SQLite backend the laptop runs (whistdrive/store/sqlite3/base.py) ----------------------------


@pytest.mark.parametrize(
    ("method", "parameters"),
    [
        ("get_new_connection", ["conn_params"]),
        ("create_cursor", ["name"]),
        ("_start_transaction_under_autocommit", []),
        ("_commit", []),
        ("_rollback", []),
        ("_close", []),
    ],
)
def test_the_sqlite_backend_still_has_each_method_ours_overrides(method, parameters):
    """Our backend takes a turn in Python before ``BEGIN IMMEDIATE`` and gives it back at the commit, the rollback
    or the close: if Django renamed one of these, the turn would never be taken, or never given back."""
    theirs = getattr(sqlite_base.DatabaseWrapper, method, None)
    assert theirs is not None, f"Django's SQLite DatabaseWrapper.{method} is gone ({SQLITE} overrides it)"
    assert _parameters(theirs) == parameters, f"Django's SQLite DatabaseWrapper.{method} changed ({SQLITE})"
    assert method in vars(our_sqlite.DatabaseWrapper), f"{SQLITE} no longer overrides {method}"


def test_the_sqlite_backend_still_reads_the_transaction_mode_ours_takes_turns_for():
    assert "self.transaction_mode" in inspect.getsource(sqlite_base.DatabaseWrapper), (
        f"Django's SQLite DatabaseWrapper.transaction_mode is gone ({SQLITE}: _start_transaction_under_autocommit)"
    )


def test_the_sqlite_cursor_still_converts_each_statement_as_ours_caches():
    assert _parameters(sqlite_base.SQLiteCursorWrapper.convert_query) == ["query", "param_names"], (
        f"Django's SQLiteCursorWrapper.convert_query(query, *, param_names) changed ({SQLITE}: Cursor)"
    )
    regex = getattr(sqlite_base, "FORMAT_QMARK_REGEX", None)
    assert regex is not None, f"Django's sqlite3.base.FORMAT_QMARK_REGEX is gone ({SQLITE}: _qmark)"
    statement = "SELECT 1 FROM t WHERE a = %s AND b LIKE '10%%'"
    assert our_sqlite._qmark(statement) == sqlite_base.SQLiteCursorWrapper.convert_query(None, statement), (
        f"{SQLITE}'s kept conversion is no longer the one Django's cursor makes"
    )


# -- a2wsgi: the response handed to the loop in one piece (whistdrive/server/asgi.py) --------------------------


def test_a2wsgis_responder_still_has_what_ours_overrides_and_calls():
    assert _parameters(WSGIResponder.__init__) == ["app", "executor", "send_queue_size"], (
        f"a2wsgi's WSGIResponder(app, executor, send_queue_size) changed ({ASGI}: Responder.__init__)"
    )
    assert _parameters(WSGIResponder.wsgi) == ["environ", "start_response"], (
        f"a2wsgi's WSGIResponder.wsgi changed ({ASGI}: Responder.wsgi)"
    )
    assert _parameters(WSGIResponder.send) == ["message"], f"a2wsgi's WSGIResponder.send changed ({ASGI})"
    assert _parameters(WSGIResponder.__call__) == ["scope", "receive", "send"], (
        f"a2wsgi's WSGIResponder.__call__ changed ({ASGI}: Application calls it)"
    )
    # Our send replaces a2wsgi's: its thread must still hand every message over through self.send.
    source = inspect.getsource(WSGIResponder)
    assert "self.send(" in source, f"a2wsgi's WSGIResponder no longer sends through self.send ({ASGI}: Responder.send)"


def test_a2wsgis_responder_still_keeps_the_loop_and_queue_ours_hands_messages_to():
    async def made():
        with ThreadPoolExecutor(1) as executor:
            return Responder(lambda environ, start_response: [], executor, 10)

    responder = asyncio.run(made())
    assert isinstance(getattr(responder, "loop", None), asyncio.AbstractEventLoop), (
        f"a2wsgi's WSGIResponder.loop is gone ({ASGI}: Responder.send)"
    )
    assert isinstance(getattr(responder, "send_queue", None), asyncio.Queue), (
        f"a2wsgi's WSGIResponder.send_queue is gone ({ASGI}: Responder._put)"
    )


# -- uvicorn: the hall's protocol and server (whistdrive/server/serving.py) -----------------------------------


def test_uvicorns_http_protocol_still_has_the_callbacks_the_hall_protocol_overrides():
    protocol = serving._protocol_base()
    for method in ("connection_made", "connection_lost"):
        assert hasattr(protocol, method), f"uvicorn's {protocol.__name__}.{method} is gone ({SERVING}: HallProtocol)"
    if protocol.__name__ == "HttpToolsProtocol":  # the header deadline hangs on httptools' callbacks
        for method in ("on_message_begin", "on_headers_complete"):
            assert hasattr(protocol, method), (
                f"uvicorn's HttpToolsProtocol.{method} is gone ({SERVING}: HallProtocol's header deadline)"
            )
    source = inspect.getsource(protocol)
    for attribute in ("self.loop =", "self.transport ="):
        assert attribute in source, f"uvicorn's {protocol.__name__} no longer sets {attribute[:-2]} ({SERVING})"


def test_uvicorns_server_and_config_still_take_what_the_hall_server_gives_them():
    for method in ("run", "startup", "shutdown"):
        assert _parameters(getattr(uvicorn.Server, method)) == ["sockets"], (
            f"uvicorn's Server.{method}(sockets) changed ({SERVING}: HallServer)"
        )
    taken = set(inspect.signature(uvicorn.Config).parameters)
    given = {"http", "ws", "lifespan", "limit_concurrency", "timeout_keep_alive", "timeout_graceful_shutdown"}
    given |= {"log_config", "access_log", "server_header", "date_header"}
    assert given <= taken, f"uvicorn's Config no longer takes {sorted(given - taken)} ({SERVING}: make_server_on)"


# -- the fence itself -----------------------------------------------------------------------------------------

WHISTDRIVE = Path(__file__).resolve().parents[2] / "whistdrive"

# The places internals and hand-written SQL belong (docs/architecture.md, "Framework internals: one fence").
FENCED = ("server/", "store/rows.py", "store/sqlite3/", "store/migrations/")

# Public APIs that read like the internals below, each allowed in one file, and why.
ALLOWED = {
    # The health check's probe that the database answers and takes a write: a public connection.cursor().
    "web/health.py": {"cursor(", "SQL"},
    # The laptop's backups: Python's sqlite3 on the copies (the online backup API, integrity_check, checkpoints).
    "evening/backups.py": {"SQL"},
    # The SQLite connection's pragmas in DATABASES' OPTIONS["init_command"], Django's documented setting.
    "settings.py": {"SQL"},
}

INTERNALS = {
    "_meta.": re.compile(r"\b_meta\."),
    "from_db": re.compile(r"(?<![\w])from_db\b"),  # refresh_from_db() is public
    ".raw(": re.compile(r"\.raw\("),
    "cursor(": re.compile(r"\bcursor\("),
    "connection.ops": re.compile(r"\bconnection\.ops\b"),
    # a string that starts with a statement's keyword, in capitals as SQL is written here ("With Olive" is prose)
    "SQL": re.compile(r"""(?:^|[\s(=,])f?["'](?:SELECT|INSERT|UPDATE|DELETE|PRAGMA|WITH)\s"""),
}


def test_no_module_outside_the_fence_uses_the_frameworks_internals_or_writes_sql():
    found = []
    for path in sorted(WHISTDRIVE.rglob("*.py")):
        name = path.relative_to(WHISTDRIVE).as_posix()
        if name.startswith(FENCED):
            continue
        allowed = ALLOWED.get(name, set())
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for what, pattern in INTERNALS.items():
                if what not in allowed and pattern.search(line):
                    found.append(f"whistdrive/{name}:{number}: {what}: {line.strip()}")
    assert not found, (
        "Django's internals and hand-written SQL belong in whistdrive/store/rows.py (or the server): the ORM and "
        "public APIs everywhere else (docs/architecture.md, 'Framework internals: one fence'):\n" + "\n".join(found)
    )


def test_the_fence_reads_what_it_is_meant_to():
    """The search above would pass on nothing: each of its patterns finds what it looks for."""
    examples = {
        "_meta.": "Table._meta.db_table",
        "from_db": "model.from_db(alias, names, values)",
        ".raw(": "Table.objects.raw(sql)",
        "cursor(": "with connection.cursor() as cursor:",
        "connection.ops": "q = connection.ops.quote_name",
        "SQL": 'cursor.execute(f"SELECT 1 FROM {table}")',
    }
    for what, line in examples.items():
        assert INTERNALS[what].search(line), what
    assert not INTERNALS["from_db"].search("event.refresh_from_db()")
    assert not INTERNALS["SQL"].search('help_text="Selected by the organiser"')
    assert not INTERNALS["SQL"].search('f"With {name} the hall has an odd number"')
    for fenced in FENCED:
        assert (WHISTDRIVE / fenced).exists(), fenced
    for allowed in ALLOWED:
        assert (WHISTDRIVE / allowed).exists(), allowed
