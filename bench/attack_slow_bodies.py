"""Slow bodies against the laptop's server: does a guest sending posts a byte at a time hold the phones up?

    python bench/attack_slow_bodies.py                       # this checkout
    python bench/attack_slow_bodies.py --repo ../before     # another checkout (before a change)

Starts `manage.py rundrive` (from --repo) on a fresh SQLite folder with a started evening, then opens
--posts slow posts (default 120) from 4 addresses (127.0.0.2-5, 30 each: under the 32 connections an address
may hold), each with a valid form token and cookie (read from a table page, as any guest can), declaring
Content-Length 100,000 and sending a byte of it every 2 s. Meanwhile a phone at a fifth address (127.0.0.6)
loads a table page once a second (a new connection each time, at most --probe-timeout seconds), for --seconds.
Prints each probe's time and how the slow posts ended (answered with which status, closed, or still open).
Linux (any 127.x address is this machine); loopback only.
"""

from __future__ import annotations

import argparse
import http.client
import re
import socket
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

from _laptop import start

HERE = Path(__file__).resolve().parent.parent
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
ADDRESSES = ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"]
PHONE = "127.0.0.6"
DECLARED = 100_000


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def form_token(port: int, token: str) -> tuple[str, str]:
    """A table page's form token and CSRF cookie, as any guest on the Wi-Fi can read them."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(ADDRESSES[0], 0))
    connection.request("GET", f"/t/{token}/")
    response = connection.getresponse()
    page = response.read().decode()
    cookie = re.search(r"csrftoken=([^;]+)", response.getheader("Set-Cookie") or "").group(1)
    connection.close()
    return CSRF.search(page).group(1), cookie


def slow_post(port: int, source: str, path: str, csrf: str, cookie: str) -> socket.socket | None:
    try:
        sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
        sock.sendall(
            f"POST {path} HTTP/1.1\r\nHost: laptop\r\nCookie: csrftoken={cookie}\r\n"
            f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {DECLARED}\r\n\r\n"
            f"csrfmiddlewaretoken={csrf}&hand=1&reason=misdeal&padding=".encode()
        )
        return sock
    except OSError:
        return None


def ended(sock: socket.socket) -> str | None:
    """How the server ended a slow post ("408", "closed"), or None while it still waits for the body."""
    sock.setblocking(False)
    try:
        head = sock.recv(64, socket.MSG_PEEK)
    except BlockingIOError:
        return None
    except OSError:
        return "closed"
    finally:
        sock.setblocking(True)
    return head.split(b" ")[1].decode() if head.startswith(b"HTTP/") else "closed"


def trickle(posts: list[socket.socket], endings: dict, stop: threading.Event) -> None:
    while not stop.wait(2):
        for sock in posts:
            if sock in endings:
                continue
            how = ended(sock)
            if how is not None:
                endings[sock] = how
                continue
            try:
                sock.sendall(b"x")
            except OSError:
                endings[sock] = "closed"


def probe(port: int, token: str, timeout: float) -> float | None:
    """Seconds to load a table page from the phone's address; None when it did not come within ``timeout``."""
    started = time.perf_counter()
    try:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(PHONE, 0))
        connection.request("GET", f"/t/{token}/")
        response = connection.getresponse()
        response.read()
        connection.close()
        return time.perf_counter() - started if response.status == 200 else None
    except OSError:
        return None


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repo", type=Path, default=HERE, help="the checkout whose rundrive is measured")
    parser.add_argument("--posts", type=int, default=120, help="slow posts, spread over 4 addresses (at most 128)")
    parser.add_argument("--seconds", type=float, default=40, help="how long the phone probes")
    parser.add_argument("--probe-timeout", type=float, default=10)
    args = parser.parse_args()
    if not 0 < args.posts <= 32 * len(ADDRESSES):
        parser.error("--posts must be between 1 and 128 (32 an address)")
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="slow-bodies-") as data:
        server, evening = start(args.repo.resolve(), Path(data), port, 3)
        posts: list[socket.socket] = []
        stop, endings = threading.Event(), {}
        try:
            tables = evening["tables"]
            quiet = [probe(port, tables["2"], args.probe_timeout) for _ in range(5)]
            print("quiet:  " + ", ".join(f"{t:.3f} s" if t is not None else "timed out" for t in quiet))
            csrf, cookie = form_token(port, tables["1"])
            path = f"/t/{tables['1']}/call/"
            for n in range(args.posts):
                sock = slow_post(port, ADDRESSES[n % len(ADDRESSES)], path, csrf, cookie)
                if sock is not None:
                    posts.append(sock)
            opened = time.monotonic()
            print(f"{len(posts)} slow posts open (of {args.posts}), a byte every 2 s each")
            threading.Thread(target=trickle, args=(posts, endings, stop), daemon=True).start()
            times = []
            while time.monotonic() - opened < args.seconds:
                taken = probe(port, tables["2"], args.probe_timeout)
                times.append(taken)
                at = time.monotonic() - opened
                open_now = sum(1 for sock in posts if sock not in endings)
                said = f"{taken:.3f} s" if taken is not None else f"no page within {args.probe_timeout:g} s"
                print(f"  at {at:5.1f} s: phone's page {said} ({open_now} slow posts still open)")
                time.sleep(max(0.0, 1 - (taken or 0)))
            stop.set()
            time.sleep(0.1)
            for sock in posts:
                if sock not in endings:
                    endings[sock] = ended(sock) or "still open"
            answered = [t for t in times if t is not None]
            print(
                f"probes: {len(answered)} of {len(times)} answered; slowest "
                + (f"{max(answered):.3f} s" if answered else "-")
                + f"; under 1 s: {sum(1 for t in answered if t < 1)} of {len(times)}"
            )
            print(
                "slow posts ended: " + ", ".join(f"{n} {how}" for how, n in sorted(Counter(endings.values()).items()))
            )
        finally:
            stop.set()
            for sock in posts:
                sock.close()
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
