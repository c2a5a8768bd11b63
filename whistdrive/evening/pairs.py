"""Pairs evenings: an event's fixed pairs, and a duplicate evening's boards, plays and results.

The adapter between the rows and the engines (``whistdrive.engines.movements.pairs``,
``whistdrive.engines.duplicate``), as ``whistdrive.evening.running`` is for seating and ``whistdrive.evening.scores`` for
the standings: it reads rows, builds plain values and asks the engine.

- ``pairs_of(event)``: the evening's pairs (a Mitchell, a Howell, a game night of fixed tables, a
  duplicate evening), numbered as the movement starts them; [] for an evening whose partners change.
- ``plan_of(event)``: a duplicate evening's movement (boards, rounds, the movement cards' lines).
- ``plays_of(event)`` and ``results_of(event)``: its boards as played and scored so far.
- ``traveller(event, board)``: how every table did on one board so far.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.db.models import Exists, OuterRef

from whistdrive.engines import duplicate, movements
from whistdrive.engines.movements.pairs import DIRECTION_WORDS
from whistdrive.evening import progress
from whistdrive.store import cache
from whistdrive.store.models import Board, Entrant, Event, Result, Seating, Table, TableBoard


def is_pairs_evening(event: Event) -> bool:
    """Whether the evening's partners play every hand together (its results read as pairs)."""
    fmt = event.format
    kind = fmt.movement_kind
    return fmt.is_duplicate or kind.fixed_pairs or (fmt.is_games and not kind.moves)


def two_fields(event: Event) -> bool:
    """N–S and E–W ranked apart: a duplicate Mitchell, where a pair is compared only with its direction."""
    return event.is_duplicate and event.format.movement_kind.two_fields


def pairs_of(event: Event) -> list[movements.Pair]:
    """The evening's pairs with their numbers; [] before the start or when partners change.

    A duplicate evening keeps the pairs it drew (``Partnership``); a drive's Mitchell or Howell and
    a game night's fixed tables read theirs from the first hand's seating (``movements.pairs_of``).
    """
    if event.is_duplicate:
        return [p.pair for p in event.partnerships.select_related("first", "second")]
    if not event.started or not is_pairs_evening(event):
        return []
    first = progress.history_of(event, 1)
    if not first:
        return []
    try:
        return movements.pairs_of(event.format, first[0])
    except movements.MovementError:
        return []  # players came or went, so the partnerships changed: the evening reads by players


def pair_names(event: Event) -> dict[str, str]:
    """Player id -> name, for naming pairs ("Ann Smith & Bob Jones")."""
    return {e.player_id: e.name for e in event.entrants.all()}


@dataclass(frozen=True)
class Sub:
    """A duplicate substitute, for naming their pair: who, and the board they play first."""

    name: str
    hand: int  # the first board slot they play (or sit out)
    board: int | None  # the first board they play

    @property
    def words(self) -> str:
        return f"sub: {self.name} from board {self.board}" if self.board else f"sub: {self.name}"


def substitutes(event: Event) -> dict[str, list[Sub]]:
    """A duplicate evening's substitutes by the id of the pair member whose seat they took, in order."""
    subs = event.entrants.filter(stands_in_for__isnull=False).select_related("stands_in_for")
    found: dict[str, list[Sub]] = {}
    for sub in subs.order_by("joined_hand", "card_number"):
        first = (
            TableBoard.objects.filter(
                Exists(Seating.objects.at_table(OuterRef("table"), OuterRef("hand")).of_entrant(sub))
            )
            .order_by("hand")
            .values_list("board__number", flat=True)
            .first()
        )
        found.setdefault(sub.pair_id, []).append(Sub(sub.name, sub.joined_hand, first))
    return found


@dataclass(frozen=True)
class PairLine:
    """A pair for a page: its label ("N–S 3"), its names, and its id in the engines."""

    pair: movements.Pair
    names: tuple[str, str]
    subs: tuple[Sub, ...] = ()  # duplicate: who took a seat of the pair, and from which board

    @property
    def label(self) -> str:
        return self.pair.label

    @property
    def name(self) -> str:
        """ "Ann Smith & Bob Jones", and any substitute: "… (sub: Carol White from board 10)"."""
        names = " & ".join(self.names)
        return f"{names} ({'; '.join(sub.words for sub in self.subs)})" if self.subs else names


