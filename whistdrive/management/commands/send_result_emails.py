"""Try again the result emails that failed: ``whistdrive send_result_emails [EVENT ...] [--days N]``.

The hosted site emails each player who agreed once an evening is published (docs/publishing.md, "Players told by
email"); an email the mail server refused is counted on the evening's page as failed. Run this (by hand, or every
hour from cron or a systemd timer) to send those again; what was sent is never sent twice.
"""

from datetime import timedelta

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from whistdrive.evening import result_emails
from whistdrive.store.models import Event


class Command(BaseCommand):
    help = (
        "Send again the result emails that failed (and tell anyone of a published evening not yet told), for the "
        "evenings published in the last few days or the events named."
    )

    def add_arguments(self, parser):
        parser.add_argument("events", nargs="*", type=int, help="Event ids (default: evenings published lately).")
        parser.add_argument("--days", type=int, default=7, help="Evenings published in the last DAYS days (default 7).")

    def handle(self, *args, **options):
        if not settings.HOSTED:
            raise CommandError("Only the hosted site emails players their results: a laptop publishes to it.")
        if not settings.EMAIL_CONFIGURED:
            raise CommandError("This site sends no email: set WHISTDRIVE_EMAIL_HOST (docs/hosting.md, the settings).")
        if options["days"] < 1:
            raise CommandError(f"--days must be 1 or more, not {options['days']}.")
        wanted = options["events"]
        events = Event.objects.filter(published_at__isnull=False).select_related("club").order_by("pk")
        if wanted:
            found = {event.pk: event for event in events.filter(pk__in=wanted)}
            for pk in wanted:
                if pk not in found:
                    other = Event.objects.filter(pk=pk).exists()
                    raise CommandError(f"Event {pk} is not published." if other else f"There is no event {pk}.")
            events = [found[pk] for pk in wanted]
        else:
            events = events.filter(published_at__gte=timezone.now() - timedelta(days=options["days"]))
        failed = 0
        for event in events:
            tally = result_emails.retry(event)
            failed += tally.failed
            if tally or wanted:
                self.stdout.write(f"Event {event.pk} ({event.name}): {tally.sent} sent, {tally.failed} failed.")
        if failed:
            raise CommandError(f"{failed} email{'' if failed == 1 else 's'} still failed: see the server's log.")
