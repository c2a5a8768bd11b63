"""Browser fixtures: Debian's Chromium driven by Playwright against pytest-django's live server.

Playwright cannot download its own browsers here, so it launches /usr/bin/chromium; without it
every browser test is skipped (CI installs it). Each phone or laptop is its own browser context,
so each has its own cookies, as separate devices do. Every request any page makes is recorded,
so a test can say that nothing left the hall (no CDN, font or analytics request).
"""

from __future__ import annotations

import contextlib
import os
import re
import threading
from contextlib import nullcontext
from pathlib import Path
from urllib.parse import urlsplit

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
PHONE = {"width": 360, "height": 640}
LAPTOP = {"width": 1280, "height": 800}
# The hall's own screens, as issue 16 tried them: a tall phone, a small laptop, a projector.
HALL_PHONE = {"width": 390, "height": 844}
HALL_LAPTOP = {"width": 1366, "height": 768}
PROJECTOR = {"width": 1920, "height": 1080}
# Polls run every 3 s (live page), 4 s (table page) and 10 s (board): a wait covers a few of them.
WAIT_MS = 15_000
AXE_DEFAULT = Path.home() / ".cache" / "whistdrive-axe" / "node_modules" / "axe-core" / "axe.min.js"
REPO = Path(__file__).resolve().parents[2]


def axe_path() -> Path | None:
    path = Path(os.environ.get("WHISTDRIVE_AXE_JS") or AXE_DEFAULT)
    return path if path.is_file() else None


@pytest.fixture(scope="module")
def browser():
    """One Chromium per test module; closed before the next module so no event loop lingers."""
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing: install Debian's chromium package to run the browser tests")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(autouse=True)
def close_every_page_at_the_end(request):
    """Every phone and laptop a test opened is closed when the test ends, not when its module does (those a
    module's own fixture opened for all its tests stay open for them).

    A page left open keeps running: once the test has stopped its laptop, its table page looks for another
    laptop on the network (kept.js), a few hundred asks every second and a half. A dozen such pages made
    Playwright's own messages so many that a later test of the module never finished (CI stopped it at 25
    minutes)."""
    if "browser" not in request.fixturenames:
        yield
        return
    from playwright.sync_api import Error as PlaywrightError

    browser = request.getfixturevalue("browser")
    before = set(browser.contexts)
    yield
    for context in [c for c in browser.contexts if c not in before]:
        with contextlib.suppress(PlaywrightError):  # already closed by the test, or its browser gone
            context.close()


@pytest.fixture
def artifacts(request) -> Path:
    """Where this test's screenshots go: $WHISTDRIVE_ARTIFACTS or <repo>/artifacts/ (gitignored)."""
    root = Path(os.environ.get("WHISTDRIVE_ARTIFACTS") or REPO / "artifacts")
    folder = root / "browser" / re.sub(r"[^\w.-]+", "_", request.node.name)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


class Hall:
    """The devices in the hall: browser contexts on the live server, each recording its requests."""

    def __init__(self, browser, live_server, artifacts: Path):
        self.browser = browser
        self.base_url = live_server.url
        self.artifacts = artifacts
        self.requests: list[str] = []
        self.contexts = []
        self.shots = 0
        # What the browser refused under the site's Content-Security-Policy (it says so on its console).
        self.csp_violations: list[str] = []

    def device(self, viewport: dict = PHONE):
        context = self.browser.new_context(base_url=self.base_url, viewport=viewport)
        context.set_default_timeout(WAIT_MS)
        context.on("request", lambda request: self.requests.append(request.url))
        context.on("console", self._note_csp_violation)
        self.contexts.append(context)
        return context.new_page()

    def phone(self):
        return self.device(PHONE)

    def laptop(self):
        return self.device(LAPTOP)

    def shot(self, page, name: str) -> Path:
        """A full-page screenshot, numbered in the order taken so the folder reads as the evening."""
        self.shots += 1
        path = self.artifacts / f"{self.shots:02d}-{name}.png"
        page.screenshot(path=path, full_page=True)
        return path

    def _note_csp_violation(self, message) -> None:
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            self.csp_violations.append(f"{message.page.url if message.page else '?'}: {message.text}")

    def foreign_requests(self) -> list[str]:
        """Every request that went anywhere but the live server (data: and blob: URLs stay in the page)."""
        here = urlsplit(self.base_url).netloc
        return [
            url
            for url in self.requests
            if urlsplit(url).scheme not in ("data", "blob") and urlsplit(url).netloc != here
        ]

    def close(self):
        for context in self.contexts:
            context.close()


