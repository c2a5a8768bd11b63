"""Pushed updates: a phone hears the moment its table's page changes, instead of asking every few seconds.

Each table page opens one server-sent-events stream (``/t/<token>/events/?as=<its player, signed>``).
The stream carries the table's shared version (``versions.load``: the same version a poll compares),
first when it opens and then whenever it changes. When the phone's player sits at the table, a change
comes as the page itself (a ``page`` event: the fragment the phone would fetch, drawn once a seat,
``pushes.pushed_pages``), and the phone swaps it in with no request at all; otherwise as the
version (a plain message), and the page fetches its fragment when the version it shows is not the one
pushed (static/whistdrive/push.js). While the stream is open the page does not poll; when it cannot be
opened (a server that cannot hold open streams answers 204, see ``views.table.events``) or drops, the
page polls as before.

One ``Hub`` per server process watches the database, not the requests: every ``CHECK_EVERY`` seconds
it reads the revisions of the tables of the evenings that have phones listening (one query), and
works out afresh the version of each listened-to table that a change may touch (its own table, its
evening, or a table its agreed page waits on). So a change written by any process (another worker,
the organiser's pages, a hosted install's other servers) reaches the phones, and 1,200 idle streams
cost nothing but their sockets and a beat every ``HEARTBEAT`` seconds (``BEAT``).

The database is read in one thread of the hub's own (Django's connections belong to a thread), never
on the event loop.

A guest with many addresses could fill the server's connections with streams (130 addresses × 32 filled the
4,000), so ``Streams`` caps them: ``WHISTDRIVE_STREAMS_PER_TABLE`` on a table and
``WHISTDRIVE_STREAMS_PER_ADDRESS`` from one address (an extra one is answered 429, and its page polls),
a token that cannot be a table's is refused before it is looked up, and a stream pushed nothing for
``WHISTDRIVE_STREAM_IDLE_SECONDS`` ends (its page's browser opens it again, and the page fetches: push.js).
The organiser's live page shows the streams open by address (``Streams.now``). Each server process counts its own.
"""

from __future__ import annotations

import asyncio
import logging
import re
import threading
from collections import Counter
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace

from django.conf import settings
from django.db import close_old_connections

from whistdrive.evening.phones import pushes, versions
from whistdrive.store import rows

log = logging.getLogger("whistdrive.server.push")

EVENTS_PATH = re.compile(r"^/t/([A-Za-z0-9_-]{1,64})/events/$")
CHECK_EVERY = 0.25  # seconds between the hub's looks at the revisions
AWAIT_EVERY = 0.05  # seconds between looks for pages another server process is drawing
AWAIT_AT_MOST = 0.5  # seconds; then this process draws them itself (the other may have stopped)
HEARTBEAT = 25  # seconds between beats on an idle stream: keeps it open through the hall's router
# A beat is an event, not a comment (a browser hands a page no comments): it names the seconds between beats,
# and a page that hears nothing for some beats takes its stream for dead and opens another (push.js). A phone
# asleep long enough for the laptop to give its connection up keeps a stream that says nothing, ever.
BEAT = f"event: beat\ndata: {HEARTBEAT}\n\n".encode()
RETRY_MS = 3000  # how soon a phone's browser opens the stream again after it drops
COME_BACK_MS = 250  # how soon, when this server process is stopping: another serves it (a hosted restart)
IDLE = b"event: idle\ndata: reopen\n\n"  # the last event of a stream ended for being idle (no page acts on it)
IDLE_SLACK = 0.05  # seconds: the loop's timers may wake this much early
TOKEN = re.compile(r"^[A-Za-z0-9_-]{43}$")  # tokens.new_token's: any other cannot be a table's

Receive = Callable[[], Awaitable[dict]]
Send = Callable[[dict], Awaitable[None]]


@dataclass(frozen=True)
class StreamsNow:
    """What the live page shows of the streams open in this process."""

    total: int
    devices: int
    busiest: list[tuple[str, int]]  # the addresses holding the most, with how many, most first
    refused: int  # streams refused since the server started (over a cap)


