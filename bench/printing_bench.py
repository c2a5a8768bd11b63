"""Time the biggest print job of an evening: scorecards for 400 entrants of 24 hands.

Run: python bench/printing_bench.py
The figure goes into docs/benchmarks.md under "## Printing"; the target is under 5 seconds.
"""

from __future__ import annotations

import datetime
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from whistdrive.printing import ScorecardSheet, scorecards_pdf  # noqa: E402
from whistdrive.printing.common import register_fonts  # noqa: E402
from whistdrive.printing.sheets import Scorecard, ScorecardRow  # noqa: E402

ENTRANTS = 400
HANDS = 24
RUNS = 3


def sheet() -> ScorecardSheet:
    cards = []
    for number in range(1, ENTRANTS + 1):
        rows = [ScorecardRow(hand=h, trump="HDSC"[(h - 1) % 4]) for h in range(1, HANDS + 1)]
        cards.append(
            Scorecard(
                name=f"Entrant Łukasz-Zoë {number}",
                card_number=number,
                role="lady" if number % 2 else "gent",
                personal_url=f"http://192.168.1.20:8000/p/county-championship/{number}/",
                rows=rows,
            )
        )
    return ScorecardSheet(
        club="Nether Wallop Whist Club",
        event="County championship",
        date=datetime.date(2026, 12, 1),
        venue="Corn Exchange",
        movement_rule="Winners move: the lady up a table, the gent down.",
        interval_after=12,
        cards=cards,
    )


def main() -> None:
    register_fonts()  # once per process, as in a running server
    data = sheet()
    times = []
    for _ in range(RUNS):
        start = time.perf_counter()
        pdf = scorecards_pdf(data)
        times.append(time.perf_counter() - start)
    print(f"{datetime.date.today()} Python {platform.python_version()} {platform.system()}")
    print(f"scorecards_pdf: {ENTRANTS} entrants x {HANDS} hands, {len(pdf) / 1e6:.1f} MB")
    print(f"best {min(times):.2f} s, median {statistics.median(times):.2f} s of {RUNS} runs (target < 5 s)")


if __name__ == "__main__":
    main()
