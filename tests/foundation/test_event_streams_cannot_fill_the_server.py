"""A table's streams of pushed updates are capped per table and per address, an idle one ends, and the
organiser sees them by address (whistdrive/server/push.py, ``Streams``).

Found by trying: 130 addresses × 32 streams filled the laptop's 4,000 connections, from a guest's few
devices with many addresses, and the streams never ended. Other 127.x addresses stand in for the hall's devices.
"""

from __future__ import annotations

import sys
import time

import pytest
from django.urls import reverse

from tests.browser.laptops import make_evening
from tests.factories import give_access, make_user, started_event
from tests.foundation.drive_process import start_drive
from tests.foundation.test_pushed_updates import Stream
from tests.waiting import eventually
from whistdrive.engines.tokens import new_token
from whistdrive.server import push

linux_only = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="needs Linux's 127.x.y.z loopback addresses"
)


@pytest.fixture
def laptop(tmp_path, request):
    drive = start_drive(tmp_path / "data", "--organiser", "olive", **getattr(request, "param", {}))
    evening = make_evening(tmp_path / "data")  # two tables
    yield drive, evening
    if drive.process.poll() is None:
        drive.process.kill()
        drive.process.wait()


def opened(drive, token: str, source: str, into: list[Stream]) -> int:
    """Open a stream of ``token`` from ``source`` (kept in ``into``, to be closed); its status."""
    stream = Stream(drive.base_url, token, source=source)
    into.append(stream)
    return stream.status


@pytest.mark.slow  # starts rundrive
@linux_only
def test_one_device_holds_at_most_its_share_of_streams_and_other_devices_are_served(laptop):
    drive, evening = laptop
    one, two = evening["tables"]["1"], evening["tables"]["2"]
    streams: list[Stream] = []
    try:
        assert [opened(drive, (one, two)[n % 2], "127.0.0.2", streams) for n in range(8)] == [200] * 8
        assert opened(drive, one, "127.0.0.2", streams) == 429
        assert opened(drive, two, "127.0.0.2", streams) == 429
        # A phone elsewhere gets its stream, and hears its table's version.
        assert opened(drive, one, "127.0.0.3", streams) == 200
        assert streams[-1].next_version(within=5)
        # A stream of the guest's closed: another may open in its place.
        streams[0].close()
        assert _eventually_opened(drive, one, "127.0.0.2", streams)
    finally:
        for stream in streams:
            stream.close()


@pytest.mark.slow  # starts rundrive
@linux_only
def test_a_table_holds_at_most_twelve_streams_from_however_many_devices(laptop):
    drive, evening = laptop
    one, two = evening["tables"]["1"], evening["tables"]["2"]
    streams: list[Stream] = []
    try:
        assert [opened(drive, one, f"127.0.1.{1 + n}", streams) for n in range(12)] == [200] * 12
        assert opened(drive, one, "127.0.1.100", streams) == 429
        assert opened(drive, two, "127.0.1.100", streams) == 200  # the other table's phones are not held up
    finally:
        for stream in streams:
            stream.close()


@pytest.mark.slow  # starts rundrive
@linux_only
def test_a_stream_for_a_token_no_table_has_is_refused_and_holds_no_place(laptop):
    drive, evening = laptop
    streams: list[Stream] = []
    try:
        assert [opened(drive, new_token(), "127.0.0.4", streams) for _ in range(10)] == [404] * 10
        assert opened(drive, "short", "127.0.0.4", streams) == 404
        assert opened(drive, evening["tables"]["1"], "127.0.0.4", streams) == 200
    finally:
        for stream in streams:
            stream.close()


@pytest.mark.slow  # starts rundrive
@linux_only
@pytest.mark.parametrize("laptop", [{"WHISTDRIVE_STREAM_IDLE_SECONDS": "2"}], indirect=True)
def test_a_stream_pushed_nothing_for_the_idle_time_ends_with_a_word(laptop):
    drive, evening = laptop
    stream = Stream(drive.base_url, evening["tables"]["1"], source="127.0.0.5")
    try:
        assert stream.status == 200
        assert "retry: " in stream._until(b"\n\n", deadline=time.monotonic() + 5).decode()
        stream.next_version(within=5)  # the table's version now, as it opened
        assert stream.next_event(within=10) == ("idle", "reopen")
        stream._until(b"0\r\n\r\n", deadline=time.monotonic() + 5)  # its last chunk: the stream has ended
        # The browser opens it again, as it does after any stream that ends, and it is served.
        again = Stream(drive.base_url, evening["tables"]["1"], source="127.0.0.5")
        assert again.status == 200
        again.close()
    finally:
        stream.close()


def _eventually_opened(drive, token: str, source: str, into: list[Stream], within: float = 10) -> bool:
    """Whether a stream opens within ``within`` seconds (the server notices a closed one as its phone goes)."""
    return eventually(lambda: opened(drive, token, source, into) == 200, timeout=within, every=0.1)


@pytest.mark.django_db
def test_the_live_page_shows_the_streams_open_by_device(client, monkeypatch):
    event = started_event()
    organiser = make_user("olive")
    give_access(organiser, event.club)
    client.force_login(organiser)
    streams = push.Streams()
    for n in range(30):
        assert streams.admit(f"table-{n % 8}", "192.168.1.40" if n < 8 else f"192.168.1.{100 + n % 11}")
    streams.refused = 5
    monkeypatch.setattr(push.hub, "streams", streams)
    page = client.get(reverse("event_live", args=[event.pk])).content.decode()
    assert "Streams open: 30 from 12 devices; most from one device: 192.168.1.40 (8)," in page
    assert "Refused 5 (too many from one device or at one table" in page
