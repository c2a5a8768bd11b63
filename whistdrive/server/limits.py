"""A limit on request bodies, whichever server runs WhistDrive (413 above it).

``rundrive``'s server (uvicorn, whistdrive/server/asgi.py) refuses a body over ``MAX_REQUEST_BYTES`` itself,
before reading it; a hosted install's front server should too (docs/robustness.md: nginx's
``client_max_body_size``). This middleware is the last line: Django never reads (or spools to
disk) a body whose declared length is over the limit. Found by trying: 1 GB bodies were taken from
anyone, written to disk before the 403, and on a small disk one upload made 65 of 100 phone posts fail.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.template import loader


class BodyLimit:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > settings.MAX_REQUEST_BYTES:
            return too_large()
        return self.get_response(request)


def too_large() -> HttpResponse:
    """The 413 page, drawn without the request: nothing of its body, session or user is read."""
    page = loader.get_template("413.html").render({"largest_mb": settings.MAX_REQUEST_BYTES // (1024 * 1024) - 1})
    response = HttpResponse(page, status=413)
    response["Connection"] = "close"  # the rest of the body is not read: the connection cannot be reused
    return response
