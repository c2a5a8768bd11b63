"""Test-wide settings."""

import os

import pytest
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

# Playwright tests drive the browser from the test thread and read the ORM there too.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

# Hypothesis by default fails an example that takes over 200 ms, or data that is slow to draw: on a busy machine
# that is the clock, not a bug (style.md 19; one run here failed a rules property at 556 ms). The laws are checked
# all the same, without a wall-clock deadline.
hypothesis_settings.register_profile("whistdrive", deadline=None, suppress_health_check=[HealthCheck.too_slow])
hypothesis_settings.load_profile("whistdrive")

PLAIN_STATIC = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}


@pytest.fixture(autouse=True)
def _empty_caches():
    """Every test starts with nothing kept (whistdrive/store/cache.py): a database rolled back after a test
    gives the next one the same ids, and values kept under them would belong to another evening."""
    from whistdrive.store import cache

    cache.clear()
    yield


@pytest.fixture(autouse=True)
def _test_settings(settings, tmp_path):
    # Manifest-hashed static names need `collectstatic` and 404 under live_server: tests use the
    # plain storage. That is where a bug can hide (a template naming a missing stylesheet is a 500
    # only under the manifest storage), so tests/foundation/test_every_page_on_a_fresh_install.py
    # collects the static files with the storage `rundrive` ships and opens every page with it.
    settings.STORAGES = PLAIN_STATIC
    # Each test writes backups into its own folder, never the user's data directory.
    settings.BACKUP_DIR = tmp_path / "backups"
    # Static files are collected into the test's own folder, never the user's data directory
    # (whitenoise warns at every request when the folder is missing).
    settings.STATIC_ROOT = tmp_path / "static"
    settings.STATIC_ROOT.mkdir(exist_ok=True)
    # With DATABASE_URL set (the suite on PostgreSQL) settings are in hosted mode, which redirects
    # plain HTTP to HTTPS; the test client speaks plain HTTP like the laptop.
    settings.SECURE_SSL_REDIRECT = False
    # Django's real hasher takes most of a second per password: tests make many users.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # Hosted mode (the PostgreSQL runs) limits wrong table links per address, counted in a cache
    # that outlives each test: off here, on in tests/security where the limit itself is tested.
    settings.TOKEN_RATE_LIMIT = 0


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto` (the README's command): a worker per core, and one more. Many tests wait on something (real
    servers starting, a phone's 8 s look for a replaced laptop, a locked database's 20 s, Chromium): the third
    worker works meanwhile, and with it both cores are busy through a run (98 % on 2 cores). On 2 cores the whole
    suite took 15 minutes with two workers and 11.7 with three; a fourth made it slower (docs/benchmarks.md, "The
    suite's own time" and its later looks)."""
    return (os.cpu_count() or 1) + 1


# Fixtures through which a test reaches the database (pytest-django's own; every factory fixture such as
# `event` asks for one of them, and item.fixturenames holds a test's fixtures with theirs).
DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "live_server",
}


def _uses_the_database(item: pytest.Item) -> bool:
    return item.get_closest_marker("django_db") is not None or bool(
        DATABASE_FIXTURES & set(getattr(item, "fixturenames", ()))
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark `nodb` every test of a module in which no test touches the database (the engines' tests, most
    of them): the suite on PostgreSQL (.ci/run) leaves them out, as they would run exactly as on SQLite."""
    modules_with_database = {item.module for item in items if _uses_the_database(item)}
    for item in items:
        if item.module not in modules_with_database:
            item.add_marker(pytest.mark.nodb)
