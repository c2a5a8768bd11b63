"""Individual drive schedules: a table and seat for every player and every hand, fixed in advance.

The aim is a whist-tournament-like schedule: while there are fewer hands than players nobody
partners anyone twice and nobody opposes anyone more than twice; with more hands than that,
partnerships are spread evenly. Seats and sit-outs are balanced.

How it is built, round by round (a round is ``hands_per_round`` hands at one table):
1. sit-outs by rotation: in each role, the players who have missed fewest hands, so nobody sits
   out twice before everyone of their role has sat out once; ties go by the fixed order without
   roles, and with roles first to whoever sat out longest ago, then by the fixed order;
2. partnerships: a matching of the seated players (lady with gent when roles are used) that
   avoids repeated partners, found greedily and improved by swaps;
3. tables: the partnerships paired into tables avoiding repeated opponents, likewise;
4. seats: each table turned so every player's seats stay balanced. Without roles, once the
   schedule is chosen, tables are turned afresh hand by hand and then single tables in any hand
   after the first are turned again while that evens out the most uneven players' seats
   (``_balance_seats``); turning keeps partners, opponents and sit-outs as they are.
With lady/gent roles (``_build_with_roles``) the sit-outs go round the order the same way each
time; each round's lady-gent matching starts from a fixed pattern (lines i + j = d through the
pair sitting out, or a shift by the round number), which the tightest sizes already satisfy,
and repairs it by augmenting paths, preferring least-met pairs and then pairs who want the
same side (N-S or E-W) to keep seats even; tables put one partnership N-S and one E-W. Once
every hand is partnered, swaps across the whole evening keep partnering counts within one of
each other (more hands than gents), and tables are turned afterwards to even out seats.
Without roles, sizes with a known whist tournament design (designs.py: 8, 12, 13, 16, 17, 20,
21, 24, 25, 28 and every prime 4n+1; and 19 as 20 with an empty chair) use it instead; other
sizes up to 45 use a cyclic starter (one hand, or two, developed by shifting every label; found
offline by tools/cyclic_starters*.c) or a whole schedule found by tools/find_whist_designs.py,
both stored in designs_data.py, because there the bounds are tight and greedy choice falls short.
Otherwise (and always with roles) the schedule is built with up to 12 fixed seeds (2 above 120
players), stopping at the first that meets every bound with seats within one of even; else the
one nearest the bounds is kept. The result depends only on the number of players, their order
and the number of hands, so it is deterministic; the seed of the event shuffles the order.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from typing import TypedDict

from whistdrive.engines.vocabulary import SEATS

from .designs import design_rounds, design_with_spare_seat, starter_rounds, stored_rounds
from .seating import Player, SeatingPlan

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
    order: list[Player], hands: int, roles: bool, hands_per_round: int = 1, history: list[SeatingPlan] | None = None
) -> list[SeatingPlan]:
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
            SeatingPlan(
                {t + 1: dict(zip(SEATS, (ids[x] for x in table), strict=True)) for t, table in enumerate(tables)},
                tuple(ids[x] for x in out),
            )
        )
    return [seatings[(hand - 1) // hands_per_round] for hand in range(1, hands + 1)]


Table = tuple[int, int, int, int]  # points in seats N, E, S, W
Round = tuple[tuple[Table, ...], tuple[int, ...]]  # a hand's tables and who sits out
# A hand as it comes in (a design, or hands already played, -1 for one who has left): tables and sit-outs.
Hand = tuple[Sequence[Sequence[int]], Sequence[int]]
# A hand whose tables may still be turned round.
OpenRound = tuple[list[Table], tuple[int, ...]]
Partnership = tuple[int, int]
Counts = list[list[int]]  # counts[x][y]: partner or opponent meetings; seat counts: counts[x][seat]
Want = Callable[[int], int]  # want(x): 1 for N-S, -1 for E-W, 0 for either


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
    assert best is not None  # attempts >= 1
    if ladies < 0:
        # partners, opponents and sit-outs are settled; turning tables in earlier hands evens out seats
        best = _balance_seats(players, ladies, best)
    return best


def _attempts(players: int, rounds: int) -> int:
    # Tight sizes (rounds close to the number of players) may need several tries; large ones never do.
    return 12 if players <= 120 else 2


def _build(
    players: int, ladies: int, rounds: int, met: Sequence[Hand], relabel: bool, seed: int = 0
) -> tuple[Round, ...]:
    if ladies >= 0:
        return _build_with_roles(players, ladies, rounds, met, relabel, seed)
    rng = random.Random(1_000_003 * players + 7919 * rounds + seed)
    partner, oppose, seat_count, missed = _counts_from(players, met)
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
        circle = not out and not met and r < players - 1
        if r == 0 and not met and relabel and not circle:
            seated = seated_groups[0]
            tables = [
                (seated[4 * t], seated[4 * t + 1], seated[4 * t + 2], seated[4 * t + 3])
                for t in range(len(seated) // 4)
            ]
        else:
            # With nobody sitting out, the round-robin "circle" partnerships never repeat a partner.
            pairs = _circle(players, r) if circle else _partnerships(seated_groups[0], partner, rng)
            tables = _tables(pairs, partner, oppose, rng)
            tables = [_turn(t, False, seat_count) for t in tables]
        for table in tables:
            _record(table, partner, oppose, seat_count)
        for x in out:
            missed[x] += 1
        result.append((tuple(tables), tuple(out)))
    return tuple(result)


def _build_with_roles(
    players: int, ladies: int, rounds: int, met: Sequence[Hand], relabel: bool, seed: int = 0
) -> tuple[Round, ...]:
    """The schedule with lady/gent roles: sit-outs for the evening, then hand by hand partners and tables.

    Sit-outs never depend on who partners whom, so they are settled first. Once every hand is
    partnered, the partnering counts are evened out across all the hands (``_even_out``); if that
    changed any hand, every hand's tables are formed again, and finally tables are turned where
    that evens out seats (``_even_seats``).
    """
    rng = random.Random(1_000_003 * players + 7919 * rounds + seed)
    partner, oppose, seat_count, missed = _counts_from(players, met, with_leavers=True)
    lady_group, gent_group = list(range(ladies)), list(range(ladies, players))
    need = 2 * (min(ladies, players - ladies) // 2)
    in_order = not met and relabel  # hand 1 seats everyone in the given order
    last_out = [-1] * players
    for r, (_seats, out) in enumerate(met):
        for x in out:
            if x >= 0:
                last_out[x] = r
    sittings = []
    for r in range(len(met), len(met) + rounds):
        seated = []
        out = []
        for group in (lady_group, gent_group):
            # hand 1 seats the group in order (its last players are spare); then the rotation, which
            # goes round the order the same way every time, so the groups' sit-outs keep in step
            chosen = group[:need] if r == 0 else _rotation_pick(group, missed, need, last_out)
            chosen_set = set(chosen)
            out += [x for x in group if x not in chosen_set]
            seated.append(chosen)
        for x in out:
            missed[x] += 1
            last_out[x] = r
        sittings.append((seated[0], seated[1], out))
    want = _wanted_side(seat_count, ladies)
    pairings = []
    result: list[OpenRound] = []
    for r, (seated_ladies, seated_gents, out) in enumerate(sittings):
        if r == 0 and in_order:
            pairs = list(zip(seated_ladies, seated_gents, strict=True))
        else:
            guess = _pattern(len(met) + r, ladies, players, out)
            pairs = _lady_gent_partners(seated_ladies, seated_gents, partner, guess, want, rng)
        for lady, gent in pairs:
            partner[lady][gent] += 1
        pairings.append(pairs)
        result.append((_seat_round(pairs, r == 0 and in_order, oppose, seat_count, want, rng), tuple(out)))
    if _even_out(pairings, partner, lady_group, gent_group, 1 if in_order else 0, rng):
        # partnerships changed in some hands: form every hand's tables again from the start
        _partner, oppose, seat_count, _missed = _counts_from(players, met, with_leavers=True)
        want = _wanted_side(seat_count, ladies)
        for r, (pairs, (_tables, out)) in enumerate(zip(pairings, result, strict=True)):
            result[r] = (_seat_round(pairs, r == 0 and in_order, oppose, seat_count, want, rng), out)
    _even_seats(result, seat_count, 1 if in_order else 0, rng)
    return tuple((tuple(tables), tuple(out)) for tables, out in result)


def _wanted_side(seat_count: Counts, ladies: int) -> Want:
    """want(x): 1 if x should sit N-S next to even out their seats, -1 if E-W, 0 if either."""

    def want(x: int) -> int:
        c = seat_count[x]
        lead = c[0] - c[1] if x < ladies else c[2] - c[3]
        return (lead < 0) - (lead > 0)

    return want


def _seat_round(
    pairs: list[Partnership], in_order: bool, oppose: Counts, seat_count: Counts, want: Want, rng: random.Random
) -> list[Table]:
    """One hand's tables from its partnerships (hand 1 in order), counted into opponents and seats."""
    if in_order:
        tables = [(pairs[t][0], pairs[t + 1][0], pairs[t][1], pairs[t + 1][1]) for t in range(0, len(pairs), 2)]
    else:
        tables = _tables_with_roles(pairs, oppose, want, rng)
    for table in tables:
        _record(table, None, oppose, seat_count)
    return tables


