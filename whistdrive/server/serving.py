"""The laptop's web server (``rundrive``): uvicorn, made to hold a hall's Wi-Fi with a hostile guest on it.

It runs ``whistdrive.server.asgi``: the phones' pushed updates held open on the event loop, Django's pages in a
pool of threads. uvicorn runs on Windows, macOS and Linux (with uvloop and httptools where they install).

Found by trying (docs/robustness.md, "The laptop's server"): 2,050 half-open requests from one laptop
in 1.2 s took every connection the server had, and every phone timed out; on a stock Mac
(256 open files) about 54 tables of real phones ran the process out of file handles, and the server
then spun at 100 % CPU writing "Too many open files" (732 MB of log in 3 minutes). So:

- **One address holds at most ``per_address`` connections** (``WHISTDRIVE_CONNECTIONS_PER_ADDRESS``).
  Phones on a hall's network each have their own address; a browser opens at most 6 to one site.
- **A request's headers must arrive within ``HEADER_DEADLINE`` seconds** of its first byte (or of the
  connection, when nothing came at all); an idle keep-alive connection between a phone's requests is
  left alone for ``KEEP_ALIVE`` seconds.
- **The open-files limit is raised** as far as the system allows (``raise_open_files_limit``) and the
  number of connections is capped below it (``capacity``: past it, 503). Should the process run out
  anyway (other programs' files count on some systems), the event loop stops accepting for a second
  instead of spinning, and the log says so once (``QuietRepeats`` keeps any repeated message from
  flooding it).
- **A request's body is refused above ``max_body``** (413) before any of it is read, and any other must come
  whole within ``WHISTDRIVE_BODY_DEADLINE`` seconds (408, the connection closed), read on the event loop before
  any of Django's threads is given the request (whistdrive/server/asgi.py: so it holds under plain ``uvicorn`` too).
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import multiprocessing.process
import os
import signal
import socket
import threading
import time
from collections import Counter

import uvicorn

log = logging.getLogger("whistdrive.server.serving")

HEADER_DEADLINE = 10  # seconds for a request's headers; a phone sends them in one packet
KEEP_ALIVE = 120  # seconds an idle keep-alive connection stays open (a phone polls far more often)


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
    open-files limit (None on Windows, which has none) would run out first. Each of Django's threads'
    SQLite connections holds three files (the database, its -wal and -shm), a static file being sent
    one more, and the process itself a few dozen (Python, the listening socket, the log)."""
    if open_files is None:
        return max(1, configured)
    return max(1, min(configured, open_files - (4 * threads + 32)))


class _Guard:
    """What every listening socket of one server shares: connections per address, and a pause in
    accepting when the process has no file handles left."""

    def __init__(self, per_address: int):
        self.per_address = per_address
        self.open: Counter[str] = Counter()
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


def _protocol_base() -> type:
    """uvicorn's HTTP protocol: httptools' parser where it installed, else the pure-Python h11."""
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

        return HttpToolsProtocol
    except ImportError:
        from uvicorn.protocols.http.h11_impl import H11Protocol

        return H11Protocol


def hall_protocol(guard: _Guard) -> type:
    """The server's connections: counted against their address, and closed when a request's headers do
    not all come within HEADER_DEADLINE seconds (a slow-loris, or a connection that never speaks)."""
    base = _protocol_base()

    class HallProtocol(base):  # type: ignore[misc, valid-type]
        counted: str | None = None
        deadline: asyncio.TimerHandle | None = None

        def connection_made(self, transport) -> None:
            peer = transport.get_extra_info("peername")
            address = peer[0] if isinstance(peer, tuple) else str(peer)
            if not guard.admit(address):
                # This address holds its share already: closed at once, before it costs anything more.
                log.warning("Refused a connection from an address that already holds %s", guard.per_address)
                transport.abort()
                return
            self.counted = address
            super().connection_made(transport)
            self._start_deadline()

        def connection_lost(self, exc) -> None:
            if self.counted is None:
                return  # refused above: never made
            self._stop_deadline()
            guard.release(self.counted)
            self.counted = None
            super().connection_lost(exc)

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._start_deadline()  # from the request's first byte

        def on_headers_complete(self) -> None:
            self._stop_deadline()
            super().on_headers_complete()

        def _start_deadline(self) -> None:
            self._stop_deadline()
            self.deadline = self.loop.call_later(HEADER_DEADLINE, self._too_slow)

        def _stop_deadline(self) -> None:
            if self.deadline is not None:
                self.deadline.cancel()
                self.deadline = None

        def _too_slow(self) -> None:
            self.deadline = None
            self.transport.close()

    return HallProtocol


def _quiet_accept_errors(loop: asyncio.AbstractEventLoop, context: dict) -> None:
    """The event loop's own errors, in one line each: out of file handles, it stops accepting for a second
    (asyncio's own pause) and says so, instead of a traceback every second."""
    exc = context.get("exception")
    if isinstance(exc, OSError) and "accept" in context.get("message", ""):
        log.warning(
            "No file handles left for new connections (%s): not accepting any for a second. "
            "Raise the open-files limit (ulimit -n) or set WHISTDRIVE_CONNECTION_LIMIT lower.",
            exc.strerror,
        )
        return
    loop.default_exception_handler(context)


