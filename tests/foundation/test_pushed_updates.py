"""Pushed updates from the real laptop server (`rundrive`, whistdrive/server/push.py): a table's stream tells its
phones the moment their page changes, and only then; behind a server that cannot hold streams, the
phones are told "none here" and poll.

The streams are read off real sockets, as a phone's browser reads them (EventSource).
"""

from __future__ import annotations

import html
import re
import signal
import socket
import time
import urllib.request

import pytest
from django.test import Client

from tests.browser.laptops import make_evening
from tests.faults.phones import Phone
from tests.foundation.drive_process import laptop_env, manage, start_drive
from whistdrive.server import push

SHARED = re.compile(r'data-shared="(\w*)"')
PUSH = re.compile(r'data-push="([^"]+)"')


class Stream:
    """A table's events URL read as a browser's EventSource reads it: line by line, off one socket."""

    def __init__(self, base_url: str, token: str, path: str = "", *, source: str = "127.0.0.1"):
        host, port = base_url.removeprefix("http://").split(":")
        self.sock = socket.create_connection((host, int(port)), timeout=10, source_address=(source, 0))
        path = path or f"/t/{token}/events/"
        self.sock.sendall(f"GET {path} HTTP/1.1\r\nHost: laptop\r\nAccept: text/event-stream\r\n\r\n".encode())
        self.buffer = b""
        self.received = b""  # everything, as it came
        head = self._until(b"\r\n\r\n", deadline=time.monotonic() + 10)
        self.status = int(head.split(b" ", 2)[1])
        self.headers = head.decode("latin-1").lower()

    def _until(self, mark: bytes, deadline: float) -> bytes:
        while mark not in self.buffer:
            self.sock.settimeout(max(0.01, deadline - time.monotonic()))
            try:
                chunk = self.sock.recv(4096)
            except TimeoutError:
                raise TimeoutError(f"nothing more within the time: {self.buffer[-300:]!r}") from None
            if not chunk:
                raise ConnectionError(f"closed: {self.buffer[-300:]!r}")
            self.buffer += chunk
            self.received += chunk
        found, _, self.buffer = self.buffer.partition(mark)
        return found

    def next_version(self, within: float) -> str:
        """The next version pushed, as a message or at the head of a page (beats skipped)."""
        return self.next_event(within)[1].split(" ", 1)[0].split("\n", 1)[0]

    def next_event(self, within: float, *, beats: bool = False) -> tuple[str, str]:
        """The next event, as an EventSource hands it on: its type ("message" unless named) and its data
        (its data lines joined by newlines), comments and chunk sizes skipped, and beats unless ``beats``."""
        deadline = time.monotonic() + within
        kind, data = "message", []
        while True:
            line = self._until(b"\n", deadline).decode().rstrip("\r")
            if line.startswith("event: "):
                kind = line[7:]
            elif line.startswith("data: "):
                data.append(line[6:])
            elif line == "" and data:
                if kind != "beat" or beats:
                    return kind, "\n".join(data)
                kind, data = "message", []

    def close(self) -> None:
        self.sock.close()


@pytest.fixture
def laptop(tmp_path):
    drive = start_drive(tmp_path / "data", "--organiser", "olive")
    evening = make_evening(tmp_path / "data")  # two tables, four hands, started
    yield drive, evening
    if drive.process.poll() is None:
        drive.process.kill()
        drive.process.wait()


