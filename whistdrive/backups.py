"""Backups of the laptop's SQLite database, taken while the evening keeps running.

SQLite's online backup API (``sqlite3.Connection.backup``) copies a consistent snapshot
through its own connection, so phones go on submitting; a file copy would not do (WAL keeps
three files). The app takes one by itself at the interval and at the end of every event and
keeps the last ten of those. PostgreSQL is backed up with ``pg_dump`` (docs/archive.md).
"""

from __future__ import annotations

import datetime
import logging
import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

from django.conf import settings
from django.db import connections

log = logging.getLogger(__name__)

KEEP_AUTOMATIC = 10
AUTOMATIC_FOLDER = "automatic"
PG_DUMP_RECIPE = (
    "pg_dump --format=custom --file=whistdrive-$(date +%Y%m%d-%H%M%S).dump \"$DATABASE_URL\"\n"
    "restore with: pg_restore --clean --if-exists --dbname=\"$DATABASE_URL\" FILE.dump"
)


class BackupError(Exception):
    """A backup or restore that cannot be done; the message says what to do instead."""


def _database() -> dict:
    return connections["default"].settings_dict


def is_sqlite() -> bool:
    return _database()["ENGINE"].endswith("sqlite3")


def _connect(name, timeout: float = 30) -> sqlite3.Connection:
    name = str(name)
    # Django's in-memory test database is a shared-cache URI; a file path is opened as it is.
    return sqlite3.connect(name, timeout=timeout, uri=name.startswith("file:"))


def database_file() -> str:
    return str(_database()["NAME"])


def backup_name(now: datetime.datetime | None = None, suffix: str = "") -> str:
    now = now or datetime.datetime.now()
    return f"whistdrive-{now:%Y%m%d-%H%M%S}{suffix}.sqlite3"


def _free_path(directory: Path, suffix: str = "") -> Path:
    """A new file name for now; a second backup within the same second gets -2, -3…"""
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / backup_name(suffix=suffix)
    n = 2
    while path.exists():
        path = directory / backup_name(suffix=f"{suffix}-{n}")
        n += 1
    return path


def copy_sqlite(source, target: Path) -> None:
    """Copy one SQLite database into another file through the backup API."""
    if connections["default"].in_atomic_block:
        # SQLite's backup waits for this connection's own open transaction: it would never finish.
        raise BackupError("A backup cannot be taken inside a database transaction; take it after the commit.")
    partial = target.with_name(target.name + ".partial")
    dst = sqlite3.connect(partial)
    try:
        src = _connect(source)
        try:
            src.backup(dst)
        finally:
            src.close()
    finally:
        dst.close()
    partial.replace(target)


def take_backup(to: Path | str | None = None) -> Path:
    """Back up the database now into ``to`` (default settings.BACKUP_DIR); returns the new file."""
    directory = Path(to) if to else Path(settings.BACKUP_DIR)
    if not is_sqlite():
        return _pg_dump(directory)
    path = _free_path(directory)
    copy_sqlite(database_file(), path)
    return path


def _pg_dump(directory: Path) -> Path:
    if shutil.which("pg_dump") is None:
        raise BackupError(
            "This server runs on PostgreSQL and pg_dump is not installed here. Back it up with:\n" + PG_DUMP_RECIPE
        )
    db = _database()
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / backup_name().replace(".sqlite3", ".dump")
    env = {"PGPASSWORD": str(db.get("PASSWORD") or "")}
    command = ["pg_dump", "--format=custom", f"--file={path}", f"--dbname={db['NAME']}"]
    for flag, key in (("--host", "HOST"), ("--port", "PORT"), ("--username", "USER")):
        if db.get(key):
            command.append(f"{flag}={db[key]}")
    run = subprocess.run(command, capture_output=True, text=True, env={**os.environ, **env})
    if run.returncode != 0:
        raise BackupError(f"pg_dump failed: {run.stderr.strip()}\nBack it up by hand with:\n{PG_DUMP_RECIPE}")
    return path


def automatic(event, reason: str) -> Path | None:
    """The backup the app takes by itself (at the interval, at the end); keeps the last ten.

    Never raises: a failed backup is logged and the evening goes on.
    """
    try:
        if not is_sqlite():
            log.info("Automatic backups are for the laptop's SQLite; PostgreSQL is backed up with pg_dump.")
            return None
        directory = Path(settings.BACKUP_DIR) / AUTOMATIC_FOLDER
        path = _free_path(directory)
        copy_sqlite(database_file(), path)
        for old in sorted(directory.glob("whistdrive-*.sqlite3"))[:-KEEP_AUTOMATIC]:
            old.unlink(missing_ok=True)
        log.info("Backed up the database at %s of %s to %s", reason, event, path)
        return path
    except Exception:  # a backup must never stop the evening
        log.exception("Automatic backup at %s of %s failed", reason, event)
        return None


def after_commit(event, reason: str) -> None:
    """Schedule ``automatic`` for when the current transaction commits (called by the evening)."""
    from django.db import transaction

    transaction.on_commit(lambda: automatic(event, reason))


def check_backup_file(path: Path) -> None:
    """Refuse anything but a sound WhistDrive SQLite database."""
    if not path.is_file():
        raise BackupError(f"{path} is not a file.")
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            ok = conn.execute("PRAGMA integrity_check").fetchone()[0]
            tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        raise BackupError(f"{path} is not a SQLite database ({exc}).") from exc
    if ok != "ok":
        raise BackupError(f"{path} is damaged: SQLite's integrity check says {ok!r}.")
    if "whistdrive_event" not in tables:
        raise BackupError(f"{path} is a SQLite database but not a WhistDrive one (it has no events table).")


def restore(path: Path | str) -> Path:
    """Replace the current database with the backup ``path``; returns the safety backup taken first."""
    path = Path(path)
    if not is_sqlite():
        raise BackupError("Restore works on the laptop's SQLite database; on PostgreSQL use:\n" + PG_DUMP_RECIPE)
    check_backup_file(path)
    safety = _free_path(Path(settings.BACKUP_DIR), suffix="-before-restore")
    copy_sqlite(database_file(), safety)
    connections.close_all()
    src = sqlite3.connect(path)
    try:
        dst = _connect(database_file())
        try:
            src.backup(dst)
        finally:
            dst.close()
    finally:
        src.close()
    return safety
