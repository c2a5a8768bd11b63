"""CPU per phone request at a hall's peak, in-process: submit, agree, an unchanged poll, /healthz.

    python bench/entry_cpu.py --tables 300 --sample 40

Builds the hall's evening (``bench/_event.py``: progressive, winners move, 11 hands played) in a
temporary SQLite database, then, at ``--sample`` tables spread over the hall, North's phone enters
its tricks and East's phone agrees and South's phone polls, through ``django.test.Client`` with ``HX-Request`` as the page's
htmx sends them. Each request is timed with ``time.process_time`` (CPU of this process: the machine
is shared, so wall-clock is noise) and the medians are printed. ``--profile agree`` writes a
cProfile of the agrees to ``/tmp/entry_cpu.prof`` instead.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

VERSION_RE = re.compile(r'\?v=(\w+)"')


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=300)
    parser.add_argument("--sample", type=int, default=40, help="tables whose phones submit and agree")
    parser.add_argument(
        "--profile",
        choices=["poll (unchanged, 204)", "submit", "agree", "poll after agree", "next phone's poll"],
        help="cProfile this request instead",
    )
    args = args_ = parser.parse_args()
    os.environ["WHISTDRIVE_DATA_DIR"] = tempfile.mkdtemp(prefix="entry-cpu-")
    os.environ.pop("DATABASE_URL", None)
    import _event

    started = time.perf_counter()
    built = _event.build(args.tables, 11)
    print(f"built {args.tables} tables in {time.perf_counter() - started:.0f} s", file=sys.stderr)

    from django.test import Client

    hand = built["hand"]
    tables = built["tables"]
    step = max(1, len(tables) // args.sample)
    chosen = tables[::step][: args.sample]
    figures: dict[str, list[float]] = {
        "healthz": [],
        "poll (unchanged, 204)": [],
        "submit": [],
        "agree": [],
        "poll after agree": [],
        "next phone's poll": [],
    }
    profiler = None
    if args.profile:
        import cProfile

        profiler = cProfile.Profile()

    def timed(kind: str, call, *args, **kwargs):
        if profiler is not None and kind == args_.profile:
            profiler.enable()
        before = time.process_time()
        response = call(*args, **kwargs)
        figures[kind].append(time.process_time() - before)
        if profiler is not None and kind == args_.profile:
            profiler.disable()
        return response

    htmx = {"HTTP_HX_REQUEST": "true"}
    for table in chosen:
        url = f"/t/{table['token']}/"
        north, east, south = Client(), Client(), Client()
        for phone, seat in ((north, "N"), (east, "E"), (south, "S")):
            phone.post(url + "seat/", {"seat": seat}, **htmx)
        page = north.get(url, **htmx)
        version = VERSION_RE.search(page.content.decode()).group(1)
        response = timed("poll (unchanged, 204)", north.get, f"{url}?v={version}", **htmx)
        assert response.status_code == 204, response.status_code
        timed("healthz", north.get, "/healthz")
        tricks = 7 + len(figures["submit"]) % 3
        response = timed("submit", north.post, url + "enter/", {"hand": hand, "tricks": tricks}, **htmx)
        assert response.status_code == 200 and b'role="alert"' not in response.content, response.content
        response = timed("agree", east.post, url + "agree/", {"hand": hand, "seat": "E", "tricks_ns": tricks}, **htmx)
        assert response.status_code == 200 and b'role="alert"' not in response.content, response.content
        shown = VERSION_RE.search(response.content.decode()).group(1)
        # What the agreeing phone's page then asks for (on load, where the answer left the moves out).
        response = timed("poll after agree", east.get, f"{url}?v={shown}", **htmx)
        assert response.status_code == 200 and b'ul class="moves"' in response.content, response.status_code
        # The table's other phones then see the same moves on their next poll.
        response = timed("next phone's poll", south.get, f"{url}?v={version}", **htmx)
        assert response.status_code == 200 and b'ul class="moves"' in response.content, response.status_code
    from whistdrive.store.models import Result

    agreed = Result.objects.filter(table__event_id=built["event"], hand=hand).count()
    assert agreed == len(chosen), (agreed, len(chosen))
    if profiler is not None:
        profiler.dump_stats("/tmp/entry_cpu.prof")
    print(f"{args.tables} tables, {len(chosen)} tables sampled, hand {hand}; CPU per request, median (p90):")
    for kind, times in figures.items():
        times = sorted(times)
        p90 = times[int(len(times) * 0.9)]
        print(f"  {kind:24} {statistics.median(times) * 1000:7.1f} ms ({p90 * 1000:.1f})")


if __name__ == "__main__":
    main()
