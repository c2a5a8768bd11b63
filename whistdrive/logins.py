"""Logging in without starving the phones (docs/robustness.md, "Logins").

Two things guard /login/ and /admin/login/:

- django-axes counts wrong passwords per address: past ``AXES_FAILURE_LIMIT`` in
  ``AXES_COOLOFF_TIME`` that address gets the 429 page (``locked_out``), before any password is
  hashed. On a laptop every device in the hall has its own address; hosted, a hall's devices share
  their router's, so a guesser there can stop its organisers logging in for a while (never its phones).
- Hashing a password is slow on purpose (Django's PBKDF2). A flood of login posts at once held the
  server's threads and both cores, and the phones' pages slowed to a crawl (docs/benchmarks.md,
  "Logins under a flood"). ``OneHashAtATime`` hashes at most ``HASHES_AT_ONCE`` passwords at a time in a process;
  a login that finds every slot taken is answered at once with 503 "try again in a moment"
  (``LoginsBusy``), so it neither burns a core nor holds a thread the phones need.
"""

from __future__ import annotations

import ipaddress
import threading

from django.contrib.auth.backends import ModelBackend
from django.http import HttpRequest, HttpResponse

from whistdrive import ratelimit

HASHES_AT_ONCE = 1
_hashing = threading.BoundedSemaphore(HASHES_AT_ONCE)

LOCKED_OUT = "Too many wrong passwords from this device."
BUSY = "Someone else is logging in at this moment: wait a few seconds and log in again."


class LoginsBusy(Exception):
    """Every hashing slot is taken: this login is answered 503 at once instead of waiting."""


class OneHashAtATime(ModelBackend):
    """Django's model backend, hashing no more than HASHES_AT_ONCE passwords at a time in this process."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if not _hashing.acquire(blocking=False):
            raise LoginsBusy
        try:
            return super().authenticate(request, username=username, password=password, **kwargs)
        finally:
            _hashing.release()


class AnswerBusyLogins:
    """Middleware: a ``LoginsBusy`` from a login view is the 503 page, not a server error."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, LoginsBusy):
            from whistdrive.views.errors import service_unavailable

            return service_unavailable(BUSY)
        return None


def client_ip(request: HttpRequest) -> str | None:
    """The address axes counts: the same one the wrong-link limit counts, when it is an address."""
    address = ratelimit.client_address(request)
    try:
        return str(ipaddress.ip_address(address))
    except ValueError:
        return None


def locked_out(request: HttpRequest, original_response=None, credentials=None) -> HttpResponse:
    """axes's answer past the limit: the site's 429 page, saying what to do."""
    from django.conf import settings

    from whistdrive.views.errors import too_many

    wait = int(settings.AXES_COOLOFF_TIME.total_seconds())
    return too_many(
        request,
        LOCKED_OUT,
        wait,
        player_advice="Players never need to log in: scan the QR code on your table instead.",
        organiser_advice=(
            f"Wait {round(wait / 60)} minutes, then log in with the right password. If you have forgotten it, "
            "reset it on the laptop: python manage.py changepassword NAME."
        ),
    )
