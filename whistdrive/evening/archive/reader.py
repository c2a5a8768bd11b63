"""Reading an archive: the JSON taken apart safely, and every problem of the document found with its place."""

from __future__ import annotations

import datetime
import json
import re
from collections import defaultdict

from clubs.models import Club
from clubs.names import control_character
from whistdrive.engines import duplicate, movements
from whistdrive.engines.formats import Format, FormatError
from whistdrive.engines.rules import (
    HandEntry,
    RuleError,
    entry_problems,
    tricks_after_revoke,
    trump_for_hand,
)
from whistdrive.engines.vocabulary import LADY_SEATS, SEATS, SIDES, is_whole_number

from .errors import SCHEMA, ArchiveError
from .export import games_tables

# -- reading the file ------------------------------------------------------------------------------

# An archive nests 7 deep at most (results.tables[].hands[].points); Python's JSON reader recurses
# once per level and fails with RecursionError somewhere past 900: far deeper files are refused first.
MAX_DEPTH = 20
ARCHIVE_DEPTH = 7
# Python reads a JSON number of more than 4,300 digits as a ValueError; an archive's numbers are
# small. A longer number is kept as a marker, so the reader names the place it was found.
LONGEST_NUMBER = 18
_BRACKETS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


class _LongNumber:
    """A whole number too long for any place in an archive; shown as "a 5000-digit number"."""

    def __init__(self, digits: int):
        self.digits = digits

    def __repr__(self) -> str:
        return f"a {self.digits}-digit number"


def _whole_number(text: str):
    digits = len(text.lstrip("-"))
    return _LongNumber(digits) if digits > LONGEST_NUMBER else int(text)


def _where_in(text: str, index: int) -> str:
    line = text.count("\n", 0, index) + 1
    return f"line {line}, column {index - text.rfind(chr(10), 0, index)}"


def _too_deep(text: str) -> str | None:
    """Where ``text`` nests lists and objects deeper than MAX_DEPTH (brackets inside strings do not count)."""
    depth = 0
    for match in _BRACKETS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return _where_in(text, match.start())
        elif token in "]}":
            depth -= 1
    return None


def read_json(text: str):
    """The JSON of an archive file, or ArchiveError with one line naming where the file goes wrong."""
    deep = _too_deep(text)
    if deep:
        raise ArchiveError(
            [f"{deep}: lists and objects nested more than {MAX_DEPTH} deep; an event archive needs {ARCHIVE_DEPTH}"]
        )
    try:
        return json.loads(text, parse_int=_whole_number)
    except json.JSONDecodeError as exc:
        raise ArchiveError([f"{_where_in(exc.doc, exc.pos)}: this is not JSON ({exc.msg})"]) from exc
    except RecursionError as exc:  # a narrower stack than MAX_DEPTH allows for (a thread's own)
        raise ArchiveError([f"lists and objects nested too deep; an event archive needs {ARCHIVE_DEPTH}"]) from exc


