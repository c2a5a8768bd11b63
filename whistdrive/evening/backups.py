"""Backups of the laptop's SQLite database, taken while the evening keeps running.

SQLite's online backup API (``sqlite3.Connection.backup``) copies a consistent snapshot
through its own connection, so phones go on submitting; a file copy would not do (WAL keeps
three files). The app takes one by itself at the end of every hand and keeps the last ten of
those, also in a second folder the organiser names, with the event's archive beside each. PostgreSQL is backed up with ``pg_dump`` (docs/archive.md).
"""

from __future__ import annotations

import datetime
import json
import logging
import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

from django.conf import settings
from django.db import connections, transaction

from whistdrive.evening.archive import export_event
from whistdrive.store.models import Event
from whistdrive.store.private import private_file, private_folder, sqlite_files, tighten

log = logging.getLogger(__name__)

KEEP_AUTOMATIC = 10
AUTOMATIC_FOLDER = "automatic"
PG_DUMP_RECIPE = (
    'pg_dump --format=custom --file=whistdrive-$(date +%Y%m%d-%H%M%S).dump "$DATABASE_URL"\n'
    'restore with: pg_restore --clean --if-exists --dbname="$DATABASE_URL" FILE.dump'
)


class BackupError(Exception):
    """A backup or restore that cannot be done; the message says what to do instead."""


def _database() -> dict:
    return connections["default"].settings_dict


def is_sqlite() -> bool:
    return _database()["ENGINE"].endswith("sqlite3")


def _connect(name, timeout: float = 30) -> sqlite3.Connection:
    name = str(name)
    # Django's in-memory test database is a shared-cache URI; a file path is opened as it is, and made
    # (a restore into a fresh data folder) readable by its owner only.
    if not name.startswith("file:"):
        private_file(name)
    return sqlite3.connect(name, timeout=timeout, uri=name.startswith("file:"))


def database_file() -> str:
    return str(_database()["NAME"])


def backup_name(now: datetime.datetime | None = None, suffix: str = "") -> str:
    now = now or datetime.datetime.now()
    return f"whistdrive-{now:%Y%m%d-%H%M%S}{suffix}.sqlite3"


def _free_path(directory: Path, suffix: str = "") -> Path:
    """A new file name for now; a second backup within the same second gets -2, -3…"""
    private_folder(directory)
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
    for leftover in sqlite_files(partial)[1:]:
        tighten(leftover)
    private_file(partial)  # before SQLite opens it: its journal takes the same permissions
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
    private_folder(directory)
    path = directory / backup_name().replace(".sqlite3", ".dump")
    private_file(path)  # pg_dump writes into it and keeps its permissions
    env = {"PGPASSWORD": str(db.get("PASSWORD") or "")}
    command = ["pg_dump", "--format=custom", f"--file={path}", f"--dbname={db['NAME']}"]
    for flag, key in (("--host", "HOST"), ("--port", "PORT"), ("--username", "USER")):
        if db.get(key):
            command.append(f"{flag}={db[key]}")
    run = subprocess.run(command, capture_output=True, text=True, env={**os.environ, **env})
    if run.returncode != 0:
        raise BackupError(f"pg_dump failed: {run.stderr.strip()}\nBack it up by hand with:\n{PG_DUMP_RECIPE}")
    return path


def automatic(event, reason: str, hand: int | None = None) -> Path | None:
    """The backup the app takes by itself at every hand's end; keeps the last ten.

    With ``hand`` (the hand just finished) the event is marked as backed up to that hand (its
    phones may then forget their taps of it), and a second copy with the event's archive beside it
    goes to ``settings.SECOND_BACKUP_DIR`` when the organiser named one. Never raises: a failed
    backup is logged and the evening goes on.
    """
    try:
        if not is_sqlite():
            log.info("Automatic backups are for the laptop's SQLite; PostgreSQL is backed up with pg_dump.")
            return None
        directory = Path(settings.BACKUP_DIR) / AUTOMATIC_FOLDER
        path = _free_path(directory)
        copy_sqlite(database_file(), path)
        _keep_last(directory)
        log.info("Backed up the database at %s of %s to %s", reason, event, path)
    except Exception:  # a backup must never stop the evening
        log.exception("Automatic backup at %s of %s failed", reason, event)
        return None
    if hand is not None:
        if on_the_disk():
            # The phones may now forget their taps of this hand: the backup and the database hold them.
            Event.objects.filter(pk=event.pk, backed_up_hand__lt=hand).update(backed_up_hand=hand)
        second_copy(path, event)
    return path


def on_the_disk() -> bool:
    """Checkpoint the write-ahead log: every commit so far is then on the disk, whatever ``synchronous``
    says (SQLite syncs the log before a checkpoint and the database after it), so a power cut cannot take
    the database back behind its last backup. False when readers kept it from finishing."""
    conn = _connect(database_file())
    try:
        busy, _, _ = conn.execute("PRAGMA wal_checkpoint(FULL)").fetchone()
    except sqlite3.DatabaseError:
        log.exception("Could not checkpoint the database after a backup")
        return False
    finally:
        conn.close()
    return not busy


def _keep_last(directory: Path) -> None:
    # Oldest first by the time written: two in one second are named "…-HHMMSS" then "…-HHMMSS-2".
    made = sorted(directory.glob("whistdrive-*.sqlite3"), key=lambda path: (path.stat().st_mtime_ns, path.name))
    for old in made[:-KEEP_AUTOMATIC]:
        old.unlink(missing_ok=True)
        old.with_suffix(".json").unlink(missing_ok=True)


def second_copy(backup: Path, event) -> Path | None:
    """Copy a finished backup into the organiser's second folder, with the event's archive beside it
    (same name, ``.json``). The backup is a closed file by now, so a plain copy is safe. Never raises."""
    if not settings.SECOND_BACKUP_DIR:
        return None
    try:
        directory = private_folder(settings.SECOND_BACKUP_DIR)
        target = directory / backup.name
        partial = target.with_name(target.name + ".partial")
        private_file(partial)  # copied into, keeping its permissions: the owner's only
        shutil.copyfile(backup, partial)
        partial.replace(target)
        archive = json.dumps(export_event(event), ensure_ascii=False, indent=2) + "\n"
        partial = target.with_suffix(".json.partial")
        private_file(partial)
        partial.write_text(archive, encoding="utf-8")
        partial.replace(target.with_suffix(".json"))
        _keep_last(directory)
        log.info("Second copy of the backup of %s written to %s", event, target)
        return target
    except Exception:  # a missing USB stick must never stop the evening
        log.exception("Could not write the second copy of the backup of %s to %s", event, settings.SECOND_BACKUP_DIR)
        return None


def after_commit(event, reason: str, hand: int | None = None) -> None:
    """Schedule ``automatic`` for when the current transaction commits."""
    transaction.on_commit(lambda: automatic(event, reason, hand))


def after_a_hand(sender, *, event, reason: str, hand: int, **kwargs) -> None:
    """``evening.hand_ended``'s receiver (connected in ``apps.py``): the backup at every hand's end."""
    after_commit(event, reason, hand)


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
            dst.execute("PRAGMA synchronous=FULL")  # on the disk when the organiser is told it is done
            src.backup(dst)
        finally:
            dst.close()
    finally:
        src.close()
    return safety