@dataclass
class Streams:
    """The streams open in this process by table token and by address, against their caps (the settings);
    read by the live page's thread, changed on the event loop."""

    by_table: Counter = field(default_factory=Counter)
    by_address: Counter = field(default_factory=Counter)
    refused: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def admit(self, token: str, address: str) -> bool:
        """Count a stream of the table with ``token`` from ``address``; False (counted as refused) past a cap."""
        per_address, per_table = settings.WHISTDRIVE_STREAMS_PER_ADDRESS, settings.WHISTDRIVE_STREAMS_PER_TABLE
        with self.lock:
            if (per_address and self.by_address[address] >= per_address) or (
                per_table and self.by_table[token] >= per_table
            ):
                self.refused += 1
                return False
            self.by_table[token] += 1
            self.by_address[address] += 1
            return True

    def release(self, token: str, address: str) -> None:
        with self.lock:
            for counts, key in ((self.by_table, token), (self.by_address, address)):
                counts[key] -= 1
                if counts[key] <= 0:
                    del counts[key]

    def now(self, busiest: int = 3) -> StreamsNow:
        with self.lock:
            total = sum(self.by_address.values())
            return StreamsNow(total, len(self.by_address), self.by_address.most_common(busiest), self.refused)


@dataclass
class Hub:
    """The streams open in this process, by table token, and what each was last told."""

    listeners: dict[str, dict[asyncio.Queue, int | None]] = field(default_factory=dict)  # token -> queue -> player
    evenings: dict[str, int] = field(default_factory=dict)  # token -> its table's event id, as it joined
    told: dict[str, str] = field(default_factory=dict)
    seen: dict = field(default_factory=dict)  # token -> versions.Seen, as last looked at
    awaiting: dict = field(default_factory=dict)  # token -> (Told, versions.Loaded | None, since): drawn elsewhere
    stamp: tuple = ()  # rows.evenings_stamp at that look
    executor: ThreadPoolExecutor = field(default_factory=lambda: ThreadPoolExecutor(1, thread_name_prefix="push"))
    task: asyncio.Task | None = None
    streams: Streams = field(default_factory=Streams)

    def start(self) -> None:
        if self.task is None:
            self.task = asyncio.get_running_loop().create_task(self._watch())

    def end_streams(self, come_back_soon: bool = False) -> None:
        """Every open stream ends (the server is stopping: a phone's browser will open it again, after
        ``COME_BACK_MS`` when ``come_back_soon``, else after the stream's ``RETRY_MS``)."""
        for queues in self.listeners.values():
            for queue in queues:
                if come_back_soon:
                    queue.put_nowait(COME_BACK)
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

    async def join(self, token: str, player: int | None = None) -> asyncio.Queue | None:
        """A queue of what to tell a phone of ``player`` (None: a phone with no player) at this table:
        ``Told`` each, starting with the current version; None when no table has the token."""
        joined = await self._in_thread(_version_now, token)
        if joined is None:
            return None
        now, evening = joined
        queue: asyncio.Queue = asyncio.Queue()
        queue.put_nowait(now)
        self.listeners.setdefault(token, {})[queue] = player
        self.evenings[token] = evening
        self.told.setdefault(token, now.version)
        return queue

    def listens_to(self, token: str) -> bool:
        """Whether a phone of the table with ``token`` has its stream open in this process."""
        return token in self.listeners

    def leave(self, token: str, queue: asyncio.Queue) -> None:
        queues = self.listeners.get(token)
        if queues is not None:
            queues.pop(queue, None)
            if not queues:
                del self.listeners[token]
                self.told.pop(token, None)
                self.evenings.pop(token, None)

    async def _watch(self) -> None:
        clock = asyncio.get_running_loop().time
        looked = 0.0
        while True:
            await asyncio.sleep(AWAIT_EVERY if self.awaiting else CHECK_EVERY)
            if not self.listeners:
                self.seen.clear()
                self.stamp = ()
                self.awaiting.clear()
                continue
            changed: dict[str, tuple[Told, versions.Loaded | None]] = {}
            if clock() - looked >= CHECK_EVERY - AWAIT_EVERY / 2:
                looked = clock()
                try:
                    listened = {token: self.evenings[token] for token in self.listeners}
                    changed = await self._in_thread(self._changes, listened)
                except Exception:  # a locked or lost database: the phones' own polls carry on meanwhile
                    log.exception("Pushed updates could not read the tables; trying again")
                    continue
            await self._tell(changed, clock)

    async def _tell(self, changed: dict[str, tuple[Told, versions.Loaded | None]], clock: Callable[[], float]) -> None:
        """Tell the phones of each ``changed`` table, and of each table whose pages another process was drawing
        (``pushes.pushed_pages``' ``leave_to_others``), its version now, with the pages of those who sit there.

        Each table's phones are told as soon as its pages are drawn, not when the whole hall's are (a correction
        changes every table's totals at once). A table another process is drawing waits for its pages to be
        published, looked for every ``AWAIT_EVERY``, and is drawn here after ``AWAIT_AT_MOST``."""
        waited, self.awaiting = self.awaiting, {}
        again = {token: (now, loaded) for token, (now, loaded, _) in waited.items() if token in self.listeners}
        for token, (now, loaded) in {**again, **changed}.items():
            if now == GONE:
                self._end(token)
                continue
            players = {p for p in self.listeners.get(token, {}).values() if p is not None}
            at = clock()
            began = waited[token][2] if token in again and again[token][0] == now else at
            leave = at - began < AWAIT_AT_MOST
            drawn = await self._in_thread(_pages, token, now, players, loaded, leave) if players else (now, {})
            if drawn is None:
                self.awaiting[token] = (now, loaded, began)
                continue
            told, pages = drawn
            if told is None:
                continue
            self.told[token] = told.version
            for queue, player in self.listeners.get(token, {}).items():
                queue.put_nowait(replace(told, page=pages[player]) if player in pages else told)

    def _end(self, token: str) -> None:
        """The phones of a token that no table has now (the organiser issued the table a new QR code) are told
        ``GONE`` (no page has it: the phone fetches its page, which says why) and their streams end (opened
        again, a browser is refused, and the page polls as without a stream)."""
        for queue in self.listeners.get(token, {}):
            queue.put_nowait(GONE)
            queue.put_nowait(None)

    def _changes(self, evenings: dict[str, int]) -> dict[str, tuple[Told, versions.Loaded | None]]:
        """The listened-to tables (token -> event id) whose version is not what their phones were last told (in
        the hub's thread), each with the table as loaded for it, when it was; ``GONE`` for a token that no table
        of its evening has now.

        One query reads the evenings' tables; a table not agreed has its version worked out from it, and so
        has an agreed one (whose page also waits on other tables' results) when it or a table it waits on
        moved, once what it waits on is known (``versions.agreed_version``). Until then it is loaded as a
        phone's poll loads it, and its pages are drawn from that load, not a second one. So a process whose
        hub leaves a table's pages to another (``pushes.pushed_pages``) reads nothing of that table.
        """
        close_old_connections()
        ids = sorted(set(evenings.values()))
        stamp = rows.evenings_stamp(ids)
        if stamp == self.stamp and evenings.keys() <= self.seen.keys():
            return {}  # nothing written at these evenings since the last look
        self.stamp = stamp
        now = versions.tables_of_evenings(ids, self.seen)
        before, self.seen = self.seen, now
        new_results = {
            seen.pk for token, seen in now.items() if token in before and before[token].results != seen.results
        }
        looked = {seen.pk: seen for seen in now.values()}
        out: dict[str, tuple[Told, versions.Loaded | None]] = {}
        for token in evenings:
            seen = now.get(token)
            if seen is None:
                out[token] = (GONE, None)
                continue
            moved = token not in before or before[token].revisions != seen.revisions
            loaded = None
            shared = seen.shared
            if shared is None and (moved or versions.waits_on_any(token, new_results)):
                shared = versions.agreed_version(token, seen, looked)
                if shared is None:  # its waits not known yet: read as a phone's poll reads it, which learns them
                    loaded = versions.load(token, set())
            if shared is not None:
                revision, event_revision = seen.revisions[:2]
                told: Told | None = Told(shared, versions.revisions_of(event_revision, revision))
            elif loaded is not None:
                told = _told(loaded)
            else:
                continue
            if told is not None and told.version != self.told.get(token):
                out[token] = (told, loaded)
        return out


