"""An older WhistDrive started on a database a newer one has migrated refuses, saying why, and touches
nothing: no migration, no backup, the database file as it was."""

import shutil
import sqlite3
from pathlib import Path

import pytest

from tests.foundation.drive_process import laptop_env, manage

pytestmark = pytest.mark.slow

BEFORE = Path(__file__).parent / "before"


def test_rundrive_refuses_a_database_from_a_newer_whistdrive_and_changes_nothing(tmp_path):
    # The older release's database, with a migration this code has never seen recorded as applied: it also
    # lacks migrations this code has, so a start that went on would back it up and migrate it.
    database = tmp_path / "whistdrive.sqlite3"
    shutil.copy(BEFORE / "whistdrive.sqlite3", database)
    with sqlite3.connect(database) as db:
        db.execute(
            "INSERT INTO django_migrations (app, name, applied) VALUES ('whistdrive', '0099_from_the_future', '2030-01-01')"
        )
    db.close()
    before = database.read_bytes()

    run = manage("rundrive", "--no-serve", env=laptop_env(tmp_path))

    assert run.returncode != 0
    said = " ".join((run.stdout + run.stderr).split())
    assert "was last used by a newer WhistDrive" in said
    assert "whistdrive.0099_from_the_future" in said and "Nothing was changed." in said
    assert "backed it up" not in said and "Collecting static files" not in said
    assert database.read_bytes() == before
    assert not (tmp_path / "backups").exists()
