"""The laptop's web server (``rundrive``): waitress, made to hold a hall's Wi-Fi with a hostile guest on it.

Found by trying (docs/robustness.md, "The laptop's server"): 2,050 half-open requests from one laptop
in 1.2 s took every one of waitress's 2,000 connections, and every phone timed out; on a stock Mac
(256 open files) about 54 tables of real phones ran the process out of file handles, and waitress
then spun at 100 % CPU writing "Too many open files" (732 MB of log in 3 minutes). So:

- **One address holds at most ``per_address`` connections** (``WHISTDRIVE_CONNECTIONS_PER_ADDRESS``).
  Phones on a hall's network each have their own address; a browser opens at most 6 to one site.
- **A request's headers must arrive within ``HEADER_DEADLINE`` seconds** of its first byte (or of the
  connection, when nothing came at all); an idle keep-alive connection between a phone's polls is
  left alone (waitress closes those after ``channel_timeout``).
- **The open-files limit is raised** as far as the system allows (``raise_open_files_limit``) and the
  number of connections is capped below it (``capacity``), so the process never runs out of handles.
  Should it run out anyway (other programs' files count on some systems), accepting stops for a
  second instead of spinning, and the log says so once (the log's own filter, ``QuietRepeats``,
  keeps any repeated message from flooding it).
- **A request's body is refused above ``max_body``** (413), before waitress writes it to disk.

Windows has no open-files limit to raise, but Python's select() there watches at most 512 sockets
(waitress then stops with "too many file descriptors in select()"): the capacity is capped below it.
"""

from __future__ import annotations

import errno
import logging
import select
import sys
import threading
import time
from collections import Counter

from waitress.adjustments import Adjustments
from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.server import MultiSocketServer, TcpWSGIServer
from waitress.task import ThreadedTaskDispatcher

log = logging.getLogger("whistdrive.serving")

HEADER_DEADLINE = 10  # seconds for a request's headers; a phone sends them in one packet
CHECK_EVERY = 2  # seconds between the server's checks of its connections (waitress: 30)
WINDOWS_SELECT_LIMIT = 512  # CPython's FD_SETSIZE on Windows
OUT_OF_FILES = {errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM}


def raise_open_files_limit() -> tuple[int, int] | None:
    """Raise this process's open-files limit as far as the system allows: (before, after), or None
    where there is no such limit to raise (Windows)."""
    try:
        import resource
    except ImportError:
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    # macOS refuses more than kern.maxfilesperproc (often 10,240) even when the hard limit is
    # "unlimited", so lower goals are tried in turn.
    goals = [] if hard == resource.RLIM_INFINITY else [hard]
    goals += [65_536, 10_240, 4_096]
    for goal in goals:
        if goal <= soft or (hard != resource.RLIM_INFINITY and goal > hard):
            continue
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (goal, hard))
            break
        except (ValueError, OSError):
            continue
    return soft, resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def capacity(configured: int, open_files: int | None, threads: int) -> int:
    """How many connections the server can really hold: the configured limit, or fewer when the
    open-files limit (None on Windows) would run out first. Each server thread's SQLite connection
    holds three files (the database, its -wal and -shm), a static file being sent one more, and the
    process itself a few dozen (Python, the listening socket, the log)."""
    if open_files is None:
        return max(1, min(configured, WINDOWS_SELECT_LIMIT - 12))
    return max(1, min(configured, open_files - (4 * threads + 32)))


class _Guard:
    """What every listening socket of one server shares: connections per address, and a pause in
    accepting when the process has no file handles left."""

    def __init__(self, per_address: int):
        self.per_address = per_address
        self.open = Counter()
        self.lock = threading.Lock()
        self.paused_until = 0.0

    def admit(self, address: str) -> bool:
        with self.lock:
            if self.per_address and self.open[address] >= self.per_address:
                return False
            self.open[address] += 1
            return True

    def release(self, address: str) -> None:
        with self.lock:
            self.open[address] -= 1
            if self.open[address] <= 0:
                del self.open[address]


class _Parser(HTTPRequestParser):
    def __init__(self, adj):
        super().__init__(adj)
        self.began = time.monotonic()  # when the request's first byte came


