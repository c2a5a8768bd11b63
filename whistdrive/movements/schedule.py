"""Individual drive schedules: a table and seat for every player and every hand, fixed in advance.

The aim is a whist-tournament-like schedule: while there are fewer hands than players nobody
partners anyone twice and nobody opposes anyone more than twice; with more hands than that,
partnerships are spread evenly. Seats and sit-outs are balanced.

How it is built, round by round (a round is ``hands_per_round`` hands at one table):
1. sit-outs by rotation: in each role, the players who have missed fewest hands, ties by the
   fixed order, so nobody sits out twice before everyone of their role has sat out once;
2. partnerships: a matching of the seated players (lady with gent when roles are used) that
   avoids repeated partners, found greedily and improved by swaps;
3. tables: the partnerships paired into tables avoiding repeated opponents, likewise;
4. seats: each table turned so every player's seats stay balanced.
Without roles, sizes with a known whist tournament design (designs.py: 8, 12, 13, 16, 17, 20,
21, 24, 25, 28 and every prime 4n+1; and 19 as 20 with an empty chair) use it instead; other
sizes up to 45 use a cyclic starter (one hand, or two, developed by shifting every label; found
offline by tools/cyclic_starters*.c) or a whole schedule found by tools/find_whist_designs.py,
both stored in designs_data.py, because there the bounds are tight and greedy choice falls short. Otherwise a second (fixed) starting point is tried when the first
misses a bound. The result depends only on the number of players, their order and the number
of hands, so it is deterministic; the seed of the event shuffles the order.
"""

from __future__ import annotations

import random
from functools import lru_cache

from .designs import design_rounds, design_with_spare_seat, starter_rounds, stored_rounds
from .seating import SEATS, Player, Seating

# Penalties for a table: meeting someone again costs more the more often it has happened.
_OPPOSE_COST = (0, 1, 8, 200, 1000, 5000)
_PARTNER_COST = (0, 50, 400, 3000, 10000, 50000)


def reading_order(order: list[Player], roles: bool) -> tuple[list[Player], int, int]:
    """Players in the order hand 1 seats them (table by table N, E, S, W, then spares); and L, G.

    Without roles every player counts as a "lady" for the geometry: L is the number of players.
    """
    if not roles:
        return list(order), len(order), 0
    ladies = [p for p in order if p.role == "lady"]
    gents = [p for p in order if p.role == "gent"]
    tables = min(len(ladies), len(gents)) // 2
    reading: list[Player] = []
    for t in range(tables):
        reading += [ladies[2 * t], ladies[2 * t + 1], gents[2 * t], gents[2 * t + 1]]
    reading += ladies[2 * tables :] + gents[2 * tables :]
    return reading, len(ladies), len(gents)


