"""WhistDrive settings: laptop defaults, every one overridable from the environment.

Laptop mode (no DATABASE_URL): SQLite in a per-user data directory, phones on the
local network allowed in. Hosted mode (DATABASE_URL set): PostgreSQL, strict hosts.
"""

import datetime
import importlib.util
import ipaddress
import os
import re
import secrets
import sys
import tempfile
import time
from pathlib import Path
from typing import NoReturn

import dj_database_url
import platformdirs
from django.core.exceptions import ImproperlyConfigured

from whistdrive.store.private import private_folder, tighten

BASE_DIR = Path(__file__).resolve().parent.parent
PACKAGE_DIR = Path(__file__).resolve().parent
# The pages' templates. The repository keeps them at its top (templates/); an installed wheel carries them inside
# the package as whistdrive/templates (pyproject.toml, [tool.hatch.build.targets.wheel.sources]), with no checkout around it.
TEMPLATES_DIR = PACKAGE_DIR / "templates" if (PACKAGE_DIR / "templates").is_dir() else BASE_DIR / "templates"


def _fail(message: str) -> NoReturn:
    # Settings load before Django can report anything nicely: say what to fix and stop.
    sys.stderr.write(f"WhistDrive cannot start: {message}\n")
    raise SystemExit(2)


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in ("1", "true", "yes", "on")


def _default_data_dir() -> str:
    if os.environ.get("PYTEST_VERSION"):
        # pytest sets PYTEST_VERSION before Django loads: a test run never writes its
        # secret key or static files into the user's real data directory.
        return tempfile.mkdtemp(prefix="whistdrive-tests-")
    return platformdirs.user_data_dir("WhistDrive", appauthor=False)


def _data_dir() -> Path:
    path = Path(os.environ.get("WHISTDRIVE_DATA_DIR") or _default_data_dir())
    try:
        private_folder(path)  # 0700 when made here: it holds the database, the backups and the secret key
        # A probe file of this process's own (a unique name, deleted on close): with one shared name,
        # processes starting together deleted each other's probe and stopped (gunicorn's workers).
        with tempfile.TemporaryFile(dir=path, prefix=".write-test-") as probe:
            probe.write(b"ok")
    except OSError as exc:
        _fail(
            f"the data directory {path} is not writable ({exc.strerror or exc}). "
            "Set WHISTDRIVE_DATA_DIR to a folder you can write to."
        )
    return path


DATA_DIR = _data_dir()
BACKUP_DIR = Path(os.environ.get("WHISTDRIVE_BACKUP_DIR") or DATA_DIR / "backups")
# A second folder the organiser names (a USB stick, a synced folder): every hand-end backup is also
# written there, with the event's archive beside it (`rundrive --second-copy DIR` sets it too).
SECOND_BACKUP_DIR = os.environ.get("WHISTDRIVE_SECOND_BACKUP_DIR", "").strip() or None


def _secret_key() -> str:
    if os.environ.get("DJANGO_SECRET_KEY"):
        return os.environ["DJANGO_SECRET_KEY"]
    key_file = DATA_DIR / "secret_key"
    try:
        # Created with mode 0600 from the start so the key is never readable by others.
        fd = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        tighten(key_file)  # an earlier install's, should it be readable by others
        return _written_key(key_file)
    key = secrets.token_urlsafe(50)
    with os.fdopen(fd, "w") as handle:
        handle.write(key)
    return key


def _written_key(key_file: Path) -> str:
    """The key in ``key_file``. Processes starting at once race to make it (CI saw 40 of them do so): the ones
    that lose read the winner's once it is written, looking every tenth of a second for at most 5 s (the winner
    writes it straight after making the file; a file lock would need code of its own for Windows)."""
    for _ in range(50):
        key = key_file.read_text().strip()
        if key:
            return key
        time.sleep(0.1)
    _fail(f"the secret key file {key_file} is empty. Delete it and start again: a new key is made.")


