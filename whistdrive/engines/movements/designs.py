"""Whist tournament designs (Moore 1896) for the sizes where greedy scheduling falls short.

A design for v players seats them over v-1 hands (v = 4n, nobody sits out) or v hands
(v = 4n+1, one sits out each hand) so every two players partner exactly once and oppose
exactly twice. Each design here is cyclic: one initial hand (a "base") and its shifts by
r = 0, 1, 2, ... modulo m. A base table (a, b, c, d) is seats N, E, S, W.

- v = 4n: points 0..v-2 and "infinity" (-1, never shifted); m = v-1.
- v = 4n+1: points 0..v-1, point 0 sits out in the base; m = v.
The bases were found by search (kept here so schedules need no search at run time) and are
checked by tests/movements/test_individual_bounds.py. For a prime v = 4n+1 the classic
construction is used: tables (x, εx, -x, -εx) for x = w^0..w^(n-1), w a primitive root, ε = w^n.
Sizes with neither (9, 10, 11, 14, ... 45) have a whole schedule stored in designs_data.py,
found offline by tools/find_whist_designs.py; ``stored_rounds`` reads it.
"""

from __future__ import annotations

from functools import cache

from .designs_data import ALPHABET, DATA, STARTERS

# One hand of a design: its tables (points in seats N, E, S, W) and the points sitting out.
DesignHand = tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]

BASES: dict[int, tuple[tuple[int, int, int, int], ...]] = {
    8: ((-1, 5, 4, 0), (1, 3, 2, 6)),
    12: ((-1, 5, 8, 9), (0, 4, 10, 2), (1, 6, 7, 3)),
    13: ((1, 7, 10, 2), (3, 6, 4, 8), (5, 9, 11, 12)),
    16: ((-1, 4, 1, 0), (2, 9, 10, 12), (3, 5, 8, 14), (6, 13, 7, 11)),
    17: ((1, 16, 3, 11), (2, 14, 10, 13), (4, 12, 7, 6), (5, 8, 9, 15)),
    20: ((-1, 12, 8, 4), (0, 10, 3, 6), (1, 15, 13, 14), (2, 5, 16, 7), (9, 17, 18, 11)),
    21: ((1, 2, 11, 8), (3, 9, 20, 7), (4, 16, 17, 19), (5, 10, 12, 15), (6, 13, 18, 14)),
    24: ((-1, 17, 3, 16), (0, 9, 2, 21), (1, 14, 15, 18), (4, 7, 12, 20), (5, 6, 10, 22), (8, 19, 11, 13)),
    25: ((1, 2, 15, 7), (3, 22, 13, 23), (4, 18, 21, 6), (5, 16, 8, 9), (10, 14, 19, 12), (11, 24, 17, 20)),
    28: (
        (-1, 26, 24, 7),
        (0, 12, 9, 13),
        (1, 6, 22, 4),
        (2, 8, 16, 18),
        (3, 23, 10, 11),
        (5, 17, 21, 14),
        (15, 20, 19, 25),
    ),  # fmt: skip
}


def _is_prime(v: int) -> bool:
    return v > 1 and all(v % d for d in range(2, int(v**0.5) + 1))


