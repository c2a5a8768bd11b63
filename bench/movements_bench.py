"""Individual schedules against their bounds, for every size 8..400, and the time they take.

Run: python bench/movements_bench.py [--sizes 8-400] [--no-roles-only]
Cases: without roles, every size with 30 hands and with hands = players - 1 where that is at
most 30; with lady/gent roles (ladies = gents, or one more lady for an odd number), 30 hands and
hands = gents - 1. Prints a Markdown table of the worst figures per size band and the sizes that
miss a bound; the figures go into docs/benchmarks.md under "## Movements".
"""

from __future__ import annotations

import argparse
import platform
import time

from whistdrive.engines.movements import Player, bounds, individual_schedule, measure
from whistdrive.engines.movements.schedule import _schedule


def run(players: int, hands: int, roles: bool = False) -> dict:
    """Build one schedule (cache cleared, so the time is a cold build) and measure it."""
    ladies = -(-players // 2) if roles else -1
    if roles:
        order = [Player(f"l{i}", "lady") for i in range(ladies)] + [
            Player(f"g{i}", "gent") for i in range(players - ladies)
        ]
    else:
        order = [Player(f"p{i}") for i in range(players)]
    _schedule.cache_clear()
    start = time.perf_counter()
    individual_schedule(order, hands, roles=roles)
    seconds = time.perf_counter() - start
    schedule = _schedule(players, ladies, hands)
    figures = measure(players, ladies, schedule)
    partner_bound, oppose_bound = bounds(players, ladies, hands)
    ok = (
        (figures["max_partner"] <= partner_bound if partner_bound is not None else figures["partner_spread"] <= 1)
        and (oppose_bound is None or figures["max_oppose"] <= oppose_bound)
        and figures["played_spread"] <= 1
    )
    tight = partner_bound is not None
    return {**figures, "seconds": seconds, "ok": ok, "players": players, "hands": hands, "roles": roles, "tight": tight}


def cases(low: int, high: int, roles: bool) -> list[tuple[int, int]]:
    result = []
    for players in range(low, high + 1):
        few = (players // 2 if roles else players) - 1
        for hands in sorted({30, few} if few <= 30 else {30}):
            result.append((players, hands))
    return result


def table(rows: list[dict]) -> None:
    print(
        "| players | hands | cases | max partner (bound) | max oppose (bound) | partner spread | seat spread"
        " | played spread | slowest s |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    bands = [(8, 31), (32, 63), (64, 127), (128, 255), (256, 400)]
    for lo, hi in bands:
        for tight in (True, False):
            chosen = [r for r in rows if lo <= r["players"] <= hi and r["tight"] == tight]
            if not chosen:
                continue
            worst = {
                k: max(r[k] for r in chosen)
                for k in ("max_partner", "max_oppose", "partner_spread", "seat_spread", "played_spread", "seconds")
            }
            kind, pb, ob = ("H < P", "1", "2") if tight else ("H ≥ P", "—", "—")
            spread = f"{worst['partner_spread']}" + ("" if tight else " (≤ 1)")
            print(
                f"| {lo}–{hi} | {kind} | {len(chosen)} | {worst['max_partner']} ({pb}) | {worst['max_oppose']} ({ob})"
                f" | {spread} | {worst['seat_spread']} | {worst['played_spread']} | {worst['seconds']:.3f} |"
            )
    missed = [r for r in rows if not r["ok"]]
    print()
    print(f"cases: {len(rows)}, meeting every bound: {len(rows) - len(missed)}")
    for r in missed:
        print(
            f"  misses: {r['players']} players, {r['hands']} hands: partner {r['max_partner']},"
            f" oppose {r['max_oppose']}, spread {r['partner_spread']}, played spread {r['played_spread']}"
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="8-400")
    parser.add_argument("--no-roles-only", action="store_true")
    args = parser.parse_args()
    low, high = (int(x) for x in args.sizes.split("-"))
    print(
        f"{time.strftime('%Y-%m-%d')} on {platform.system()} {platform.machine()}, Python {platform.python_version()}"
    )
    print("\nWithout roles (H < P: hands fewer than players)\n")
    table([run(p, h) for p, h in cases(low, high, roles=False)])
    if not args.no_roles_only:
        print("\nWith lady/gent roles (H < P here: hands fewer than gents)\n")
        table([run(p, h, roles=True) for p, h in cases(low, high, roles=True)])
    for roles in (False, True):
        big = run(400, 30, roles)
        print(f"400 players x 30 hands{' (roles)' if roles else ''}: {big['seconds']:.3f} s")


if __name__ == "__main__":
    main()
