"""Django's answers as the laptop's server sends them (whistdrive/server/asgi.py): Django runs in a pool of threads
and hands each response to the event loop, which writes it to the phone. A page goes over in one piece (its
head and its body together); a long body (a PDF, a static file) in pieces, as it comes, and arrives whole."""

from __future__ import annotations

import asyncio
import json
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests.foundation.drive_process import start_drive
from whistdrive.server.asgi import HAND_OVER_BYTES, Responder

SCOPE = {
    "type": "http",
    "http_version": "1.1",
    "method": "GET",
    "scheme": "http",
    "path": "/",
    "raw_path": b"/",
    "root_path": "",
    "query_string": b"",
    "headers": [(b"host", b"laptop")],
    "server": ("127.0.0.1", 8000),
    "client": ("127.0.0.1", 50000),
}


def served(app, sent: list[dict] | None = None) -> list[dict]:
    """The ASGI messages the server is given for ``app``'s answer to one GET (a WSGI application), in ``sent``."""
    sent = [] if sent is None else sent

    async def receive() -> dict:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict) -> None:
        sent.append(message)

    async def serve() -> None:
        with ThreadPoolExecutor(2) as executor:
            await Responder(app, executor, 10)(dict(SCOPE), receive, send)

    asyncio.run(serve())
    return sent


def body_of(sent: list[dict]) -> bytes:
    return b"".join(message["body"] for message in sent if message["type"] == "http.response.body")


def test_a_page_goes_over_as_its_head_and_its_whole_body():
    def page(environ, start_response):
        start_response("200 OK", [("Content-Type", "text/html"), ("Content-Length", "11")])
        return [b"hello", b" world"]

    sent = served(page)
    assert [message["type"] for message in sent] == ["http.response.start", "http.response.body"]
    assert sent[0]["status"] == 200
    assert (b"content-type", b"text/html") in sent[0]["headers"]
    assert sent[1]["body"] == b"hello world"
    assert sent[1]["more_body"] is False  # the answer ends with it


def test_a_long_body_goes_over_in_pieces_and_arrives_whole():
    pieces = [bytes([n]) * 30_000 for n in range(10)]  # 300 KB, as a static file's blocks come

    def long(environ, start_response):
        start_response("200 OK", [("Content-Type", "application/pdf")])
        yield from pieces

    sent = served(long)
    bodies = [message for message in sent if message["type"] == "http.response.body"]
    assert sent[0]["type"] == "http.response.start"
    assert body_of(sent) == b"".join(pieces)
    assert len(bodies) >= 300_000 // (HAND_OVER_BYTES + 30_000)  # not held back whole
    assert all(len(message["body"]) < HAND_OVER_BYTES + 30_000 for message in bodies)
    assert [message["more_body"] for message in bodies] == [True] * (len(bodies) - 1) + [False]


def test_an_application_writing_its_body_is_sent_it_in_order():
    def writer(environ, start_response):
        write = start_response("200 OK", [("Content-Type", "text/plain")])
        write(b"first ")
        write(b"second ")
        return [b"third"]

    assert body_of(served(writer)) == b"first second third"


def test_an_application_that_fails_before_answering_sends_nothing_so_the_server_answers_500():
    def broken(environ, start_response):
        start_response("200 OK", [("Content-Type", "text/plain")])
        raise RuntimeError("broken before its body")

    sent: list[dict] = []
    with pytest.raises(RuntimeError, match="broken before its body"):
        served(broken, sent)
    assert sent == []  # no head went out: uvicorn can still answer 500


@pytest.mark.slow
def test_the_real_server_sends_a_static_file_longer_than_a_piece_byte_for_byte(tmp_path):
    drive = start_drive(tmp_path / "data", "--organiser", "olive")
    try:
        static = tmp_path / "data" / "static"
        name = json.loads((static / "staticfiles.json").read_text())["paths"]["django_htmx/htmx-2.js"]
        collected = (static / name).read_bytes()
        assert len(collected) > 2 * HAND_OVER_BYTES
        with urllib.request.urlopen(f"{drive.base_url}/static/{name}", timeout=10) as response:
            assert response.status == 200
            assert response.read() == collected
    finally:
        drive.process.kill()
        drive.process.wait()
