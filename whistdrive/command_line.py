"""The `whistdrive` command: any of WhistDrive's management commands, run as `manage.py` runs them.

`whistdrive rundrive` starts an evening, `whistdrive backup` backs up, `whistdrive --version` says which
WhistDrive this is. The console script (pyproject.toml), `python -m whistdrive` (for a Windows install whose
Scripts folder is not on PATH) and the checkout's manage.py all start here.
"""

from __future__ import annotations

import os
import platform
import sys
from importlib import metadata

import django
from django.core.management import execute_from_command_line


def version() -> str:
    """The installed WhistDrive's version, from its package metadata: pyproject.toml's is the one number."""
    try:
        return metadata.version("whistdrive")
    except metadata.PackageNotFoundError:  # a checkout run with manage.py, never installed
        return "from a checkout"


def main(argv: list[str] | None = None, prog: str | None = None) -> None:
    """Run the command line ``argv`` (default sys.argv); ``prog`` is the name its help gives the command."""
    argv = list(sys.argv if argv is None else argv)
    prog = prog or os.path.basename(argv[0]) or "whistdrive"
    if argv[1:] in (["--version"], ["-V"], ["version"]):
        # Django's own `--version` would print Django's number, which is not the one a club is asked for.
        print(f"WhistDrive {version()} (Django {django.get_version()}, Python {platform.python_version()})")
        return
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")
    execute_from_command_line([prog, *argv[1:]])
