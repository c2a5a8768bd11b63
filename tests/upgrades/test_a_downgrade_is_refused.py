"""An older WhistDrive started on a database a newer one has migrated refuses, saying why, and touches
nothing: no migration, no backup, the database file as it was."""

import sqlite3

import pytest

from tests.foundation.drive_process import laptop_env, manage

pytestmark = pytest.mark.slow


def test_rundrive_refuses_a_database_from_a_newer_whistdrive_and_changes_nothing(tmp_path):
    env = laptop_env(tmp_path)
    assert manage("rundrive", "--no-serve", "--organiser", "olive", env=env).returncode == 0
    database = tmp_path / "whistdrive.sqlite3"
    with sqlite3.connect(database) as db:
        # What a newer WhistDrive's migration leaves behind: a row this code has no migration for.
        db.execute(
            "INSERT INTO django_migrations (app, name, applied) VALUES ('whistdrive', '0099_from_the_future', '2030-01-01')"
        )
    db.close()
    before = database.read_bytes()
    backups = sorted((tmp_path / "backups").rglob("*"))

    run = manage("rundrive", "--no-serve", env=env)

    assert run.returncode != 0
    said = " ".join((run.stdout + run.stderr).split())
    assert "was last used by a newer WhistDrive" in said
    assert "whistdrive.0099_from_the_future" in said and "Nothing was changed." in said
    assert "Collecting static files" not in said
    assert database.read_bytes() == before
    assert sorted((tmp_path / "backups").rglob("*")) == backups
