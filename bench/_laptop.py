"""The attack benches' laptop: ``rundrive`` from a checkout, on a fresh data folder, with a started evening."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path


def start(repo: Path, data: Path, port: int, tables: int) -> tuple[subprocess.Popen, dict]:
    """rundrive from ``repo`` on ``port`` with a started evening of ``tables`` tables: the process and the
    evening (tests/faults/make_evening.py's tokens)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_URL", "WHISTDRIVE_", "DJANGO_"))}
    env.update(WHISTDRIVE_DATA_DIR=str(data), PYTHONUNBUFFERED="1")
    for command in (
        ["manage.py", "rundrive", "--no-serve", "--organiser", "olive"],
        ["tests/faults/make_evening.py", str(tables), "4"],
    ):
        made = subprocess.run(
            [sys.executable, *command], cwd=repo, env=env, capture_output=True, text=True, timeout=300
        )
        if made.returncode != 0:
            raise SystemExit(made.stderr[-2000:])
    evening = json.loads(made.stdout.strip().splitlines()[-1])
    server = subprocess.Popen(
        [sys.executable, "manage.py", "rundrive", "--host", "127.0.0.1", "--port", str(port)],
        cwd=repo, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    for _ in range(300):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return server, evening
        except OSError:
            time.sleep(0.2)
    raise SystemExit("rundrive did not start")
