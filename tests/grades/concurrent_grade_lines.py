"""Several requests working one evening's grade lines at the same moment (two workers' first visitors, a publish and
a visitor): one thread each, all calling ``grades.work_lines`` at once. None may fail, and the evening must end with
one marker and one line per member, never doubled.

Used in-process on PostgreSQL and, as its own process on a real SQLite file (an in-memory test database never shows
locking), by test_two_requests_working_one_evenings_lines_at_once.py:

    WHISTDRIVE_DATA_DIR=/tmp/x python tests/grades/concurrent_grade_lines.py

Prints one JSON object.
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

WORKERS = 6
MEMBERS = ("Ann", "Bet", "Cat", "Dot", "Eve", "Fred", "Gus", "Hal", "Ian")


def run() -> dict:
    from django.utils import timezone

    from tests.factories import make_club, make_member, two_table_evening
    from whistdrive.evening.grades import work_lines
    from whistdrive.store.models import Entrant, Event, GradedEvening, GradeLine

    club = make_club(f"Club {os.getpid()}")
    event = two_table_evening(club)
    for name in MEMBERS:
        Entrant.objects.filter(event=event, name=name).update(member=make_member(club, name))
    Event.objects.filter(pk=event.pk).update(published_at=timezone.now())
    errors: list[str] = []
    returned: list[int] = []
    lock = threading.Lock()
    start = threading.Barrier(WORKERS)

    def work(number: int) -> None:
        try:
            copy = Event.objects.select_related("club").get(pk=event.pk)
            start.wait(timeout=60)
            lines = work_lines(copy)
            with lock:
                returned.append(len(lines))
        except Exception as exc:  # noqa: BLE001 - every failure is reported, none may happen
            with lock:
                errors.append(f"worker {number}: {exc!r}")
        finally:
            connection.close()

    threads = [threading.Thread(target=work, args=(n,)) for n in range(WORKERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return {
        "errors": errors,
        "returned": returned,
        "markers": GradedEvening.objects.filter(event=event).count(),
        "lines": sorted(GradeLine.objects.filter(event=event).values_list("member__name", flat=True)),
        "vendor": connection.vendor,
    }


if __name__ == "__main__":
    print(json.dumps(run()))
