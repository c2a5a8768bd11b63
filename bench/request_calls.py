"""Python calls per phone request at a table's end of hand, counted with cProfile, in-process:

    python bench/request_calls.py --tables 300

Builds the hall's evening as ``bench/entry_cpu.py`` does (``bench/_event.py``) and, at 10 tables
spread over it, plays the hand's end through ``django.test.Client`` as the table's phones send it:
North submits, East's and South's pages fetch the claim, East agrees, East's page fetches where
everyone goes, North's fetches the same drawing; and the hub's pushed pages (``pushes.pushed_pages``,
for the four seats) of the hand's start (where last hand's four went), of the claim and of the
agreement, as ``rundrive``'s hub draws them instead of those fetches. The count of Python calls is the same from run to run where a shared machine's timings
are not, so two checkouts can be compared side by side; the milliseconds (under the profiler, so slower
than without it) are printed too. ``--top N`` prints the N functions with the most time under the
agreement's pushed pages, or those of the step ``--of`` names (``--of submit``).
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

VERSION_RE = re.compile(r'\?v=(\w+)"')
HTMX = {"HTTP_HX_REQUEST": "true"}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--top", type=int, default=0)
    parser.add_argument(
        "--of",
        default="the hub's pushed pages of the agreement",
        help="the step whose profile --top prints (default: %(default)s)",
    )
    args = parser.parse_args()
    os.environ["WHISTDRIVE_DATA_DIR"] = tempfile.mkdtemp(prefix="request-calls-")
    os.environ.pop("DATABASE_URL", None)
    import _event

    built = _event.build(args.tables, 11)
    from django.test import Client

    from whistdrive.evening.phones import pushes
    from whistdrive.store.models import Seating

    hand = built["hand"]
    totals: dict[str, list[float]] = {}
    profiles: dict[str, pstats.Stats] = {}

    def step(label: str, call, *a, **k):
        profile = cProfile.Profile()
        profile.enable()
        before = time.process_time()
        response = call(*a, **k)
        spent = time.process_time() - before
        profile.disable()
        counted = totals.setdefault(label, [0, 0.0])
        stats = pstats.Stats(profile)
        counted[0] += stats.total_calls
        counted[1] += spent
        if label in profiles:
            profiles[label].add(profile)
        else:
            profiles[label] = stats
        return response

    tables = built["tables"][5::30][:10]
    # What a server does once, not per table (its URLs and templates loaded), done at another table first.
    warm = built["tables"][0]["token"]
    pushes.pushed_pages(warm, {s.entrant_id for s in Seating.objects.filter(table__token=warm, hand=hand)})
    Client().get(f"/t/{warm}/", **HTMX)
    for table in tables:
        url = f"/t/{table['token']}/"
        # First, before any phone has drawn this hand's page: as the hub does when the hall has moved on.
        players = {s.entrant_id for s in Seating.objects.filter(table__token=table["token"], hand=hand)}
        step("the hub's pushed pages of the hand's start", pushes.pushed_pages, table["token"], players)
        north, east, south, west = Client(), Client(), Client(), Client()
        for phone, seat in ((north, "N"), (east, "E"), (south, "S"), (west, "W")):
            phone.post(url + "seat/", {"seat": seat}, **HTMX)
        shown = VERSION_RE.search(north.get(url, **HTMX).content.decode()).group(1)
        step("an unchanged poll (204)", north.get, f"{url}?v={shown}", **HTMX)
        answer = step("submit", north.post, url + "enter/", {"hand": hand, "tricks": 7}, **HTMX)
        claimed = VERSION_RE.search(answer.content.decode()).group(1)
        step("the hub's pushed pages of the claim", pushes.pushed_pages, table["token"], players)
        step("East's fetch of the claim", east.get, f"{url}?v={shown}", **HTMX)
        step("South's fetch of the claim", south.get, f"{url}?v={shown}", **HTMX)
        answer = step("agree", east.post, url + "agree/", {"hand": hand, "seat": "E", "tricks_ns": 7}, **HTMX)
        agreed = VERSION_RE.search(answer.content.decode()).group(1)
        step("the hub's pushed pages of the agreement", pushes.pushed_pages, table["token"], players)
        step("East's fetch after agreeing", east.get, f"{url}?v={agreed}", **HTMX)
        step("North's fetch after the agreement", north.get, f"{url}?v={claimed}", **HTMX)
    print(f"{args.tables} tables, {len(tables)} sampled; per request, mean:")
    for label, (calls, spent) in totals.items():
        print(f"  {label:40} {calls / len(tables):8,.0f} calls  {spent / len(tables) * 1000:6.1f} ms (profiled)")
    if args.top:
        profiles[args.of].sort_stats("cumulative").print_stats(args.top)


if __name__ == "__main__":
    main()