def _tables_with_roles(pairs: list[Partnership], oppose: Counts, want: Want, rng: random.Random) -> list[Table]:
    """Partnerships facing each other: one sitting N-S, one E-W, with few repeated opponents.

    A partnership whose lady and gent both want N-S (they have sat E and W more), or one wants it
    and the other does not mind, sits N-S; likewise E-W; the rest fill up the short side. Each
    N-S partnership then takes an E-W one, preferring opponents not met twice yet, and tables
    swap E-W partnerships while that lowers the repeats.
    """
    sides: dict[int, list[tuple[int, int]]] = {1: [], -1: [], 0: []}
    for lady, gent in pairs:
        a, b = want(lady), want(gent)
        sides[(a + b > 0) - (a + b < 0) if a * b >= 0 else 0].append((lady, gent))
    for side in sides.values():
        rng.shuffle(side)
    half = len(pairs) // 2
    north, east = sides[1][:half], sides[-1][:half]
    rest = sides[0] + sides[1][half:] + sides[-1][half:]
    fill = half - len(north)
    north += rest[:fill]
    east += rest[fill:]
    matched = [[p, east.pop(_cheapest_facing(p, east, oppose))] for p in north]
    for _sweep in range(30):
        improved = False
        for i, (p, q) in enumerate(matched):
            now_i = _table_cost(p, q, oppose)
            if now_i < _OPPOSE_COST[2]:
                continue
            order = list(range(len(matched)))
            rng.shuffle(order)
            for j in order:
                r, s = matched[j]
                if j != i and _table_cost(p, s, oppose) + _table_cost(r, q, oppose) < now_i + _table_cost(r, s, oppose):
                    matched[i], matched[j] = [p, s], [r, q]
                    improved = True
                    break
        if not improved:
            break
    return [(p[0], q[0], p[1], q[1]) for p, q in matched]


