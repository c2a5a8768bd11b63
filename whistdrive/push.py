"""Pushed updates: a phone hears the moment its table's page changes, instead of asking every few seconds.

Each table page opens one server-sent-events stream (``/t/<token>/events/``). The stream carries the
table's shared version (``phones.load``: the same version a poll compares), first when it opens and
then whenever it changes; the page fetches its fragment only when the version it shows is not the
one pushed (static/whistdrive/push.js). While the stream is open the page does not poll; when it
cannot be opened (a server that cannot hold open streams answers 204, see ``views.table.events``) or
drops, the page polls as before.

One ``Hub`` per server process watches the database, not the requests: every ``CHECK_EVERY`` seconds
it reads the revisions of the tables of the evenings that have phones listening (one query), and
works out afresh the version of each listened-to table that a change may touch (its own table, its
evening, or a table its agreed page waits on). So a change written by any process (another worker,
the organiser's pages, a hosted install's other servers) reaches the phones, and 1,200 idle streams
cost nothing but their sockets and a comment every ``HEARTBEAT`` seconds.

The database is read in one thread of the hub's own (Django's connections belong to a thread), never
on the event loop.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from django.db import close_old_connections

log = logging.getLogger("whistdrive.push")

EVENTS_PATH = re.compile(r"^/t/([A-Za-z0-9_-]{1,64})/events/$")
CHECK_EVERY = 0.25  # seconds between the hub's looks at the revisions
HEARTBEAT = 25  # seconds between comments on an idle stream: keeps it open through the hall's router
RETRY_MS = 3000  # how soon a phone's browser opens the stream again after it drops

Receive = Callable[[], Awaitable[dict]]
Send = Callable[[dict], Awaitable[None]]


@dataclass
class Hub:
    """The streams open in this process, by table token, and what each was last told."""

    listeners: dict[str, set[asyncio.Queue]] = field(default_factory=dict)
    told: dict[str, str] = field(default_factory=dict)
    seen: dict = field(default_factory=dict)  # token -> phones.Seen, as last looked at
    stamp: tuple = ()  # phones.evenings_stamp at that look
    executor: ThreadPoolExecutor = field(default_factory=lambda: ThreadPoolExecutor(1, thread_name_prefix="push"))
    task: asyncio.Task | None = None

    def start(self) -> None:
        if self.task is None:
            self.task = asyncio.get_running_loop().create_task(self._watch())

    def end_streams(self) -> None:
        """Every open stream ends (the server is stopping: a phone's browser will open it again)."""
        for queues in self.listeners.values():
            for queue in queues:
                queue.put_nowait(None)

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)
            self.task = None
        self.end_streams()
        self.executor.shutdown(wait=False)

    async def _in_thread(self, fn, *args):
        return await asyncio.get_running_loop().run_in_executor(self.executor, fn, *args)

    async def join(self, token: str) -> asyncio.Queue | None:
        """A queue of this table's versions, starting with the current one; None when no table has it."""
        version = await self._in_thread(_version_now, token)
        if version is None:
            return None
        queue: asyncio.Queue = asyncio.Queue()
        queue.put_nowait(version)
        self.listeners.setdefault(token, set()).add(queue)
        self.told.setdefault(token, version)
        return queue

    def leave(self, token: str, queue: asyncio.Queue) -> None:
        queues = self.listeners.get(token)
        if queues is not None:
            queues.discard(queue)
            if not queues:
                del self.listeners[token]
                self.told.pop(token, None)

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(CHECK_EVERY)
            if not self.listeners:
                self.seen.clear()
                self.stamp = ()
                continue
            try:
                changed = await self._in_thread(self._changes, list(self.listeners))
            except Exception:  # a locked or lost database: the phones' own polls carry on meanwhile
                log.exception("Pushed updates could not read the tables; trying again")
                continue
            for token, version in changed.items():
                self.told[token] = version
                for queue in self.listeners.get(token, ()):
                    queue.put_nowait(version)

    def _changes(self, tokens: list[str]) -> dict[str, str]:
        """The listened-to tables whose version is not what their phones were last told (in the hub's thread).

        One query reads the evenings' tables; a table not agreed has its version worked out from it, an
        agreed one (whose page also waits on other tables' results) is loaded as a phone's poll loads it,
        when it or a table it waits on moved.
        """
        from whistdrive import phones

        close_old_connections()
        stamp = phones.evenings_stamp(tokens)
        if stamp == self.stamp and set(tokens) <= self.seen.keys():
            return {}  # nothing written at these evenings since the last look
        self.stamp = stamp
        now = phones.tables_of_evenings(tokens)
        before, self.seen = self.seen, now
        new_results = {seen.pk for token, seen in now.items() if token in before and before[token].results != seen.results}
        out = {}
        for token in tokens:
            seen = now.get(token)
            if seen is None:
                continue
            moved = token not in before or before[token].revisions != seen.revisions
            if seen.shared is not None:
                version: str | None = seen.shared
            elif moved or phones.waits_on_any(token, new_results):
                version = _version_now(token)
            else:
                continue
            if version is not None and version != self.told.get(token):
                out[token] = version
        return out


def _version_now(token: str) -> str | None:
    from whistdrive import phones

    loaded = phones.load(token, set())
    return None if loaded is None else loaded.shared


hub = Hub()


async def stream(token: str, receive: Receive, send: Send) -> None:
    """The ASGI answer to a table's events URL: the table's versions as server-sent events, until the
    phone goes."""
    queue = await hub.join(token)
    if queue is None:
        await send({"type": "http.response.start", "status": 404, "headers": [(b"content-type", b"text/plain")]})
        await send({"type": "http.response.body", "body": b"No such table."})
        return
    try:
        await send(
            {
                "type": "http.response.start",
                "status": 200,
                "headers": [
                    (b"content-type", b"text/event-stream; charset=utf-8"),
                    (b"cache-control", b"no-store"),
                    (b"x-content-type-options", b"nosniff"),
                    (b"x-accel-buffering", b"no"),  # a front server passes each event on at once
                ],
            }
        )
        await send({"type": "http.response.body", "body": f"retry: {RETRY_MS}\n\n".encode(), "more_body": True})
        gone = asyncio.ensure_future(_gone(receive))
        try:
            while not gone.done():
                getting = asyncio.ensure_future(queue.get())
                done, _ = await asyncio.wait({getting, gone}, timeout=HEARTBEAT, return_when=asyncio.FIRST_COMPLETED)
                if getting not in done:
                    getting.cancel()
                    if gone.done():
                        break
                    await send({"type": "http.response.body", "body": b": still here\n\n", "more_body": True})
                    continue
                version = getting.result()
                if version is None:  # the server is stopping
                    break
                await send({"type": "http.response.body", "body": f"data: {version}\n\n".encode(), "more_body": True})
        finally:
            gone.cancel()
        await send({"type": "http.response.body", "body": b""})
    except OSError:
        pass  # the phone went while being told
    finally:
        hub.leave(token, queue)


async def _gone(receive: Receive) -> None:
    while (await receive())["type"] != "http.disconnect":
        pass
