"""Files only the laptop's user may read: the database and its side files, the backups, the archives
beside them, the secret key (docs/robustness.md, "The laptop's files").

Another user of the same laptop (a family's, a club's shared machine) could read every member's name
and the evening's tokens: the database, its -wal and the backups were made 0644. Each is made 0600 from
the start, never written first and tightened after; a folder WhistDrive makes for them is 0700. SQLite
gives a database's -wal, -shm and -journal files the main file's permissions, so making the main file
first is enough for those.

Not by a process-wide umask: it would reach every thread and library of the server (the static files,
which any phone is served anyway, and whatever else they write), and it cannot be set for one thread.

On Windows a file's permissions are its ACLs, which ``os.chmod`` does not touch (it sets the read-only
flag only), and the user's profile folder is private already: these do nothing there.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

OWNER_ONLY = 0o600
OWNER_ONLY_FOLDER = 0o700
# POSIX permissions: Linux, macOS. Not Windows (see above).
APPLIES = os.name == "posix"


def private_file(path: str | Path) -> None:
    """Make ``path`` as an empty file readable by its owner only, or, when it is there already (made by an
    earlier install), take group and others' permissions off it. Never raises: whatever then opens the file
    says what is wrong with it (a missing folder, a disk that cannot be written)."""
    if not APPLIES:
        return
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, OWNER_ONLY))
    except FileExistsError:
        tighten(path)
    except OSError:
        pass


def tighten(path: str | Path) -> None:
    """Take group and others' permissions off ``path`` if it exists, leaving its owner's as they are (a file
    made read-only stays so). Never raises (absent, another user's, or immutable: left as it is)."""
    if not APPLIES:
        return
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
        if mode & 0o077:
            os.chmod(path, mode & 0o700)
    except OSError:
        pass


def private_folder(path: str | Path) -> Path:
    """Make the folder ``path`` and its missing parents; each one made here is its owner's only (0700)."""
    path = Path(path)
    missing = []
    while not path.exists() and path.parent != path:
        missing.append(path)
        path = path.parent
    for folder in reversed(missing):
        folder.mkdir(mode=OWNER_ONLY_FOLDER, exist_ok=True)
    return Path(missing[0]) if missing else path


def sqlite_files(database: str | Path) -> list[Path]:
    """A SQLite database file with the side files SQLite keeps beside it."""
    database = Path(database)
    return [database, *(database.with_name(database.name + side) for side in ("-wal", "-shm", "-journal"))]