@pytest.mark.slow  # starts rundrive
def test_a_phone_hears_its_table_change_at_once_and_nothing_of_other_tables(laptop):
    drive, evening = laptop
    one, two = evening["tables"]["1"], evening["tables"]["2"]
    stream = Stream(drive.base_url, one)
    other = Stream(drive.base_url, two)
    try:
        assert stream.status == 200
        assert "content-type: text/event-stream" in stream.headers
        # A beat at once, naming the seconds between beats: the page takes a stream silent for longer for dead.
        assert stream.next_event(within=5, beats=True) == ("beat", str(push.HEARTBEAT))
        # First, the version the page shows now: a phone that was asleep learns at once whether it is behind.
        north = Phone(drive.base_url, one)
        page = north.page()
        shown = SHARED.search(page).group(1)
        assert stream.next_version(within=5) == shown
        other.next_version(within=5)

        # Another table's claim changes nothing at this one: its phones hear nothing.
        status, _ = Phone(drive.base_url, two).post("enter/", {"hand": 1, "tricks": 7})
        assert status == 200
        assert other.next_version(within=5) != ""
        with pytest.raises(TimeoutError):
            stream.next_version(within=1.5)

        # North's claim at this table: its other phones hear of it within a moment, with no poll.
        status, _ = north.post("enter/", {"hand": 1, "tricks": 8})
        assert status == 200
        claimed = stream.next_version(within=5)  # a deadline, not a speed: the stream is pushed, never asked
        assert claimed != shown
        # ...and the version pushed is the one a phone then fetches: its page shows it.
        assert SHARED.search(Phone(drive.base_url, one).page()).group(1) == claimed
    finally:
        stream.close()
        other.close()


def seated_stream(phone: Phone, seat: str) -> str:
    """The phone taps ``seat``: the events URL its page then opens, naming its player (signed)."""
    status, seated = phone.post("seat/", {"seat": seat})
    assert status == 200
    return html.unescape(PUSH.search(seated).group(1))


def fragment(phone: Phone) -> str:
    """The phone's page as its htmx fetch gets it (the fragment a pushed page replaces)."""
    request = urllib.request.Request(phone.base, headers={"HX-Request": "true"})
    with phone.opener.open(request, timeout=30) as response:
        return response.read().decode()


@pytest.mark.slow  # starts rundrive
def test_a_phone_whose_player_sits_there_is_pushed_the_page_itself(laptop):
    """No fetch at all: the change comes as the very fragment the phone would have fetched, drawn for its
    own seat. A stream naming no player, or one it was not given, is told the version as before."""
    drive, evening = laptop
    token = evening["tables"]["1"]
    north, east = Phone(drive.base_url, token), Phone(drive.base_url, token)
    mine = seated_stream(east, "E")
    assert mine.startswith(f"/t/{token}/events/?as=")
    stream = Stream(drive.base_url, token, mine)
    plain = Stream(drive.base_url, token)
    forged = Stream(drive.base_url, token, mine[:-3] + "xyz")
    try:
        for each in (stream, plain, forged):
            assert each.next_event(within=5)[0] == "message"  # the version now, on opening
        north.post("seat/", {"seat": "N"})
        status, _ = north.post("enter/", {"hand": 1, "tricks": 8})
        assert status == 200
        kind, data = stream.next_event(within=5)
        assert kind == "page"
        head, _, page = data.partition("\n")
        version, revisions = head.split(" ")
        fetched = fragment(east)
        assert page.strip() == fetched.strip()  # what East's phone fetches now, to the byte
        assert "North–South say" in page and 'action="/t/' in page  # East is asked to agree North's 8
        assert f'data-shared="{version}"' in page and f'data-revision="{revisions}"' in page
        for each in (plain, forged):
            assert each.next_event(within=5) == ("message", f"{version} {revisions}")
    finally:
        for each in (stream, plain, forged):
            each.close()


@pytest.mark.slow  # starts rundrive
def test_stopping_the_server_ends_the_open_streams_at_once(laptop):
    drive, evening = laptop
    streams = [Stream(drive.base_url, token) for token in evening["tables"].values()]
    try:
        for stream in streams:
            stream.next_version(within=5)
        assert drive.stop(signal.SIGTERM) == 0
        assert "WhistDrive stopped." in drive.output
        for stream in streams:
            # Each stream was ended by the server (its last, empty chunk), not cut off after uvicorn's
            # 3 seconds of grace for a request still being answered.
            with pytest.raises(ConnectionError):
                stream.next_version(within=5)
            assert stream.received.endswith(b"\r\n0\r\n\r\n"), stream.received[-100:]
    finally:
        for stream in streams:
            stream.close()


