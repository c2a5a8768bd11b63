"""Work the grade lines of evenings published before they were kept: ``whistdrive grade_lines``.

New evenings need nothing: the hosted site works an evening's lines when it is published, and the first page that
needs an evening's lines works them if they are missing or its results have changed since. Run this once after
upgrading, so that no visitor waits for a club's evenings to be worked out.
"""

from django.core.management.base import BaseCommand

from whistdrive.evening import grades
from whistdrive.store.models import Event


class Command(BaseCommand):
    help = (
        "Work out and keep the grade lines of every published evening that has none, or whose results have changed "
        "since they were worked (docs/grades.md, 'Kept with the evening')."
    )

    def handle(self, *args, **options):
        events = list(Event.objects.published().select_related("club").order_by("pk"))
        stale = grades.without_current_lines(events, grades.versions_of(events))
        for event in stale:
            grades.work_lines(event)
        self.stdout.write(
            f"Grade lines worked for {len(stale)} of {len(events)} published evening{'' if len(events) == 1 else 's'}."
        )
