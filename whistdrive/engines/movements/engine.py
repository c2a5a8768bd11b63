"""The movements: who sits where for every hand of a drive.

Result-driven movements (progressive, semi-partner) give the next hand's seating from the
last round's results; planned ones (individual, Mitchell, stationary) are fixed before the
event. Sit-outs follow one documented rotation (``_rotate``) for every movement but the
individual, whose schedule places its own sit-outs.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypedDict

from whistdrive.engines.formats import Format
from whistdrive.engines.vocabulary import GENT_SEATS, LADY_SEATS, SEATS, SIDE_OF_SEAT, SIDE_SEATS

from .howell import howell_notes, howell_problem, howell_round, sitting_out
from .pairs import howell_pairs
from .schedule import individual_schedule
from .seating import MovementError, NextPlace, Player, RoundResult, SeatingDict, SeatingPlan, WaitForTheHall

# Each table's next seats with why each player takes theirs (table -> seat -> (player, why)), and who sits out.
Reasons = tuple[dict[int, dict[str, tuple[str, str]]], tuple[str, ...]]


def n_players(count: int) -> str:
    """ "1 player", "3 players": a count of players as a sentence says it."""
    return f"{count} player{'' if count == 1 else 's'}"


def _other(side: str) -> str:
    return "EW" if side == "NS" else "NS"


def _lady_seat(side: str) -> str:
    return SIDE_SEATS[side][0]


def _gent_seat(side: str) -> str:
    return SIDE_SEATS[side][1]


def roles_in_use(players: list[Player]) -> bool:
    roles = {p.role for p in players}
    if roles - {None, "lady", "gent"}:
        raise MovementError(f"a role must be lady or gent, not {sorted(map(str, roles - {None}))[0]!r}")
    if None in roles and len(roles) > 1:
        missing = sum(1 for p in players if p.role is None)
        raise MovementError(f"{missing} players have no role: give every player a role (lady or gent), or none")
    return roles != {None}


# -- the registration desk ----------------------------------------------------------------


@dataclass(frozen=True)
class Advice:
    """What the desk needs to know before the first hand; ``problems`` block the start."""

    tables: int
    spares: int
    ladies: int
    gents: int
    sit_out_per_hand: int
    must_switch: dict[str, int] = field(default_factory=dict)  # e.g. {"lady": 2}: 2 ladies play as gents
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s" if not word.endswith("y") else f"{n} {word[:-1]}ies"


def _ladies_gents(n: int, role: str) -> str:
    return f"{n} {'lady' if n == 1 else 'ladies'}" if role == "lady" else f"{n} {'gent' if n == 1 else 'gents'}"


def advise(fmt: Format, players: list[Player]) -> Advice:
    count = len(players)
    ids = [p.id for p in players]
    problems: list[str] = []
    notes: list[str] = []
    if len(set(ids)) != len(ids):
        dup = sorted(i for i, n in Counter(ids).items() if n > 1)
        problems.append(f"player {dup[0]} is listed twice: each player enters once")
    try:
        roles = roles_in_use(players)
    except MovementError as error:
        return Advice(count // 4, count % 4, 0, 0, count % 4, problems=[str(error)])
    ladies = sum(1 for p in players if p.role == "lady")
    gents = sum(1 for p in players if p.role == "gent")
    must_switch: dict[str, int] = {}
    if fmt.movement_kind.fixed_pairs:
        pairs = count // 2
        tables = (pairs + 1) // 2
        spares = count - 4 * (pairs // 2)
        if count % 2:
            problems.append(
                f"{count} players cannot all play in pairs: one more player is needed, "
                "or one player must stand down, or choose an individual drive"
            )
        if roles:
            bad = [
                i // 2 + 1 for i in range(0, count - 1, 2) if {players[i].role, players[i + 1].role} != {"lady", "gent"}
            ]
            if bad:
                problems.append(
                    f"pair {bad[0]} is not a lady and a gent: in a partners drive with roles each pair is one of each; "
                    "let one of them play the other role"
                )
        if fmt.movement == "howell":
            problem = howell_problem(pairs)
            if problem is None:
                notes.extend(howell_notes(pairs, fmt.rounds))
            elif count % 2 == 0:  # an odd count is told first to make it even; then the size is checked
                problems.append(problem[:1].upper() + problem[1:])
        elif pairs % 2:
            notes.append(
                f"{pairs} pairs: table {tables} is a half table; the E–W pair reaching it sits out that round, "
                "so the E–W pairs sit out in turn"
            )
        if fmt.movement == "mitchell":
            notes.extend(_mitchell_round_notes(fmt, pairs, tables))
        sit_out = 2 if pairs % 2 else 0
        return Advice(tables - (pairs % 2), spares, ladies, gents, sit_out, must_switch, problems, notes)
    if count < 4:
        problems.append(f"{n_players(count)} cannot fill a table: at least 4 are needed")
        return Advice(0, count, ladies, gents, count, must_switch, problems, notes)
    if roles:
        tables = min(ladies // 2, gents // 2)
        if not fmt.movement_kind.individual:
            tables_wanted = count // 4
            if tables < tables_wanted:
                short_role, long_role = ("gent", "lady") if gents < ladies else ("lady", "gent")
                shortage = 2 * tables_wanted - min(ladies, gents)
                must_switch[long_role] = shortage
                problems.append(
                    f"{_ladies_gents(ladies, 'lady')} and {_ladies_gents(gents, 'gent')}: "
                    f"{_ladies_gents(shortage, long_role)} must play as {short_role}s, or choose an individual drive"
                )
                tables = tables_wanted
        sit_out = count - 4 * tables
        if fmt.movement_kind.individual and sit_out > 3:
            notes.append(
                f"{_ladies_gents(ladies, 'lady')} and {_ladies_gents(gents, 'gent')}: {sit_out} players sit out each hand "
                "in turn; let some play the other role to seat more"
            )
    else:
        tables = count // 4
        sit_out = count - 4 * tables
    if sit_out and not problems:
        notes.append(
            f"{_plural(sit_out, 'player')} {'sits' if sit_out == 1 else 'sit'} out each hand in turn; "
            "a sitting-out player scores by the club's sit-out rule"
        )
    return Advice(tables, sit_out, ladies, gents, sit_out, must_switch, problems, notes)


def _check_advice(fmt: Format, players: list[Player]) -> bool:
    advice = advise(fmt, players)
    if advice.problems:
        raise MovementError("; ".join(advice.problems))
    return roles_in_use(players)


# -- starting seatings ----------------------------------------------------------------------


def _ordered(players: list[Player], seed: int, by: str) -> list[Player]:
    if by == "card":
        return list(players)
    if by == "random":
        order = list(players)
        random.Random(seed).shuffle(order)
        return order
    raise MovementError(f"seat players by 'random' or 'card', not {by!r}")


def _first_seating(order: list[Player], roles: bool) -> SeatingPlan:
    """Tables filled in order: lady seats N, E then gent seats S, W; the last of each role are spare."""
    if roles:
        ladies = [p.id for p in order if p.role == "lady"]
        gents = [p.id for p in order if p.role == "gent"]
        tables = min(len(ladies), len(gents)) // 2
    else:
        ids = [p.id for p in order]
        tables = len(ids) // 4
        ladies = [ids[i] for i in range(len(ids)) if i % 4 in (0, 1) and i < 4 * tables]
        gents = [ids[i] for i in range(len(ids)) if i % 4 in (2, 3) and i < 4 * tables]
        ladies += ids[4 * tables :]
    seats = {
        t: {"N": ladies[2 * t - 2], "E": ladies[2 * t - 1], "S": gents[2 * t - 2], "W": gents[2 * t - 1]}
        for t in range(1, tables + 1)
    }
    spare = tuple(ladies[2 * tables :]) + tuple(gents[2 * tables :])
    return SeatingPlan(seats, spare)


def start(fmt: Format, players: list[Player], seed: int, by: str = "random") -> list[SeatingPlan]:
    """Hand 1 for a result-driven movement; every hand of the evening for a planned one."""
    roles = _check_advice(fmt, players)
    order = _ordered(players, seed, by)
    if fmt.movement_kind.individual:
        return individual_schedule(order, fmt.hands, roles, fmt.hands_per_round)
    if fmt.movement_kind.fixed_pairs:
        if by == "random":  # a draw moves whole pairs: partners came together
            pairs = [players[i : i + 2] for i in range(0, len(players), 2)]
            random.Random(seed).shuffle(pairs)
            order = [p for pair in pairs for p in pair]
        if fmt.movement == "howell":
            return _howell_plan(fmt, order, roles)
        return _mitchell_plan(fmt, order, roles)
    first = _first_seating(order, roles)
    if fmt.result_driven:
        return [first]
    history = [first]
    while len(history) < fmt.hands:
        history.append(next_seating(fmt, players, history, {}))
    return history


# -- the rules that move players --------------------------------------------------------------


def _mover_word(fmt: Format, moving_side: str, winner: str) -> str:
    return "winning" if moving_side == winner else "losing"


def _move(
    fmt: Format, seating: SeatingPlan, results: dict[int, RoundResult], only: set[int] | None = None
) -> dict[int, dict[str, tuple[str, str]]]:
    """Each seated player's next table and seat, before sit-outs: table -> seat -> (player, why).

    ``only``: just those tables' next seats (each still read from its neighbours' results).
    """
    numbers = sorted(seating.tables)
    count = len(numbers)

    def up(t: int) -> int:
        return numbers[(numbers.index(t) + 1) % count]

    def down(t: int) -> int:
        return numbers[(numbers.index(t) - 1) % count]

    # Each table's next seats are read from its own result and its two neighbours'.
    needed = numbers if only is None else sorted(_around(numbers, only))
    missing = [t for t in needed if t not in results]
    if fmt.result_driven and missing:
        raise MovementError(f"table {missing[0]} has no result yet: enter it before moving")

    def moving_side(t: int) -> str:
        winner = results[t].winner
        return winner if fmt.winners_move else _other(winner)

    new: dict[int, dict[str, tuple[str, str]]] = {}
    for t in numbers if only is None else sorted(only):
        seats = seating.tables[t]
        if not fmt.result_driven:
            new[t] = {s: (seats[s], "stays") for s in SEATS}
            continue
        movers = moving_side(t)
        stay = _other(movers)
        from_below, from_above = down(t), up(t)
        low_movers, high_movers = moving_side(from_below), moving_side(from_above)
        lady_word = _mover_word(fmt, low_movers, results[from_below].winner)
        gent_word = _mover_word(fmt, high_movers, results[from_above].winner)
        lady = seating.tables[from_below][_lady_seat(low_movers)]
        gent = seating.tables[from_above][_gent_seat(high_movers)]
        stay_word = _mover_word(fmt, stay, results[t].winner)
        new[t] = {_lady_seat(stay): (seats[_lady_seat(stay)], f"{stay_word} lady stays")}
        if fmt.movement == "progressive":
            new[t][_gent_seat(movers)] = (seats[_gent_seat(stay)], f"{stay_word} gent stays and crosses over")
            new[t][_lady_seat(movers)] = (lady, f"{lady_word} lady from table {from_below}")
            new[t][_gent_seat(stay)] = (gent, f"{gent_word} gent from table {from_above}")
        else:
            new[t][_gent_seat(stay)] = (seats[_gent_seat(stay)], f"{stay_word} gent stays")
            new[t][_lady_seat(movers)] = (lady, f"{lady_word} lady from table {from_below}")
            new[t][_gent_seat(movers)] = (gent, f"{gent_word} gent from table {from_above}")
    return new


def hands_missed(history: list[SeatingPlan]) -> Counter[str]:
    """How many hands of ``history`` each player sat out. A late arrival counts from arriving (the
    hands before it are not "missed"), so the rotation seats them as it seats everyone else."""
    return Counter(pid for seating in history for pid in seating.sitting_out)


def _present_in(seating: SeatingPlan) -> set[str]:
    return set(seating.seated()) | set(seating.sitting_out)


def players_changed(players: list[Player], last: SeatingPlan) -> bool:
    """True when the players of the next hand are not the last hand's: someone arrived or left, or
    (with roles) someone now plays the other role than the seat they sat in."""
    if {p.id for p in players} != _present_in(last):
        return True
    if not roles_in_use(players):
        return False
    role = {p.id: p.role for p in players}
    return any(
        role[pid] != ("lady" if seat in LADY_SEATS else "gent")
        for seats in last.tables.values()
        for seat, pid in seats.items()
    )


def tables_for(players: list[Player], roles: bool) -> int:
    """How many tables the players fill: four a table, and with roles two ladies and two gents."""
    if roles:
        return min(sum(p.role == "lady" for p in players), sum(p.role == "gent" for p in players)) // 2
    return len(players) // 4


def _seat_role(seat: str, roles: bool) -> str | None:
    return ("lady" if seat in LADY_SEATS else "gent") if roles else None


def _rotate(
    players: list[Player], history: list[SeatingPlan], moved: dict[int, dict[str, tuple[str, str]]], roles: bool
) -> tuple[dict[int, dict[str, tuple[str, str]]], tuple[str, ...]]:
    """The sit-out rotation, after the movement has run on the last hand's seated players (``moved``).

    In each role the players to sit out are those with the fewest hands sat out (since they
    arrived), those who sat out last hand coming back first (ties by the fixed player order); the
    players coming back take the seats of those who go out, table by table.

    When players have arrived, left or changed role since the last hand, as the archive's seating
    rules say: the tables are as many as the players present fill (the top tables close, or new ones
    open at the top); everyone keeps the seat the movement gave them while it is still there and of
    their role; a leaver's seat is taken by a spare of the same role; a late arrival plays at once
    when a seat of their role is free or a spare of their role sat out, and otherwise is the first
    to sit out (then the first back).
    """
    last = history[-1]
    present = {p.id: p for p in players}
    rank = {p.id: i for i, p in enumerate(players)}
    role = {p.id: (p.role if roles else None) for p in players}
    before = _present_in(last)
    arrivals = {pid for pid in present if pid not in before}
    returning = {pid for pid in last.sitting_out if pid in present}
    count = tables_for(players, roles)
    if count < 1:
        raise MovementError(
            f"{n_players(len(players))} cannot fill a table"
            + (" of two ladies and two gents" if roles and len(players) >= 4 else "")
        )
    new: dict[int, dict[str, tuple[str, str]]] = {}
    for t in range(1, count + 1):
        seats = moved.get(t, {})
        new[t] = {
            s: (pid, why) for s, (pid, why) in seats.items() if pid in present and role[pid] == _seat_role(s, roles)
        }
    kept = {pid for seats in new.values() for pid, _why in seats.values()}
    closed = {pid: t for t, seats in moved.items() if t > count for pid, _why in seats.values() if pid in present}
    sat = hands_missed(history)
    # A late arrival who had to sit out since arriving is the first back.
    ever_seated = {pid for seating in history for pid in seating.seated()}
    never_seated = returning - ever_seated
    staying_out: list[str] = []
    for group in dict.fromkeys(role[p.id] for p in players):
        people = [pid for pid in present if role[pid] == group]
        holes = [(t, s) for t in new for s in SEATS if _seat_role(s, roles) == group and s not in new[t]]
        free_seat = len(holes) > len(people) - len(kept & set(people)) - len(arrivals & set(people))
        arrivals_play = free_seat or bool(returning & set(people))
        seats_for_group = sum(1 for t in new for s in SEATS if _seat_role(s, roles) == group)

        def turn(pid: str, arrivals_play: bool = arrivals_play) -> tuple[int, int, bool, int]:
            # Lowest first sits out: an arrival who cannot play at once, then the fewest hands sat
            # out, those who did not just sit out before those who did, then the fixed order; last of
            # all an arrival who plays at once, or who sat out since arriving.
            if pid in arrivals:
                tier = 2 if arrivals_play else 0
            else:
                tier = 2 if pid in never_seated else 1
            return (tier, sat[pid], pid in returning, rank[pid])

        out = sorted(people, key=turn)[: max(0, len(people) - seats_for_group)]
        staying_out += out
        vacated: dict[tuple[int, str], str] = {}
        for t, s in [(t, s) for t in new for s in SEATS if s in new[t] and new[t][s][0] in out]:
            vacated[t, s] = new[t].pop(s)[0]
        holes = [(t, s) for t in new for s in SEATS if _seat_role(s, roles) == group and s not in new[t]]
        coming = sorted((pid for pid in people if pid not in out and pid not in kept), key=rank.__getitem__)
        for (t, s), pid in zip(holes, coming, strict=True):
            if pid in arrivals:
                why = "arrives"
            elif pid in returning:
                why = "back from sitting out" + (f", in the seat {vacated[t, s]} leaves" if (t, s) in vacated else "")
            elif pid in closed:
                why = f"from table {closed[pid]}, which has closed"
            else:
                why = "takes a free seat"
            new[t][s] = (pid, why)
    staying_out.sort(key=rank.__getitem__)
    return {t: {s: new[t][s] for s in SEATS} for t in new}, tuple(staying_out)


def _next_with_reasons(
    fmt: Format, players: list[Player], history: list[SeatingPlan], results: dict[int, RoundResult]
) -> Reasons:
    if not history:
        raise MovementError("there is no hand yet: start the event first")
    roles = roles_in_use(players)
    last = history[-1]
    hand = len(history) + 1
    changed = players_changed(players, last)
    if fmt.movement == "mitchell":
        # Pairs, not seats, carry roles in a partners drive: a pair of two ladies sits E–W as any pair does,
        # so only someone arriving or leaving changes the plan.
        changed = {p.id for p in players} != _present_in(last)
        if changed:
            return _mitchell_changed(fmt, players, history)
        return _mitchell_next_with_waiting(fmt, players, history, hand)
    if fmt.movement == "howell":
        return _howell_next(fmt, players, history, hand)
    if fmt.movement == "individual":
        plan_ = _individual_plan_for(fmt, players, history, roles)
        nxt = plan_[hand - 1]
        return {
            t: {s: (pid, "the individual schedule") for s, pid in seats.items()} for t, seats in nxt.tables.items()
        }, nxt.sitting_out
    if fmt.round_of(hand) == fmt.round_of(hand - 1):
        # within a round the seating repeats
        same = {
            t: {s: (pid, "same seat within the round") for s, pid in seats.items()} for t, seats in last.tables.items()
        }
        if not changed:
            return same, tuple(last.sitting_out)
        return _rotate(players, history, same, roles)
    moved = _move(fmt, last, results)
    return _rotate(players, history, moved, roles)


def next_seating(
    fmt: Format, players: list[Player], history: list[SeatingPlan], results: dict[int, RoundResult]
) -> SeatingPlan:
    """The seating of hand len(history)+1."""
    if len(history) >= fmt.hands:
        raise MovementError(f"the evening has {fmt.hands} hands and all have been seated")
    tables, out = _next_with_reasons(fmt, players, history, results)
    return SeatingPlan({t: {s: tables[t][s][0] for s in SEATS} for t in sorted(tables)}, tuple(out))


def where_next(
    fmt: Format,
    players: list[Player],
    history: list[SeatingPlan],
    table: int,
    result: RoundResult,
    results: dict[int, RoundResult] | ResultsOf | None = None,
    *,
    changed: bool | None = None,
) -> dict[str, NextPlace]:
    """Where each player at ``table`` (and a spare who takes a seat there) goes for the next hand.

    Known from this table's result alone: every player's next table, whether they sit out, and the
    seat of everyone who stays. A mover's seat depends on which side wins at the table they move
    to, so without that table's result (``results``) it is one of the two lady seats (N, E) or
    gent seats (S, W). A player who leaves is not in the answer.

    ``results`` the other tables' results, or a function that gives those of the tables asked (all
    of them for None): a hall's phones ask this of every agreed table, and most answers need only
    the two neighbours' results, not the hall's.

    ``changed``: ``players_changed(players, history[-1])`` when the caller already knows it (it looks at
    the whole hall, and is the same for every table that asks).
    """
    results_of = results if callable(results) else _results_of(dict(results or {}))
    last = history[-1]
    hand = len(history) + 1
    here = last.tables[table]
    if changed is None:
        changed = players_changed(players, last)
    moving = fmt.result_driven and fmt.round_of(hand) != fmt.round_of(hand - 1)
    near: set[int] = set()
    if changed or (moving and last.sitting_out):
        known = {**results_of(None), table: result}  # anyone's seat may turn on any table's result
    elif moving:
        # Nobody comes back from sitting out, so nobody leaves a seat for them: the players here go
        # only to this table and its two neighbours, and the rest of the hall need not be moved.
        numbers = sorted(last.tables)
        i = numbers.index(table)
        near = {numbers[i - 1], table, numbers[(i + 1) % len(numbers)]}
        known = {**results_of(near - {table}), table: result}
    else:
        known = {table: result}  # a planned movement, or within a round: no result moves anyone
    if changed and fmt.result_driven and fmt.ends_round(hand - 1) and set(known) != set(last.tables):
        # Seats freed, closed or opened anywhere in the hall decide where everyone goes.
        raise WaitForTheHall(
            "players are joining or leaving: everyone's next seat is known once every table has finished this hand"
        )
    if changed or not fmt.result_driven or fmt.round_of(hand) == fmt.round_of(hand - 1):
        # A player who leaves is not in the answer.
        present = {p.id for p in players}
        nxt = next_seating(fmt, players, history, known)
        comers = (present - _present_in(last)) | set(last.sitting_out)
        out = {pid: NextPlace.of(nxt.position(pid)) for pid in here.values() if pid in present}
        out.update({pid: NextPlace.of(nxt.position(pid)) for pid in comers if (nxt.position(pid) or (0,))[0] == table})
        return out
    # Unknown tables get a stand-in result; only seats that stand-in decided are then blurred.
    stand_in = RoundResult(7, 6, "NS")
    if near:
        guess = {t: known.get(t, stand_in) for t in _around(sorted(last.tables), near)}
        moved = _move(fmt, last, guess, only=near)
        tables = moved
    else:
        guess = {t: known.get(t, stand_in) for t in last.tables}
        moved = _move(fmt, last, guess)
        tables, _out = _rotate(players, history, moved, roles_in_use(players))
    answer: dict[str, NextPlace] = {}
    for t, seats in moved.items():
        for s, (pid, _why) in seats.items():
            taker = tables[t][s][0]  # a spare back from sitting out takes the seat of a player who leaves
            if pid not in here.values():
                continue
            answer[taker] = NextPlace(t, (s,) if t in known else (LADY_SEATS if s in LADY_SEATS else GENT_SEATS))
            if taker != pid:
                answer[pid] = NextPlace(None)
    return answer


ResultsOf = Callable[[set[int] | None], dict[int, RoundResult]]


def _results_of(results: dict[int, RoundResult]) -> ResultsOf:
    return lambda tables: results if tables is None else {t: results[t] for t in tables if t in results}


def _around(numbers: list[int], tables: set[int]) -> set[int]:
    """``tables`` and each one's two neighbours in the ring of ``numbers``."""
    count = len(numbers)
    return {numbers[(numbers.index(t) + step) % count] for t in tables for step in (-1, 0, 1)}


