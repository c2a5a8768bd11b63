"""`manage.py backup` run again and again while every table's phones enter and agree on the laptop's
real server: the phones wait their turn at most, none is refused or fails, and every backup is a
whole, consistent database.

Always on a laptop's SQLite file (the server runs in its own data folder, whatever DATABASE_URL the
suite has): on PostgreSQL the backup is pg_dump's own snapshot, outside WhistDrive (docs/archive.md).
"""

import json
import sqlite3
import subprocess
import sys
import threading

import pytest

from tests.faults.phones import Log, play_all, tricks_for
from tests.faults.stored import read
from tests.foundation.drive_process import REPO, laptop_env, start_drive
from whistdrive.evening.backups import copy_sqlite

pytestmark = pytest.mark.slow
TABLES, HANDS = 6, 3
MAX_COPIES = 10_000  # copies of a small database: a burst takes far fewer (docs/benchmarks.md has none)


def test_phones_keep_entering_while_backups_are_taken(tmp_path):
    data_dir, backup_dir = tmp_path / "data", tmp_path / "backups"
    drive = start_drive(data_dir, "--organiser", "olive")
    backups: list[subprocess.CompletedProcess] = []
    copies = 0
    try:
        made = subprocess.run([sys.executable, "tests/faults/make_evening.py", str(TABLES), str(HANDS)], cwd=REPO,
                              env=laptop_env(data_dir), capture_output=True, text=True, timeout=120)  # fmt: skip
        assert made.returncode == 0, made.stderr[-3000:]
        evening = json.loads(made.stdout.strip().splitlines()[-1])
        log, stop = Log(), threading.Event()
        threads = play_all(drive.base_url, evening["tables"], HANDS, log, stop)
        # The command itself once (its start-up alone can outlast a short burst on a loaded
        # machine), and the same backup API in a loop for as long as the phones are busy.
        command = threading.Thread(target=lambda: backups.append(
            subprocess.run([sys.executable, "manage.py", "backup", "--to", str(backup_dir)], cwd=REPO,
                           env=laptop_env(data_dir), capture_output=True, text=True, timeout=120)
        ))  # fmt: skip
        command.start()
        backup_dir.mkdir(parents=True, exist_ok=True)
        # A cap on the copies: phones that never finish (a bug) must fail the test, not fill the disk.
        while any(thread.is_alive() for thread in threads) and copies < MAX_COPIES:
            copy_sqlite(data_dir / "whistdrive.sqlite3", backup_dir / f"during-{copies:03d}.sqlite3")
            copies += 1
        stop.set()
        command.join()
        for thread in threads:
            thread.join()
    finally:
        drive.process.kill()
        drive.process.wait()

    assert log.failures == [], drive.output[-3000:]
    assert [a for a in log.answers if a[3] != 200 or a[4]] == []
    assert len(log.answers) == 2 * TABLES * HANDS
    assert copies >= 1, "the burst ended before a backup: nothing overlapped"
    assert [run.returncode for run in backups] == [0], backups[0].stderr
    final = read(data_dir, evening["event"])
    assert final["status"] == "finished"
    files = sorted(backup_dir.glob("*.sqlite3"))
    assert len(files) == copies + 1
    for path in files:
        with sqlite3.connect(path) as db:
            assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        copy = read_backup(path, evening["event"])
        # A snapshot of some moment: only results that were really agreed, each as entered.
        for (table, hand), ns in copy.items():
            assert ns == tricks_for(table, hand) == final["results"][(table, hand)]


def read_backup(path, event: int) -> dict:
    with sqlite3.connect(path) as db:
        numbers = dict(db.execute("SELECT id, number FROM whistdrive_table WHERE event_id = ?", (event,)))
        rows = db.execute("SELECT table_id, hand, tricks_ns FROM whistdrive_result").fetchall()
    return {(numbers[t], hand): ns for t, hand, ns in rows if t in numbers}