def _pattern(r: int, ladies: int, players: int, out: Sequence[int]) -> Callable[[int], int]:
    """First guess at round r's partners: lady i with gent d - i, or i + r, counting modulo the gents.

    With a lady and a gent sitting out, d is the sum of their numbers, so the line of pairs i + j = d
    runs through the pair that sits out and loses nobody else. When the groups are equal and odd
    the rotation sits out lady a with gent a, and those lines give each lady-gent pair exactly
    once in the hands after the first: where the bounds are tightest, the guess already meets them.
    With nobody sitting out, shifting by the round number never repeats a partner while r is fewer than the gents.
    """
    gents = players - ladies
    out_ladies = [x for x in out if x < ladies]
    out_gents = [x - ladies for x in out if x >= ladies]
    if out_ladies and out_gents:
        line = out_ladies[0] + out_gents[0]
        return lambda lady: ladies + (line - lady) % gents
    return lambda lady: ladies + (lady + r) % gents


def _lady_gent_partners(
    ladies: list[int],
    gents: list[int],
    partner: Counts,
    guess: Callable[[int], int],
    want: Want,
    rng: random.Random,
) -> list[Partnership]:
    """Every seated lady with a seated gent, using the least-met pairs as far as possible.

    The matching is grown level by level: first only pairs who have never partnered, then those
    met once, and so on; within a level, first only pairs who want the same side (``want``: one
    N-S, the other E-W would leave one of them with uneven seats). At each step the guessed
    partners are taken where allowed and free, and every lady still without a partner is placed
    by a shortest augmenting path, so earlier choices may be swapped; the result uses as many
    least-met pairs as any matching can. While the hands are fewer than the gents nearly every
    guess is new, so a round costs about one pass over the players rather than a search over all pairs.
    """
    ladies, gents = list(ladies), list(gents)
    rng.shuffle(ladies)
    rng.shuffle(gents)
    seated = set(gents)
    side = {x: want(x) for x in ladies + gents}
    gent_of: dict[int, int] = {}
    lady_of: dict[int, int] = {}
    left = ladies
    limit = 0
    while left:
        for same_side in (True, False):
            for lady in left:
                gent = guess(lady)
                if gent in seated and gent not in lady_of and partner[lady][gent] <= limit:
                    if not same_side or side[lady] * side[gent] >= 0:
                        gent_of[lady], lady_of[gent] = gent, lady
            allowed = side if same_side else None
            left = [
                x
                for x in left
                if x not in gent_of and not _augment(x, gents, partner, limit, allowed, gent_of, lady_of)
            ]
        limit += 1
    return [(lady, gent_of[lady]) for lady in ladies]


