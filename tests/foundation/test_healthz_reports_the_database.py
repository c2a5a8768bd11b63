"""/healthz tells a load balancer whether the database answers and can be written; only someone logged
in is told which database and why (the driver's message names its host, port and role)."""

import json
import subprocess
import sys
from unittest import mock

import pytest

from tests.foundation.drive_process import REPO, free_port, laptop_env

pytestmark = pytest.mark.slow

PROBE = """
import django, json
django.setup()
from django.test import Client
response = Client().get("/healthz", HTTP_HOST="example.org")
print(json.dumps({"status": response.status_code, "body": response.json()}))
"""


def _healthz(env, *args, **run) -> dict:
    run = subprocess.run(
        [sys.executable, "-c", PROBE, *args], cwd=REPO, env=env, capture_output=True, text=True, timeout=60, **run
    )
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_healthz_is_503_with_the_reason_when_postgresql_is_unreachable(tmp_path):
    port = free_port()
    env = laptop_env(
        tmp_path,
        DATABASE_URL=f"postgres://whist@127.0.0.1:{port}/whist",
        DJANGO_ALLOWED_HOSTS="example.org",
        DJANGO_SETTINGS_MODULE="whistdrive.settings",
    )
    answer = _healthz(env)
    # Plain HTTP on purpose: health checks come from behind the proxy and must not be redirected.
    # Nothing about the database for anyone: no host, no port, no role.
    assert answer == {"status": 503, "body": {"status": "error"}}


def test_healthz_is_200_on_the_laptops_sqlite(tmp_path):
    answer = _healthz(laptop_env(tmp_path, DJANGO_SETTINGS_MODULE="whistdrive.settings"))
    assert answer == {"status": 200, "body": {"status": "ok"}}


@pytest.mark.django_db
def test_someone_logged_in_is_told_which_database_and_why(tmp_path, settings):
    from django.test import Client

    from tests.factories import make_user

    olive = Client()
    olive.force_login(make_user("olive"))
    answer = olive.get("/healthz")
    assert answer.status_code == 200 and answer.json()["database"] in ("sqlite", "postgresql")
    with mock.patch("whistdrive.web.health.database_problem", return_value="connection to 127.0.0.1:5999 refused"):
        assert olive.get("/healthz").json() == {"status": "error", "database": "connection to 127.0.0.1:5999 refused"}
        assert Client().get("/healthz").json() == {"status": "error"}
