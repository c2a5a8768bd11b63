"""Develop starters over Z_K x {orbits} (tools/cyclic_starters.c mode 4) into a stored schedule.

Run:
    gcc -O2 -o /tmp/cyclic tools/cyclic_starters.c -lm
    nice -n 19 /tmp/cyclic 4 44 20000000 1 2 11 3 > /tmp/44.txt
    python tools/develop_starters.py 11 < 44.txt
Prints the line for whistdrive/engines/movements/designs_data.py DATA: the first starter's K hands (hand
r adds r to every point's x, keeping its orbit), then the second's, and so on, cut at 30 hands.
Within each starter's development every difference class partners at most once and opposes at
most twice, and the starters share no partner class, so any hands of it meet the whist bounds.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from whistdrive.engines.movements.designs_data import ALPHABET  # noqa: E402
from whistdrive.engines.movements.schedule import measure  # noqa: E402

HANDS = 30


def developed(k: int, starters: list[list[int]]):
    """Every hand of every starter's development, as (tables, sit-outs) with nobody out."""
    hands = []
    for starter in starters:
        for r in range(k):
            moved = [(x % k + r) % k + k * (x // k) for x in starter]
            hands.append((tuple(tuple(moved[4 * t : 4 * t + 4]) for t in range(len(moved) // 4)), ()))
    return hands


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("k", type=int)
    args = parser.parse_args()
    text = sys.stdin.read()
    players = int(text.split(":")[0])
    starters = [[int(x) for x in part.split()] for part in text.split(":")[1].split("|") if part.strip()]
    hands = developed(args.k, starters)
    figures = measure(players, -1, hands)
    if figures["max_partner"] > 1 or figures["max_oppose"] > 2 or len(hands) < HANDS:
        raise SystemExit(f"{players}: {len(hands)} hands, {figures}")
    # hand 1 must read 0, 1, 2, ...: rename the points by their place in hand 1
    first = hands[0][0]
    rename = {x: i for i, x in enumerate(x for table in first for x in table)}
    line = " ".join("".join(ALPHABET[rename[x]] for table in tables for x in table) for tables, _out in hands[:HANDS])
    print(f'    {players}: "{line}",')


if __name__ == "__main__":
    main()
