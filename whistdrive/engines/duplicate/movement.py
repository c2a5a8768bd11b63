"""Movements with boards: who plays which board set where, round by round.

The spec (docs/archive-format.md, "Duplicate whist", Movements):

- **Mitchell**: N–S pairs stay; after each round E–W pairs move up one table and the boards down
  one. With an even number of tables an E–W pair would meet boards it has played after half the
  rounds, so E–W pairs skip one table at the halfway round, or tables share boards through a
  relay and bye-stand. N–S and E–W are two fields.
- **Howell**: every pair moves; each pair meets every other pair once (or as nearly as the rounds
  allow), plays each board at most once, and sits N–S about as often as E–W. One field.

The format fixes the evening's length: ``boards`` boards for each pair in rounds of
``boards_per_round`` (``fmt.rounds`` rounds). The movement puts in play as many board sets as
its tables need: a Mitchell one set per table (its half table too), a Howell the sets of its
schedule's rounds. Set s holds boards (s - 1) * K + 1 … s * K, K boards a round. Which way a
Mitchell with an even number of tables runs is decided here, and said in ``DuplicatePlan.notes``:

- no skip while the rounds are at most half the tables (nothing comes round again);
- a **skip** (E–W up two tables after round T/2) with up to T − 1 rounds;
- a **relay and bye-stand** for T rounds, where every E–W pair meets every N–S pair: tables 1 and
  T share a set (table T plays its boards starting from the set's second board), and the set
  coming down from table T/2 + 1 rests a round on a bye-stand before going on to table T/2.
  With one board a round two tables cannot share it, so T rounds need a half table (then table
  T has nobody to share with) or two boards a round.

Pairs are named by ids: a Mitchell's "NS3" sits N–S at table 3 and "EW3" starts E–W at table 3
(with an odd number of pairs the E–W pair starting at the half table sits out round 1); a
Howell's pairs are "P1" … "P16", the schedule's numbers (``movements.howell``). These are the
ids of ``movements.pairs.Pair``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations, product

from whistdrive.engines.formats import Format
from whistdrive.engines.movement_kinds import MOVEMENTS
from whistdrive.engines.movements.howell import Meeting, cycle_length, howell_notes, howell_round, sitting_out
from whistdrive.engines.movements.pairs import DIRECTION_WORDS

FEWEST_HOWELL_PAIRS = 6  # 4 and 5 pairs cannot compare every board (see tools/find_howells.py)


class DuplicateError(ValueError):
    """A duplicate evening that cannot be played as set up; ``problems`` say what to change."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("; ".join(problems))


@dataclass(frozen=True)
class TableRound:
    """One table in one round: the pairs sitting N–S and E–W, and the board set it plays."""

    table: int
    ns: str
    ew: str
    board_set: int
    boards: tuple[int, ...]  # in the order this table plays them


@dataclass(frozen=True)
class Round:
    number: int
    tables: tuple[TableRound, ...]
    sitting_out: tuple[str, ...] = ()  # pair ids
    resting: tuple[int, ...] = ()  # board sets nobody plays this round (bye-stand, half table, Howell's rest)
    half_table_set: int | None = None  # Mitchell: the set waiting at the half table
    bye_stand_set: int | None = None  # Mitchell relay: the set on the bye-stand


