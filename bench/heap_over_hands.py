"""What the server's memory holds as an evening goes on, in-process: after each hand, the objects Python's
garbage collector tracks and the CPU of one full pass over them.

    python bench/heap_over_hands.py --tables 300 --hands 8

Builds the hall's evening as ``bench/hall.py`` does (``bench/_event.py``, nothing played) and, hand by
hand, plays every table's end of hand through ``django.test.Client`` as its phones send it (North takes
a seat and submits, East takes a seat and agrees) with the hub's pushed pages (``pushes.pushed_pages``)
at the hand's start, the claim and the agreement, and once more when the neighbours' results are in;
then moves the hall on (``running.advance``, the organiser's button). A full pass's time is the pause a
server makes when Python collects its oldest objects (``whistdrive.server.asgi.settle_the_heap``). The test
client's own bookkeeping (two small objects a post) is left out of the count.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

HTMX = {"HTTP_HX_REQUEST": "true"}
CLIENT_BOOKKEEPING = {"finalize", "_Info"}  # the test client's signal receivers, one pair a request


def tracked() -> int:
    return sum(1 for o in gc.get_objects() if type(o).__name__ not in CLIENT_BOOKKEEPING)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--hands", type=int, default=8)
    args = parser.parse_args()
    os.environ["WHISTDRIVE_DATA_DIR"] = tempfile.mkdtemp(prefix="heap-over-hands-")
    os.environ.pop("DATABASE_URL", None)
    import _event

    built = _event.build(args.tables, 0)
    from django.test import Client

    from whistdrive.evening import running
    from whistdrive.evening.phones import pushes
    from whistdrive.store.models import Event, Seating

    event = Event.objects.get(pk=built["event"])
    gc.collect()
    print(f"{args.tables} tables; before the first hand: {tracked():,} objects")
    for hand in range(1, args.hands + 1):
        seats: dict[str, dict[str, int]] = {}
        for s in Seating.objects.filter(event=event, hand=hand, table__isnull=False).select_related("table"):
            seats.setdefault(s.table.token, {})[s.seat] = s.entrant_id
        for token, by_seat in seats.items():
            url, players = f"/t/{token}/", set(by_seat.values())
            pushes.pushed_pages(token, players)
            north, east = Client(), Client()
            north.post(url + "seat/", {"seat": "N"}, **HTMX)
            east.post(url + "seat/", {"seat": "E"}, **HTMX)
            north.post(url + "enter/", {"hand": hand, "tricks": 7}, **HTMX)
            pushes.pushed_pages(token, players)
            east.post(url + "agree/", {"hand": hand, "seat": "E", "tricks_ns": 7}, **HTMX)
            pushes.pushed_pages(token, players)
        for token, by_seat in seats.items():  # the neighbours' results are in: the agreed pages again
            pushes.pushed_pages(token, set(by_seat.values()))
        event.refresh_from_db()
        running.advance(event, expected_hand=hand)
        event.refresh_from_db()
        if event.status == Event.Status.INTERVAL:
            event.status = Event.Status.RUNNING
            event.save(update_fields=["status"])
        started = time.process_time()
        gc.collect()
        full = time.process_time() - started
        print(f"  after hand {hand}: {tracked():,} objects, a full pass {full * 1000:.0f} ms of CPU")


if __name__ == "__main__":
    main()
