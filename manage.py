#!/usr/bin/env python
"""A checkout's command line, the same as the installed `whistdrive` command: `python manage.py rundrive`."""

from whistdrive.command_line import main

if __name__ == "__main__":
    main()
