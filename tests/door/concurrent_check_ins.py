"""A hall's arrivals checking themselves in at once: one thread per phone, every phone a couple, and every fifth
couple's second phone tapping "I'm here" for the same two at the same moment (a couple who both scanned).

Used in-process on PostgreSQL and, as its own process on a real SQLite file (an in-memory test database never shows
locking), by test_many_check_ins_at_once.py:

    WHISTDRIVE_DATA_DIR=/tmp/x python tests/door/concurrent_check_ins.py COUPLES

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
    from django.conf import settings

    from tests.conftest import PLAIN_STATIC

    # A refusal is a whole page: its stylesheet named without the manifest `collectstatic` would make.
    settings.STORAGES = PLAIN_STATIC

from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402


def run(couples: int = 40) -> dict:
    from tests.factories import make_club, make_event, make_member
    from whistdrive.engines.formats import Format
    from whistdrive.evening import door
    from whistdrive.store.models import CheckIn

    club = make_club(f"Club {os.getpid()}")
    event = make_event(club, Format(hands=4, interval_after=None))
    door.set_door(event, open=True, late=False)
    pairs = [(make_member(club, f"Lady {n}", "lady"), make_member(club, f"Gent {n}", "gent")) for n in range(couples)]
    url = f"/door/{event.door_code}/here/"
    phones = [(n, pair) for n, pair in enumerate(pairs)] + [(n, pairs[n]) for n in range(0, couples, 5)]
    statuses: list[int] = []
    errors: list[str] = []
    lock = threading.Lock()
    start = threading.Barrier(len(phones))

    def phone(number: int, pair) -> None:
        client = Client()
        try:
            start.wait(timeout=60)
            response = client.post(url, {"member": [pair[0].pk, pair[1].pk]})
            with lock:
                statuses.append(response.status_code)
        except Exception as exc:  # noqa: BLE001 - every failure is reported, none may happen
            with lock:
                errors.append(f"couple {number}: {exc!r}")
        finally:
            connection.close()

    threads = [threading.Thread(target=phone, args=(n, pair)) for n, pair in phones]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    entrants = list(event.entrants.values_list("member_id", "card_number"))
    return {
        "errors": errors,
        "statuses": sorted(statuses),
        "members": sorted(m.pk for pair in pairs for m in pair),
        "entered": sorted(member for member, _ in entrants),
        "cards": sorted(card for _, card in entrants),
        "check_ins": CheckIn.objects.filter(event=event).count(),
        "vendor": connection.vendor,
    }


if __name__ == "__main__":
    print(json.dumps(run(int(sys.argv[1]) if len(sys.argv) > 1 else 40)))
