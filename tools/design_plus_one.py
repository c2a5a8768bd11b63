"""A schedule for p + 1 players from the whist design for a prime p = 4n + 1 (38 from Wh(37)).

Run (offline, a second or so):
    python tools/design_plus_one.py 38
Prints the schedule as a line of whistdrive/engines/movements/designs_data.py (paste it into DATA).

The design for p players (designs.design_rounds) seats 4n of them in every hand and sits out
one, the shift r, so over any of its hands no two players partner twice or oppose thrice. The
extra player, "infinity", takes one player's seat in most hands: hand k plays round r_k of the
design with player y_k replaced by infinity, and sits out r_k and y_k (or, in the hand where
infinity rests, r_k and infinity). Pairs of design players only lose meetings, so they keep the
bounds; infinity's partner in round r is the partner of y, 2r - y (the design's tables are
(x, ex, -x, -ex)), and its opponents r +- e(y - r). The rounds and the replaced players are
chosen (seeded, by depth-first search in a random order) so that infinity never partners
anyone twice nor opposes anyone thrice, and sit-outs stay fair at every hand: hands 1..(p+1)/2
sit out everyone once, the rest sit out different players.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from whistdrive.engines.movements.designs import design_rounds  # noqa: E402
from whistdrive.engines.movements.designs_data import ALPHABET  # noqa: E402
from whistdrive.engines.movements.schedule import measure  # noqa: E402

HANDS = 30


def plan(p: int, seed: int) -> list[tuple[int, int]]:
    """(round r_k, replaced player y_k or p for infinity resting) for each hand k."""
    rng = random.Random(seed)
    rounds = design_rounds(p, p)
    partner_of, opponents_of = {}, {}
    for r, (tables, _out) in enumerate(rounds):
        for n, e, s, w in tables:
            for a, b in ((n, s), (s, n), (e, w), (w, e)):
                partner_of[r, a] = b
            for a, others in ((n, (e, w)), (s, (e, w)), (e, (n, s)), (w, (n, s))):
                opponents_of[r, a] = others
    infinity = p
    everyone = set(range(p + 1))
    half = (p + 1) // 2  # hands in which everyone sits out once
    order = list(range(p))
    rng.shuffle(order)
    chosen: list[tuple[int, int]] = []
    partners: set[int] = set()
    opposed = [0] * p

    def out_so_far(k: int) -> set[int]:
        start = 0 if k < half else half
        return {x for r, y in chosen[start:k] for x in (r, y)}

    def extend(k: int) -> bool:
        if k == HANDS:
            return True
        used_rounds = {r for r, _y in chosen}
        for r in order:
            if r in used_rounds or r in out_so_far(k):
                continue
            candidates = sorted(everyone - out_so_far(k) - {r})
            rng.shuffle(candidates)
            for y in candidates:
                if y == infinity:
                    if any(yy == infinity for _r, yy in chosen[half if k >= half else 0 :]):
                        continue
                    chosen.append((r, y))
                    if _left_fits(k + 1) and extend(k + 1):
                        return True
                    chosen.pop()
                    continue
                mate = partner_of[r, y]
                facing = opponents_of[r, y]
                if mate in partners or any(opposed[x] >= 2 for x in facing):
                    continue
                chosen.append((r, y))
                partners.add(mate)
                for x in facing:
                    opposed[x] += 1
                if _left_fits(k + 1) and extend(k + 1):
                    return True
                chosen.pop()
                partners.discard(mate)
                for x in facing:
                    opposed[x] -= 1
            return False  # try the next round only by backtracking further up
        return False

    def _left_fits(k: int) -> bool:
        # in the first half, infinity must still be able to rest before hand `half` ends
        if k <= half:
            rested = any(y == infinity for _r, y in chosen)
            return rested or k < half
        return True

    if not extend(0):
        raise SystemExit("no plan found; try another seed")
    return chosen


def schedule(p: int, seed: int):
    rounds = design_rounds(p, p)
    infinity = p
    result = []
    for r, y in plan(p, seed):
        tables, _out = rounds[r]
        tables = tuple(tuple(infinity if x == y else x for x in t) for t in tables)
        result.append((tables, tuple(sorted((r, y)))))
    tables0, out0 = result[0]
    new = {x: i for i, x in enumerate([x for t in tables0 for x in t] + list(out0))}
    return [(tuple(tuple(new[x] for x in t) for t in tables), tuple(new[x] for x in out)) for tables, out in result]


def check(players: int, hands) -> list[str]:
    problems = []
    for count in range(1, len(hands) + 1):
        figures = measure(players, -1, hands[:count])
        if figures["max_partner"] > 1 or figures["max_oppose"] > 2 or figures["played_spread"] > 1:
            problems.append(f"{count} hands: {figures}")
    return problems


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("sizes", nargs="+", type=int)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for players in args.sizes:
        p = players - 1
        if p % 4 != 1 or design_rounds(p, 1) is None:
            raise SystemExit(f"{players}: {p} has no stored whist design")
        hands = schedule(p, args.seed)
        problems = check(players, hands)
        if problems:
            print(f"# {players}: {problems[:3]}", flush=True)
            continue
        text = " ".join("".join(ALPHABET[x] for t in tables for x in t) for tables, _out in hands)
        print(f'    {players}: "{text}",', flush=True)


if __name__ == "__main__":
    main()