def pair_lines(event: Event) -> list[PairLine]:
    names = pair_names(event)
    subs = substitutes(event) if event.is_duplicate else {}
    return [
        PairLine(
            p,
            (names.get(p.ids[0], p.ids[0]), names.get(p.ids[1], p.ids[1])),
            tuple(sub for pid in p.ids for sub in subs.get(pid, ())),
        )
        for p in pairs_of(event)
    ]


# -- a duplicate evening ------------------------------------------------------------------------


def plan_of(event: Event) -> duplicate.DuplicatePlan:
    """The duplicate movement for the pairs drawn (planned before the start for the pairs registered)."""
    count = event.partnerships.count() if event.started else event.entrants.count() // 2
    key = cache.duplicate_plan_key((event.hands, event.hands_per_round, event.movement), count)
    return cache.get_or_make(key, lambda: duplicate.plan_duplicate(event.format, count))


def turnouts(event: Event) -> list[duplicate.Turnout]:
    """How many boards each number of pairs plays in this duplicate evening's format (the hand records
    to make up before the start), kept: a Howell's takes a search to work out."""
    fmt = event.format
    key = cache.turnouts_key((event.hands, event.hands_per_round, event.movement))
    return cache.get_or_make(key, lambda: duplicate.turnouts(fmt))


def boards_to_make_up(event: Event, *, shown: int = 4) -> list[str]:
    """What an organiser making up boards from hand records before the start needs to know, in
    sentences: the boards each number of pairs plays, and what happens with fewer or more pairs."""
    runs = turnouts(event)[:shown]
    lines = []
    if runs:
        said = [f"{r.fewest}{f'–{r.most}' if r.most != r.fewest else ''} pairs play boards 1–{r.boards}" for r in runs]
        lines.append(f"Boards in play: {'; '.join(said)}.")
    lines.append(
        "Fewer pairs than planned: the desk asks for fewer rounds. Make the event's boards fit (each board "
        "keeps its cards) and only boards 1 to that number are played: leave the others in their trays."
    )
    lines.append(
        "More pairs than planned: more tables need more boards (the desk says how many are in play). Print the "
        "extra boards' records from the event's Print page and make them up before the start."
    )
    return lines


def board_of(table: Table, hand: int) -> Board | None:
    """The board ``table`` plays as board slot ``hand``, or None (not a duplicate evening, or no play)."""
    if not table.event.is_duplicate:
        return None
    slot = TableBoard.objects.filter(table=table, hand=hand).select_related("board").first()
    return slot.board if slot else None


def round_boards(table: Table, hand: int) -> list[tuple[int, Board]]:
    """(hand, board) for each board slot of ``hand``'s round at ``table``, in playing order."""
    fmt = table.event.format
    first = (fmt.round_of(hand) - 1) * fmt.hands_per_round + 1
    slots = TableBoard.objects.filter(table=table, hand__gte=first, hand__lt=first + fmt.hands_per_round)
    return [(s.hand, s.board) for s in slots.select_related("board").order_by("hand")]


def board_still_at(table: Table, hand: int) -> list[int]:
    """The other tables that play the board ``table`` plays as slot ``hand`` earlier in the same round and
    have not finished it yet: the board is still with them. Only tables that share a set of boards (a
    Mitchell's relay: tables 1 and T pass boards across) play a board twice in a round."""
    fmt = table.event.format
    first = (fmt.round_of(hand) - 1) * fmt.hands_per_round + 1
    earlier = TableBoard.objects.filter(
        board__table_boards__table=table, board__table_boards__hand=hand, hand__gte=first, hand__lt=hand
    ).exclude(table=table)
    return sorted(
        number
        for number, table_id, played in earlier.values_list("table__number", "table_id", "hand")
        if not Result.objects.filter(table_id=table_id, hand=played).exists()
    )


def plays_of(event: Event) -> list[duplicate.BoardPlay]:
    """Every board played so far: the board, the table, the two pairs and the tricks as played."""
    ids = event.entrants.pair_ids()  # a substitute plays as the pair member whose seat they took
    seated: dict[tuple[int, int], dict[str, str]] = {}
    rows = Seating.objects.of_event(event).seated().values_list("hand", "table_id", "seat", "entrant_id")
    for hand, table_id, seat, entrant_id in rows.order_by():
        seated.setdefault((hand, table_id), {})[seat] = ids[entrant_id]
    boards = {
        (table_id, hand): number
        for table_id, hand, number in TableBoard.objects.filter(table__event=event)
        .order_by()
        .values_list("table_id", "hand", "board__number")
    }
    plays = []
    for result in (
        Result.objects.for_event(event)
        .order_by()
        .values_list("hand", "table_id", "table__number", "tricks_ns", "tricks_ew", "revoke")
    ):
        hand, table_id, number, ns, ew, revoke = result
        seats = seated.get((hand, table_id))
        board = boards.get((table_id, hand))
        if seats is None or board is None:
            continue  # a result at a table with no board this slot: nothing to compare
        plays.append(
            duplicate.BoardPlay(
                board, number, (seats["N"], seats["S"]), (seats["E"], seats["W"]), ns, ew, revoke or None
            )
        )
    return plays


