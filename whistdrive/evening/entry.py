"""Results entered at the tables: claims, agreement, disputes and the organiser's word.

A phone claims a seat; its side is North–South for N/S and East–West for E/W. A result
entered by one side is *pending* until the other side agrees; if the other side enters a
different result the table is *disputed* until the two claims match (either side may change
its own) or the organiser sets the result. Only an agreed or organiser-set result counts:
it is the one ``Result`` row of the table and hand.

Everything offered is kept as an append-only ``Submission`` with what became of it,
refusals too, so a changed score always leaves a trace. The table's state is derived from
those rows and the ``Result`` every time; nothing here stores a state of its own.

Each change runs read-decide-write inside one transaction holding the table's row lock
(``select_for_update``; SQLite runs IMMEDIATE transactions, see settings), so two phones
pressing at once are handled one after the other, and the unique constraint on
``Result(table, hand)`` catches anything that slips past.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from django.db import IntegrityError, transaction
from django.utils import timezone

from whistdrive.engines.rules import SIDE_NAMES, SIDE_OF_SEAT, HandEntry, RuleError, check_entry, trump_for_hand
from whistdrive.engines.tokens import new_token
from whistdrive.engines.vocabulary import OTHER_SIDE, PARTNER_SEAT, SEAT_NAMES, SUIT_WORDS
from whistdrive.evening import running
from whistdrive.evening.games import TableGames
from whistdrive.store import cache, rows
from whistdrive.store.models import (
    Board,
    Entrant,
    Event,
    Flag,
    Result,
    RetiredTableToken,
    Seating,
    Submission,
    Table,
)

ENTER_ACTIONS = (Submission.Action.ENTER,)
PHONE_ACTIONS = (Submission.Action.ENTER, Submission.Action.AGREE)
ORGANISER_SOURCES: dict[str, str] = {
    Result.Source.ORGANISER: Submission.Action.ORGANISER,
    Result.Source.PAPER: Submission.Action.PAPER,
    Result.Source.IMPORT: Submission.Action.IMPORT,
}


class EntryError(ValueError):
    """A result that cannot be taken now; the message says what is wrong and where."""


@dataclass
class Claim:
    """One side's latest version of the hand, as entered from a phone."""

    side: str
    seat: str
    entry: HandEntry
    at: datetime.datetime
    device: str = ""


@dataclass
class TableState:
    table: Table
    hand: int
    status: str  # "waiting" | "pending" | "agreed" | "disputed"
    claims: dict[str, Claim | None]  # "NS"/"EW"
    result: Result | None
    seats: dict[str, Entrant]  # this hand's seating at the table
    trump: str | None
    # Per side, a claim from one seat that its partner's later, different claim replaced: that
    # phone is told "South changed it to 8 (you said 7)".
    replaced: dict[str, Claim] = field(default_factory=dict)
    board: Board | None = None  # duplicate: the board this table plays as this hand
    # Whether the table has called the organiser about this hand, unanswered (None: not read with the state).
    called: bool | None = None
    answered: bool = False  # the organiser has dealt with every call about this hand (read with ``called``)
    rows: tuple[Submission, ...] = ()  # the hand's submissions (all outcomes), oldest first: what it was built from
    # What the organiser's live page adds for its own drawing (web/views/live.py): a game night's game and rubber
    # at the table, how long it has been at this hand, and a duplicate table's place in its round.
    game: TableGames | None = None
    clock: str = ""
    round_place: str = ""
    board_still_at: list[int] = field(default_factory=list)

    @property
    def submissions(self) -> int:
        """How many submissions this hand has (all outcomes)."""
        return len(self.rows)

    @property
    def pending_side(self) -> str | None:
        """The side whose claim waits for the other side's agreement."""
        if self.status != "pending":
            return None
        return next(side for side, claim in self.claims.items() if claim)

    @property
    def entry(self) -> HandEntry | None:
        """The result that counts, if there is one."""
        return self.result.entry if self.result else None

    def version(self) -> str:
        """A short fingerprint of everything a phone shows; an ETag for polls."""
        result = self.result
        parts = [
            str(self.table.pk),
            str(self.hand),
            self.status,
            str(self.submissions),
            f"{result.pk}:{result.updated.timestamp()}" if result else "-",
            ",".join(f"{seat}{entrant.pk}" for seat, entrant in sorted(self.seats.items())),
        ]
        return "-".join(parts)


