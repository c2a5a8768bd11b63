"""Extend a cyclic starter past its cycle so partnering stays within one at every number of hands.

Run (offline, a few seconds each):
    python tools/extend_starters.py 14 27
Prints each schedule as a line of whistdrive/engines/movements/designs_data.py (paste it into DATA).

A starter's development (designs_data.STARTERS) meets the whist bounds for one cycle of hands, but
with more hands than players the rule is "partnering counts within one of each other, at every
number of hands", which the greedy build misses for 14 and 27 players. Both starters leave exactly
one difference class unpartnered, so the pairs not yet partnered after the cycle are known:

- 14 players (Z_7 x {0, 1}, 14 hands): the missing pairs are a perfect matching (7 pairs). Hand 15
  partners six of them (the seventh pair, X, sits out), so hands 1..15 hold 90 different partnerships.
  Hands 16..30 are the same 15 hands again with the players renamed (a permutation) and the hands
  reordered so that hand 16 partners X and sit-outs stay fair: hands 16..21 sit out the twelve
  players other than X, hands 22..28 everybody once, hands 29 and 30 four different players.
  Every pair then partners twice except X and one other pair, once each: the spread is one at
  every number of hands from 14 to 30.
- 27 players (Z_27, 27 hands, sit-outs three a hand): the missing pairs {x, x + 12} form three
  cycles of nine. Hand 28 sits out one player of each cycle and partners the rest along the cycle;
  hand 29 partners the other cycle edges, sitting out a neighbour of each hand-28 sit-out; hand 30
  partners the three edges left and nine pairs of the eighteen players who play 27 hands.

What remains free (who sits out, the renaming, which partnerships face each other) is chosen by a
seeded local search for even opponent counts over the 30 hands (sum of squared counts).
"""

from __future__ import annotations

import argparse
import random
import sys
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from whistdrive.engines.movements.designs import starter_rounds  # noqa: E402
from whistdrive.engines.movements.designs_data import ALPHABET  # noqa: E402
from whistdrive.engines.movements.schedule import measure  # noqa: E402

HANDS = 30

# A hand here is (partnerships, sit-outs); a pairing of its partnerships makes its tables.


def developed(players: int) -> list[tuple[list[tuple[int, int]], tuple[int, ...]]]:
    """The starter's whole cycle as partnerships (N-S, E-W of each table, in table order)."""
    cycle = players  # both starters here are developed over players points, no infinity
    return [
        ([pair for n, e, s, w in tables for pair in ((n, s), (e, w))], out)
        for tables, out in starter_rounds(players, cycle)
    ]


def unpartnered(players: int, hands) -> set[frozenset[int]]:
    met = {frozenset(pair) for pairs, _out in hands for pair in pairs}
    return {frozenset((a, b)) for a, b in combinations(range(players), 2)} - met


def fourteen(rng: random.Random):
    """Hands 15..30 for 14 players as (partnerships, sit-outs), after the 14 developed hands."""
    players = 14
    first = developed(players)
    missing = sorted(tuple(sorted(p)) for p in unpartnered(players, first))
    assert len(missing) == 7 and len({x for p in missing for x in p}) == 14, missing
    x_pair = missing[-1]
    hand15 = ([p for p in missing if p != x_pair], x_pair)
    block = first + [hand15]  # 15 hands, 90 different partnerships, X never
    order, inner_x = _fair_order(block, rng)
    # rename so the pair hand 16 partners (inner_x) is X
    rest = [x for x in range(players) if x not in inner_x]
    targets = [x for x in range(players) if x not in x_pair]
    rng.shuffle(targets)
    rename = dict(zip(inner_x, x_pair, strict=True)) | dict(zip(rest, targets, strict=True))
    later = [block[i] for i in order]

    def renamed(rename):
        return [
            ([(rename[a], rename[b]) for a, b in pairs], tuple(sorted(rename[x] for x in out))) for pairs, out in later
        ]

    def build(state):
        return [hand15] + renamed(state["rename"])

    def moves(state):
        rename = dict(state["rename"])
        a, b = rng.sample(rest, 2)
        rename[a], rename[b] = rename[b], rename[a]
        return {**state, "rename": rename}

    return first, build, moves, {"rename": rename}


