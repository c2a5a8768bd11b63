"""Time the standings page and the board fragment for a 300-table, 24-hand drive (1,200 players).

Run: python bench/standings_bench.py
Builds the event in a throwaway SQLite database (WHISTDRIVE_DATA_DIR is a temporary folder),
then requests each page through the test Client several times and reports the median.
The figures go into docs/benchmarks.md under "## Standings and board"; the target is under 200 ms.
"""

from __future__ import annotations

import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["WHISTDRIVE_DATA_DIR"] = tempfile.mkdtemp(prefix="wd-standings-bench-")
os.environ["DJANGO_SETTINGS_MODULE"] = "whistdrive.settings"
os.environ.pop("DJANGO_DEBUG", None)

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection, reset_queries  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import override_settings, setup_test_environment  # noqa: E402
from django.urls import reverse  # noqa: E402

from tests.factories import big_evening, make_cast  # noqa: E402
from whistdrive.evening import scores  # noqa: E402
from whistdrive.store import rows  # noqa: E402

TABLES = 300
HANDS = 24
RUNS = 9
PLAIN_STATIC = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}


def median_ms(fn, runs: int = RUNS) -> float:
    fn()  # warm up: template loading, first connection
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    setup_test_environment()
    call_command("migrate", verbosity=0)
    club_a, _, olive, _, _ = make_cast()
    start = time.perf_counter()
    event = big_evening(club_a, TABLES, HANDS)
    built = time.perf_counter() - start

    client = Client()
    client.force_login(olive)
    standings_url = reverse("event_standings", args=[event.pk])
    board_url = reverse("board", args=[event.board_token])

    def get(url, **headers):
        response = client.get(url, headers=headers)
        assert response.status_code in (200, 304), response.status_code
        return response

    first_table = event.tables.order_by("number").first()

    def cold(fn):
        # As after a new result: a table's revision moved, so the standings are worked out again (the
        # seatings, kept under the event's revision, are not read again).
        def run():
            rows.bump_table(first_table.pk)
            return fn()

        return run

    def board_poll():
        return get(board_url + "?view=standings", HX_Request="true")

    figures = {
        "loader only (3 queries: entrants, seatings, results)": median_ms(
            lambda: scores.hand_records(event, player_ids=scores.people_of(event).ids)
        ),
        "standings and prizes worked out from the loaded rows (no HTTP)": median_ms(
            cold(lambda: scores.standings_now(event))
        ),
        "organiser's standings page, after a new result (cold)": median_ms(cold(lambda: get(standings_url))),
        "organiser's standings page, nothing new (warm)": median_ms(lambda: get(standings_url)),
        "organiser's half-time view (warm)": median_ms(lambda: get(standings_url + "?half=1")),
        "board fragment, after a new result (cold)": median_ms(cold(board_poll)),
        "board fragment, nothing new but a new view slot (warm)": median_ms(board_poll),
    }
    etag = get(board_url + "?view=standings", HX_Request="true")["ETag"]
    figures["board fragment, nothing changed (304)"] = median_ms(
        lambda: get(board_url + "?view=standings", HX_Request="true", If_None_Match=etag)
    )
    with override_settings(DEBUG=True):
        rows.bump_table(first_table.pk)
        reset_queries()
        get(standings_url)
        queries = len(connection.queries)

    print(f"{platform.system()} {os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"{TABLES} tables, {TABLES * 4} players, {HANDS} hands; built in {built:.1f} s; {RUNS} runs, median")
    print(f"standings page queries: {queries}")
    for name, ms in figures.items():
        print(f"{name}: {ms:.0f} ms")


if __name__ == "__main__":
    with override_settings(STORAGES=PLAIN_STATIC):
        main()
