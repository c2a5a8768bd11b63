from django.apps import AppConfig
from django.urls import register_converter

from whistdrive.web.converters import TokenConverter


class WhistDriveConfig(AppConfig):
    name = "whistdrive"
    verbose_name = "Events and evenings"

    def ready(self) -> None:
        # Imported once the models are: an app's modules may not be imported before its registry is ready.
        from whistdrive.evening import backups, grades, published, result_emails, running
        from whistdrive.evening.phones import drawing
        from whistdrive.server import checks, push  # noqa: F401  checks: the hosted settings, for check --deploy
        from whistdrive.web import admin  # noqa: F401  the admin's pages for the evening's rows register themselves

        # Before any URL configuration is read: the phones' paths use <token:…>.
        register_converter(TokenConverter, "token")
        # The evening says a hand has ended; the backups, a layer above it, listen.
        running.hand_ended.connect(backups.after_a_hand, dispatch_uid="whistdrive.evening.backups.after_a_hand")
        # The evening's results have gone online (hosted): its grade lines are worked at once, so a member's page
        # never waits on its standings; then the players who agreed are emailed theirs, in a thread of its own.
        # In that order: the lines are written before the emails' thread writes, never beside it (an in-memory
        # SQLite test database refuses two writers at once instead of waiting).
        published.published.connect(grades.on_published, dispatch_uid="whistdrive.evening.grades.on_published")
        published.published.connect(
            result_emails.on_published, dispatch_uid="whistdrive.evening.result_emails.on_published"
        )
        # What a phone sees asks whether this process's server holds a stream of a table; the server answers.
        drawing.hub_listens_to = push.listens_to