# -- reading -----------------------------------------------------------------------------


def _claim_of(row: Submission) -> Claim:
    return Claim(
        side=row.side,
        seat=row.seat,
        entry=row.entry,
        at=row.created,
        device=row.device,
    )


def _is_claim(row: Submission) -> bool:
    return row.action == Submission.Action.ENTER and not row.outcome.startswith("refused")


def _build_state(
    table: Table,
    hand: int,
    rows: list[Submission],
    result: Result | None,
    seats: dict[str, Entrant],
    called: bool | None = None,
) -> TableState:
    claims: dict[str, Claim | None] = {"NS": None, "EW": None}
    by_seat: dict[str, Claim] = {}
    for row in rows:  # in order: the latest claim of each side wins
        if _is_claim(row):
            claims[row.side] = by_seat[row.seat] = _claim_of(row)
    replaced = {}
    for side, latest in claims.items():
        if latest is None:
            continue
        partner = by_seat.get(PARTNER_SEAT.get(latest.seat, ""))
        if partner is not None and partner.side == side and partner.entry != latest.entry:
            replaced[side] = partner
    if result is not None:
        status = "agreed"
    elif claims["NS"] and claims["EW"]:
        # Matching claims always make a Result at once, so two claims without one differ.
        status = "disputed"
    elif claims["NS"] or claims["EW"]:
        status = "pending"
    else:
        status = "waiting"
    board = board_at(table, hand)
    trump: str | None
    if result is not None:
        trump = result.trump
    else:
        trump = fixed_trump(table, hand, board) if hand >= 1 else None
    return TableState(
        table=table,
        hand=hand,
        status=status,
        claims=claims,
        result=result,
        seats=seats,
        trump=trump,
        replaced=replaced,
        board=board,
        called=called,
        rows=tuple(rows),
    )


def board_at(table: Table, hand: int) -> Board | None:
    """Duplicate: the board ``table`` plays as board slot ``hand`` (None for any other evening)."""
    if table.event.kind != Event.Kind.DUPLICATE:
        return None
    return Board.objects.filter(table_boards__table=table, table_boards__hand=hand).first()


def fixed_trump(table: Table, hand: int, board: Board | None = None) -> str | None:
    """The trump ``hand`` is played with, known before the table enters it: the rotation's, or in a
    duplicate evening the board's (None for turned trumps not yet recorded: the table says)."""
    if table.event.kind == Event.Kind.DUPLICATE:
        board = board or board_at(table, hand)
        return (board.trump or None) if board else None
    return trump_for_hand(table.event.trumps, hand)


def _record_board_trump(table: Table, hand: int, trump: str) -> None:
    """A board with turned trumps keeps the trump its first table played: every later table plays it."""
    if table.event.kind == Event.Kind.DUPLICATE:
        Board.objects.filter(table_boards__table=table, table_boards__hand=hand, trump="").update(trump=trump)


def _read(table: Table, hand: int) -> tuple[list[Submission], Result | None, dict[str, Entrant]]:
    """The hand's submissions (oldest first), its result, and who sits where: what every entry and every
    drawing of a table reads (``rows.hand_of`` and ``rows.seats_at``, written out by hand)."""
    return *rows.hand_of(table, hand), rows.seats_at(table, hand)


def _read_under_lock(table: Table, hand: int) -> tuple[list[Submission], Result | None, dict[str, Entrant]]:
    """``_read`` for an entry, under the table's lock: the state kept at the revisions the lock read, when
    there is one, is the table's as it stands (``state_version``)."""
    kept = kept_state(table, hand)
    if kept is None:
        return _read(table, hand)
    return list(kept.rows), kept.result, kept.seats


def table_state(table: Table, hand: int) -> TableState:
    """The state of one table for one hand: its submissions, result and seats, and whether it has called the
    organiser (``called``) or been answered (``answered``). The one read of a table's state: the entries, the phones' pages and the organiser's
    pages all ask here (``states_for_event`` reads a whole hall's at once, for the live page).

    Kept with the revisions ``table`` was read at (``kept_state_or``), so a table's phones and its next entry
    share one read: an agreed table's page is drawn again whenever a table it waits on changes, its own state
    unchanged. The state names the caller's own ``table`` object (the same row at the same revision)."""
    state = kept_state_or(table, hand, lambda: _state_now(table, hand))
    return state if state.table is table else replace(state, table=table)


