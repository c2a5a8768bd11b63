"""The laptop dies mid-hand and another one carries on the evening (#22, "Done when").

A real `rundrive` (laptop A) writes a second copy of every hand-end backup to a "USB stick" folder.
Four phones in Chromium play hand 1 at two tables; in hand 2, table 1 enters and agrees and table 2's
North enters, all after hand 1's copy was written. A is killed (SIGKILL). The last hand-end copy is
restored into a fresh data folder (`manage.py restore`) and a second `rundrive` (laptop B) starts
on another port. The phones holding taps the copy lacks find B by themselves and send them on; the
one phone that kept nothing finds it too, and each is still its player there (no seat to pick again);
the last agrees. Every agreed result of the evening is then on B, none twice, and B's live page lists
what came back from the phones.

The steps' times are printed (run with -s); docs/robustness.md has them.
"""

from __future__ import annotations

import signal
import time

import pytest
from playwright.sync_api import expect

from tests.browser.laptops import WAIT_MS, Phone, make_evening, query, wait_backed_up
from tests.foundation.drive_process import free_port_pair, laptop_env, manage, start_drive
from tests.waiting import wait_for

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_phones_carry_the_evening_to_a_laptop_restored_from_the_last_hand_end_copy(browser, tmp_path):
    usb, first, second = tmp_path / "usb", tmp_path / "laptop-a", tmp_path / "laptop-b"
    port = free_port_pair()  # B starts on the port after A's
    a = start_drive(first, "--organiser", "olive", "--second-copy", str(usb), port=port)
    csp: list[str] = []
    phones = []
    try:
        evening = make_evening(first)
        tokens = evening["tables"]
        t1n, t1e, t2n, t2e = (Phone(browser, a.base_url, tokens[str(t)], seat, csp)
                              for t, seat in ((1, "N"), (1, "E"), (2, "N"), (2, "E")))  # fmt: skip
        phones = [t1n, t1e, t2n, t2e]
        # Hand 1 at both tables: the hand's end is backed up, also to the USB stick.
        t1n.enter(7), t1e.agree(), t2n.enter(6), t2e.agree()
        for phone in phones:
            phone.on_hand(2)
        copy = max(
            wait_for(lambda: list(usb.glob("*.sqlite3")), timeout=30, what="a copy on the USB stick"),
            key=lambda p: p.stat().st_mtime_ns,
        )
        assert copy.with_suffix(".json").exists()
        wait_backed_up(first, 1)  # the phones learn it at their next request, and forget hand 1's taps
        # Hand 2, after the copy: table 1 enters and agrees, table 2's North enters. Then A dies.
        for phone in phones:
            phone.sit()
        t1n.enter(8), t1e.agree(), t2n.enter(5)
    finally:
        died = time.monotonic()
        a.process.kill()
        a.process.wait()

    try:
        # The organiser on laptop B: restore the USB stick's last copy into a fresh data folder, start.
        restored = manage("restore", str(copy), "--yes", "--port", "1", env=laptop_env(second))
        assert restored.returncode == 0, restored.stderr
        restored_at = time.monotonic()
        b = start_drive(second, port=port + 1)
        started_at = time.monotonic()
        try:
            assert query(second, "SELECT COUNT(*) FROM whistdrive_result") == [(2,)]  # hand 1 only
            # The three phones that kept hand 2's taps find B and go on there by themselves, and so does
            # table 2's East, which kept nothing; each is still its player there.
            kept = ((t1n, 1, "N"), (t1e, 1, "E"), (t2n, 2, "N"))
            for phone, number, seat in (*kept, (t2e, 2, "E")):
                expect(phone.page).to_have_url(f"{b.base_url}/t/{tokens[str(number)]}/", timeout=WAIT_MS)
                expect(phone.page.locator(f'#state[data-seat="{seat}"]')).to_have_count(1)
            found_at = time.monotonic()
            t2e.agree()  # the last result of hand 2: the evening moves on
            entering_at = time.monotonic()
            for phone in phones:
                phone.page.reload()
                phone.on_hand(3)

            results = query(second, "SELECT t.number, r.hand, r.tricks_ns FROM whistdrive_result r "
                            "JOIN whistdrive_table t ON t.id = r.table_id ORDER BY r.hand, t.number")  # fmt: skip
            agreed_before_a_died = [(1, 1, 7), (2, 1, 6), (1, 2, 8)]
            assert results == [*agreed_before_a_died, (2, 2, 5)]
            came_back = query(second, "SELECT t.number, s.hand, s.action FROM whistdrive_submission s "
                              "JOIN whistdrive_table t ON t.id = s.table_id WHERE s.resent ORDER BY s.id")  # fmt: skip
            assert sorted(came_back) == [(1, 2, "agree"), (1, 2, "enter"), (2, 2, "enter")]
            keys = query(second, "SELECT key, COUNT(*) FROM whistdrive_submission WHERE key != '' GROUP BY key")
            assert keys and all(count == 1 for _, count in keys)
            print(
                f"\nlaptop died -> restored: {restored_at - died:.1f} s; rundrive answering: "
                f"{started_at - restored_at:.1f} s; phones with kept taps on B: {found_at - started_at:.1f} s; "
                f"all four phones entering again: {entering_at - started_at:.1f} s after start"
            )
        finally:
            b.stop(signal.SIGINT)
    finally:
        for phone in phones:
            phone.context.close()
    assert [m for m in csp if "Refused" in m] == []
