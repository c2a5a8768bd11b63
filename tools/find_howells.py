"""Find the Howell schedules stored in whistdrive/engines/movements/howell_data.py.

Run (offline, a few seconds):
    python tools/find_howells.py > whistdrive/engines/movements/howell_data.py

A Howell for P pairs (P even; an odd number plays with a phantom pair, whose opponent sits out)
is P - 1 rounds of P / 2 tables in which every two pairs meet once. With boards, each table plays
a board set each round, no set at two tables in one round, and no pair plays a set twice. With
P - 1 sets that is exactly a Room square of side P - 1 (rounds are columns, sets rows), which
exists for every odd side but 3 and 5.

Sides 7 to 15: a starter-adder over Z_m, m = P - 1, found by backtracking. Pair "infinity" (pair P)
stays at table 1 and meets pair r in round r; the starter's pairs {x_i, y_i} (every difference
+-d once) meet at table i + 2 as {x_i + r, y_i + r}, playing set r + a_i (table 1: set r). Pair z
then plays set z at table 1 and sets z - x_i + a_i, z - y_i + a_i: all different when
{0} u {a_i - x_i, a_i - y_i} is all of Z_m, and a round's sets differ when the a_i are distinct
and non-zero.

Sides 3 and 5 (4 to 6 pairs): no Room square, so a few more sets than rounds: the rounds of the
circle method, each table's set found by backtracking with the fewest sets in which every set is
played at least twice (so a board has a pair to be compared with in each direction).
An odd number of pairs from 7 plays the schedule of one more pair without that pair's table.

Directions (who sits N–S at each table) change nothing above, so they are chosen last, round by
round by a depth-first search for the smallest bound on every pair's |N–S − E–W| after every
round that still ends the cycle within one. For every size here the bound found is 1: after each
round no pair has sat N–S more than once more (or less) than E–W.
"""

from __future__ import annotations

import itertools
import sys


def starter_adder(m: int):
    """A starter [(x, y)] and adder [a] over Z_m for a Room square of side m, or None."""
    n1 = (m - 1) // 2
    used = [False] * m
    used[0] = True
    seen = [False] * m  # the values a - x and a - y, which must cover Z_m once
    seen[0] = True
    adders = {0}
    found: list[tuple[int, int, int]] = []

    def place(d: int) -> bool:
        if d > n1:
            return True
        for x in range(1, m):
            y = (x + d) % m
            if used[x] or used[y] or y == 0:
                continue
            for a in range(1, m):
                if a in adders:
                    continue
                p, q = (a - x) % m, (a - y) % m
                if seen[p] or seen[q] or p == q:
                    continue
                used[x] = used[y] = seen[p] = seen[q] = True
                adders.add(a)
                found.append((x, y, a))
                if place(d + 1):
                    return True
                found.pop()
                adders.discard(a)
                used[x] = used[y] = seen[p] = seen[q] = False
        return False

    return found if place(1) else None


def cyclic_schedule(m: int, phantom: bool):
    """Rounds of tables (pair a, pair b, set), pairs 1..m+1 (m+1 stays at table 1), sets 1..m.

    With ``phantom`` pair m + 1 is not there: its table is dropped and its opponent sits out.
    """
    found = starter_adder(m)
    if found is None:
        raise SystemExit(f"no starter-adder over Z_{m}")
    rounds = []
    for r in range(m):
        tables = [] if phantom else [(m + 1, r + 1, r + 1)]
        tables += [((x + r) % m + 1, (y + r) % m + 1, (r + a) % m + 1) for x, y, a in found]
        rounds.append(tables)
    return _sets_in_order(balance_directions(rounds, m + 1))