def _state_now(table: Table, hand: int) -> TableState:
    """``table_state`` read from the database, not kept: for an answer after another request's write that
    ``table``'s revisions (read before it) do not show."""
    call = rows.organiser_call(table, hand)
    return replace(_build_state(table, hand, *_read(table, hand), called=call == "called"), answered=call == "answered")


# -- the state kept ---------------------------------------------------------------------------------


def state_version(table: Table, hand: int) -> str:
    """The revisions of ``table`` and its event (as read with it) that a state of its ``hand`` is kept with.

    Everything that changes a table's state bumps one of them with the change: an entry, a result, a call
    to the organiser or its answer, the table's; a seating, the event's. A state is read after its
    revisions were, so a kept state is never older than its version, and under the table's lock (which
    reads the revisions as they are) a kept state of the same version is the table's as it stands."""
    event = table.event
    return f"{event.revision}:{event.status}:{event.current_hand}:{table.revision}:{hand}"


def kept_state(table: Table, hand: int) -> TableState | None:
    """The table's state of ``hand`` kept at the version ``table`` was read at (the table's latest state
    only, ``cache.table_state_key``), if it is."""
    held = cache.get(cache.table_state_key(table.token))
    return held[1] if held is not None and held[0] == state_version(table, hand) else None


def kept_state_or(table: Table, hand: int, make: Callable[[], TableState]) -> TableState:
    """``kept_state``, or else ``make``'s state, kept (made once, however many threads ask at once)."""
    return cache.latest_or_make(cache.table_state_key(table.token), state_version(table, hand), make)


def _keep(state: TableState) -> TableState:
    """Keep the state an entry left, of exactly the revision its write gave the table, for what is drawn
    next (the pushed pages) and the table's next entry, which read it again otherwise."""
    cache.put(cache.table_state_key(state.table.token), (state_version(state.table, state.hand), state))
    return state


def states_for_event(event: Event, hand: int) -> dict[int, TableState]:
    """Every table's state for one hand, keyed by table number: a table's as kept at the revision just read
    (``kept_state``: the entries and the pages keep them), the others' in three more queries however many.

    Each state is the caller's own (a copy of a kept one): the live page adds its clocks and games to them.
    """
    tables = list(event.tables.all())
    states: dict[int, TableState] = {}
    unread: dict[int, Table] = {}
    for table in tables:
        table.event = event  # spare a query per table when the state reads the format
        kept = kept_state(table, hand)
        if kept is None:
            unread[table.pk] = table
        else:
            states[table.number] = replace(kept, table=table)
    if not unread:
        return states
    # Most tables unread (a hand's start, a restart): the hand's rows of the whole evening, as one read.
    whole_hall = 2 * len(unread) > len(tables)
    here = {"table__event": event} if whole_hall else {"table_id__in": sorted(unread)}
    rows: dict[int, list[Submission]] = {pk: [] for pk in unread}
    for row in Submission.objects.filter(hand=hand, **here).order_by("created", "pk"):
        if row.table_id in rows:
            rows[row.table_id].append(row)
    results = {r.table_id: r for r in Result.objects.filter(hand=hand, **here) if r.table_id in unread}
    seats: dict[int, dict[str, Entrant]] = {pk: {} for pk in unread}
    seated = Seating.objects.of_hand(event, hand).seated()
    for s in (seated if whole_hall else seated.at_tables(sorted(unread))).select_related("entrant"):
        if s.table_id in seats:
            seats[s.table_id][s.seat] = s.entrant
    for pk, table in unread.items():
        states[table.number] = _build_state(table, hand, rows[pk], results.get(pk), seats[pk])
    return states


def playing_states(event: Event) -> dict[int, TableState]:
    """Every table's state for the hand it plays now (``running.playing_hand``), keyed by table number:
    the current hand's states, or in a duplicate round each table's own board (a few queries a board
    slot of the round, whatever the number of tables)."""
    ahead = running.playing_hands(event)
    current = event.current_hand
    states: dict[int, TableState] = {}
    for hand in sorted({current, *ahead.values()}):
        for number, state in states_for_event(event, hand).items():
            if ahead.get(state.table.pk, current) == hand:
                states[number] = state
    return states


