"""Django's SQLite backend, with the writers of one process taking turns in Python.

Every transaction on the laptop's SQLite begins IMMEDIATE (settings: it takes the database's write
lock at once), and a writer that finds the lock taken waits in SQLite's busy handler. That handler
sleeps and looks again, sleeping longer each time (1, 2, 5, 10 ... up to 100 ms a sleep): at a busy
hall's end of hand most entries found the lock taken, and slept on long after it was free (a transaction
holds it for a millisecond or two; at 300 tables the entries' BEGIN waited 18-78 ms on average,
docs/benchmarks.md). Here a thread first takes its process's turn to write, a lock that wakes the next
waiter the moment it is let go, so the threads of one server process never meet in the busy handler.
Other processes (``rundrive --workers N``, a management command beside the server) still do, as before.

Its cursors also keep each statement as converted for SQLite (Django writes ``%s`` where SQLite wants ``?``):
Django converts every statement anew, with a regular expression run over the whole text, and that was a
twenty-fifth of the laptop's work at a hand's end (docs/benchmarks.md), for the same few dozen statements.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from django.conf import settings
from django.db import OperationalError
from django.db.backends.sqlite3 import base

from whistdrive.store.private import private_file, sqlite_files, tighten

# One turn per database file: every connection of this process to it (one per server thread) waits here.
_TURNS: dict[str, threading.Lock] = {}
_TURNS_MADE = threading.Lock()


def _turn_for(name: str) -> threading.Lock:
    with _TURNS_MADE:
        return _TURNS.setdefault(name, threading.Lock())


@functools.lru_cache(maxsize=2048)
def _qmark(query: str) -> str:
    """``query`` (Django's "format" style) as SQLite takes it, as Django's own cursor converts it."""
    return base.FORMAT_QMARK_REGEX.sub("?", query).replace("%%", "%")


class Cursor(base.SQLiteCursorWrapper):
    """Django's cursor for SQLite, converting each statement once (its "pyformat" style as Django does)."""

    def convert_query(self, query, *, param_names=None):
        if param_names is None:
            return _qmark(query)
        return super().convert_query(query, param_names=param_names)


class DatabaseWrapper(base.DatabaseWrapper):
    _turn: threading.Lock | None = None  # the turn this connection holds, until its transaction ends

    def get_new_connection(self, conn_params):
        name = str(conn_params.get("database", ""))
        if name and name != ":memory:" and not name.startswith("file:"):
            # Readable by its owner only, its side files too (whistdrive/store/private.py); an earlier install's tightened.
            private_file(name)
            for side in sqlite_files(name)[1:]:
                tighten(side)
        return super().get_new_connection(conn_params)

    def create_cursor(self, name=None):
        return self.connection.cursor(factory=Cursor)

    @contextmanager
    def synchronous(self, level: str) -> Iterator[None]:
        """This connection's commits are synced at SQLite's ``synchronous`` ``level`` until the block ends, then
        at the settings' own again (its ``init_command``'s: FULL). SQLite allows the change only between
        transactions: inside one (a test's) the block changes nothing, and nothing is left changed."""
        self.ensure_connection()
        if self.in_atomic_block or self.connection.in_transaction:
            yield
            return
        self.connection.execute(f"PRAGMA synchronous={level}")
        try:
            yield
        finally:
            try:
                self.connection.execute(f"PRAGMA synchronous={settings.SQLITE_SYNCHRONOUS}")
            except Exception:
                # Left in a transaction by an error, or broken: a new connection starts at the settings' level.
                self.close()

    def _start_transaction_under_autocommit(self) -> None:
        # transaction_mode and _start_transaction_under_autocommit are Django 5.1+'s SQLite backend's; django-stubs
        # does not declare them (this module is the fence around those internals).
        if self.transaction_mode != "IMMEDIATE":  # type: ignore[attr-defined]  # a read-only transaction takes no turn
            super()._start_transaction_under_autocommit()  # type: ignore[misc]
            return
        turn = _turn_for(str(self.settings_dict["NAME"]))
        # As long as SQLite itself would wait for the lock (the settings' timeout), then the same refusal.
        if not turn.acquire(timeout=self.settings_dict.get("OPTIONS", {}).get("timeout", 5)):
            raise OperationalError("database is locked")
        self._turn = turn
        try:
            super()._start_transaction_under_autocommit()  # type: ignore[misc]
        except BaseException:
            self._end_turn()
            raise

    def _end_turn(self) -> None:
        turn, self._turn = self._turn, None
        if turn is not None:
            turn.release()

    def _commit(self):
        try:
            return super()._commit()
        finally:
            self._end_turn()

    def _rollback(self):
        try:
            return super()._rollback()
        finally:
            self._end_turn()

    def _close(self):
        try:
            return super()._close()
        finally:
            self._end_turn()
