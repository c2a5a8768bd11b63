"""What one query costs its thread while another thread runs Python: the hidden price of every query
in a busy server process.

    python bench/query_under_contention.py --tables 300
    python bench/query_under_contention.py --tables 300 --switch 0.001    # sys.setswitchinterval

Builds the hall's evening (``bench/_event.py``) in a temporary SQLite database, then times ``versions.load``
(one query, what every phone's request and the pushed updates' hub read first), by the CPU of its thread
(``time.thread_time``) and the wall clock: alone, and while one other thread runs a pure-Python loop, as
the hub's drawing or another request does in the server. ``sqlite3`` lets go of Python's lock for each call
into SQLite and must then wait for it again, up to the switch interval, each time.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--switch", type=float, help="sys.setswitchinterval, in seconds (Python's default 0.005)")
    parser.add_argument("--times", type=int, default=300)
    args = parser.parse_args()
    os.environ["WHISTDRIVE_DATA_DIR"] = tempfile.mkdtemp(prefix="query-contention-")
    os.environ.pop("DATABASE_URL", None)
    import _event

    built = _event.build(args.tables, 11)
    from whistdrive.evening.phones import versions

    token = built["tables"][len(built["tables"]) // 2]["token"]
    if args.switch:
        sys.setswitchinterval(args.switch)

    def timed() -> tuple[float, float]:
        figures: list[tuple[float, float]] = []

        def run() -> None:
            versions.load(token, set())
            cpu, wall = time.thread_time(), time.perf_counter()
            for _ in range(args.times):
                versions.load(token, set())
            figures.append(((time.thread_time() - cpu) / args.times, (time.perf_counter() - wall) / args.times))

        thread = threading.Thread(target=run)
        thread.start()
        thread.join()
        return figures[0]

    alone = timed()
    stop = threading.Event()

    def busy() -> None:
        while not stop.is_set():
            sum(range(100))

    other = threading.Thread(target=busy)
    other.start()
    try:
        beside = timed()
    finally:
        stop.set()
        other.join()
    print(f"switch interval {sys.getswitchinterval() * 1000:g} ms; versions.load, its thread's CPU / wall clock:")
    print(f"  alone:                             {alone[0] * 1e6:7.0f} µs / {alone[1] * 1e6:7.0f} µs")
    print(f"  beside a thread running Python:    {beside[0] * 1e6:7.0f} µs / {beside[1] * 1e6:7.0f} µs")


if __name__ == "__main__":
    main()