def history(table: Table, hand: int) -> list[Submission]:
    """Everything offered for this table and hand, oldest first, refusals included."""
    return list(Submission.objects.filter(table=table, hand=hand).select_related("user").order_by("created", "pk"))


def history_summary(rows: list[Submission]) -> list[Submission]:
    """``history`` for a person to read: between two taken entries, the same refusal of the same phone
    is one line, its count in ``repeats`` (a table's link flooded with junk stays a few lines)."""
    lines: list[Submission] = []
    run: dict[tuple, Submission] = {}  # the refusals since the last taken row, by what they were
    for row in rows:
        row.repeats = 1
        if not row.outcome.startswith("refused"):
            run = {}
            lines.append(row)
            continue
        same = (row.action, row.device, row.seat, row.tricks_ns, row.outcome)
        if same in run:
            run[same].repeats += 1
        else:
            run[same] = row
            lines.append(row)
    return lines


# -- writing -----------------------------------------------------------------------------


class _RefusedEntry(Exception):
    """Inside the transaction: the submission is logged as refused, then EntryError is raised."""

    def __init__(self, message: str):
        self.message = message
        super().__init__(message)


class _Repeat(Exception):
    """Inside the transaction: this tap's key was taken before, so nothing is written again."""

    def __init__(self, table: Table, earlier: Submission):
        self.table = table
        self.earlier = earlier
        super().__init__(earlier.outcome)


def _answer_repeat(repeat: _Repeat) -> TableState:
    """A tap sent again is answered as it was the first time, and changes nothing.

    An agreement taken before a restart may not have moved the evening on: its repeat does (see submit).
    """
    table, earlier = repeat.table, repeat.earlier
    if earlier.outcome.startswith("refused: "):
        raise EntryError(f"{_where(table, earlier.hand)}: {earlier.outcome.removeprefix('refused: ')}")
    if earlier.outcome == "agreed":
        running.after_result(table.event, earlier.hand)
    return _state_now(table, earlier.hand)


def _where(table: Table, hand: int) -> str:
    return f"Table {table.number}, hand {hand}"


def _locked_for_entry(table: Table, hand: int, key: str) -> tuple[Table, bool]:
    """The table locked (``rows.locked_table``) for a phone's entry or agreement of ``hand``, in one statement
    with what the entry asks of it under the lock: whether the phone sent this tap (its idempotency
    ``key``) before, when it raises _Repeat; and whether the table has called the organiser about the
    hand, unanswered, which the answer shows (a call, or its answer, locks the table too)."""
    locked, called, earlier = rows.locked_for_entry(table, hand, key)
    if earlier is not None:
        raise _Repeat(locked, Submission.objects.get(pk=earlier))  # rare: a tap sent again
    return locked, called


def _check_playing(table: Table, hand: int) -> None:
    """Refuse a phone's entry unless ``hand`` is the hand the table plays now (``running.playing_hand``)."""
    event = table.event
    if event.status == Event.Status.SETUP:
        raise _RefusedEntry("The evening has not started yet.")
    if event.status == Event.Status.FINISHED:
        raise _RefusedEntry("The evening is over: no more results can be entered here. Ask the organiser.")
    playing = running.playing_hand(table)
    if hand != playing and event.is_duplicate and event.status == Event.Status.RUNNING:
        shown, now = board_at(table, hand), board_at(table, playing)
        raise _RefusedEntry(
            f"This page was showing {_board_words(shown, hand)}, but this table is on {_board_words(now, playing)}. "
            "Nothing was entered; the page now shows the board being played."
        )
    if hand != playing:
        if event.status == Event.Status.INTERVAL and hand < event.current_hand:
            raise _RefusedEntry(
                f"Hand {hand} is finished and it is the interval: hand {event.current_hand} comes next."
            )
        raise _RefusedEntry(
            f"This page was showing hand {hand}, but the evening is on hand {event.current_hand}. "
            "Nothing was entered; the page now shows the hand being played."
        )
    if event.status == Event.Status.INTERVAL:
        raise _RefusedEntry(f"It is the interval: hand {hand} starts when the organiser says so.")


