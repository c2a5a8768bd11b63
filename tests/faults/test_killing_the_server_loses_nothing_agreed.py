"""The laptop's server is killed (SIGKILL: a crash, a pulled plug of the process) in the middle of a
burst of phones entering and agreeing. After a restart every entry and agreement the phones were
told had been taken is there, and the evening goes on."""

import json
import subprocess
import sys
import threading

import pytest

from tests.faults.phones import Log, Phone, play_all, tricks_for
from tests.faults.stored import read
from tests.foundation.drive_process import REPO, laptop_env, start_drive
from tests.waiting import eventually

pytestmark = pytest.mark.slow
TABLES, HANDS = 6, 3


def _make_evening(data_dir) -> dict:
    made = subprocess.run([sys.executable, "tests/faults/make_evening.py", str(TABLES), str(HANDS)], cwd=REPO,
                          env=laptop_env(data_dir), capture_output=True, text=True, timeout=120)  # fmt: skip
    assert made.returncode == 0, made.stderr[-3000:]
    return json.loads(made.stdout.strip().splitlines()[-1])


def _stop(drive):
    if drive.process.poll() is None:
        drive.process.kill()
        drive.process.wait()


def test_every_success_the_phones_saw_survives_a_kill_and_the_evening_goes_on(tmp_path):
    data_dir = tmp_path / "data"
    drive = start_drive(data_dir, "--organiser", "olive")
    try:
        evening = _make_evening(data_dir)
        log, stop = Log(), threading.Event()
        threads = play_all(drive.base_url, evening["tables"], HANDS, log, stop)
        # Kill once the burst is well under way: some hands agreed, more posts in flight.
        eventually(lambda: len(log.successes("agree")) >= TABLES + 3 or log.failures, timeout=120, every=0.01)
        assert len(log.successes("agree")) >= TABLES + 3, (log.failures, drive.output[-4000:])
        drive.process.kill()
        drive.process.wait()
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
    finally:
        _stop(drive)

    entered, agreed = log.successes("enter"), log.successes("agree")
    on_disk = read(data_dir, evening["event"])
    taken = {(t, h) for t, h, action, side, outcome in on_disk["submissions"]
             if action == "enter" and side == "NS" and not outcome.startswith("refused")}  # fmt: skip
    assert entered <= taken, f"entries answered as taken but lost: {sorted(entered - taken)}"
    for table, hand in agreed:
        assert on_disk["results"].get((table, hand)) == tricks_for(table, hand), (table, hand)
    # Nothing half-written either: every stored result is the one the phones entered.
    for (table, hand), ns in on_disk["results"].items():
        assert ns == tricks_for(table, hand)

    again = start_drive(data_dir)
    try:
        hand = on_disk["current_hand"]
        # The evening goes on: finish the hand that was under way at every table, then play on to the end.
        log, stop = Log(), threading.Event()
        for thread in play_all(again.base_url, evening["tables"], HANDS, log, stop):
            thread.join(timeout=180)
        assert log.failures == [], again.output[-4000:]
        assert not [a for a in log.answers if a[3] != 200], log.answers
        after = read(data_dir, evening["event"])
        assert after["status"] == "finished" and after["current_hand"] == HANDS
        assert set(after["results"]) == {(t, h) for t in range(1, TABLES + 1) for h in range(1, HANDS + 1)}
        assert hand <= HANDS
        page = Phone(again.base_url, evening["tables"]["1"]).page()
        assert "The evening is over" in page
    finally:
        _stop(again)
