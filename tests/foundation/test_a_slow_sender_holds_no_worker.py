"""A request's body is read whole on the event loop, within a deadline, before any of Django's threads is given
the request (whistdrive/server/asgi.py, ``read_body``).

Found by trying: a2wsgi gave Django's thread the body as it arrived, so 16 posts with a valid form token
that declared 100,000 bytes and sent a byte now and then held every thread, and every phone and the organiser
timed out for as long as the guest liked. Other 127.x addresses stand in for the hall's other devices.
"""

from __future__ import annotations

import asyncio
import http.client
import socket
import sys
import time

import pytest

from tests.browser.laptops import make_evening, query
from tests.faults.phones import Phone
from tests.foundation.drive_process import start_drive
from whistdrive.server.asgi import Application

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="needs Linux's 127.x.y.z loopback addresses"
)

DECLARED = 100_000


def slow_post(drive, phone: Phone, path: str, source: str, first: bytes) -> socket.socket:
    """A post from ``source`` with the phone's form token and cookie, declaring ``DECLARED`` bytes and sending
    only ``first`` of them."""
    host, port = drive.base_url.removeprefix("http://").split(":")
    sock = socket.create_connection((host, int(port)), timeout=10, source_address=(source, 0))
    [jar] = [handler.cookiejar for handler in phone.opener.handlers if hasattr(handler, "cookiejar")]
    cookie = "; ".join(f"{c.name}={c.value}" for c in jar)
    head = (
        f"POST {path} HTTP/1.1\r\nHost: laptop\r\nCookie: {cookie}\r\nHX-Request: true\r\n"
        f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {DECLARED}\r\n\r\n"
    )
    sock.sendall(head.encode() + first)
    return sock


def still_open(sock: socket.socket) -> bool:
    """Whether the server has neither answered nor closed (peeked: what it sent stays to be read)."""
    sock.setblocking(False)
    try:
        sock.recv(1, socket.MSG_PEEK)
    except BlockingIOError:
        return True
    except OSError:
        return False
    finally:
        sock.setblocking(True)
    return False


def answer_or_close(sock: socket.socket, within: float) -> bytes:
    """What the server sends before it closes the connection (b"" when it just closes)."""
    sock.settimeout(within)
    received = b""
    try:
        while chunk := sock.recv(4096):
            received += chunk
    except ConnectionResetError:
        pass
    return received


@pytest.fixture
def laptop(tmp_path, request):
    drive = start_drive(tmp_path / "data", "--organiser", "olive", **getattr(request, "param", {}))
    evening = make_evening(tmp_path / "data")
    yield drive, evening, tmp_path / "data"
    if drive.process.poll() is None:
        drive.process.kill()
        drive.process.wait()


@pytest.mark.slow  # starts rundrive
def test_twenty_slow_bodies_leave_the_other_phones_answered(laptop):
    drive, evening, _ = laptop
    token = evening["tables"]["1"]
    guest = Phone(drive.base_url, token)
    guest.page()  # a valid form token and cookie, as any page gives
    # More slow posts than the server has threads (16), from one device, within its share of connections.
    slow = [
        slow_post(drive, guest, f"/t/{token}/call/", "127.0.0.2", f"csrfmiddlewaretoken={guest.csrf}&".encode())
        for _ in range(20)
    ]
    try:
        host, port = drive.base_url.removeprefix("http://").split(":")
        phone = http.client.HTTPConnection(host, int(port), timeout=20, source_address=("127.0.0.3", 0))
        phone.request("GET", f"/t/{evening['tables']['2']}/")
        assert phone.getresponse().status == 200
        phone.close()
        assert all(still_open(sock) for sock in slow)  # answered while every slow body was still awaited
    finally:
        for sock in slow:
            sock.close()


@pytest.mark.slow  # starts rundrive
@pytest.mark.parametrize("laptop", [{"WHISTDRIVE_BODY_DEADLINE": "2"}], indirect=True)
def test_a_body_past_the_deadline_is_answered_408_and_reaches_no_view(laptop):
    drive, evening, data_dir = laptop
    token = evening["tables"]["1"]
    guest = Phone(drive.base_url, token)
    guest.page()
    # A whole call for the organiser, then padding that never ends: a byte every half second.
    form = f"csrfmiddlewaretoken={guest.csrf}&hand=1&reason=misdeal&padding=".encode()
    sock = slow_post(drive, guest, f"/t/{token}/call/", "127.0.0.2", form)
    try:
        deadline = time.monotonic() + 20
        while still_open(sock) and time.monotonic() < deadline:
            try:
                sock.sendall(b"x")
            except OSError:
                break
            time.sleep(0.5)  # the slow sender under test: a byte every half second
        answer = answer_or_close(sock, within=max(0.1, deadline - time.monotonic()))
    finally:
        sock.close()
    assert time.monotonic() < deadline, "the slow body was still being taken"
    assert answer == b"" or answer.startswith(b"HTTP/1.1 408"), answer[:200]
    assert query(data_dir, "SELECT count(*) FROM whistdrive_flag") == [(0,)]
    # The same post, sent at once, is taken.
    status, _ = guest.post("call/", {"hand": 1, "reason": "misdeal"})
    assert status == 200
    assert query(data_dir, "SELECT count(*) FROM whistdrive_flag") == [(1,)]


def test_a_body_in_pieces_reaches_django_whole_and_only_once_it_has_all_come():
    """In process: the application is given a body in three pieces, a moment apart; Django (here a WSGI
    application that records what it was given) is called once, with the whole body, after the last."""
    called: list[tuple[float, bytes]] = []
    last_piece_at: list[float] = []

    def django(environ, start_response):
        called.append((time.monotonic(), environ["wsgi.input"].read(int(environ["CONTENT_LENGTH"]))))
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"ok"]

    app = Application(threads=2)
    app.django = django
    pieces = [b"hand=1&", b"tricks=", b"8"]
    sent: list[dict] = []

    async def receive() -> dict:
        await asyncio.sleep(0.05)  # the behaviour under test: pieces a moment apart
        piece = pieces.pop(0)
        if not pieces:
            last_piece_at.append(time.monotonic())
        return {"type": "http.request", "body": piece, "more_body": bool(pieces)}

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {
        "type": "http", "http_version": "1.1", "method": "POST", "scheme": "http", "path": "/t/x/enter/",
        "raw_path": b"/t/x/enter/", "root_path": "", "query_string": b"", "server": ("127.0.0.1", 8000),
        "client": ("127.0.0.2", 50000), "headers": [(b"host", b"laptop"), (b"content-length", b"15")],
    }  # fmt: skip
    try:
        asyncio.run(app(scope, receive, send))
    finally:
        app.finish(within=5)
    [(at, body)] = called
    assert body == b"hand=1&tricks=8"
    assert at >= last_piece_at[0]
    assert sent[0]["status"] == 200
