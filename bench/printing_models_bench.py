"""Time scorecards for a real 400-entrant event through the adapter: rows -> sheet -> PDF bytes.

Run: python bench/printing_models_bench.py
Builds a throwaway SQLite database in a temporary folder (never the user's data directory):
a 24-hand progressive drive of 200 ladies and 200 gents, started, with two hands played, so
the cards carry seats, partners, tricks and running totals. The figure goes into
docs/benchmarks.md under "## Printing"; the target is under 5 seconds.
"""

from __future__ import annotations

import datetime
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ["WHISTDRIVE_DATA_DIR"] = tempfile.mkdtemp(prefix="whistdrive-bench-")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from clubs.models import Club  # noqa: E402
from whistdrive.engines.formats import Format  # noqa: E402
from whistdrive.engines.rules import HandEntry  # noqa: E402
from whistdrive.evening import running  # noqa: E402
from whistdrive.printing import from_models, scorecards_pdf  # noqa: E402
from whistdrive.printing.common import register_fonts  # noqa: E402
from whistdrive.store.models import Entrant, Event  # noqa: E402

ENTRANTS = 400
RUNS = 3
BASE_URL = "http://192.168.1.20:8000"


def build_event() -> Event:
    call_command("migrate", verbosity=0)
    club = Club.objects.create(name="Nether Wallop Whist Club")
    event = Event(club=club, name="County championship", date=datetime.date(2026, 12, 1), venue="Corn Exchange")
    event.set_format(Format())
    event.save()
    Entrant.objects.bulk_create(
        Entrant(event=event, name=f"Entrant Łukasz-Zoë {n}", role="lady" if n % 2 else "gent", card_number=n)
        for n in range(1, ENTRANTS + 1)
    )
    running.start_event(event, seed=11)
    from whistdrive.evening import entry  # noqa: PLC0415 - after django.setup()

    for hand in (1, 2):
        event.refresh_from_db()
        for table in event.tables.filter(seatings__hand=hand).distinct():
            ns = (table.number + hand) % 9 + 2
            trump = "HDSC"[(hand - 1) % 4]
            entry.set_result(table, hand=hand, entry=HandEntry(tricks_ns=ns, tricks_ew=13 - ns, trump=trump), user=None)
    event.refresh_from_db()
    return event


def main() -> None:
    event = build_event()
    register_fonts()  # once per process, as in a running server
    times, sheet_times = [], []
    for _ in range(RUNS):
        start = time.perf_counter()
        with CaptureQueriesContext(connection) as captured:
            sheet = from_models.scorecard_sheet(event, BASE_URL)
        middle = time.perf_counter()
        pdf = scorecards_pdf(sheet)
        times.append(time.perf_counter() - start)
        sheet_times.append(middle - start)
    print(f"{datetime.date.today()} Python {platform.python_version()} {platform.system()}")
    print(f"event: {ENTRANTS} entrants, {event.hands} hands, current hand {event.current_hand}")
    print(f"scorecard_sheet (adapter): best {min(sheet_times):.2f} s, {len(captured.captured_queries)} queries")
    print(
        f"adapter + scorecards_pdf: best {min(times):.2f} s, median {statistics.median(times):.2f} s, "
        f"{len(pdf) / 1e6:.1f} MB (target < 5 s)"
    )


if __name__ == "__main__":
    main()
