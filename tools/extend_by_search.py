"""Extend a size's cyclic schedule to 30 hands keeping partners within one at every evening length.

Run (offline, seconds each; needs gcc):
    python tools/extend_by_search.py 18 19 22 23 26
Prints each schedule as a line of whistdrive/engines/movements/designs_data.py (paste it into DATA).

The cycle (the starter's development, or for 19 the design for 20 with an empty chair) meets the
whist bounds for its hands and leaves the pairs of one difference class unpartnered:
- a perfect matching (18, 22, 26: two sit out a hand): the next hand partners all of it but one
  pair, which sits out;
- odd cycles (19, 23: three sit out): the next hand sits out three players that cut the cycles
  into even paths and partners along them; the hand after partners the other path edges, each
  cut player with one neighbour, sitting out the other neighbours.
The remaining hands are annealed by tools/window_search.c against the bound at every number of
hands: from as many hands as players, each pair's partnering count is the floor or ceiling of
the average; sit-out counts likewise (fair at every hand); opponents at most ``--oppose`` over the
30 hands. The annealing stops when everything holds, so a run's result depends on the machine's
speed; the stored lines are checked by the tests, not reproduced.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from collections import Counter
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from extend_starters import print_data_line, relabelled  # noqa: E402

from whistdrive.engines.movements.designs import design_with_spare_seat, starter_rounds  # noqa: E402

HANDS = 30
OPPOSE = {10: 7, 11: 7, 15: 5, 18: 4, 19: 4, 22: 3, 23: 4, 26: 3}


def cycle(players: int) -> list:
    if players % 4 == 3 and design_with_spare_seat(players, players) is not None:
        return list(design_with_spare_seat(players, players))
    return list(starter_rounds(players, players))


def tables_of(pairs) -> tuple:
    return tuple(
        (pairs[2 * t][0], pairs[2 * t + 1][0], pairs[2 * t][1], pairs[2 * t + 1][1]) for t in range(len(pairs) // 2)
    )


def constructed(players: int, hands: list) -> list:
    """The hands after the cycle that partner the pairs it left out (see the module's docstring)."""
    met = Counter(frozenset((t[a], t[b])) for tables, _out in hands for t in tables for a, b in ((0, 2), (1, 3)))
    missing = [(a, b) for a, b in combinations(range(players), 2) if not met[frozenset((a, b))]]
    sitting = players % 4
    if 2 * len(missing) == players and sitting == 2:
        return [(tables_of(missing[:-1]), missing[-1])]
    neighbours = {x: [] for x in range(players)}
    for a, b in missing:
        neighbours[a].append(b)
        neighbours[b].append(a)
    assert len(missing) == players and all(len(n) == 2 for n in neighbours.values()), missing
    cycles, seen = [], set()
    for start in range(players):
        if start in seen:
            continue
        ring = [start]
        seen.add(start)
        while nxt := [y for y in neighbours[ring[-1]] if y not in seen]:
            ring.append(nxt[0])
            seen.add(nxt[0])
        cycles.append(ring)
    cuts = [1] * len(cycles)
    cuts[0] += sitting - len(cycles)
    first, first_out, second, second_out = [], [], [], []
    for ring, k in zip(cycles, cuts, strict=True):
        length = len(ring)
        assert length % 2 and k % 2, (length, k)
        gaps = [(length - k) // k // 2 * 2] * k
        gaps[-1] += length - k - sum(gaps)
        at = 0
        for gap in gaps:
            cut, path = ring[at], [ring[(at + 1 + j) % length] for j in range(gap)]
            first_out.append(cut)
            first += [(path[j], path[j + 1]) for j in range(0, gap, 2)]
            second += [(cut, path[0])] + [(path[j], path[j + 1]) for j in range(1, gap - 1, 2)]
            second_out.append(path[-1])
            at += gap + 1
    return [(tables_of(first), tuple(first_out)), (tables_of(second), tuple(second_out))]


def windows(players: int, fixed: int, oppose: int) -> list[str]:
    per_hand = players // 4 * 2
    pairs = players * (players - 1) // 2
    result = []
    for hands in range(players, HANDS + 1):
        total = per_hand * hands
        result.append(f"p:{hands}:{total // pairs}:{-(-total // pairs)}")
    for hands in range(fixed + 1, HANDS + 1):
        total = players % 4 * hands
        result.append(f"s:{hands}:{total // players}:{-(-total // players)}")
    return result + [f"o:{HANDS}:0:{oppose}"]


def compiled() -> str:
    out = Path(tempfile.gettempdir()) / "window_search"
    source = Path(__file__).with_name("window_search.c")
    if not out.exists() or out.stat().st_mtime < source.stat().st_mtime:
        subprocess.run(["gcc", "-O2", "-o", str(out), str(source), "-lm"], check=True)
    return str(out)


def extend(players: int, seconds: float, seed: int):
    hands = cycle(players)
    hands += constructed(players, hands)
    fixed = len(hands)
    missed = Counter(x for _tables, out in hands for x in out)
    start = [[x for table in tables for x in table] for tables, _out in hands]
    for _hand in range(fixed, HANDS):  # a fair start: the fewest missed sit out
        out = sorted(range(players), key=lambda x: (missed[x], x))[: players % 4]
        missed.update(out)
        start.append([x for x in range(players) if x not in out])
    done = subprocess.run(
        [compiled(), str(players), str(HANDS), str(seed), str(seconds), "1.0", str(fixed)]
        + windows(players, fixed, OPPOSE.get(players, 4)),
        input="\n".join(" ".join(map(str, hand)) for hand in start),
        stdout=subprocess.PIPE,
        text=True,
    )
    if done.returncode:
        return None
    seated = [[int(x) for x in line.split()] for line in done.stdout.splitlines()]
    return [
        (
            tuple(tuple(hand[4 * t : 4 * t + 4]) for t in range(len(hand) // 4)),
            tuple(sorted(set(range(players)) - set(hand))),
        )
        for hand in seated
    ]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("sizes", nargs="+", type=int)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for players in args.sizes:
        schedule = extend(players, args.seconds, args.seed)
        if schedule is None:
            print(f"# {players}: not found", flush=True)
            continue
        print_data_line(players, relabelled(schedule))


if __name__ == "__main__":
    main()