def _primitive_root(p: int) -> int:
    factors = {d for d in range(2, p) if (p - 1) % d == 0 and _is_prime(d)}
    return next(g for g in range(2, p) if all(pow(g, (p - 1) // q, p) != 1 for q in factors))


def base(v: int) -> tuple[tuple[int, int, int, int], ...] | None:
    if v in BASES:
        return BASES[v]
    if v % 4 == 1 and _is_prime(v):
        n = (v - 1) // 4
        w = _primitive_root(v)
        eps = pow(w, n, v)
        xs = [pow(w, i, v) for i in range(n)]
        return tuple((x, eps * x % v, -x % v, -eps * x % v) for x in xs)
    return None


def design_rounds(v: int, rounds: int) -> tuple[DesignHand, ...] | None:
    """``rounds`` hands of the design for v players (repeating its cycle), or None if none is known.

    Each hand is (tables, sitting_out) on points 0..v-1 (infinity is point v-1).
    """
    tables0 = base(v)
    if tables0 is None:
        return None
    infinity = v % 4 == 0
    m = v - 1 if infinity else v
    result = []
    for r in range(rounds):
        shift = r % m
        tables = tuple(tuple(v - 1 if x < 0 else (x + shift) % m for x in table) for table in tables0)
        out = () if infinity else (shift,)
        result.append((tables, out))
    return tuple(result)


def design_with_spare_seat(players: int, rounds: int) -> tuple[DesignHand, ...] | None:
    """For 4n+3 players: the design for 4n+4 with "infinity" an empty chair, or None.

    The three players at the empty chair's table sit out. The design is multiplied by a unit and
    its hands put in an order that keeps the sit-outs fair (counts never differ by more than one);
    only used while the hands are fewer than the players, where a design's bounds are exact.
    """
    tables0 = base(players + 1)
    if tables0 is None or players % 4 != 3:
        return None
    m = players
    chair = next(t for t in tables0 if -1 in t)
    spare = [x for x in chair if x >= 0]
    for unit in range(1, m):
        if _gcd(unit, m) != 1:
            continue
        sitting = [unit * x % m for x in spare]
        order = _fair_order(sitting, m)
        if order is None:
            continue
        result = []
        for k in range(rounds):
            r = order[k % m]
            tables = tuple(tuple((unit * x + r) % m for x in t) for t in tables0 if t is not chair)
            result.append((tables, tuple((x + r) % m for x in sitting)))
        return tuple(result)
    return None


def _fair_order(sitting: list[int], m: int) -> list[int] | None:
    counts = [0] * m
    order: list[int] = []
    left = set(range(m))
    while left:
        r = min(
            left,
            key=lambda r: (max(counts[(x + r) % m] for x in sitting), sum(counts[(x + r) % m] for x in sitting), r),
        )
        left.discard(r)
        order.append(r)
        for x in sitting:
            counts[(x + r) % m] += 1
        if max(counts) - min(counts) > 1:
            return None
    return order


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


def stored_rounds(players: int, rounds: int) -> tuple[DesignHand, ...] | None:
    """``rounds`` hands of the schedule stored for ``players`` in designs_data.py, or None.

    A stored schedule shorter than ``rounds`` is only repeated when it is a whole design (every
    two players partner equally often over it, as Wh(9) does); otherwise None, so the caller
    builds the schedule instead.
    """
    hands = _stored(players)
    if hands is None:
        return None
    if rounds > len(hands) and len(hands) != players:
        return None
    result = []
    for r in range(rounds):
        seated = hands[r % len(hands)]
        taken = set(seated)
        tables = tuple(tuple(seated[4 * t : 4 * t + 4]) for t in range(len(seated) // 4))
        result.append((tables, tuple(x for x in range(players) if x not in taken)))
    return tuple(result)


@cache
def _stored(players: int) -> tuple[tuple[int, ...], ...] | None:
    text = DATA.get(players)
    if text is None:
        return None
    index = {c: i for i, c in enumerate(ALPHABET)}
    return tuple(tuple(index[c] for c in hand) for hand in text.split())


def starter_rounds(players: int, rounds: int) -> tuple[DesignHand, ...] | None:
    """``rounds`` hands developed from the cyclic starter stored for ``players``, or None.

    None when no starter is stored or ``rounds`` exceeds one cycle (the development's bounds
    hold only within a cycle). The shifts are taken in an order that keeps sit-outs fair at
    every hand: with s = players mod 4 sitting out, hand k sits out the s points after those of
    hand k-1, so every run of players/s hands sits each player out once.
    """
    starters = STARTERS.get(players)
    if starters is None:
        return None
    if len(starters) == 2:
        return _two_orbit_rounds(players, starters, rounds)
    spare = players % 4
    starter = starters[0]
    # With infinity (-1) the group is Z_(players-1); a 4n+1 starter then lists its sit-out last.
    m = players - 1 if -1 in starter else players
    if rounds > m:
        return None
    seated = 4 * (players // 4)
    tables0 = [starter[4 * t : 4 * t + 4] for t in range(players // 4)]
    out0 = starter[seated:] or tuple(range(spare))
    step = max(spare, 1) if len(starter) == seated else 1
    cosets = _gcd(step, m)
    block = m // cosets
    result = []
    for k in range(rounds):
        r = (step * (k % block) + k // block) % m
        tables = tuple(tuple(m if x < 0 else (x + r) % m for x in table) for table in tables0)
        result.append((tables, tuple((x + r) % m for x in out0)))
    return tuple(result)


def _two_orbit_rounds(
    players: int, starters: tuple[tuple[int, ...], ...], rounds: int
) -> tuple[DesignHand, ...] | None:
    """Two starters over Z_k x {0, 1} (k = players / 2): k hands of the first, then k of the second.

    Each starter sits out one point of each orbit, so each run of k hands sits everyone out once.
    """
    k = players // 2
    if rounds > players:
        return None

    def shift(x: int, r: int) -> int:
        return (x % k + r) % k + k * (x // k)

    result = []
    for h in range(rounds):
        starter, r = starters[h // k], h % k
        seated = starter[: 4 * (players // 4)]
        tables = tuple(tuple(shift(x, r) for x in seated[4 * t : 4 * t + 4]) for t in range(players // 4))
        result.append((tables, tuple(shift(x, r) for x in starter[len(seated) :])))
    return tuple(result)
