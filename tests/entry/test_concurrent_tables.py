"""Twenty-five tables entering and agreeing at once: one result each, every submission logged, no error."""

import json
import subprocess
import sys

import pytest
from django.db import connection

from tests.entry.concurrent_tables import run
from tests.foundation.drive_process import REPO, laptop_env, migrated

pytestmark = pytest.mark.slow


def _check(outcome: dict) -> None:
    assert outcome["errors"] == []
    assert outcome["statuses"] == [200]
    assert (
        outcome["submissions"] == outcome["posts"] == 25 * 7
    )  # N once, S twice (a double tap), E agree + enter, W wrong + right
    assert outcome["results"] == outcome["expected"]
    # The last table's agreement moved the evening on exactly once.
    assert outcome["current_hand"] == 2
    assert outcome["seated_hand_2"] == outcome["players"]


@pytest.mark.django_db(transaction=True)
def test_every_table_at_once_on_this_database():
    if connection.vendor == "sqlite":
        pytest.skip("an in-memory SQLite test database shows no locking: see the SQLite file test")
    _check(run(25))


def test_every_table_at_once_on_a_sqlite_file(tmp_path):
    env = laptop_env(migrated(tmp_path))
    process = subprocess.run(
        [sys.executable, "tests/entry/concurrent_tables.py", "25"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert process.returncode == 0, process.stderr[-3000:]
    outcome = json.loads(process.stdout.strip().splitlines()[-1])
    assert outcome["vendor"] == "sqlite"
    _check(outcome)