def _board_words(board: Board | None, hand: int) -> str:
    return f"board {board.number}" if board is not None else f"board slot {hand}"


def _seat_side(seat: str) -> str:
    if seat not in SIDE_OF_SEAT:
        raise _RefusedEntry("Choose your seat (North, East, South or West) first.")
    return SIDE_OF_SEAT[seat]


def _trump_for(table: Table, hand: int, given: str | None) -> str:
    """The hand's trump: from the rotation (a duplicate board's own), or as the phone says for turned
    or cut trumps."""
    rotation = fixed_trump(table, hand)
    given = given or None
    if rotation is not None:
        if given is not None and given != rotation:
            raise _RefusedEntry(
                f"Hand {hand} is played with {SUIT_WORDS[rotation]}"
                f"{' as trumps' if rotation != 'N' else ''}, not {SUIT_WORDS.get(given, repr(given))}."
            )
        return rotation
    if given not in ("H", "D", "S", "C"):
        raise _RefusedEntry("Say which suit was trumps (hearts, diamonds, spades or clubs).")
    return given


def _result_from(table: Table, hand: int, entry: HandEntry, source: str, reason: str = "") -> Result:
    return Result(table=table, hand=hand, source=source, reason=reason, **Result.fields_of(entry))


def _create_result(table: Table, hand: int, entry: HandEntry) -> Result | None:
    """Store the agreed result; None when one already exists (a race the lock should prevent).

    The row ``result.save()`` writes, without the table's bump that Result.save adds for every writer:
    the entry that stores it logs itself next (``_log``) in the same transaction, which bumps the table."""
    result = _result_from(table, hand, entry, Result.Source.AGREED)
    try:
        with transaction.atomic():
            rows.insert(result)
    except IntegrityError:
        return None
    _record_board_trump(table, hand, entry.trump)
    return result


def _log(table: Table, hand: int, action: str, *, outcome: str, entry: HandEntry | None = None, **fields) -> Submission:
    values = {}
    if entry is not None:
        values = dict(
            trump=entry.trump if isinstance(entry.trump, str) and len(entry.trump) == 1 else "",
            tricks_ns=entry.tricks_ns if _small(entry.tricks_ns, 13) else None,
            tricks_ew=entry.tricks_ew if _small(entry.tricks_ew, 13) else None,
            honours_ns=entry.honours_ns if _small(entry.honours_ns, 4) else None,
            honours_ew=entry.honours_ew if _small(entry.honours_ew, 4) else None,
            revoke=entry.revoke if entry.revoke in ("NS", "EW") else "",
        )
    fields = {k: v for k, v in fields.items() if v is not None}
    logged = Submission(table=table, hand=hand, action=action, outcome=outcome[:200], **values, **fields)
    rows.insert(logged)
    # Under the table's row lock, like the write itself: the table's pages read it before drawing.
    table.revision = rows.bump_table(table.pk)
    return logged