def _shown(value) -> str:
    """A value quoted in a problem, cut short: a message is one line, whatever the file held."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "…"


def _name_problem(value) -> str | None:
    """Why a name or id that is text of the right length still cannot be taken, or None."""
    found = control_character(value)
    return f"has {found}, which cannot be shown or printed" if found else None


# -- import: reading and checking ----------------------------------------------------------------


class _Reader:
    """Collects every problem of a document with its place, and the plain values it found."""

    def __init__(self, data):
        self.problems: list[str] = []
        self.data = data
        self.role_changes: dict[str, tuple[int, str]] = {}  # player id -> (first hand, role from then)
        self.boards: dict[int, duplicate.Board] | None = None  # a duplicate evening's, by number

    def role_at(self, player: movements.Player, hand: int) -> str | None:
        """The role a player plays in ``hand``: their role, or from a later hand the one ``role_from`` gives."""
        change = self.role_changes.get(player.id)
        return change[1] if change is not None and hand >= change[0] else player.role

    def add(self, where: str, message: str) -> None:
        self.problems.append(f"{where}: {message}")

    def read(self, club: Club | None):
        data = self.data
        if not isinstance(data, dict):
            self.add("(document)", "an event archive is a JSON object")
            return None
        if data.get("schema") != SCHEMA:
            self.add("schema", f"must be {SCHEMA!r}, not {_shown(data.get('schema'))}")
        club_name = None
        if club is None:
            club_data = data.get("club")
            if not isinstance(club_data, dict) or not _text(club_data.get("name"), 120):
                self.add("club.name", "give the club's name (1 to 120 characters), or import into a chosen club")
            elif problem := _name_problem(club_data["name"]):
                self.add("club.name", problem)
            else:
                club_name = club_data["name"].strip()
        event = self._event(data.get("event"))
        players = self._players(data.get("players"))
        fmt = event["format"] if event else None
        if fmt is not None and fmt.is_duplicate:
            self.boards = self._boards(data.get("boards"), fmt)
        elif "boards" in data:
            self.add("boards", "only a duplicate evening has boards")
        hands = self._hands(data.get("hands"), fmt, players) if fmt is not None and players is not None else None
        return {"club_name": club_name, "event": event, "players": players, "hands": hands, "boards": self.boards}

    def _boards(self, boards, fmt: Format) -> dict[int, duplicate.Board]:
        """A duplicate evening's boards, each read and checked (its faults named by place)."""
        if not isinstance(boards, list):
            self.add("boards", "a duplicate evening lists its boards (one per board in play)")
            return {}
        read = {}
        for i, board in enumerate(boards):
            found = duplicate.board_problems(fmt.trumps, board, f"boards[{i}]")
            if found:
                self.problems.extend(found)
                continue
            read[board["number"]] = duplicate.read_board(fmt.trumps, board, f"boards[{i}]")
        return read

    # event and format
    def _event(self, event):
        if not isinstance(event, dict):
            self.add("event", "must be an object with name, date and format")
            return None
        name = event.get("name")
        if not _text(name, 120):
            self.add("event.name", f"must be text of 1 to 120 characters, not {_shown(name)}")
        elif problem := _name_problem(name):
            self.add("event.name", problem)
        date = None
        try:
            date = datetime.date.fromisoformat(event.get("date"))
        except (TypeError, ValueError):
            self.add("event.date", f"must be a date written YYYY-MM-DD, not {_shown(event.get('date'))}")
        raw = event.get("format")
        if not isinstance(raw, dict):
            self.add("event.format", "must be an object of format settings")
            return None
        try:
            fmt = Format.from_dict(raw)
        except FormatError as exc:
            for problem in exc.problems:
                self.add("event.format", problem)
            return None
        except TypeError as exc:
            self.add("event.format", str(exc))
            return None
        bad = fmt.problems()
        for problem in bad:
            self.add("event.format", problem)
        if bad:
            return None
        return {"name": name, "date": date, "format": fmt}

    # players
    def _players(self, players):
        if not isinstance(players, list):
            self.add("players", "must be a list of players")
            return None
        seen: set[str] = set()
        found = []
        ok = True
        for i, player in enumerate(players):
            where = f"players[{i}]"
            if not isinstance(player, dict):
                self.add(where, "must be an object with id, name and role")
                ok = False
                continue
            pid, name, role = player.get("id"), player.get("name"), player.get("role")
            if not _text(pid, 40):
                self.add(f"{where}.id", f"must be text of 1 to 40 characters, not {_shown(pid)}")
                ok = False
            elif pid in seen:
                self.add(f"{where}.id", f"{_shown(pid)} is used by another player: each player id once")
                ok = False
            elif problem := _name_problem(pid):
                self.add(f"{where}.id", problem)
                ok = False
            if isinstance(pid, str):
                seen.add(pid)
            if not _text(name, 120):
                self.add(f"{where}.name", f"must be text of 1 to 120 characters, not {_shown(name)}")
                ok = False
            elif problem := _name_problem(name):
                self.add(f"{where}.name", problem)
                ok = False
            if role not in ("lady", "gent", None):
                self.add(f"{where}.role", f'must be "lady", "gent" or null, not {_shown(role)}')
                ok = False
            if "role_from" in player:
                change = player["role_from"]
                other = {"lady": "gent", "gent": "lady"}.get(role)
                if (
                    not isinstance(change, dict)
                    or set(change) != {"hand", "role"}
                    or not is_whole_number(change["hand"])
                    or change["hand"] < 2
                    or other is None
                    or change["role"] != other
                ):
                    self.add(
                        f"{where}.role_from",
                        f'must be {{"hand": N, "role": "{other or "lady or gent"}"}}: the first hand played in the '
                        f"other role, from 2, not {change!r}",
                    )
                    ok = False
                elif isinstance(pid, str):
                    self.role_changes[pid] = (change["hand"], change["role"])
            found.append(movements.Player(id=pid, role=role))
        if ok:
            roles = {p.role for p in found}
            if None in roles and len(roles) > 1:
                missing = [p.id for p in found if p.role is None]
                self.add("players", f"{', '.join(missing)} have no role: give every player a role, or none")
                ok = False
        return [(p, player["name"]) for p, player in zip(found, players, strict=True)] if ok else None

    # hands
    def _hands(self, hands, fmt: Format, players):
        if not isinstance(hands, list):
            self.add("hands", "must be a list of hands")
            return None
        if len(hands) > fmt.hands:
            self.add("hands", f"the format has {fmt.hands} hands, but the file has {len(hands)}")
        known = {p.id: p for p, _name in players}
        roles = any(p.role for p in known.values())
        read = []
        for i, hand in enumerate(hands):
            read.append(self._hand(i, hand, fmt, known, roles))
        if any(h is None for h in read):
            return None
        return read

    def _hand(self, i: int, hand, fmt: Format, known: dict, roles: bool):
        where = f"hands[{i}]"
        count = len(self.problems)
        if not isinstance(hand, dict):
            self.add(where, "must be an object with number, trump, tables and sitting_out")
            return None
        number = hand.get("number")
        if number != i + 1 or not is_whole_number(number):
            self.add(
                f"{where}.number", f"hands run 1, 2, 3… without gaps: this one must be {i + 1}, not {_shown(number)}"
            )
            number = i + 1
        trump = hand.get("trump")
        rotation = trump_for_hand(fmt.trumps, number)
        if fmt.is_duplicate:
            rotation = None  # each board carries its own trump
            if "trump" in hand:
                self.add(f"{where}.trump", "a duplicate evening has no trump a hand: each board carries its own")
        elif trump not in ("H", "D", "S", "C", "N"):
            self.add(f"{where}.trump", f'must be "H", "D", "S", "C" or "N", not {_shown(trump)}')
        elif rotation is not None and trump != rotation:
            self.add(f"{where}.trump", f"the rotation {fmt.trumps} gives {rotation} for hand {number}, not {trump}")
        tables = hand.get("tables")
        out = hand.get("sitting_out", [])
        if not isinstance(tables, list):
            self.add(f"{where}.tables", "must be a list of tables")
            return None
        if not isinstance(out, list):
            self.add(f"{where}.sitting_out", "must be a list of player ids")
            out = []
        places: dict[str, list[str]] = defaultdict(list)
        read_tables = {}
        numbers = []
        for j, table in enumerate(tables):
            got = self._table(f"{where}.tables[{j}]", table, fmt, trump, rotation, known, roles, places, number)
            if got is not None:
                numbers.append(got[0])
                if got[0] in read_tables:
                    self.add(f"{where}.tables[{j}].table", f"table {got[0]} is listed twice in this hand")
                read_tables[got[0]] = got[1]
        if numbers and sorted(set(numbers)) != list(range(1, len(set(numbers)) + 1)):
            self.add(
                f"{where}.tables",
                f"tables are numbered 1 to N without gaps, not {', '.join(map(str, sorted(set(numbers))))}",
            )
        for k, pid in enumerate(out):
            if pid not in known:
                self.add(f"{where}.sitting_out[{k}]", f"{_shown(pid)} is not a player of this event")
            else:
                places[pid].append("sitting out")
        for pid, where_they_are in places.items():
            if len(where_they_are) > 1:
                self.add(
                    where, f"{pid} is placed {len(where_they_are)} times ({', '.join(where_they_are)}): once a hand"
                )
        if len(self.problems) > count:
            return None
        seating = movements.SeatingPlan(
            tables={n: dict(read_tables[n]["seats"]) for n in sorted(read_tables)}, sitting_out=tuple(out)
        )
        return {"number": number, "trump": trump, "seating": seating, "tables": read_tables, "raw": hand}

    def _board_trump(self, where: str, table: dict) -> str | None:
        """Duplicate: the trump of the board a table played, from the boards list (None: a problem is added)."""
        number = table.get("board")
        board = (self.boards or {}).get(number) if is_whole_number(number) else None
        if board is None:
            self.add(f"{where}.board", f"must be the number of a board in the boards list, not {_shown(number)}")
            return None
        if board.trump is None:
            self.add(f"{where}.board", f"board {number} was played, so it must carry its trump (boards list)")
            return None
        return board.trump

    def _table(self, where, table, fmt: Format, hand_trump, rotation, known, roles, places, hand: int):
        count = len(self.problems)
        if not isinstance(table, dict):
            self.add(where, "must be an object with table, seats, tricks and revoke")
            return None
        number = table.get("table")
        if not is_whole_number(number) or number < 1:
            self.add(f"{where}.table", f"must be a table number from 1, not {_shown(number)}")
        seats = table.get("seats")
        if not isinstance(seats, dict) or sorted(seats) != sorted(SEATS):
            self.add(f"{where}.seats", "must fill exactly the seats N, E, S and W")
        else:
            for seat in SEATS:
                pid = seats[seat]
                if pid not in known:
                    self.add(f"{where}.seats.{seat}", f"{_shown(pid)} is not a player of this event")
                    continue
                places[pid].append(f"table {number} {seat}")
                if roles and not fmt.movement_kind.fixed_pairs:  # a partners drive may pair two of one role
                    want = "lady" if seat in LADY_SEATS else "gent"
                    played = self.role_at(known[pid], hand)
                    if played != want:
                        self.add(
                            f"{where}.seats.{seat}",
                            f"{pid} is a {played}: each partnership is a lady and a gent, "
                            "ladies at N and E, gents at S and W",
                        )
        tricks = table.get("tricks")
        if not isinstance(tricks, dict) or sorted(tricks) != sorted(SIDES):
            self.add(f"{where}.tricks", 'must give both sides\' tricks, as {"NS": 7, "EW": 6}')
        else:
            whole = True
            for side in SIDES:
                if not is_whole_number(tricks[side]) or not 0 <= tricks[side] <= 13:
                    self.add(
                        f"{where}.tricks.{side}", f"must be a whole number from 0 to 13, not {_shown(tricks[side])}"
                    )
                    whole = False
            if whole and tricks["NS"] + tricks["EW"] != 13:
                total = tricks["NS"] + tricks["EW"]
                self.add(f"{where}.tricks", f"NS {tricks['NS']} + EW {tricks['EW']} is {total}, not 13")
        trump = hand_trump
        if fmt.is_duplicate:
            trump = self._board_trump(where, table)
            if "trump" in table:
                self.add(f"{where}.trump", "a duplicate table plays its board's trump: leave it to the boards list")
        elif "trump" in table:
            trump = table["trump"]
            if trump not in ("H", "D", "S", "C", "N"):
                self.add(f"{where}.trump", f'must be "H", "D", "S", "C" or "N", not {_shown(trump)}')
            elif rotation is not None and trump != rotation:
                self.add(f"{where}.trump", f"the rotation {fmt.trumps} gives {rotation} for this hand, not {trump}")
        honours = table.get("honours")
        counted = fmt.is_games and fmt.honours
        if honours is not None:
            if not counted:
                self.add(f"{where}.honours", "this format does not count honours: leave them out")
            elif not isinstance(honours, dict) or set(honours) - set(SIDES):
                self.add(f"{where}.honours", 'must be honours held per side, as {"NS": 3, "EW": 1}')
            else:
                whole = True
                for side in SIDES:
                    value = honours.get(side, 0)
                    if not is_whole_number(value) or not 0 <= value <= 4:
                        self.add(f"{where}.honours.{side}", f"must be a whole number from 0 to 4, not {_shown(value)}")
                        whole = False
                if whole and sum(honours.values()) > 4:
                    self.add(
                        f"{where}.honours",
                        f"NS {honours.get('NS', 0)} + EW {honours.get('EW', 0)} is {sum(honours.values())}: "
                        "there are only four honours (A K Q J of trumps)",
                    )
        revoke = table.get("revoke")
        if revoke is not None and (not isinstance(revoke, dict) or revoke.get("side") not in SIDES):
            self.add(f"{where}.revoke", f'must be null or {{"side": "NS"}} or {{"side": "EW"}}, not {_shown(revoke)}')
        if len(self.problems) > count:
            return None
        assert isinstance(tricks, dict) and isinstance(seats, dict)  # else a problem was added above
        entry = HandEntry(
            tricks_ns=tricks["NS"],
            tricks_ew=tricks["EW"],
            trump=trump,
            honours_ns=honours.get("NS", 0) if honours is not None else None,
            honours_ew=honours.get("EW", 0) if honours is not None else None,
            revoke=revoke["side"] if revoke else None,
        )
        for problem in entry_problems(fmt, entry):
            self.add(where, problem)
        if len(self.problems) > count:
            return None
        return number, {"seats": {s: seats[s] for s in SEATS}, "entry": entry}


