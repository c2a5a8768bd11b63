"""Fifty phones submitting at once on the laptop's SQLite lose nothing and see no "database is locked"."""

import json
import subprocess
import sys

import pytest

from tests.foundation.drive_process import REPO, laptop_env, migrated

pytestmark = pytest.mark.slow

THREADS = 50
PER_THREAD = 20


def _write_concurrently(data_dir, *flags) -> dict:
    env = laptop_env(migrated(data_dir))
    run = subprocess.run(
        [sys.executable, "tests/foundation/sqlite_writers.py", str(THREADS), str(PER_THREAD), *flags],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_fifty_threads_of_read_then_write_transactions_neither_lock_nor_lose_a_row(tmp_path):
    outcome = _write_concurrently(tmp_path)
    assert outcome["engine"] == "whistdrive.store.sqlite3"
    assert outcome["journal_mode"] == "wal"
    assert outcome["transaction_mode"] == "IMMEDIATE"
    assert outcome["errors"] == []
    # Every transaction counted before writing: numbers 1..n each once means none interleaved.
    assert outcome["numbers"] == list(range(1, THREADS * PER_THREAD + 1))


def test_the_same_load_in_sqlites_default_mode_does_fail(tmp_path):
    # Shows the check above can fail: without IMMEDIATE, a reader that tries to write finds the
    # database changed under it and SQLite refuses at once instead of waiting its turn.
    outcome = _write_concurrently(tmp_path, "--deferred")
    assert outcome["transaction_mode"] == "DEFERRED"
    assert any("locked" in error for error in outcome["errors"])


def test_one_processs_writers_take_turns_before_sqlite_would_make_them_wait(tmp_path):
    # SQLite's busy handler sleeps ever longer between looks at its lock (up to 100 ms a sleep) and
    # made a busy hall's entries wait long after the lock was free. Given no time at all to wait
    # there, fifty threads of one process still write everything: they took their turns in Python.
    outcome = _write_concurrently(tmp_path, "--no-busy-wait")
    assert outcome["errors"] == []
    assert outcome["numbers"] == list(range(1, THREADS * PER_THREAD + 1))


def test_without_the_turns_the_same_writers_meet_in_sqlite(tmp_path):
    # Shows the check above can fail: Django's own backend leaves the waiting to SQLite.
    outcome = _write_concurrently(tmp_path, "--no-busy-wait", "--stock")
    assert outcome["engine"] == "django.db.backends.sqlite3"
    assert any("locked" in error for error in outcome["errors"])
