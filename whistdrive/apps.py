from django.apps import AppConfig
from django.urls import register_converter


class WhistDriveConfig(AppConfig):
    name = "whistdrive"
    verbose_name = "Events and evenings"

    def ready(self) -> None:
        from whistdrive.converters import TokenConverter

        # Before any URL configuration is read: the phones' paths use <token:…>.
        register_converter(TokenConverter, "token")