def _fair_order(block, rng):
    """An order of the 15 hands for hands 16..30, and the pair hand 16 partners (X before renaming).

    Hands 16..21 sit out everyone but that pair, 22..28 everyone once, 29 and 30 four players.
    """
    players = 14
    everyone = set(range(players))
    indices = list(range(len(block)))
    for first in indices:
        pairs, out = block[first]
        for pair in pairs:
            if set(pair) & set(out):
                continue
            need = everyone - set(pair) - set(out)
            for five in combinations([i for i in indices if i != first], 5):
                if sorted(x for i in five for x in block[i][1]) != sorted(need):
                    continue
                left = [i for i in indices if i != first and i not in five]
                for two in combinations(left, 2):
                    a, b = (set(block[i][1]) for i in two)
                    seven = [i for i in left if i not in two]
                    if a & b or sorted(x for i in seven for x in block[i][1]) != sorted(everyone):
                        continue
                    five, seven = list(five), list(seven)
                    rng.shuffle(five)
                    rng.shuffle(seven)
                    return [first, *five, *seven, *two], pair
    raise SystemExit("no fair order for hands 16..30")


def twenty_seven(rng: random.Random):
    """Hands 28..30 for 27 players, after the 27 developed hands."""
    players = 27
    first = developed(players)
    missing = unpartnered(players, first)
    step = next(
        d for d in range(1, players) if all(frozenset((x, (x + d) % players)) in missing for x in range(players))
    )
    cycles = []
    for start in range(players):
        if any(start in c for c in cycles):
            continue
        cycle = [start]
        while (cycle[-1] + step) % players != start:
            cycle.append((cycle[-1] + step) % players)
        cycles.append(cycle)
    assert all(len(c) % 2 for c in cycles) and sum(len(c) for c in cycles) == players

    def build(state):
        pairs28, out28, pairs29, out29, pairs30 = [], [], [], [], []
        for cycle, (where, side) in zip(cycles, state["cut"], strict=True):
            # the path of the cycle after its sit-out, starting at the neighbour on `side`
            path = [cycle[(where + side * k) % len(cycle)] for k in range(1, len(cycle))]
            out28.append(cycle[where])
            pairs28 += [(path[k], path[k + 1]) for k in range(0, len(path), 2)]
            pairs29 += [(cycle[where], path[0])] + [(path[k], path[k + 1]) for k in range(1, len(path) - 1, 2)]
            out29.append(path[-1])
            pairs30.append((cycle[where], path[-1]))
        again = state["again"]
        pairs30 += [(again[k], again[k + 1]) for k in range(0, len(again) - 3, 2)]
        return [(pairs28, tuple(out28)), (pairs29, tuple(out29)), (pairs30, tuple(again[-3:]))]

    def moves(state):
        cut, again = list(state["cut"]), list(state["again"])
        if rng.random() < 0.3:
            c = rng.randrange(len(cycles))
            cut[c] = (rng.randrange(len(cycles[c])), rng.choice((1, -1)))
            again = others(cut)
        else:
            i, j = rng.sample(range(len(again)), 2)
            again[i], again[j] = again[j], again[i]
        return {"cut": cut, "again": again}

    def others(cut):
        """The players neither hand 28 nor hand 29 sits out, in a random order (hand 30 pairs them)."""
        taken = set()
        for cycle, (where, side) in zip(cycles, cut, strict=True):
            taken |= {cycle[where], cycle[(where - side) % len(cycle)]}
        rest = [x for x in range(players) if x not in taken]
        rng.shuffle(rest)
        return rest

    cut = [(0, 1)] * len(cycles)
    return first, build, moves, {"cut": cut, "again": others(cut)}


def opponents(players, hands, tables):
    counts = [[0] * players for _ in range(players)]
    for (pairs, _out), pairing in zip(hands, tables, strict=True):
        for i, j in pairing:
            for a in pairs[i]:
                for b in pairs[j]:
                    counts[a][b] += 1
                    counts[b][a] += 1
    return counts


