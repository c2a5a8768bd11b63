"""Read a ``whistdrive.event/1`` archive: ``whistdrive import_event FILE`` (``-`` for stdin).

All or nothing: a file with any problem is refused with one line per problem and nothing saved.
"""

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from clubs.models import Club
from whistdrive.evening.archive import ArchiveError, import_event, read_json


class Command(BaseCommand):
    help = "Create an event from an archive file, recomputing every result; prints the new event's id."

    def add_arguments(self, parser):
        parser.add_argument("file", help="The archive file, or - to read standard input.")
        parser.add_argument(
            "--club", type=int, help="Import into this club (id); default: a new club named in the file."
        )

    def handle(self, *args, **options):
        club = None
        if options["club"] is not None:
            club = Club.objects.filter(pk=options["club"]).first()
            if club is None:
                raise CommandError(f"There is no club {options['club']}.")
        try:
            text = sys.stdin.read() if options["file"] == "-" else Path(options["file"]).read_text(encoding="utf-8")
        except OSError as exc:
            raise CommandError(f"Cannot read {options['file']}: {exc.strerror}.") from exc
        try:
            data = read_json(text)
        except ArchiveError as exc:
            # One line naming the file and the place in it ("event.json: line 2, column 20: …").
            raise CommandError(f"{options['file']}: {exc.problems[0]}") from exc
        try:
            event = import_event(data, club=club)
        except ArchiveError as exc:
            for problem in exc.problems:
                self.stderr.write(problem)
            raise CommandError(
                f"Nothing was imported: the file has {len(exc.problems)} problem{'s' if len(exc.problems) != 1 else ''}."
            ) from exc
        self.stdout.write(str(event.pk))
