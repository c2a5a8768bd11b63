"""Search individual-drive schedules for the sizes where no cyclic whist design is known.

Run (offline, slow; one size at a time, nice it on a shared machine):
    nice -n 10 python tools/find_whist_designs.py 9 10 11 --seconds 120
Prints each found schedule as a line of whistdrive/engines/movements/designs_data.py (paste it into DATA).

A schedule is 30 hands for P players; hand 1 seats 0, 1, 2, ... table by table (N, E, S, W) and
the sit-outs are fixed in advance by the rotation of schedule._rotation_pick, so the stored
hands keep the documented "fewest missed sit out" rule and any prefix keeps sit-outs fair.
Phase 1 (the first H1 = min(30, P-1) hands) is a simulated annealing over whole hands, moving
players between seats of one hand, until no two players partner twice and none oppose more than
twice: the whist-tournament bounds. A prefix of it meets the same bounds for fewer hands.
Phase 2 (only when P <= 30: the hands after P-1) anneals the later hands so that after all 30
hands partnering counts are within one of each other (sum of squared counts, opponents second).
The annealing itself is tools/whist_search.c (Python was too slow on a shared machine); this
driver compiles it with gcc, checks what it prints and encodes it. Nine players use the field
construction of Wh(9) instead (annealing struggles with that tight case).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from whistdrive.engines.movements.designs_data import ALPHABET  # noqa: E402
from whistdrive.engines.movements.schedule import _rotation_pick, _schedule  # noqa: E402

HANDS = 30
TEMPERATURE = float(os.environ.get("WHIST_T0", "0.3"))


def sit_outs(players: int, hands: int) -> list[list[int]]:
    """Who sits out each hand: hand 1 the last players, then by the rotation rule."""
    seated = players - players % 4
    missed = [0] * players
    result = []
    for r in range(hands):
        group = list(range(players))
        chosen = group[:seated] if r == 0 else _rotation_pick(group, missed, seated)
        chosen_set = set(chosen)
        out = [x for x in group if x not in chosen_set]
        for x in out:
            missed[x] += 1
        result.append(out)
    return result


def pairs_of(table):
    n, e, s, w = table
    return ((n, s, 0), (e, w, 0), (n, e, 1), (n, w, 1), (s, e, 1), (s, w, 1))


def check(players: int, hands: list[list[int]]) -> list[str]:
    """What a schedule misses: bounds on the first min(30, P-1) hands, partnering spread at the end."""
    P = players
    problems = []
    pc: dict = {}
    oc: dict = {}
    limit = min(len(hands), P - 1)
    outs = sit_outs(P, len(hands))
    for r, hand in enumerate(hands):
        if P != 9 and sorted(hand + outs[r]) != list(range(P)):
            problems.append(f"hand {r + 1} does not seat the right players")
        for t in range(len(hand) // 4):
            for a, b, kind in pairs_of(hand[4 * t : 4 * t + 4]):
                key = (min(a, b), max(a, b))
                d = pc if kind == 0 else oc
                d[key] = d.get(key, 0) + 1
        if r + 1 == limit:
            if max(pc.values()) > 1 or max(oc.values()) > 2:
                problems.append(f"after {limit} hands: partner {max(pc.values())}, oppose {max(oc.values())}")
        if r + 1 >= P and r + 1 == len(hands):
            counts = [pc.get((a, b), 0) for a in range(P) for b in range(a + 1, P)]
            if max(counts) - min(counts) > 1:
                problems.append(f"after {r + 1} hands partnering spread {max(counts) - min(counts)}")
    return problems


def encode(hands: list[list[int]]) -> str:
    return " ".join("".join(ALPHABET[x] for x in hand) for hand in hands)


def compiled() -> str:
    """The annealing core (tools/whist_search.c), compiled once into a temporary directory."""
    out = Path(tempfile.gettempdir()) / "whist_search"
    source = Path(__file__).with_name("whist_search.c")
    if not out.exists() or out.stat().st_mtime < source.stat().st_mtime:
        subprocess.run(["gcc", "-O2", "-o", str(out), str(source), "-lm"], check=True)
    return str(out)


def find(players: int, seconds: float, seed: int) -> list[list[int]] | None:
    if players == 9:
        return gf9_design()
    first = min(HANDS, players - 1)
    greedy = _schedule(players, -1, HANDS)  # the best greedy build (no schedule is stored yet)
    start = "\n".join(" ".join(str(x) for table in tables for x in table) for tables, _out in greedy)
    done = subprocess.run(
        [compiled(), str(players), str(HANDS), str(first), str(seed), str(seconds), "60", str(TEMPERATURE), "-"],
        input=start,
        stdout=subprocess.PIPE,
        text=True,
    )
    if done.returncode:
        return None
    hands = [[int(x) for x in line.split()] for line in done.stdout.splitlines()]
    problems = check(players, hands)
    if problems:
        print(f"  {players}: {problems[:3]}", file=sys.stderr)
        return None
    return hands


def gf9_design() -> list[list[int]]:
    """Wh(9) over the field of 9 elements (annealing does not find this tight one quickly).

    Elements a + bi (i*i = -1) are points 3a + b; base tables (x, ex, -x, -ex) for x = 1, w with
    w = 1 + i primitive and e = w^2, developed by adding each element (point 0 + g sits out).
    Nine hands: every two players partner once and oppose twice, each sits out once; relabelled
    so hand 1 reads 0..7 with 8 out. Stored whole, it repeats cyclically for longer evenings.
    """

    def mul(x, y):
        return ((x[0] * y[0] - x[1] * y[1]) % 3, (x[0] * y[1] + x[1] * y[0]) % 3)

    def add(x, y):
        return ((x[0] + y[0]) % 3, (x[1] + y[1]) % 3)

    def neg(x):
        return (-x[0] % 3, -x[1] % 3)

    w = (1, 1)
    e = mul(w, w)
    bases = [(x, mul(e, x), neg(x), neg(mul(e, x))) for x in ((1, 0), w)]
    elements = [(a, b) for a in range(3) for b in range(3)]
    hands = []
    for g in elements:
        hands.append(([tuple(add(x, g) for x in table) for table in bases], g))
    first = [x for table in hands[0][0] for x in table] + [hands[0][1]]
    label = {x: i for i, x in enumerate(first)}
    return [[label[x] for table in tables for x in table] for tables, _out in hands]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("sizes", nargs="+", type=int)
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for players in args.sizes:
        start = time.time()
        hands = find(players, args.seconds, args.seed)
        took = time.time() - start
        if hands is None:
            print(f"# {players}: not found in {took:.0f} s", flush=True)
        else:
            print(f'    {players}: "{encode(hands)}",  # {took:.0f} s', flush=True)


if __name__ == "__main__":
    main()
