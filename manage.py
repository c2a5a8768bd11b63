#!/usr/bin/env python
"""WhistDrive's command line: `python manage.py rundrive` starts an evening."""

import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
