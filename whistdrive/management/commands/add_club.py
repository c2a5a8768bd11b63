"""whistdrive add_club "Name" --organiser LOGIN [--email ADDRESS]: a club and its first organiser.

The same form as the site administrator's page (``add_club``), so the same input is refused with the same words.
"""

from django.core.management.base import BaseCommand, CommandError

from clubs.forms import AddClubForm
from clubs.models import Club


class Command(BaseCommand):
    help = "Add a club with its first organiser (a new account gets a password, printed once)."

    def add_arguments(self, parser):
        parser.add_argument("name", help="The club's name.")
        parser.add_argument("--organiser", required=True, help="The login name of its first organiser.")
        parser.add_argument("--email", default="", help="The organiser's email address, for a password reset.")

    def handle(self, *args, name, organiser, email, **options):
        form = AddClubForm({"name": name, "organiser": organiser, "email": email})
        if not form.is_valid():
            problems = [f"{field}: {message}" for field, messages in form.errors.items() for message in messages]
            raise CommandError("Nothing was added. " + " ".join(problems))
        club, user, password = Club.objects.add_with_organiser(
            form.cleaned_data["name"], form.cleaned_data["organiser"], form.cleaned_data["email"]
        )
        self.stdout.write(f"Added {club.name} (id {club.pk}), organised by {user.username}.")
        if password is not None:
            self.stdout.write(f"{user.username}'s password, shown this once: {password}")
            self.stdout.write("They change it under Password after logging in.")
        else:
            self.stdout.write(f"{user.username} already had an account and keeps their password.")
