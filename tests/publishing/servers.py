"""A laptop (``rundrive`` on SQLite) and the club's hosted site (uvicorn on PostgreSQL, or on SQLite)
started as real processes, for the publishing tests that go over HTTP."""

from __future__ import annotations

import http.cookiejar
import json
import re
import sqlite3
import subprocess
import sys
import urllib.parse
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from tests.foundation.drive_process import REPO, Drive, free_port, laptop_env, manage, migrated, start_drive
from tests.waiting import wait_for

CSRF = re.compile(rb'name="csrfmiddlewaretoken" value="([^"]+)"')
UVICORN = [sys.executable, "-m", "uvicorn", "whistdrive.asgi:application", "--host", "127.0.0.1", "--port", "{port}",
           "--no-access-log"]  # fmt: skip


@dataclass
class Hosted:
    """The club's hosted site: its environment, its club and the publishing key its organiser made."""

    env: dict[str, str]
    data_dir: Path
    database_url: str  # "" for SQLite in the data folder
    port: int
    club_public_id: str = ""
    key: str = ""
    process: subprocess.Popen | None = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def shell(self, code: str) -> str:
        """What ``code`` printed last (Django's shell may say first what it imported)."""
        done = manage("shell", "-c", code, env=self.env)
        assert done.returncode == 0, done.stderr
        return done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""

    def start(self) -> None:
        self.process = subprocess.Popen(
            [part.format(port=self.port) for part in UVICORN],
            cwd=REPO, env=self.env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        )  # fmt: skip
        wait_for(self._answers, timeout=60, what=f"the hosted site on {self.port}")

    def _answers(self) -> bool:
        assert self.process is not None
        if self.process.poll() is not None:
            raise AssertionError(
                f"the hosted site stopped: {self.process.stderr.read() if self.process.stderr else ''}"
            )
        try:
            with urllib.request.urlopen(self.base_url + "healthz", timeout=2) as response:
                return response.status == 200
        except OSError:
            return False

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)
        self.process = None

    def evenings(self, public_id: str) -> list[tuple]:
        """(published_at set, corrected_at set, entrants) of each stored evening with this public id."""
        query = (
            "SELECT e.published_at IS NOT NULL, e.corrected_at IS NOT NULL, "
            "(SELECT count(*) FROM whistdrive_entrant n WHERE n.event_id = e.id) "
            "FROM whistdrive_event e WHERE e.public_id = %s"
        )
        if self.database_url:
            import psycopg  # only where PostgreSQL is used (the module is skipped without it)

            with psycopg.connect(self.database_url) as connection:
                return [tuple(row) for row in connection.execute(query, (public_id,)).fetchall()]
        with sqlite3.connect(self.data_dir / "whistdrive.sqlite3", timeout=30) as connection:
            return [tuple(row) for row in connection.execute(query.replace("%s", "?"), (public_id,)).fetchall()]


def hosted_site(tmp_path: Path, database_url: str) -> Hosted:
    """A hosted site with one club, its organiser and a publishing key (not started yet), on ``database_url``
    (migrated already: postgres_database(..., migrated=True)), or on a migrated SQLite file when it is ""."""
    data_dir = tmp_path / "hosted"
    extra = {"DATABASE_URL": database_url} if database_url else {"WHISTDRIVE_HOSTED": "1"}
    env = laptop_env(
        data_dir,
        DJANGO_SECRET_KEY="publish-hosted-" + "k" * 40,
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        # The test talks to the application itself: no front server ends HTTPS before it.
        DJANGO_SECURE_SSL_REDIRECT="false",
        **extra,
    )
    hosted = Hosted(env=env, data_dir=data_dir, database_url=database_url, port=free_port())
    if not database_url:
        migrated(data_dir)  # the very database `migrate` makes, copied
    made = json.loads(
        hosted.shell(
            "import json\n"
            "from clubs.models import Club, PublishingKey\n"
            "club, user, _ = Club.objects.add_with_organiser('Nether Wallop Whist Club', 'olive')\n"
            "_row, key = PublishingKey.objects.make(club, user)\n"
            "print(json.dumps({'club': club.public_id, 'key': key}))\n"
        )
        .strip()
        .splitlines()[-1]
    )
    hosted.club_public_id, hosted.key = made["club"], made["key"]
    return hosted


@dataclass
class Laptop:
    drive: Drive
    data_dir: Path
    event: int = 0
    club: int = 0

    def manage(self, *args: str, stdin: str = "") -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "manage.py", *args], cwd=REPO, env=laptop_env(self.data_dir), input=stdin,
            capture_output=True, text=True, timeout=120,
        )  # fmt: skip

    def shell(self, code: str) -> str:
        """What ``code`` printed last (Django's shell may say first what it imported)."""
        done = self.manage("shell", "-c", code)
        assert done.returncode == 0, done.stderr
        return done.stdout.strip().splitlines()[-1]

    def browser(self) -> urllib.request.OpenerDirector:
        """The organiser, logged in."""
        browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        with browser.open(self.drive.base_url + "/login/", timeout=10) as response:
            token = CSRF.search(response.read()).group(1).decode()
        form = {"username": "olive", "password": self.drive.password(), "csrfmiddlewaretoken": token, "next": "/"}
        with browser.open(self.drive.base_url + "/login/", data=urllib.parse.urlencode(form).encode(), timeout=10):
            pass
        return browser

    def page(self, browser, path: str) -> str:
        with browser.open(self.drive.base_url + path, timeout=30) as response:
            return response.read().decode()

    def press(self, browser, path: str, action: str) -> str:
        """Press the page's button that posts to ``action``; the page answered after."""
        page = self.page(browser, path).encode()
        token = CSRF.search(page).group(1).decode()
        with browser.open(
            self.drive.base_url + action,
            data=urllib.parse.urlencode({"csrfmiddlewaretoken": token}).encode(),
            timeout=60,
        ) as response:
            return response.read().decode()

    def publication(self, event: int | None = None) -> tuple:
        """(state, tries, message) of the evening's publishing (this laptop's evening unless ``event``)."""
        with sqlite3.connect(self.data_dir / "whistdrive.sqlite3", timeout=30) as connection:
            return connection.execute(
                "SELECT state, tries, message FROM whistdrive_publication WHERE event_id = ?", (event or self.event,)
            ).fetchone() or ("", 0, "")


def laptop(tmp_path: Path, retry_seconds: float = 0.3) -> Laptop:
    """A laptop running ``rundrive`` with a finished evening of its club's members, retrying publishes often."""
    data_dir = tmp_path / "laptop"
    drive = start_drive(data_dir, "--organiser", "olive", WHISTDRIVE_PUBLISH_RETRY_SECONDS=str(retry_seconds))
    machine = Laptop(drive=drive, data_dir=data_dir)
    made = json.loads(
        machine.shell(
            "import json\n"
            "from clubs.models import Club\n"
            "from whistdrive.engines.formats import Format\n"
            "from whistdrive.evening.simulate import simulate_event\n"
            "club = Club.objects.get()\n"
            "event = simulate_event(fmt=Format(hands=8, interval_after=4), tables=2, spares=1, seed=5, club=club)\n"
            "print(json.dumps({'club': club.pk, 'event': event.pk}))\n"
        )
        .strip()
        .splitlines()[-1]
    )
    machine.club, machine.event = made["club"], made["event"]
    return machine
