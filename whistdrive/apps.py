from django.apps import AppConfig


class WhistDriveConfig(AppConfig):
    name = "whistdrive"
    verbose_name = "Events and evenings"
