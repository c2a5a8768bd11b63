"""The standings adapter: an event's rows in, the standings and prizes now out.

``standings_now(event)`` is the one answer to "the standings now": the organiser's standings page,
the projector board, the printed results, each player's page and the CSV all call it. It reads the
event's and its tables' revisions in one query, and keeps what it worked out under them
(``whistdrive.store.cache``), so an unchanged evening costs that one query; when anything changed it reads
three (entrants, seatings, results: whatever the size of the event) and hands plain values to the
engines (``standings``, ``games``, ``prizes``). Totals are always derived from `Result` rows, never
stored.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from whistdrive.engines import prizes, standings, suspense
from whistdrive.engines.duplicate import DuplicateResults
from whistdrive.engines.formats import Format
from whistdrive.engines.rules import drive_score, trump_for_hand
from whistdrive.engines.standings import PairStanding, Standing
from whistdrive.engines.vocabulary import PARTNER_SEAT, SEAT_NAMES, SIDE_OF_SEAT
from whistdrive.evening import games, pairs
from whistdrive.evening.games import Night
from whistdrive.store import cache, rows
from whistdrive.store.models import Event, Result, Seating, counted_tricks, entry_of, player_id

# -- loading ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class People:
    """An event's entrants as the engines take them, with what the loaders need beside."""

    entrants: list[standings.Person]
    ids: dict[int, str]  # entrant pk -> player id
    left_after: dict[str, int | None]  # player id -> the last hand before they left, or None


def people_of(event: Event) -> People:
    rows = event.entrants.order_by("card_number").values_list(
        "pk", "archive_id", "card_number", "name", "role", "left_after_hand"
    )
    entrants, ids, left = [], {}, {}
    for pk, archive_id, card, name, role, left_after in rows:
        pid = player_id(archive_id, card)  # from two columns, without building each row
        entrants.append(standings.Person(id=pid, name=name, role=role or None))
        ids[pk] = pid
        left[pid] = left_after
    return People(entrants, ids, left)


def _seatings_of(event: Event, revision: int | None) -> tuple[dict, dict]:
    """((hand, table_id) -> ((seat, entrant pk), ...), hand -> [entrant pk sitting out]).

    The bulk of what the standings read (28,800 rows at 300 tables); seatings change only with the
    event's revision, so they are kept under it and a new result costs a read of the results only.
    """

    def read() -> tuple[dict, dict]:
        seated: dict[tuple[int, int], list] = {}
        sitting_out: dict[int, list[int]] = {}
        rows = Seating.objects.of_event(event).order_by().values_list("hand", "table_id", "seat", "entrant_id")
        for hand, table_id, seat, entrant_id in rows:
            if table_id is None:
                sitting_out.setdefault(hand, []).append(entrant_id)
            else:
                seated.setdefault((hand, table_id), []).append((seat, entrant_id))
        return seated, sitting_out

    if revision is None:
        return read()
    return cache.get_or_make(cache.seatings_key(event.pk, revision), read)


def seated_of(event: Event) -> dict:
    """(hand, table pk) -> ((seat, entrant pk), ...) of an evening, kept under its revision with what the standings
    read (``_seatings_of``): a reader after ``standings_now`` (the grades) gets them without reading them again."""
    return _seatings_of(event, event.revision)[0]


def hand_records(
    event: Event, *, up_to: int | None = None, player_ids: dict[int, str] | None = None, revision: int | None = None
) -> list[standings.HandRecord]:
    """Every hand with at least one result: its tables (tricks after revokes) and its sit-outs.

    A table without a result yet is left out, so its players simply have no score for that hand;
    a sit-out counts in any hand that has a result at some table. The seatings are read as plain
    ids, without joins or ordering, and mapped through dicts (``player_ids``: entrant pk -> player id).
    """
    if player_ids is None:
        player_ids = event.entrants.player_ids()
    results = Result.objects.for_event(event)
    if up_to is not None:
        results = results.filter(hand__lte=up_to)
    seated, out = _seatings_of(event, revision)
    tables: dict[int, list[standings.TableHand]] = {}
    for hand, table_id, number, tricks in results.tricks(event.format):
        seats = {seat: player_ids[pk] for seat, pk in seated.get((hand, table_id), ())}
        tables.setdefault(hand, []).append(standings.TableHand(table=number, seats=seats, tricks=tricks))
    return [
        standings.HandRecord(
            number=hand,
            tables=tuple(sorted(tables[hand], key=lambda t: t.table)),
            sitting_out=tuple(player_ids[pk] for pk in out.get(hand, ())),
        )
        for hand in sorted(tables)
    ]


