"""Many phones writing at once, on the laptop's real SQLite settings (a file, WAL, IMMEDIATE).

Run as its own process by test_sqlite_many_writers.py, because an in-memory test database never
shows locking. Each thread does read-then-write transactions: count a club's members, then add
one numbered count + 1. If two transactions ever interleave, two members share a number.

    python tests/foundation/sqlite_writers.py THREADS TRANSACTIONS_PER_THREAD [--deferred] [--no-busy-wait] [--stock]

--deferred switches to SQLite's default transaction mode, to show that the check can fail.
--no-busy-wait gives SQLite no time to wait for its lock (``PRAGMA busy_timeout = 0``): a writer that
finds it taken fails at once, so no error means the process's writers took turns before reaching it
(whistdrive/store/sqlite3/base.py). --stock uses Django's own SQLite backend, to show that they otherwise meet.
Prints one JSON object: the errors seen and the membership numbers written.
"""

import json
import os
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402

if "--stock" in sys.argv[3:]:  # before the first connection is made
    settings.DATABASES["default"]["ENGINE"] = "django.db.backends.sqlite3"
from django.db import DatabaseError, connection, transaction  # noqa: E402
from django.db.backends.signals import connection_created  # noqa: E402

from clubs.models import Club, Member  # noqa: E402


def main(threads: int, per_thread: int, deferred: bool, no_busy_wait: bool) -> dict:
    if deferred:
        settings.DATABASES["default"]["OPTIONS"]["transaction_mode"] = "DEFERRED"
    if no_busy_wait:
        connection_created.connect(
            lambda connection, **kwargs: connection.cursor().execute("PRAGMA busy_timeout = 0"), weak=False
        )
    club = Club.objects.create(name="Writers")
    connection.close()
    start = threading.Barrier(threads)
    errors: list[str] = []

    def write(thread: int) -> None:
        start.wait()
        try:
            for number in range(per_thread):
                try:
                    with transaction.atomic():
                        count = Member.objects.filter(club=club).count()
                        Member.objects.create(
                            club=club, name=f"Writer {thread}.{number}", membership_number=str(count + 1)
                        )
                except DatabaseError as exc:  # "database is locked", or a duplicate number
                    errors.append(str(exc))
        finally:
            connection.close()

    workers = [threading.Thread(target=write, args=(t,)) for t in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    numbers = sorted(int(n) for n in Member.objects.filter(club=club).values_list("membership_number", flat=True))
    return {
        "engine": settings.DATABASES["default"]["ENGINE"],
        "transaction_mode": settings.DATABASES["default"]["OPTIONS"].get("transaction_mode"),
        "journal_mode": connection.cursor().execute("PRAGMA journal_mode").fetchone()[0],
        "errors": errors,
        "numbers": numbers,
    }


if __name__ == "__main__":
    print(
        json.dumps(
            main(int(sys.argv[1]), int(sys.argv[2]), "--deferred" in sys.argv[3:], "--no-busy-wait" in sys.argv[3:])
        )
    )
