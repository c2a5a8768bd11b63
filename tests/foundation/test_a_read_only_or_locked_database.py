"""A database that reads but cannot be written, and one whose write lock another program holds.

Found by trying: a read-only database file was not noticed at start (/healthz said "ok") and then
every entry from the phones was a server error; a write lock held by another program (a database
viewer with unsaved changes) made every phone's post wait 20 seconds and then fail with a 500.
Now the first stops rundrive at start in one line, and the second answers 503 "try again in a
moment" with Retry-After.
"""

import json
import os
import sqlite3
import subprocess
import sys
import time

import pytest

from tests.faults.phones import Phone
from tests.foundation.drive_process import REPO, laptop_env, manage, start_drive

pytestmark = pytest.mark.slow


@pytest.fixture
def read_only_data_folder(tmp_path):
    """A data folder whose database file cannot be written, by anyone (root included)."""
    data = tmp_path / "data"
    env = laptop_env(data)
    made = manage("rundrive", "--no-serve", "--organiser", "olive", env=env)
    assert made.returncode == 0, made.stderr
    database = data / "whistdrive.sqlite3"
    if os.geteuid() != 0:
        database.chmod(0o444)
        yield data, env
        database.chmod(0o644)
        return
    # Root writes to any file whatever its permissions: make the file immutable instead.
    if subprocess.run(["chattr", "+i", str(database)], capture_output=True).returncode != 0:
        pytest.skip("running as root, and chattr +i is not allowed here: no way to make a file read-only")
    try:
        yield data, env
    finally:
        subprocess.run(["chattr", "-i", str(database)], check=True)


def test_a_read_only_database_file_stops_rundrive_at_start_in_one_line(read_only_data_folder):
    data, env = read_only_data_folder
    run = manage("rundrive", "--no-serve", env=env)
    assert run.returncode != 0
    assert "Traceback" not in run.stderr
    lines = [line for line in run.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, run.stderr
    assert f"cannot write to its database file {data / 'whistdrive.sqlite3'}" in lines[0]
    assert "readonly" in lines[0] or "read-only" in lines[0]


HEALTHZ = """
import django, json
django.setup()
from django.test import Client
response = Client().get("/healthz")
print(json.dumps({"status": response.status_code, "body": response.json()}))
"""


def test_healthz_says_error_for_a_read_only_database_file(read_only_data_folder):
    _data, env = read_only_data_folder
    run = subprocess.run(
        [sys.executable, "-c", HEALTHZ], cwd=REPO, env={**env, "DJANGO_SETTINGS_MODULE": "whistdrive.settings"},
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == {"status": 503, "body": {"status": "error"}}


def test_a_write_lock_held_by_another_program_gives_the_phones_a_503(tmp_path):
    data = tmp_path / "data"
    drive = start_drive(data, "--organiser", "olive")
    try:
        made = subprocess.run(
            [sys.executable, "tests/faults/make_evening.py", "1", "4"],
            cwd=REPO, env=laptop_env(data), capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        assert made.returncode == 0, made.stderr
        token = json.loads(made.stdout)["tables"]["1"]
        north = Phone(drive.base_url, token)
        north.page()
        assert north.post("seat/", {"seat": "N"})[0] == 200

        # Another program opens the database and keeps its write lock (uncommitted changes).
        other = sqlite3.connect(data / "whistdrive.sqlite3", isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        try:
            started = time.monotonic()
            status, page = north.post("enter/", {"hand": 1, "tricks": 7}, timeout=60)
            waited = time.monotonic() - started
        finally:
            other.execute("ROLLBACK")
            other.close()
        assert status == 503, page[:500]
        assert "WhistDrive is busy: try again in a moment." in page
        assert waited < 40
        # The lock is gone: the same tap works, and nothing was stored twice.
        status, page = north.post("enter/", {"hand": 1, "tricks": 7})
        assert status == 200 and "You said North–South 7" in page
        assert "Traceback" not in drive.output or "Service Unavailable" in drive.output
    finally:
        drive.process.kill()
        drive.process.wait()