SECRET_KEY = _secret_key()

DATABASE_URL = os.environ.get("DATABASE_URL", "").strip()
HOSTED = bool(DATABASE_URL) or env_bool("WHISTDRIVE_HOSTED")
DEBUG = env_bool("DJANGO_DEBUG")

if HOSTED:
    ALLOWED_HOSTS = [h.strip() for h in os.environ.get("DJANGO_ALLOWED_HOSTS", "localhost").split(",") if h.strip()]
    CSRF_TRUSTED_ORIGINS = [
        o.strip() for o in os.environ.get("DJANGO_CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
    ]
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
    # Load balancers and uptime checks probe over plain HTTP behind the proxy.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "3600"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = False
    # Preloading is a promise to the browsers for every subdomain, for months: the club decides
    # that, not a default; so `check --deploy` is not asked to insist on it.
    SILENCED_SYSTEM_CHECKS = ["security.W021"]
else:
    # On a laptop the phones reach us by whatever LAN address the hall's Wi-Fi hands out,
    # so any Host is accepted; the server only listens on the local network.
    ALLOWED_HOSTS = ["*"]

SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
SECURE_REFERRER_POLICY = "same-origin"
# Scripts, styles and everything else only from WhistDrive itself: no inline scripts, event handlers
# or styles, no eval (htmx's is switched off in base.html), nothing from another site (the hall may
# be offline, and an injected script has nowhere to send what it reads). django-csp 4's format.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "font-src": ["'self'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}
# A post without a valid form token (a page left open for hours, cookies blocked): a page that says
# to reload, in the site's style, instead of Django's technical one.
CSRF_FAILURE_VIEW = "whistdrive.web.errors.csrf_failure"

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "template_partials",
    "csp",
    "axes",
    "clubs",
    "whistdrive",
]

MIDDLEWARE = [
    # First: a load balancer's probe by address is answered before anything reads the Host header.
    "whistdrive.web.health.HealthFromAnyHost",
    "django.middleware.security.SecurityMiddleware",
    "whistdrive.server.limits.BodyLimit",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "csp.middleware.CSPMiddleware",
    "whistdrive.web.ratelimit.TokenGuessLimit",
    # The phones' requests commit at their own synchronous level (settings.SQLITE_PHONES_SYNCHRONOUS), their
    # sessions' saves included: outside the sessions' middleware.
    "whistdrive.store.durability.PhonesSynchronous",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.auth.middleware.LoginRequiredMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "whistdrive.web.logins.AnswerBusyLogins",
    # Last, as django-axes asks: it answers a login past the limit of wrong passwords.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "whistdrive.web.urls"
# The evening's migrations live with its models, in the store.
MIGRATION_MODULES = {"whistdrive": "whistdrive.store.migrations"}
WSGI_APPLICATION = "whistdrive.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [TEMPLATES_DIR],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
            # The web's template tags live with the web (whistdrive/web/table_parts.py), not in a templatetags folder.
            "libraries": {"table_parts": "whistdrive.web.table_parts"},
        },
    },
]

# SQLite's synchronous (docs/robustness.md, "Restart, and a power cut"). FULL, every connection's own: a commit
# is on the disk before it is answered, so what the organiser is shown done (a new QR code, a late arrival, a
# result set by hand, the admin, restore and import) survives a power cut; nobody would send it again.
# The phones' requests under /t/ (whistdrive/store/durability.py) commit at SQLITE_PHONES_SYNCHRONOUS, NORMAL unless
# WHISTDRIVE_SQLITE_SYNCHRONOUS says FULL: in WAL mode a killed process loses nothing, a power cut may lose
# the commits since the last checkpoint, which is taken after every hand's backup, and the phones keep every
# tap since then and send it again to a laptop that lost it (kept.js). FULL for them put the entries' p95
# at the 50-table peak over the 300 ms aimed for.
SQLITE_SYNCHRONOUS = "FULL"
SQLITE_PHONES_SYNCHRONOUS = os.environ.get("WHISTDRIVE_SQLITE_SYNCHRONOUS", "NORMAL").strip().upper()
if SQLITE_PHONES_SYNCHRONOUS not in ("NORMAL", "FULL"):
    raise ImproperlyConfigured(
        f"WHISTDRIVE_SQLITE_SYNCHRONOUS must be FULL or NORMAL, not {SQLITE_PHONES_SYNCHRONOUS!r}."
    )