def _pages(
    token: str, now: Told, players: set[int], loaded: versions.Loaded | None = None, leave_to_others: bool = False
) -> tuple[Told | None, dict[int, str]] | None:
    """The table's version now (``loaded``'s when given) and, for the listening ``players`` who sit at it,
    their pages (in the hub's thread); ``now`` (no pages) when they cannot be drawn; a None version when
    the table has gone. With ``leave_to_others``, None when another server process is drawing them."""
    try:
        drawn = pushes.pushed_pages(token, players, loaded, now.version, leave_to_others=leave_to_others)
    except Exception:  # its phones are told the version, and fetch their pages
        log.exception("The pushed page of a table could not be drawn; telling its version")
        return now, {}
    if isinstance(drawn, str):  # pushes.DRAWN_ELSEWHERE
        return None
    if drawn is None:
        return None, {}
    version, revisions, pages = drawn
    return Told(version, revisions), pages


def _version_now(token: str) -> tuple[Told, int] | None:
    """The table's version now and its evening (event id); None when no table has the token."""
    loaded = versions.load(token, set())
    told = _told(loaded)
    return None if loaded is None or told is None else (told, loaded.table.event_id)


def _told(loaded: versions.Loaded | None) -> Told | None:
    if loaded is None:
        return None
    return Told(loaded.shared, versions.revisions_of(loaded.table.event.revision, loaded.table.revision))


