"""What a power cut may take: the phones' requests commit at their own ``synchronous`` level.

SQLite's ``synchronous`` is FULL on every connection (settings.SQLITE_OPTIONS' ``init_command``): a commit
is on the disk before anyone is told it is done. What the organiser does (a new QR code, a late arrival,
a result set by hand, the admin, ``whistdrive restore`` and ``import_event``) is acknowledged on the screen
and nobody would send it again, so it must survive a power cut. FULL is the default rather than the
exception so that every new page, command or background write is durable without anyone listing it.

The phones' requests under /t/ are the one exception (``settings.SQLITE_PHONES_SYNCHRONOUS``, NORMAL unless
``WHISTDRIVE_SQLITE_SYNCHRONOUS`` says FULL): a phone keeps every entry and agreement until the laptop's
last backup holds it and sends it again to a laptop that lost it (kept.js), and a seat it chose is tapped
again. They are nearly every write of a busy hall's peak, and syncing each of them put the entries' p95
over 300 ms there (docs/robustness.md, "Restart, and a power cut"). A call to the organiser is not kept by
the phone: it commits at FULL with the organiser's writes.
"""

from __future__ import annotations

import re

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, HttpResponse

PHONES = re.compile(r"^/t/[^/]+/(?!call/)")


class PhonesSynchronous:
    """Middleware: a phone's request (``PHONES``) commits at ``settings.SQLITE_PHONES_SYNCHRONOUS`` on its
    thread's connection, which is back at FULL once the answer is made."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if connection.vendor != "sqlite" or not PHONES.match(request.path_info):
            return self.get_response(request)
        # Our SQLite backend's (whistdrive/store/sqlite3/base.py); django-stubs types the connection as the base one.
        with connection.synchronous(settings.SQLITE_PHONES_SYNCHRONOUS):  # type: ignore[attr-defined]
            return self.get_response(request)
