"""The hosted set-up docs/hosting.md gives, started from its very files, with test values: nginx over TLS
(docs/hosting/nginx-whistdrive.conf), two uvicorn workers as the systemd unit starts them
(docs/hosting/whistdrive@.service) with the environment file's settings (docs/hosting/whistdrive.env), PostgreSQL
and Redis. A phone plays through it while every worker is restarted in turn, as ``systemctl restart`` does it:
nothing is lost, no request fails, no worker logs a traceback, and no secret link reaches the access log.

So the documentation cannot drift: a changed file fails here. Skipped, saying why, without nginx, openssl,
a PostgreSQL server or a Redis server.
"""

from __future__ import annotations

import http.client
import json
import re
import shlex
import signal
import subprocess
import sys
import threading
import time
import urllib.parse
from http.cookies import SimpleCookie
from pathlib import Path

import pytest

from tests.foundation.drive_process import REPO, free_port, laptop_env, manage
from tests.foundation.test_a_front_server_for_a_hosted_install import NGINX, _tls, documented_site
from tests.foundation.test_two_servers_share_one_database import _listening, _redis_url, database  # noqa: F401
from tests.waiting import wait_for

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="systemd units and nginx: a Linux server"),
]

HOSTING = REPO / "docs" / "hosting"
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
WORDS = re.compile(r"<[^>]+>")


def environment_file() -> dict[str, str]:
    """docs/hosting/whistdrive.env as systemd reads it: KEY=VALUE lines, comments and blank lines skipped."""
    settings = {}
    for line in (HOSTING / "whistdrive.env").read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            key, _, value = line.partition("=")
            settings[key.strip()] = value.strip()
    return settings


def worker_command(port: int) -> list[str]:
    """The unit's ExecStart for the instance ``port``, with this test's Python instead of the server's venv."""
    unit = (HOSTING / "whistdrive@.service").read_text()
    (line,) = [line for line in unit.splitlines() if line.startswith("ExecStart=")]
    command = shlex.split(line.removeprefix("ExecStart=").replace("%i", str(port)))
    assert command[0] == "/srv/whistdrive/venv/bin/uvicorn", command
    return [sys.executable, "-m", "uvicorn", *command[1:]]


class HttpsPhone:
    """A phone in the hall: every request over HTTPS to nginx, with its own cookies."""

    def __init__(self, port: int, token: str):
        self.port, self.path, self.cookies, self.csrf = port, f"/t/{token}/", {}, ""

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict | None = None):
        connection = http.client.HTTPSConnection("127.0.0.1", self.port, timeout=30, context=_tls())
        try:
            cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
            connection.request(
                method, path, body=body, headers={"Host": "localhost", "Cookie": cookie, **(headers or {})}
            )
            response = connection.getresponse()
            for header in response.headers.get_all("Set-Cookie") or []:
                for name, morsel in SimpleCookie(header).items():
                    self.cookies[name] = morsel.value
            return response.status, response.read().decode()
        finally:
            connection.close()

    def page(self) -> str:
        status, text = self.request("GET", self.path)
        assert status == 200, (status, text[:300])
        if match := CSRF.search(text):
            self.csrf = match.group(1)
        return " ".join(WORDS.sub(" ", text).split())

    def post(self, action: str, data: dict) -> None:
        if not self.csrf:
            self.page()
        body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": self.csrf}).encode()
        headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            "HX-Request": "true",
            "Origin": "https://localhost",
            "Referer": "https://localhost" + self.path,
        }
        status, text = self.request("POST", self.path + action, body, headers)
        assert status == 200 and 'class="notice error"' not in text, (status, text[:500])


class Worker:
    """One worker, started as its systemd unit starts it, and restarted as ``systemctl restart`` does."""

    def __init__(self, port: int, env: dict[str, str], logs: Path):
        self.port, self.env, self.logs, self.runs = port, env, logs, 0
        self.process: subprocess.Popen | None = None

    def start(self) -> None:
        self.runs += 1
        log = (self.logs / f"worker-{self.port}-{self.runs}.log").open("w")
        self.process = subprocess.Popen(worker_command(self.port), cwd=REPO, env=self.env, stdout=log, stderr=log)
        wait_for(lambda: _listening(self.process, self.port), timeout=60, what=f"the worker on {self.port}")

    def restart(self) -> float:
        """SIGTERM (systemd's stop), then a new start: the seconds the worker took to stop."""
        told = time.monotonic()
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=15)  # the unit's TimeoutStopSec
        stopped_in = time.monotonic() - told
        self.start()
        return stopped_in

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)


