"""A rolling restart of the documented hosted set-up in the middle of an evening: does any phone notice?

    python bench/rolling_restart.py                 # 8 tables, 16 phones with their pages' streams open
    python bench/rolling_restart.py --phones 32

Starts docs/hosting.md's set-up from its very files (tests/foundation/documented_hosting.py: nginx over TLS, two
uvicorn workers as the systemd unit runs them, PostgreSQL, Redis) with an evening of --tables tables. Each phone
behaves as its page's browser does (static/whistdrive/push.js): it holds its table's stream of pushed updates
through nginx; when the stream ends it waits the `retry` the stream last said, opens it again and fetches its
page. Meanwhile every table plays its hands (North enters, East agrees), one post every --every seconds in all.
Each worker is restarted in turn as `systemctl restart` does it (SIGTERM, wait, start), --gap seconds apart.

Prints JSON: each restart's seconds to stop, the streams it cut, and for those phones the seconds from the
SIGTERM until their page was current again (p50, max); the requests that failed (any status but 200), and
whether any worker logged a traceback. Needs nginx, openssl, PostgreSQL on 127.0.0.1:5432, Redis on :6379.
"""

from __future__ import annotations

import argparse
import json
import re
import socket
import ssl
import statistics
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(HERE))

import psycopg  # noqa: E402
import redis  # noqa: E402

from tests.foundation.documented_hosting import HttpsPhone, documented_set_up  # noqa: E402

PG = "postgres://postgres@127.0.0.1:5432"
CACHE = "redis://127.0.0.1:6379/6"


def _tls() -> ssl.SSLContext:
    context = ssl.create_default_context()
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
    return context


class StreamingPhone(threading.Thread):
    """A phone's page with its stream open, as push.js keeps it: back after a drop, it fetches its page."""

    def __init__(self, port: int, token: str, stop: threading.Event):
        super().__init__(daemon=True)
        self.port, self.token, self.stop = port, token, stop
        self.dropped_at: list[float] = []  # when each stream ended
        self.current_at: list[float] = []  # when the page was fetched again after each drop
        self.failed: list[str] = []

    def run(self) -> None:
        retry = 3.0
        while not self.stop.is_set():
            try:
                retry = self._hold(retry)
            except OSError as exc:
                if self.stop.is_set():
                    return
                self.failed.append(f"stream: {exc!r}")
            self.dropped_at.append(time.monotonic())
            time.sleep(retry)
            if self.stop.is_set():
                return
            try:
                status, _ = HttpsPhone(self.port, self.token).request("GET", f"/t/{self.token}/")
            except OSError as exc:
                status = repr(exc)
            if status != 200:
                self.failed.append(f"page after a drop: {status}")
            self.current_at.append(time.monotonic())

    def _hold(self, retry: float) -> float:
        """Hold one stream open until it ends; the retry it last asked for, in seconds."""
        raw = socket.create_connection(("127.0.0.1", self.port), timeout=60)
        with _tls().wrap_socket(raw, server_hostname="localhost") as sock:
            sock.sendall(
                f"GET /t/{self.token}/events/ HTTP/1.1\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n".encode()
            )
            buffer = b""
            while not self.stop.is_set():
                chunk = sock.recv(65536)
                if not chunk:
                    break
                buffer = (buffer + chunk)[-4096:]
                for line in buffer.split(b"\n"):
                    if line.startswith(b"retry: ") and line[7:].strip().isdigit():
                        retry = int(line[7:]) / 1000
                if b"\r\n0\r\n\r\n" in buffer:  # the chunked answer's end
                    break
        return retry


ERROR = re.compile(r'class="notice error[^"]*" role="alert">(.*?)</p>', re.S)


def post(phone: HttpsPhone, action: str, data: dict) -> str:
    """A phone's tap: "" when taken, else what went wrong (a status, or the page's error)."""
    if not phone.csrf:
        phone.page()
    body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": phone.csrf}).encode()
    headers = {"Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true",
               "Origin": "https://localhost", "Referer": "https://localhost" + phone.path}  # fmt: skip
    status, text = phone.request("POST", phone.path + action, body, headers)
    if status != 200:
        return f"{action}: {status}"
    error = ERROR.search(text)
    return f"{action}: {error.group(1).strip()}" if error else ""


def play(port: int, tokens: list[str], hands: int, every: float, stop: threading.Event, failed: list[str]) -> None:
    """Every table plays its hands, one post every ``every`` seconds: its North (whoever sits there this hand)
    enters 7 tricks, and its East agrees."""
    for hand in range(1, hands + 1):
        for token in tokens:
            north, east = HttpsPhone(port, token), HttpsPhone(port, token)
            for phone, action, data in (
                (north, "seat/", {"seat": "N"}),
                (north, "enter/", {"hand": hand, "tricks": 7}),
                (east, "seat/", {"seat": "E"}),
                (east, "agree/", {"hand": hand, "seat": "E", "tricks_ns": 7}),
            ):
                if stop.is_set():
                    return
                if problem := post(phone, action, data):
                    failed.append(f"hand {hand}, {problem}")
                time.sleep(every)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=8)
    parser.add_argument("--phones", type=int, default=16)
    parser.add_argument("--gap", type=float, default=5.0, help="seconds between the two workers' restarts")
    parser.add_argument("--every", type=float, default=0.1, help="seconds between the tables' posts")
    args = parser.parse_args()

    name = f"whistdrive_rolling_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(f"{PG}/postgres", autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    redis.Redis.from_url(CACHE).flushdb()
    try:
        with (
            tempfile.TemporaryDirectory() as folder,
            documented_set_up(Path(folder), f"{PG}/{name}", CACHE, tables=args.tables, hands=24) as hosting,
        ):
            tokens = [hosting.evening["tables"][str(n)] for n in range(1, args.tables + 1)]
            stop = threading.Event()
            phones = [StreamingPhone(hosting.port, tokens[i % len(tokens)], stop) for i in range(args.phones)]
            for phone in phones:
                phone.start()
            failed: list[str] = []
            player = threading.Thread(target=play, args=(hosting.port, tokens, 24, args.every, stop, failed))
            time.sleep(3)  # the streams open
            player.start()
            restarts = []
            for worker in hosting.workers:
                time.sleep(args.gap)
                told = time.monotonic()
                stopped_in = worker.restart()
                restarts.append((told, stopped_in))
            time.sleep(args.gap)
            stop.set()
            player.join(timeout=60)
            logs = "".join(path.read_text() for path in hosting.logs.glob("worker-*.log"))

        report = {"tables": args.tables, "phones": args.phones, "restarts": []}
        for told, stopped_in in restarts:
            back = []
            for phone in phones:
                drops = [i for i, at in enumerate(phone.dropped_at) if told <= at <= told + stopped_in + 1]
                if drops and drops[0] < len(phone.current_at):
                    back.append(phone.current_at[drops[0]] - told)
            report["restarts"].append(
                {
                    "stopped_in_s": round(stopped_in, 2),
                    "streams_cut": len(back),
                    "current_again_s": {
                        "p50": round(statistics.median(back), 2) if back else None,
                        "max": round(max(back), 2) if back else None,
                    },
                }
            )
        report["failed_requests"] = failed + [f for phone in phones for f in phone.failed]
        report["tracebacks_logged"] = logs.count("Traceback")
        print(json.dumps(report, indent=2))
    finally:
        with psycopg.connect(f"{PG}/postgres", autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


if __name__ == "__main__":
    main()
