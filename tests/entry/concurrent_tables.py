"""Every table of a 25-table evening submits and agrees at once, from one thread per phone.

Used in-process on PostgreSQL and, as its own process on a real SQLite file (an in-memory test
database never shows locking), by test_concurrent_tables.py:

    WHISTDRIVE_DATA_DIR=/tmp/x python tests/entry/concurrent_tables.py TABLES

Each table has two phones posting at once through the phone pages (one per side, so 50
threads and connections for 25 tables: PostgreSQL's default limit is 100). North–South's phone
enters as North, then as South twice (a double tap); East–West's phone tries to agree as East,
enters a wrong count as West and then the right one, and enters the right one again as East.
So duplicates, disputes and refusals are mixed in. Prints one JSON object.
"""

import json
import os
import sys
import threading
from pathlib import Path

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")
    import django

    django.setup()

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402


def run(tables: int = 25) -> dict:
    from tests.factories import add_entrants, make_club, make_event
    from whistdrive.engines.formats import Format
    from whistdrive.evening import running
    from whistdrive.store.models import Result, Seating, Submission

    event = make_event(make_club(f"Club {os.getpid()}"), Format(hands=4, interval_after=None))
    add_entrants(event, 2 * tables, 2 * tables)
    running.start_event(event, seed=11)
    tokens = {t.number: t.token for t in event.tables.all()}
    tricks = {number: (number * 5) % 14 for number in tokens}
    errors: list[str] = []
    posts = []
    lock = threading.Lock()
    start = threading.Barrier(len(tokens) * 2)

    def phone(number: int, side: str) -> None:
        client = Client()
        base = f"/t/{tokens[number]}/"
        ns = tricks[number]
        right = {"hand": 1, "tricks": ns if side == "NS" else 13 - ns}
        if side == "NS":
            steps = [("N", "enter/", right), ("S", "enter/", right), ("S", "enter/", right)]
        else:
            wrong = {"hand": 1, "tricks": (14 - ns) % 14}
            steps = [
                ("E", "agree/", {"hand": 1, "seat": "E"}),
                ("W", "enter/", wrong),
                ("W", "enter/", right),
                ("E", "enter/", right),
            ]
        try:
            start.wait(timeout=60)
            for seat, url, data in steps:
                client.post(base + "seat/", {"seat": seat})
                response = client.post(base + url, data, headers={"HX-Request": "true"})
                with lock:
                    posts.append(response.status_code)
        except Exception as exc:  # noqa: BLE001 - every failure is reported, none may happen
            with lock:
                errors.append(f"table {number} {seat}: {exc!r}")
        finally:
            connection.close()

    threads = [threading.Thread(target=phone, args=(n, s)) for n in tokens for s in ("NS", "EW")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    results = list(Result.objects.filter(table__event=event, hand=1).values_list("table__number", "tricks_ns"))
    event.refresh_from_db()
    return {
        "errors": errors,
        "statuses": sorted(set(posts)),
        "posts": len(posts),
        "submissions": Submission.objects.filter(table__event=event).count(),
        "results": sorted(results),
        "expected": sorted(tricks.items()),
        "current_hand": event.current_hand,
        "seated_hand_2": Seating.objects.filter(event=event, hand=2).count(),
        "players": 4 * tables,
        "vendor": connection.vendor,
    }


if __name__ == "__main__":
    print(json.dumps(run(int(sys.argv[1]) if len(sys.argv) > 1 else 25)))
