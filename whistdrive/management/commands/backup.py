"""Back up the database now: ``whistdrive backup [--to DIR]``.

On SQLite through the online backup API, so an evening in progress keeps running.
"""

from django.core.management.base import BaseCommand, CommandError

from whistdrive.evening.backups import BackupError, take_backup


class Command(BaseCommand):
    help = "Back up the database into the backup folder (or --to DIR) as whistdrive-YYYYmmdd-HHMMSS.sqlite3."

    def add_arguments(self, parser):
        parser.add_argument("--to", help="Folder to write the backup into (default: the data folder's backups).")

    def handle(self, *args, **options):
        try:
            path = take_backup(options["to"])
        except BackupError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(str(path))
