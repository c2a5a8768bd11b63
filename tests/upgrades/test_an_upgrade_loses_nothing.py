"""An organiser installs a newer WhistDrive over an older one and runs rundrive: it backs up the database
first, migrates it, says so, and every result, standing and phone link is as the older one showed it; the
evening left at the interval carries on. The older database is before/whistdrive.sqlite3 (before/README.md)."""

import json
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.foundation.drive_process import REPO, laptop_env, manage

pytestmark = pytest.mark.slow

BEFORE = Path(__file__).parent / "before"
SEEN = Path(__file__).parent / "evenings_as_seen.py"


def _migrations(database: Path) -> set[tuple[str, str]]:
    with sqlite3.connect(database) as db:
        return set(db.execute("SELECT app, name FROM django_migrations WHERE app IN ('whistdrive', 'clubs')"))


def _seen(data: Path, *args: str) -> list[dict]:
    run = subprocess.run(
        [sys.executable, str(SEEN), *args], cwd=REPO, env=laptop_env(data), capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


@pytest.fixture(scope="module")
def upgraded(tmp_path_factory):
    """The older laptop's data folder after `rundrive` of this WhistDrive, and what rundrive printed."""
    data = tmp_path_factory.mktemp("laptop")
    shutil.copy(BEFORE / "whistdrive.sqlite3", data / "whistdrive.sqlite3")
    run = manage("rundrive", "--no-serve", env=laptop_env(data))
    assert run.returncode == 0, run.stdout + run.stderr
    return data, run.stdout


def test_rundrive_backs_up_the_older_database_before_migrating_it_and_says_so(upgraded):
    data, said = upgraded
    backups = list((data / "backups").glob("whistdrive-*.sqlite3"))
    assert len(backups) == 1
    assert f"backed it up first to {backups[0]}" in said
    on_disk = {
        (app, path.stem)
        for app, folder in (
            ("whistdrive", REPO / "whistdrive" / "store" / "migrations"),
            ("clubs", REPO / "clubs" / "migrations"),
        )
        for path in folder.glob("[0-9]*.py")
    }
    waiting = len(on_disk - _migrations(BEFORE / "whistdrive.sqlite3"))
    assert waiting >= 3  # at least the three made since the older release
    assert f"Updated the database ({waiting} changes)" in said
    # The backup is the older database, untouched by the migrations, for the older WhistDrive to restore.
    assert _migrations(backups[0]) == _migrations(BEFORE / "whistdrive.sqlite3")
    assert ("whistdrive", "0009_board_seed_and_substitutes") in _migrations(data / "whistdrive.sqlite3")


def test_every_result_standing_and_phone_link_is_as_the_older_whistdrive_showed_it(upgraded):
    data, _ = upgraded
    assert _seen(data) == json.loads((BEFORE / "seen.json").read_text())


def test_the_evening_left_at_the_interval_carries_on_from_the_phones(upgraded, tmp_path):
    data = tmp_path / "laptop"
    shutil.copytree(upgraded[0], data)
    before = {e["name"]: e for e in json.loads((BEFORE / "seen.json").read_text())}
    after = {e["name"]: e for e in _seen(data, "carry-on")}
    tonight = after["Tonight's drive"]
    assert tonight["status"] == "running"
    new = [row for row in tonight["results"] if row not in before["Tonight's drive"]["results"]]
    assert [row[:2] + row[3:5] for row in new] == [[1, 13, 8, 5]]
    assert len(tonight["results"]) == len(before["Tonight's drive"]["results"]) + 1
    # Table 1's four players have played a 13th hand; nobody else's card changed.
    played = {s[1]: s[5] for s in tonight["standings"]}
    was = {s[1]: s[5] for s in before["Tonight's drive"]["standings"]}
    assert sorted(name for name in played if played[name] != was[name]) == sorted(
        name for name in played if played[name] == was[name] + 1
    )
    assert sum(played[name] - was[name] for name in played) == 4
    for name in ("Autumn progressive drive", "Rubbers night"):
        assert after[name] == before[name]