def _augment(
    start: int,
    gents: list[int],
    partner: Counts,
    limit: int,
    side: dict[int, int] | None,
    gent_of: dict[int, int],
    lady_of: dict[int, int],
) -> bool:
    """Give ``start`` a gent met at most ``limit`` times along a shortest path of re-partnerings.

    With ``side`` (player -> wanted side) only a lady and gent who do not want opposite sides may pair.
    """
    reached_by: dict[int, int] = {}  # gent -> the lady who can take him, on the way to him
    queue = [start]
    for lady in queue:
        row = partner[lady]
        for gent in gents:
            if row[gent] > limit or gent in reached_by:
                continue
            if side is not None and side[lady] * side[gent] < 0:
                continue
            reached_by[gent] = lady
            if gent in lady_of:
                queue.append(lady_of[gent])
                continue
            while True:  # a free gent: each lady on the path takes the gent after her
                taker = reached_by[gent]
                previous = gent_of.get(taker)
                gent_of[taker], lady_of[gent] = gent, taker
                if taker == start:
                    return True
                assert previous is not None  # every lady on the path after ``start`` had a gent
                gent = previous
    return False


def _even_out(
    pairings: list[list[Partnership]],
    partner: Counts,
    ladies: list[int],
    gents: list[int],
    first: int,
    rng: random.Random,
) -> bool:
    """Swap partners within rounds until every lady-gent pair has partnered k or k+1 times.

    Round-by-round matching cannot see the end of the evening: with players sitting out, the
    last few hands leave some pairs short that only a change in an earlier hand can reach. Each
    step takes a pair outside the band and makes the best exchange involving it: in a round it
    played, it swaps partners with another partnership; in a round both sat in, the two take
    each other and their partners pair up. A step that makes things no better is still taken
    (one that makes them worse, now and then), so the search does not stall. Rounds before
    ``first`` stay as they are. True if any partnership changed.
    """
    total = sum(partner[lady][gent] for lady in ladies for gent in gents)
    if not total:
        return False
    low = total // (len(ladies) * len(gents))
    high = low if total == low * len(ladies) * len(gents) else low + 1

    def cost(c: int) -> int:
        return (c - high) ** 2 if c > high else (low - c) ** 2 if c < low else 0

    bad = {(lady, gent) for lady in ladies for gent in gents if not low <= partner[lady][gent] <= high}
    if not bad:
        return False
    gent_in = [dict(pairs) for pairs in pairings]
    lady_in = [{gent: lady for lady, gent in pairs} for pairs in pairings]
    rounds = range(first, len(pairings))

    def change(r: int, a: int, b: int, c: int, d: int) -> int:
        """Cost of the exchange in round r: partnerships (a, b), (c, d) become (a, d), (c, b)."""
        before = cost(partner[a][b]) + cost(partner[c][d]) + cost(partner[a][d]) + cost(partner[c][b])
        after = cost(partner[a][b] - 1) + cost(partner[c][d] - 1) + cost(partner[a][d] + 1) + cost(partner[c][b] + 1)
        return after - before

    stuck: set[tuple[int, int]] = set()
    changed = False
    for _step in range(4000):
        if not bad - stuck:
            break
        lady, gent = rng.choice(sorted(bad - stuck))
        moves = []
        if partner[lady][gent] > high:
            for r in rounds:
                if gent_in[r].get(lady) == gent:
                    for other, other_gent in pairings[r]:
                        if other != lady:
                            moves.append((change(r, lady, gent, other, other_gent), r, lady, gent, other, other_gent))
        else:
            for r in rounds:
                mine, theirs = gent_in[r].get(lady), lady_in[r].get(gent)
                if mine is not None and theirs is not None and mine != gent:
                    moves.append((change(r, lady, mine, theirs, gent), r, lady, mine, theirs, gent))
        if not moves:
            stuck.add((lady, gent))
            continue
        best = min(m[0] for m in moves)
        if best > 0 and rng.random() > 0.1:
            continue
        _delta, r, a, b, c, d = rng.choice([m for m in moves if m[0] == best])
        changed = True
        partner[a][b] -= 1
        partner[c][d] -= 1
        partner[a][d] += 1
        partner[c][b] += 1
        gent_in[r][a], gent_in[r][c] = d, b
        lady_in[r][d], lady_in[r][b] = a, c
        pairings[r] = [(x, gent_in[r][x]) for x, _g in pairings[r]]
        for pair in ((a, b), (c, d), (a, d), (c, b)):
            if low <= partner[pair[0]][pair[1]] <= high:
                bad.discard(pair)
            else:
                bad.add(pair)
    return changed


