"""Requests working one evening's grade lines at the same moment neither fail nor double its lines, on SQLite (a
real file, as on a laptop) and on PostgreSQL (hosted): the evening's unique marker lets one of them write."""

import json
import subprocess
import sys

import pytest
from django.db import connection

from tests.foundation.drive_process import REPO, laptop_env, migrated
from tests.grades.concurrent_grade_lines import MEMBERS, WORKERS, run

pytestmark = pytest.mark.slow


def _check(outcome: dict) -> None:
    assert outcome["errors"] == []
    assert outcome["returned"] == [len(MEMBERS)] * WORKERS  # every request had the evening's lines to grade with
    assert outcome["markers"] == 1
    assert outcome["lines"] == sorted(MEMBERS)  # once each


@pytest.mark.django_db(transaction=True)
def test_requests_at_once_on_this_database():
    if connection.vendor == "sqlite":
        pytest.skip("an in-memory SQLite test database shows no locking: see the SQLite file test")
    _check(run())


def test_requests_at_once_on_a_sqlite_file(tmp_path):
    env = laptop_env(migrated(tmp_path))
    process = subprocess.run(
        [sys.executable, "tests/grades/concurrent_grade_lines.py"],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert process.returncode == 0, process.stderr[-3000:]
    outcome = json.loads(process.stdout.strip().splitlines()[-1])
    assert outcome["vendor"] == "sqlite"
    _check(outcome)
