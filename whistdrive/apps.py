from django.apps import AppConfig
from django.urls import register_converter

from whistdrive.converters import TokenConverter


class WhistDriveConfig(AppConfig):
    name = "whistdrive"
    verbose_name = "Events and evenings"

    def ready(self) -> None:
        # Imported once the models are: an app's modules may not be imported before its registry is ready.
        from whistdrive import backups, evening, phones, push

        # Before any URL configuration is read: the phones' paths use <token:…>.
        register_converter(TokenConverter, "token")
        # The evening says a hand has ended; the backups, a layer above it, listen.
        evening.hand_ended.connect(backups.after_a_hand, dispatch_uid="whistdrive.backups.after_a_hand")
        # What a phone sees asks whether this process's server holds a stream of a table; the server answers.
        phones.hub_listens_to = push.listens_to