class HallServer(uvicorn.Server):
    sockets: list[socket.socket]

    def serve_forever(self) -> None:
        """Serve on the bound socket until Ctrl+C or SIGTERM (uvicorn's handlers: open streams end)."""
        self.run(sockets=self.sockets)

    async def startup(self, sockets=None) -> None:
        asyncio.get_running_loop().set_exception_handler(_quiet_accept_errors)
        await super().startup(sockets)

    async def shutdown(self, sockets=None) -> None:
        # Not at the top: a worker process (spawned) imports this module before asgi sets Django up, and
        # push reads the models.
        from whistdrive.server import push

        push.hub.end_streams()  # or each would hold the stop for timeout_graceful_shutdown
        await super().shutdown(sockets)


def listen(host: str, port: int) -> socket.socket:
    """The listening socket, bound here so that a port already taken raises OSError to rundrive (uvicorn's
    own binding would exit the process)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    return socket.create_server((host, port), family=family, backlog=2048)


def make_server_on(app, sock: socket.socket, *, connections: int, per_address: int) -> HallServer:
    """The server ``rundrive`` runs: ``app`` (whistdrive.server.asgi) on ``sock`` (``listen``) with the limits of
    this module's docstring. ``serve_forever()`` serves until Ctrl+C or SIGTERM."""
    config = uvicorn.Config(
        app,
        http=hall_protocol(_Guard(per_address)),
        ws="none",
        lifespan="on",
        limit_concurrency=connections,
        timeout_keep_alive=KEEP_ALIVE,
        timeout_graceful_shutdown=3,  # open streams end; a request being answered has 3 seconds
        log_config=None,  # the settings' logging: tokens hidden, repeats quietened
        access_log=False,  # a phone's URL holds its table's token
        server_header=False,
        date_header=False,
    )
    server = HallServer(config)
    server.sockets = [sock]
    return server


# -- several processes (rundrive --workers N) ---------------------------------------------------------

RESTART_PAUSE = 1.0  # seconds between looks at the server processes (one that ended is started again)


def serve_in_processes(workers: int, sock: socket.socket, *, connections: int, per_address: int) -> None:
    """Serve on ``sock`` from ``workers`` processes until Ctrl+C or SIGTERM (raised here as KeyboardInterrupt).

    Each process is the whole server (``_worker``): the operating system hands each new connection to one
    of them. They are started fresh ("spawn", as Windows and macOS must), each with the same listening
    socket; one that ends on its own (a crash) is started again, so the evening carries on. ``connections``
    and ``per_address`` hold for each process. What the processes must agree on is in the database or the
    data folder (settings: ``SERVER_WORKERS``), set up by the caller's environment before this is called.
    """
    context = multiprocessing.get_context("spawn")

    def start() -> multiprocessing.process.BaseProcess:
        process = context.Process(target=_worker, args=(sock, connections, per_address), name="whistdrive-server")
        process.start()
        return process

    processes = [start() for _ in range(workers)]
    try:
        while True:
            time.sleep(RESTART_PAUSE)
            for i, process in enumerate(processes):
                if not process.is_alive():
                    log.error("A server process ended (exit code %s): starting another.", process.exitcode)
                    processes[i] = start()
    finally:
        for process in processes:
            process.terminate()  # SIGTERM: it ends its streams and requests, as one server does
        for process in processes:
            process.join(10)
            if process.is_alive():
                process.kill()


def _worker(sock: socket.socket, connections: int, per_address: int) -> None:
    """One of ``serve_in_processes``'s processes: the application, served on the shared socket."""
    # Not at the top: importing asgi sets Django up and builds the application, once in each worker process
    # (spawned: it imports this module first), never in the parent that starts them.
    from whistdrive.server.asgi import application

    def stop(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    if hasattr(signal, "SIGBREAK"):
        signal.signal(signal.SIGBREAK, stop)
    threading.Thread(target=_stop_with_rundrive, daemon=True).start()
    server = make_server_on(application, sock, connections=connections, per_address=per_address)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    if not application.finish(within=5):
        os._exit(0)  # a thread waits for ever on the stopped loop (see rundrive)


def _stop_with_rundrive() -> None:
    """A server process whose rundrive has gone (ended outright, never to stop it) stops as if told to,
    instead of serving on alone, holding the port, for ever."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        parent.join()
        signal.raise_signal(signal.SIGTERM)


def describe_capacity(holds: int, configured: int, per_address: int, limits: tuple[int, int] | None) -> str:
    """The line rundrive prints about what the server holds, and why when it is less than configured."""
    # Each of a table's four phones holds two: its page's stream of pushed updates, and one for its requests.
    line = f"  Holds {holds:,} connections at once (about {holds // 8:,} tables of phones)"
    line += f", at most {per_address} from any one device." if per_address else "."
    if limits is None:
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
