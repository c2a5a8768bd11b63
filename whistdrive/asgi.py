"""The application ``rundrive``'s server runs (whistdrive/serving.py): Django, and the phones' pushed updates.

A table's events URL (whistdrive/push.py) is a stream held open for as long as the phone's page is: it is
answered here, on the event loop, where 1,200 of them cost only their sockets. Everything else is
Django's WSGI application, run in a pool of threads (a2wsgi), as under any WSGI server: its views, the
database connections per thread and the middleware are those every test runs. (Django's own ASGI
handler runs the same sync views through several hand-overs between the loop and threads: measured
at 3.8 ms of CPU a request against 1.4 ms here, docs/benchmarks.md.)

A body declared larger than ``MAX_REQUEST_BYTES`` is refused (413) before any of it is read.

For a hosted install: ``uvicorn whistdrive.asgi:application`` (with ``--workers N``) serves the same,
with pushed updates; under a WSGI server (``whistdrive.wsgi``) the phones poll.
"""

from __future__ import annotations

import os
import time
from urllib.parse import parse_qs

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")
django.setup()

from a2wsgi import WSGIMiddleware  # noqa: E402
from django.conf import settings  # noqa: E402
from django.core.handlers.wsgi import WSGIHandler  # noqa: E402

from whistdrive import push  # noqa: E402
from whistdrive.limits import too_large  # noqa: E402
from whistdrive.phones import pushed_player  # noqa: E402


class Application:
    def __init__(self, threads: int):
        # Django's handler returns its response, an iterable of bytes; its stubs say only HttpResponseBase.
        self.django = WSGIMiddleware(WSGIHandler(), workers=threads)  # type: ignore[arg-type]

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        if scope["type"] != "http":
            return  # no websockets here
        if scope["method"] == "GET" and (match := push.EVENTS_PATH.match(scope["path"])):
            await push.stream(match.group(1), _pushed_player(scope), receive, send)
            return
        if _declared_length(scope) > settings.MAX_REQUEST_BYTES:
            await _refuse_too_large(send)
            return
        await self.django(scope, receive, send)

    def finish(self, within: float) -> bool:
        """After the server has stopped: Django's threads end their requests, within ``within`` seconds.
        False when one cannot: it was answering as the event loop stopped, and waits for the loop to send
        its answer, for ever (the process must then be ended without it)."""
        executor = self.django.executor
        executor.shutdown(wait=False, cancel_futures=True)
        threads = list(getattr(executor, "_threads", ()))
        deadline = time.monotonic() + within
        for thread in threads:
            thread.join(max(0.0, deadline - time.monotonic()))
        return not any(thread.is_alive() for thread in threads)

    async def _lifespan(self, receive, send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                push.hub.start()
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await push.hub.stop()
                await send({"type": "lifespan.shutdown.complete"})
                return


def _pushed_player(scope) -> int | None:
    """The player a stream's ``?as=`` names (signed by the page: phones.push_as)."""
    signed = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("as")
    return pushed_player(signed[0]) if signed else None


def _declared_length(scope) -> int:
    for name, value in scope["headers"]:
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return 0
    return 0


async def _refuse_too_large(send) -> None:
    page = too_large()
    headers = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in page.items()]
    await send({"type": "http.response.start", "status": 413, "headers": headers})
    await send({"type": "http.response.body", "body": page.content})


application = Application(settings.WAITRESS_THREADS)