@pytest.mark.slow  # starts rundrive
def test_a_stream_for_no_table_is_refused(laptop):
    drive, _ = laptop
    stream = Stream(drive.base_url, "no-such-table")
    try:
        assert stream.status == 404
    finally:
        stream.close()


@pytest.mark.slow  # starts rundrive
def test_a_table_given_a_new_code_tells_its_old_codes_streams_and_ends_them(laptop, tmp_path):
    """A page whose stream is open does not poll: when the organiser issues the table a new QR code, the old
    code's streams are told a version that no page has (the phone fetches its page: "this table has a new
    code") and end, and the old code's stream is refused when the browser opens it again. The other table's
    stream, on the same evening, goes on as before."""
    drive, evening = laptop
    one, two = evening["tables"]["1"], evening["tables"]["2"]
    stream, other = Stream(drive.base_url, one), Stream(drive.base_url, two)
    try:
        shown = stream.next_version(within=5)
        other.next_version(within=5)
        reissue = (
            "from whistdrive.evening import entry; from whistdrive.store.models import Table; "
            f"entry.new_table_token(Table.objects.get(token='{one}'))"
        )
        assert manage("shell", "-c", reissue, env=laptop_env(tmp_path / "data")).returncode == 0
        told = stream.next_version(within=5)
        assert told == "gone" and told != shown
        stream._until(b"0\r\n\r\n", deadline=time.monotonic() + 5)  # the stream's last chunk: it has ended
        again = Stream(drive.base_url, one)
        assert again.status == 404
        again.close()
        with pytest.raises(TimeoutError):  # table 2 only gained a sibling's new code: nothing to tell
            other.next_version(within=1.5)
        status, _ = Phone(drive.base_url, two).post("enter/", {"hand": 1, "tricks": 7})
        assert status == 200
        assert other.next_version(within=5) not in ("", "gone")
    finally:
        stream.close()
        other.close()


@pytest.mark.slow  # starts rundrive
def test_many_idle_streams_cost_the_server_almost_nothing(laptop):
    drive, evening = laptop
    # As many as the server lets open (12 a table, 8 from a device): 24, from three devices.
    streams = [
        Stream(drive.base_url, evening["tables"][str(1 + n % 2)], source=f"127.0.0.{10 + n % 3}") for n in range(24)
    ]
    try:
        for stream in streams:
            stream.next_version(within=5)
        pid = drive.process.pid

        def cpu() -> float:
            fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / 100

        before = cpu()
        time.sleep(5)  # the behaviour under test: five idle seconds (CPU time is counted, not wall time)
        # The hub's look at the revisions (four a second) and nothing per stream: well under a tenth of a core.
        assert cpu() - before < 0.5
        assert drive.process.poll() is None
    finally:
        for stream in streams:
            stream.close()


@pytest.mark.django_db
def test_behind_a_server_that_cannot_hold_streams_the_phones_are_told_to_poll(client: Client):
    """Django's own answer (a hosted install's WSGI workers): 204, which ends a browser's EventSource for
    good; the page keeps its polls (static/whistdrive/push.js)."""
    from tests.factories import add_entrants, make_club, make_event
    from whistdrive.engines.formats import Format
    from whistdrive.evening import running

    event = make_event(make_club("Poll Club"), Format(hands=4, interval_after=None))
    add_entrants(event, 4, 4)
    running.start_event(event, seed=5)
    table = event.tables.get(number=1)
    answer = client.get(f"/t/{table.token}/events/", secure=True)
    assert answer.status_code == 204
    page = client.get(f"/t/{table.token}/", secure=True).content.decode()
    assert re.search(r'hx-trigger="every \d+s, wake, pushed"', page)
    assert f'data-push="/t/{table.token}/events/"' in page
