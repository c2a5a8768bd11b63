"""The application ``rundrive``'s server runs (whistdrive/server/serving.py): Django, and the phones' pushed updates.

A table's events URL (whistdrive/server/push.py) is a stream held open for as long as the phone's page is: it is
answered here, on the event loop, where 1,200 of them cost only their sockets. Everything else is
Django's WSGI application, run in a pool of threads (a2wsgi), as under any WSGI server: its views, the
database connections per thread and the middleware are those every test runs. (Django's own ASGI
handler runs the same sync views through several hand-overs between the loop and threads: measured
at 3.8 ms of CPU a request against 1.4 ms here, docs/benchmarks.md.) Each answer is handed back to the
loop in one piece (``Responder``), not in a2wsgi's three.

A body declared larger than ``MAX_REQUEST_BYTES`` is refused (413) before any of it is read. Any other
is read here in full, on the event loop, before a thread is given the request (``read_body``), within
``WHISTDRIVE_BODY_DEADLINE`` seconds of the request's start (408 and the connection closed past it): a2wsgi
gives the thread the body as it arrives, so 16 posts sending a byte now and then held every thread and every
phone timed out. A phone's body comes whole in the request's first message: that costs one await, no more.

For a hosted install: ``uvicorn whistdrive.asgi:application`` (with ``--workers N``) serves the same,
with pushed updates; under a WSGI server (``whistdrive.wsgi``) the phones poll. A hosted worker told to stop
(SIGTERM, as ``systemctl restart`` sends) ends its phones' streams at once, asking them to come back within
a quarter of a second (to another worker, through nginx): uvicorn would otherwise wait for every stream to
close before it stops, and no ASGI message says that a stop has begun (``_end_streams_on_stop_signals``).
"""

from __future__ import annotations

import gc
import io
import logging
import os
import signal
import tempfile
import threading
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

from whistdrive.evening.phones.pushes import pushed_player  # noqa: E402
from whistdrive.server import push  # noqa: E402
from whistdrive.server.addresses import forwarded_address  # noqa: E402
from whistdrive.server.limits import too_large  # noqa: E402

log = logging.getLogger("whistdrive.server.serving")


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
            await push.stream(match.group(1), _pushed_player(scope), client_address(scope), receive, send)
            return
        if _declared_length(scope) > settings.MAX_REQUEST_BYTES:
            await _refuse_too_large(send)
            return
        body = None
        if _has_body(scope):
            try:
                body = await read_body(receive, settings.WHISTDRIVE_BODY_DEADLINE)
            except TooSlow:
                await _refuse_too_slow(scope, send)
                return
            except TooLarge:
                await _refuse_too_large(send)
                return
            if body is None:
                return  # the phone went before its body came
        await Responder(self.django, self.executor, SEND_QUEUE, body)(scope, receive, send)

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
                _end_streams_on_stop_signals(asyncio.get_running_loop())
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                await push.hub.stop()
                await send({"type": "lifespan.shutdown.complete"})
                return


def _end_streams_on_stop_signals(loop: asyncio.AbstractEventLoop) -> None:
    """When the server is told to stop (SIGTERM, SIGINT), the phones' streams end first, each asking its phone to
    come back soon (``push.Hub.end_streams``); then the server's own handler stops it, with no stream to wait for.

    uvicorn (and gunicorn's uvicorn worker) installs its handlers before the application's lifespan starts, so
    they are here to chain to; a signal with no handler of the server's (the default, or ignored) is left alone,
    as is ``rundrive``'s server, which ends the streams itself (``serving.HallServer.shutdown``). Checked by
    tests/foundation/test_a_hosted_worker_restarts_without_stalling.py under plain uvicorn."""
    if threading.current_thread() is not threading.main_thread():
        return  # signals are the main thread's only; a server run in another thread stops otherwise
    for number in (signal.SIGTERM, signal.SIGINT):
        servers = signal.getsignal(number)
        if not callable(servers):
            continue

        def stop(signum, frame, servers=servers) -> None:
            loop.call_soon_threadsafe(push.hub.end_streams, True)
            servers(signum, frame)

        signal.signal(number, stop)


