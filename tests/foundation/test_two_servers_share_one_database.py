"""Hosted mode with more than one server process: a result entered through one is seen at once
through the other, though each keeps its own drawings.

Two real gunicorn servers (one worker each) on one PostgreSQL database, as a host runs several
workers behind its front server. Each server first draws the table's page and the board, so each
has them kept; then the phones of one table play a hand through server A, and server B's next
answers show the agreed hand and the new standings. Freshness comes from the revisions in the
database, so it holds with each process's own memory, and with a Redis they share for what they
must agree on (sessions, the counts of posts), which holds nothing else.

Skipped, saying why, when no PostgreSQL server answers or gunicorn is missing (it does not run on
Windows); Redis only for its own case.
"""

from __future__ import annotations

import http.client
import json
import re
import socket
import subprocess
import sys
import urllib.parse
from http.cookies import SimpleCookie

import pytest

from tests.foundation.drive_process import REPO, collected, free_port, laptop_env, postgres_database
from tests.waiting import wait_for

pytestmark = pytest.mark.slow

psycopg = pytest.importorskip("psycopg", reason="psycopg is not installed: no PostgreSQL for this test")

CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


class Phone:
    """A phone behind the host's front server (HTTPS ends there), talking to one backend port."""

    def __init__(self, port: int, token: str):
        self.port = port
        self.path = f"/t/{token}/"
        self.cookies: dict[str, str] = {}
        self.csrf = ""

    # What the front server adds: it ended HTTPS. A phone talking to the front server itself sends nothing.
    forwarded = {"X-Forwarded-Proto": "https"}

    def connection(self) -> http.client.HTTPConnection:
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None):
        connection = self.connection()
        try:
            all_headers = {
                "Host": "localhost",
                **self.forwarded,
                "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
                **(headers or {}),
            }
            connection.request(method, path, body=body, headers=all_headers)
            response = connection.getresponse()
            for header in response.headers.get_all("Set-Cookie") or []:
                for name, morsel in SimpleCookie(header).items():
                    self.cookies[name] = morsel.value
            return response.status, response.read().decode()
        finally:
            connection.close()

    def page(self) -> str:
        status, text = self.request("GET", self.path)
        assert status == 200, (status, text[:500])
        match = CSRF.search(text)
        if match:
            self.csrf = match.group(1)
        return text

    def post(self, action: str, data: dict) -> str:
        if not self.csrf:
            self.page()
        body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": self.csrf}).encode()
        status, text = self.request(
            "POST",
            self.path + action,
            body,
            {
                "Content-Type": "application/x-www-form-urlencoded",
                "HX-Request": "true",
                "Origin": "https://localhost",
                "Referer": "https://localhost" + self.path,
            },
        )
        assert status == 200, (status, text[:500])
        assert 'class="notice error"' not in text, text
        return text