# -- the standings now -------------------------------------------------------------------------------


def version_of(event: Event) -> tuple[int, int, int]:
    """What everything on the standings depends on, read in one query: the event's revision (every
    organiser change) and its tables' (every entry and result), and how many tables there are. An
    event loaded ``with_revisions`` (just before) already holds them."""
    if not hasattr(event, "tables_revision"):
        event = Event.objects.with_revisions().only("revision").get(pk=event.pk)
    # tables_count and tables_revision are the annotations of EventQuerySet.with_revisions
    return (event.revision, event.tables_count, event.tables_revision or 0)  # type: ignore[attr-defined]


@dataclass
class Computed:
    """An event's loaded rows and standings, kept (``cache.standings_key``) while its revisions stand.

    Never changed once kept, but for the half-time standings, worked out the first time asked for.
    """

    fmt: Format
    interval_after: int | None
    final: bool
    people: People
    hands: list[standings.HandRecord]
    standings: list[Standing] | None  # None on a game night
    night: Night | None = None  # a game night's standings and tables
    pair_lines: list[PairStanding] | None = None  # a pairs drive (Mitchell, Howell): one line a pair
    duplicate: DuplicateResults | None = None  # a duplicate evening's pairs and boards

    @cached_property
    def halftime(self) -> list[Standing] | None:
        """The standings as they stood at the interval: the same records, cut at the interval hand."""
        if self.night is not None or self.interval_after is None or self.standings is None:
            return None  # a game night has no half-time standings: games carry on across the interval
        first_half = [h for h in self.hands if h.number <= self.interval_after]
        return standings.drive_standings(self.fmt, self.people.entrants, first_half, final=False)


def _compute(event: Event, revision: int) -> Computed:
    fmt = event.format
    people = people_of(event)
    hands = hand_records(event, player_ids=people.ids, revision=revision)
    final = event.status == Event.Status.FINISHED
    if fmt.is_games:
        night = games.night_of(event, people.entrants)
        return Computed(fmt, event.interval_after, final, people, hands, None, night)
    if fmt.is_duplicate:
        return Computed(fmt, None, final, people, hands, [], duplicate=pairs.results_of(event))
    ranked = standings.drive_standings(fmt, people.entrants, hands, final=final)
    return Computed(fmt, event.interval_after, final, people, hands, ranked, pair_lines=_pair_lines(event, ranked))


def _pair_lines(event: Event, ranked: list[Standing]) -> list[PairStanding] | None:
    """A Mitchell's or a Howell's drive by pairs (one field: every pair plays what is dealt to it), or
    None when the partnerships did not hold all evening (players came or went): then by players."""
    found = pairs.pairs_of(event) if event.started else []
    if not found:
        return None
    try:
        return standings.pair_standings(found, ranked)
    except ValueError:
        return None