def _counts_from(
    players: int, met: Sequence[Hand], with_leavers: bool = False
) -> tuple[Counts, Counts, Counts, list[int]]:
    """Partner and opponent counts, seat counts and hands missed, from hands already played.

    A table where someone who has since left sat (-1) counts only ``with_leavers``, and then for
    the players still here.
    """
    partner = [[0] * players for _ in range(players)]
    oppose = [[0] * players for _ in range(players)]
    seat_count = [[0, 0, 0, 0] for _ in range(players)]
    missed = [0] * players
    for tables, _out in met:
        for table in tables:
            if with_leavers and min(table) < 0:
                _record_those_present(table, partner, oppose, seat_count)
            else:
                _record(table, partner, oppose, seat_count)
        seated = {x for table in tables for x in table}
        for x in range(players):
            if x not in seated:
                missed[x] += 1
    return partner, oppose, seat_count, missed


def _record_those_present(table: Sequence[int], partner: Counts, oppose: Counts, seat_count: Counts) -> None:
    """``_record`` for a table where someone who has since left (-1) sat."""
    n, e, s, w = table
    for a, b in ((n, s), (e, w)):
        if a >= 0 and b >= 0:
            partner[a][b] += 1
            partner[b][a] += 1
    for a in (n, s):
        for b in (e, w):
            if a >= 0 and b >= 0:
                oppose[a][b] += 1
                oppose[b][a] += 1
    for i, x in enumerate(table):
        if x >= 0:
            seat_count[x][i] += 1


def _rotation_pick(group: list[int], missed: list[int], need: int, last_out: list[int] | None = None) -> list[int]:
    """The players of a group who play: those who have missed most; the rest sit out.

    Those who have missed fewest hands sit out, earliest in the fixed order first: hand 1's
    spares are the last players, then the first ones, and so on round the order. With
    ``last_out`` (the round each last sat out, -1 for never) ties go first to whoever sat out
    longest ago, so the second time round starts again with hand 1's spares.
    """
    sit = len(group) - need
    if sit <= 0:
        return list(group)
    if last_out is None:
        chosen = set(sorted(group, key=lambda x: (missed[x], x))[:sit])
    else:
        chosen = set(sorted(group, key=lambda x: (missed[x], last_out[x], x))[:sit])
    return [x for x in group if x not in chosen]


def _record(table: Sequence[int], partner: Counts | None, oppose: Counts, seat_count: Counts) -> None:
    n, e, s, w = table
    if min(table) < 0:
        return
    if partner is not None:  # None: partnerships were counted when they were chosen
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


