"""`python -m whistdrive`: the `whistdrive` command, for an install whose scripts folder is not on PATH."""

from whistdrive.command_line import main

if __name__ == "__main__":
    main(prog="python -m whistdrive")
