"""Several publishes of one evening at the same moment (a laptop sending it again while the first is still being
stored, two workers): one thread per publish, each sending the `published` signal as the hosted site does after its
commit. Every member who agreed must get exactly one email.

Used in-process on PostgreSQL and, as its own process on a real SQLite file (an in-memory test database never shows
locking), by test_two_publishes_at_once_send_one_email.py, with the SMTP server the test started on PORT:

    WHISTDRIVE_DATA_DIR=/tmp/x python tests/result_emails/concurrent_publishes.py PORT

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

PUBLISHES = 6
MEMBERS = ("Ann", "Bet", "Cat", "Dot", "Eve", "Fred", "Gus", "Hal", "Ian")


def run(port: int) -> dict:
    from django.conf import settings
    from django.utils import timezone

    from tests.factories import make_club, make_member, two_table_evening
    from tests.result_emails.conftest import email_settings
    from whistdrive.evening.published import published
    from whistdrive.store.models import Entrant, Event, ResultEmail

    email_settings(settings, port)
    club = make_club(f"Club {os.getpid()}")
    event = two_table_evening(club)
    for name in MEMBERS:
        member = make_member(club, name, email=f"{name.lower()}@example.org", results_by_email=True)
        Entrant.objects.filter(event=event, name=name).update(member=member)
    Event.objects.filter(pk=event.pk).update(published_at=timezone.now())
    errors: list[str] = []
    lock = threading.Lock()
    start = threading.Barrier(PUBLISHES)

    def publish(number: int) -> None:
        try:
            copy = Event.objects.get(pk=event.pk)
            start.wait(timeout=60)
            published.send(sender=copy, replaced=number > 0)
        except Exception as exc:  # noqa: BLE001 - every failure is reported, none may happen
            with lock:
                errors.append(f"publish {number}: {exc!r}")
        finally:
            connection.close()

    threads = [threading.Thread(target=publish, args=(n,)) for n in range(PUBLISHES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    rows = [
        list(row)
        for row in ResultEmail.objects.filter(event_public_id=event.public_id).values_list("member__name", "status")
    ]
    return {"errors": errors, "rows": sorted(rows), "vendor": connection.vendor}


if __name__ == "__main__":
    print(json.dumps(run(int(sys.argv[1]))))
