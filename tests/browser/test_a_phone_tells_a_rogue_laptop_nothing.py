"""#44, attack 2: a device on the hall's network that answers 200 to everything, at the addresses a phone
looks at first for a replaced laptop (the laptop's own machine on the next port, its neighbour on the
network), learns nothing of a table and gets no tap; the phones say they refused it, and go on to the real
replacement, further off, as the players they were.

Real servers on loopback addresses standing in for the hall's devices: laptop A (`rundrive`) at 127.0.0.20,
two rogues (127.0.0.21 on A's port, 127.0.0.20 on the next port), and laptop B, restored from A's last
hand-end copy, at 127.0.0.40. Four phones in Chromium play hand 1; in hand 2 table 1's North enters (a tap
the copy lacks) and A dies. Table 2's East holds no tap.
"""

from __future__ import annotations

import re
import signal

import pytest
from playwright.sync_api import expect

from tests.browser.laptops import WAIT_MS, Phone, Rogue, make_evening, query
from tests.foundation.drive_process import free_port_pair, laptop_env, manage, start_drive
from tests.waiting import wait_for

pytestmark = [pytest.mark.browser, pytest.mark.slow]

A_HOST, ROGUE_HOST, B_HOST = "127.0.0.20", "127.0.0.21", "127.0.0.40"
REFUSED = "A device at {} claimed to be the laptop but could not prove it: nothing was sent to it."


@pytest.fixture(scope="module")
def hall(browser, tmp_path_factory):
    tmp = tmp_path_factory.mktemp("rogue")
    usb, first, second = tmp / "usb", tmp / "laptop-a", tmp / "laptop-b"
    port = free_port_pair()
    rogues = [Rogue(ROGUE_HOST, port), Rogue(A_HOST, port + 1)]
    a = start_drive(first, "--organiser", "olive", "--second-copy", str(usb), port=port, host=A_HOST)
    csp: list[str] = []
    phones: list[Phone] = []
    b = None
    try:
        try:
            tokens = make_evening(first)["tables"]
            t1n, t1e, t2n, t2e = (Phone(browser, a.base_url, tokens[str(t)], seat, csp)
                                  for t, seat in ((1, "N"), (1, "E"), (2, "N"), (2, "E")))  # fmt: skip
            phones = [t1n, t1e, t2n, t2e]
            t1n.enter(7), t1e.agree(), t2n.enter(6), t2e.agree()
            for phone in phones:
                phone.on_hand(2)
            copy = max(
                wait_for(lambda: list(usb.glob("*.sqlite3")), timeout=30, what="a copy on the USB stick"),
                key=lambda p: p.stat().st_mtime_ns,
            )
            for phone in phones:
                phone.sit()
            t1n.enter(8)  # kept by the phone: A's last copy ends at hand 1
        finally:
            a.process.kill()
            a.process.wait()
        # Both phones find the rogues first, and refuse them, before any replacement answers.
        for phone in (t1n, t2e):
            for rogue in rogues:
                expect(phone.page.locator("#wd-kept")).to_contain_text(REFUSED.format(rogue.address), timeout=WAIT_MS)
        restored = manage("restore", str(copy), "--yes", "--port", "1", env=laptop_env(second))
        assert restored.returncode == 0, restored.stderr
        b = start_drive(second, port=port, host=B_HOST)
        for phone, number in ((t1n, 1), (t2e, 2)):
            expect(phone.page).to_have_url(f"{b.base_url}/t/{tokens[str(number)]}/", timeout=WAIT_MS)
            phone.page.locator("#state").wait_for()
        yield {"tokens": tokens, "rogues": rogues, "b": second, "t1n": t1n, "t2e": t2e, "csp": csp}
    finally:
        if b is not None:
            b.stop(signal.SIGINT)
        for phone in phones:
            phone.context.close()
        for rogue in rogues:
            rogue.close()


def test_a_rogue_is_asked_only_a_nonce_and_never_hears_a_token_or_a_tap(hall):
    keys = [key for (key,) in query(hall["b"], "SELECT key FROM whistdrive_submission WHERE key != ''")]
    assert keys
    for rogue in hall["rogues"]:
        assert rogue.received, f"{rogue.address} was never asked"
        for request in rogue.received:
            assert re.fullmatch(r"GET /here/\?nonce=[0-9a-f]{32}", request.splitlines()[0]), request
            assert not any(token in request for token in hall["tokens"].values()), request
            assert not any(key in request for key in keys) and "tricks" not in request, request
            assert "cookie" not in request.lower() and "referer" not in request.lower(), request


def test_a_phone_holding_a_tap_carries_it_to_the_real_laptop_and_keeps_its_seat(hall):
    came_back = query(hall["b"], "SELECT t.number, s.hand, s.action, s.seat FROM whistdrive_submission s "
                      "JOIN whistdrive_table t ON t.id = s.table_id WHERE s.resent AND s.hand = 2")  # fmt: skip
    assert came_back == [(1, 2, "enter", "N")]
    page = hall["t1n"].page
    expect(page.locator('#state[data-seat="N"]')).to_have_count(1)
    expect(page.locator(".pick-seats")).to_have_count(0)
    expect(page.locator("#state")).to_contain_text("You said")


def test_an_idle_phone_finds_the_real_laptop_by_itself_and_keeps_its_seat(hall):
    page = hall["t2e"].page
    expect(page.locator('#state[data-seat="E"]')).to_have_count(1)
    expect(page.locator(".pick-seats")).to_have_count(0)


def test_the_phones_connected_only_where_the_table_page_allows(hall):
    assert [m for m in hall["csp"] if "Refused" in m] == []
