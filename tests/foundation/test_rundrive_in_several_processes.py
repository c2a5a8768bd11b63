"""`rundrive --workers N`: the laptop's server in several processes, each the whole server, on one socket.

What the processes must agree on is checked here across real processes, each request on a connection of
its own (so the operating system hands them to either process): a phone's session, the server's id the
phones compare, the flood limit's count, and a change made through one process pushed by the other. And
one process that dies is replaced while the evening carries on.
"""

from __future__ import annotations

import os
import re
import signal
import urllib.request
from pathlib import Path

import pytest

from tests.browser.laptops import make_evening
from tests.faults.phones import Phone
from tests.foundation.drive_process import start_drive
from tests.foundation.test_pushed_updates import Stream, fragment, seated_stream
from tests.waiting import wait_for

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads the server's processes from /proc"),
]  # slow: rundrive with two server processes, in every test

YOU_ARE = re.compile(r"You are (North|East|South|West)")
POST_LIMIT = 12  # the flood test posts past it; the others stay under it


def _servers(parent: int) -> list[int]:
    """The server processes under rundrive (its spawned children, not multiprocessing's helpers)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            ppid = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            command = (stat.parent / "cmdline").read_bytes()
        except (OSError, IndexError):
            continue
        if ppid == parent and b"spawn_main" in command:
            found.append(int(stat.parent.name))
    return sorted(found)


def _cpu(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


@pytest.fixture
def laptop(tmp_path):
    drive = start_drive(
        tmp_path / "data", "--organiser", "olive", "--workers", "2", WHISTDRIVE_TABLE_POST_LIMIT=str(POST_LIMIT)
    )
    evening = make_evening(tmp_path / "data")  # two tables, four hands, started
    yield drive, evening
    servers = _servers(drive.process.pid)  # before rundrive goes: its processes are then init's
    if drive.process.poll() is None:
        drive.process.kill()
        drive.process.wait()
    for pid in servers:
        if _is_alive(pid):
            os.kill(pid, signal.SIGKILL)


def test_two_processes_serve_the_hall_as_one_server(laptop):
    drive, evening = laptop
    assert "Serving from 2 processes." in drive.output
    servers = _servers(drive.process.pid)
    assert len(servers) == 2
    before = {pid: _cpu(pid) for pid in servers}
    ids = set()
    for _ in range(60):  # each on a new connection (urllib keeps none)
        with urllib.request.urlopen(f"{drive.base_url}/t/{evening['tables']['1']}/", timeout=10) as page:
            ids.add(page.headers["WD-Server"])
    # One server's id for the phones, whichever process answered (a change would make every phone send
    # its kept taps again), and both processes did answer.
    assert len(ids) == 1
    assert all(_cpu(pid) > before[pid] for pid in servers), "one process answered everything"


def test_a_phone_is_remembered_by_every_process(laptop):
    drive, evening = laptop
    phone = Phone(drive.base_url, evening["tables"]["1"])
    for seat, name in [("N", "North"), ("S", "South")] * 5:
        status, _ = phone.post("seat/", {"seat": seat})
        assert status == 200
        # The next request goes to either process: each reads the phone's session as it is now, never a
        # copy one process kept from before the other changed it.
        for _ in range(3):
            assert YOU_ARE.search(phone.page()).group(1) == name


def test_the_flood_limit_counts_the_posts_of_every_process(tmp_path, laptop):
    drive, evening = laptop
    phone = Phone(drive.base_url, evening["tables"]["2"])
    answers = [phone.post("seat/", {"seat": "E"})[0] for _ in range(POST_LIMIT + 4)]
    # Counted once for the table, not once in each process (which would let up to twice the limit through).
    assert answers == [200] * POST_LIMIT + [429] * 4


def test_a_change_through_one_process_is_pushed_by_the_other(laptop):
    drive, evening = laptop
    token = evening["tables"]["1"]
    streams = [Stream(drive.base_url, token) for _ in range(6)]  # on both processes, in all likelihood
    try:
        shown = {stream.next_version(within=10) for stream in streams}
        assert len(shown) == 1
        status, _ = Phone(drive.base_url, token).post("enter/", {"hand": 1, "tricks": 8})
        assert status == 200
        heard = {stream.next_version(within=5) for stream in streams}
        assert len(heard) == 1 and heard != shown
    finally:
        for stream in streams:
            stream.close()


def test_every_process_pushes_a_player_the_page_their_phone_would_fetch(laptop):
    # One process draws the table's pages and publishes them; the other takes them
    # (whistdrive.evening.phones.pushes.pushed_pages).
    drive, evening = laptop
    token = evening["tables"]["1"]
    north, east = Phone(drive.base_url, token), Phone(drive.base_url, token)
    mine = seated_stream(east, "E")
    streams = [Stream(drive.base_url, token, mine) for _ in range(6)]  # on both processes, in all likelihood
    try:
        for stream in streams:
            stream.next_event(within=10)  # the version now, on opening
        north.post("seat/", {"seat": "N"})
        status, _ = north.post("enter/", {"hand": 1, "tricks": 8})
        assert status == 200
        pushed = {stream.next_event(within=10) for stream in streams}
        assert len(pushed) == 1
        kind, data = pushed.pop()
        assert kind == "page"
        assert data.partition("\n")[2].strip() == fragment(east).strip()  # to the byte
    finally:
        for stream in streams:
            stream.close()


def test_a_process_that_dies_is_replaced_and_stopping_ends_them_all(laptop):
    drive, evening = laptop
    first, second = _servers(drive.process.pid)
    os.kill(first, signal.SIGKILL)

    def replaced() -> list[int] | None:
        now = _servers(drive.process.pid)
        return now if len(now) == 2 and first not in now else None

    servers = wait_for(replaced, timeout=30, what="a new server process in place of the killed one")
    assert second in servers, servers
    assert "A server process ended" in drive.output
    for _ in range(10):
        with urllib.request.urlopen(f"{drive.base_url}/t/{evening['tables']['2']}/", timeout=30) as page:
            assert page.status == 200

    assert drive.stop(signal.SIGTERM) == 0
    assert "WhistDrive stopped." in drive.output
    assert not any(_is_alive(pid) for pid in servers)


def _is_alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def test_the_processes_stop_when_rundrive_is_ended_outright(laptop):
    drive, _ = laptop
    servers = _servers(drive.process.pid)
    assert len(servers) == 2
    drive.process.kill()  # the task manager's "End task": rundrive cannot stop them itself
    drive.process.wait()
    # Not left serving on alone, holding the port against the next rundrive.
    wait_for(lambda: not any(_is_alive(pid) for pid in servers), timeout=20, what="the server processes gone")


def _open_files(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def test_the_shared_cache_does_not_take_a_file_a_request(laptop):
    drive, evening = laptop
    phone = Phone(drive.base_url, evening["tables"]["1"])
    phone.post("seat/", {"seat": "N"})
    servers = _servers(drive.process.pid)
    for _ in range(20):  # every thread of both processes has served a request
        phone.page()
    before = {pid: _open_files(pid) for pid in servers}
    for _ in range(200):  # each reads the phone's session from the shared cache
        phone.page()
    # A cache opened afresh for each request (as Django makes one) ran a hall's server out of file handles.
    assert all(_open_files(pid) <= before[pid] + 10 for pid in servers), (before, {p: _open_files(p) for p in servers})