def _words(html: str) -> str:
    """A page as a person reads it: no tags, single spaces."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def _board(port: int, token: str) -> str:
    phone = Phone(port, token)
    status, text = phone.request("GET", f"/board/{token}/?view=standings", headers={"HX-Request": "true"})
    assert status == 200, (status, text[:500])
    return text


def _redis_url() -> str:
    pytest.importorskip("redis", reason="the redis client is not installed")
    try:
        socket.create_connection(("127.0.0.1", 6379), timeout=1).close()
    except OSError:
        pytest.skip("no Redis server on 127.0.0.1:6379")
    return "redis://127.0.0.1:6379/7"


@pytest.fixture
def database():
    yield from postgres_database("two", migrated=True)


GUNICORN = [sys.executable, "-m", "gunicorn", "whistdrive.wsgi", "--workers", "1", "--bind", "127.0.0.1:{port}"]
# The ASGI application with pushed updates, as the README's hosted mode runs it under uvicorn.
UVICORN = [sys.executable, "-m", "uvicorn", "whistdrive.asgi:application", "--host", "127.0.0.1", "--port", "{port}",
           "--no-access-log", "--proxy-headers", "--forwarded-allow-ips", "127.0.0.1"]  # fmt: skip


def _servers(tmp_path, database: str, cache_url: str, server: list[str] = GUNICORN):
    if server is GUNICORN:
        pytest.importorskip("gunicorn", reason="gunicorn is not installed (it does not run on Windows)")
    env = laptop_env(
        tmp_path / "data",
        DATABASE_URL=database,
        DJANGO_SECRET_KEY="two-servers-" + "k" * 40,
        DJANGO_ALLOWED_HOSTS="localhost",
        DJANGO_SETTINGS_MODULE="whistdrive.settings",
        **({"WHISTDRIVE_CACHE_URL": cache_url} if cache_url else {}),
    )
    collected(tmp_path / "data")  # what the set-up's `collectstatic` collects (the database is migrated already)
    made = subprocess.run(
        [sys.executable, "tests/faults/make_evening.py", "2", "4"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    evening = json.loads(made.stdout)
    ports, processes = [free_port(), free_port()], []
    for port in ports:
        processes.append(
            subprocess.Popen(
                [part.format(port=port) for part in server],
                cwd=REPO,
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                text=True,
            )  # fmt: skip
        )
    for process, port in zip(processes, ports, strict=True):
        wait_for(lambda process=process, port=port: _listening(process, port), timeout=60, what=f"a server on {port}")
    return evening, ports, processes


def _listening(process: subprocess.Popen, port: int) -> bool:
    if process.poll() is not None:
        pytest.fail(f"the server stopped: {process.stderr.read()}")
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    except OSError:
        return False
    return True


@pytest.mark.parametrize("cache", ["each process's own memory", "one Redis"])
def test_a_result_entered_through_one_server_is_seen_at_once_through_the_other(tmp_path, database, cache):
    cache_url = _redis_url() if cache == "one Redis" else ""
    if cache_url:
        redis = pytest.importorskip("redis").Redis.from_url(cache_url)
        redis.flushdb()
    evening, (a, b), processes = _servers(tmp_path, database, cache_url)
    try:
        token, board = evening["tables"]["1"], evening["board"]
        watcher = Phone(b, token)
        before = watcher.page()
        assert "Hand 1 of 4" in _words(before) and "agreed" not in _words(before).lower()
        board_before = _board(b, board)
        assert _words(watcher.page()) == _words(before)  # drawn again from what B keeps

        north, east = Phone(a, token), Phone(a, token)
        north.post("seat/", {"seat": "N"})
        east.post("seat/", {"seat": "E"})
        north.post("enter/", {"hand": 1, "tricks": 9})
        east.post("agree/", {"hand": 1, "seat": "E", "tricks_ns": 9})

        after = watcher.page()
        assert "North–South 9" in _words(after) and "East–West 4" in _words(after), _words(after)
        board_after = _board(b, board)
        assert board_after != board_before
        # The four players of table 1 now have totals: North–South 9 tricks, East–West 4.
        assert re.search(r">\s*9\s*<", board_after) and re.search(r">\s*4\s*<", board_after), board_after

        # And the other way round, at the second table: entered through B, seen through A.
        other = evening["tables"]["2"]
        seen_from_a = Phone(a, other)
        seen_from_a.page()
        south, west = Phone(b, other), Phone(b, other)
        south.post("seat/", {"seat": "S"})
        west.post("seat/", {"seat": "W"})
        south.post("enter/", {"hand": 1, "tricks": 6})
        west.post("agree/", {"hand": 1, "seat": "W", "tricks_ns": 6})
        # That was the hall's last result of hand 1: the evening moved on, and A's phone says so.
        assert "Hand 2 of 4" in _words(seen_from_a.page())
        board_from_a = _board(a, board)
        assert re.search(r">\s*6\s*<", board_from_a) and re.search(r">\s*7\s*<", board_from_a), board_from_a

        if cache_url:
            # The Redis holds what the servers must agree on (the phones' sessions, the tables' counts
            # of posts) and what one works out for the others (the pages pushed to a table's phones, an
            # agreed table's waits), all under WhistDrive's own names; never the drawings and standings
            # above, kept in each server's own memory, as pickling them on every read cost more than
            # making them.
            names = [key.decode().split(":", 2)[2] for key in redis.keys("*")]
            assert any(name.startswith("django.contrib.sessions.cached_db") for name in names), names
            assert any(name.startswith("whistdrive:table-posts:") for name in names), names
            assert all(name.startswith(("django.contrib.sessions.", "whistdrive:")) for name in names), names
    finally:
        for process in processes:
            process.terminate()
            process.wait(timeout=30)


def _listening(process: subprocess.Popen, port: int) -> bool:
    if process.poll() is not None:
        pytest.fail(f"the server stopped: {process.stderr.read()}")
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    except OSError:
        return False
    return True


@pytest.mark.parametrize("cache", ["each process's own memory", "one Redis"])
def test_a_phone_is_the_same_player_on_either_server(tmp_path, database, cache):
    """The front server sends each request to any worker: what a phone's session says (who it is) must
    be the same through all of them, and a change made through one must hold at once through the others
    (a session kept in one worker's own memory would still say "North" there)."""
    evening, (a, b), processes = _servers(tmp_path, database, _redis_url() if cache == "one Redis" else "")
    try:
        token = evening["tables"]["1"]
        through_a, through_b = Phone(a, token), Phone(b, token)
        through_b.cookies = through_a.cookies  # one phone: its cookies go to whichever worker answers

        through_a.post("seat/", {"seat": "N"})
        assert "You are North." in _words(through_a.page())
        assert "You are North." in _words(through_b.page())
        through_b.post("seat/forget/", {})
        after = _words(through_a.page())
        assert "You are North." not in after and "Which seat are you?" in after, after
    finally:
        for process in processes:
            process.terminate()
            process.wait(timeout=30)


def test_a_claim_entered_through_one_server_is_pushed_to_a_phone_held_by_the_other(tmp_path, database):
    """Each server's hub watches the database, not its own requests: a phone whose stream server B holds
    hears of a claim made through server A."""
    from tests.foundation.test_pushed_updates import SHARED, Stream

    evening, (a, b), processes = _servers(tmp_path, database, "", UVICORN)
    try:
        token = evening["tables"]["1"]
        stream = Stream(f"http://127.0.0.1:{b}", token)
        try:
            assert stream.status == 200
            shown = SHARED.search(Phone(b, token).page()).group(1)
            assert stream.next_version(within=5) == shown
            north = Phone(a, token)
            north.post("seat/", {"seat": "N"})
            north.post("enter/", {"hand": 1, "tricks": 9})
            claimed = stream.next_version(within=5)
            assert claimed != shown
            assert SHARED.search(Phone(b, token).page()).group(1) == claimed
        finally:
            stream.close()
    finally:
        for process in processes:
            process.terminate()
            process.wait(timeout=30)
