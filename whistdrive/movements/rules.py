"""The movements: who sits where for every hand of a drive.

Result-driven movements (progressive, semi-partner) give the next hand's seating from the
last round's results; planned ones (individual, Mitchell, stationary) are fixed before the
event. Sit-outs follow one documented rotation (``_rotate``) for every movement but the
individual, whose schedule places its own sit-outs.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from .schedule import individual_schedule
from .seating import (
    GENT_SEATS,
    LADY_SEATS,
    SEATS,
    SIDE_OF,
    SIDE_SEATS,
    MovementError,
    Player,
    RoundResult,
    Seating,
)

RESULT_DRIVEN = ("progressive", "semi_partner")
PLANNED = ("individual", "mitchell", "stationary")
UNKNOWN_SEAT = {"lady": "N or E", "gent": "S or W"}


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


def advise(fmt, players: list[Player]) -> Advice:
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
    if fmt.movement == "mitchell":
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
        if pairs % 2:
            notes.append(
                f"{pairs} pairs: table {tables} is a half table, and the E–W pair reaching it sits out that round"
            )
        sit_out = 2 if pairs % 2 else 0
        return Advice(tables - (pairs % 2), spares, ladies, gents, sit_out, must_switch, problems, notes)
    if count < 4:
        problems.append(f"{count} players cannot fill a table: at least 4 are needed")
        return Advice(0, count, ladies, gents, count, must_switch, problems, notes)
    if roles:
        tables = min(ladies // 2, gents // 2)
        if fmt.movement != "individual":
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
        if fmt.movement == "individual" and sit_out > 3:
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


def _check_advice(fmt, players: list[Player]) -> bool:
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


def _first_seating(order: list[Player], roles: bool) -> Seating:
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
    return Seating(seats, spare)


def start(fmt, players: list[Player], seed: int, by: str = "random") -> list[Seating]:
    """Hand 1 for a result-driven movement; every hand of the evening for a planned one."""
    roles = _check_advice(fmt, players)
    order = _ordered(players, seed, by)
    if fmt.movement == "individual":
        return individual_schedule(order, fmt.hands, roles, fmt.hands_per_round)
    if fmt.movement == "mitchell":
        if by == "random":  # a draw moves whole pairs: partners came together
            pairs = [players[i : i + 2] for i in range(0, len(players), 2)]
            random.Random(seed).shuffle(pairs)
            order = [p for pair in pairs for p in pair]
        return _mitchell_plan(fmt, order, roles)
    first = _first_seating(order, roles)
    if fmt.movement in RESULT_DRIVEN:
        return [first]
    history = [first]
    while len(history) < fmt.hands:
        history.append(next_seating(fmt, players, history, {}))
    return history


# -- the rules that move players --------------------------------------------------------------


def _mover_word(fmt, moving_side: str, winner: str) -> str:
    return "winning" if moving_side == winner else "losing"


def _move(
    fmt, seating: Seating, results: dict[int, RoundResult], only: set[int] | None = None
) -> dict[int, dict[str, tuple[str, str]]]:
    """Each seated player's next table and seat, before sit-outs: table -> seat -> (player, why).

    ``only``: just those tables' next seats (each still read from its neighbours' results).
    """
    numbers = sorted(seating.tables)
    count = len(numbers)
    missing = [t for t in numbers if t not in results]
    if fmt.movement in RESULT_DRIVEN and missing:
        raise MovementError(f"table {missing[0]} has no result yet: enter it before moving")

    def up(t: int) -> int:
        return numbers[(numbers.index(t) + 1) % count]

    def down(t: int) -> int:
        return numbers[(numbers.index(t) - 1) % count]

    def moving_side(t: int) -> str:
        winner = results[t].winner
        if fmt.movement == "semi_partner":
            return _other(winner)
        return winner if fmt.movement != "progressive" or fmt.movers == "winners" else _other(winner)

    new: dict[int, dict[str, tuple[str, str]]] = {}
    for t in numbers if only is None else sorted(only):
        seats = seating.tables[t]
        if fmt.movement not in RESULT_DRIVEN:
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


# The last history counted, with its counts: a hall's history is 1,200 players by a dozen hands and
# each agreed table's where_next asks for it, while the history only grows by a hand at a time.
# The seatings themselves are held, so ``is`` tells that a history begins with the one counted.
_missed_held: tuple[tuple[Seating, ...], set, Counter, Counter] | None = None


def hands_missed(history: list[Seating]) -> Counter:
    """How many hands of ``history`` each player did not play (sat out, or had not arrived)."""
    global _missed_held
    held = _missed_held
    if (
        held is not None
        and len(held[0]) <= len(history)
        and all(a is b for a, b in zip(held[0], history[: len(held[0])], strict=True))
    ):
        counted, everyone, played = held[0], held[1], held[2]
    else:
        counted, everyone, played = (), set(), Counter()
    if len(counted) < len(history):
        everyone, played = set(everyone), Counter(played)  # the held counts may be in use elsewhere
        # A player misses every hand of the history they were not seated for: hands minus hands played.
        for seating in history[len(counted) :]:
            seated = {pid for seats in seating.tables.values() for pid in seats.values()}
            everyone.update(seated)
            everyone.update(seating.sitting_out)
            played.update(seated)
        _missed_held = (tuple(history), everyone, played)
    total = len(history)
    return Counter({pid: total - played[pid] for pid in everyone if played[pid] < total})


def _rotate(
    players: list[Player], history: list[Seating], moved: dict[int, dict[str, tuple[str, str]]], roles: bool
) -> tuple[dict[int, dict[str, tuple[str, str]]], tuple[str, ...]]:
    """The sit-out rotation, after the movement has run on the seated players.

    The players to sit out next are, in each role, those seated with the fewest hands missed so
    far (ties by the fixed player order); the players who sat out take exactly the seats they leave.
    """
    last = history[-1]
    rank = {p.id: i for i, p in enumerate(players)}
    role = {p.id: (p.role if roles else None) for p in players}
    missed = hands_missed(history)
    returning = sorted(last.sitting_out, key=rank.__getitem__)
    new = {t: dict(seats) for t, seats in moved.items()}
    staying_out: list[str] = []
    for group in dict.fromkeys(role[pid] for pid in returning):
        back = [pid for pid in returning if role[pid] == group]
        places = [
            (missed[pid], rank[pid], t, s)
            for t, seats in new.items()
            for s, (pid, _why) in seats.items()
            if role[pid] == group
        ]
        places.sort()
        leaving = sorted(places[: len(back)], key=lambda place: (place[2], SEATS.index(place[3])))
        for pid, (_m, _r, t, s) in zip(back, leaving, strict=True):
            staying_out.append(new[t][s][0])
            new[t][s] = (pid, f"back from sitting out, in the seat {new[t][s][0]} leaves")
    staying_out.sort(key=rank.__getitem__)
    return new, tuple(staying_out)


def _next_with_reasons(fmt, players, history, results):
    if not history:
        raise MovementError("there is no hand yet: start the event first")
    roles = roles_in_use(players)
    last = history[-1]
    hand = len(history) + 1
    if fmt.round_of(hand) == fmt.round_of(hand - 1):
        # within a round the seating repeats
        return {
            t: {s: (pid, "same seat within the round") for s, pid in seats.items()} for t, seats in last.tables.items()
        }, tuple(last.sitting_out)
    if fmt.movement == "mitchell":
        return _mitchell_next(fmt, history, hand)
    if fmt.movement == "individual":
        plan_ = _individual_plan_for(fmt, players, history, roles)
        nxt = plan_[hand - 1]
        return {
            t: {s: (pid, "the individual schedule") for s, pid in seats.items()} for t, seats in nxt.tables.items()
        }, nxt.sitting_out
    moved = _move(fmt, last, results)
    return _rotate(players, history, moved, roles)


def next_seating(fmt, players: list[Player], history: list[Seating], results: dict[int, RoundResult]) -> Seating:
    """The seating of hand len(history)+1."""
    if len(history) >= fmt.hands:
        raise MovementError(f"the evening has {fmt.hands} hands and all have been seated")
    tables, out = _next_with_reasons(fmt, players, history, results)
    return Seating({t: {s: tables[t][s][0] for s in SEATS} for t in sorted(tables)}, tuple(out))


def where_next(
    fmt,
    players: list[Player],
    history: list[Seating],
    table: int,
    result: RoundResult,
    results: dict[int, RoundResult] | None = None,
) -> dict[str, tuple[int, str] | None]:
    """Where each player at ``table`` (and a spare who takes a seat there) goes for the next hand.

    Known from this table's result alone: every player's next table, whether they sit out, and the
    seat of everyone who stays. A mover's seat depends on which side wins at the table they move
    to, so without that table's result (``results``) it reads "N or E" (lady seats) or "S or W".
    """
    last = history[-1]
    hand = len(history) + 1
    here = last.tables[table]
    if fmt.movement not in RESULT_DRIVEN or fmt.round_of(hand) == fmt.round_of(hand - 1):
        nxt = next_seating(fmt, players, history, {**(results or {}), table: result})
        out = {pid: nxt.position(pid) for pid in here.values()}
        out.update({pid: nxt.position(pid) for pid in last.sitting_out if (nxt.position(pid) or (0,))[0] == table})
        return out
    known = dict(results or {})
    known[table] = result
    # Unknown tables get a stand-in result; only seats that stand-in decided are then blurred.
    guess = {t: known.get(t, RoundResult(7, 6, "NS")) for t in last.tables}
    if last.sitting_out:
        moved = _move(fmt, last, guess)
        tables, _out = _rotate(players, history, moved, roles_in_use(players))
    else:
        # Nobody comes back from sitting out, so nobody leaves a seat for them: the players here go
        # only to this table and its two neighbours, and the rest of the hall need not be moved.
        numbers = sorted(last.tables)
        i = numbers.index(table)
        moved = _move(fmt, last, guess, only={numbers[i - 1], table, numbers[(i + 1) % len(numbers)]})
        tables = moved
    answer: dict[str, tuple[int, str] | None] = {}
    for t, seats in moved.items():
        for s, (pid, _why) in seats.items():
            taker = tables[t][s][0]  # a spare back from sitting out takes the seat of a player who leaves
            if pid not in here.values():
                continue
            seat = s if t in known else UNKNOWN_SEAT["lady" if s in LADY_SEATS else "gent"]
            answer[taker] = (t, seat)
            if taker != pid:
                answer[pid] = None
    return answer


# -- Mitchell --------------------------------------------------------------------------------


def _mitchell_tables(pairs: int) -> int:
    return (pairs + 1) // 2


def _mitchell_shift(tables: int, round_index: int) -> int:
    """How far E–W pairs have moved up by round ``round_index`` (0-based).

    With an even number of tables they move up two at the halfway round (``tables // 2``),
    and again each time round the tables, as the archive's seating rules say.
    """
    shift = round_index
    if tables % 2 == 0 and tables >= 4:
        shift += (round_index + tables - tables // 2) // tables
    return shift % tables


def _mitchell_plan(fmt, order: list[Player], roles: bool) -> list[Seating]:
    pairs = [(order[i], order[i + 1]) for i in range(0, len(order) - 1, 2)]
    if roles:
        pairs = [(a, b) if a.role == "lady" else (b, a) for a, b in pairs]
    tables = _mitchell_tables(len(pairs))
    # Pairs 1, 3, 5… sit N–S at tables 1, 2, 3…, pairs 2, 4, 6… E–W. With an odd number of pairs
    # the last pair is E–W and the last table has no N–S pair: the E–W pair reaching it sits out.
    ns = pairs[0 : 2 * (len(pairs) // 2) : 2]
    ew = pairs[1::2] + ([pairs[-1]] if len(pairs) % 2 else [])
    plan_: list[Seating] = []
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
        plan_.append(Seating(dict(sorted(seats.items())), out))
    return plan_


def _mitchell_next(fmt, history: list[Seating], hand: int):
    last = history[-1]
    real = len(last.tables)
    tables = real + (1 if last.sitting_out else 0)
    step = (_mitchell_shift(tables, fmt.round_of(hand) - 1) - _mitchell_shift(tables, fmt.round_of(hand) - 2)) % tables
    ew_at = {t: (last.tables[t]["E"], last.tables[t]["W"]) for t in last.tables}
    if last.sitting_out:
        ew_at[tables] = tuple(last.sitting_out)
    new: dict[int, dict[str, tuple[str, str]]] = {}
    out: tuple[str, ...] = ()
    for t, (lady, gent) in ew_at.items():
        dest = (t - 1 + step) % tables + 1
        if dest > real:
            out = (lady, gent)
            continue
        why = f"E–W pair from table {t}" if t <= real else "E–W pair back from the half table"
        new[dest] = {
            "N": (last.tables[dest]["N"], "N–S pair stays"),
            "S": (last.tables[dest]["S"], "N–S pair stays"),
            "E": (lady, why),
            "W": (gent, why),
        }
    return new, out


# -- individual --------------------------------------------------------------------------------


def _individual_plan_for(fmt, players: list[Player], history: list[Seating], roles: bool) -> list[Seating]:
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
    fmt, players: list[Player], history: list[Seating], results: dict[int, RoundResult], seating: Seating
) -> list[str]:
    """Problems if ``seating`` is not what the movement gives after ``history`` and ``results``."""
    problems = _invariants(fmt, players, seating)
    if problems or fmt.movement == "individual" or not history:
        return problems
    try:
        tables, out = _next_with_reasons(fmt, players, history, results)
    except MovementError as error:
        return [str(error)]
    name = fmt.movement.replace("_", "-")
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


def _invariants(fmt, players: list[Player], seating: Seating) -> list[str]:
    problems: list[str] = []
    known = {p.id: p for p in players}
    roles = roles_in_use(players)
    seen: Counter = Counter(seating.seated() + list(seating.sitting_out))
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
        if roles:
            for s in SEATS:
                want = "lady" if s in LADY_SEATS else "gent"
                p = known.get(seats[s])
                if p is not None and p.role != want:
                    problems.append(f"table {t} seat {s} must be a {want}, not {seats[s]}")
    return problems


# -- words for the organiser ------------------------------------------------------------------------


def rule_sentence(fmt) -> str:
    after = "After each hand" if fmt.hands_per_round == 1 else f"After every {fmt.hands_per_round} hands"
    if fmt.movement == "progressive":
        if fmt.movers == "winners":
            return f"{after} the winning lady moves up a table and the winning gent down; the losers stay and the gent crosses over."
        return f"{after} the losing lady moves up a table and the losing gent down; the winners stay and the gent crosses over."
    if fmt.movement == "semi_partner":
        return f"{after} the winners stay in their seats; the losing lady moves up a table and the losing gent down."
    if fmt.movement == "mitchell":
        return (
            f"{after} N–S pairs stay and E–W pairs move up a table (two at the halfway round when the tables are even)."
        )
    if fmt.movement == "individual":
        return "Every player follows their printed itinerary: a table and seat for each hand."
    return "Nobody moves: everyone keeps their table and seat all evening."


def plan(fmt, seatings: list[Seating]) -> dict:
    """Printable plan: hand by hand seatings and each player's itinerary, or the rule for a result-driven drive."""
    hands = [{"hand": n, **s.to_dict()} for n, s in enumerate(seatings, start=1)]
    if fmt.movement in RESULT_DRIVEN:
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


def replan(fmt, players: list[Player], history: list[Seating], seed: int) -> list[Seating]:
    """Seatings from hand len(history)+1 on, for the players present now; nothing played changes.

    Result-driven movements re-seat only when the players changed: a late arrival takes a spare's
    place or a player who left is replaced by a spare; otherwise the tables are redrawn by ``seed``.
    Planned movements are planned afresh for the hands left.
    """
    roles = _check_advice(fmt, players)
    remaining = fmt.hands - len(history)
    if remaining <= 0:
        return []
    rest = fmt.with_changes(hands=remaining, interval_after=None)
    if fmt.movement == "individual":
        met = history
        return individual_schedule(_ordered(players, seed, "random"), remaining, roles, fmt.hands_per_round, met)
    if fmt.movement == "mitchell":
        return start(rest, players, seed, "random")
    present = {p.id for p in players}
    last = history[-1] if history else None
    if last is not None:
        kept = _keep_tables(last, players, roles, present)
        if kept is not None:
            return _stationary_from(fmt, players, history, kept, remaining)
    order = _ordered(players, seed, "random")
    # Those who have missed most sit at tables first.
    missed = hands_missed(history)
    order.sort(key=lambda p: -missed[p.id])
    return _stationary_from(fmt, players, history, _first_seating(order, roles), remaining)


def _stationary_from(fmt, players, history, first: Seating, remaining: int) -> list[Seating]:
    """[first] for a result-driven movement; for stationary, the rest of the evening from it."""
    if fmt.movement in RESULT_DRIVEN:
        return [first]
    seatings = [first]
    while len(seatings) < remaining:
        seatings.append(next_seating(fmt, players, [*history, *seatings], {}))
    return seatings


def _keep_tables(last: Seating, players: list[Player], roles: bool, present: set[str]) -> Seating | None:
    """Last hand's tables with gaps filled by spares of the right role, if the number of tables holds."""
    role = {p.id: (p.role if roles else None) for p in players}
    spares = [p.id for p in players if last.position(p.id) is None]
    tables = {t: dict(seats) for t, seats in last.tables.items()}
    for t in sorted(tables):
        for s in SEATS:
            if tables[t][s] not in present:
                want = ("lady" if s in LADY_SEATS else "gent") if roles else None
                fit = next((pid for pid in spares if role[pid] == want), None)
                if fit is None:
                    return None
                spares.remove(fit)
                tables[t][s] = fit
    if len(spares) > 3:
        return None
    return Seating(tables, tuple(spares))


__all__ = [
    "Advice",
    "GENT_SEATS",
    "SIDE_OF",
    "advise",
    "check_seating",
    "hands_missed",
    "next_seating",
    "plan",
    "replan",
    "roles_in_use",
    "rule_sentence",
    "start",
    "where_next",
]
