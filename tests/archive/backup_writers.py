"""Twenty-five tables entering results while a backup is taken: run as its own process.

The in-memory test database never shows what a live file database does, so this runs on the
laptop's real SQLite settings (a file, WAL, IMMEDIATE transactions) in its own data directory.

    python tests/archive/backup_writers.py HANDS

Each of 25 threads is one table's phones: for every hand, North enters and East agrees, then
waits for the evening to move on. Once some results are in, the main thread notes every agreed
result and takes a backup. Prints JSON: the results agreed before the backup began, the backup's
path, the errors seen, and how many results there were in the end.
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

from django.db import connection  # noqa: E402

from tests.waiting import wait_for  # noqa: E402
from whistdrive.engines.formats import Format  # noqa: E402
from whistdrive.evening import backups, entry, running  # noqa: E402
from whistdrive.evening.simulate import create_event  # noqa: E402
from whistdrive.store.models import Event, Result, Table  # noqa: E402

TABLES = 25


def main(hands: int) -> None:
    event = create_event(fmt=Format(hands=hands, interval_after=None), tables=TABLES, seed=2)
    running.start_event(event, by="card", seed=2)
    errors: list[str] = []

    def table_phones(number: int) -> None:
        try:
            table = Table.objects.get(event=event, number=number)
            for hand in range(1, hands + 1):
                wait_for(
                    lambda hand=hand: Event.objects.get(pk=event.pk).current_hand >= hand,
                    timeout=120,
                    what=f"hand {hand} at table {number}",
                    every=0.01,
                )
                ns = (number + hand) % 14
                entry.submit(table, hand=hand, seat="N", tricks_ours=ns)
                entry.agree(table, hand=hand, seat="E")
        except Exception as exc:  # noqa: BLE001 - every failure is reported, none hidden
            errors.append(f"table {number}: {exc!r}")
        finally:
            connection.close()

    threads = [threading.Thread(target=table_phones, args=(n,)) for n in range(1, TABLES + 1)]
    for thread in threads:
        thread.start()
    # The backup is taken in the middle of the burst: some results agreed, more being written.
    wait_for(
        lambda: Result.objects.count() >= TABLES + TABLES // 2 or errors,
        timeout=120,
        what="half the tables' results",
        every=0.005,
    )
    before = sorted(Result.objects.values_list("pk", flat=True))
    path = backups.take_backup()
    for thread in threads:
        thread.join()
    print(json.dumps({
        "agreed_before": before, "backup": str(path), "errors": errors, "final": Result.objects.count(),
        "database": backups.database_file(),
    }))  # fmt: skip


if __name__ == "__main__":
    main(int(sys.argv[1]))
