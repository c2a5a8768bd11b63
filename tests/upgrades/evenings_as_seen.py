"""What the organiser and the phones see of every evening in a laptop's database, printed as JSON.

Run as its own process on a data folder (WHISTDRIVE_DATA_DIR), so that the WhistDrive under test reads the
database as `rundrive` would: ``python tests/upgrades/evenings_as_seen.py [carry-on]``. With ``carry-on`` it
first plays on the evening at the interval: the organiser resumes it and table 1's phones enter and agree
the next hand through their QR code's pages. The same script, copied into the older checkout, wrote
tests/upgrades/before/seen.json (tests/upgrades/before/README.md): it reads only what both have.
"""

import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")

import django  # noqa: E402

django.setup()

from django.test import Client  # noqa: E402
from django.urls import reverse  # noqa: E402

from whistdrive.models import Event, Result  # noqa: E402

try:
    from whistdrive.evening.scores import standings_now  # noqa: E402
except ImportError:  # the older release's layout, for writing seen.json from its checkout
    from whistdrive.scores import standings_now  # noqa: E402


def seen() -> list[dict]:
    evenings = []
    for event in Event.objects.order_by("pk"):
        results = Result.objects.filter(table__event=event).select_related("table").order_by("hand", "table__number")
        evenings.append(
            {
                "name": event.name,
                "status": event.status,
                "current_hand": event.current_hand,
                "board_token": event.board_token,
                "tables": {str(t.number): t.token for t in event.tables.order_by("number")},
                "players": [[e.name, e.role, e.token] for e in event.entrants.order_by("pk")],
                "results": [
                    [r.table.number, r.hand, r.trump, r.tricks_ns, r.tricks_ew, r.honours_ns, r.honours_ew, r.revoke]
                    for r in results
                ],
                "standings": [
                    [s.rank, s.name, s.total, s.first_half, s.second_half, s.hands_played]
                    for s in standings_now(event).standings
                ],
            }
        )
    return evenings


def carry_on() -> None:
    """Resume the evening at the interval and enter its next hand at table 1 from the phones."""
    from whistdrive.evening import running

    event = running.resume(Event.objects.get(status=Event.Status.INTERVAL))
    table = event.tables.get(number=1)
    north, east = Client(), Client()
    north.post(reverse("table_seat", args=[table.token]), {"seat": "N"})
    east.post(reverse("table_seat", args=[table.token]), {"seat": "E"})
    for phone, path, form in (
        (north, "table_enter", {"hand": event.current_hand, "tricks": 8}),
        (east, "table_agree", {"hand": event.current_hand, "seat": "E", "tricks_ns": 8}),
    ):
        response = phone.post(reverse(path, args=[table.token]), form)
        assert response.status_code in (200, 302), (path, response.status_code)  # 302: back to the table page


if __name__ == "__main__":
    if sys.argv[1:] == ["carry-on"]:
        carry_on()
    print(json.dumps(seen(), indent=1, ensure_ascii=False))
