"""The application ``rundrive``'s server runs (whistdrive/serving.py): Django, and the phones' pushed updates.

A table's events URL (whistdrive/push.py) is a stream held open for as long as the phone's page is: it is
answered here, on the event loop, where 1,200 of them cost only their sockets. Everything else is
Django's WSGI application, run in a pool of threads (a2wsgi), as under any WSGI server: its views, the
database connections per thread and the middleware are those every test runs. (Django's own ASGI
handler runs the same sync views through several hand-overs between the loop and threads: measured
at 3.8 ms of CPU a request against 1.4 ms here, docs/benchmarks.md.) Each answer is handed back to the
loop in one piece (``Responder``), not in a2wsgi's three.

A body declared larger than ``MAX_REQUEST_BYTES`` is refused (413) before any of it is read.

For a hosted install: ``uvicorn whistdrive.asgi:application`` (with ``--workers N``) serves the same,
with pushed updates; under a WSGI server (``whistdrive.wsgi``) the phones poll.
"""

from __future__ import annotations

import gc
import os
import time
from urllib.parse import parse_qs

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")
django.setup()

import asyncio  # noqa: E402
from concurrent.futures import ThreadPoolExecutor  # noqa: E402

from a2wsgi.wsgi import WSGIResponder  # noqa: E402
from django.conf import settings  # noqa: E402
from django.core.handlers.wsgi import WSGIHandler  # noqa: E402

from whistdrive import push  # noqa: E402
from whistdrive.limits import too_large  # noqa: E402
from whistdrive.phones import pushed_player  # noqa: E402


class Application:
    def __init__(self, threads: int):
        self.django = WSGIHandler()
        self.executor = ThreadPoolExecutor(thread_name_prefix="WSGI", max_workers=threads)  # as a2wsgi's own

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
        await Responder(self.django, self.executor, SEND_QUEUE)(scope, receive, send)

    def finish(self, within: float) -> bool:
        """After the server has stopped: Django's threads end their requests, within ``within`` seconds.
        False when one cannot: it was answering as the event loop stopped, and waits for the loop to send
        its answer, for ever (the process must then be ended without it)."""
        executor = self.executor
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
                settle_the_heap()
                push.hub.start()
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await push.hub.stop()
                await send({"type": "lifespan.shutdown.complete"})
                return


SEND_QUEUE = 10  # messages a response may have waiting for the loop (a2wsgi's default)
HAND_OVER_BYTES = 64 * 1024  # a longer body (a PDF, a static file) is handed to the loop in pieces of this size


class Responder(WSGIResponder):
    """a2wsgi's, handing a response to the event loop in one piece: the head and the body together.

    a2wsgi hands each message over as Django's thread makes it, and waits for the loop to take it: the head,
    the body (Django gives a page's body as one piece) and the empty piece that ends it, three hand-overs of
    some 50 µs of CPU each (a task on the loop, a wake-up of each side: docs/benchmarks.md). Here they are
    held and handed over together when the response ends, or when ``HAND_OVER_BYTES`` of body are held, so a
    long body still goes out piece by piece, the thread waiting for a slow phone as a2wsgi's own does."""

    def __init__(self, *args) -> None:
        super().__init__(*args)
        self.held: list[dict] = []
        self.held_bytes = 0

    def send(self, message) -> None:  # in Django's thread
        self.held.append(message)
        self.held_bytes += len(message.get("body", b""))
        ends = message["type"] == "http.response.body" and not message.get("more_body", False)
        if ends or self.held_bytes >= HAND_OVER_BYTES:
            held, self.held, self.held_bytes = joined(self.held), [], 0
            asyncio.run_coroutine_threadsafe(self._put(held), loop=self.loop).result()

    async def _put(self, messages: list[dict]) -> None:
        for message in messages:
            await self.send_queue.put(message)


def joined(messages: list[dict]) -> list[dict]:
    """The messages with their pieces of body made one: the head (if among them), then the body."""
    head = [message for message in messages if message["type"] != "http.response.body"]
    pieces = [message for message in messages if message["type"] == "http.response.body"]
    if not pieces:
        return head
    body = {"type": "http.response.body", "body": b"".join(piece.get("body", b"") for piece in pieces)}
    body["more_body"] = pieces[-1].get("more_body", False)
    return [*head, body]


# Python's garbage collector looks at every object the process holds in a full pass. A 300-table hall's
# server holds some 300,000 (Django, the streams, the pages kept for the tables): at the peak of a hand's
# end it made three or four full passes of 0.17-0.27 s each, holding every request meanwhile; with the
# passes of the younger objects, a ninth of the server's CPU (docs/benchmarks.md, "The garbage collector").
FULL_PASS_EVERY = 100  # younger passes between full ones (Python's own: 10)


def settle_the_heap() -> None:
    """At the server's start: what it holds already (Django, its apps, the URLs) is left out of every
    later pass (``gc.freeze``), and full passes come ten times less often. Objects that become garbage
    in cycles are still collected, by the younger passes or, later, a full one."""
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_PASS_EVERY)


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