def balance_directions(rounds, pairs: int):
    """Each table turned (who sits N–S) so N–S and E–W counts stay close after every round.

    Depth-first over the rounds, each round's 2^tables turnings tried in order, with the smallest
    bound on |N–S − E–W| after any round that admits a whole schedule ending within one.
    """
    for bound in range(1, 4):
        surplus = [0] * (pairs + 2)
        chosen: list[list[tuple[int, int, int]]] = []

        def place(r: int, bound=bound, surplus=surplus, chosen=chosen) -> bool:
            if r == len(rounds):
                return max(abs(v) for v in surplus) <= 1
            tables = rounds[r]
            for flips in itertools.product((False, True), repeat=len(tables)):
                turned = [(b, a, s) if f else (a, b, s) for (a, b, s), f in zip(tables, flips, strict=True)]
                for a, b, _s in turned:
                    surplus[a] += 1
                    surplus[b] -= 1
                if all(abs(surplus[p]) <= bound for a, b, _s in turned for p in (a, b)):
                    chosen.append(turned)
                    if place(r + 1):
                        return True
                    chosen.pop()
                for a, b, _s in turned:
                    surplus[a] -= 1
                    surplus[b] += 1
            return False

        if place(0):
            return chosen
    raise SystemExit(f"no balanced directions for {pairs} pairs")


def _sets_in_order(rounds):
    """Sets renumbered in the order they are first played, so round 1's table t plays set t."""
    number: dict[int, int] = {}
    for tables in rounds:
        for _a, _b, s in tables:
            number.setdefault(s, len(number) + 1)
    return [[(a, b, number[s]) for a, b, s in tables] for tables in rounds]


def small_schedule(pairs: int):
    """Circle method rounds with sets found by backtracking (4 to 6 pairs: no Room square).

    Every set is played at least twice (so each board has another pair to be compared with),
    except with 4 and 5 pairs, where that cannot be (checked by this search for 5; for 4, two
    plays of a set need four different pairs, and in K4 two meetings without a common pair are
    always in the same round): there the sets only keep a pair from a board twice, and
    duplicate whist does not offer a Howell.
    """
    even = pairs + pairs % 2
    m = even - 1
    rounds = []
    for r in range(m):
        matches = [] if pairs % 2 else [(even, r + 1)]
        matches += [((r + k) % m + 1, (r - k) % m + 1) for k in range(1, even // 2)]
        rounds.append(matches)
    cells = [(r, t) for r in range(m) for t in range(len(rounds[r]))]
    least = 2 if pairs >= 6 else 0
    for sets in range(max(len(t) for t in rounds), 3 * m):
        assignment: dict[tuple[int, int], int] = {}
        seen: set[tuple[int, int]] = set()  # (pair, set)
        plays = [0] * sets

        def fill(i: int, sets=sets, assignment=assignment, seen=seen, plays=plays) -> bool:
            if i == len(cells):
                return min(plays) >= least
            r, t = cells[i]
            a, b = rounds[r][t]
            in_round = {assignment[r, u] for u in range(t)}
            # symmetry: a new set number only in order
            limit = min(sets, max(assignment.values(), default=-1) + 2)
            for s in range(limit):
                if s in in_round or (a, s) in seen or (b, s) in seen:
                    continue
                assignment[r, t] = s
                seen.update(((a, s), (b, s)))
                plays[s] += 1
                if fill(i + 1):
                    return True
                plays[s] -= 1
                seen.difference_update(((a, s), (b, s)))
                del assignment[r, t]
            return False

        if fill(0):
            break
    else:
        raise SystemExit(f"no schedule for {pairs} pairs")
    rounds = [[(a, b, assignment[r, t] + 1) for t, (a, b) in enumerate(rounds[r])] for r in range(m)]
    return _sets_in_order(balance_directions(rounds, even))


def main() -> None:
    out = sys.stdout
    out.write('"""Howell schedules for 4 to 16 pairs, found by tools/find_howells.py (do not edit by hand).\n\n')
    out.write("SCHEDULES[P][r] is round r + 1 for P pairs: one (N–S pair, E–W pair, board set) per table,\n")
    out.write("tables in order from 1. With an odd number of pairs the pair not seated sits out the round.\n")
    out.write('"""\n\n')
    out.write("SCHEDULES: dict[int, tuple[tuple[tuple[int, int, int], ...], ...]] = {\n")
    for pairs in range(4, 17):
        if pairs <= 6:
            rounds = small_schedule(pairs)
        else:
            m = pairs - 1 if pairs % 2 == 0 else pairs
            rounds = cyclic_schedule(m, phantom=bool(pairs % 2))
        out.write(f"    {pairs}: (\n")
        for tables in rounds:
            out.write(f"        {tuple(tables)!r},\n")
        out.write("    ),\n")
    out.write("}\n")


if __name__ == "__main__":
    main()
