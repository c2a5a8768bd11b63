"""What a flood of login posts does to the phones: a real `rundrive` with Django's real password hasher.

    python bench/login_flood.py                      # this checkout
    python bench/login_flood.py --repo OTHER_CHECKOUT --seconds 20

Starts `manage.py rundrive` (from --repo) on a fresh SQLite folder with one started evening, then
times a phone's table page (GET /t/<token>/, a new connection each time, one every 50 ms) for
--seconds while nothing else happens, and again while --flooders threads post wrong passwords to
/login/ as fast as they are answered. Each flooder moves to a new source address (127.0.x.y) every 9
attempts, so no per-address limit stops it: what is left is the cost of hashing passwords, which
``whistdrive.web.logins.OneHashAtATime`` bounds. Prints the phone's median and 95th percentile, and how
the login posts were answered. Linux (any 127.x address is this machine). Wall-clock figures: run it
on a quiet machine, or compare runs taken one after the other.
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(repo: Path, data: Path, port: int, **settings: str) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_URL", "WHISTDRIVE_", "DJANGO_"))}
    env.update(WHISTDRIVE_DATA_DIR=str(data), PYTHONUNBUFFERED="1", **settings)
    setup = subprocess.run(
        [sys.executable, "manage.py", "rundrive", "--no-serve", "--organiser", "olive"],
        cwd=repo, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert setup.returncode == 0, setup.stderr
    made = subprocess.run(
        [sys.executable, "tests/faults/make_evening.py", "3", "4"],
        cwd=repo, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    start.token = json.loads(made.stdout)["tables"]["1"]
    server = subprocess.Popen(
        [sys.executable, "manage.py", "rundrive", "--host", "127.0.0.1", "--port", str(port)],
        cwd=repo, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    for _ in range(300):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return server
        except OSError:
            time.sleep(0.2)
    raise SystemExit("rundrive did not start")


def request(port: int, method: str, path: str, *, source: str = "127.0.0.1", body=None, headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60, source_address=(source, 0))
    try:
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.getheader("Set-Cookie") or "", response.read()
    finally:
        connection.close()


def phone_times(port: int, token: str, seconds: float) -> list[float]:
    times = []
    ends = time.monotonic() + seconds
    while time.monotonic() < ends:
        started = time.perf_counter()
        status, _, _ = request(port, "GET", f"/t/{token}/", source="127.0.0.2")
        assert status == 200, status
        times.append((time.perf_counter() - started) * 1000)
        time.sleep(0.05)
    return times


def flooder(port: int, number: int, stop: threading.Event, answers: Counter) -> None:
    addresses = (f"127.{10 + number}.{a}.{b}" for a, b in itertools.product(range(256), range(1, 255)))
    while not stop.is_set():
        source = next(addresses)
        status, cookie, page = request(port, "GET", "/login/", source=source)
        token = CSRF.search(page.decode()).group(1)
        csrf = re.search(r"csrftoken=([^;]+)", cookie).group(1)
        for attempt in range(9):
            if stop.is_set():
                return
            body = urllib.parse.urlencode(
                {"username": f"guess{number}-{attempt}", "password": "not the password", "csrfmiddlewaretoken": token}
            )
            headers = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": f"csrftoken={csrf}"}
            status, _, _ = request(port, "POST", "/login/", source=source, body=body, headers=headers)
            answers[status] += 1


def summary(times: list[float]) -> str:
    times = sorted(times)
    p95 = times[int(0.95 * (len(times) - 1))]
    return f"median {statistics.median(times):6.0f} ms, 95th percentile {p95:6.0f} ms ({len(times)} pages)"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repo", type=Path, default=HERE, help="the checkout whose rundrive is measured")
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--flooders", type=int, default=32)
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="login-flood-") as data:
        server = start(args.repo.resolve(), Path(data), port)
        try:
            token = start.token
            phone_times(port, token, 2)  # warm up
            print(f"quiet:            {summary(phone_times(port, token, args.seconds))}")
            stop, answers = threading.Event(), Counter()
            threads = [
                threading.Thread(target=flooder, args=(port, n, stop, answers), daemon=True)
                for n in range(args.flooders)
            ]
            for thread in threads:
                thread.start()
            time.sleep(2)
            flooded = phone_times(port, token, args.seconds)
            stop.set()
            for thread in threads:
                thread.join(timeout=60)
            print(f"{args.flooders} login flooders: {summary(flooded)}")
            print("login posts answered: " + ", ".join(f"{n} × {status}" for status, n in sorted(answers.items())))
        finally:
            server.terminate()
            server.wait(timeout=30)


if __name__ == "__main__":
    main()
