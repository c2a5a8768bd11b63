"""`whistdrive rundrive`: everything an organiser needs to start an evening on a laptop.

Applies migrations (backing up first a database an older WhistDrive made, and refusing one a newer WhistDrive
made), collects static files, makes the first organiser account, then serves the site with uvicorn to every
phone on the hall's network until Ctrl+C, holding the laptop awake. Started again after a crash on the same
data folder (or on a database brought back with ``whistdrive restore``), it carries on the evening where it was.
"""

import getpass
import os
import secrets
import signal
import sys
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import OperationalError, ProgrammingError, connections, transaction

from clubs.models import Club, ClubAccess
from whistdrive.command_line import version
from whistdrive.evening import publishing
from whistdrive.evening.backups import BackupError, take_backup
from whistdrive.evening.demo import make_demo
from whistdrive.server import laptop, serving, static_files
from whistdrive.server.lan import WILDCARD_HOSTS, phone_urls, terminal_qr
from whistdrive.store import schema
from whistdrive.web.health import database_problem

DEFAULT_CLUB_NAME = "My whist club"


def database_unreachable(exc: Exception) -> CommandError:
    """One line naming the database and the driver's reason, without the password."""
    db = settings.DATABASES["default"]
    reason = " ".join(str(exc).split()) or exc.__class__.__name__
    if db["ENGINE"].endswith("sqlite3"):
        return CommandError(
            f"WhistDrive cannot open its database file {db['NAME']} ({reason}). "
            "Check that its folder exists and you can write to it, or set WHISTDRIVE_DATA_DIR to one you can."
        )
    where = f"{db.get('HOST') or 'localhost'}:{db.get('PORT') or 5432}/{db.get('NAME')}"
    return CommandError(
        f"WhistDrive cannot reach the database at {where} ({reason}). "
        "Check DATABASE_URL: is the database server running, and are its host, port, name, user and password right?"
    )


def database_unwritable(problem: str) -> CommandError:
    """One line: the database answers but refuses writes, so every entry from the phones would fail."""
    db = settings.DATABASES["default"]
    if db["ENGINE"].endswith("sqlite3"):
        return CommandError(
            f"WhistDrive cannot write to its database file {db['NAME']} ({problem}). Check that you can write to "
            "the file and its folder (it is not read-only or another user's) and that the disk is not full, "
            "or set WHISTDRIVE_DATA_DIR to a folder you can write to."
        )
    where = f"{db.get('HOST') or 'localhost'}:{db.get('PORT') or 5432}/{db.get('NAME')}"
    return CommandError(
        f"WhistDrive cannot write to the database at {where} ({problem}). Check that DATABASE_URL names the "
        "primary server (not a read-only copy) and a user that may write to it."
    )