SQLITE_OPTIONS = {
    # WAL + IMMEDIATE + a busy timeout: many phones writing at once wait their turn instead of
    # failing with "database is locked", which Django's defaults (and WAL alone) gave at once.
    "transaction_mode": "IMMEDIATE",
    "timeout": 20,
    "init_command": f"PRAGMA journal_mode=WAL;PRAGMA synchronous={SQLITE_SYNCHRONOUS};",
}
# Each server thread keeps its SQLite connection: opening one per request (connecting, the PRAGMAs,
# Django's functions, reading the schema, no prepared statements kept) was a large part of a busy
# hall's server time (docs/benchmarks.md, "A hall at its peak").
SQLITE_CONN_MAX_AGE = 600
# Django's SQLite backend, with one process's writers taking turns in Python rather than sleeping in
# SQLite's busy handler (whistdrive/store/sqlite3/base.py).
SQLITE_ENGINE = "whistdrive.store.sqlite3"

if DATABASE_URL:
    try:
        DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=60, conn_health_checks=True)}
    except Exception as exc:  # dj-database-url raises plain ValueErrors and KeyErrors for bad URLs
        _fail(
            f"DATABASE_URL {DATABASE_URL.split('@')[-1]!r} is not a database address WhistDrive understands "
            f"({exc}). Use postgres://USER:PASSWORD@HOST:5432/NAME, or unset it for the laptop's SQLite."
        )
    _engine = DATABASES["default"]["ENGINE"]
    if _engine not in ("django.db.backends.postgresql", "django.db.backends.sqlite3"):
        _fail(f"DATABASE_URL names a {_engine.rsplit('.', 1)[-1]} database; WhistDrive runs on PostgreSQL or SQLite.")
    if _engine == "django.db.backends.postgresql" and not (
        importlib.util.find_spec("psycopg") or importlib.util.find_spec("psycopg2")
    ):
        _fail(
            'DATABASE_URL points at PostgreSQL but its driver is missing. Run: python -m pip install -e ".[postgres]"'
        )
    if _engine == "django.db.backends.sqlite3":
        DATABASES["default"]["ENGINE"] = SQLITE_ENGINE
        DATABASES["default"].setdefault("TEST", {}).setdefault("NAME", ":memory:")  # as below
        DATABASES["default"].setdefault("OPTIONS", {}).update(SQLITE_OPTIONS)
        DATABASES["default"]["CONN_MAX_AGE"] = SQLITE_CONN_MAX_AGE