@pytest.fixture
def hosting(tmp_path, database):  # noqa: F811
    if NGINX is None:
        pytest.skip("nginx is not installed (Debian: apt-get install nginx-light); .ci/run installs it")
    cache_url = _redis_url()
    pytest.importorskip("redis").Redis.from_url(cache_url).flushdb()
    settings = environment_file()
    test_values = {
        "DATABASE_URL": database,
        "DJANGO_SECRET_KEY": "the-documented-hosting-" + "k" * 40,
        "DJANGO_ALLOWED_HOSTS": "localhost",
        "DJANGO_CSRF_TRUSTED_ORIGINS": "https://localhost",
        "WHISTDRIVE_DATA_DIR": str(tmp_path / "data"),
        "WHISTDRIVE_CACHE_URL": cache_url,
    }
    for key in test_values:
        assert key in settings, f"docs/hosting/whistdrive.env no longer sets {key}: update this test"
    documented = {**settings, **test_values}
    env = laptop_env(
        Path(documented.pop("WHISTDRIVE_DATA_DIR")), **documented, DJANGO_SETTINGS_MODULE="whistdrive.settings"
    )
    # docs/hosting.md's first commands, and its check of the settings: nothing missing.
    for command in (("migrate",), ("collectstatic", "--noinput"), ("check", "--deploy", "--fail-level", "WARNING")):
        done = manage(*command, env=env)
        assert done.returncode == 0, done.stdout + done.stderr
    made = subprocess.run(
        [sys.executable, "tests/faults/make_evening.py", "2", "4"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    folder = tmp_path / "nginx"
    folder.mkdir()
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost",
         "-keyout", str(folder / "key.pem"), "-out", str(folder / "cert.pem")],
        check=True, capture_output=True,
    )  # fmt: skip
    workers = [Worker(free_port(), env, tmp_path), Worker(free_port(), env, tmp_path)]
    https_port = free_port()
    site = documented_site(
        (HOSTING / "nginx-whistdrive.conf").read_text(),
        https_port=https_port,
        http_port=free_port(),
        workers=[worker.port for worker in workers],
        folder=folder,
    )
    (folder / "whistdrive.conf").write_text(site)
    temp = "\n".join(
        f"    {kind}_temp_path {folder / kind};" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    (folder / "nginx.conf").write_text(
        f"daemon off;\nworker_processes 1;\npid {folder / 'nginx.pid'};\nerror_log {folder / 'error.log'} warn;\n"
        f"user root;\nevents {{ worker_connections 1024; }}\nhttp {{\n{temp}\n    include {folder / 'whistdrive.conf'};\n}}\n"
    )
    nginx = subprocess.Popen([NGINX, "-p", str(folder), "-c", str(folder / "nginx.conf")], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)  # fmt: skip
    try:
        for worker in workers:
            worker.start()
        wait_for(lambda: _listening(nginx, https_port), timeout=30, what="nginx")
        yield json.loads(made.stdout), https_port, workers, folder, tmp_path
    finally:
        nginx.terminate()
        nginx.wait(timeout=30)
        for worker in workers:
            worker.stop()


def test_a_phone_plays_through_the_documented_set_up_while_every_worker_is_restarted_in_turn(hosting):
    evening, port, workers, nginx_folder, logs = hosting
    token = evening["tables"]["1"]
    north, east, watcher = HttpsPhone(port, token), HttpsPhone(port, token), HttpsPhone(port, token)
    assert "Hand 1 of 4" in watcher.page()

    # A phone keeps asking for its page all through the restarts, as a hall's phones do.
    answers: list[int] = []
    restarting = threading.Event()

    def keep_asking() -> None:
        while not restarting.is_set():
            answers.append(watcher.request("GET", watcher.path)[0])
            time.sleep(0.05)

    asking = threading.Thread(target=keep_asking)
    asking.start()
    try:
        north.post("seat/", {"seat": "N"})
        north.post("enter/", {"hand": 1, "tricks": 9})
        stopped = [workers[0].restart()]
        east.post("seat/", {"seat": "E"})
        east.post("agree/", {"hand": 1, "seat": "E", "tricks_ns": 9})
        stopped.append(workers[1].restart())
    finally:
        restarting.set()
        asking.join(timeout=30)

    assert all(seconds < 5 for seconds in stopped), stopped
    assert answers and set(answers) == {200}, f"{len(answers)} asks: {sorted(set(answers))}"
    # Nothing lost: the hand entered before the first restart and agreed between them stands.
    page = watcher.page()
    assert "North–South 9" in page and "East–West 4" in page, page

    for log in logs.glob("worker-*.log"):
        text = log.read_text()
        assert "Traceback" not in text and "ERROR" not in text, f"{log.name}: {text}"
    access = (nginx_folder / "access.log").read_text()
    for log in (access, (nginx_folder / "site-error.log").read_text()):
        assert token[:8] not in log, log
    assert '"GET /t/*/" 200' in access and '"POST /t/*/enter/" 200' in access, access
