"""Six publishes of one evening at the same moment send each member who agreed one email, on SQLite (a real file,
as on a laptop) and on PostgreSQL (hosted): the unique row each email claims first lets one sender have it."""

import json
import subprocess
import sys

import pytest
from django.db import connection

from tests.foundation.drive_process import REPO, laptop_env, migrated
from tests.result_emails.concurrent_publishes import MEMBERS, run

pytestmark = pytest.mark.slow


def _check(outcome: dict, inbox) -> None:
    assert outcome["errors"] == []
    assert outcome["rows"] == sorted([name, "sent"] for name in MEMBERS)
    assert inbox.recipients == sorted(f"{name.lower()}@example.org" for name in MEMBERS)  # once each


@pytest.mark.django_db(transaction=True)
def test_publishes_at_once_on_this_database(smtp_server):
    if connection.vendor == "sqlite":
        pytest.skip("an in-memory SQLite test database shows no locking: see the SQLite file test")
    _check(run(smtp_server.controller.port), smtp_server)


def test_publishes_at_once_on_a_sqlite_file(tmp_path, smtp_server):
    env = laptop_env(migrated(tmp_path))
    process = subprocess.run(
        [sys.executable, "tests/result_emails/concurrent_publishes.py", str(smtp_server.controller.port)],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert process.returncode == 0, process.stderr[-3000:]
    outcome = json.loads(process.stdout.strip().splitlines()[-1])
    assert outcome["vendor"] == "sqlite"
    _check(outcome, smtp_server)
