"""Individual schedules against their bounds, for every size 8..400, and the time they take.

Run: /work/venv/bin/python bench/movements_bench.py [--sizes 8-400]
Prints a Markdown table of the worst figures per size band and the sizes that miss a bound;
the figures go into docs/benchmarks.md under "## Movements".
"""

from __future__ import annotations

import argparse
import platform
import time

from whistdrive.movements import Player, bounds, individual_schedule, measure
from whistdrive.movements.schedule import _schedule


def run(players: int, hands: int) -> dict:
    _schedule.cache_clear()
    start = time.perf_counter()
    order = [Player(f"p{i}") for i in range(players)]
    individual_schedule(order, hands, roles=False)
    seconds = time.perf_counter() - start
    schedule = _schedule(players, -1, hands)
    figures = measure(players, -1, schedule)
    partner_bound, oppose_bound = bounds(players, -1, hands)
    ok = (
        (figures["max_partner"] <= partner_bound if partner_bound is not None else figures["partner_spread"] <= 1)
        and (oppose_bound is None or figures["max_oppose"] <= oppose_bound)
        and figures["played_spread"] <= 1
    )
    return {**figures, "seconds": seconds, "ok": ok, "players": players, "hands": hands}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="8-400")
    args = parser.parse_args()
    low, high = (int(x) for x in args.sizes.split("-"))
    rows = []
    for players in range(low, high + 1):
        for hands in sorted({30, players - 1} if players - 1 <= 30 else {30}):
            rows.append(run(players, hands))
    print(
        f"{time.strftime('%Y-%m-%d')} on {platform.system()} {platform.machine()}, Python {platform.python_version()}"
    )
    print()
    print(
        "| players | hands | cases | max partner (bound) | max oppose (bound) | partner spread | seat spread | played spread | slowest s |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    bands = [(8, 31), (32, 63), (64, 127), (128, 255), (256, 400)]
    for lo, hi in bands:
        for kind in ("H < P", "H >= P"):
            chosen = [
                r for r in rows if lo <= r["players"] <= hi and ((r["hands"] < r["players"]) == (kind == "H < P"))
            ]
            if not chosen:
                continue
            worst = {
                k: max(r[k] for r in chosen)
                for k in ("max_partner", "max_oppose", "partner_spread", "seat_spread", "played_spread", "seconds")
            }
            pb = "1" if kind == "H < P" else "spread ≤ 1"
            ob = "2" if kind == "H < P" else "—"
            print(
                f"| {lo}–{hi} | {kind} | {len(chosen)} | {worst['max_partner']} ({pb}) | {worst['max_oppose']} ({ob}) | "
                f"{worst['partner_spread']} | {worst['seat_spread']} | {worst['played_spread']} | {worst['seconds']:.3f} |"
            )
    missed = [r for r in rows if not r["ok"]]
    print()
    print(f"cases: {len(rows)}, meeting every bound: {len(rows) - len(missed)}")
    for r in missed:
        print(
            f"  misses: {r['players']} players, {r['hands']} hands: partner {r['max_partner']}, oppose {r['max_oppose']}, spread {r['partner_spread']}"
        )
    big = run(400, 30)
    print(f"400 players x 30 hands: {big['seconds']:.3f} s")


if __name__ == "__main__":
    main()