@dataclass(frozen=True)
class Evening:
    """Everything the standings pages show about an event now, for one request."""

    event: Event
    computed: Computed
    prize_list: list[dict]
    default_prizes: bool  # the prize list is the default, not the organiser's own
    awards: list[prizes.Award] = field(default_factory=list)
    prize_error: str = ""

    @property
    def games(self) -> bool:
        return self.computed.night is not None

    @property
    def night(self) -> Night | None:
        return self.computed.night

    @property
    def standings(self) -> list[Standing]:
        return self.computed.standings or []

    @property
    def pair_lines(self) -> list[PairStanding] | None:
        """A pairs drive's standings, one line a pair (None: the evening reads by players)."""
        return self.computed.pair_lines

    @property
    def duplicate(self) -> DuplicateResults | None:
        """A duplicate evening's results so far: pairs in their fields, and every board."""
        return self.computed.duplicate

    @property
    def two_fields(self) -> bool:
        return pairs.two_fields(self.event)

    @property
    def halftime(self) -> list[Standing] | None:
        """Standings after the interval hand; None without an interval."""
        return self.computed.halftime

    @property
    def roles_used(self) -> bool:
        return any(e.role for e in self.computed.people.entrants)

    @property
    def last_hand(self) -> int:
        """The latest hand with a result; 0 before any."""
        if self.night is not None:
            return self.night.last_hand
        return max((h.number for h in self.computed.hands), default=0)

    @property
    def incomplete(self) -> bool:
        """The latest hand still has tables to hand in."""
        if self.night is not None:
            return self.night.incomplete
        hands = self.computed.hands
        return bool(hands) and len(hands[-1].tables) < max(len(h.tables) for h in hands)

    @property
    def final(self) -> bool:
        return self.event.status == Event.Status.FINISHED

    @property
    def status_line(self) -> str:
        """ "Final results", "Provisional after hand 9 of 24", or "No hands scored yet"."""
        if self.final:
            return "Final results"
        if not self.last_hand:
            return "No boards scored yet" if self.event.is_duplicate else "No hands scored yet"
        if self.event.is_duplicate:
            fmt = self.computed.fmt
            line = f"Provisional: round {fmt.round_of(self.last_hand)} of {fmt.rounds}"
            return line + (" (some tables still to hand in)" if self.incomplete else "")
        line = f"Provisional after hand {self.last_hand} of {self.event.hands}"
        if self.incomplete:
            line += " (some tables still to hand in)"
        return line

    def qualification(self, standings_now: list[Standing], *, up_to: int | None = None) -> prizes.Qualification:
        """Who may win a prize, who the booby, and why the others may not (``prizes.qualification``): a prize
        needs the event's qualifying number of hands (a sit-out counts), the booby every hand. Until the
        evening is over, those who can still reach the number by the end qualify, so provisional prizes do
        not leave out everyone still playing. ``up_to`` judges at that hand instead (the half-time prize,
        at the interval)."""
        event = self.event
        need, hands = event.prize_qualifying_hands, event.hands
        still_to_come: dict[str, int] = {}
        if up_to is not None:
            need, hands = max(1, -(-need * up_to // event.hands)), up_to
        elif not self.final:
            last = self.last_hand
            still_to_come = {
                pid: max(0, (event.hands if after is None else min(after, event.hands)) - last)
                for pid, after in self.computed.people.left_after.items()
            }
        elif self.last_hand:
            hands = min(hands, self.last_hand)  # an evening ended early: "every hand" is every hand it played
        return prizes.qualification(standings_now, hands=hands, need=need, still_to_come=still_to_come)

    def qualified(self, standings_now: list[Standing], *, up_to: int | None = None) -> set[str]:
        """The ids who may win a prize other than the booby (``qualification``)."""
        return set(self.qualification(standings_now, up_to=up_to).prizes)

    def left_out(self) -> list[tuple[str, str]]:
        """Those left out of a prize and why, by name: the prize list says so."""
        if self.games or self.duplicate is not None:
            return []
        reasons = self.qualification(self.standings).reasons
        return [(s.name, reasons[s.id]) for s in sorted(self.standings, key=lambda s: s.name) if s.id in reasons]

    def halftime_awards(self) -> list[prizes.Award]:
        """The half-time prize, judged on the standings at the interval on their own: it is given out
        then, before anyone knows who will win the later prizes."""
        half_time = [p for p in self.prize_list if p.get("kind") == "half_time"]
        at_interval = self.halftime or []
        try:
            return prizes.award_prizes(
                half_time, at_interval, qualified=self.qualified(at_interval, up_to=self.event.interval_after)
            )
        except prizes.PrizeError:
            return []


def standings_now(event: Event, version: tuple | None = None) -> Evening:
    """The event's standings and prizes now: provisional until it is finished.

    ``event`` is as the caller loaded it; its revisions are read again here (or given, read by the
    caller just before) before anything else, so nothing is served under a revision read after it
    was worked out.
    """
    version = version or version_of(event)
    computed = cache.get_or_make(cache.standings_key(event.pk, version), lambda: _compute(event, version[0]))
    prize_list = list(event.prizes or [])
    is_default = not prize_list
    # Before the start a Mitchell's or Howell's pairs are not drawn yet, but its prizes are the pairs'.
    by_pairs = (
        computed.duplicate is not None
        or computed.pair_lines is not None
        or (not event.started and event.format.is_drive and event.format.movement_kind.fixed_pairs)
    )
    if is_default:
        two = pairs.two_fields(event)
        # The club's special prizes, but not for a duplicate evening: it is judged board by board, not on tricks.
        special = event.club.special_prizes if computed.duplicate is None and not event.is_duplicate else ()
        prize_list = prizes.default_prizes(
            any(e.role for e in computed.people.entrants),
            pairs=by_pairs,
            two_fields=two,
            special=special,
            halves=event.format.interval_after is not None,
        )
    evening = Evening(event, computed, prize_list, is_default)
    if computed.night is not None:
        return evening
    try:
        if computed.duplicate is not None:
            # A duplicate PairResult is judged as a pair is (prizes' docstring): it has the same fields.
            awards = prizes.award_prizes(prize_list, list(computed.duplicate.pairs))  # type: ignore[arg-type]
        elif computed.pair_lines is not None:
            who = evening.qualification(evening.standings)
            lines = computed.pair_lines
            awards = prizes.award_prizes(
                prize_list,
                lines,
                qualified={line.id for line in lines if set(line.pair.ids) <= who.prizes},
                booby_qualified={line.id for line in lines if set(line.pair.ids) <= who.booby},
                basis=event.prize_basis,
            )
        else:
            who = evening.qualification(evening.standings)
            awards = prizes.award_prizes(
                prize_list, evening.standings, qualified=who.prizes, booby_qualified=who.booby, basis=event.prize_basis
            )
    except prizes.PrizeError as exc:
        return Evening(event, computed, prize_list, is_default, [], str(exc))
    return Evening(event, computed, prize_list, is_default, awards)


def kept_secret(event: Event, evening: Evening | None = None) -> bool:
    """Whether the standings are kept secret now, on the board and on the players' phones
    (``suspense.board_hidden``): during the club's last secret hands, and after them until the reveal ends.

    Cheap on a table's page: the standings (for the number of prizes) are worked out only once the evening is
    over (they are cached), or taken from ``evening`` when the caller has them."""
    if not suspense.in_secret_hands(hands=event.hands, hide_last=event.board_hides_last,
                                    current_hand=event.current_hand):  # fmt: skip
        return False
    finished = event.status == Event.Status.FINISHED
    awards = len((evening or standings_now(event)).awards) if finished else 0
    return suspense.board_hidden(
        hands=event.hands,
        hide_last=event.board_hides_last,
        current_hand=event.current_hand,
        finished=finished,
        revealed=event.revealed,
        awards=awards,
    )


# -- a table's four ----------------------------------------------------------------------------------


def totals_for(event: Event, entrants) -> dict[str, int]:
    """The running totals of a few entrants (a table's four), without loading the whole event.

    A phone shows its table's totals after every result; the whole event's standings would be
    re-worked for each of 1,200 phones while results pour in. Instead only these entrants'
    seatings and their tables' results are read (one statement; a second when one of them sat out),
    and each card is added up as the standings add it (``standings.card_of``: the hands played, the sit-out awards; revokes counted as
    ``Result.tricks`` counts them), without ranking anyone.
    """
    fmt = event.format
    wanted = {e.pk: e.player_id for e in entrants}
    own, results = [], {}
    for hand, table_id, seat, entrant_id, *entered in rows.seatings_with_results(list(wanted)):
        own.append((hand, table_id, seat, entrant_id))
        if entered[0] is not None:  # the result of the hand at the table they sat at
            results[table_id, hand] = entered
    # Only a sit-out asks whether its hand has a result somewhere: a hand played has its table's. Most
    # tables' four never sat out, and this reads every result of the evening (a big hall's agreements
    # each read it: docs/benchmarks.md).
    scored_hands = set()
    if any(table is None for _hand, table, _seat, _entrant in own):
        scored_hands = rows.scored_hands(event)
    entries = ((hand, table_id, None, entry_of(entered)) for (table_id, hand), entered in results.items())
    tricks_at = {(table_id, hand): tricks for hand, table_id, _n, tricks in counted_tricks(entries, fmt)}
    played: dict[str, list[standings.CardHand]] = {pid: [] for pid in wanted.values()}
    sat_out: dict[str, list[int]] = {pid: [] for pid in wanted.values()}
    for hand, table, seat, entrant_id in own:
        pid = wanted[entrant_id]
        if table is None:
            if hand in scored_hands:  # a sit-out counts once its hand has a result somewhere
                sat_out[pid].append(hand)
        elif (table, hand) in tricks_at:  # a table still playing the hand has no score for it yet
            ours = tricks_at[table, hand][SIDE_OF_SEAT[seat]]
            played[pid].append(standings.CardHand(hand, drive_score(fmt, ours), False))
    return {pid: sum(row.score for row in standings.card_of(fmt, played[pid], sat_out[pid])) for pid in played}


# -- a player's own card -------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardLine:
    """One hand on a player's own card: where they sat, with whom, and what it scored."""

    hand: int
    trump: str | None
    table: int | None  # None: sat out
    seat: str = ""
    partner: str = ""
    tricks: int | None = None  # the tricks that count (a sit-out: the award)
    total: int | None = None  # the running total after this hand, once it has a score


@dataclass(frozen=True)
class PlayerCard:
    lines: list[CardLine]
    total: int
    standing: Standing | None  # a drive's
    game_standing: standings.GamesStanding | None  # a game night's
    field: int  # how many are ranked
    evening: Evening | None


def player_card(event: Event, person) -> PlayerCard:
    """``person``'s card so far: each hand's table, partner, tricks and running total, and their place.

    The totals are the standings' own (sit-out awards, revokes), and on a game night each hand counts
    its points (odd tricks, honours, penalties), not tricks.
    """
    fmt = event.format
    rows = list(Seating.objects.of_entrant(person).up_to(event.current_hand).select_related("table").order_by("hand"))
    tables = {s.table_id for s in rows if s.table_id}
    partners = {
        (s.table_id, s.hand, s.seat): s.entrant.name
        for s in Seating.objects.of_event(event).at_tables(tables).select_related("entrant")
    }
    results = {(r.table_id, r.hand): r for r in Result.objects.filter(table__in=tables)}
    now = standings_now(event) if event.started else None
    standing = game_standing = None
    ranked: list = []
    if now is not None and now.night is not None:
        ranked = now.night.standings
        game_standing = next((s for s in ranked if s.id == person.player_id), None)
    elif now is not None:
        ranked = now.standings
        standing = next((s for s in ranked if s.id == person.player_id), None)
    scored = {h.number: h.score for h in standing.hands} if standing else {}
    lines, total = [], 0
    for row in rows:
        result = results.get((row.table_id, row.hand)) if row.table_id else None
        trump = result.trump if result else trump_for_hand(fmt.trumps, row.hand)
        if not row.table_id:
            award = scored.get(row.hand)
            total += award or 0
            lines.append(CardLine(row.hand, trump, None, tricks=award, total=total if award is not None else None))
            continue
        assert row.table is not None  # a seated row has a table
        partner = partners.get((row.table_id, row.hand, PARTNER_SEAT[row.seat]), "")
        line = CardLine(row.hand, trump, row.table.number, SEAT_NAMES[row.seat], partner)
        if result:
            side = SIDE_OF_SEAT[row.seat]
            tricks = result.tricks(fmt)[side]
            if now is not None and now.night is not None:
                played = now.night.tables.get(row.table.number)
                hand_score = played.hand(row.hand) if played else None
                score = hand_score.points[side] if hand_score else 0
            else:
                score = scored.get(row.hand, drive_score(fmt, tricks))
            total += score
            line = CardLine(row.hand, trump, row.table.number, SEAT_NAMES[row.seat], partner, tricks, total)
        lines.append(line)
    return PlayerCard(lines, total, standing, game_standing, len(ranked), now)