def board_trumps(event: Event) -> dict[int, str | None]:
    """Board number -> trump (None while a turned trump is not yet recorded), for every board in play."""
    return {number: trump or None for number, trump in event.boards.values_list("number", "trump")}


def results_of(event: Event) -> duplicate.DuplicateResults:
    """The duplicate evening scored so far (every board, every pair): what the standings show. Each pair is
    named as ``pair_lines`` names it, with any substitute."""
    results = duplicate.score_duplicate(event.format, plays_of(event), board_trumps(event), names=pair_names(event))
    named = {line.pair.ids: line.name for line in pair_lines(event) if line.subs}
    if not named:
        return results
    return replace(results, pairs=tuple(replace(p, name=named.get(p.ids, p.name)) for p in results.pairs))


def pair_labels(event: Event) -> dict[tuple[str, str], str]:
    """A pair's player ids -> its label ("N–S 3"), for results keyed by ids."""
    return {p.ids: p.label for p in pairs_of(event)}


@dataclass(frozen=True)
class TravellerLine:
    table: int
    ns: str  # the N–S pair's label
    ew: str
    tricks_ns: int
    tricks_ew: int
    ns_score: float
    ew_score: float


def traveller(event: Event, number: int, results: duplicate.DuplicateResults | None = None) -> list[TravellerLine]:
    """Board ``number`` at every table that has played it so far: the pairs, tricks and scores."""
    results = results or results_of(event)
    board = next((b for b in results.boards if b.number == number), None)
    if board is None:
        return []
    labels = pair_labels(event)
    plays = {(p.board, p.table): p for p in plays_of(event) if p.board == number}
    lines = []
    for score in board.scores:
        play = plays.get((number, score.table))
        lines.append(
            TravellerLine(
                score.table,
                labels.get(play.ns, "") if play else "",
                labels.get(play.ew, "") if play else "",
                score.tricks_ns,
                score.tricks_ew,
                score.ns,
                score.ew,
            )
        )
    return lines


def has_played(event: Event, ids: tuple[str, str], number: int) -> bool:
    """Whether the pair ``ids`` has played board ``number`` (a traveller is shown only then)."""
    return any(p.board == number and ids in (p.ns, p.ew) for p in plays_of(event))


def direction_words(direction: str | None) -> str:
    return DIRECTION_WORDS.get(direction or "", "")


def entrants_of(pair: movements.Pair, by_id: dict[str, Entrant]) -> tuple[Entrant, Entrant]:
    return by_id[pair.ids[0]], by_id[pair.ids[1]]


# -- results for the pages and the printing ---------------------------------------------------------

FIELD_HEADINGS = {"NS": "North–South pairs", "EW": "East–West pairs", None: "All pairs"}


@dataclass(frozen=True)
class ResultLine:
    """A duplicate pair's line: place in its field, label, names, score and percentage."""

    field: str | None
    rank: int
    tied: bool
    label: str
    name: str
    score: float
    percentage: float | None
    boards_played: int
    ids: tuple[str, str]

    @property
    def place(self) -> str:
        return f"={self.rank}" if self.tied else str(self.rank)


def result_lines(event: Event, results: duplicate.DuplicateResults) -> list[ResultLine]:
    labels = pair_labels(event)
    return [
        ResultLine(
            p.direction, p.rank, p.tied, labels.get(p.ids, ""), p.name, p.score, p.percentage, p.boards_played, p.ids
        )  # fmt: skip
        for p in results.pairs
    ]


def by_field(lines: list) -> list[tuple[str, list]]:
    """Lines grouped under their field's heading, in order (N–S, then E–W; or all pairs)."""
    groups: list[tuple[str, list]] = []
    for line in lines:
        heading = FIELD_HEADINGS[line.field]
        if not groups or groups[-1][0] != heading:
            groups.append((heading, []))
        groups[-1][1].append(line)
    return groups