SEND_QUEUE = 10  # messages a response may have waiting for the loop (a2wsgi's default)
HAND_OVER_BYTES = 64 * 1024  # a longer body (a PDF, a static file) is handed to the loop in pieces of this size


class Responder(WSGIResponder):
    """a2wsgi's, given the request's body already read (``read_body``) and handing a response to the event
    loop in one piece: the head and the body together.

    a2wsgi hands each message over as Django's thread makes it, and waits for the loop to take it: the head,
    the body (Django gives a page's body as one piece) and the empty piece that ends it, three hand-overs of
    some 50 µs of CPU each (a task on the loop, a wake-up of each side: docs/benchmarks.md). Here they are
    held and handed over together when the response ends, or when ``HAND_OVER_BYTES`` of body are held, so a
    long body still goes out piece by piece, the thread waiting for a slow phone as a2wsgi's own does."""

    def __init__(self, app, executor, send_queue_size: int, body: io.IOBase | None = None) -> None:
        super().__init__(app, executor, send_queue_size)
        self.body = body
        self.held: list[dict] = []
        self.held_bytes = 0

    def wsgi(self, environ, start_response) -> None:  # in Django's thread
        # The body read on the loop, instead of a2wsgi's, which asks the loop for each piece as Django reads.
        if self.body is not None:
            environ["wsgi.input"] = self.body
            environ.setdefault("CONTENT_LENGTH", str(self.body.seek(0, io.SEEK_END)))  # a chunked body's
            self.body.seek(0)
        try:
            super().wsgi(environ, start_response)
        finally:
            if self.body is not None:
                self.body.close()

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
    """The player a stream's ``?as=`` names (signed by the page: pushes.push_as)."""
    signed = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("as")
    return pushed_player(signed[0]) if signed else None


class TooSlow(Exception):
    """The body did not all come within the deadline."""


class TooLarge(Exception):
    """The body (sent in chunks, its length not declared) grew past ``MAX_REQUEST_BYTES``."""


async def read_body(receive, deadline: float) -> io.IOBase | None:
    """The request's whole body, read within ``deadline`` seconds (a file at its start); None when the phone
    went first. Held in memory up to Django's FILE_UPLOAD_MAX_MEMORY_SIZE, in a temporary file beyond it (an
    archive upload), as Django's own ASGI handler holds it."""
    try:
        async with asyncio.timeout(deadline):
            message = await receive()
            if message["type"] == "http.disconnect":
                return None
            if not message.get("more_body", False):
                return io.BytesIO(message.get("body", b""))  # a phone's post: whole, in its first message
            body = tempfile.SpooledTemporaryFile(max_size=settings.FILE_UPLOAD_MAX_MEMORY_SIZE)
            try:
                body.write(message.get("body", b""))
                while message.get("more_body", False):
                    message = await receive()
                    if message["type"] == "http.disconnect":
                        body.close()
                        return None
                    body.write(message.get("body", b""))
                    if body.tell() > settings.MAX_REQUEST_BYTES:
                        raise TooLarge
            except BaseException:
                body.close()
                raise
    except TimeoutError:
        raise TooSlow from None
    body.seek(0)
    return body


def _has_body(scope) -> bool:
    """Whether the request says it has a body (a length, or chunks); a GET says neither."""
    return any(name in (b"content-length", b"transfer-encoding") for name, _ in scope["headers"])


async def _refuse_too_slow(scope, send) -> None:
    client = scope.get("client")
    log.warning("Closed a request whose body did not all come within %s s (from %s)",
                settings.WHISTDRIVE_BODY_DEADLINE, client[0] if client else "?")  # fmt: skip
    page = b"The request took too long to arrive. Try again."
    headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", b"%d" % len(page))]
    await send({"type": "http.response.start", "status": 408, "headers": [*headers, (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": page})


def client_address(scope) -> str:
    """The address the per-address limits count (addresses.forwarded_address, as for Django's requests)."""
    client = scope.get("client")
    forwarded = b",".join(value for name, value in scope["headers"] if name == b"x-forwarded-for")
    return forwarded_address(client[0] if client else "unknown", forwarded.decode("latin-1"))


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


application = Application(settings.SERVER_THREADS)