@dataclass(frozen=True)
class DuplicatePlan:
    movement: str  # "mitchell" or "howell"
    arrangement: str  # "mitchell", "skip", "relay" or "howell"
    pairs: int
    tables: int  # tables with four players (a half table is not one)
    boards_per_round: int
    board_sets: int
    rounds: tuple[Round, ...]
    half_table: int | None = None
    notes: tuple[str, ...] = field(default=())

    @property
    def boards_in_play(self) -> int:
        return self.board_sets * self.boards_per_round

    def boards_of(self, board_set: int) -> tuple[int, ...]:
        k = self.boards_per_round
        return tuple(range((board_set - 1) * k + 1, board_set * k + 1))

    @property
    def two_fields(self) -> bool:
        """N–S and E–W pairs, numbered and ranked apart (a Mitchell); else pairs 1 to n (a Howell)."""
        return MOVEMENTS[self.movement].two_fields

    @property
    def pair_ids(self) -> list[str]:
        if not self.two_fields:
            return [f"P{n}" for n in range(1, self.pairs + 1)]
        north_south = self.pairs // 2
        east_west = self.pairs - north_south
        return [f"NS{n}" for n in range(1, north_south + 1)] + [f"EW{n}" for n in range(1, east_west + 1)]

    def board_at(self, hand: int, table: int) -> int | None:
        """The board table ``table`` plays as hand ``hand`` (a board slot), or None: no play there."""
        k = self.boards_per_round
        played = self.table_round((hand - 1) // k + 1, table)
        return None if played is None else played.boards[(hand - 1) % k]

    def table_round(self, round_number: int, table: int) -> TableRound | None:
        for played in self.rounds[round_number - 1].tables:
            if played.table == table:
                return played
        return None

    def where(self, pair: str, round_number: int) -> tuple[int, str] | None:
        """(table, "NS" or "EW") of ``pair`` in the round, or None when it sits out."""
        for played in self.rounds[round_number - 1].tables:
            if played.ns == pair:
                return played.table, "NS"
            if played.ew == pair:
                return played.table, "EW"
        return None

    # -- words for the movement cards -------------------------------------------------------------

    def moves_after(self, round_number: int, table: int) -> str:
        """What the players and boards at ``table`` do after round ``round_number``.

        For example "E–W go up to table 3, boards go down to table 1" (a Mitchell), or
        "N–S (pair 4) go to table 2 E–W, E–W (pair 7) go to table 5 N–S; boards go to table 3".
        """
        if round_number >= len(self.rounds):
            return "The last round: hand the boards to the organiser."
        here = self.table_round(round_number, table)
        if self.movement == "mitchell":
            return self._mitchell_moves(round_number, table, here)
        if here is None:
            return "No play at this table this round."
        parts = []
        for side, pair in (("N–S", here.ns), ("E–W", here.ew)):
            nxt = self.where(pair, round_number + 1)
            label = f"pair {pair[1:]}"
            if nxt is None:
                parts.append(f"{side} ({label}) sit out next round")
            elif nxt[0] == table and DIRECTION_WORDS[nxt[1]] == side:
                parts.append(f"{side} ({label}) stay")
            elif nxt[0] == table:
                parts.append(f"{side} ({label}) stay at this table, {DIRECTION_WORDS[nxt[1]]}")
            else:
                parts.append(f"{side} ({label}) go to table {nxt[0]} {DIRECTION_WORDS[nxt[1]]}")
        return f"{', '.join(parts)}; {self._boards_go(here.board_set, round_number, table)}"

    def movement_card(self, table: int) -> list[str]:
        """The card for ``table``: who sits there and what moves after each round, rounds run together."""
        lines = []
        if self.movement == "mitchell":
            if table == self.half_table and any(r.half_table_set for r in self.rounds):
                lines.append(
                    "Half table: no N–S pair. The E–W pair that comes here sits out the round; the boards "
                    "here are not played this round and move on with the others."
                )
            elif table == self.half_table:  # with a bye-stand its place in the boards' round is table 1's
                lines.append("Half table: no N–S pair and no boards. The E–W pair that comes here sits out the round.")
            else:
                lines.append(f"N–S pair {table} sits here all evening.")
        moves = [self.moves_after(r, table) for r in range(1, len(self.rounds))]
        start = 1
        for r in range(1, len(moves) + 1):
            if r == len(moves) or moves[r] != moves[r - 1]:
                rounds = f"round {start}" if start == r else f"rounds {start}–{r}"
                lines.append(f"After {rounds}: {moves[r - 1]}")
                start = r + 1
        return lines

    def _mitchell_moves(self, round_number: int, table: int, here: TableRound | None) -> str:
        now = self.rounds[round_number - 1]
        if here is None:  # the half table: its E–W pair sat out
            pair, board_set = (now.sitting_out or (None,))[0], now.half_table_set
        else:
            pair, board_set = here.ew, here.board_set
        nxt = self.where(pair, round_number + 1) if pair else None
        boards = self._boards_go(board_set, round_number, table)
        if nxt is None:
            return f"E–W go up to the half table (table {self.half_table}) and sit out the next round; {boards}"
        gap = (nxt[0] - table) % (self.tables + (1 if self.half_table else 0))
        return f"E–W go up to table {nxt[0]}" + (" (skip a table)" if gap == 2 else "") + f", {boards}"

    def _boards_go(self, board_set: int | None, round_number: int, table: int) -> str:
        if board_set is None:
            return "no boards to move"
        after = self.rounds[round_number]  # the next round (round numbers are 1-based)
        nxt = [t.table for t in after.tables if t.board_set == board_set]
        if self.movement == "mitchell":
            if nxt:
                shared = f" (shared with table {nxt[1]})" if len(nxt) > 1 else ""
                return f"boards go down to table {nxt[0]}{shared}"
            if board_set == after.bye_stand_set:
                middle = (self.tables + (1 if self.half_table else 0)) // 2
                return f"boards go down to the bye-stand (between tables {middle} and {middle + 1})"
            return f"boards go down to table {self.half_table} (the half table)"
        if nxt:
            return f"boards go to table {nxt[0]}"
        later = [(r.number, t.table) for r in self.rounds[round_number:] for t in r.tables if t.board_set == board_set]
        if later:
            return f"boards rest (next at table {later[0][1]} in round {later[0][0]})"
        return "boards are finished: hand them to the organiser"


# -- planning ------------------------------------------------------------------------------------------


def plan_duplicate(fmt: Format, pairs: int) -> DuplicatePlan:
    """The evening's movement for ``pairs`` pairs; a DuplicateError saying what to change if none fits."""
    problems = fmt.problems() if fmt.is_duplicate else ["this is not a duplicate evening"]
    if problems:
        raise DuplicateError(problems)
    rounds, per_round = fmt.rounds, fmt.boards_per_round
    if fmt.movement == "howell":
        plan = _howell(pairs, rounds, per_round)
    else:
        plan = _mitchell(pairs, rounds, per_round)
    _check_comparisons(fmt, pairs, plan)
    return plan


@dataclass(frozen=True)
class Turnout:
    """A run of numbers of pairs that play the same boards: ``fewest`` to ``most`` pairs play boards
    1 to ``boards`` (what the organiser makes up from hand records for that many)."""

    fewest: int
    most: int
    boards: int


def turnouts(fmt: Format, most_pairs: int = 40) -> list[Turnout]:
    """For every number of pairs up to ``most_pairs`` that can play ``fmt``, the boards in play, runs of
    the same boards together: the hand records to make up for the pairs expected. Fewer pairs play
    boards 1..k of the same deals; more pairs need more boards (one set per table in a Mitchell)."""
    runs: list[Turnout] = []
    for pairs in range(2, most_pairs + 1):
        try:
            boards = plan_duplicate(fmt, pairs).boards_in_play
        except DuplicateError:
            continue
        last = runs[-1] if runs else None
        if last is not None and last.boards == boards and last.most == pairs - 1:
            runs[-1] = Turnout(last.fewest, pairs, boards)
        else:
            runs.append(Turnout(pairs, pairs, boards))
    return runs


def _check_comparisons(fmt: Format, pairs: int, plan: DuplicatePlan) -> None:
    plays = Counter(t.board_set for r in plan.rounds for t in r.tables)
    lonely = sorted(s for s in range(1, plan.board_sets + 1) if plays[s] < 2)
    if not lonely:
        return
    boards = [b for s in lonely for b in plan.boards_of(s)]
    more = None
    for rounds in range(fmt.rounds + 1, 61):
        try:
            longer = (_howell if fmt.movement == "howell" else _mitchell)(pairs, rounds, fmt.boards_per_round)
        except DuplicateError:
            break
        counts = Counter(t.board_set for r in longer.rounds for t in r.tables)
        if min(counts[s] for s in range(1, longer.board_sets + 1)) >= 2:
            more = rounds
            break
    advice = (
        f"play {more} rounds or more ({more * fmt.boards_per_round} boards in rounds of {fmt.boards_per_round})"
        if more
        else "choose the other movement"
    )
    raise DuplicateError(
        [
            f"with {pairs} pairs and {_count(fmt.rounds, 'round')}, {_board_list(boards)} would be played at only "
            "one table, "
            f"so nobody could be compared on them: {advice}"
        ]
    )


def _board_list(boards: list[int]) -> str:
    if len(boards) == 1:
        return f"board {boards[0]}"
    return "boards " + ", ".join(str(b) for b in boards[:-1]) + f" and {boards[-1]}"


def _mitchell(pairs: int, rounds: int, per_round: int) -> DuplicatePlan:
    if pairs < 4:
        raise DuplicateError([f"a Mitchell needs at least 4 pairs (2 tables), not {pairs}"])
    places = (pairs + 1) // 2
    real = pairs // 2
    half = places if pairs % 2 else None
    # An even number of places brings boards round again after half the rounds: a skip serves up to
    # places − 1 rounds, a relay and bye-stand all of them (two tables sharing a set need two boards
    # a round, unless the second is the half table, where nobody plays).
    if places % 2:
        most = places
    else:
        most = places if per_round >= 2 or half else places - 1
    if places % 2 or rounds <= places // 2:
        arrangement = "mitchell"
    elif rounds <= places - 1:
        arrangement = "skip"
    else:
        arrangement = "relay"
    if rounds > most:
        size = _count(real, "table") + (" and a half table" if half else "")
        if most == places - 1 and rounds == places:
            reason = (
                f"with {size} a Mitchell plays at most {_count(most, 'round')} with one board a round (E–W pairs "
                f"skip a table at the halfway round), or all {places} with two or more boards a round (a relay and "
                "bye-stand)"
            )
        else:
            reason = (
                f"with {size} a Mitchell plays at most {_count(most, 'round')} (each E–W pair meets each N–S pair once)"
            )
        raise DuplicateError(
            [
                f"{_count(rounds, 'round')} cannot be played: {reason}: play {_count(most * per_round, 'board')} "
                f"or fewer in rounds of {per_round}, or choose a Howell"
            ]
        )
    relay = arrangement == "relay"
    skip_after = places // 2 if arrangement == "skip" else None

    def position(tau: int) -> int:
        """A table's place in the boards' round (relay: tables 1 and T share place 0, the bye-stand is T/2)."""
        if not relay:
            return tau
        return tau if tau < places // 2 else (tau + 1) % places

    # Sets numbered as round 1 shows them, table by table; a relay's bye-stand set comes last.
    number: dict[int, int] = {}
    for tau in range(places):
        number.setdefault(position(tau), len(number) + 1)
    for index in range(places):
        number.setdefault(index, len(number) + 1)

    built = []
    for r in range(rounds):
        tables = []
        out: tuple[str, ...] = ()
        half_set = None
        for j in range(places):
            tau = (j + r + (1 if skip_after is not None and r >= skip_after else 0)) % places
            board_set = number[(position(tau) + r) % places]
            if tau >= real:  # the half table: nobody N–S
                out = (f"EW{j + 1}",)
                half_set = board_set
                continue
            boards = _set_boards(board_set, per_round)
            if relay and tau == places - 1:
                boards = boards[1:] + boards[:1]  # shares with table 1: start one board on
            tables.append(TableRound(tau + 1, f"NS{tau + 1}", f"EW{j + 1}", board_set, boards))
        resting = tuple(sorted(set(range(1, places + 1)) - {t.board_set for t in tables}))
        bye = number[(places // 2 + r) % places] if relay else None
        if half_set is not None and half_set in {t.board_set for t in tables}:
            half_set = None  # a relay's half table shares table 1's set: it lies at table 1
        built.append(Round(r + 1, tuple(sorted(tables, key=lambda t: t.table)), out, resting, half_set, bye))

    notes = []
    if half:
        notes.append(
            f"{pairs} pairs: table {half} is a half table with no N–S pair; the E–W pair reaching it sits out "
            "the round and its boards wait there a round"
        )
    if arrangement == "skip":
        notes.append(
            f"{places} tables: after round {skip_after} the E–W pairs skip a table (they go up two), so they never "
            "meet a board again; each E–W pair misses one N–S pair"
        )
    if relay:
        bye_stand = (
            f"after each round the set from table {places // 2 + 1} rests on a bye-stand between tables "
            f"{places // 2} and {places // 2 + 1}, then goes on to table {places // 2}"
        )
        if places == 2:
            notes.append(
                "2 tables and 2 rounds: both tables share one board set each round (table 2 starts on its second "
                "board) while the other set waits; every E–W pair meets every N–S pair"
            )
        elif half:
            notes.append(
                f"{places} places and {rounds} rounds: a bye-stand. The half table's boards are table 1's (nobody "
                f"plays them at the half table); {bye_stand}. Every E–W pair meets every N–S pair"
            )
        else:
            notes.append(
                f"{places} tables and {rounds} rounds: a relay and bye-stand. Tables 1 and {places} share a board set "
                f"(table {places} starts on its second board); {bye_stand}. Every E–W pair meets every N–S pair"
            )
    if rounds < places and arrangement != "skip":
        notes.append(
            f"{rounds} rounds at {places} tables: each E–W pair visits {rounds} of the tables, so not every pair "
            "meets every other"
        )
    return DuplicatePlan("mitchell", arrangement, pairs, real, per_round, places, tuple(built), half, tuple(notes))


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _set_boards(board_set: int, per_round: int) -> tuple[int, ...]:
    return tuple(range((board_set - 1) * per_round + 1, board_set * per_round + 1))


def _howell(pairs: int, rounds: int, per_round: int) -> DuplicatePlan:
    if not FEWEST_HOWELL_PAIRS <= pairs <= 16:
        raise DuplicateError(
            [
                f"a duplicate Howell is for {FEWEST_HOWELL_PAIRS} to 16 pairs, not {pairs}: "
                + (
                    "choose a Mitchell"
                    if pairs > 16
                    else "with fewer pairs no board could be compared; choose a Mitchell"
                )
            ]
        )
    cycle = cycle_length(pairs)
    if rounds > cycle:
        raise DuplicateError(
            [
                f"a Howell for {pairs} pairs has {cycle} rounds (every pair meets every other once), not {rounds}: "
                f"play {cycle * per_round} boards or fewer in rounds of {per_round}"
            ]
        )
    chosen = _howell_rounds(pairs, rounds)
    meetings = [howell_round(pairs, source) for source in chosen]
    if rounds < cycle:
        meetings = _turned(meetings)
    number: dict[int, int] = {}
    built = []
    for r, source in enumerate(chosen, start=1):
        tables = []
        for meeting in meetings[r - 1]:
            board_set = number.setdefault(meeting.board_set, len(number) + 1)
            tables.append(
                TableRound(
                    meeting.table, f"P{meeting.ns}", f"P{meeting.ew}", board_set, _set_boards(board_set, per_round)
                )
            )
        out = sitting_out(pairs, source)
        built.append(Round(r, tuple(tables), (f"P{out}",) if out else ()))
    sets = len(number)
    built = [
        Round(
            r.number, r.tables, r.sitting_out, tuple(sorted(set(range(1, sets + 1)) - {t.board_set for t in r.tables}))
        )
        for r in built
    ]
    notes = howell_notes(pairs, rounds)
    return DuplicatePlan("howell", "howell", pairs, pairs // 2, per_round, sets, tuple(built), None, tuple(notes))


def _howell_rounds(pairs: int, rounds: int) -> list[int]:
    """Which rounds of the cycle to play: all of them, or the ``rounds`` that compare boards best.

    Any rounds of the cycle keep its laws (pairs meet at most once, no board twice), but fewer
    rounds leave some board sets played at one table only; the choice is the one whose least-played
    set is played most, then with the fewest sets in play, then the earliest rounds (its tables are
    then turned to balance N–S and E–W: ``_turned``).
    """
    cycle = cycle_length(pairs)
    if rounds == cycle:
        return list(range(1, cycle + 1))
    sets_of = {r: [m.board_set for m in howell_round(pairs, r)] for r in range(1, cycle + 1)}
    best = None
    for chosen in combinations(range(1, cycle + 1), rounds):
        plays = Counter(s for r in chosen for s in sets_of[r])
        key = (-min(plays.values()), len(plays), chosen)
        if best is None or key < best:
            best = key
    assert best is not None  # rounds < cycle: there is at least one choice
    return list(best[-1])


def _turned(rounds: list[tuple[Meeting, ...]]) -> list[tuple[Meeting, ...]]:
    """The tables turned (who sits N–S) so that after every round no pair has sat N–S more than
    once more, or less, than E–W: a depth-first search round by round, as the stored cycles were
    balanced (tools/find_howells.py). Turning a table changes no meeting and no board."""
    for bound in (1, 2, 3):
        surplus: Counter[int] = Counter()
        chosen: list[tuple[Meeting, ...]] = []

        def place(
            r: int, bound: int = bound, surplus: Counter[int] = surplus, chosen: list[tuple[Meeting, ...]] = chosen
        ) -> bool:
            if r == len(rounds):
                return True
            for flips in product((False, True), repeat=len(rounds[r])):
                turned = tuple(
                    Meeting(m.table, m.ew, m.ns, m.board_set) if f else m for m, f in zip(rounds[r], flips, strict=True)
                )
                for m in turned:
                    surplus[m.ns] += 1
                    surplus[m.ew] -= 1
                if all(abs(surplus[p]) <= bound for m in turned for p in (m.ns, m.ew)):
                    chosen.append(turned)
                    if place(r + 1):
                        return True
                    chosen.pop()
                for m in turned:
                    surplus[m.ns] -= 1
                    surplus[m.ew] += 1
            return False

        if place(0):
            return chosen
    return rounds
