"""The laptop's files are readable by its user only: the database, its -wal and -shm, every backup
(the manual ones, the automatic ones, the second copy's) with the archive beside it, and the secret key.

Found by trying (#44): another user of the laptop could read them all (0644), and with them every
member's name and the evening's table links. A real `rundrive --no-serve` makes a fresh data folder
under the usual umask (022), then an evening ends a hand (its automatic backup and second copy) and
the organiser takes a backup, with the server's database open (its -wal and -shm there).
POSIX permissions: not on Windows, whose files are private by their folder's ACLs (whistdrive/store/private.py).
"""

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.foundation.drive_process import REPO, laptop_env

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(os.name != "posix", reason="file permissions are ACLs on Windows"),
]

# An evening ends its first hand (the automatic backup, and its second copy with the archive), and the
# organiser runs `manage.py backup`; the database stays open meanwhile, as the server's does.
AN_EVENING = """
import json, os, sys
sys.path.insert(0, os.getcwd())
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")
import django
django.setup()
from django.core.management import call_command
from django.db import connection
from tests.factories import add_entrants, make_club, make_event
from whistdrive.evening import backups, running
from whistdrive.engines.formats import Format

event = make_event(make_club("Private Club"), Format(hands=4, interval_after=None))
add_entrants(event, 4, 4)
running.start_event(event, seed=1)
assert backups.automatic(event, "the end of hand 1", hand=1) is not None
call_command("backup", verbosity=0)
with connection.cursor() as cursor:
    cursor.execute("UPDATE whistdrive_event SET name = name")  # the server's open log
from tests.foundation.test_the_laptops_files_are_its_owners_only import modes
print(json.dumps(modes(sys.argv[1])))
"""


def modes(folder) -> dict[str, str]:
    """Every file and folder under ``folder`` but the static files (served to every phone anyway), with its mode."""
    folder = Path(folder)
    found = {}
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder)
        if relative.parts[0] == "static":
            continue
        kind = "folder" if path.is_dir() else "file"
        found[relative.as_posix()] = (kind, oct(stat.S_IMODE(path.stat().st_mode)))
    return found


def run(*command: str, env: dict[str, str]) -> str:
    done = subprocess.run(
        [sys.executable, *command], cwd=REPO, env=env, capture_output=True, text=True, timeout=300, umask=0o022
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_a_fresh_data_folder_holds_only_files_its_owner_can_read(tmp_path):
    data, stick = tmp_path / "WhistDrive", tmp_path / "usb-stick"
    env = laptop_env(data, WHISTDRIVE_SECOND_BACKUP_DIR=str(stick))
    run("manage.py", "rundrive", "--no-serve", "--organiser", "olive", env=env)
    found = json.loads(run("-c", AN_EVENING, str(data), env=env).strip().splitlines()[-1])

    # Read while the database was open: its log and shared memory were there.
    for name in ("whistdrive.sqlite3", "whistdrive.sqlite3-wal", "whistdrive.sqlite3-shm", "secret_key"):
        assert found[name] == ["file", "0o600"], name
    assert len([name for name in found if name.startswith("backups/automatic/whistdrive-")]) == 1
    assert len([name for name in found if name.startswith("backups/whistdrive-")]) == 1
    assert {name: mode for name, (kind, mode) in found.items() if kind == "file" and mode != "0o600"} == {}
    assert {name: mode for name, (kind, mode) in found.items() if kind == "folder" and mode != "0o700"} == {}
    assert oct(stat.S_IMODE(data.stat().st_mode)) == "0o700"

    copies = modes(stick)
    assert sorted(Path(name).suffix for name in copies) == [".json", ".sqlite3"]
    assert set(copies.values()) == {("file", "0o600")}


def test_an_earlier_installs_database_and_key_are_tightened_at_start(tmp_path):
    data = tmp_path / "WhistDrive"
    env = laptop_env(data)
    run("manage.py", "rundrive", "--no-serve", "--organiser", "olive", env=env)
    for name in ("whistdrive.sqlite3", "secret_key"):
        os.chmod(data / name, 0o644)  # as an earlier WhistDrive made them

    run("manage.py", "rundrive", "--no-serve", env=env)

    assert oct(stat.S_IMODE((data / "whistdrive.sqlite3").stat().st_mode)) == "0o600"
    assert oct(stat.S_IMODE((data / "secret_key").stat().st_mode)) == "0o600"
