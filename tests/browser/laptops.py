"""A real laptop's phones in Chromium, for the tests where the laptop itself dies (#22)."""

from __future__ import annotations

import http.server
import json
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from tests.browser.conftest import PHONE
from tests.foundation.drive_process import REPO, laptop_env
from tests.waiting import wait_for

WAIT_MS = 90_000  # finding the new laptop: the phones wait 8 s without an answer, then look


def make_evening(data_dir: Path) -> dict:
    """A started two-table evening of four hands in the laptop's database: its event, board and table tokens."""
    return make_evenings(data_dir, 1)[0]


def make_evenings(data_dir: Path, count: int) -> list[dict]:
    """``count`` such evenings, made by one process (starting it costs more than an evening)."""
    made = subprocess.run([sys.executable, "tests/faults/make_evening.py", "2", "4", str(count)], cwd=REPO,
                          env=laptop_env(data_dir), capture_output=True, text=True, timeout=120)  # fmt: skip
    assert made.returncode == 0, made.stderr[-3000:]
    return json.loads(made.stdout.strip().splitlines()[-1])


def query(data_dir: Path, sql: str, *args):
    with sqlite3.connect(data_dir / "whistdrive.sqlite3") as db:
        return db.execute(sql, args).fetchall()


def wait_backed_up(data_dir: Path, hand: int) -> None:
    """Wait until the laptop has marked ``hand`` as held by its backup (backups.automatic): the phones'
    next request then tells them (WD-Backed-Up), and they forget their taps of it."""
    wait_for(
        lambda: query(data_dir, "SELECT MIN(backed_up_hand) FROM whistdrive_event")[0][0] >= hand,
        timeout=WAIT_MS / 1000,
        what=f"the backup marked as holding hand {hand}",
    )


class Phone:
    def __init__(self, browser, base_url: str, token: str, seat: str, csp: list[str]):
        self.context = browser.new_context(base_url=base_url, viewport=PHONE)
        self.context.set_default_timeout(WAIT_MS)
        self.context.on("console", lambda m: csp.append(m.text) if "Content Security Policy" in m.text else None)
        self.page = self.context.new_page()
        self.seat = seat
        self.page.goto(f"/t/{token}/")
        self.sit()

    def sit(self) -> None:
        """Whoever sits in the phone's seat this hand takes it (the players move after each hand); a table
        whose hand is agreed asks nobody.

        The page may change under the tap: on a laptop that took over, another phone's kept agreement can
        arrive between seeing the seats and tapping one, and the agreed page asks nobody (seen on CI)."""
        self.page.locator(".pick-seats, form.forget, .panel.ok, .you-panel").first.wait_for()
        if self.page.locator(".you-panel").count():
            # The phone's last player has moved to another table: the one now in this seat says "I'm not …".
            self.page.locator(".you-panel form button").click()
            self.page.locator(".pick-seats, .panel.ok").first.wait_for()
        seated_or_agreed = self.page.locator("form.forget, .panel.ok")
        deadline = time.monotonic() + WAIT_MS / 1000
        while not seated_or_agreed.count():
            assert time.monotonic() < deadline, "the phone's seat was never taken"
            try:
                self.page.locator(f'.pick-seats button[value="{self.seat}"]').click(timeout=2_000)
                seated_or_agreed.first.wait_for(timeout=10_000)
            except PlaywrightTimeoutError:  # the page changed under the tap, or is slow: look again
                pass

    def enter(self, tricks: int) -> None:
        self.page.locator(f'button[name="tricks"][value="{tricks}"]').click()
        expect(self.page.locator("#state")).to_contain_text("You said")

    def agree(self) -> None:
        self.page.locator('form[action$="/agree/"] button').first.click()
        # "Agreed", or straight away the next hand when this was the hand's last result.
        expect(self.page.locator('form[action$="/agree/"]')).to_have_count(0)

    def on_hand(self, hand: int) -> None:
        expect(self.page.locator("#state .hand-line")).to_contain_text(f"Hand {hand}")


class Rogue:
    """A device on the hall's network that answers 200 to everything, as a laptop's "here" would, with a
    proof it cannot have, readable by any page; it records every request it was sent (#44, attack 2)."""

    def __init__(self, host: str, port: int):
        self.received: list[str] = []
        received = self.received

        class Answer(http.server.BaseHTTPRequestHandler):
            def _answer(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length).decode("latin-1") if length else ""
                received.append(f"{self.command} {self.path}\n{self.headers}\n{body}")
                answer = json.dumps({"proofs": ["0" * 32], "table": 1, "taken": True}).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Access-Control-Allow-Origin", "*")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            do_GET = do_POST = do_PUT = _answer

            def log_message(self, *args) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer((host, port), Answer)
        self.address = f"{host}:{port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
