"""Many processes starting at once on one data folder (gunicorn's workers, a restart loop) all start.

The check that the folder can be written once used one shared probe file: one process deleted it
between another's write and delete, and that process stopped with "the data directory is not
writable" (5 of 60 simultaneous starts; a gunicorn worker died).
"""

import subprocess
import sys

import pytest

from tests.foundation.drive_process import REPO, laptop_env

pytestmark = pytest.mark.slow

# Each process checks the folder again and again once all of them are running, as a crowd of
# workers starting together would; the settings' own check runs on import.
CHECK_REPEATEDLY = """
import sys, time
start = float(sys.argv[1])
import whistdrive.settings as settings
time.sleep(max(0.0, start - time.time()))  # all start together (the behaviour under test), not a wait for an event
for _ in range(200):
    settings._data_dir()
"""


def test_forty_processes_checking_one_data_folder_at_once_all_succeed(tmp_path):
    data = tmp_path / "data"
    env = laptop_env(data)
    start = str(__import__("time").time() + 4)
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", CHECK_REPEATEDLY, start],
            cwd=REPO,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )  # fmt: skip
        for _ in range(40)
    ]
    failures = []
    for process in processes:
        _, err = process.communicate(timeout=120)
        if process.returncode != 0:
            failures.append(err.strip().splitlines()[-1] if err.strip() else f"exit {process.returncode}")
    assert failures == []
    # Nothing is left behind in the organiser's folder.
    assert not [p.name for p in data.iterdir() if "write" in p.name]
