"""A power cut may take the laptop's database back to its last hand-end copy (#22.2): with SQLite's
``synchronous=NORMAL`` the commits since the last checkpoint may not be on the disk. The phones still
hold every entry and agreement since that copy, and send them again to the laptop when it answers
again at the same address (a new server: its WD-Server header changed). Every agreed result is back,
none twice, and the evening goes on.

The power cut is played by killing `rundrive` and restoring the last hand-end copy into its own data
folder: what the disk may hold after one.
"""

from __future__ import annotations

import signal

import pytest
from playwright.sync_api import expect

from tests.browser.laptops import Phone, make_evening, query, wait_backed_up
from tests.foundation.drive_process import free_port, laptop_env, manage, start_drive
from tests.waiting import wait_for

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_after_a_power_cut_the_phones_give_the_laptop_back_what_its_disk_lost(browser, tmp_path):
    data = tmp_path / "laptop"
    port = free_port()
    drive = start_drive(data, "--organiser", "olive", port=port)
    csp: list[str] = []
    phones = []
    try:
        tokens = make_evening(data)["tables"]
        t1n, t1e, t2n, t2e = (Phone(browser, drive.base_url, tokens[str(t)], seat, csp)
                              for t, seat in ((1, "N"), (1, "E"), (2, "N"), (2, "E")))  # fmt: skip
        phones = [t1n, t1e, t2n, t2e]
        t1n.enter(7), t1e.agree(), t2n.enter(6), t2e.agree()
        for phone in phones:
            phone.on_hand(2)
        automatic = data / "backups" / "automatic"
        copy = max(
            wait_for(lambda: list(automatic.glob("*.sqlite3")), timeout=30, what="an automatic backup"),
            key=lambda p: p.stat().st_mtime_ns,
        )
        wait_backed_up(data, 1)  # the phones learn it at their next request, and forget hand 1's taps
        for phone in phones:
            phone.sit()
        t1n.enter(8), t1e.agree(), t2n.enter(5)
    finally:
        drive.process.kill()
        drive.process.wait()

    try:
        # What the disk may hold after the power cut: the database as at hand 1's end.
        restored = manage("restore", str(copy), "--yes", "--port", "1", env=laptop_env(data))
        assert restored.returncode == 0, restored.stderr
        assert query(data, "SELECT COUNT(*) FROM whistdrive_result") == [(2,)]
        again = start_drive(data, port=port)
        try:
            # The phones find their laptop again at its address, and give it back hand 2's taps.
            expect(t1n.page.locator("#state")).to_contain_text("Agreed: North–South 8", timeout=60_000)
            expect(t2n.page.locator("#state")).to_contain_text("You said North–South 5", timeout=60_000)
            # Table 2's East kept nothing; its page comes back by itself, and the phone's seat for hand 2
            # went with the power cut (sessions are in the database): it remembers hand 1's player, who
            # has moved on. So East says "I'm not …", taps the seat again, agrees, and hand 3 begins.
            expect(t2e.page.locator(".you-panel")).to_be_visible(timeout=60_000)
            t2e.sit()
            t2e.agree()
            for phone in phones:
                phone.page.reload()
                phone.on_hand(3)
            results = query(data, "SELECT t.number, r.hand, r.tricks_ns FROM whistdrive_result r "
                            "JOIN whistdrive_table t ON t.id = r.table_id ORDER BY r.hand, t.number")  # fmt: skip
            assert results == [(1, 1, 7), (2, 1, 6), (1, 2, 8), (2, 2, 5)]
            came_back = query(data, "SELECT t.number, s.hand, s.action FROM whistdrive_submission s "
                              "JOIN whistdrive_table t ON t.id = s.table_id WHERE s.resent")  # fmt: skip
            assert sorted(came_back) == [(1, 2, "agree"), (1, 2, "enter"), (2, 2, "enter")]
            keys = query(data, "SELECT key, COUNT(*) FROM whistdrive_submission WHERE key != '' GROUP BY key")
            assert keys and all(count == 1 for _, count in keys)
        finally:
            again.stop(signal.SIGINT)
    finally:
        for phone in phones:
            phone.context.close()
    assert [m for m in csp if "Refused" in m] == []