def _small(value, top: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= top


def _typed(value) -> str:
    """A number as a person reads it: "−1" with a real minus sign."""
    return str(value).replace("-", "\u2212")


def _describe(entry: HandEntry) -> str:
    return f"North–South {entry.tricks_ns}, East–West {entry.tricks_ew}"


def submit(table: Table, *, key: str = "", resent: bool = False, **entered) -> TableState:
    """A phone at ``seat`` enters its side's tricks for ``hand``.

    Returns the table's new state; raises EntryError (after logging the refusal) when the
    entry cannot be taken. Resubmitting the same values changes nothing, and a tap sent again with
    the same ``key`` (the phone's idempotency key) is answered as before without being stored again.
    ``resent`` marks a tap the phone kept while it could not reach the server.
    """
    try:
        return _submit(table, key=key, resent=resent, **entered)
    except _Repeat as repeat:
        return _answer_repeat(repeat)


def _submit(
    table: Table,
    *,
    key: str,
    resent: bool,
    hand: int,
    seat: str,
    tricks_ours: int,
    honours_ours: int | None = None,
    honours_theirs: int | None = None,
    revoke: str | None = None,
    trump: str | None = None,
    device: str = "",
    address: str | None = None,
) -> TableState:
    side = SIDE_OF_SEAT.get(seat, "")
    agreed = None
    with transaction.atomic():
        table, called = _locked_for_entry(table, hand, key)
        entry = None
        try:
            # The state is read once, under the lock (or kept at the revision the lock read); the answer's
            # state adds what this call stored.
            rows, result, seats = _read_under_lock(table, hand)
            if result is None:
                # An agreed hand is answered below whenever the phone asks (a late tap after the
                # evening moved on is told the result that counts, not that nothing was entered).
                _check_playing(table, hand)
            side = _seat_side(seat)
            if not seats:
                raise _RefusedEntry(f"Nobody is seated at table {table.number} for hand {hand}.")
            other = OTHER_SIDE[side]
            ours = tricks_ours
            if not _small(ours, 13):
                # Said in the number the phone sent, not as what the other side would be left with.
                raise _RefusedEntry(f"{_typed(ours)} is not a number of tricks: a side takes from 0 to 13")
            theirs = 13 - ours
            honours = {side: honours_ours, other: honours_theirs}
            entry = HandEntry(
                tricks_ns=ours if side == "NS" else theirs,
                tricks_ew=ours if side == "EW" else theirs,
                trump=trump or "",
                honours_ns=honours["NS"],
                honours_ew=honours["EW"],
                revoke=revoke or None,
            )
            entry = replace(entry, trump=_trump_for(table, hand, trump))
            try:
                check_entry(table.event.format, entry)
            except RuleError as exc:
                raise _RefusedEntry(str(exc)[:1].upper() + str(exc)[1:] + ".") from exc
            state = _build_state(table, hand, rows, result, seats, called=called)
            if state.result is not None:
                if state.result.entry == entry:
                    outcome, reason = "agreed", "already agreed: no change"
                else:
                    raise _RefusedEntry(
                        f"This hand is already agreed ({_describe(state.result.entry)}). "
                        "To change it, call the organiser."
                    )
            else:
                mine, theirs_claim = state.claims[side], state.claims[other]
                reason = "same as before: no change" if mine and mine.entry == entry else ""
                if theirs_claim and theirs_claim.entry == entry:
                    agreed = _create_result(table, hand, entry)
                    outcome = "agreed"
                elif theirs_claim:
                    outcome = "disputed"
                else:
                    outcome = "pending"
        except _RefusedEntry as refusal:
            _log(
                table, hand, Submission.Action.ENTER, outcome=f"refused: {refusal.message}", entry=entry,
                seat=seat if seat in SEAT_NAMES else "", side=side, device=device, address=address,
                key=key, resent=resent,
            )  # fmt: skip
            error: EntryError | None = EntryError(f"{_where(table, hand)}: {refusal.message}")
        else:
            logged = _log(
                table, hand, Submission.Action.ENTER, outcome=outcome, reason=reason, entry=entry,
                seat=seat, side=side, device=device, address=address, key=key, resent=resent,
            )  # fmt: skip
            # ``_log`` bumped the table, still under the lock: ``table.revision`` is the revision this
            # write leaves, and the answer drawn from the state below is of exactly that (``views.table``).
            error = None
    if error is not None:
        raise error
    if agreed or outcome == "agreed":
        # Also when the result was already there: if the server stopped between storing a hand's
        # last result and moving on, the phones' retries move the evening on after the restart.
        running.after_result(table.event, hand)
    if outcome == "agreed" and agreed is None and result is None:
        return _state_now(table, hand)  # the result was stored by another request meanwhile
    return _keep(_build_state(table, hand, [*rows, logged], agreed or result, seats, called=called))


def agree(table: Table, *, key: str = "", resent: bool = False, **agreed) -> TableState:
    """A player at ``seat`` agrees the other side's result for ``hand`` (see ``_agree``).

    A tap sent again with the same ``key`` is answered as before and stores nothing (see submit).
    """
    try:
        return _agree(table, key=key, resent=resent, **agreed)
    except _Repeat as repeat:
        return _answer_repeat(repeat)


def _agree(
    table: Table,
    *,
    key: str,
    resent: bool,
    hand: int,
    seat: str,
    device: str = "",
    address: str | None = None,
    expected: HandEntry | None = None,
    shown_tricks_ns: int | None = None,
) -> TableState:
    """A player at ``seat`` agrees the other side's result for ``hand``.

    ``expected`` is the version the player saw; if the other side changed it meanwhile the
    agreement is refused, so nobody agrees to a score they were not shown. A page that only
    knows the North–South tricks it showed passes ``shown_tricks_ns`` instead: a claim with other
    tricks is then not agreed.
    """
    side = SIDE_OF_SEAT.get(seat, "")
    stored = None
    with transaction.atomic():
        table, called = _locked_for_entry(table, hand, key)
        entry = None
        try:
            rows, result, seats = _read_under_lock(table, hand)
            if result is None:
                # Once the hand is agreed, a phone agreeing late (the evening may have moved on
                # meanwhile) is told so below, not that nothing was entered.
                _check_playing(table, hand)
            side = _seat_side(seat)
            state = _build_state(table, hand, rows, result, seats, called=called)
            other = OTHER_SIDE[side]
            shown = state.claims[other]
            if expected is None and shown_tricks_ns is not None and shown and shown.entry.tricks_ns != shown_tricks_ns:
                expected = HandEntry(shown_tricks_ns, 13 - shown_tricks_ns, shown.entry.trump)
            if state.result is not None:
                entry = state.result.entry
                if expected is not None and expected != entry:
                    raise _RefusedEntry(
                        f"This hand is already agreed as {_describe(entry)}. To change it, call the organiser."
                    )
                outcome, reason = "agreed", "already agreed: no change"
            else:
                claim = state.claims[other]
                if claim is None:
                    if state.claims[side] is not None:
                        raise _RefusedEntry(
                            f"{SIDE_NAMES[side]} entered this result: {SIDE_NAMES[other]} must agree it, "
                            "from their own phone or by tapping their seat here."
                        )
                    raise _RefusedEntry(f"{SIDE_NAMES[other]} have not entered a result yet: enter yours instead.")
                entry = claim.entry
                if expected is not None and expected != entry:
                    raise _RefusedEntry(
                        f"{SIDE_NAMES[other]} have changed their result to {_describe(entry)}: check it and agree again."
                    )
                stored = _create_result(table, hand, entry)
                outcome, reason = "agreed", "" if stored else "already agreed: no change"
        except _RefusedEntry as refusal:
            _log(
                table, hand, Submission.Action.AGREE, outcome=f"refused: {refusal.message}", entry=entry,
                seat=seat if seat in SEAT_NAMES else "", side=side, device=device, address=address,
                key=key, resent=resent,
            )  # fmt: skip
            error: EntryError | None = EntryError(f"{_where(table, hand)}: {refusal.message}")
        else:
            logged = _log(
                table, hand, Submission.Action.AGREE, outcome=outcome, reason=reason, entry=entry,
                seat=seat, side=side, device=device, address=address, key=key, resent=resent,
            )  # fmt: skip
            # ``_log`` bumped the table, still under the lock: ``table.revision`` is the revision this
            # write leaves, and the answer drawn from the state below is of exactly that (``views.table``).
            error = None
    if error is not None:
        raise error
    # Even an agreement that changed nothing: see submit().
    running.after_result(table.event, hand)
    if stored is None and result is None:
        return _state_now(table, hand)  # the result was stored by another request meanwhile
    return _keep(_build_state(table, hand, [*rows, logged], stored or result, seats, called=called))


def set_result(
    table: Table, *, hand: int, entry: HandEntry, user, reason: str = "", source: str = Result.Source.ORGANISER
) -> Result:
    """The organiser enters, resolves a dispute, or corrects the result of ``hand`` at ``table``.

    Any hand played so far may be set. A reason is required to correct a result that counts
    or to override what a side entered; ``source`` is "organiser" or, for the paper grid,
    "paper" (or "import").
    """
    reason = (reason or "").strip()
    action = ORGANISER_SOURCES.get(source)
    if action is None:
        raise ValueError(f"source must be organiser, paper or import, not {source!r}")
    fresh = False
    with transaction.atomic():
        table = rows.locked_table(table)
        event = table.event
        result = None
        try:
            if event.status == Event.Status.SETUP or event.current_hand < 1:
                raise _RefusedEntry("The evening has not started yet.")
            reached = running.last_open_hand(event)
            if not 1 <= hand <= reached:
                raise _RefusedEntry(f"Only hands 1 to {reached} have been played so far.")
            if not Seating.objects.at_table(table, hand).exists():
                raise _RefusedEntry(f"Nobody was seated at table {table.number} for hand {hand}.")
            rotation = fixed_trump(table, hand)
            if rotation is not None and entry.trump != rotation:
                raise _RefusedEntry(
                    f"Hand {hand} is played with {SUIT_WORDS[rotation]}, not {SUIT_WORDS.get(entry.trump, entry.trump)}."
                )
            try:
                check_entry(event.format, entry)
            except RuleError as exc:
                raise _RefusedEntry(str(exc)[:1].upper() + str(exc)[1:] + ".") from exc
            state = table_state(table, hand)
            result = state.result
            overriding = [c for c in state.claims.values() if c and c.entry != entry]
            if result is not None:
                if result.entry == entry:
                    outcome = "unchanged"
                else:
                    if not reason:
                        raise _RefusedEntry(
                            f"The result counting now is {_describe(result.entry)}: say why it is being corrected."
                        )
                    for name, value in _result_from(table, hand, entry, source, reason).__dict__.items():
                        if name in ("trump", "tricks_ns", "tricks_ew", "honours_ns", "honours_ew", "revoke"):
                            setattr(result, name, value)
                    result.source, result.reason = source, reason[:200]
                    result.save()
                    outcome = "corrected"
            else:
                if overriding and not reason:
                    sides = " and ".join(SIDE_NAMES[c.side] for c in overriding)
                    raise _RefusedEntry(f"{sides} entered something different: say why this result is set instead.")
                result = _result_from(table, hand, entry, source, reason[:200])
                try:
                    with transaction.atomic():
                        result.save()
                except IntegrityError as exc:  # only if the row lock was bypassed
                    raise _RefusedEntry("A result arrived at the same moment: look again and retry.") from exc
                fresh = True
                outcome = "set"
                _record_board_trump(table, hand, entry.trump)
        except _RefusedEntry as refusal:
            _log(
                table, hand, action, outcome=f"refused: {refusal.message}", entry=entry, reason=reason[:200],
                user=user if getattr(user, "pk", None) else None,
            )  # fmt: skip
            error: EntryError | None = EntryError(f"{_where(table, hand)}: {refusal.message}")
        else:
            _log(
                table, hand, action, outcome=outcome, entry=entry, reason=reason[:200],
                user=user if getattr(user, "pk", None) else None,
            )  # fmt: skip
            # A correction changes totals shown at other tables (its players have moved on): every
            # page of the evening is drawn again.
            event.bump()
            error = None
    if error is not None:
        raise error
    if fresh:
        running.after_result(table.event, hand)
    assert result is not None  # stored, or the refusal was raised above
    return result


def call_organiser(table: Table, *, hand: int, reason: str) -> Flag:
    """The table calls the organiser about the hand being played; a second tap adds nothing."""
    with transaction.atomic():
        table = rows.locked_table(table)
        playing = running.playing_hand(table)
        if hand != playing:
            raise EntryError(f"{_where(table, hand)}: a call is about the hand being played, hand {playing}.")
        flag, made = Flag.objects.get_or_create(table=table, hand=hand, reason=reason, resolved__isnull=True)
        if made:
            table.revision = rows.bump_table(table.pk)
    return flag


def resolve_flag(flag: Flag) -> None:
    """The organiser has been over to the table: its phones stop saying the organiser is called."""
    with transaction.atomic():
        table = rows.locked_table(flag.table)
        if Flag.objects.filter(pk=flag.pk, resolved__isnull=True).update(resolved=timezone.now()):
            table.revision = rows.bump_table(table.pk)


def new_table_token(table: Table) -> str:
    """Issue a new secret for the table's QR code; the old one stops working at once.

    The old one is remembered (a table's last few), so its phones are told the table has a new code.
    """
    with transaction.atomic():
        RetiredTableToken.objects.create(table=table, token=table.token)
        kept = RetiredTableToken.objects.filter(table=table).values("pk")[: RetiredTableToken.KEPT]
        RetiredTableToken.objects.filter(table=table).exclude(pk__in=kept).delete()
        table.token = new_token()
        table.save(update_fields=["token"])
        table.revision = rows.bump_table(table.pk)
    return table.token
