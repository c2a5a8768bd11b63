"""The hosted set-up docs/hosting.md gives, started from its very files with test values: nginx over TLS
(docs/hosting/nginx-whistdrive.conf), two uvicorn workers as the systemd unit starts them
(docs/hosting/whistdrive@.service) with the environment file's settings (docs/hosting/whistdrive.env), the
commands run through docs/hosting/whistdrive-manage. Used by tests/foundation/test_the_documented_hosting.py and
bench/rolling_restart.py.
"""

from __future__ import annotations

import getpass
import http.client
import json
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from tests.foundation.drive_process import REPO, free_port, laptop_env
from tests.foundation.test_a_front_server_for_a_hosted_install import NGINX, _tls, documented_site
from tests.foundation.test_two_servers_share_one_database import Phone
from tests.waiting import wait_for

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


def documented_manage(folder: Path, settings: dict[str, str]) -> Path:
    """docs/hosting/whistdrive-manage, reading ``settings`` written as the environment file, with this test's
    user, folder and Python in place of the server's."""
    env_file = folder / "whistdrive.env"
    env_file.write_text("".join(f"{key}={value}\n" for key, value in settings.items()))
    script = (HOSTING / "whistdrive-manage").read_text()
    for shipped, here in (
        ('"$(id -un)" != whistdrive', f'"$(id -un)" != {getpass.getuser()}'),
        ("/etc/whistdrive/whistdrive.env", str(env_file)),
        ("cd /srv/whistdrive", f"cd {folder}"),
        ("/srv/whistdrive/venv/bin/whistdrive", f"{sys.executable} -m whistdrive"),
    ):
        assert shipped in script, f"docs/hosting/whistdrive-manage no longer has {shipped!r}: update this test"
        script = script.replace(shipped, here)
    path = folder / "whistdrive-manage"
    path.write_text(script)
    path.chmod(0o755)
    return path


class HttpsPhone(Phone):
    """A phone in the hall: every request over HTTPS to nginx, with its own cookies; its page read as words."""

    forwarded: dict[str, str] = {}

    def connection(self) -> http.client.HTTPConnection:
        return http.client.HTTPSConnection("127.0.0.1", self.port, timeout=30, context=_tls())

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
        wait_for(lambda: listening(self.process, self.port), timeout=60, what=f"the worker on {self.port}")

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


def listening(process: subprocess.Popen, port: int) -> bool:
    if process.poll() is not None:
        raise RuntimeError(f"{process.args[0]} stopped")
    try:
        socket.create_connection(("127.0.0.1", port), timeout=1).close()
    except OSError:
        return False
    return True


@dataclass
class Hosting:
    evening: dict  # make_evening.py's: {"event", "board", "tables": {number: token}}
    port: int  # nginx's HTTPS port
    workers: list[Worker]
    nginx_folder: Path  # its access.log and site-error.log
    logs: Path  # the workers' logs: worker-PORT-RUN.log
    evenings: list[dict]  # every club's evening, ``evening`` first
    manage: Path  # docs/hosting/whistdrive-manage as it runs here


@contextmanager
def documented_set_up(
    tmp_path: Path, database: str, cache_url: str, tables: int = 2, hands: int = 4, clubs: int = 1
) -> Iterator[Hosting]:
    """The set-up running, with an evening of ``tables`` tables started; stopped after."""
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
    workers_env = {key: value for key, value in documented.items() if key != "WHISTDRIVE_DATA_DIR"}
    data = Path(documented["WHISTDRIVE_DATA_DIR"])
    env = laptop_env(data, **workers_env, DJANGO_SETTINGS_MODULE="whistdrive.settings")
    # docs/hosting.md's first commands through its whistdrive-manage, and its check of the settings: nothing missing.
    manage = documented_manage(tmp_path, documented)
    for command in (("migrate",), ("collectstatic", "--noinput"), ("check", "--deploy", "--fail-level", "WARNING")):
        done = subprocess.run(
            [str(manage), *command], env=laptop_env(tmp_path), capture_output=True, text=True, timeout=300
        )
        assert done.returncode == 0, done.stdout + done.stderr
    evenings = []
    for _ in range(clubs):  # each a club of its own with its evening started
        made = subprocess.run(
            [sys.executable, "tests/faults/make_evening.py", str(tables), str(hands)],
            cwd=REPO, env=env, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
        assert made.returncode == 0, made.stderr
        evenings.append(json.loads(made.stdout))
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
        f"{'user root;' if os.geteuid() == 0 else ''}\nevents {{ worker_connections 1024; }}\nhttp {{\n{temp}\n    include {folder / 'whistdrive.conf'};\n}}\n"
    )
    nginx = subprocess.Popen([str(NGINX), "-p", str(folder), "-c", str(folder / "nginx.conf")], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)  # fmt: skip
    try:
        for worker in workers:
            worker.start()
        wait_for(lambda: listening(nginx, https_port), timeout=30, what="nginx")
        yield Hosting(evenings[0], https_port, workers, folder, tmp_path, evenings, manage)
    finally:
        nginx.terminate()
        nginx.wait(timeout=30)
        for worker in workers:
            worker.stop()
