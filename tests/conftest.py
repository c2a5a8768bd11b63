"""Test-wide settings."""

import os

import pytest

# Playwright tests drive the browser from the test thread and read the ORM there too.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

PLAIN_STATIC = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}


@pytest.fixture(autouse=True)
def _test_settings(settings, tmp_path):
    # Manifest-hashed static names need `collectstatic` and 404 under live_server
    # (../shared/stack-notes.md): tests use the plain storage.
    settings.STORAGES = PLAIN_STATIC
    # Each test writes backups into its own folder, never the user's data directory.
    settings.BACKUP_DIR = tmp_path / "backups"
