"""Extend a size's cyclic cycle to 30 hands with partners within one at every evening length, by CP-SAT.

Run (offline; needs OR-tools, a tool dependency only: pip install ortools):
    nice -n 19 python tools/layered_partners_cpsat.py 10 11 [--seconds 600]
Prints each schedule as a line of whistdrive/engines/movements/designs_data.py (paste it into DATA).

For 10 and 11 the local searches of tools/extend_by_search.py left partnering counts two or
three apart at the lengths between the players and 30 hands. Every evening length L is its own
evening, so after every hand L each pair must have partnered floor(2 T L / pairs) times or one
more (T tables): partnerships fill layer by layer. Hands 1..P are the starter's cycle (no
partner twice, no opponent thrice; renamed so hand 1 seats 0, 1, 2, ... in order); the rest are
solved exactly in two steps:
1. partnerships: per hand, who sits out and a matching of the others, with each pair's
   partnering count within those bounds after every hand, and each player's sit-outs likewise
   (floor(s L / P) or one more: fair at every hand);
2. tables: per hand, which two partnerships share a table, so the most times any two players
   oppose over the 30 hands is as small as possible.
Seats (N/S, E/W) are left to the app's own turning (schedule._balance_seats).
With one worker (the default) a run is deterministic: OR-tools 9.15 reproduces the stored lines
for 10 and 11 in about 1 s each (most times any two oppose over 30 hands: 6, the least possible
with these partnerships).
"""

from __future__ import annotations

import argparse
import sys
from itertools import combinations
from pathlib import Path

from ortools.sat.python import cp_model

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from whistdrive.engines.movements.designs import starter_rounds  # noqa: E402
from whistdrive.engines.movements.designs_data import ALPHABET  # noqa: E402
from whistdrive.engines.movements.schedule import _relabel, measure  # noqa: E402

HANDS = 30


def partners_of(tables) -> list[tuple[int, int]]:
    return [tuple(sorted((t[a], t[b]))) for t in tables for a, b in ((0, 2), (1, 3))]


def solver_for(seconds: float, workers: int) -> cp_model.CpSolver:
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = workers
    return solver


def partnerships(players: int, cycle, seconds: float, workers: int) -> list[tuple[list, tuple]] | None:
    """Step 1: the later hands' partnerships and sit-outs, or None if none found in time."""
    tables = players // 4
    spare = players % 4
    pairs = list(combinations(range(players), 2))
    model = cp_model.CpModel()
    later = range(len(cycle), HANDS)
    team = {h: {p: model.new_bool_var(f"team{h}_{p}") for p in pairs} for h in later}
    seated = {h: [model.new_bool_var(f"seated{h}_{i}") for i in range(players)] for h in later}
    partnered: dict[tuple[int, int], cp_model.LinearExprT] = dict.fromkeys(pairs, 0)
    missed: list[cp_model.LinearExprT] = [0] * players
    for tables_, out in cycle:
        for p in partners_of(tables_):
            partnered[p] += 1
        for x in out:
            missed[x] += 1
    for h in later:
        model.add(sum(seated[h]) == 4 * tables)
        for i in range(players):
            model.add(sum(team[h][p] for p in pairs if i in p) == seated[h][i])
        hands = h + 1
        low = 2 * tables * hands // len(pairs)
        for p in pairs:
            partnered[p] += team[h][p]
            model.add_linear_constraint(partnered[p], low, low + 1)
        low = spare * hands // players
        for i in range(players):
            missed[i] += 1 - seated[h][i]
            model.add_linear_constraint(missed[i], low, low + 1)
    solver = solver_for(seconds, workers)
    status = solver.solve(model)
    print(f"# {players} partnerships: {solver.status_name(status)}, {solver.wall_time:.1f} s", file=sys.stderr)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    return [
        (
            [p for p in pairs if solver.value(team[h][p])],
            tuple(i for i in range(players) if not solver.value(seated[h][i])),
        )
        for h in later
    ]


def splits(items: list[int]) -> list[list[tuple[int, int]]]:
    if not items:
        return [[]]
    first, rest = items[0], items[1:]
    return [[(first, other)] + more for other in rest for more in splits([x for x in rest if x != other])]


def tables_for(players: int, cycle, later, seconds: float, workers: int) -> list | None:
    """Step 2: the later hands' tables, fewest repeated opponents first."""
    pairs = list(combinations(range(players), 2))
    model = cp_model.CpModel()
    opposed: dict[tuple[int, int], cp_model.LinearExprT] = dict.fromkeys(pairs, 0)
    for tables_, _out in cycle:
        for n, e, s, w in tables_:
            for a in (n, s):
                for b in (e, w):
                    opposed[tuple(sorted((a, b)))] += 1
    choices = []
    for teams, _out in later:
        options = splits(list(range(len(teams))))
        pick = [model.new_bool_var("") for _ in options]
        model.add_exactly_one(pick)
        choices.append((options, pick))
        for option, chosen in zip(options, pick, strict=True):
            for i, j in option:
                for a in teams[i]:
                    for b in teams[j]:
                        opposed[tuple(sorted((a, b)))] += chosen
    most = model.new_int_var(0, HANDS, "most")
    for p in pairs:
        model.add(opposed[p] <= most)
    model.minimize(most)
    solver = solver_for(seconds, workers)
    status = solver.solve(model)
    print(f"# {players} tables: {solver.status_name(status)}, {solver.wall_time:.1f} s", file=sys.stderr)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    hands = []
    for (teams, out), (options, pick) in zip(later, choices, strict=True):
        option = next(o for o, chosen in zip(options, pick, strict=True) if solver.value(chosen))
        hands.append((tuple((teams[i][0], teams[j][0], teams[i][1], teams[j][1]) for i, j in option), out))
    return hands


def check(players: int, schedule) -> None:
    """The bounds, measured the app's way at every number of hands."""
    for hands in range(1, HANDS + 1):
        figures = measure(players, -1, schedule[:hands])
        assert figures["played_spread"] <= 1, hands
        if hands < players:
            assert figures["max_partner"] <= 1 and figures["max_oppose"] <= 2, hands
        else:
            assert figures["partner_spread"] <= 1, hands
    most = measure(players, -1, schedule)["max_oppose"]
    print(f"# {players}: bounds hold at every length; most opposing over {HANDS} hands {most}", file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("sizes", type=int, nargs="+")
    parser.add_argument("--seconds", type=float, default=600)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    for players in args.sizes:
        cycle = _relabel(players, starter_rounds(players, players))
        later = partnerships(players, cycle, args.seconds, args.workers)
        if later is None:
            continue
        hands = tables_for(players, cycle, later, args.seconds, args.workers)
        schedule = cycle + hands
        check(players, schedule)
        text = " ".join("".join(ALPHABET[x] for table in tables for x in table) for tables, _out in schedule)
        print(f'    {players}: "{text}",')


if __name__ == "__main__":
    main()