class Command(BaseCommand):
    help = "Set up the database and serve WhistDrive to the phones on this network (Ctrl+C stops)."

    def add_arguments(self, parser):
        parser.add_argument("--host", default="0.0.0.0", help="Address to listen on (default: every network).")
        parser.add_argument("--port", type=int, default=8000, help="Port to listen on (default: 8000).")
        parser.add_argument(
            "--organiser",
            metavar="NAME",
            help="On first run, make the organiser account NAME with a generated password (printed once).",
        )
        parser.add_argument(
            "--club", metavar="NAME", help=f'On first run, the organiser\'s club (default: "{DEFAULT_CLUB_NAME}").'
        )
        parser.add_argument("--demo", action="store_true", help="Fill an empty database with a demo club.")
        parser.add_argument("--no-serve", action="store_true", help="Do everything except serving (for scripts).")
        parser.add_argument(
            "--workers",
            type=int,
            default=settings.SERVER_WORKERS,
            metavar="N",
            help="Serve from N processes, for a big hall on a laptop with cores to spare "
            "(default: $WHISTDRIVE_WORKERS, else 1).",
        )
        parser.add_argument(
            "--second-copy",
            metavar="FOLDER",
            help="Also write every hand's automatic backup, with the event's archive, into FOLDER "
            "(a USB stick or a synced folder). Default: $WHISTDRIVE_SECOND_BACKUP_DIR.",
        )

    def handle(self, *args, **options):
        if options["workers"] < 1:  # before anything is set up
            raise CommandError(f"--workers must be 1 or more, not {options['workers']}.")
        try:
            self.prepare_database(options)
        except OperationalError as exc:
            raise database_unreachable(exc) from None
        # Found now, not by the first phone's entry: a database that reads but cannot be written.
        problem = database_problem()
        if problem is not None:
            raise database_unwritable(problem)

        wanted = static_files.changed()
        if wanted:  # only when they changed: a restart after a crash is quicker
            self.stdout.write("Collecting static files…")
            static_files.collect(wanted)
        self.set_second_copy(options["second_copy"])

        urls = phone_urls(options["host"], options["port"])
        self.print_addresses(options["host"], options["port"], urls)
        if options["no_serve"]:
            self.stdout.write("Not serving (--no-serve).")
            return
        self.serve(options["host"], options["port"], options["workers"])

    # Setting up -----------------------------------------------------------------------------

    def set_second_copy(self, folder: str | None) -> None:
        """Where the second copy of each hand-end backup goes; checked now, not at the first hand's end."""
        folder = folder or settings.SECOND_BACKUP_DIR
        if not folder:
            return
        path = Path(folder).expanduser()
        try:
            path.mkdir(parents=True, exist_ok=True)
            probe = path / f".whistdrive-probe-{os.getpid()}"
            probe.write_bytes(b"")
            probe.unlink()
        except OSError as exc:
            raise CommandError(
                f"Cannot write the second copy of the backups into {path} ({exc.strerror or exc}). "
                "Plug in the USB stick, or name another folder."
            ) from None
        # The one process serving the evening writes the backups (whistdrive.evening.backups.second_copy).
        settings.SECOND_BACKUP_DIR = str(path)
        self.stdout.write(f"A second copy of every hand's backup, with the event's archive, goes to {path}")

    def prepare_database(self, options) -> None:
        asking = not options["organiser"] and sys.stdin.isatty() and not self.has_accounts()
        if asking:
            # Typing ahead of the questions would be lost (a password prompt empties what waits to
            # be read, so that nothing typed in view is taken as a password): say so first.
            self.stdout.write("First run: a few questions follow once the database is ready. Please wait for them.")
        self.stdout.write("Preparing the database…")
        self.migrate()
        demo_club = None
        if options["demo"]:
            if Club.objects.exists():
                self.stdout.write(
                    "The database already has clubs, so --demo added nothing (it only fills an empty one)."
                )
            else:
                demo_club = make_demo(self.stdout)
        User = get_user_model()
        if User.objects.exists():
            if options["organiser"]:
                self.stdout.write(
                    f"Accounts exist already, so --organiser {options['organiser']} made nothing. "
                    "Add people in the admin, or reset a password with: whistdrive changepassword NAME"
                )
            return
        if options["organiser"]:
            name = self.check_name(options["organiser"])
            password = secrets.token_urlsafe(12)
            generated = True
        else:
            name, password = self.ask_for_organiser()
            generated = False
        with transaction.atomic():
            # On a laptop the organiser owns the machine, so the first account may do everything.
            user = User.objects.create_superuser(username=name, email="", password=password)
            club = self.first_club(options, demo_club)
            ClubAccess.objects.create(club=club, user=user, role=ClubAccess.Role.ORGANISER)
        self.stdout.write(self.style.SUCCESS(f"Made the organiser account {name!r} for {club.name}."))
        if generated:
            self.stdout.write(f"Log in as {name} with the password: {password}")
            self.stdout.write("It is shown only this once: write it down, or change it after logging in.")

    def migrate(self) -> None:
        """Bring the database up to this WhistDrive, backing it up first when an older one made it; refuse,
        touching nothing, a database that a newer WhistDrive has migrated."""
        newer = schema.from_a_newer_whistdrive()
        if newer:
            raise CommandError(
                f"This database was last used by a newer WhistDrive than this one (WhistDrive {version()}): it holds "
                f"changes this version does not know ({', '.join(newer)}). Nothing was changed. Install the newer "
                "WhistDrive again and run that. To use this version instead, bring back the backup taken before "
                "the upgrade (in the data folder's backups) with: whistdrive restore FILE; evenings played since "
                "are only in the newer database."
            )
        waiting = [] if schema.is_new() else schema.unapplied()
        if waiting:
            try:
                path = take_backup()
            except BackupError as exc:
                raise CommandError(
                    f"This WhistDrive must update the database, and backs it up first, but could not: {exc}\n"
                    "Nothing was changed. Back it up yourself, then run: whistdrive migrate"
                ) from None
            self.stdout.write(f"WhistDrive {version()} is newer than the database: backed it up first to {path}")
        call_command("migrate", interactive=False, verbosity=0)
        if waiting:
            self.stdout.write(
                f"Updated the database ({len(waiting)} change{'s' if len(waiting) != 1 else ''}); every evening and "
                "result is kept. To go back to the older WhistDrive, restore that backup with: whistdrive restore FILE"
            )

    @staticmethod
    def has_accounts() -> bool:
        try:
            return get_user_model().objects.exists()
        except (OperationalError, ProgrammingError):  # not migrated yet: a first run
            return False

    @staticmethod
    def first_club(options, demo_club: Club | None) -> Club:
        """The first organiser's club: the one named by --club, else the demo club (made now, or by an
        earlier run that had no terminal to ask for the account), else a new one."""
        if options["club"]:
            return Club.objects.create(name=options["club"])
        waiting = demo_club or Club.objects.filter(access__isnull=True).order_by("pk").first()
        return waiting or Club.objects.create(name=DEFAULT_CLUB_NAME)

    def check_name(self, name: str) -> str:
        name = name.strip()
        try:
            if not name:
                raise ValidationError("The name cannot be empty.")
            get_user_model().username_validator(name)
        except ValidationError as exc:
            raise CommandError(f"{name!r} cannot be a login name: {' '.join(exc.messages)}") from None
        return name

    def ask_for_organiser(self) -> tuple[str, str]:
        if not sys.stdin.isatty():
            waiting = Club.objects.filter(access__isnull=True).order_by("pk").first()
            raise CommandError(
                (f"{waiting.name} is ready, with nobody to log in to it yet. " if waiting else "")
                + "No organiser account yet, and no terminal to ask for one. "
                "Run: whistdrive rundrive --organiser NAME (a password is generated and printed), "
                + (f"then log in as NAME: NAME runs {waiting.name}." if waiting else "then log in as NAME.")
            )
        _discard_typed_ahead()
        self.stdout.write("First run: make the organiser's account (you log in with it on this laptop).")
        while True:
            try:
                name = self.check_name(input("Login name (letters, digits and @ . + - _): "))
                break
            except CommandError as exc:
                self.stderr.write(str(exc))
        probe = get_user_model()(username=name)
        while True:
            password = getpass.getpass("Password: ")
            if password != getpass.getpass("The same password again: "):
                self.stderr.write("The two passwords differ. Try again.")
                continue
            try:
                validate_password(password, user=probe)
            except ValidationError as exc:
                self.stderr.write(" ".join(exc.messages) + " Try again.")
                continue
            return name, password

    # Serving --------------------------------------------------------------------------------

    def print_addresses(self, host: str, port: int, urls: list[str]) -> None:
        own = f"http://localhost:{port}/" if host in WILDCARD_HOSTS else urls[0]
        self.stdout.write("")
        self.stdout.write(f"  Organiser (this laptop): {own}")
        self.stdout.write(f"  Phones (same Wi-Fi):     {urls[0]}")
        for url in urls[1:]:
            self.stdout.write(f"                           {url}")
        self.stdout.write(
            "  Open the organiser pages at the phones' address too when printing table cards, "
            "so their QR codes carry it."
        )
        try:
            self.stdout.write(terminal_qr(urls[0]), ending="")
        except UnicodeEncodeError:
            # A console without Unicode (an old Windows code page) cannot draw the code.
            self.stdout.write("  (This console cannot draw the QR code; type the address instead.)")
        self.stdout.write("  Phones scan this code, or the QR code on their table.")

    def serve(self, host: str, port: int, workers: int = 1) -> None:
        # As many open files as the system allows, and no more connections than they can hold.
        limits = serving.raise_open_files_limit()
        configured = settings.SERVER_CONNECTION_LIMIT
        holds = serving.capacity(configured, limits and limits[1], settings.SERVER_THREADS)
        try:
            sock = serving.listen(host, port)
        except OSError as exc:
            raise CommandError(
                f"Cannot listen on {host}:{port} ({exc.strerror or exc}). "
                f"Is WhistDrive already running? Try another port: whistdrive rundrive --port {port + 1}"
            ) from None

        def stop(signum, frame):
            raise KeyboardInterrupt

        # uvicorn stops on these by itself, and then raises the signal again as it found it handled:
        # here, as Ctrl+C, so that rundrive says it stopped and exits 0.
        signal.signal(signal.SIGTERM, stop)
        if hasattr(signal, "SIGBREAK"):  # Ctrl+Break on Windows
            signal.signal(signal.SIGBREAK, stop)
        # Django's threads open their own connections; the setup one must not linger.
        connections.close_all()
        if not settings.HOSTED:
            # Evenings waiting to be published (no internet in the hall) are sent now, and retried while we run.
            publishing.start_sending()
        line = serving.describe_capacity(holds, configured, settings.SERVER_CONNECTIONS_PER_ADDRESS, limits)
        if workers > 1:
            line = f"  Serving from {workers} processes.\n" + line.replace("Holds", "Each holds", 1)
        self.stdout.write(line)
        with laptop.keep_awake() as awake:
            self.stdout.write(awake)
            self.stdout.write(
                self.style.SUCCESS("\nWhistDrive is running. Keep this window open; press Ctrl+C to stop.")
            )
            if workers > 1:
                self.serve_in_processes(workers, sock, holds)
                self.stdout.write("WhistDrive stopped.")
                return
            # Not at the top: importing asgi builds the application, which the parent of several worker
            # processes never serves (each worker builds its own, serving._worker).
            from whistdrive.server.asgi import application

            server = serving.make_server_on(
                application, sock, connections=holds, per_address=settings.SERVER_CONNECTIONS_PER_ADDRESS
            )
            try:
                server.serve_forever()
            except KeyboardInterrupt:
                pass
        finished = application.finish(within=5)
        self.stdout.write("WhistDrive stopped.")
        if not finished:
            # A request was being answered as the server stopped: its thread waits to send the answer
            # through a loop that has gone, and Python would wait for that thread for ever. Its phone
            # keeps the tap and sends it again (static/whistdrive/kept.js).
            self.stdout.flush()
            os._exit(0)

    def serve_in_processes(self, workers: int, sock, holds: int) -> None:
        # What the processes must share, for their settings (SERVER_WORKERS) and pages: one server's
        # id for the phones, and where the second copy of the backups goes.
        os.environ["WHISTDRIVE_WORKERS"] = str(workers)
        os.environ.setdefault("WHISTDRIVE_SERVER_ID", secrets.token_hex(6))
        if settings.SECOND_BACKUP_DIR:
            os.environ["WHISTDRIVE_SECOND_BACKUP_DIR"] = str(settings.SECOND_BACKUP_DIR)
        try:
            serving.serve_in_processes(
                workers, sock, connections=holds, per_address=settings.SERVER_CONNECTIONS_PER_ADDRESS
            )
        except KeyboardInterrupt:
            pass


def _discard_typed_ahead() -> None:
    """Empty what was typed before the first question, as the password prompt would: every answer is
    then typed after its question, as the first-run message asked."""
    try:
        import termios

        termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
    except (ImportError, OSError, ValueError, AttributeError):
        if sys.platform == "win32":  # no termios there: the console's own buffer
            import msvcrt

            while msvcrt.kbhit():
                msvcrt.getwch()
