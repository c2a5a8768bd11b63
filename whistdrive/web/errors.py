"""The pages for when something goes wrong. Each says in plain words what to do: a player holding a
phone at a table, and the organiser at the laptop.

Django's handlers (``handler400`` … ``handler500`` in whistdrive/web/urls.py and ``CSRF_FAILURE_VIEW``)
render these templates. A database that is busy (another program holds its write lock past the
busy timeout), read-only or out of reach is not a bug in WhistDrive: it answers 503 "try again in
a moment" with ``Retry-After``, never a bare server error. A table's old QR code (replaced by
"Issue a new QR code") answers 410 with "This table has a new code".

The 500 and 503 pages are drawn without the request's context: the context processors read the
session and the user from the database, which may be exactly what just failed.
"""

from __future__ import annotations

import logging
import sys

from django.db import InternalError, OperationalError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template import loader

log = logging.getLogger(__name__)

# Seconds a phone or browser is asked to wait before trying again after a 503.
RETRY_AFTER = 10


class TableHasNewCode(Http404):
    """A retired table token: the organiser issued a new QR code for this table."""


def database_unavailable(exc: BaseException | None) -> bool:
    """Whether ``exc`` says the database cannot take requests now (busy, read-only, unreachable, full)."""
    if isinstance(exc, OperationalError):
        return True
    # PostgreSQL in a read-only transaction (a standby, default_transaction_read_only) raises this.
    return isinstance(exc, InternalError) and "read-only" in str(exc)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return render(request, "400.html", status=400)


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return render(request, "403.html", status=403)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """A post without a valid form token: a page open too long, or cookies blocked."""
    return render(request, "403_csrf.html", status=403)


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    if isinstance(exception, TableHasNewCode):
        response = render(request, "whistdrive/table_new_code.html", status=410)
        response["Cache-Control"] = "no-store"
        return response
    return render(request, "404.html", status=404)


def server_error(request: HttpRequest) -> HttpResponse:
    """500, or 503 "try again in a moment" when the database is what failed (see the module's note)."""
    exc = sys.exc_info()[1]
    if database_unavailable(exc):
        return service_unavailable()
    return HttpResponse(loader.get_template("500.html").render(), status=500)


def service_unavailable(message: str = "") -> HttpResponse:
    """The 503 page: the database is busy or cannot be written; nothing was lost."""
    page = loader.get_template("503.html").render({"message": message})
    response = HttpResponse(page, status=503)
    response["Retry-After"] = str(RETRY_AFTER)
    response["Cache-Control"] = "no-store"
    return response


def too_many(
    request: HttpRequest, message: str, wait_seconds: int, *, player_advice: str = "", organiser_advice: str = ""
) -> HttpResponse:
    """The 429 page with its own message (wrong links, logins, a flooded table) and how long to wait;
    the advice replaces the page's own "wait, then try again" where waiting is not the answer."""
    context = {
        "message": message,
        "minutes": max(1, round(wait_seconds / 60)),
        "player_advice": player_advice,
        "organiser_advice": organiser_advice,
    }
    response = render(request, "429.html", context, status=429)
    response["Retry-After"] = str(wait_seconds)
    response["Cache-Control"] = "no-store"
    return response
