"""Start `manage.py rundrive` as a real process on a fresh SQLite data directory, as an organiser would."""

import atexit
import functools
import os
import random
import re
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.waiting import eventually

REPO = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def free_port_pair() -> int:
    """A port free with the one after it, for a laptop and its replacement next door. Below Linux's
    ephemeral range (32768 up): there, the phones' own connections to the first laptop could take the
    second port before it starts (seen on CI as "Address already in use")."""
    rng = random.Random()
    while True:
        port = rng.randrange(20_000, 32_000, 2)
        try:
            with socket.socket() as one, socket.socket() as two:
                one.bind(("127.0.0.1", port))
                two.bind(("127.0.0.1", port + 1))
        except OSError:
            continue
        return port


def laptop_env(data_dir: Path, **extra: str) -> dict[str, str]:
    """The environment of a laptop run: no DATABASE_URL, its own data directory, unbuffered output."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_URL", "WHISTDRIVE_", "DJANGO_"))}
    env.update(WHISTDRIVE_DATA_DIR=str(data_dir), PYTHONUNBUFFERED="1", **extra)
    return env


def manage(*args: str, env: dict[str, str], timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=REPO, env=env, capture_output=True, text=True, timeout=timeout
    )


@functools.cache
def _first_started() -> Path:
    """A data folder as `rundrive`'s first start leaves it before it makes any account: its database migrated
    and its static files collected. Made once per test process, for fresh data folders to start from.

    Migrating a new SQLite database took 2.5 s of the 4 s a server took to start here, and collecting the static
    files 1.4 s of what was left (about a hundred servers start in a run of the suite): a test about something
    else starts on a copy, which is what a laptop's second start finds. The tests of a first run itself (the
    questions, the files' permissions, an upgrade, the installed wheel) start on an empty folder."""
    folder = Path(tempfile.mkdtemp(prefix="whistdrive-migrated-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    done = manage("migrate", "--verbosity", "0", env=laptop_env(folder))
    assert done.returncode == 0, done.stdout + done.stderr
    collect = "from whistdrive.server import static_files\nstatic_files.collect(static_files.fingerprint())"
    done = manage("shell", "-c", collect, env=laptop_env(folder))
    assert done.returncode == 0, done.stdout + done.stderr
    with sqlite3.connect(folder / "whistdrive.sqlite3") as db:  # everything in the one file, none left in its log
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return folder


def migrated(data_dir: Path) -> Path:
    """``data_dir`` as a laptop's first run leaves it after migrating and collecting the static files (an
    owner-only folder holding an owner-only, migrated database with no accounts and no clubs), unless it has a
    database already; returns ``data_dir``."""
    database = data_dir / "whistdrive.sqlite3"
    if not database.exists():
        data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        shutil.copyfile(_first_started() / "whistdrive.sqlite3", database)
        database.chmod(0o600)
        collected(data_dir)
    return data_dir


def collected(data_dir: Path) -> Path:
    """``data_dir`` holding the static files a first start collects (for a hosted site, what its set-up's
    `collectstatic` collects), unless it has some already; returns ``data_dir``."""
    if not (data_dir / "static").exists():  # linked, not copied: the servers only read them
        data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        shutil.copytree(_first_started() / "static", data_dir / "static", copy_function=_link_or_copy)
    return data_dir


def _link_or_copy(source: str, destination: str) -> None:
    try:
        os.link(source, destination)
    except OSError:  # another file system
        shutil.copy2(source, destination)


@dataclass
class Drive:
    process: subprocess.Popen
    base_url: str
    lines: list[str] = field(default_factory=list)

    @property
    def output(self) -> str:
        return "\n".join(self.lines)

    def password(self) -> str:
        match = re.search(r"with the password: (\S+)", self.output)
        assert match, f"no password printed:\n{self.output}"
        return match.group(1)

    def stop(self, signum: int) -> int:
        self.process.send_signal(signum)
        return self.process.wait(timeout=30)


def start_drive(
    data_dir: Path,
    *args: str,
    preexec_fn=None,
    port: int | None = None,
    host: str = "127.0.0.1",
    command: tuple[str, ...] = (sys.executable, "manage.py"),
    cwd: Path = REPO,
    first_run: bool = False,
    **env: str,
) -> Drive:
    """``rundrive`` on ``host`` (another loopback address stands for another device) and ``port`` (or a
    free one) with these arguments; ``env`` adds to the laptop's environment, and ``preexec_fn`` runs in
    the new process before it starts (limits, say). ``command`` and ``cwd``: the checkout's manage.py, unless
    an installed ``whistdrive`` is started from another folder. A new ``data_dir`` starts on a copy of a
    migrated database (``migrated``), or, with ``first_run``, empty: ``rundrive`` makes the database itself."""
    if not first_run:
        migrated(data_dir)
    port = port or free_port()
    process = subprocess.Popen(
        [*command, "rundrive", "--host", host, "--port", str(port), *args],
        cwd=cwd,
        env=laptop_env(data_dir, **env),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        encoding="utf-8",
        preexec_fn=preexec_fn,
    )
    drive = Drive(process, f"http://{host}:{port}")

    def collect():
        for line in process.stdout:
            drive.lines.append(line.rstrip("\n"))

    threading.Thread(target=collect, daemon=True).start()

    def answers() -> bool:
        if process.poll() is not None:
            raise AssertionError(f"rundrive exited with {process.returncode}:\n{drive.output}")
        try:
            with urllib.request.urlopen(drive.base_url + "/healthz", timeout=2) as response:
                return response.status == 200
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            return False

    if not eventually(answers, timeout=90, every=0.2):
        process.kill()
        raise AssertionError(f"rundrive did not answer /healthz:\n{drive.output}")
    return drive


PG_SERVER = os.environ.get("WHISTDRIVE_TEST_PG", "postgres://postgres@127.0.0.1:5432")


def postgres_database(purpose: str, migrated: bool = False):
    """A fresh PostgreSQL database's URL (a generator: dropped after), or a skip saying why there is none: for
    the tests that start servers of their own on PostgreSQL (``purpose`` goes into its name). ``migrated``: a
    copy of one `migrate` made once per test process (migrating took 6.5 s here; copying takes 0.2)."""
    psycopg = pytest.importorskip("psycopg", reason="psycopg is not installed: no PostgreSQL for this test")
    name = f"whistdrive_{purpose}_{uuid.uuid4().hex[:10]}"
    try:
        admin = psycopg.connect(f"{PG_SERVER}/postgres", autocommit=True, connect_timeout=3)
    except psycopg.OperationalError as exc:
        pytest.skip(f"no PostgreSQL server at {PG_SERVER}: {exc}")
    with admin:
        template = f' TEMPLATE "{_migrated_postgres()}"' if migrated else ""
        admin.execute(f'CREATE DATABASE "{name}"{template}')
    try:
        yield f"{PG_SERVER}/{name}"
    finally:
        _drop(name)


def _drop(name: str) -> None:
    import psycopg  # only where PostgreSQL is used (postgres_database skips without it)

    with psycopg.connect(f"{PG_SERVER}/postgres", autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@functools.cache
def _migrated_postgres() -> str:
    """The name of a PostgreSQL database `migrate` made, once per test process, for postgres_database's copies;
    dropped when the process ends. Nothing connects to it once made (PostgreSQL copies only such a database)."""
    import psycopg

    name = f"whistdrive_migrated_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(f"{PG_SERVER}/postgres", autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    atexit.register(_drop, name)
    folder = Path(tempfile.mkdtemp(prefix="whistdrive-migrated-pg-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    env = laptop_env(folder, DATABASE_URL=f"{PG_SERVER}/{name}", DJANGO_SECRET_KEY="migrate-" + "k" * 50)
    done = manage("migrate", "--verbosity", "0", env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    return name
