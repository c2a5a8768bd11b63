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

The slots must not become a way to keep the organiser out (#44): a guest posting logins from many
addresses kept the one slot taken, and the organiser got nothing but 503s. So:

- A login from the laptop itself (a loopback address, on a laptop install) has a slot of its own, which
  no other device can take: it waits for it (``LAPTOP_WAIT`` at most; only the laptop's own logins share
  it) and is never told someone else is logging in. Hosted, nobody logs in from the server itself, and
  behind a proxy whose address is not trusted every device would look like loopback: no such slot there.
- A login answered busy counts against its address, in the ``default`` cache (every process's), as a
  wrong password counts in axes: past ``AXES_FAILURE_LIMIT`` of them within ``AXES_COOLOFF_TIME`` the address
  gets the 429 page (``LoginsFlooded``) before it may try for a slot. A right password clears its count.
"""

from __future__ import annotations

import ipaddress
import threading

from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.http import HttpRequest, HttpResponse

from whistdrive.server import addresses
from whistdrive.store import cache
from whistdrive.web.errors import service_unavailable, too_many

HASHES_AT_ONCE = 1
_hashing = threading.BoundedSemaphore(HASHES_AT_ONCE)
# The laptop's own slot (see the module): a hash takes a third of a second, so only the laptop's own
# logins, dozens at once, could make one of them wait this long for it.
_laptops_own = threading.BoundedSemaphore(1)
LAPTOP_WAIT = 30

LOCKED_OUT = "Too many wrong passwords from this device."
BUSY = "Someone else is logging in at this moment: wait a few seconds and log in again."
FLOODED = "Too many logins from this device while others were being checked."


class LoginsBusy(Exception):
    """Every hashing slot is taken: this login is answered 503 at once instead of waiting."""


class LoginsFlooded(Exception):
    """This address has been answered busy too often lately: this login is answered 429."""


def on_the_laptop(request: HttpRequest | None) -> bool:
    """Whether this login comes from the laptop that serves the evening: one of ``settings.LAPTOP_ADDRESSES``
    (loopback), on a laptop install."""
    if request is None or settings.HOSTED:
        return False
    try:
        address = ipaddress.ip_address(addresses.client_address(request))
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        address = address.ipv4_mapped
    return any(address in network for network in settings.LAPTOP_ADDRESSES)


def busy_limit() -> int:
    return settings.AXES_FAILURE_LIMIT


def busy_window() -> int:
    return int(settings.AXES_COOLOFF_TIME.total_seconds())


class OneHashAtATime(ModelBackend):
    """Django's model backend, hashing no more than HASHES_AT_ONCE passwords at a time in this process
    for the hall's devices, and one more for the laptop itself."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if on_the_laptop(request):
            slot = _laptops_own
            if not slot.acquire(timeout=LAPTOP_WAIT):
                raise LoginsBusy
        else:
            address = addresses.client_address(request) if request is not None else "unknown"
            key = cache.busy_logins_key(address)
            if cache.counted(key) >= busy_limit():
                raise LoginsFlooded
            slot = _hashing
            if not slot.acquire(blocking=False):
                cache.count(key, busy_window())
                raise LoginsBusy
        try:
            user = super().authenticate(request, username=username, password=password, **kwargs)
        finally:
            slot.release()
        if user is not None and slot is _hashing:
            cache.forget(key)
        return user


class AnswerBusyLogins:
    """Middleware: a ``LoginsBusy`` from a login view is the 503 page, a ``LoginsFlooded`` the 429 page,
    not a server error."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, LoginsBusy):
            return service_unavailable(BUSY)
        if isinstance(exception, LoginsFlooded):
            return too_many(
                request,
                FLOODED,
                busy_window(),
                player_advice="Players never need to log in: scan the QR code on your table instead.",
                organiser_advice=f"Wait {round(busy_window() / 60)} minutes, then log in once."
                + ("" if settings.HOSTED else " On the laptop that runs WhistDrive, logging in always works."),
            )
        return None


def client_ip(request: HttpRequest) -> str | None:
    """The address axes counts: the same one the wrong-link limit counts, when it is an address."""
    address = addresses.client_address(request)
    try:
        return str(ipaddress.ip_address(address))
    except ValueError:
        return None


def locked_out(request: HttpRequest, original_response=None, credentials=None) -> HttpResponse:
    """axes's answer past the limit: the site's 429 page, saying what to do."""
    wait = int(settings.AXES_COOLOFF_TIME.total_seconds())
    return too_many(
        request,
        LOCKED_OUT,
        wait,
        player_advice="Players never need to log in: scan the QR code on your table instead.",
        organiser_advice=(
            f"Wait {round(wait / 60)} minutes, then log in with the right password. If you have forgotten it, "
            "reset it on the laptop: whistdrive changepassword NAME."
        ),
    )
