"""Can the database take the evening's writes? One question for rundrive's start and /healthz.

A database can answer every read and still refuse every write: a SQLite file that is read-only (copied
from a CD or another account, or owned by root after a ``sudo``), a full disk, PostgreSQL in a
read-only transaction (a standby). /healthz used to say "ok" for a read-only file, and then every
entry from the phones failed. The check writes nothing: it changes a value to what it already is,
inside a transaction it rolls back.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.db import DatabaseError, connection, transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.cache import add_never_cache_headers

# How long the check waits for another writer (SQLite's busy timeout while it runs, in ms): a health
# check must answer quickly, and a database locked for this long is not taking the phones' entries.
PROBE_WAIT_MS = 2000


def database_problem() -> str | None:
    """Why the database cannot take writes now (the driver's words), or None when it can."""
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
        if connection.vendor == "sqlite":
            _probe_sqlite_write()
        elif connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SHOW transaction_read_only")
                if cursor.fetchone()[0] == "on":
                    return "the database is read-only (transaction_read_only is on)"
    except DatabaseError as exc:
        return " ".join(str(exc).split()) or exc.__class__.__name__
    return None


def _probe_sqlite_write() -> None:
    wait = int(settings.DATABASES["default"].get("OPTIONS", {}).get("timeout", 5) * 1000)
    with connection.cursor() as cursor:
        cursor.execute(f"PRAGMA busy_timeout = {PROBE_WAIT_MS}")
        try:
            with transaction.atomic():
                cursor.execute("PRAGMA user_version")
                version = int(cursor.fetchone()[0])
                # The same value written back: a write SQLite refuses on a read-only file.
                cursor.execute(f"PRAGMA user_version = {version}")
                transaction.set_rollback(True)
        finally:
            cursor.execute(f"PRAGMA busy_timeout = {wait}")


def health_answer(*, details: bool) -> JsonResponse:
    """/healthz's answer: 200 when the database answers and can be written, 503 when not; with ``details`` (someone
    logged in) the database's vendor or the driver's words."""
    problem = database_problem()
    if problem is not None:
        return JsonResponse({"status": "error", **({"database": problem} if details else {})}, status=503)
    return JsonResponse({"status": "ok", **({"database": connection.vendor} if details else {})})


class HealthFromAnyHost:
    """With ``settings.HEALTH_FROM_ANY_HOST`` (WHISTDRIVE_HEALTH_FROM_ANY_HOST=1): a GET of /healthz is answered here,
    before any middleware reads the Host header. A load balancer probes each server by its address (Host:
    10.0.0.5:8000), which is in no ALLOWED_HOSTS, and got 400. The answer tells such a probe nothing but
    ok or error, whatever host it names; every other request goes on to the host check as before."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if settings.HEALTH_FROM_ANY_HOST and request.path_info == "/healthz" and request.method in ("GET", "HEAD"):
            response = health_answer(details=False)
            add_never_cache_headers(response)
            return response
        return self.get_response(request)
