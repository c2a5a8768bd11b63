"""Backups taken while an evening runs hold every agreed result; restore brings them back."""

import json
import sqlite3
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from tests.foundation.drive_process import REPO, laptop_env, manage, migrated
from whistdrive.evening import backups

pytestmark = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="backups through the SQLite API; PostgreSQL is backed up with pg_dump"
)

HANDS = 4


def _result_ids(path) -> set[int]:
    conn = sqlite3.connect(path)
    try:
        return {row[0] for row in conn.execute("SELECT id FROM whistdrive_result")}
    finally:
        conn.close()


@pytest.fixture
def live_evening(tmp_path):
    env = laptop_env(migrated(tmp_path))
    run = subprocess.run(
        [sys.executable, "tests/archive/backup_writers.py", str(HANDS)],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    return env, json.loads(run.stdout.strip().splitlines()[-1])


@pytest.mark.slow  # 25 tables' phones in a process of their own
def test_a_backup_taken_while_25_tables_submit_holds_every_result_agreed_before_it_began(live_evening, tmp_path):
    env, outcome = live_evening
    assert outcome["errors"] == []
    assert outcome["final"] == 25 * HANDS
    before = set(outcome["agreed_before"])
    in_backup = _result_ids(outcome["backup"])
    assert before and before <= in_backup
    assert len(in_backup) < outcome["final"]  # taken mid-evening: the tables went on after it

    restored = manage("restore", outcome["backup"], "--yes", "--port", "1", env=env)
    assert restored.returncode == 0, restored.stderr
    assert "before-restore" in restored.stdout
    assert _result_ids(outcome["database"]) == in_backup


@pytest.mark.django_db(transaction=True)  # a backup waits for open transactions to end
def test_backup_command_names_the_file_by_the_time(tmp_path):
    # The test database is Django's shared in-memory SQLite: the backup API copies it all the same.
    out = StringIO()
    call_command("backup", "--to", str(tmp_path / "here"), stdout=out)
    path = out.getvalue().strip()
    assert path.startswith(str(tmp_path / "here" / "whistdrive-")) and path.endswith(".sqlite3")
    backups.check_backup_file(Path(path))


@pytest.mark.django_db(transaction=True)
def test_automatic_backups_keep_the_last_ten(settings, tmp_path):
    settings.BACKUP_DIR = tmp_path
    folder = tmp_path / backups.AUTOMATIC_FOLDER
    folder.mkdir()
    for n in range(12):
        (folder / f"whistdrive-20260101-0000{n:02d}.sqlite3").write_bytes(b"")
    made = backups.automatic("Tuesday drive", "the interval")
    kept = sorted(p.name for p in folder.iterdir())
    assert len(kept) == 10 and made.name in kept
    assert "whistdrive-20260101-000000.sqlite3" not in kept


@pytest.mark.django_db
def test_a_failed_automatic_backup_is_logged_and_does_not_raise(settings, tmp_path, caplog):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    settings.BACKUP_DIR = blocker
    assert backups.automatic("Tuesday drive", "the end") is None
    assert "failed" in caplog.text


def test_restore_refuses_a_file_that_is_not_a_whistdrive_database(tmp_path):
    junk = tmp_path / "junk.sqlite3"
    junk.write_text("not a database")
    with pytest.raises(CommandError, match="not a SQLite database"):
        call_command("restore", str(junk), "--yes", "--port", "1")