else:
    DATABASES = {
        "default": {
            "ENGINE": SQLITE_ENGINE,
            "NAME": str(DATA_DIR / "whistdrive.sqlite3"),
            "OPTIONS": SQLITE_OPTIONS,
            "CONN_MAX_AGE": SQLITE_CONN_MAX_AGE,
            # In memory unless named (":memory:" is what Django reads None as; said outright because
            # pytest-django tells SQLite by Django's own ENGINE name, and would otherwise make up a file name).
            "TEST": {"NAME": os.environ.get("WHISTDRIVE_TEST_DB") or ":memory:"},
        }
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

# Logins (whistdrive/web/logins.py): wrong passwords counted per address by django-axes, and one password
# hashed at a time per process, so a flood of login posts cannot take the phones' threads and cores.
AUTHENTICATION_BACKENDS = ["axes.backends.AxesStandaloneBackend", "whistdrive.web.logins.OneHashAtATime"]
AXES_FAILURE_LIMIT = int(os.environ.get("WHISTDRIVE_LOGIN_FAILURES") or 10)
AXES_COOLOFF_TIME = datetime.timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = ["ip_address"]
AXES_CLIENT_IP_CALLABLE = "whistdrive.web.logins.client_ip"
AXES_LOCKOUT_CALLABLE = "whistdrive.web.logins.locked_out"
AXES_RESET_ON_SUCCESS = True


def _networks(name: str, default: str) -> list:
    value = os.environ.get(name, default)
    try:
        return [ipaddress.ip_network(part.strip()) for part in value.split(",") if part.strip()]
    except ValueError as exc:
        _fail(f"{name} must be addresses or networks separated by commas (127.0.0.0/8,::1), not {value!r} ({exc}).")


# The laptop's own addresses (whistdrive/web/logins.py): a login from one of them has a hashing slot no device of
# the hall can take. Laptop installs only; hosted, nobody logs in from the server itself. A bench or test
# that stands other 127.x addresses in for other devices narrows it to 127.0.0.1/32,::1.
LAPTOP_ADDRESSES = _networks("WHISTDRIVE_LAPTOP_ADDRESSES", "127.0.0.0/8,::1")

# Email, for password resets (docs/privacy.md, "Passwords"): only with WHISTDRIVE_EMAIL_HOST set. Without it the
# login page says to ask the site's administrator, who runs `whistdrive changepassword NAME`.
EMAIL_HOST = os.environ.get("WHISTDRIVE_EMAIL_HOST", "").strip()
EMAIL_CONFIGURED = bool(EMAIL_HOST)
if EMAIL_CONFIGURED:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = int(os.environ.get("WHISTDRIVE_EMAIL_PORT") or 587)
    EMAIL_HOST_USER = os.environ.get("WHISTDRIVE_EMAIL_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("WHISTDRIVE_EMAIL_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("WHISTDRIVE_EMAIL_TLS", True)
    EMAIL_TIMEOUT = 20
DEFAULT_FROM_EMAIL = os.environ.get("WHISTDRIVE_EMAIL_FROM", "").strip() or "whistdrive@localhost"
SERVER_EMAIL = DEFAULT_FROM_EMAIL
# The hosted site's address as players reach it (https://results.example.org): the link to each player's page in
# the emails of their results (whistdrive/evening/result_emails.py, docs/publishing.md). Empty: no link.
WHISTDRIVE_SITE_URL = os.environ.get("WHISTDRIVE_SITE_URL", "").strip()
if WHISTDRIVE_SITE_URL and not re.fullmatch(r"https?://[^/\s]+(/\S*)?", WHISTDRIVE_SITE_URL):
    _fail(
        f"WHISTDRIVE_SITE_URL must be the site's address as players reach it, like https://whist.example.org, not {WHISTDRIVE_SITE_URL!r}."
    )
# The players are emailed in a thread of the process that stored the publish, after its commit, so the laptop's
# publish is answered at once. Tests of the emails' content turn it off to read the inbox as the publish returns;
# tests/result_emails/test_emails_go_after_the_publish_is_answered.py runs it as shipped.
RESULT_EMAILS_IN_BACKGROUND = True

# /healthz answered before the Host header is checked (whistdrive/web/health.py's HealthFromAnyHost): for a load
# balancer or uptime check that probes by the server's address, which is in no ALLOWED_HOSTS.
HEALTH_FROM_ANY_HOST = env_bool("WHISTDRIVE_HEALTH_FROM_ANY_HOST")

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "login"

LANGUAGE_CODE = "en-gb"
TIME_ZONE = os.environ.get("WHISTDRIVE_TIME_ZONE", "Europe/London")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("WHISTDRIVE_STATIC_ROOT") or DATA_DIR / "static")
STATICFILES_DIRS = [PACKAGE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": os.environ.get(
            "WHISTDRIVE_STATICFILES_STORAGE", "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Wrong table/player/board links: more than this many different ones from one address within
# the window answer 429 (whistdrive/web/ratelimit.py). On by default only on hosted installs; 0 = off.
TOKEN_RATE_LIMIT = int(os.environ.get("WHISTDRIVE_TOKEN_RATE_LIMIT") or (30 if HOSTED else 0))
TOKEN_RATE_WINDOW = 600
# Posts (seat, entry, agreement, call) one table's link may send in one hand; past it the table is
# told to ask the organiser (whistdrive/web/ratelimit.py). A real table needs about a dozen. 0 = no limit.
TABLE_POST_LIMIT = int(os.environ.get("WHISTDRIVE_TABLE_POST_LIMIT") or 60)
# What is kept between requests (whistdrive/store/cache.py), in two caches.
# - "kept": the values worked out from the database (standings, seatings, drawings of the pages), always
#   in each server process's own memory, as the objects themselves. Every one is kept under the
#   revisions it was made from, so each process's own stays right. Shared through Redis instead, they
#   cost a 300-table hall's two worker processes 48 ms of CPU a table against 33 ms, pickling and
#   unpickling them on every read (docs/benchmarks.md, "What the hosted workers share").
# - "default": Django's own uses (sessions, the login and link limits' counts), which every process
#   must agree on. WHISTDRIVE_CACHE_URL may name a Redis server (redis://HOST:6379/0, needs
#   `pip install redis`) that hosted worker processes share. Without it: one process's memory on the
#   laptop; SQLite files in the data folder under `rundrive --workers N` (it sets WHISTDRIVE_WORKERS for
#   its processes); each hosted worker's own memory otherwise, so each counts its own share of the limits.
CACHE_URL = os.environ.get("WHISTDRIVE_CACHE_URL", "")
_workers = os.environ.get("WHISTDRIVE_WORKERS", "").strip() or "1"
if not _workers.isdigit() or int(_workers) < 1:
    _fail(f"WHISTDRIVE_WORKERS must be a number of server processes, 1 or more, not {_workers!r}.")
SERVER_WORKERS = int(_workers)
_DEFAULT_CACHE: dict[str, object]
if CACHE_URL:
    _DEFAULT_CACHE = {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": CACHE_URL}
elif SERVER_WORKERS == 1:
    _DEFAULT_CACHE = {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "whistdrive",
        "OPTIONS": {"MAX_ENTRIES": 20_000},  # a session per phone: 1,200 phones and the organisers
    }
else:
    _DEFAULT_CACHE = {
        "BACKEND": "whistdrive.store.cache.SharedDiskCache",
        "LOCATION": str(DATA_DIR / "shared-cache"),
        "OPTIONS": {"size_limit": 256 * 1024 * 1024},  # an evening's sessions and counts: a few MB
    }
CACHES = {
    "default": _DEFAULT_CACHE,
    "kept": {
        "BACKEND": "whistdrive.store.cache.InProcessCache",
        "LOCATION": "whistdrive-kept",
        "TIMEOUT": 3 * 60 * 60,  # an evening: values are keyed by revision, so old ones just age out
        "OPTIONS": {"MAX_ENTRIES": 50_000},  # a 300-table hall keeps a few things per table
    },
}

# Phones at a table share one hall's address behind NAT: keep sessions for the evening.
SESSION_COOKIE_AGE = 60 * 60 * 24
# Sessions are read from the default cache and written through to the database (reading one from the
# database on every poll cost a busy hall's server dearly, docs/benchmarks.md) where every server
# process reads the same cache: the laptop's one process, the files `rundrive --workers N`'s processes
# share, or a Redis that hosted workers share. Otherwise (hosted workers each with their own memory)
# their memories would disagree, and each request reads its session from the database.
SESSION_ENGINE = (
    "django.contrib.sessions.backends.cached_db"
    if CACHE_URL or SERVER_WORKERS > 1 or not HOSTED
    else "django.contrib.sessions.backends.db"
)
SESSION_COOKIE_SAMESITE = "Lax"

# rundrive's server (whistdrive/server/serving.py): Django's threads, and the connections it holds (each phone
# keeps a keep-alive connection and its page's stream of pushed updates; past the limit, 503).
SERVER_THREADS = int(os.environ.get("WHISTDRIVE_THREADS", "16"))
SERVER_CONNECTION_LIMIT = int(os.environ.get("WHISTDRIVE_CONNECTION_LIMIT", "4000"))
# One device's share of those (whistdrive/server/serving.py): phones on a hall's network have an address
# each, and a browser opens at most 6 connections to a site. 0 = no limit (a load test from one machine).
SERVER_CONNECTIONS_PER_ADDRESS = int(os.environ.get("WHISTDRIVE_CONNECTIONS_PER_ADDRESS", "32"))
# The largest request body taken (413 above it): the largest upload, an event archive of 20 MB
# (views/archive.py LARGEST_FILE; a member CSV is at most 2 MB), and its form around it. rundrive's
# server refuses a bigger one before reading it (whistdrive/server/asgi.py); behind another server, BodyLimit does.
MAX_REQUEST_BYTES = 21 * 1024 * 1024
# Seconds from a request's start within which its whole body must have come (whistdrive/server/asgi.py reads it on the
# event loop before any of Django's threads is given the request); past it, 408 and the connection closed. A
# phone's body is a few hundred bytes; the largest upload (20 MB) takes a few seconds on a hall's Wi-Fi.
# Seconds between a laptop's tries at sending the evenings waiting to be published (whistdrive/evening/publishing.py).
WHISTDRIVE_PUBLISH_RETRY_SECONDS = float(os.environ.get("WHISTDRIVE_PUBLISH_RETRY_SECONDS") or 60)
WHISTDRIVE_BODY_DEADLINE = float(os.environ.get("WHISTDRIVE_BODY_DEADLINE") or 30)
# The proxies whose X-Forwarded-For is believed (whistdrive/server/addresses.py): addresses or
# networks, comma-separated. Hosted behind nginx on the same machine: 127.0.0.1. Empty (the default): the
# address that connected counts, whatever a request says, so no per-address limit can be dodged by a header.
WHISTDRIVE_TRUSTED_PROXIES = _networks("WHISTDRIVE_TRUSTED_PROXIES", "")
# A table's streams of pushed updates (whistdrive/server/push.py): at most this many open on a table (four seats, a
# second tab each) and from one address (a phone needs one or two; 0 = no limit: hosted, a hall's phones share
# their router's address, and nginx limits connections per address); past either, 429 and the page polls. A
# stream pushed nothing for WHISTDRIVE_STREAM_IDLE_SECONDS ends, and the page opens it again (push.js).
# Counted by each server process (rundrive --workers N: N times these).
WHISTDRIVE_STREAMS_PER_TABLE = int(os.environ.get("WHISTDRIVE_STREAMS_PER_TABLE") or 12)
WHISTDRIVE_STREAMS_PER_ADDRESS = int(os.environ.get("WHISTDRIVE_STREAMS_PER_ADDRESS") or (0 if HOSTED else 8))
WHISTDRIVE_STREAM_IDLE_SECONDS = float(os.environ.get("WHISTDRIVE_STREAM_IDLE_SECONDS") or 600)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "hide_tokens": {"()": "whistdrive.server.logging.HideTokens"},
        "quiet_repeats": {"()": "whistdrive.server.logging.QuietRepeats"},
    },
    # quiet_repeats first: it tells messages apart by their unformatted text, which hide_tokens replaces.
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["quiet_repeats", "hide_tokens"]}},
    "root": {"handlers": ["console"], "level": os.environ.get("WHISTDRIVE_LOG_LEVEL", "WARNING")},
}