def individual_schedule(
    order: list[Player], hands: int, roles: bool, hands_per_round: int = 1, history: list[Seating] | None = None
) -> list[Seating]:
    """Every hand's seating for an individual drive; hand 1 seats ``order`` table by table.

    ``history`` (already played hands) is counted as meetings to avoid, for a re-plan.
    """
    reading, ladies, gents = reading_order(order, roles)
    rounds = -(-hands // hands_per_round)
    # Abstract points: with roles the ladies are 0..L-1 and the gents L..P-1, each in reading order.
    if roles:
        points = [p for p in reading if p.role == "lady"] + [p for p in reading if p.role == "gent"]
    else:
        points = reading
    if history:
        index = {p.id: i for i, p in enumerate(points)}
        met = tuple(
            (
                tuple(tuple(index.get(s.tables[t][seat], -1) for seat in SEATS) for t in sorted(s.tables)),
                tuple(index.get(pid, -1) for pid in s.sitting_out),
            )
            for s in history
        )
        abstract = _build(len(points), ladies if roles else -1, rounds, met, relabel=False)
    else:
        abstract = _schedule(len(points), ladies if roles else -1, rounds)
    ids = [p.id for p in points]
    seatings = []
    for tables, out in abstract:
        seatings.append(
            Seating(
                {t + 1: dict(zip(SEATS, (ids[x] for x in table), strict=True)) for t, table in enumerate(tables)},
                tuple(ids[x] for x in out),
            )
        )
    return [seatings[(hand - 1) // hands_per_round] for hand in range(1, hands + 1)]


Round = tuple[tuple[tuple[int, int, int, int], ...], tuple[int, ...]]


@lru_cache(maxsize=64)
def _schedule(players: int, ladies: int, rounds: int) -> tuple[Round, ...]:
    """The abstract schedule for points 0..players-1 (0..ladies-1 are ladies; ladies=-1: no roles)."""
    if ladies < 0:
        designed = starter_rounds(players, rounds)
        if designed is None:
            designed = stored_rounds(players, rounds)
        if designed is None:
            designed = design_rounds(players, rounds)
        if designed is None and rounds < players:
            designed = design_with_spare_seat(players, rounds)
        if designed is not None:
            return _balance_seats(players, ladies, _relabel(players, designed))
    best = None
    best_score = None
    attempts = _attempts(players, rounds)
    for attempt in range(attempts):
        candidate = _build(players, ladies, rounds, (), relabel=True, seed=attempt)
        if ladies < 0:
            candidate = tuple(_relabel(players, candidate))
        score = _shortfall(players, ladies, rounds, candidate)
        if best_score is None or score < best_score:
            best, best_score = candidate, score
        if score == 0:
            break
    return best


def _attempts(players: int, rounds: int) -> int:
    # Tight sizes (rounds close to the number of players) may need several tries; large ones never do.
    return 12 if players <= 120 else 2


def _build(players: int, ladies: int, rounds: int, met, relabel: bool, seed: int = 0) -> tuple[Round, ...]:
    rng = random.Random(1_000_003 * players + 7919 * rounds + seed)
    roles = ladies >= 0
    partner = [[0] * players for _ in range(players)]
    oppose = [[0] * players for _ in range(players)]
    seat_count = [[0, 0, 0, 0] for _ in range(players)]
    missed = [0] * players
    for tables, _out in met:
        for table in tables:
            _record(table, partner, oppose, seat_count)
        seated = {x for table in tables for x in table}
        for x in range(players):
            if x not in seated:
                missed[x] += 1
    if roles:
        groups = [list(range(ladies)), list(range(ladies, players))]
        per_table = 2
        tables_count = min(len(groups[0]), len(groups[1])) // 2
    else:
        groups = [list(range(players))]
        per_table = 4
        tables_count = players // 4
    result: list[Round] = []
    for r in range(rounds):
        seated_groups = []
        out: list[int] = []
        for group in groups:
            need = per_table * tables_count
            # hand 1 seats the group in order (its last players are spare); then the rotation
            chosen = group[:need] if r == 0 and not met else _rotation_pick(group, missed, need)
            chosen_set = set(chosen)
            out += [x for x in group if x not in chosen_set]
            seated_groups.append(chosen)
        circle = not roles and not out and not met and r < players - 1
        if r == 0 and not met and relabel and not circle:
            tables = _first_round(seated_groups, roles)
        else:
            # With nobody sitting out, the round-robin "circle" partnerships never repeat a partner.
            pairs = _circle(players, r) if circle else _partnerships(seated_groups, roles, partner, rng)
            tables = _tables(pairs, partner, oppose, rng)
            tables = [_turn(t, roles, seat_count) for t in tables]
        for table in tables:
            _record(table, partner, oppose, seat_count)
        for x in out:
            missed[x] += 1
        result.append((tuple(tables), tuple(out)))
    return tuple(result)


def _rotation_pick(group: list[int], missed: list[int], need: int) -> list[int]:
    """The players of a group who play: those who have missed most; the rest sit out.

    Those who have missed fewest hands sit out, earliest in the fixed order first: hand 1's
    spares are the last players, then the first ones, and so on round the order.
    """
    sit = len(group) - need
    if sit <= 0:
        return list(group)
    chosen = set(sorted(group, key=lambda x: (missed[x], x))[:sit])
    return [x for x in group if x not in chosen]


def _first_round(seated_groups: list[list[int]], roles: bool) -> list[tuple[int, int, int, int]]:
    if roles:
        ladies, gents = seated_groups
        return [(ladies[2 * t], ladies[2 * t + 1], gents[2 * t], gents[2 * t + 1]) for t in range(len(ladies) // 2)]
    seated = seated_groups[0]
    return [tuple(seated[4 * t : 4 * t + 4]) for t in range(len(seated) // 4)]


def _record(table, partner, oppose, seat_count) -> None:
    n, e, s, w = table
    if min(table) < 0:
        return
    partner[n][s] += 1
    partner[s][n] += 1
    partner[e][w] += 1
    partner[w][e] += 1
    for a in (n, s):
        for b in (e, w):
            oppose[a][b] += 1
            oppose[b][a] += 1
    for i, x in enumerate(table):
        seat_count[x][i] += 1


def _partnerships(seated_groups, roles, partner, rng) -> list[tuple[int, int]]:
    """A matching of the seated players with as few repeated partners as can be found."""
    if roles:
        ladies, gents = list(seated_groups[0]), list(seated_groups[1])
        rng.shuffle(ladies)
        rng.shuffle(gents)
        pairs = _new_partners(ladies, gents, partner)
        if pairs is None:
            pairs = _least_met_partners(ladies, gents, partner)
    else:
        people = list(seated_groups[0])
        rng.shuffle(people)
        pairs = []
        free = people
        while free:
            a = free.pop()
            row = partner[a]
            best = _least(free, row)
            pairs.append((a, free.pop(best)))
    _improve_pairs(pairs, roles, partner, rng)
    return pairs


def _least(free: list[int], row: list[int]) -> int:
    """Index in ``free`` of a player not yet met (the first found), else of the least met."""
    for i, x in enumerate(free):
        if not row[x]:
            return i
    return min(range(len(free)), key=lambda i: row[free[i]])


def _circle(players: int, r: int) -> list[tuple[int, int]]:
    """Round r of the circle method: players-1 on the hub with r, then r+i with r-i (mod players-1)."""
    m = players - 1
    pairs = [(players - 1, r)]
    pairs += [((r + i) % m, (r - i) % m) for i in range(1, players // 2)]
    return pairs


def _new_partners(ladies, gents, partner) -> list[tuple[int, int]] | None:
    """Every lady with a gent she has not partnered, if possible (augmenting paths, Kuhn).

    With as many ladies as gents and nobody sitting out, the "not yet partnered" graph is
    regular, so such a matching always exists while the hands are fewer than the gents.
    """
    match: dict[int, int] = {}  # gent -> lady

    def place(lady: int, seen: set[int]) -> bool:
        for gent in gents:
            if partner[lady][gent] or gent in seen:
                continue
            seen.add(gent)
            if gent not in match or place(match[gent], seen):
                match[gent] = lady
                return True
        return False

    for lady in ladies:
        if not place(lady, set()):
            return None
    return [(lady, gent) for gent, lady in match.items()]


def _least_met_partners(ladies, gents, partner) -> list[tuple[int, int]]:
    """Every lady with a gent, using only the least-met lady-gent pairs as far as possible.

    Once every pair has partnered (more hands than gents) the matching is grown level by level:
    first only pairs met the fewest times, then those met once more, and so on (augmenting
    paths, so earlier choices may be swapped), which keeps partnering counts within one of each
    other where such a matching exists.
    """
    lowest = min(partner[lady][gent] for lady in ladies for gent in gents)
    match: dict[int, int] = {}  # gent -> lady

    def place(lady: int, seen: set[int], limit: int) -> bool:
        for gent in gents:
            if partner[lady][gent] > limit or gent in seen:
                continue
            seen.add(gent)
            if gent not in match or place(match[gent], seen, limit):
                match[gent] = lady
                return True
        return False

    limit = lowest
    while len(match) < min(len(ladies), len(gents)):
        placed = set(match.values())
        for lady in ladies:
            if lady not in placed:
                place(lady, set(), limit)
        limit += 1
    return [(lady, gent) for gent, lady in match.items()]


def _improve_pairs(pairs, roles, partner, rng) -> None:
    """Swap partners between two partnerships while that lowers the repeats."""

    def cost(a, b):
        return _PARTNER_COST[min(partner[a][b], 5)]

    for _sweep in range(4):
        bad = [i for i, (a, b) in enumerate(pairs) if partner[a][b]]
        if not bad:
            return
        improved = False
        for i in bad:
            a, b = pairs[i]
            if not partner[a][b]:
                continue
            order = list(range(len(pairs)))
            rng.shuffle(order)
            for j in order:
                if j == i:
                    continue
                c, d = pairs[j]
                now = cost(a, b) + cost(c, d)
                if cost(a, d) + cost(c, b) < now:
                    pairs[i], pairs[j] = (a, d), (c, b)
                    improved = True
                    break
                if not roles and cost(a, c) + cost(b, d) < now:
                    pairs[i], pairs[j] = (a, c), (b, d)
                    improved = True
                    break
        if not improved:
            return


def _table_cost(p, q, oppose) -> int:
    a, b = p
    c, d = q
    row_a, row_b = oppose[a], oppose[b]
    return (
        _OPPOSE_COST[min(row_a[c], 5)]
        + _OPPOSE_COST[min(row_a[d], 5)]
        + _OPPOSE_COST[min(row_b[c], 5)]
        + _OPPOSE_COST[min(row_b[d], 5)]
    )


def _tables(pairs, partner, oppose, rng) -> list[tuple[int, int, int, int]]:
    """Pairs of partnerships facing each other, with as few repeated opponents as can be found."""
    free = list(pairs)
    rng.shuffle(free)
    matched = []
    while free:
        p = free.pop()
        best_i, best_cost = 0, None
        for i, q in enumerate(free):
            c = _table_cost(p, q, oppose)
            if best_cost is None or c < best_cost:
                best_i, best_cost = i, c
                if c == 0:
                    break
        matched.append([p, free.pop(best_i)])
    # Improve: swap one partnership between two tables while that lowers the cost.
    for _sweep in range(30):
        improved = False
        costs = [_table_cost(p, q, oppose) for p, q in matched]
        bad = [i for i, c in enumerate(costs) if c >= _OPPOSE_COST[2]]
        if not bad:
            break
        for i in bad:
            p, q = matched[i]
            now_i = _table_cost(p, q, oppose)
            if now_i < _OPPOSE_COST[2]:
                continue
            order = list(range(len(matched)))
            rng.shuffle(order)
            for j in order:
                if j == i:
                    continue
                r, s = matched[j]
                now = now_i + _table_cost(r, s, oppose)
                if _table_cost(p, r, oppose) + _table_cost(q, s, oppose) < now:
                    matched[i], matched[j] = [p, r], [q, s]
                    improved = True
                    break
                if _table_cost(p, s, oppose) + _table_cost(q, r, oppose) < now:
                    matched[i], matched[j] = [p, s], [q, r]
                    improved = True
                    break
        if not improved:
            break
    return [(p[0], q[0], p[1], q[1]) for p, q in matched]


def _turn(table, roles, seat_count) -> tuple[int, int, int, int]:
    """The table's players placed in N, E, S, W so each player's seats stay balanced."""
    n, e, s, w = table
    if roles:
        # ladies n, e on N/E; gents s, w on S/W; partners stay partners
        options = [(n, e, s, w), (e, n, w, s)]
    else:
        options = [
            (n, e, s, w), (s, e, n, w), (n, w, s, e), (s, w, n, e),
            (e, n, w, s), (w, n, e, s), (e, s, w, n), (w, s, e, n),
        ]  # fmt: skip

    def spread(option):
        return sum(seat_count[x][i] for i, x in enumerate(option))

    return min(options, key=spread)


# -- measuring a schedule ----------------------------------------------------------------------


def measure(players: int, ladies: int, rounds: tuple[Round, ...]) -> dict:
    """Max partner and opponent repeats, partner spread, seat and sit-out balance of a schedule."""
    partner: dict[tuple[int, int], int] = {}
    oppose: dict[tuple[int, int], int] = {}
    seats = [[0, 0, 0, 0] for _ in range(players)]
    played = [0] * players
    for tables, _out in rounds:
        for table in tables:
            n, e, s, w = table
            for a, b in ((n, s), (e, w)):
                key = (min(a, b), max(a, b))
                partner[key] = partner.get(key, 0) + 1
            for a in (n, s):
                for b in (e, w):
                    key = (min(a, b), max(a, b))
                    oppose[key] = oppose.get(key, 0) + 1
            for i, x in enumerate(table):
                seats[x][i] += 1
                played[x] += 1
    roles = ladies >= 0
    if roles:
        possible = [(a, b) for a in range(ladies) for b in range(ladies, players)]
    else:
        possible = [(a, b) for a in range(players) for b in range(a + 1, players)]
    counts = [partner.get(key, 0) for key in possible]
    if roles:
        seat_spread = max(
            max(abs(c[0] - c[1]) for c in seats[:ladies]),
            max(abs(c[2] - c[3]) for c in seats[ladies:]) if players > ladies else 0,
        )
        groups = [range(ladies), range(ladies, players)]
    else:
        seat_spread = max(max(c) - min(c) for c in seats)
        groups = [range(players)]
    played_spread = max(max(played[x] for x in g) - min(played[x] for x in g) for g in groups if len(g))
    return {
        "max_partner": max(partner.values(), default=0),
        "partner_spread": max(counts) - min(counts),
        "max_oppose": max(oppose.values(), default=0),
        "seat_spread": seat_spread,
        "played_spread": played_spread,
    }


def _shortfall(players: int, ladies: int, rounds: int, schedule) -> int:
    """How far a schedule is from the bounds (0: all hold)."""
    figures = measure(players, ladies, schedule)
    bound_partner, bound_oppose = bounds(players, ladies, rounds)
    short = 0
    if bound_partner is not None:
        short += 100 * max(0, figures["max_partner"] - bound_partner)
    else:
        short += 100 * max(0, figures["partner_spread"] - 1)
    if bound_oppose is not None:
        short += 10 * max(0, figures["max_oppose"] - bound_oppose)
    short += max(0, figures["seat_spread"] - 1)
    return short


def bounds(players: int, ladies: int, rounds: int) -> tuple[int | None, int | None]:
    """(max partner repeats, max opponent repeats) the schedule must reach; None where the
    bound is instead "spread evenly"."""
    if ladies >= 0:
        gents = players - ladies
        if rounds < min(ladies, gents):
            return 1, 2
        return None, None
    if rounds < players:
        return 1, 2
    return None, None


def _balance_seats(players: int, ladies: int, schedule):
    """Turn each table (keeping partners and opponents) so every player's seats stay balanced."""
    seat_count = [[0, 0, 0, 0] for _ in range(players)]
    result = []
    for r, (tables, out) in enumerate(schedule):
        turned = [tuple(t) if r == 0 else _turn(tuple(t), ladies >= 0, seat_count) for t in tables]
        for table in turned:
            for i, x in enumerate(table):
                seat_count[x][i] += 1
        result.append((tuple(turned), tuple(out)))
    return tuple(result)


def _relabel(players: int, schedule):
    """Rename points so hand 1 reads 0, 1, 2, ... table by table, sit-outs last."""
    tables0, out0 = schedule[0]
    reading = [x for table in tables0 for x in table] + list(out0)
    new = {x: i for i, x in enumerate(reading)}
    return [(tuple(tuple(new[x] for x in t) for t in tables), tuple(new[x] for x in out)) for tables, out in schedule]
