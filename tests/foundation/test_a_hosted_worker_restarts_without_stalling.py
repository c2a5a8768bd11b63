"""A hosted worker told to stop (``systemctl restart`` sends SIGTERM) stops within seconds, though phones hold
its streams open, and logs no traceback: each stream is ended first with a word to its phone to come back
within a quarter of a second, when the front server sends it to a worker that is running. The phone's
page, back from a drop, fetches itself (static/whistdrive/push.js), so it is current again at once.

Before: uvicorn waited for every stream to close before it stopped (over 90 s with 16 phones), and with
``--timeout-graceful-shutdown`` it cut them with a traceback each.

Two real uvicorn workers on one PostgreSQL database, as docs/hosting.md runs them; skipped, saying why, when no
PostgreSQL server answers.
"""

from __future__ import annotations

import signal
import time

import pytest

from tests.foundation.test_pushed_updates import SHARED, Stream
from tests.foundation.test_two_servers_share_one_database import UVICORN, Phone, _servers, database  # noqa: F401

pytestmark = pytest.mark.slow

PHONES = 6


def test_a_worker_told_to_stop_ends_its_streams_at_once_and_its_phones_carry_on_through_another(tmp_path, database):  # noqa: F811
    evening, (a, b), processes = _servers(tmp_path, database, "", UVICORN)
    stopping, running = processes
    streams = []
    try:
        token = evening["tables"]["1"]
        streams = [Stream(f"http://127.0.0.1:{a}", token) for _ in range(PHONES)]
        shown = SHARED.search(Phone(a, token).page()).group(1)
        for stream in streams:
            assert stream.status == 200
            assert stream.next_version(within=5) == shown

        told = time.monotonic()
        stopping.send_signal(signal.SIGTERM)
        for stream in streams:
            # The stream's last words: come back in a quarter of a second; then it ends.
            try:
                stream._until(b"retry: 250\n\n", deadline=told + 3)
            except (TimeoutError, ConnectionError) as exc:
                pytest.fail(f"a stream was not asked to come back soon: {exc}")
            with pytest.raises(ConnectionError):
                stream._until(b"never", deadline=told + 3)
        stopping.wait(timeout=10)
        stopped_in = time.monotonic() - told
        assert stopped_in < 5, f"the worker took {stopped_in:.1f} s to stop"
        log = stopping.stderr.read()
        assert "Traceback" not in log and "ERROR" not in log, log

        # The phones come back through the other worker and carry on: the hand is played there, and a stream
        # opened there hears it.
        again = Stream(f"http://127.0.0.1:{b}", token)
        try:
            assert again.next_version(within=5) == shown
            north = Phone(b, token)
            north.post("seat/", {"seat": "N"})
            north.post("enter/", {"hand": 1, "tricks": 9})
            assert again.next_version(within=5) != shown
        finally:
            again.close()
    finally:
        for stream in streams:
            stream.close()
        for process in processes:
            if process.poll() is None:
                process.terminate()
                process.wait(timeout=30)
