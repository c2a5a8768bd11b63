"""From players to a seated duplicate evening: the pairs, their numbers, and every hand's tables.

A hand is one board slot: round r's slot k is hand (r - 1) * boards_per_round + k. Every table
of a hand has its four players (``movements.SeatingPlan``, as for any event) and its board.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from whistdrive.engines.formats import Format
from whistdrive.engines.movements import Advice, MovementError, Pair, Player, SeatingPlan, roles_in_use

from .movement import DuplicateError, DuplicatePlan, plan_duplicate


@dataclass(frozen=True)
class HandPlan:
    """One board slot of the evening: who sits where, and the board each table plays."""

    number: int
    round: int
    seating: SeatingPlan
    boards: dict[int, int]  # table -> board


@dataclass(frozen=True)
class DuplicateStart:
    plan: DuplicatePlan
    pairs: tuple[Pair, ...]
    hands: tuple[HandPlan, ...]


def advise(fmt: Format, players: list[Player]) -> Advice:
    """What the desk needs to know before the first round; ``problems`` block the start."""
    count = len(players)
    problems: list[str] = []
    ids = [p.id for p in players]
    if len(set(ids)) != count:
        duplicate = sorted(i for i, n in Counter(ids).items() if n > 1)[0]
        problems.append(f"player {duplicate} is listed twice: each player enters once")
    try:
        roles = roles_in_use(players)
    except MovementError as error:
        return Advice(0, count, 0, 0, 0, problems=[str(error)])
    ladies = sum(1 for p in players if p.role == "lady")
    gents = sum(1 for p in players if p.role == "gent")
    if count % 2:
        problems.append(
            f"{count} players cannot all play in pairs: one more player is needed, or one player must stand down"
        )
    if roles:
        bad = [i // 2 + 1 for i in range(0, count - 1, 2) if {players[i].role, players[i + 1].role} != {"lady", "gent"}]
        if bad:
            problems.append(
                f"pair {bad[0]} is not a lady and a gent: with roles each pair is one of each; "
                "let one of them play the other role"
            )
    pairs = count // 2
    notes: list[str] = []
    tables = 0
    try:
        plan = plan_duplicate(fmt, pairs)
    except DuplicateError as error:
        problems.extend(error.problems)
    else:
        tables = plan.tables
        notes.extend(plan.notes)
        notes.append(
            f"{plan.boards_in_play} boards in play ({plan.board_sets} sets of {plan.boards_per_round}), "
            f"numbered 1 to {plan.boards_in_play}"
        )
    sit_out = 2 if pairs % 2 else 0
    return Advice(tables, count - 4 * tables if tables else count % 4, ladies, gents, sit_out, {}, problems, notes)


def draw_pairs(plan: DuplicatePlan, players: list[Player], seed: int, by: str = "random") -> list[Pair]:
    """The evening's pairs, with their numbers from where the movement starts them.

    Players 1 and 2 are a pair, 3 and 4, … (with roles the lady first: she sits N or E). A random
    draw shuffles whole pairs. In a Mitchell pairs 1, 3, 5 … sit N–S at tables 1, 2, 3 … and pairs
    2, 4, 6 … E–W, the last pair E–W at the half table when the number is odd (as a drive's
    Mitchell); in a Howell pair k is the schedule's pair k.
    """
    if by not in ("random", "card"):
        raise MovementError(f"seat players by 'random' or 'card', not {by!r}")
    roles = roles_in_use(players)
    twos = [(players[i], players[i + 1]) for i in range(0, len(players) - 1, 2)]
    if roles:
        twos = [(a, b) if a.role == "lady" else (b, a) for a, b in twos]
    if by == "random":
        random.Random(seed).shuffle(twos)
    ids = [(a.id, b.id) for a, b in twos]
    if len(ids) != plan.pairs:
        raise MovementError(f"the plan is for {plan.pairs} pairs, not {len(ids)}")
    if not plan.two_fields:
        return [Pair(n, two) for n, two in enumerate(ids, start=1)]
    north_south = plan.pairs // 2
    ns = ids[0 : 2 * north_south : 2]
    ew = ids[1::2] + ([ids[-1]] if plan.pairs % 2 else [])
    return [Pair(n, two, "NS") for n, two in enumerate(ns, start=1)] + [
        Pair(n, two, "EW") for n, two in enumerate(ew, start=1)
    ]


def hands_of(plan: DuplicatePlan, pairs: list[Pair]) -> list[HandPlan]:
    """Every board slot of the evening, seated: N–S pair in N and S, E–W pair in E and W."""
    by_id = {pair.id: pair.ids for pair in pairs}
    missing = sorted(set(plan.pair_ids) - set(by_id))
    if missing:
        raise MovementError(f"no players for pair {missing[0]}")
    hands = []
    k = plan.boards_per_round
    for played in plan.rounds:
        seats = {
            t.table: {"N": by_id[t.ns][0], "E": by_id[t.ew][0], "S": by_id[t.ns][1], "W": by_id[t.ew][1]}
            for t in played.tables
        }
        out = tuple(pid for pair in played.sitting_out for pid in by_id[pair])
        for slot in range(k):
            number = (played.number - 1) * k + slot + 1
            boards = {t.table: t.boards[slot] for t in played.tables}
            hands.append(HandPlan(number, played.number, SeatingPlan(dict(seats), out), boards))
    return hands


def start(fmt: Format, players: list[Player], seed: int, by: str = "random") -> DuplicateStart:
    """The whole evening from the players present: plan, numbered pairs and every hand's tables."""
    advice = advise(fmt, players)
    if advice.problems:
        raise DuplicateError(advice.problems)
    plan = plan_duplicate(fmt, len(players) // 2)
    pairs = draw_pairs(plan, players, seed, by)
    return DuplicateStart(plan, tuple(pairs), tuple(hands_of(plan, pairs)))
