"""Forty couples checking themselves in at the same moment, eight of them twice from a second phone: every member
entered once, card numbers 1 to 80 with none lost or doubled, and every second tap told the couple is here."""

import json
import subprocess
import sys

import pytest
from django.db import connection

from tests.door.concurrent_check_ins import run
from tests.foundation.drive_process import REPO, laptop_env, migrated

pytestmark = pytest.mark.slow
COUPLES = 40


def _check(outcome: dict) -> None:
    assert outcome["errors"] == []
    # 40 couples checked in (a redirect to their greeting), 8 second taps refused ("is here already").
    assert outcome["statuses"] == [302] * COUPLES + [409] * (COUPLES // 5)
    assert outcome["entered"] == outcome["members"]
    assert outcome["cards"] == list(range(1, 2 * COUPLES + 1))
    assert outcome["check_ins"] == 2 * COUPLES


@pytest.mark.django_db(transaction=True)
def test_many_check_ins_at_once_on_this_database():
    if connection.vendor == "sqlite":
        pytest.skip("an in-memory SQLite test database shows no locking: see the SQLite file test")
    _check(run(COUPLES))


def test_many_check_ins_at_once_on_a_sqlite_file(tmp_path):
    env = laptop_env(migrated(tmp_path))
    process = subprocess.run(
        [sys.executable, "tests/door/concurrent_check_ins.py", str(COUPLES)],
        cwd=REPO, env=env, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert process.returncode == 0, process.stderr[-3000:]
    outcome = json.loads(process.stdout.strip().splitlines()[-1])
    assert outcome["vendor"] == "sqlite"
    _check(outcome)
