"""Link a club on this laptop to its hosted site: ``whistdrive publishing_key CLUB --site URL`` (the key is
read from the terminal without showing it, or from stdin), docs/publishing.md."""

import getpass
import sys

from django.core.management.base import BaseCommand, CommandError

from clubs.models import Club
from whistdrive.evening import publishing


class Command(BaseCommand):
    help = "Link a club to its hosted WhistDrive with the publishing key made there (or --unlink)."

    def add_arguments(self, parser):
        parser.add_argument("club", type=int, help="The club's id (in its page's address: /clubs/ID/).")
        parser.add_argument("--site", help="The hosted site's address, e.g. https://results.example.org/")
        parser.add_argument("--unlink", action="store_true", help="Forget the hosted site and delete the key.")

    def handle(self, *args, **options):
        club = Club.objects.filter(pk=options["club"]).first()
        if club is None:
            raise CommandError(f"There is no club {options['club']}.")
        if options["unlink"]:
            publishing.unlink(club)
            self.stdout.write(f"{club.name} is no longer linked; its key is deleted from this laptop.")
            return
        if not options["site"]:
            raise CommandError("Give the hosted site's address: --site https://…")
        # Never an argument: a key on the command line is kept in the shell's history.
        key = getpass.getpass("Publishing key: ") if sys.stdin.isatty() else sys.stdin.readline()
        if not key.strip():
            raise CommandError("No key given: paste the key made on the hosted site's Publishing page.")
        try:
            link = publishing.link(club, options["site"], key)
        except publishing.LinkError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(self.style.SUCCESS(f"{club.name} publishes to {link.hosted_name} at {link.site}."))