@dataclass(frozen=True)
class Told:
    """What a phone's stream is told: the table's version, and the page at it (with its revisions, the
    event's and the table's, by which the phone tells an older page from a newer) when there is one."""

    version: str
    revisions: str = ""
    page: str = ""

    def as_event(self) -> bytes:
        if self == COME_BACK:
            return f"retry: {COME_BACK_MS}\n\n".encode()
        head = f"{self.version} {self.revisions}".strip()
        if not self.page:
            return f"data: {head}\n\n".encode()
        # Each of the page's lines a data line. An event's lines end at CR LF, LF or CR (the format's own
        # rule), and the phone's browser joins its data lines with LF: the page arrives as drawn. Done on
        # the page's bytes, rather than split into lines and joined again, in a quarter of the time: some
        # dozen pages a table are pushed at a hand's end (docs/benchmarks.md).
        page = self.page.encode()
        if b"\r" in page:
            page = page.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        lines = page.removesuffix(b"\n").replace(b"\n", b"\ndata: ")
        return b"event: page\ndata: " + head.encode() + b"\ndata: " + lines + b"\n\n"


COME_BACK = Told("come back")  # the last of a stream whose server is stopping: its phone opens it again soon
GONE = Told("gone")  # what the phones of a token that no table has now are told (``Hub._end``)
hub = Hub()


def listens_to(token: str) -> bool:
    """Whether this process's hub holds a stream of the table with ``token`` (``drawing.hub_listens_to``)."""
    return hub.listens_to(token)


async def stream(token: str, player: int | None, address: str, receive: Receive, send: Send) -> None:
    """The ASGI answer to a table's events URL: the table's versions (and ``player``'s pages) as
    server-sent events, until the phone goes, or until nothing was pushed to it for the idle time.

    Refused (before the table is looked up) past the streams' caps for the table and for ``address``, the
    client's address (addresses.forwarded_address): 429, which ends a browser's EventSource for good, so the
    page polls instead, as behind a server that holds no streams. A token that no table has: 404."""
    if not TOKEN.match(token):
        await _refuse(send, 404, b"No such table.")
        return
    if not hub.streams.admit(token, address):
        await _refuse(send, 429, b"Too many streams open: this page will ask for changes instead.")
        return
    try:
        await _stream(token, player, receive, send)
    finally:
        hub.streams.release(token, address)


async def _refuse(send: Send, status: int, message: bytes) -> None:
    # The connection closed with the answer: a browser opens no other stream on it, and a guest keeps no
    # connection open by asking again and again.
    headers = [(b"content-type", b"text/plain"), (b"connection", b"close")]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": message})


async def _stream(token: str, player: int | None, receive: Receive, send: Send) -> None:
    queue = await hub.join(token, player)
    if queue is None:
        await _refuse(send, 404, b"No such table.")
        return
    clock = asyncio.get_running_loop().time
    idle = settings.WHISTDRIVE_STREAM_IDLE_SECONDS
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
        await send({"type": "http.response.body", "body": f"retry: {RETRY_MS}\n\n".encode() + BEAT, "more_body": True})
        gone = asyncio.ensure_future(_gone(receive))
        idle_at = clock() + idle
        try:
            while not gone.done():
                if idle_at - clock() < IDLE_SLACK:
                    # Nothing pushed for the idle time: ended, with a word. The phone's browser opens the stream
                    # again after RETRY_MS, and its page, back from a drop, fetches (push.js): nothing is missed.
                    await send({"type": "http.response.body", "body": IDLE, "more_body": True})
                    break
                getting = asyncio.ensure_future(queue.get())
                wait = min(HEARTBEAT, idle_at - clock())
                done, _ = await asyncio.wait({getting, gone}, timeout=wait, return_when=asyncio.FIRST_COMPLETED)
                if getting not in done:
                    getting.cancel()
                    if gone.done():
                        break
                    if idle_at - clock() >= IDLE_SLACK:  # a beat; not when the stream is about to end
                        await send({"type": "http.response.body", "body": BEAT, "more_body": True})
                    continue
                told = getting.result()
                if told is None:  # the server is stopping
                    break
                await send({"type": "http.response.body", "body": told.as_event(), "more_body": True})
                idle_at = clock() + idle
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
