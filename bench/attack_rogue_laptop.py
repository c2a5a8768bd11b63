"""How long a phone takes to find the laptop that replaced its own, with rogue devices answering on the
addresses it asks first (#44, attack 2).

    python bench/attack_rogue_laptop.py                       # the three places, silent hall
    python bench/attack_rogue_laptop.py --where far --runs 3
    python bench/attack_rogue_laptop.py --no-silent           # every other address refuses at once

Loopback addresses stand in for the hall's devices (Linux: any 127.x address is this machine). Laptop A
(`rundrive`) at 127.0.0.20 serves a started evening; two phones in Chromium sit at table 1, North enters
a result (kept by the phone: A's backup does not hold it), East taps nothing. Two rogues answer 200 to
everything, readable by any page, at 127.0.0.21 on A's port and at 127.0.0.20 on the next port. With
--silent (the default), every other address of 127.0.0.0/24 on A's port and on 8000 (where it can be
bound) accepts connections and never answers, as a hall's silent addresses cost a phone its whole wait.
A is killed; once both phones say they refused the rogues (they are looking), laptop B starts with A's
evening at WHERE: "port" (127.0.0.20, two ports up), "near" (127.0.0.23) or "far" (127.0.0.200).

Prints, for each run, the seconds from B answering to each phone showing its table on B, and to North's
kept entry stored on B; and whether a rogue ever received a table's token or the tap (it must not).
"""

from __future__ import annotations

import argparse
import selectors
import shutil
import signal
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.browser.laptops import Phone, Rogue, make_evening, query  # noqa: E402
from tests.foundation.drive_process import free_port_pair, start_drive  # noqa: E402

A_HOST = "127.0.0.20"
ROGUE_HOST = "127.0.0.21"
PLACES = {"port": (A_HOST, 2), "near": ("127.0.0.23", 0), "far": ("127.0.0.200", 0)}
DEADLINE = 180  # seconds a phone is given to find B before the run counts as failed


class SilentHall:
    """Listeners on many addresses that accept every connection and never answer (closed after 30 s)."""

    def __init__(self, addresses: list[tuple[str, int]]):
        self.selector = selectors.DefaultSelector()
        self.held: list[tuple[float, socket.socket]] = []
        self.bound = 0
        for address in addresses:
            listener = socket.socket()
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                listener.bind(address)
            except OSError:  # in use (another server on this machine): it answers or refuses instead
                listener.close()
                continue
            listener.listen(256)
            listener.setblocking(False)
            self.selector.register(listener, selectors.EVENT_READ)
            self.bound += 1
        self.running = True
        self.thread = threading.Thread(target=self._hold, daemon=True)
        self.thread.start()

    def _hold(self) -> None:
        while self.running:
            for key, _ in self.selector.select(timeout=0.2):
                try:
                    connection, _ = key.fileobj.accept()
                    self.held.append((time.monotonic(), connection))
                except OSError:
                    pass
            while self.held and time.monotonic() - self.held[0][0] > 30:
                self.held.pop(0)[1].close()

    def close(self) -> None:
        self.running = False
        self.thread.join()
        for key in list(self.selector.get_map().values()):
            key.fileobj.close()
        for _, connection in self.held:
            connection.close()


