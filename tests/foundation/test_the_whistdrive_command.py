"""The `whistdrive` command (whistdrive/command_line.py): any management command, run as manage.py runs it,
from any folder; `--version` says WhistDrive's version, not Django's. The installed wheel's own command is
tried in tests/installed."""

import subprocess
import sys
from importlib import metadata

from tests.foundation.drive_process import laptop_env
from whistdrive.command_line import main


def test_version_names_whistdrive_and_the_version_pyproject_gives(capsys):
    main(["whistdrive", "--version"])
    said = capsys.readouterr().out
    assert said.startswith(f"WhistDrive {metadata.version('whistdrive')} (Django 5.2")


def test_python_m_whistdrive_runs_a_management_command_from_another_folder(tmp_path):
    run = subprocess.run(
        [sys.executable, "-m", "whistdrive", "help", "rundrive"],
        cwd=tmp_path,
        env=laptop_env(tmp_path / "data"),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("usage: python -m whistdrive rundrive")
    assert "--organiser NAME" in run.stdout
