"""Solve the boards of duplicate evenings kept before boards were analysed: ``whistdrive double_dummy [EVENT ...]``.

New evenings need nothing: a board is solved when its deal and trump are known (the start, an archive's import).
"""

from django.core.management.base import BaseCommand, CommandError

from whistdrive.evening import double_dummy
from whistdrive.store.models import Event


class Command(BaseCommand):
    help = (
        "Work out the double-dummy tricks of duplicate evenings' boards that have a deal and are not solved yet "
        "(every duplicate evening, or the events named), and keep them for the hand records and board pages."
    )

    def add_arguments(self, parser):
        parser.add_argument("events", nargs="*", type=int, help="Event ids (default: every duplicate evening).")

    def handle(self, *args, **options):
        wanted = options["events"]
        events = Event.objects.filter(kind=Event.Kind.DUPLICATE).order_by("pk")
        if wanted:
            found = {event.pk: event for event in events.filter(pk__in=wanted)}
            for pk in wanted:
                if pk not in found:
                    other = Event.objects.filter(pk=pk).exists()
                    raise CommandError(
                        f"Event {pk} is not a duplicate evening." if other else f"There is no event {pk}."
                    )
            events = [found[pk] for pk in wanted]
        total = 0
        for event in events:
            solved = double_dummy.solve_event(event)
            total += solved
            if solved or wanted:
                self.stdout.write(f"Event {event.pk} ({event.name}): {_boards(solved)} solved.")
        self.stdout.write(f"{_boards(total)} solved in all.")


def _boards(count: int) -> str:
    return f"{count} board{'' if count == 1 else 's'}"