def one_run(browser, pristine: Path, work: Path, tokens: dict, where: str, silent: bool) -> dict:
    first, second = work / "laptop-a", work / "laptop-b"
    shutil.copytree(pristine, first)
    shutil.copytree(pristine, second)  # B: the evening as A's last backup held it (nothing entered)
    port = free_port_pair()
    b_host, b_offset = PLACES[where]
    b_port = port + b_offset
    rogues = [Rogue(ROGUE_HOST, port), Rogue(A_HOST, port + 1)]
    hall = None
    if silent:
        taken = {(A_HOST, port), (ROGUE_HOST, port), (A_HOST, port + 1), (b_host, b_port)}
        addresses = [(f"127.0.0.{n}", p) for n in range(2, 255) for p in (port, 8000)]
        hall = SilentHall([address for address in addresses if address not in taken])
    a = start_drive(first, port=port, host=A_HOST)
    csp: list[str] = []
    phones = []
    b = None
    try:
        north = Phone(browser, a.base_url, tokens["1"], "N", csp)
        east = Phone(browser, a.base_url, tokens["1"], "E", csp)
        phones = [north, east]
        north.enter(7)
        a.process.kill()
        a.process.wait()
        died = time.monotonic()
        for phone in phones:  # both are looking, and have refused the rogues
            box = phone.page.locator("#wd-kept")
            while time.monotonic() - died < DEADLINE:
                text = (box.first.text_content() if box.count() else "") or ""
                if all(rogue.address in text for rogue in rogues):
                    break
                phone.page.wait_for_timeout(50)
        looking_for = time.monotonic() - died
        b = start_drive(second, port=b_port, host=b_host)
        answering = time.monotonic()
        found: dict[str, float] = {}
        tap = None
        while time.monotonic() - answering < DEADLINE and (len(found) < 2 or tap is None):
            for name, phone in (("North (kept a tap)", north), ("East (idle)", east)):
                if name not in found and phone.page.url.startswith(b.base_url + "/t/"):
                    found[name] = time.monotonic() - answering
            if tap is None and query(second, "SELECT COUNT(*) FROM whistdrive_submission WHERE resent")[0][0]:
                tap = time.monotonic() - answering
            north.page.wait_for_timeout(50)  # lets Playwright hear the pages' navigations meanwhile
        received = "\n".join(request for rogue in rogues for request in rogue.received)
        leaked = any(token in received for token in tokens.values()) or "tricks" in received
        return {
            "found": found,
            "tap": tap,
            "rogue_asks": sum(len(rogue.received) for rogue in rogues),
            "leaked": leaked,
            "silent": hall.bound if hall else 0,
            "looking_before_b": looking_for,
            "refused_csp": [m for m in csp if "Refused" in m],
        }
    finally:
        if b is not None:
            b.stop(signal.SIGINT)
        if a.process.poll() is None:
            a.process.kill()
        for phone in phones:
            phone.context.close()
        for rogue in rogues:
            rogue.close()
        if hall:
            hall.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--where", choices=[*PLACES, "all"], default="all")
    parser.add_argument("--runs", type=int, default=1, help="runs of each place (1-5)")
    parser.add_argument("--no-silent", dest="silent", action="store_false", help="other addresses refuse at once")
    args = parser.parse_args()
    if not 1 <= args.runs <= 5:
        parser.error("--runs must be between 1 and 5")
    places = list(PLACES) if args.where == "all" else [args.where]
    with tempfile.TemporaryDirectory(prefix="attack-rogue-laptop-") as tmp:
        pristine = Path(tmp) / "evening"
        maker = start_drive(
            pristine, "--organiser", "olive"
        )  # migrates the folder's database; the evening is made beside it
        try:
            tokens = make_evening(pristine)["tables"]
        finally:
            maker.stop(signal.SIGINT)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            try:
                for where in places:
                    times = []
                    for run in range(args.runs):
                        result = one_run(browser, pristine, Path(tmp) / f"{where}-{run}", tokens, where, args.silent)
                        found = ", ".join(f"{name} {seconds:.1f} s" for name, seconds in result["found"].items())
                        tap = f"{result['tap']:.1f} s" if result["tap"] is not None else "never"
                        print(
                            f"B {where} ({PLACES[where][0]}), {result['silent']} silent listeners: phones on B after "
                            f"B answered: {found or 'none'}; North's kept entry on B: {tap}; rogues asked "
                            f"{result['rogue_asks']} times, received a token or a tap: {result['leaked']}; "
                            f"CSP refusals: {len(result['refused_csp'])}",
                            flush=True,
                        )
                        times.extend(result["found"].values())
                    if times:
                        print(f"  {where}: slowest phone {max(times):.1f} s, median {statistics.median(times):.1f} s")
            finally:
                browser.close()


if __name__ == "__main__":
    main()
