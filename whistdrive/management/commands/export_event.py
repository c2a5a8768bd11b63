"""Write one event as a ``whistdrive.event/1`` archive: ``whistdrive export_event EVENT [-o FILE]``."""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from whistdrive.evening.archive import export_event
from whistdrive.store.models import Event


class Command(BaseCommand):
    help = "Write an event (players, every hand's seating and result, derived results) as JSON."

    def add_arguments(self, parser):
        parser.add_argument("event", type=int, help="The event's id.")
        parser.add_argument("-o", "--output", help="Write to this file instead of the screen.")

    def handle(self, *args, **options):
        event = Event.objects.filter(pk=options["event"]).select_related("club").first()
        if event is None:
            raise CommandError(f"There is no event {options['event']}.")
        text = json.dumps(export_event(event), ensure_ascii=False, indent=2) + "\n"
        if options["output"]:
            Path(options["output"]).write_text(text, encoding="utf-8")
            self.stderr.write(f"Wrote event {event.pk} to {options['output']}.")
        else:
            self.stdout.write(text, ending="")