def _text(value, longest: int) -> bool:
    return isinstance(value, str) and 0 < len(value.strip()) <= longest


def _presence(
    players: list[movements.Player], hands: list[dict], problems: list[str]
) -> dict[str, tuple[int, int | None]]:
    """Each player's first and last hand; a player is in every hand between (late arrivals, early leavers)."""
    seen: dict[str, list[int]] = defaultdict(list)
    for hand in hands:
        for pid in hand["seating"].seated() + list(hand["seating"].sitting_out):
            seen[pid].append(hand["number"])
    presence = {}
    for player in players:
        numbers = seen.get(player.id)
        if not numbers:
            presence[player.id] = (1, 0 if hands else None)
            continue
        first, last = numbers[0], numbers[-1]
        missing = sorted(set(range(first, last + 1)) - set(numbers))
        if missing:
            problems.append(
                f"hands[{missing[0] - 1}]: {player.id} is neither seated nor sitting out, but plays hands "
                f"{first} and {last}: a player is placed in every hand from arriving to leaving"
            )
        presence[player.id] = (first, last)
    return presence


def _round_results(fmt: Format, hands: list[dict], last: int) -> dict[int, movements.RoundResult]:
    """Each table's round ending with hand ``last``, as the evening works it out (``movements.round_results``)."""
    played = (
        (hand["number"], number, tricks_after_revoke(table["entry"], fmt))
        for hand in hands[:last]
        for number, table in hand["tables"].items()
    )
    return movements.round_results(fmt, played, last)