class HallChannel(HTTPChannel):
    """A connection, counted against its address until it closes."""

    parser_class = _Parser
    counted: str | None = None

    def __init__(self, server, sock, addr, adj, map=None):
        self.opened = time.monotonic()
        super().__init__(server, sock, addr, adj, map=map)

    def too_slow(self, now: float) -> bool:
        """Headers not all in within HEADER_DEADLINE: a slow-loris, or a connection that never spoke."""
        if self.requests:
            return False  # being answered
        if self.request is not None:
            return not self.request.headers_finished and now - self.request.began > HEADER_DEADLINE
        never_spoke = self.last_activity == self.creation_time
        return never_spoke and now - self.opened > HEADER_DEADLINE

    def del_channel(self, map=None):
        super().del_channel(map)
        if self.counted is not None:
            self.server.guard.release(self.counted)
            self.counted = None


class HallServer(TcpWSGIServer):
    """waitress's TCP server with the limits of this module's docstring."""

    channel_class = HallChannel

    def __init__(self, *args, guard: _Guard, **kwargs):
        self.guard = guard
        super().__init__(*args, **kwargs)

    def readable(self) -> bool:
        accepting = super().readable()  # also runs maintenance
        # Out of file handles: not watching the listening socket, or every pass of the loop would
        # find it readable again and spin.
        return accepting and time.monotonic() >= self.guard.paused_until

    def handle_accept(self) -> None:
        try:
            pair = self.accept()
        except OSError as exc:
            if exc.errno in OUT_OF_FILES:
                self.guard.paused_until = time.monotonic() + 1
                log.warning(
                    "No file handles left for new connections (%s): not accepting any for a second. "
                    "Raise the open-files limit (ulimit -n) or set WHISTDRIVE_CONNECTION_LIMIT lower.",
                    exc.strerror,
                )
            else:
                log.warning("A connection could not be accepted: %s", exc)
            return
        if pair is None:
            return
        conn, addr = pair
        address = addr[0] if isinstance(addr, tuple) else str(addr)
        if not self.guard.admit(address):
            # This address holds its share already: closed at once, before it costs anything more.
            log.warning("Refused a connection from an address that already holds %s", self.guard.per_address)
            conn.close()
            return
        try:
            self.set_socket_options(conn)
            channel = self.channel_class(self, conn, self.fix_addr(addr), self.adj, map=self._map)
        except OSError:
            self.guard.release(address)
            conn.close()
            return
        channel.counted = address

    def maintenance(self, now: float) -> None:
        super().maintenance(now)
        monotonic = time.monotonic()
        for channel in list(self.active_channels.values()):
            if isinstance(channel, HallChannel) and channel.too_slow(monotonic):
                channel.will_close = True


def make_server(app, *, host: str, port: int, threads: int, connections: int, per_address: int, max_body: int):
    """The server ``rundrive`` runs: like ``waitress.create_server``, with ``HallServer`` on each address."""
    adj = Adjustments(
        host=host,
        port=port,
        threads=threads,
        connection_limit=connections,
        max_request_body_size=max_body,
        cleanup_interval=CHECK_EVERY,
        # select() cannot watch a socket numbered 1024 or more: with ~1,000 phones connected waitress
        # died with "filedescriptor out of range in select()" (docs/benchmarks.md). poll() has no such
        # limit; Windows has no poll(), so it keeps select() there (see capacity()).
        asyncore_use_poll=hasattr(select, "poll"),
        ident="WhistDrive",
    )
    socket_map: dict = {}
    dispatcher = ThreadedTaskDispatcher()
    dispatcher.set_thread_count(adj.threads)
    guard = _Guard(per_address)
    servers = [HallServer(app, socket_map, dispatcher=dispatcher, adj=adj, sockinfo=info, guard=guard)
               for info in adj.listen]  # fmt: skip
    if len(servers) == 1:
        return servers[0]
    listening = [(server.effective_host, server.effective_port) for server in servers]
    return MultiSocketServer(socket_map, adj, listening, dispatcher, servers[-1].log_info)


def describe_capacity(holds: int, configured: int, per_address: int, limits: tuple[int, int] | None) -> str:
    """The line rundrive prints about what the server holds, and why when it is less than configured."""
    line = f"  Holds {holds:,} connections at once (about {holds // 4:,} tables of phones)"
    line += f", at most {per_address} from any one device." if per_address else "."
    if limits is None:
        if sys.platform.startswith("win") and holds < configured:
            line += f" Windows lets this server watch at most {WINDOWS_SELECT_LIMIT} connections."
        return line
    before, after = limits
    if after > before:
        line += f" (Open-files limit raised from {before:,} to {after:,}.)"
    if holds < configured:
        line += (
            f" This system allows {after:,} open files: for more phones, raise it (ulimit -n 4096) "
            "before starting WhistDrive."
        )
    return line
