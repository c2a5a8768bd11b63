"""What SQLite's ``synchronous`` setting costs and keeps: every table of a hall enters and agrees one hand.

    python bench/sqlite_synchronous.py --tables 50

For NORMAL and FULL in turn (``WHISTDRIVE_SQLITE_SYNCHRONOUS``) it builds a fresh evening of
``tables`` tables with 11 hands played (bench/_event.py), then, in a process of its own watched by
``strace -f -c -e trace=fsync,fdatasync`` when strace is installed, has every table's North enter
hand 12 and East agree it through ``whistdrive.entry`` (one transaction each, as the phones' posts
are), timing each call. It prints per mode: the commits, the fsync/fdatasync calls the disk saw
(each is the moment the commits before it survive a power cut), and the p50/p95 of one commit.
The peak under the real server is bench/hall.py (docs/robustness.md has both).
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


def child(event_file: str) -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "whistdrive.settings")
    import django

    django.setup()
    from django.db import connection

    from whistdrive import entry
    from whistdrive.models import Event

    data = json.loads(Path(event_file).read_text())
    event = Event.objects.get(pk=data["event"])
    hand = event.current_hand
    timings = []
    for table in event.tables.order_by("number"):
        for write, seat, fields in ((entry.submit, "N", {"tricks_ours": 7}), (entry.agree, "E", {})):
            start = time.perf_counter()
            write(table, hand=hand, seat=seat, **fields)
            timings.append((time.perf_counter() - start) * 1000)
    with connection.cursor() as cursor:
        mode = cursor.execute("PRAGMA synchronous").fetchone()[0]
    cuts = statistics.quantiles(timings, n=20)
    print(json.dumps({"synchronous": mode, "commits": len(timings), "p50": statistics.median(timings), "p95": cuts[18]}))


def run(mode: str, tables: int) -> dict:
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
        command = [sys.executable, __file__, "--child", str(event_file)]
        traced = data_dir / "strace.txt"
        if shutil.which("strace"):
            command = ["strace", "-f", "-c", "-e", "trace=fsync,fdatasync", "-o", str(traced), *command]
        timed = subprocess.run(command, env=env, capture_output=True, text=True)
        if timed.returncode:
            raise SystemExit(timed.stderr)
        outcome = json.loads(timed.stdout.strip().splitlines()[-1])
        outcome["mode"] = mode
        outcome["syncs"] = _syncs(traced) if traced.exists() else None
        return outcome
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
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return
    for mode in ("NORMAL", "FULL"):
        r = run(mode, args.tables)
        print(
            f"{mode:6}: {r['commits']} commits, {r['syncs']} fsync/fdatasync calls, "
            f"one commit p50 {r['p50']:.1f} ms, p95 {r['p95']:.1f} ms"
        )


if __name__ == "__main__":
    main()
