"""The invariants of a duplicate evening, for the archive importer: one list of problems with places.

Beyond the checks every archive gets (tricks make 13, seats filled by known players, a player once
a hand, hands numbered 1..H), the spec's "Duplicate whist" invariants:

- partnerships never change: each pair keeps its seats all evening, a substitute taking the seat of a
  player who has left (``substitutes``: the checks below read each substitute as the pair member they
  stand in for);
- a board's trump and deal are the same at every table (a board carries them; a table that names
  another trump is wrong);
- no pair plays a board twice;
- no two pairs meet twice;
- within a round all the boards_per_round slots at a table share the same four players;
- the dealer of board n is N, E, S, W in turn from board 1; a deal holds 52 different cards, 13 a seat;

and, as for any movement but an individual drive, the seating and boards are the movement's
(``movement.plan_duplicate``, pairs numbered from round 1 as ``seating.draw_pairs`` numbers them).
The file's own parts are read as plain JSON values; anything malformed is reported, not trusted.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from whistdrive.engines.formats import Format
from whistdrive.engines.vocabulary import SEATS, is_whole_number

from .boards import board_problems
from .movement import DuplicateError, plan_duplicate
from .substitutes import substitutes_of


def duplicate_problems(fmt: Format, boards: object, hands: object) -> list[str]:
    """Every broken invariant of an imported duplicate evening, each naming its place.

    ``boards`` and ``hands`` are the archive's lists as read from JSON; hands may stop before the
    evening's end (an evening exported while it was played).
    """
    problems: list[str] = []
    if not isinstance(boards, list):
        return ["boards: a duplicate evening lists its boards (one per board in play)"]
    if not isinstance(hands, list):
        return ["hands: a list of board slots"]
    known: dict[int, dict[str, Any]] = {}
    for i, board in enumerate(boards):
        found = board_problems(fmt.trumps, board, f"boards[{i}]")
        problems.extend(found)
        number = board.get("number") if isinstance(board, dict) else None
        if is_whole_number(number):
            if number in known:
                problems.append(f"boards[{i}].number: board {number} is listed twice")
            known[number] = board
    if known and sorted(known) != list(range(1, len(known) + 1)):
        problems.append(f"boards: numbered 1 to {len(known)} without gaps")
    if len(hands) > fmt.hands:
        problems.append(f"hands: the evening has {fmt.hands} board slots, not {len(hands)}")
    substitutes = substitutes_of(hands)
    problems.extend(substitutes.problems)
    hands = substitutes.hands(hands)

    per_round = fmt.boards_per_round
    partner: dict[str, tuple[str, str]] = {}  # player -> their pair, as first seen
    played: dict[tuple[str, str], dict[object, str]] = defaultdict(dict)  # pair -> board -> where first
    met: dict[frozenset[tuple[str, ...]], tuple[int, str]] = {}  # two pairs -> (round, where first)
    round_tables: dict[tuple[object, object], tuple[frozenset[str], str]] = {}
    reported: set[tuple[object, str]] = set()
    for h, hand in enumerate(hands):
        if not isinstance(hand, dict) or not isinstance(hand.get("tables"), list):
            problems.append(f"hands[{h}]: a board slot has its tables")
            continue
        round_number = h // per_round + 1
        for t, table in enumerate(hand["tables"]):
            where = f"hands[{h}].tables[{t}]"
            if not isinstance(table, dict):
                problems.append(f"{where}: a table has its number, board, seats and tricks")
                continue
            seats = table.get("seats")
            if not isinstance(seats, dict) or set(seats) != set(SEATS):
                continue  # the archive's own checks report the seats
            number = table.get("board")
            board = known.get(number) if is_whole_number(number) else None
            if board is None:
                problems.append(f"{where}.board: {number!r} is not a board of the evening")
            elif board.get("trump") is None and (number, "trump") not in reported:
                reported.add((number, "trump"))
                problems.append(f"{where}.board: board {number} was played, so its trump is known: record it")
            elif "trump" in table and table["trump"] != board.get("trump"):
                problems.append(
                    f"{where}.trump: board {number} is played in {board.get('trump')!r} at every table, "
                    f"not {table['trump']!r}"
                )
            ns, ew = (seats["N"], seats["S"]), (seats["E"], seats["W"])
            for pair in (ns, ew):
                for pid, other in ((pair[0], pair[1]), (pair[1], pair[0])):
                    before = partner.setdefault(pid, pair)
                    if set(before) != set(pair):
                        mate = before[1] if before[0] == pid else before[0]
                        problems.append(
                            f"{where}.seats: {pid} partners {other}, but partnered {mate} before: "
                            "partnerships never change in duplicate"
                        )
                        break
                key = tuple(sorted(pair))
                if board is not None:
                    first = played[key].setdefault(number, where)
                    if first != where:
                        problems.append(f"{where}: {' & '.join(pair)} play board {number} again (first at {first})")
            meeting = frozenset((tuple(sorted(ns)), tuple(sorted(ew))))
            first_meeting = met.setdefault(meeting, (round_number, where))
            if first_meeting[0] != round_number:
                problems.append(
                    f"{where}: {' & '.join(ns)} and {' & '.join(ew)} meet again (first at {first_meeting[1]})"
                )
            number_of_table = table.get("table")
            four = frozenset(seats.values())
            same = round_tables.setdefault((round_number, number_of_table), (four, where))
            if same[0] != four:
                problems.append(
                    f"{where}.seats: round {round_number} at table {number_of_table} began with other players "
                    f"({same[1]}): the {per_round} boards of a round are played by the same four"
                )
    if not problems and hands:
        problems.extend(_movement_problems(fmt, hands))
    return problems


def _movement_problems(fmt: Format, hands: list[dict[str, Any]]) -> list[str]:
    """The seating and boards must be the movement's, its pairs numbered from round 1."""
    first = hands[0]
    players = [pid for table in first["tables"] for pid in table["seats"].values()] + list(
        first.get("sitting_out") or []
    )
    if len(players) % 2:
        return [f"hands[0]: {len(players)} players cannot all play in pairs"]
    try:
        plan = plan_duplicate(fmt, len(players) // 2)
    except DuplicateError as error:
        return [f"event.format: {problem}" for problem in error.problems]
    # Round 1 gives each pair its number: the pair at the plan's place is that pair.
    pair_at: dict[str, tuple[str, str]] = {}
    start = plan.rounds[0]
    seated = {table["table"]: table["seats"] for table in first["tables"]}
    for played in start.tables:
        seats = seated.get(played.table)
        if seats is None:
            return [f"hands[0]: the {fmt.movement} has a table {played.table} in round 1"]
        pair_at[played.ns] = (seats["N"], seats["S"])
        pair_at[played.ew] = (seats["E"], seats["W"])
    out = list(first.get("sitting_out") or [])
    for pair in start.sitting_out:
        pair_at[pair] = tuple(out[:2])
    for h, hand in enumerate(hands):
        number = h + 1
        want_seats = {}
        round_number = (number - 1) // plan.boards_per_round + 1
        if round_number > len(plan.rounds):
            return [f"hands[{h}]: the {fmt.movement} has {len(plan.rounds)} rounds"]
        for played in plan.rounds[round_number - 1].tables:
            ns, ew = pair_at[played.ns], pair_at[played.ew]
            want_seats[played.table] = (
                {"N": ns[0], "E": ew[0], "S": ns[1], "W": ew[1]},
                played.boards[(number - 1) % plan.boards_per_round],
                played,
            )
        got = {table["table"]: table for table in hand["tables"]}
        for t in sorted(set(want_seats) | set(got)):
            where = f"hands[{h}]"
            if t not in got:
                return [f"{where}: table {t} is missing ({fmt.movement}, round {round_number})"]
            if t not in want_seats:
                return [f"{where}: table {t} is not in play in round {round_number} of the {fmt.movement}"]
            seats, board, played = want_seats[t]
            table = got[t]
            wrong = [s for s in SEATS if table["seats"][s] != seats[s]]
            if wrong:
                s = wrong[0]
                return [
                    f"{where}: table {t} seat {s} should be {seats[s]} ({fmt.movement}, round {round_number}: "
                    f"pair {played.ns if s in 'NS' else played.ew} {'N–S' if s in 'NS' else 'E–W'}), "
                    f"not {table['seats'][s]}"
                ]
            if table.get("board") != board:
                return [
                    f"{where}: table {t} should play board {board} ({fmt.movement}, round {round_number}), "
                    f"not {table.get('board')!r}"
                ]
    return []