# -- Mitchell --------------------------------------------------------------------------------


def _mitchell_tables(pairs: int) -> int:
    return (pairs + 1) // 2


def _mitchell_shift(tables: int, round_index: int) -> int:
    """How far E–W pairs have moved up by round ``round_index`` (0-based): one table a round.

    Without boards there is no skip: nothing travels that a pair could meet twice, so over
    ``tables`` rounds (a half table counted as a table) each E–W pair meets every N–S pair once
    and then the rotation starts again. The skip belongs to duplicate, where boards travel.
    """
    return round_index % tables


def _mitchell_round_notes(fmt: Format, pairs: int, tables: int) -> list[str]:
    """How the evening's rounds fit the tables: every E–W pair meets every N–S pair in ``tables`` rounds."""
    rounds = fmt.rounds
    if tables < 2 or rounds == tables:
        return []
    if rounds < tables:
        return [
            f"{rounds} rounds at {tables} tables: each E–W pair visits {rounds} of the tables, "
            "so no two pairs meet twice but not every pair meets every other"
        ]
    return [
        f"{rounds} rounds at {tables} tables: after round {tables} the E–W pairs meet the same N–S pairs again, "
        "in the same order"
    ]


def _mitchell_plan(fmt: Format, order: list[Player], roles: bool) -> list[SeatingPlan]:
    pairs = _pairs_in_order(order, roles)
    tables = _mitchell_tables(len(pairs))
    # Pairs 1, 3, 5… sit N–S at tables 1, 2, 3…, pairs 2, 4, 6… E–W. With an odd number of pairs
    # the last pair is E–W and the last table has no N–S pair: the E–W pair reaching it sits out.
    ns = pairs[0 : 2 * (len(pairs) // 2) : 2]
    ew = pairs[1::2] + ([pairs[-1]] if len(pairs) % 2 else [])
    plan_: list[SeatingPlan] = []
    for hand in range(1, fmt.hands + 1):
        shift = _mitchell_shift(tables, fmt.round_of(hand) - 1)
        seats: dict[int, dict[str, str]] = {}
        out: tuple[str, ...] = ()
        for j, (lady, gent) in enumerate(ew):
            t = (j + shift) % tables
            if t >= len(ns):
                out = (lady.id, gent.id)
                continue
            seats[t + 1] = {"N": ns[t][0].id, "E": lady.id, "S": ns[t][1].id, "W": gent.id}
        plan_.append(SeatingPlan(dict(sorted(seats.items())), out))
    return plan_


def _mitchell_next(fmt: Format, history: list[SeatingPlan], hand: int) -> Reasons:
    """The next round of a Mitchell: every E–W pair up one table, the half table's pair sitting out."""
    last = history[-1]
    real = len(last.tables)
    tables = real + (1 if last.sitting_out else 0)
    ew_at = {t: (last.tables[t]["E"], last.tables[t]["W"]) for t in last.tables}
    if last.sitting_out:
        lady, gent = last.sitting_out  # a Mitchell's half table: one whole pair sits out
        ew_at[tables] = (lady, gent)
    new: dict[int, dict[str, tuple[str, str]]] = {}
    out: tuple[str, ...] = ()
    for t, (lady, gent) in ew_at.items():
        dest = t % tables + 1
        if dest > real:
            out = (lady, gent)
            continue
        why = f"E–W pair up from table {t}" if t <= real else "E–W pair back from the half table"
        new[dest] = {
            "N": (last.tables[dest]["N"], "N–S pair stays"),
            "S": (last.tables[dest]["S"], "N–S pair stays"),
            "E": (lady, why),
            "W": (gent, why),
        }
    return new, out


def _partners(players: list[Player], history: list[SeatingPlan], *, any_role: bool = False) -> dict[str, str]:
    """Each present player's partner in a fixed-partnership evening: whoever they last sat with,
    if that player is still here and last sat with them too."""
    present = {p.id for p in players}
    last_partner: dict[str, str] = {}
    for seating in history:
        for seats in seating.tables.values():
            for a, b in (("N", "S"), ("E", "W")):
                last_partner[seats[a]] = seats[b]
                last_partner[seats[b]] = seats[a]
    partners = {
        pid: mate
        for pid, mate in last_partner.items()
        if pid in present and mate in present and last_partner.get(mate) == pid
    }
    # A pair that has sat out at the half table since the start has never sat down together: it is
    # the first two sitting out (a player waiting for a partner always comes after it).
    role = {p.id: p.role for p in players}
    unpaired = [pid for pid in history[-1].sitting_out if pid in present and pid not in partners]
    if any_role and len(unpaired) >= 2:
        # A Mitchell pairs regardless of role when it must. Sitting out is listed by card number, so with a
        # single waiting too the pair is found by role where it can be; a pair of one role is the first two.
        lady = next((pid for pid in unpaired if role[pid] == "lady"), None)
        gent = next((pid for pid in unpaired if role[pid] == "gent"), None)
        first, second = (lady, gent) if lady and gent else (unpaired[0], unpaired[1])
        partners[first], partners[second] = second, first
    elif len(unpaired) >= 2 and (role[unpaired[0]] is None or role[unpaired[0]] != role[unpaired[1]]):
        partners[unpaired[0]], partners[unpaired[1]] = unpaired[1], unpaired[0]
    return partners


def _lady_first(players: list[Player], ids: Iterable[str], history: Sequence[SeatingPlan] = ()) -> tuple[str, ...]:
    """A pair in seating order, the one who sits N or E first: as they last sat together; else
    with roles the lady; else in the players' order. (A list of players sitting out has no order
    of its own: an archive lists them by card number.)"""
    pair = tuple(ids)
    for seating in reversed(history) if len(pair) == 2 else ():
        first, second = (seating.position(pid) for pid in pair)
        if first and second and first[0] == second[0]:
            return pair if first[1] in LADY_SEATS else pair[::-1]
    role = {p.id: p.role for p in players}
    rank = {p.id: i for i, p in enumerate(players)}
    return tuple(sorted(pair, key=lambda pid: (role.get(pid) == "gent", rank.get(pid, 0))))


def _mitchell_next_with_waiting(fmt: Format, players: list[Player], history: list[SeatingPlan], hand: int) -> Reasons:
    """The Mitchell step, with any player still waiting for a partner left sitting out."""
    last = history[-1]
    if fmt.round_of(hand) == fmt.round_of(hand - 1):
        return {
            t: {s: (pid, "same seat within the round") for s, pid in seats.items()} for t, seats in last.tables.items()
        }, tuple(last.sitting_out)
    partners = _partners(players, history, any_role=True)
    waiting = tuple(pid for pid in last.sitting_out if pid not in partners)
    pair = _lady_first(players, [pid for pid in last.sitting_out if pid in partners], history)
    tables, out = _mitchell_next(fmt, [*history[:-1], SeatingPlan(last.tables, pair)], hand)
    return tables, (*out, *waiting)


def _mitchell_changed(fmt: Format, players: list[Player], history: list[SeatingPlan]) -> Reasons:
    """A Mitchell re-planned for the players present: partnerships are kept; a player whose partner
    has left partners a late arrival or another such player (one waits, sitting out, until someone
    comes); N–S pairs keep their tables where they can; the E–W pairs keep their order round the
    tables, starting where they meet fewest N–S pairs again over the rounds left."""
    hand = len(history) + 1
    roles = roles_in_use(players)
    rank = {p.id: i for i, p in enumerate(players)}
    role = {p.id: p.role for p in players}
    partners = _partners(players, history, any_role=True)
    # Where the movement would take the pairs that are still whole.
    moved, moved_out = _mitchell_next_with_waiting(fmt, players, history, hand)
    ns: dict[int, tuple[str, str]] = {}
    ew: list[tuple[int, tuple[str, str]]] = []
    for t in sorted(moved):
        n, e, s, w = (moved[t][seat][0] for seat in SEATS)
        if partners.get(n) == s:
            ns[t] = (n, s)
        if partners.get(e) == w:
            ew.append((t, (e, w)))
    half_pair = _lady_first(players, [pid for pid in moved_out if pid in partners], history)
    if len(half_pair) == 2 and partners.get(half_pair[0]) == half_pair[1]:
        ew.append((len(moved) + 1, (half_pair[0], half_pair[1])))
    ew_table = {pair: t for t, pair in ew}
    whole = {pid for pair in [*ns.values(), *ew_table] for pid in pair}
    single = sorted((p.id for p in players if p.id not in whole), key=rank.__getitem__)
    new_pairs: list[tuple[str, str]] = []
    if roles:
        ladies = [pid for pid in single if role[pid] == "lady"]
        gents = [pid for pid in single if role[pid] == "gent"]
        new_pairs = list(zip(ladies, gents, strict=False))
        # No lady left for a gent (or the other way): the rest pair regardless of role, in the order they
        # came, rather than sit out all evening. (The organiser is told: the adapter names such pairs.)
        rest = [pid for pid in single if all(pid not in pair for pair in new_pairs)]
        new_pairs += [(rest[i], rest[i + 1]) for i in range(0, len(rest) - 1, 2)]
    else:
        new_pairs = [(single[i], single[i + 1]) for i in range(0, len(single) - 1, 2)]
    waiting = tuple(pid for pid in single if all(pid not in pair for pair in new_pairs))
    total = len(ns) + len(ew) + len(new_pairs)
    if total < 2:
        raise MovementError(
            f"{len(players)} players make {total} pair{'s' if total != 1 else ''}: a table needs two pairs"
        )
    ns_count = total // 2
    ew_count = total - ns_count
    # N–S pairs keep their table while it is still in play; new pairs, then E–W pairs from the top, fill the rest.
    spare = list(new_pairs)
    ew_pairs = [pair for _t, pair in ew]
    ns_at: dict[int, tuple[str, str]] = {t: pair for t, pair in ns.items() if t <= ns_count}
    loose = [pair for t, pair in sorted(ns.items()) if t > ns_count]
    for t in range(1, ns_count + 1):
        if t not in ns_at:
            if loose:
                ns_at[t] = loose.pop(0)
            elif spare:
                ns_at[t] = spare.pop(0)
            else:
                ns_at[t] = ew_pairs.pop()
    ew_pairs += loose + spare
    met = {
        (frozenset((seats["N"], seats["S"])), frozenset((seats["E"], seats["W"])))
        for seating in history
        for seats in seating.tables.values()
    }
    rounds_left = fmt.round_of(fmt.hands) - fmt.round_of(hand) + 1

    def repeats(offset: int) -> tuple[int, int]:
        again = 0
        for j, pair in enumerate(ew_pairs):
            for r in range(min(rounds_left, ew_count)):
                place = (j + offset + r) % ew_count
                if place < ns_count and (frozenset(ns_at[place + 1]), frozenset(pair)) in met:
                    again += 1
        # Ties: the offset that moves fewest E–W pairs from where the movement took them.
        moves = sum(1 for j, pair in enumerate(ew_pairs) if (j + offset) % ew_count + 1 != ew_table.get(pair))
        return again, moves

    offset = min(range(ew_count), key=repeats)
    tables: dict[int, dict[str, tuple[str, str]]] = {}
    out: tuple[str, ...] = ()
    for j, (lady, gent) in enumerate(ew_pairs):
        place = (j + offset) % ew_count
        if place >= ns_count:
            out = (lady, gent)
            continue
        why = "E–W pair" if (lady, gent) in ew_table else "a new pair"
        n, s = ns_at[place + 1]
        ns_why = "N–S pair stays" if ns.get(place + 1) == (n, s) else "N–S pair, re-seated as players changed"
        tables[place + 1] = {"N": (n, ns_why), "E": (lady, why), "S": (s, ns_why), "W": (gent, why)}
    return tables, (*out, *waiting)


# -- Howell --------------------------------------------------------------------------------------


def _pairs_in_order(order: list[Player], roles: bool) -> list[tuple[Player, Player]]:
    """Players 1 and 2 are pair 1, 3 and 4 pair 2, …; with roles the lady first (she sits N or E)."""
    pairs = [(order[i], order[i + 1]) for i in range(0, len(order) - 1, 2)]
    if roles:
        pairs = [(a, b) if a.role == "lady" else (b, a) for a, b in pairs]
    return pairs


def _howell_seating(pairs: list[tuple[str, str]], round_number: int) -> SeatingPlan:
    seats = {
        m.table: {"N": pairs[m.ns - 1][0], "E": pairs[m.ew - 1][0], "S": pairs[m.ns - 1][1], "W": pairs[m.ew - 1][1]}
        for m in howell_round(len(pairs), round_number)
    }
    out = sitting_out(len(pairs), round_number)
    return SeatingPlan(seats, pairs[out - 1] if out else ())


def _howell_plan(fmt: Format, order: list[Player], roles: bool) -> list[SeatingPlan]:
    """Pair k of ``order`` is the schedule's pair k; every hand of the evening from the stored cycle."""
    pairs = [(a.id, b.id) for a, b in _pairs_in_order(order, roles)]
    return [_howell_seating(pairs, fmt.round_of(hand)) for hand in range(1, fmt.hands + 1)]


def _howell_next(fmt: Format, players: list[Player], history: list[SeatingPlan], hand: int) -> Reasons:
    """The Howell's next round, counted from the hand where the present players began.

    That hand (the first, or the first after players arrived or left) is the schedule's round 1:
    at the first hand the tables give each pair's number; after a change the pairs are the ones
    ``_howell_regroup`` made then. A change in the middle of a round makes its rest round 1.
    """
    present = {p.id for p in players}
    if _present_in(history[-1]) != present:
        return _howell_changed(fmt, players, history)
    begin = len(history) - 1
    while begin > 0 and _present_in(history[begin - 1]) == present:
        begin -= 1
    waiting: tuple[str, ...] = ()
    if begin == 0:
        pairs = [pair.ids for pair in howell_pairs(history[0])]
    else:
        pairs, waiting = _howell_regroup(players, history[:begin])
    round_number = fmt.round_of(hand) - fmt.round_of(begin + 1) + 1
    return _howell_tables(pairs, round_number, waiting, "")


def _howell_changed(fmt: Format, players: list[Player], history: list[SeatingPlan]) -> Reasons:
    """Round 1 of a Howell re-planned for the players present (see ``_howell_regroup``)."""
    pairs, waiting = _howell_regroup(players, history)
    return _howell_tables(pairs, 1, waiting, " of the Howell re-planned for the players present")


def _howell_tables(pairs: list[tuple[str, str]], round_number: int, waiting: tuple[str, ...], words: str) -> Reasons:
    problem = howell_problem(len(pairs))
    if problem:
        raise MovementError(problem)
    nxt = _howell_seating(pairs, round_number)
    number = {pid: k for k, pair in enumerate(pairs, start=1) for pid in pair}
    tables = {
        t: {s: (pid, f"pair {number[pid]} at table {t} {'N–S' if s in 'NS' else 'E–W'} in round {round_number}{words}")
            for s, pid in seats.items()}
        for t, seats in nxt.tables.items()
    }  # fmt: skip
    return tables, (*nxt.sitting_out, *waiting)


def _howell_regroup(players: list[Player], history: list[SeatingPlan]) -> tuple[list[tuple[str, str]], tuple[str, ...]]:
    """The pairs of a Howell re-planned for the players present, and anyone left waiting.

    Partnerships are kept; players whose partners have left, and late arrivals, pair up in the
    players' order (with roles a lady with a gent, then regardless of role); one left over waits,
    sitting out, until someone comes. Pairs are numbered by their first player's place in the players' order.
    """
    rank = {p.id: i for i, p in enumerate(players)}
    partners = _partners(players, history)
    kept = {_as_pair(_lady_first(players, (a, b), history)) for a, b in partners.items()}
    single = sorted((p.id for p in players if p.id not in partners), key=rank.__getitem__)
    if roles_in_use(players):
        role = {p.id: p.role for p in players}
        ladies = [pid for pid in single if role[pid] == "lady"]
        gents = [pid for pid in single if role[pid] == "gent"]
        made = list(zip(ladies, gents, strict=False))
        # As in a Mitchell: with no match by role left, the rest pair regardless of role, so one at most waits.
        rest = [pid for pid in single if all(pid not in pair for pair in made)]
        made += [(rest[i], rest[i + 1]) for i in range(0, len(rest) - 1, 2)]
    else:
        made = [(single[i], single[i + 1]) for i in range(0, len(single) - 1, 2)]
    paired = {pid for pair in made for pid in pair}
    waiting = tuple(pid for pid in single if pid not in paired)
    pairs = sorted([*kept, *made], key=lambda pair: min(rank[pid] for pid in pair))
    return pairs, waiting


def _as_pair(ids: tuple[str, ...]) -> tuple[str, str]:
    """A partnership's two ids (``_lady_first`` of a pair gives two)."""
    first, second = ids
    return first, second


# -- individual --------------------------------------------------------------------------------


def _individual_plan_for(
    fmt: Format, players: list[Player], history: list[SeatingPlan], roles: bool
) -> list[SeatingPlan]:
    """The individual plan that ``history`` follows, found from its first hand.

    The plan depends only on the order of players, and its first hand seats them in that order,
    so reading hand 1 table by table gives the order back.
    """
    by_id = {p.id: p for p in players}
    first = history[0]
    try:
        order = [by_id[pid] for pid in first.seated() + list(first.sitting_out)]
    except KeyError as error:
        raise MovementError(
            f"player {error.args[0]} has left: re-plan the individual drive from the next hand"
        ) from None
    if len(order) != len(players):
        raise MovementError("players have arrived: re-plan the individual drive from the next hand")
    plan_ = individual_schedule(_reading_order(order, roles), fmt.hands, roles, fmt.hands_per_round)
    for number, seating in enumerate(history, start=1):
        if seating != plan_[number - 1]:
            raise MovementError(
                f"hand {number} differs from the individual schedule: use the seatings the re-plan gave"
            )
    return plan_


def _reading_order(order: list[Player], roles: bool) -> list[Player]:
    """The order individual_schedule takes so that its hand 1 reads back as ``order``."""
    return order


# -- checking an imported seating ----------------------------------------------------------------


def check_seating(
    fmt: Format,
    players: list[Player],
    history: list[SeatingPlan],
    results: dict[int, RoundResult],
    seating: SeatingPlan,
) -> list[str]:
    """Problems if ``seating`` is not what the movement gives after ``history`` and ``results``."""
    problems = _invariants(fmt, players, seating)
    if problems or fmt.movement_kind.individual or not history:
        return problems
    try:
        tables, out = _next_with_reasons(fmt, players, history, results)
    except MovementError as error:
        return [str(error)]
    name = fmt.movement_kind.words
    for t in sorted(set(tables) | set(seating.tables)):
        if t not in seating.tables:
            problems.append(f"table {t} is missing")
            continue
        if t not in tables:
            problems.append(f"table {t} should not be in play")
            continue
        for s in SEATS:
            want, why = tables[t][s]
            got = seating.tables[t][s]
            if want != got:
                problems.append(f"table {t} seat {s} should be {want} ({name}: {why}), not {got}")
    if sorted(out) != sorted(seating.sitting_out):
        problems.append(
            f"sitting out should be {', '.join(sorted(out)) or 'nobody'}, not {', '.join(sorted(seating.sitting_out)) or 'nobody'}"
        )
    return problems


def _invariants(fmt: Format, players: list[Player], seating: SeatingPlan) -> list[str]:
    problems: list[str] = []
    known = {p.id: p for p in players}
    roles = roles_in_use(players)
    seen: Counter[str] = Counter(seating.seated() + list(seating.sitting_out))
    for pid, n in sorted(seen.items()):
        if n > 1:
            problems.append(f"{pid} is placed {n} times")
        if pid not in known:
            problems.append(f"{pid} is not a player of this event")
    for pid in known:
        if pid not in seen:
            problems.append(f"{pid} is neither seated nor sitting out")
    if sorted(seating.tables) != list(range(1, len(seating.tables) + 1)):
        problems.append("tables must be numbered 1 to N without gaps")
    for t in sorted(seating.tables):
        seats = seating.tables[t]
        if sorted(seats) != sorted(SEATS):
            problems.append(f"table {t} must have four seats N, E, S, W")
            continue
        if roles and not fmt.movement_kind.fixed_pairs:  # a partners drive may pair two of one role
            for s in SEATS:
                want = "lady" if s in LADY_SEATS else "gent"
                p = known.get(seats[s])
                if p is not None and p.role != want:
                    problems.append(f"table {t} seat {s} must be a {want}, not {seats[s]}")
    return problems


# -- words for the organiser ------------------------------------------------------------------------


def rule_sentence(fmt: Format) -> str:
    after = "After each hand" if fmt.hands_per_round == 1 else f"After every {fmt.hands_per_round} hands"
    if fmt.movement == "progressive":
        if fmt.movers == "winners":
            return f"{after} the winning lady moves up a table and the winning gent down; the losers stay and the gent crosses over."
        return f"{after} the losing lady moves up a table and the losing gent down; the winners stay and the gent crosses over."
    if fmt.movement == "semi_partner":
        return f"{after} the winners stay in their seats; the losing lady moves up a table and the losing gent down."
    if fmt.movement == "mitchell":
        return (
            f"{after} N–S pairs stay and E–W pairs move up one table; with an odd number of pairs the E–W pair "
            "reaching the half table sits out that round."
        )
    if fmt.movement == "howell":
        return (
            f"{after} every pair moves to the table and direction its card gives for the next round; "
            "each pair meets every other pair once."
        )
    if fmt.movement == "individual":
        return "Every player follows their printed itinerary: a table and seat for each hand."
    return "Nobody moves: everyone keeps their table and seat all evening."


class HandSeating(SeatingDict):
    """A hand's seating in the printable plan."""

    hand: int


class PrintedPlan(TypedDict):
    """What ``plan`` gives the printouts."""

    movement: str
    rule: str
    start: list[HandSeating]
    hands: list[HandSeating]
    itineraries: dict[str, list[tuple[int, str] | None]]


def plan(fmt: Format, seatings: list[SeatingPlan]) -> PrintedPlan:
    """Printable plan: hand by hand seatings and each player's itinerary, or the rule for a result-driven drive."""
    hands: list[HandSeating] = [{"hand": n, **s.to_dict()} for n, s in enumerate(seatings, start=1)]
    if fmt.result_driven:
        return {
            "movement": fmt.movement,
            "rule": rule_sentence(fmt),
            "start": hands[:1],
            "hands": [],
            "itineraries": {},
        }
    everyone = sorted({pid for s in seatings for pid in s.seated() + list(s.sitting_out)})
    itineraries = {pid: [s.position(pid) for s in seatings] for pid in everyone}
    return {
        "movement": fmt.movement,
        "rule": rule_sentence(fmt),
        "start": hands[:1],
        "hands": hands,
        "itineraries": itineraries,
    }


def replan(
    fmt: Format,
    players: list[Player],
    history: list[SeatingPlan],
    seed: int,
    results: dict[int, RoundResult] | None = None,
) -> list[SeatingPlan]:
    """Seatings from hand len(history)+1 on, for the players present now; nothing played changes.

    An individual drive is scheduled afresh for the hands left, counting the meetings so far. The
    other movements go on from the last hand as ``next_seating`` gives them, which fills the gaps
    players leave and seats those who arrive: a planned movement (Mitchell, stationary) for every
    hand left, a result-driven one for the next hand only, from ``results`` (the last round's),
    or with everyone staying put when they are not given.
    """
    roles = roles_in_use(players)
    remaining = fmt.hands - len(history)
    if remaining <= 0:
        return []
    if fmt.movement_kind.individual:
        if tables_for(players, roles) < 1:
            raise MovementError(f"{n_players(len(players))} cannot fill a table")
        # Round by round from the next hand: a change in the middle of a round makes its rest a round.
        first = len(history) + 1
        rounds = fmt.round_of(fmt.hands) - fmt.round_of(first) + 1
        plan_ = individual_schedule(_ordered(players, seed, "random"), rounds, roles, 1, history)
        return [plan_[fmt.round_of(hand) - fmt.round_of(first)] for hand in range(first, fmt.hands + 1)]
    if not history:
        return start(fmt.with_changes(hands=remaining), players, seed, "random")
    if fmt.result_driven:
        if results is None:
            stay = {t: {s: (pid, "stays") for s, pid in seats.items()} for t, seats in history[-1].tables.items()}
            tables, out = _rotate(players, history, stay, roles)
            return [SeatingPlan({t: {s: tables[t][s][0] for s in SEATS} for t in sorted(tables)}, out)]
        return [next_seating(fmt, players, history, results)]
    seatings: list[SeatingPlan] = []
    while len(seatings) < remaining:
        seatings.append(next_seating(fmt, players, [*history, *seatings], results or {}))
    return seatings


__all__ = [
    "Advice",
    "GENT_SEATS",
    "SIDE_OF_SEAT",
    "advise",
    "check_seating",
    "hands_missed",
    "next_seating",
    "plan",
    "players_changed",
    "replan",
    "roles_in_use",
    "tables_for",
    "rule_sentence",
    "start",
    "where_next",
]
