"""What SQLite's ``synchronous`` setting costs and keeps: every table of a hall enters and agrees one hand,
and the organiser issues every table a new QR code.

    python bench/sqlite_synchronous.py --tables 50

For the phones' level NORMAL and FULL in turn (``WHISTDRIVE_SQLITE_SYNCHRONOUS``) it builds a fresh evening of
``tables`` tables with 11 hands played (bench/_event.py), then, in a process of its own watched by
``strace -f -c -e trace=fsync,fdatasync`` when strace is installed, has every table's North enter
hand 12 and East agree it through ``whistdrive.evening.entry`` (one transaction each, at the phones' level as
their requests are: ``connection.synchronous``, whistdrive/store/durability.py), timing each call; then, in
another such process, the organiser's writes: a new QR code for every table (``entry.new_table_token``),
at the connection's own level (FULL, whatever the setting). It prints per part: the level read inside it,
the commits, the fsync/fdatasync calls the disk saw (each is the moment the commits before it survive a
power cut), and the p50/p95 of one commit. The peak under the real server is bench/hall.py
(docs/robustness.md has both).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def child(event_file: str, part: str) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")
    import django

    django.setup()
    from contextlib import nullcontext

    from django.conf import settings
    from django.db import connection

    from whistdrive.evening import entry
    from whistdrive.store.models import Event

    data = json.loads(Path(event_file).read_text())
    event = Event.objects.get(pk=data["event"])
    hand = event.current_hand
    if part == "phones":
        writes = [
            (lambda table=table, write=write, seat=seat, fields=fields: write(table, hand=hand, seat=seat, **fields))
            for table in event.tables.order_by("number")
            for write, seat, fields in ((entry.submit, "N", {"tricks_ours": 7}), (entry.agree, "E", {}))
        ]
        level = lambda: connection.synchronous(settings.SQLITE_PHONES_SYNCHRONOUS)  # noqa: E731 (as a request)
    else:
        writes = [(lambda table=table: entry.new_table_token(table)) for table in event.tables.order_by("number")]
        level = nullcontext  # the connection's own
    timings = []
    for write in writes:
        with level():
            start = time.perf_counter()
            write()
            timings.append((time.perf_counter() - start) * 1000)
    with level(), connection.cursor() as cursor:
        mode = {0: "OFF", 1: "NORMAL", 2: "FULL", 3: "EXTRA"}[cursor.execute("PRAGMA synchronous").fetchone()[0]]
    cuts = statistics.quantiles(timings, n=20)
    print(
        json.dumps({"synchronous": mode, "commits": len(timings), "p50": statistics.median(timings), "p95": cuts[18]})
    )


def run(mode: str, tables: int) -> dict[str, dict]:
    data_dir = Path(tempfile.mkdtemp(prefix=f"wd-sync-{mode.lower()}-"))
    env = dict(os.environ, WHISTDRIVE_DATA_DIR=str(data_dir), WHISTDRIVE_SQLITE_SYNCHRONOUS=mode)
    env.pop("DATABASE_URL", None)
    try:
        event_file = data_dir / "event.json"
        built = subprocess.run(
            [sys.executable, str(ROOT / "bench" / "_event.py"), "--tables", str(tables), "--played", "11",
             "--out", str(event_file)],
            env=env, capture_output=True, text=True,
        )  # fmt: skip
        if built.returncode:
            raise SystemExit(built.stderr)
        outcomes = {}
        for part in ("phones", "organiser"):
            command = [sys.executable, __file__, "--child", str(event_file), "--part", part]
            traced = data_dir / f"strace-{part}.txt"
            if shutil.which("strace"):
                command = ["strace", "-f", "-c", "-e", "trace=fsync,fdatasync", "-o", str(traced), *command]
            timed = subprocess.run(command, env=env, capture_output=True, text=True)
            if timed.returncode:
                raise SystemExit(timed.stderr)
            outcome = json.loads(timed.stdout.strip().splitlines()[-1])
            outcome["syncs"] = _syncs(traced) if traced.exists() else None
            outcomes[part] = outcome
        return outcomes
    finally:
        shutil.rmtree(data_dir, ignore_errors=True)


def _syncs(path: Path) -> int:
    total = 0
    for line in path.read_text().splitlines():
        parts = line.split()
        if parts and parts[-1] in ("fsync", "fdatasync"):
            total += int(parts[3])
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--child", metavar="EVENT_JSON", help=argparse.SUPPRESS)
    parser.add_argument("--part", choices=["phones", "organiser"], default="phones", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, args.part)
        return
    for mode in ("NORMAL", "FULL"):
        for part, r in run(mode, args.tables).items():
            print(
                f"WHISTDRIVE_SQLITE_SYNCHRONOUS={mode:6} {part:9} at {r['synchronous']:6}: {r['commits']} commits, "
                f"{r['syncs']} fsync/fdatasync calls, one commit p50 {r['p50']:.1f} ms, p95 {r['p95']:.1f} ms"
            )


if __name__ == "__main__":
    main()