@pytest.fixture(scope="session")
def _plain_http():
    """Hosted mode (the suite on PostgreSQL) redirects to HTTPS, and the live server's middleware is
    built once for the session, before the per-test settings: the browser speaks plain HTTP."""
    from django.test import override_settings

    with override_settings(SECURE_SSL_REDIRECT=False, SESSION_COOKIE_SECURE=False, CSRF_COOKIE_SECURE=False):
        yield


@pytest.fixture(scope="session")
def live_server(django_db_setup, _plain_http, live_server):
    """pytest-django's live server, started only once the test database exists.

    Started before it (pytest may order them either way), the server sees the laptop's database
    name, does not share the test's in-memory SQLite connection, and each request thread opens
    its own connection to the shared-cache memory database: their table locks then fail at once
    with "database table is locked" (shared-cache locks ignore the busy timeout).
    """
    return live_server


# With the in-memory SQLite test database the live server's threads and the test share ONE
# connection (pytest-django's connections_override), and two requests at once on it fail with
# "database table is locked" (a poll racing a post). A laptop's file database has a connection
# per thread and a busy timeout, so this is the test set-up's limit, not the app's: requests are
# served one at a time, and the test reads the database holding the same lock (see `db_quiet`).
SHARED_CONNECTION = threading.RLock()


class _OneRequestAtATime:
    def __init__(self, app):
        self.app = app

    def __call__(self, environ, start_response):
        with SHARED_CONNECTION:
            response = self.app(environ, start_response)
            try:
                return list(response)
            finally:
                if hasattr(response, "close"):
                    response.close()


def _shares_one_connection(live_server) -> bool:
    return bool(live_server.thread.connections_override)


def db_quiet(live_server):
    """Hold while the test itself reads or writes the database under a running live server."""
    return SHARED_CONNECTION if _shares_one_connection(live_server) else nullcontext()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call":
        item.browser_call_failed = report.failed
    return report


@pytest.fixture
def hall(browser, live_server, artifacts, request):
    httpd = live_server.thread.httpd
    if _shares_one_connection(live_server) and not isinstance(httpd.get_app(), _OneRequestAtATime):
        httpd.set_app(_OneRequestAtATime(httpd.get_app()))
    devices = Hall(browser, live_server, artifacts)
    yield devices
    if getattr(request.node, "browser_call_failed", False):
        # What each device showed when the test failed.
        for number, context in enumerate(devices.contexts, 1):
            for page in context.pages:
                devices.shot(page, f"failed-device-{number}")
    devices.close()
    # A request the closed pages sent may still be being served on the shared connection: the test's
    # database is emptied after it, not under it ("database table is locked" in the flush, seen on CI).
    with db_quiet(live_server):
        pass
    # Every page of every browser test keeps to the Content-Security-Policy: nothing was refused.
    assert devices.csp_violations == [], devices.csp_violations


def htmx_settled(page) -> None:
    """Wait until htmx has swapped and wired up new content, so typing into it is seen."""
    busy = page.locator(".htmx-request, .htmx-swapping, .htmx-settling, .htmx-added")
    busy.first.wait_for(state="detached")


def log_in(page, username: str, password: str) -> None:
    page.goto("/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("button", name="Log out").wait_for()


def serious_violations(page) -> list[str]:
    """axe-core's serious and critical violations on the page as it is, one line each.

    Skips (saying why) when axe-core is not installed; .ci/run installs it with npm.
    """
    path = axe_path()
    if path is None:
        pytest.skip(f"axe-core not found (set WHISTDRIVE_AXE_JS or npm install it into {AXE_DEFAULT.parents[2]})")
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        # Evaluated through the browser's debugging protocol: a <script> tag added to the page would
        # be refused by the site's Content-Security-Policy, as it should be.
        page.evaluate(path.read_text(encoding="utf-8"))
    results = page.evaluate("async () => await axe.run()")
    return [
        f"{v['impact']}: {v['id']} ({v['help']}) at {', '.join(str(n['target']) for n in v['nodes'][:5])}"
        for v in results["violations"]
        if v["impact"] in ("serious", "critical")
    ]