def search(players: int, seed: int, steps: int):
    """The 30 hands as (tables, sit-outs), free choices improved for even opponent counts."""
    rng = random.Random(seed)
    fixed, build, moves, state = (fourteen if players == 14 else twenty_seven)(rng)
    fixed_tables = [[(2 * t, 2 * t + 1) for t in range(players // 4)] for _ in fixed]
    base = opponents(players, fixed, fixed_tables)

    def pairing_move(pairing):
        pairing = list(pairing)
        s, t = rng.sample(range(len(pairing)), 2)
        (a, b), (c, d) = pairing[s], pairing[t]
        pairing[s], pairing[t] = ((a, c), (b, d)) if rng.random() < 0.5 else ((a, d), (b, c))
        return pairing

    def cost(state, pairings):
        extra = opponents(players, build(state), pairings)
        return sum(
            (base[a][b] + extra[a][b]) ** 2 + 100 * max(0, base[a][b] + extra[a][b] - 5)
            for a, b in combinations(range(players), 2)
        )

    count = len(build(state))
    pairings = [[(2 * t, 2 * t + 1) for t in range(players // 4)] for _ in range(count)]
    now = cost(state, pairings)
    temperature = 4.0
    for step in range(steps):
        temperature = 4.0 * (0.01 / 4.0) ** (step / steps)
        if rng.random() < 0.3:
            new_state, new_pairings = moves(state), pairings
        else:
            h = rng.randrange(count)
            new_state, new_pairings = state, pairings[:h] + [pairing_move(pairings[h])] + pairings[h + 1 :]
        new = cost(new_state, new_pairings)
        if new <= now or rng.random() < pow(2.718281828, (now - new) / temperature):
            state, pairings, now = new_state, new_pairings, new
    hands = fixed + build(state)
    tables = fixed_tables + pairings
    return [
        (tuple((pairs[i][0], pairs[j][0], pairs[i][1], pairs[j][1]) for i, j in pairing), out)
        for (pairs, out), pairing in zip(hands, tables, strict=True)
    ]


def relabelled(schedule):
    """Rename so hand 1 reads 0, 1, 2, ... table by table, its sit-outs last."""
    tables0, out0 = schedule[0]
    new = {x: i for i, x in enumerate([x for t in tables0 for x in t] + list(out0))}
    return [(tuple(tuple(new[x] for x in t) for t in tables), tuple(new[x] for x in out)) for tables, out in schedule]


def check(players: int, schedule) -> list[str]:
    """What the schedule misses at any number of hands 1..30."""
    problems = []
    for hands in range(1, HANDS + 1):
        figures = measure(players, -1, schedule[:hands])
        if hands < players and (figures["max_partner"] > 1 or figures["max_oppose"] > 2):
            problems.append(f"{hands} hands: partner {figures['max_partner']}, oppose {figures['max_oppose']}")
        if hands >= players and figures["partner_spread"] > 1:
            problems.append(f"{hands} hands: partner spread {figures['partner_spread']}")
        if figures["played_spread"] > 1:
            problems.append(f"{hands} hands: played spread {figures['played_spread']}")
    return problems


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("sizes", nargs="+", type=int, choices=(14, 27))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steps", type=int, default=20000)
    args = parser.parse_args()
    for players in args.sizes:
        print_data_line(players, relabelled(search(players, args.seed, args.steps)))


def print_data_line(players: int, schedule) -> None:
    """The schedule as a line for designs_data.DATA, once it passes the checks (else what fails)."""
    problems = check(players, schedule)
    if problems:
        print(f"# {players}: {problems[:3]}", flush=True)
        return
    figures = measure(players, -1, schedule)
    text = " ".join("".join(ALPHABET[x] for t in tables for x in t) for tables, _out in schedule)
    print(f'    {players}: "{text}",  # max oppose {figures["max_oppose"]}', flush=True)


if __name__ == "__main__":
    main()