def _partnerships(seated: list[int], partner: Counts, rng: random.Random) -> list[Partnership]:
    """A matching of the seated players (no roles) with as few repeated partners as can be found."""
    people = list(seated)
    rng.shuffle(people)
    pairs = []
    free = people
    while free:
        a = free.pop()
        row = partner[a]
        best = _least(free, row)
        pairs.append((a, free.pop(best)))
    _improve_pairs(pairs, False, partner, rng)
    return pairs


def _least(free: list[int], row: list[int]) -> int:
    """Index in ``free`` of a player not yet met (the first found), else of the least met."""
    for i, x in enumerate(free):
        if not row[x]:
            return i
    return min(range(len(free)), key=lambda i: row[free[i]])


def _circle(players: int, r: int) -> list[Partnership]:
    """Round r of the circle method: players-1 on the hub with r, then r+i with r-i (mod players-1)."""
    m = players - 1
    pairs = [(players - 1, r)]
    pairs += [((r + i) % m, (r - i) % m) for i in range(1, players // 2)]
    return pairs


def _improve_pairs(pairs: list[Partnership], roles: bool, partner: Counts, rng: random.Random) -> None:
    """Swap partners between two partnerships while that lowers the repeats."""

    def cost(a: int, b: int) -> int:
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


def _table_cost(p: Partnership, q: Partnership, oppose: Counts) -> int:
    a, b = p
    c, d = q
    row_a, row_b = oppose[a], oppose[b]
    return (
        _OPPOSE_COST[min(row_a[c], 5)]
        + _OPPOSE_COST[min(row_a[d], 5)]
        + _OPPOSE_COST[min(row_b[c], 5)]
        + _OPPOSE_COST[min(row_b[d], 5)]
    )


def _cheapest_facing(p: Partnership, candidates: Sequence[Partnership], oppose: Counts) -> int:
    """Index in ``candidates`` of the first partnership facing ``p`` with the fewest repeated opponents."""
    best_i, best_cost = 0, None
    for i, q in enumerate(candidates):
        c = _table_cost(p, q, oppose)
        if best_cost is None or c < best_cost:
            best_i, best_cost = i, c
            if c == 0:
                break
    return best_i


def _tables(pairs: list[Partnership], partner: Counts, oppose: Counts, rng: random.Random) -> list[Table]:
    """Pairs of partnerships facing each other, with as few repeated opponents as can be found."""
    free = list(pairs)
    rng.shuffle(free)
    matched = []
    while free:
        p = free.pop()
        matched.append([p, free.pop(_cheapest_facing(p, free, oppose))])
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


def _turn(table: Sequence[int], roles: bool, seat_count: Counts) -> Table:
    """The table's players placed in N, E, S, W so each player's seats stay balanced.

    Of the ways to turn the table, the one whose players have sat least in the seats it gives them.
    """
    n, e, s, w = table
    if roles:
        # ladies n, e on N/E; gents s, w on S/W; partners stay partners
        options = [(n, e, s, w), (e, n, w, s)]
    else:
        options = _orientations(n, e, s, w)

    def spread(option: Table) -> int:
        return sum(seat_count[x][i] for i, x in enumerate(option))

    return min(options, key=spread)


def _even_seats(result: list[OpenRound], seat_count: Counts, first: int, rng: random.Random) -> None:
    """Turn tables round (N-S partnership to E-W and back) while that evens out someone's seats.

    Turning hand by hand cannot look ahead, and a lady and gent who partner may need opposite
    seats; turning an earlier table afterwards often settles both. Each step takes a player two
    or more N (S) ahead of E (W), or behind, and turns the table of theirs that most lowers the
    sum of the squared excesses over one; rounds before ``first`` stay as they are.
    """
    lead = {x: c[0] - c[1] if c[0] + c[1] else c[2] - c[3] for x, c in enumerate(seat_count)}
    where: dict[int, list[tuple[int, int]]] = {}
    for r in range(first, len(result)):
        for t, table in enumerate(result[r][0]):
            for x in table:
                where.setdefault(x, []).append((r, t))

    def excess(value: int) -> int:
        return (abs(value) - 1) ** 2 if abs(value) > 1 else 0

    def gain(table: Table) -> int:
        n, e, s, w = table
        before = sum(excess(lead[x]) for x in table)
        after = excess(lead[n] - 2) + excess(lead[e] + 2) + excess(lead[s] - 2) + excess(lead[w] + 2)
        return after - before

    uneven = {x for x, value in lead.items() if abs(value) > 1}

    def turn(r: int, t: int) -> None:
        n, e, s, w = result[r][0][t]
        result[r][0][t] = (e, n, w, s)
        for y, change in ((n, -2), (e, 2), (s, -2), (w, 2)):
            lead[y] += change
            if abs(lead[y]) > 1:
                uneven.add(y)
            else:
                uneven.discard(y)

    def turns(x: int, but: tuple[int, int] | None = None) -> list[tuple[int, int, int]]:
        return [(gain(result[r][0][t]), r, t) for r, t in where.get(x, []) if (r, t) != but]

    fewest, since = len(uneven), 0
    while uneven and since < 100:  # stop once a hundred steps in a row have not settled anyone
        since += 1
        if len(uneven) < fewest:
            fewest, since = len(uneven), 0
        x = rng.choice(sorted(uneven))
        moves = turns(x)
        best = min(moves, default=(1, 0, 0))
        if best[0] < 0:
            turn(best[1], best[2])
            continue
        # No single turn helps: try one that hands the unevenness on to someone at the table,
        # then one of theirs that settles it; failing that, hand it on at random.
        passes = [(r, t) for g, r, t in moves if g == 0]
        rng.shuffle(passes)
        for r, t in passes:
            turn(r, t)
            follow = [m for y in result[r][0][t] if y in uneven for m in turns(y, but=(r, t))]
            settle = min(follow, default=(1, 0, 0))
            if settle[0] < 0:
                turn(settle[1], settle[2])
                break
            turn(r, t)
        else:
            if passes:
                turn(*passes[0])


# -- measuring a schedule ----------------------------------------------------------------------


class Measures(TypedDict):
    """What ``measure`` finds in a schedule."""

    max_partner: int
    partner_spread: int
    max_oppose: int
    seat_spread: int
    played_spread: int


def measure(players: int, ladies: int, rounds: tuple[Round, ...]) -> Measures:
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


def _shortfall(players: int, ladies: int, rounds: int, schedule: tuple[Round, ...]) -> int:
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


def _balance_seats(players: int, ladies: int, schedule: Sequence[Hand]) -> tuple[Round, ...]:
    """Turn each table (keeping partners and opponents) so every player's seats stay balanced.

    Hand 1 stays as given. The tables are turned hand by hand (``_turn``), then ``_repair_seats``
    re-turns single tables in any hand; the schedule's own turning is kept if that is evener.
    """
    roles = ladies >= 0
    seat_count = [[0, 0, 0, 0] for _ in range(players)]
    turned_rounds: list[OpenRound] = []
    for r, (tables, out) in enumerate(schedule):
        turned = [_table(t) if r == 0 else _turn(t, roles, seat_count) for t in tables]
        for table in turned:
            for i, x in enumerate(table):
                seat_count[x][i] += 1
        turned_rounds.append((turned, tuple(out)))
    if not roles:
        _repair_seats(players, turned_rounds, seat_count)
    result = tuple((tuple(tables), out) for tables, out in turned_rounds)
    given = tuple((tuple(_table(t) for t in tables), tuple(out)) for tables, out in schedule)
    if _seat_unevenness(players, given) < _seat_unevenness(players, result):
        return given
    return result


# A player's seat counts cost this much by their spread (most minus fewest), and then the sum of
# their squares: one player three apart outweighs any number two apart, and so on.
_SPREAD_COST = (0, 0, 10**4, 10**8, 10**12, 10**16)


def _seat_cost(counts: Sequence[int]) -> int:
    return _SPREAD_COST[min(max(counts) - min(counts), 5)] + sum(c * c for c in counts)


def _seat_unevenness(players: int, schedule: Sequence[Hand]) -> int:
    seat_count = [[0, 0, 0, 0] for _ in range(players)]
    for tables, _out in schedule:
        for table in tables:
            for i, x in enumerate(table):
                seat_count[x][i] += 1
    return sum(_seat_cost(c) for c in seat_count)


def _repair_seats(players: int, rounds: list[OpenRound], seat_count: Counts) -> None:
    """Re-turn single tables after hand 1 while that lowers the seat cost of the players at them.

    Turning hand by hand cannot look ahead, so a few players end up two or three apart in some
    seat. Each step takes a player whose seats are two or more apart and, of the turns of their
    tables (in any hand) that move them from a seat they have sat in most to one they have sat in
    least, makes the one that most lowers the cost of the table's four players. When none lowers
    it, one of the three least costly is taken anyway, so the search can leave a dead end; it
    stops once ``4 * players + 400`` steps have found nothing evener and keeps the evenest
    turning seen. Deterministic: the choices come from a fixed seed.
    """
    rng = random.Random(players * 7919 + len(rounds))
    where: dict[int, list[tuple[int, int]]] = {}
    for r in range(1, len(rounds)):
        for t, table in enumerate(rounds[r][0]):
            for x in table:
                where.setdefault(x, []).append((r, t))
    uneven = {x for x in range(players) if max(seat_count[x]) - min(seat_count[x]) > 1}

    def change(table: Table, option: Table) -> int:
        total = 0
        for i, x in enumerate(table):
            j = option.index(x)
            if i != j:
                c = seat_count[x]
                after = list(c)
                after[i] -= 1
                after[j] += 1
                total += _seat_cost(after) - _seat_cost(c)
        return total

    def turn(r: int, t: int, option: Table) -> None:
        table = rounds[r][0][t]
        for i, x in enumerate(table):
            seat_count[x][i] -= 1
        for j, x in enumerate(option):
            seat_count[x][j] += 1
            if max(seat_count[x]) - min(seat_count[x]) > 1:
                uneven.add(x)
            else:
                uneven.discard(x)
        rounds[r][0][t] = option

    cost = sum(_seat_cost(c) for c in seat_count)
    best_cost, best = cost, [list(tables) for tables, _out in rounds]
    since = 0
    while uneven and since < 4 * players + 400:  # stop once that many steps have found nothing evener
        since += 1
        x = rng.choice(sorted(uneven))
        # turns that take x from a seat they have sat in most to one they have sat in least
        c = seat_count[x]
        most, fewest = max(c), min(c)
        moves = []
        for r, t in where.get(x, []):
            table = rounds[r][0][t]
            if c[table.index(x)] != most:
                continue
            for option in _orientations(*table)[1:]:
                if c[option.index(x)] == fewest:
                    moves.append((change(table, option), r, t, option))
        if not moves:
            uneven.discard(x)
            continue
        gain, r, t, option = min(moves)
        if gain >= 0:
            # a dead end: hand the unevenness on with a turn chosen at random among the least bad
            moves.sort()
            gain, r, t, option = moves[rng.randrange(min(3, len(moves)))]
        turn(r, t, option)
        cost += gain
        if cost < best_cost:
            best_cost, best, since = cost, [list(tables) for tables, _out in rounds], 0
    for r, tables in enumerate(best):
        rounds[r] = (tables, rounds[r][1])
    for c in seat_count:
        c[:] = [0, 0, 0, 0]
    for tables, _out in rounds:
        for table in tables:
            for i, x in enumerate(table):
                seat_count[x][i] += 1


def _orientations(n: int, e: int, s: int, w: int) -> list[tuple[int, int, int, int]]:
    """The eight ways to seat a table that keep partners (N-S, E-W) and opponents; as given first."""
    return [
        (n, e, s, w), (s, e, n, w), (n, w, s, e), (s, w, n, e),
        (e, n, w, s), (w, n, e, s), (e, s, w, n), (w, s, e, n),
    ]  # fmt: skip


def _relabel(players: int, schedule: Sequence[Hand]) -> list[Round]:
    """Rename points so hand 1 reads 0, 1, 2, ... table by table, sit-outs last."""
    tables0, out0 = schedule[0]
    reading = [x for table in tables0 for x in table] + list(out0)
    new = {x: i for i, x in enumerate(reading)}
    return [(tuple(_table(new[x] for x in t) for t in tables), tuple(new[x] for x in out)) for tables, out in schedule]


def _table(seats: Iterable[int]) -> Table:
    """A table's four points as a ``Table``."""
    n, e, s, w = seats
    return n, e, s, w
