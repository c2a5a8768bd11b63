"""Publish an evening to the club's hosted site: ``whistdrive publish EVENT`` (docs/publishing.md)."""

from django.core.management.base import BaseCommand, CommandError

from clubs.models import PublishingLink
from whistdrive.evening import publishing
from whistdrive.store.models import Event, Publication


class Command(BaseCommand):
    help = "Send an evening's results to the club's hosted site (queued if it cannot be reached now)."

    def add_arguments(self, parser):
        parser.add_argument("event", type=int, help="The event's id (in its page's address: /events/ID/).")

    def handle(self, *args, **options):
        event = Event.objects.filter(pk=options["event"]).select_related("club").first()
        if event is None:
            raise CommandError(f"There is no event {options['event']}.")
        if not PublishingLink.objects.filter(club=event.club).exists():
            raise CommandError(
                f"{event.club.name} is not linked to a hosted site. Link it first: "
                f"whistdrive publishing_key {event.club.pk} --site https://… (or on the club's Publishing page)."
            )
        try:
            publication = publishing.send(publishing.ask(event))
        except publishing.LinkError as exc:
            raise CommandError(str(exc)) from None
        words = publishing.status_words(publication)
        if publication.state == Publication.State.REFUSED:
            raise CommandError(words)
        if publication.state == Publication.State.WAITING:
            self.stdout.write(f"{words}. {publication.message} It is sent by itself once the hosted site answers "
                              "(while `whistdrive rundrive` runs, or at its next start), or run this again.")  # fmt: skip
            return
        self.stdout.write(self.style.SUCCESS(f"{words}: {publication.url or publication.message}"))
