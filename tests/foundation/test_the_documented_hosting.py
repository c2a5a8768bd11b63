"""The hosted set-up docs/hosting.md gives, started from its very files, with test values: nginx over TLS
(docs/hosting/nginx-whistdrive.conf), two uvicorn workers as the systemd unit starts them
(docs/hosting/whistdrive@.service) with the environment file's settings (docs/hosting/whistdrive.env), PostgreSQL
and Redis. Two clubs play through it while it is upgraded and every worker restarted in turn, as ``systemctl restart`` does it:
nothing is lost, no request fails, no worker logs a traceback, and no secret link reaches the access log.

So the documentation cannot drift: a changed file fails here. Skipped, saying why, without nginx, openssl,
a PostgreSQL server or a Redis server.
"""

from __future__ import annotations

import os
import shlex
import shutil
import stat
import subprocess
import sys
import threading
import time

import pytest

from tests.foundation.documented_hosting import HOSTING, HttpsPhone, documented_set_up
from tests.foundation.test_a_front_server_for_a_hosted_install import NGINX
from tests.foundation.test_two_servers_share_one_database import _redis_url, database  # noqa: F401

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not sys.platform.startswith("linux"), reason="systemd units and nginx: a Linux server"),
]


@pytest.fixture
def hosting(tmp_path, database):  # noqa: F811
    if NGINX is None:
        pytest.skip("nginx is not installed (Debian: apt-get install nginx-light); .ci/run installs it")
    cache_url = _redis_url()
    pytest.importorskip("redis").Redis.from_url(cache_url).flushdb()
    with documented_set_up(tmp_path, database, cache_url, clubs=2) as running:
        yield running


def test_two_clubs_play_through_the_documented_set_up_while_it_is_upgraded_and_every_worker_restarted(hosting):
    """docs/hosting.md's upgrade, mid-evening: the new release's commands (migrate, collectstatic through
    whistdrive-manage), then each worker restarted in turn. (Installing the newer wheel itself is tested by
    tests/installed and tests/upgrades.)"""
    port, workers, nginx_folder, logs = hosting.port, hosting.workers, hosting.nginx_folder, hosting.logs
    tokens = [evening["tables"]["1"] for evening in hosting.evenings]
    watchers = [HttpsPhone(port, token) for token in tokens]
    for watcher in watchers:
        assert "Hand 1 of 4" in watcher.page()

    # Each club's phone keeps asking for its page all through the upgrade, as a hall's phones do.
    answers: list[int] = []
    restarting = threading.Event()

    def keep_asking(watcher: HttpsPhone) -> None:
        while not restarting.is_set():
            answers.append(watcher.request("GET", watcher.path)[0])
            time.sleep(0.05)  # a phone asking again, as a hall's phones do: not a wait for an event

    asking = [threading.Thread(target=keep_asking, args=(watcher,)) for watcher in watchers]
    for thread in asking:
        thread.start()
    try:
        tables = [(HttpsPhone(port, token), HttpsPhone(port, token)) for token in tokens]
        for (north, _), tricks in zip(tables, (9, 5), strict=True):
            north.post("seat/", {"seat": "N"})
            north.post("enter/", {"hand": 1, "tricks": tricks})
        for command in (("migrate",), ("collectstatic", "--noinput")):
            done = subprocess.run([str(hosting.manage), *command], capture_output=True, text=True, timeout=300)
            assert done.returncode == 0, done.stdout + done.stderr
        stopped = [workers[0].restart()]
        for (_, east), tricks in zip(tables, (9, 5), strict=True):
            east.post("seat/", {"seat": "E"})
            east.post("agree/", {"hand": 1, "seat": "E", "tricks_ns": tricks})
        stopped.append(workers[1].restart())
    finally:
        restarting.set()
        for thread in asking:
            thread.join(timeout=30)

    assert all(seconds < 5 for seconds in stopped), stopped
    assert answers and set(answers) == {200}, f"{len(answers)} asks: {sorted(set(answers))}"
    # Nothing lost: each club's hand, entered before the first restart and agreed between them, stands.
    first, second = (watcher.page() for watcher in watchers)
    assert "North–South 9" in first and "East–West 4" in first, first
    assert "North–South 5" in second and "East–West 8" in second, second

    for log in logs.glob("worker-*.log"):
        text = log.read_text()
        assert "Traceback" not in text and "ERROR" not in text, f"{log.name}: {text}"
        assert all(token[:8] not in text for token in tokens), f"{log.name} writes a table's link: {text}"
    access = (nginx_folder / "access.log").read_text()
    for log in (access, (nginx_folder / "site-error.log").read_text()):
        assert all(token[:8] not in log for token in tokens), log
    assert '"GET /t/*/" 200' in access and '"POST /t/*/enter/" 200' in access, access


def test_the_documented_nightly_backup_is_the_owners_only_and_restores(tmp_path, database):  # noqa: F811
    """whistdrive-backup.service's command, as systemd runs it (its UMask, its %% as %): a pg_dump file of the
    database, readable by its owner only (it holds members' details and password hashes), that pg_restore
    reads; and a backup older than 30 days is deleted."""
    if shutil.which("pg_dump") is None or shutil.which("pg_restore") is None:
        pytest.skip("pg_dump and pg_restore are not installed (Debian: apt-get install postgresql-client)")
    unit = (HOSTING / "whistdrive-backup.service").read_text()
    (line,) = [line for line in unit.splitlines() if line.startswith("ExecStart=")]
    assert "UMask=0077" in unit
    import psycopg

    with psycopg.connect(database, autocommit=True) as connection:
        connection.execute("CREATE TABLE a_members_table (name text)")
        connection.execute("INSERT INTO a_members_table VALUES ('Zoë Ó Briain')")
    backups = tmp_path / "backups"
    command = line.removeprefix("ExecStart=").replace("%%", "%").replace("/srv/whistdrive/backups", str(backups))
    old = backups / "whistdrive-20200101-030000.dump"
    backups.mkdir()
    old.write_text("a backup from long ago")
    os.utime(old, (time.time() - 31 * 86400,) * 2)
    done = subprocess.run(
        ["sh", "-c", f"umask 0077; {shlex.split(command)[2]}"],
        env={**os.environ, "DATABASE_URL": database}, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    (dump,) = backups.glob("whistdrive-*.dump")
    assert dump != old
    assert stat.S_IMODE(dump.stat().st_mode) == 0o600
    listed = subprocess.run(["pg_restore", "--list", str(dump)], capture_output=True, text=True, timeout=60)
    assert listed.returncode == 0 and "a_members_table" in listed.stdout, listed.stderr
