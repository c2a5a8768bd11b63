"""Bring back a backup: ``whistdrive restore FILE [--yes]``.

Asks first, takes a safety backup of the current database, then copies FILE in through
SQLite's backup API. Stop the server (rundrive) first: pages open on phones would otherwise
keep writing to a database that has just been replaced under them.
"""

import socket
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from whistdrive.evening.backups import BackupError, check_backup_file, is_sqlite, restore


def server_seems_running(port: int = 8000) -> bool:
    """True when something answers on this machine's WhistDrive port (rundrive's default)."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.3):
            return True
    except OSError:
        return False


class Command(BaseCommand):
    help = "Replace the current database with a backup, after a safety backup of the current one."

    def add_arguments(self, parser):
        parser.add_argument("file", help="The backup file (whistdrive-YYYYmmdd-HHMMSS.sqlite3).")
        parser.add_argument("--yes", action="store_true", help="Do not ask before replacing the database.")
        parser.add_argument("--port", type=int, default=8000, help="The port rundrive serves on, to warn if it runs.")

    def handle(self, *args, **options):
        path = Path(options["file"])
        if not is_sqlite():
            raise CommandError("restore is for the laptop's SQLite database; on PostgreSQL use pg_restore.")
        try:
            check_backup_file(path)
        except BackupError as exc:
            raise CommandError(str(exc)) from exc
        if server_seems_running(options["port"]):
            self.stderr.write(
                f"Warning: something is serving on port {options['port']}. If it is rundrive, stop it (Ctrl+C) "
                "before restoring, and start it again afterwards."
            )
        if not options["yes"]:
            answer = input(f"Replace the current database with {path}? [y/N] ")
            if answer.strip().lower() not in ("y", "yes"):
                raise CommandError("Nothing was changed.")
        try:
            safety = restore(path)
        except BackupError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"Restored {path}. The database as it was before is kept in {safety}.")