def _check_movement(fmt: Format, players, hands: list[dict], presence, problems: list[str], role_at) -> None:
    """Every hand after the first must be what the movement gives (not for an individual drive)."""
    if fmt.movement_kind.individual:
        return

    def present_for(hand: int) -> list[movements.Player]:
        return [movements.Player(p.id, role_at(p, hand)) for p in players if _present(presence, p.id, hand)]

    history = [hands[0]["seating"]] if hands else []
    for index in range(1, len(hands)):
        number = index + 1
        present = present_for(number)
        before = present_for(number - 1)
        results = _round_results(fmt, hands, number - 1) if fmt.ends_round(number - 1) else {}
        seating = hands[index]["seating"]
        if present == before:
            # Arrivals and departures re-seat the tables by the organiser's re-plan, so only
            # a hand with the same players as the last can be checked against the movement.
            try:
                found = movements.check_seating(fmt, present, history, results, seating)
            except movements.MovementError as exc:
                found = [str(exc)]
            problems.extend(f"hands[{index}]: {problem}" for problem in found)
            if found:
                return  # later hands follow from a seating already wrong: one report is enough
        history.append(seating)


def _present(presence, pid: str, hand: int) -> bool:
    first, last = presence[pid]
    return last is not None and first <= hand <= last


def _check_games(fmt: Format, hands: list[dict], problems: list[str]) -> None:
    raw = [h["raw"] for h in hands]
    try:
        games_tables(fmt, raw)
    except RuleError as exc:
        problems.append(f"hands: {exc}")


def check_document(data, club: Club | None = None) -> dict:
    """The document's plain values, or ArchiveError listing every problem with its place."""
    reader = _Reader(data)
    read = reader.read(club)
    problems = reader.problems
    if read is None:
        raise ArchiveError(problems)
    hands = read["hands"]
    if not problems and hands is not None:
        fmt = read["event"]["format"]
        players = [p for p, _name in read["players"]]
        presence = _presence(players, hands, problems)
        if not problems and fmt.is_duplicate:
            problems.extend(duplicate.duplicate_problems(fmt, data.get("boards"), data.get("hands")))
        elif not problems:
            _check_movement(fmt, players, hands, presence, problems, reader.role_at)
        if not problems and fmt.is_games:
            _check_games(fmt, hands, problems)
        read["presence"] = presence
    read["role_changes"] = reader.role_changes
    if problems:
        raise ArchiveError(problems)
    return read
