"""/healthz tells a load balancer (or the organiser) whether the database answers, and why not."""

import json
import subprocess
import sys

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


def _healthz(env) -> dict:
    run = subprocess.run([sys.executable, "-c", PROBE], cwd=REPO, env=env, capture_output=True, text=True, timeout=60)
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
    assert answer["status"] == 503
    assert answer["body"]["status"] == "error"
    assert str(port) in answer["body"]["database"]


def test_healthz_is_200_on_the_laptops_sqlite(tmp_path):
    answer = _healthz(laptop_env(tmp_path, DJANGO_SETTINGS_MODULE="whistdrive.settings"))
    assert answer == {"status": 200, "body": {"status": "ok", "database": "sqlite"}}
