"""Phones as a real server sees them: their own cookies, the CSRF token read from the page, htmx posts.

A table is played by two phones: North enters North–South's tricks, East agrees them. Every
answer is recorded, so a test can hold the server to each success it reported.
"""

from __future__ import annotations

import http.cookiejar
import re
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field

from tests.waiting import eventually

CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
HAND = re.compile(r'name="hand" value="(\d+)"')
ERROR = 'class="notice error"'
STUCK_AFTER = 120  # seconds a table waits for the other tables before it reports the evening stuck


def tricks_for(table: int, hand: int) -> int:
    """North–South's tricks at ``table`` in ``hand``: varied and known in advance."""
    return (3 * hand + 5 * table) % 14


class Phone:
    def __init__(self, base_url: str, token: str):
        self.base = f"{base_url}/t/{token}/"
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.csrf = ""

    def page(self) -> str:
        with self.opener.open(self.base, timeout=30) as response:
            text = response.read().decode()
        match = CSRF.search(text)
        if match:
            self.csrf = match.group(1)
        return text

    def post(self, action: str, data: dict, *, timeout: float = 30) -> tuple[int, str]:
        if not self.csrf:
            self.page()
        body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": self.csrf}).encode()
        request = urllib.request.Request(self.base + action, data=body, headers={"HX-Request": "true"})
        try:
            with self.opener.open(request, timeout=timeout) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as exc:
            return exc.code, exc.read().decode(errors="replace")

    def current_hand(self) -> int | None:
        match = HAND.search(self.page())
        return int(match.group(1)) if match else None


@dataclass
class Log:
    """Every post's answer: (table, hand, action, status, error shown)."""

    answers: list[tuple[int, int, str, int, bool]] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def note(self, table: int, hand: int, action: str, status: int, text: str) -> None:
        with self.lock:
            self.answers.append((table, hand, action, status, ERROR in text))

    def successes(self, action: str) -> set[tuple[int, int]]:
        with self.lock:
            return {(t, h) for t, h, a, status, error in self.answers if a == action and status == 200 and not error}


def play_table(base_url: str, number: int, token: str, hands: int, log: Log, stop: threading.Event) -> None:
    """Play ``number``'s hands up to ``hands``: North enters, East agrees, then wait for the next hand."""
    north, east = Phone(base_url, token), Phone(base_url, token)
    try:
        while not stop.is_set():
            hand = north.current_hand()
            if hand is None or hand > hands:
                if "The evening is over" in north.page():
                    return
                time.sleep(0.05)  # a phone's own poll for its next hand, as the page polls: not a wait in the test
                continue
            # Players move between hands: each hand the phones say again who holds them.
            north.post("seat/", {"seat": "N"})
            east.post("seat/", {"seat": "E"})
            ns = tricks_for(number, hand)
            status, text = north.post("enter/", {"hand": hand, "tricks": ns})
            log.note(number, hand, "enter", status, text)
            status, text = east.post("agree/", {"hand": hand, "seat": "E", "tricks_ns": ns})
            log.note(number, hand, "agree", status, text)
            if not eventually(lambda hand=hand: stop.is_set() or north.current_hand() != hand, timeout=STUCK_AFTER):
                with log.lock:
                    log.failures.append(f"table {number}: hand {hand} never moved on")
                return
            if hand == hands:
                return
    except Exception as exc:  # noqa: BLE001 - a dead server is what some tests want; the test decides
        with log.lock:
            log.failures.append(f"table {number}: {exc!r}")


def play_all(base_url: str, tokens: dict, hands: int, log: Log, stop: threading.Event) -> list[threading.Thread]:
    threads = [
        threading.Thread(target=play_table, args=(base_url, int(n), token, hands, log, stop), daemon=True)
        for n, token in tokens.items()
    ]
    for thread in threads:
        thread.start()
    return threads
