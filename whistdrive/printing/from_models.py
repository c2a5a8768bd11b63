"""The adapter between an event's rows and the printed documents' plain sheets.

Each function loads what its document needs in a fixed number of queries (entrants, seatings,
results, and the standings loader's own three), whatever the size of the evening, and fills the
dataclasses of ``whistdrive.printing.sheets``. The QR codes need absolute URLs: pass the request
(its host is the address the phones reach, e.g. the laptop's LAN address) or, from a command or a
bench script, a base URL string such as ``"http://192.168.1.20:8000"``.

A reprint mid-evening shows what is known: the seats of every hand seated so far (every hand
from the start for planned movements), and the tricks and running totals of the hands with results.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace
from typing import Protocol

from django.http import HttpRequest
from django.urls import reverse

from whistdrive.engines import ledger, movements, standings
from whistdrive.engines.duplicate import DuplicateError
from whistdrive.engines.rules import trump_for_hand
from whistdrive.engines.vocabulary import PARTNER_SEAT
from whistdrive.evening import double_dummy, draws, games, money, pairs, public_links, scores
from whistdrive.store.models import Entrant, Event, Result, Seating, TableBoard, player_id

from .common import percentage_text
from .door_poster import DoorPoster
from .money_docs import MoneyLine, TreasurersSheet
from .pair_docs import BoardPage, PairCard, PairRound, PairsSheet, TravellerLine
from .pair_docs import ResultLine as PairsResultLine
from .sheet_docs import rounds  # the same grouping of identical hands as the progression sheet
from .sheets import (
    ClubTableCardSheet,
    GamesRow,
    HandSeating,
    PrizeAward,
    ProgressionPlayer,
    ProgressionSheet,
    ResultSlip,
    ResultSlipSheet,
    ResultsSheet,
    Scorecard,
    ScorecardRow,
    ScorecardSheet,
    ScorePad,
    ScorePadSheet,
    SeatedTable,
    SlipHand,
    StandingRow,
    TableCard,
    TableCardSheet,
    TableStory,
)

SITTING_OUT = "Sitting out"


class _StandingLine(Protocol):
    """What the results sheet reads of a line of the standings: a player's ``Standing`` or a pair's
    ``PairStanding``."""

    @property
    def rank(self) -> int: ...
    @property
    def tied(self) -> bool: ...
    @property
    def name(self) -> str: ...
    @property
    def total(self) -> int: ...
    @property
    def first_half(self) -> int: ...
    @property
    def second_half(self) -> int: ...


def absolute(request_or_base_url: HttpRequest | str, path: str) -> str:
    """``path`` as a full URL on the request's host, or under a base URL string."""
    if isinstance(request_or_base_url, str):
        return request_or_base_url.rstrip("/") + path
    return request_or_base_url.build_absolute_uri(path)


@dataclass(frozen=True)
class _Place:
    table: int | None  # None: sitting out
    seat: str


class _Evening:
    """An event's entrants, seatings and results, each loaded once."""

    def __init__(self, event: Event):
        self.event = event
        self.fmt = event.format
        self.entrants: list[Entrant] = list(event.entrants.select_related("member").order_by("card_number"))
        self.by_pk = {e.pk: e for e in self.entrants}
        self.places: dict[tuple[int, int], _Place] = {}  # (entrant pk, hand) -> place
        self.tables: dict[int, dict[int, dict[str, int]]] = defaultdict(dict)  # hand -> table -> seat -> pk
        self.sitting_out: dict[int, list[int]] = defaultdict(list)  # hand -> entrant pks
        rows = Seating.objects.of_event(event).values_list("hand", "entrant_id", "table__number", "seat")
        for hand, entrant_id, table, seat in rows.order_by("hand", "table__number", "seat", "entrant__card_number"):
            self.places[entrant_id, hand] = _Place(table, seat)
            if table is None:
                self.sitting_out[hand].append(entrant_id)
            else:
                self.tables[hand].setdefault(table, {})[seat] = entrant_id
        self.played_trumps: dict[tuple[int, int], str] = {
            (hand, table): trump
            for hand, table, trump in Result.objects.for_event(event).values_list("hand", "table__number", "trump")
        }

    @property
    def seated_hands(self) -> list[int]:
        return sorted(set(self.tables) | set(self.sitting_out))

    def hand_seating(self, hand: int) -> HandSeating:
        return HandSeating(
            hand=hand,
            tables=[
                SeatedTable(table=number, seats={s: str(self.by_pk[pk].card_number) for s, pk in seats.items()})
                for number, seats in sorted(self.tables[hand].items())
            ],
            sitting_out=[str(self.by_pk[pk].card_number) for pk in self.sitting_out[hand]],
        )


def _standings_by_player(event: Event) -> tuple[dict[str, standings.Standing], int]:
    """Each entrant's standing now (by player id) and the latest hand with a result."""
    if not event.format.is_drive:
        return {}, 0
    now = scores.standings_now(event)
    return {s.id: s for s in now.standings}, now.last_hand


# -- scorecards ---------------------------------------------------------------------------------------


def scorecard_sheet(
    event: Event,
    request_or_base_url: HttpRequest | str,
    page_size: str | None = None,
    cards: set[int] | None = None,
) -> ScorecardSheet:
    """One scorecard per entrant (or only the ``cards`` numbers, for a reprint), filled with what is known.

    A late arrival's card says so and strikes through the hands before their first; a leaver's
    strikes through the hands after their last.
    """
    evening = _Evening(event)
    fmt = evening.fmt
    by_player, last_hand = _standings_by_player(event)
    finished = event.status == Event.Status.FINISHED
    half_known = fmt.interval_after is not None and (finished or last_hand >= fmt.interval_after)
    # A member's own page on the club's hosted site, when it has one (guests have no page there).
    online = public_links.online_site(event.club, absolute(request_or_base_url, "/"))
    printed = []
    for entrant in evening.entrants:
        if cards is not None and entrant.card_number not in cards:
            continue
        standing = by_player.get(entrant.player_id)
        scored: dict[int, tuple[int, int]] = {}
        if standing is not None:
            scored = {h.number: (h.score, run) for h, run in zip(standing.hands, standing.running, strict=True)}
        rows = []
        for hand in range(1, fmt.hands + 1):
            missed = hand < entrant.joined_hand or (
                entrant.left_after_hand is not None and hand > entrant.left_after_hand
            )
            place = None if missed else evening.places.get((entrant.pk, hand))
            trump = trump_for_hand(fmt.trumps, hand)
            partner = None
            if place is not None and place.table is not None:
                partner_pk = evening.tables[hand][place.table].get(PARTNER_SEAT[place.seat])
                partner = evening.by_pk[partner_pk].name if partner_pk else None
                # Turned or cut trumps are known once the table's result is in.
                trump = trump or evening.played_trumps.get((hand, place.table))
            elif place is not None:
                partner = SITTING_OUT
            score, running = (None, None) if missed else scored.get(hand, (None, None))
            rows.append(
                ScorecardRow(
                    hand=hand,
                    trump=trump,
                    table=place.table if place else None,
                    seat=(place.seat or None) if place else None,
                    partner=partner,
                    tricks=score,
                    running_total=running,
                    missed=missed,
                )
            )
        printed.append(
            Scorecard(
                name=entrant.name,
                card_number=entrant.card_number,
                role=entrant.role or None,
                personal_url=absolute(request_or_base_url, entrant.get_absolute_url()),
                rows=rows,
                half_time_total=standing.first_half if standing is not None and half_known else None,
                total=standing.total if standing is not None and finished else None,
                joined_hand=entrant.joined_hand,
                left_after_hand=entrant.left_after_hand,
                online_url=public_links.player_url(online, event.club, entrant.member)
                if online and entrant.member is not None
                else None,
            )
        )
    return _scorecards(event, printed, page_size)


def blank_scorecard_sheet(event: Event, numbers: list[int], page_size: str | None = None) -> ScorecardSheet:
    """Numbered cards with no name, for the door: the name is written in, the trumps are printed."""
    fmt = event.format
    rows = [ScorecardRow(hand=hand, trump=trump_for_hand(fmt.trumps, hand)) for hand in range(1, fmt.hands + 1)]
    cards = [Scorecard(name="", card_number=n, role=None, personal_url=None, rows=rows) for n in numbers]
    return _scorecards(event, cards, page_size)


def _scorecards(event: Event, cards: list[Scorecard], page_size: str | None) -> ScorecardSheet:
    fmt = event.format
    return ScorecardSheet(
        club=event.club.name,
        event=event.name,
        date=event.date,
        venue=event.venue,
        cards=cards,
        movement_rule=movements.rule_sentence(fmt),
        interval_after=fmt.interval_after,
        page_size=page_size or event.club.paper_size,
    )


# -- table cards and score pads -------------------------------------------------------------------------


def movers_line(fmt, table: int, numbers: list[int], half_table: bool = False) -> str:
    """Where the players who move go from ``table``, for its card (the movement engine's own directions).

    Ladies go up a table and gents down (movements.engine._move); the top and last tables are joined.
    A Mitchell with an odd number of pairs has a half table after the last: the E–W pair leaving the
    last table sits out a round there (movements.engine._mitchell_next), then goes to the first.
    """
    if fmt.is_duplicate:
        return "After each round: the movement card on this table says where the E–W pairs and the boards go"
    if len(numbers) < 2 or table not in numbers:
        return ""
    index = numbers.index(table)
    up, down = numbers[(index + 1) % len(numbers)], numbers[index - 1]
    after = "After each hand" if fmt.hands_per_round == 1 else f"After every {fmt.hands_per_round} hands"
    if half_table and fmt.movement == "mitchell" and table == numbers[-1]:
        return f"{after}: East–West pair sits out a round (the half table), then → table {up}; North–South stay"
    word = "winning" if fmt.winners_move else "losing"
    return fmt.movement_kind.card_words.format(after=after, word=word, up=up, down=down)


def table_card_sheet(
    event: Event, request_or_base_url: HttpRequest | str, page_size: str | None = None, *, only: int | None = None
) -> TableCardSheet:
    """Tonight's table cards; ``only``: the one table's card (its code reissued)."""
    fmt = event.format
    every = list(event.tables.order_by("number"))
    numbers = [t.number for t in every]
    tables = [t for t in every if only is None or t.number == only]
    # A whole pair sitting out of a Mitchell is the half table's (the engine moves it as one).
    sitting_out = Seating.objects.of_event(event).filter(hand=event.current_hand or 1, table__isnull=True)
    half_table = fmt.movement == "mitchell" and sitting_out.count() >= 2
    return TableCardSheet(
        club=event.club.name,
        event=event.name,
        date=event.date,
        cards=[
            TableCard(
                table=table.number,
                url=absolute(request_or_base_url, table.get_absolute_url()),
                movers=movers_line(fmt, table.number, numbers, half_table),
            )
            for table in tables
        ],
        trump_rotation=None if fmt.is_duplicate else fmt.trump_rotation,
        trump_mode="board" if fmt.is_duplicate else None if fmt.trump_rotation else fmt.trumps,
        page_size=page_size or event.club.paper_size,
    )


def club_table_card_sheet(club, tables, request_or_base_url: HttpRequest | str, page_size: str | None = None):
    """A club's reusable cards for ``tables`` (ClubTable rows)."""
    return ClubTableCardSheet(
        club=club.name,
        cards=[TableCard(table=t.number, url=absolute(request_or_base_url, t.get_absolute_url())) for t in tables],
        page_size=page_size or club.paper_size,
    )


# -- result slips -------------------------------------------------------------------------------------


def result_slip_sheet(
    event: Event, first: int, last: int, *, per_round: bool = False, page_size: str | None = None
) -> ResultSlipSheet:
    """Slips for hands ``first``..``last``: a slip per table per hand (or per round of hands).

    In the order of the "Key from paper" page: hand by hand, the tables in number order, each
    table that is seated (or, for hands not yet seated, every table of the event).
    """
    evening = _Evening(event)
    fmt = evening.fmt
    every_table = [t.number for t in event.tables.order_by("number")]

    def pair(seats: dict[str, int], a: str, b: str) -> str:
        return " & ".join(evening.by_pk[seats[s]].name for s in (a, b) if s in seats)

    slips = []
    hand = first
    while hand <= last:
        hands = [hand]
        if per_round:
            while hands[-1] < last and not fmt.ends_round(hands[-1]):
                hands.append(hands[-1] + 1)
        seated = evening.tables.get(hand, {})
        for number in sorted(seated) if seated else every_table:
            seats = seated.get(number, {})
            slips.append(
                ResultSlip(
                    table=number,
                    hands=[SlipHand(h, trump_for_hand(fmt.trumps, h)) for h in hands],
                    north_south=pair(seats, "N", "S"),
                    east_west=pair(seats, "E", "W"),
                )
            )
        hand = hands[-1] + 1
    return ResultSlipSheet(
        club=event.club.name, event=event.name, date=event.date, slips=slips,
        page_size=page_size or event.club.paper_size,
    )  # fmt: skip


def score_pad_sheet(event: Event, page_size: str | None = None) -> ScorePadSheet:
    """A game night's pads: one per table headed with the pairs seated there now.

    When the pairs move on a plan (a Mitchell), every round is known in advance: a pad per table
    and round, headed with the round's hands and pairs, so the whole night prints before it starts.
    """
    evening = _Evening(event)
    fmt = evening.fmt
    hands = evening.seated_hands

    def players(seats: dict[str, int]) -> str:
        def pair(a: str, b: str) -> str:
            return " & ".join(evening.by_pk[seats[s]].name for s in (a, b) if s in seats)

        return f"{pair('N', 'S')} v {pair('E', 'W')}" if seats else ""

    pads = []
    if not fmt.result_driven and fmt.movement_kind.moves and hands:
        for number_in_night, (first, last, seating) in enumerate(rounds([evening.hand_seating(h) for h in hands]), 1):
            heading = f"Round {number_in_night} · " + (f"hand {first}" if first == last else f"hands {first}–{last}")
            for table in seating.tables:
                pads.append(ScorePad(table=table.table, players=players(evening.tables[first][table.table]),
                                     heading=heading))  # fmt: skip
    else:
        hand = max(min(max(event.current_hand, 1), hands[-1]), hands[0]) if hands else 0
        seated = evening.tables.get(hand, {})
        pads = [
            ScorePad(table=t.number, players=players(seated.get(t.number, {}))) for t in event.tables.order_by("number")
        ]
    return ScorePadSheet(
        club=event.club.name,
        event=event.name,
        date=event.date,
        pads=pads,
        target=fmt.target,
        rubber=fmt.rubber,
        honours=fmt.honours,
        page_size=page_size or event.club.paper_size,
        honours_can_win=fmt.honours_can_win,
        revoke_penalty=fmt.revoke_penalty,
        moves=fmt.movement_kind.moves,
    )


# -- progression sheet ----------------------------------------------------------------------------------


def _spares_lines(evening: _Evening, first: HandSeating) -> list[str]:
    """The sit-out rotation the movement engine follows (movements.engine._rotate), in words."""
    if not first.sitting_out:
        return []
    roles = movements.roles_in_use([movements.Player(e.player_id, e.role or None) for e in evening.entrants])
    like = "of the same role " if roles else ""
    return [
        f"{len(first.sitting_out)} sit out each hand, in turn.",
        "After each hand the players who sat out come back into the seats of the players "
        f"{like}with the fewest hands missed so far (lowest card number first), who sit out the next hand.",
        "Everyone sits out about as often as everyone else; a sit-out scores "
        + {"average": "the player's own average so far.", "zero": "nothing.",
           "fixed": f"{evening.fmt.sitout_fixed} tricks."}[evening.fmt.sitout_score],
    ]  # fmt: skip


def progression_sheet(event: Event, page_size: str | None = None) -> ProgressionSheet:
    """Planned movements: every hand's seating; result-driven ones: the start and the rule."""
    evening = _Evening(event)
    planned = not evening.fmt.result_driven
    hands = evening.seated_hands if planned else evening.seated_hands[:1]
    seatings = [evening.hand_seating(hand) for hand in hands]
    return ProgressionSheet(
        club=event.club.name,
        event=event.name,
        date=event.date,
        players=[ProgressionPlayer(key=str(e.card_number), name=e.name, role=e.role or None) for e in evening.entrants],
        hands=seatings,
        planned=planned,
        movement_rule=movements.rule_sentence(evening.fmt),
        spares_rotation=[] if planned or not seatings else _spares_lines(evening, seatings[0]),
        page_size=page_size or event.club.paper_size,
    )


# -- results --------------------------------------------------------------------------------------------


def results_sheet(event: Event, page_size: str | None = None) -> ResultsSheet:
    """Standings with places and halves, and the prizes exactly as the prize page gives them.

    The standings and awards are the standings now (``scores.standings_now``), as on the prize page, so the
    sheet names the same winners, in the same order, with the same "equal with … on 81" words.
    """
    fmt = event.format
    if fmt.is_games:
        return _games_results_sheet(event, page_size)
    now = scores.standings_now(event)
    halves = fmt.interval_after is not None
    # Until a hand after the interval has a result, the second half has not begun: blank, not 0.
    second_begun = fmt.interval_after is not None and (now.final or now.last_hand > fmt.interval_after)
    card_numbers = _card_numbers(event)
    lines: list[tuple[_StandingLine, str | None, int | str | None]]  # (line, role, card number)
    if now.pair_lines is not None:
        # A Mitchell's or Howell's drive: one line a pair, its number where a player's card would be.
        lines = [(line, None, line.pair.label) for line in now.pair_lines]
    else:
        lines = [(s, s.role, card_numbers.get(s.id)) for s in now.standings]
    rows = [
        StandingRow(
            rank=line.rank,
            shared=line.tied,
            name=line.name,
            total=line.total,
            first_half=line.first_half if halves else None,
            second_half=line.second_half if second_begun else None,
            role=role,
            card_number=number,
        )
        for line, role, number in lines
    ]
    awards: list[PrizeAward] = []
    note = ""
    if not now.last_hand:
        # Everyone is equal on nothing: a list of ties would mean nothing yet.
        note = "No hands scored yet: the prizes are worked out once results are in."
    elif now.prize_error:
        note = f"The prize list cannot be worked out: {now.prize_error}. Correct it on the Prizes page."
    else:
        awards = [
            PrizeAward(
                prize=award.description,
                winners=[w.name for w in award.winners],
                score=award.winners[0].score if award.winners else None,
                tied=award.tie,
                note=award.why if not award.winners else "" if award.tie else award.message,
                heading=award.label,
                card_numbers=[card_numbers.get(w.id) for w in award.winners],
            )
            for award in now.awards
        ]
    return ResultsSheet(
        status=now.status_line,
        club=event.club.name,
        event=event.name,
        date=event.date,
        venue=event.venue,
        standings=rows,
        prizes=awards,
        prizes_note=note,
        page_size=page_size or event.club.paper_size,
        by_pairs=now.pair_lines is not None,
        draws=_draws(event),
    )


def _draws(event: Event) -> list[tuple[str, str]]:
    """The draws' winners, in the order drawn, as the prize page lists them (``draws.audit``)."""
    return [(line.title, line.winner) for line in draws.audit(event)]


def _card_numbers(event: Event) -> dict[str, int]:
    # Entrant.player_id, worked from two columns: deferred model instances cost a query each here.
    return {
        player_id(archive_id, card_number): card_number
        for archive_id, card_number in event.entrants.values_list("archive_id", "card_number")
    }


def _games_results_sheet(event: Event, page_size: str | None) -> ResultsSheet:
    """A game night: standings by rubber points, games and points, and each table's rubbers by name."""
    fmt = event.format
    now = scores.standings_now(event)
    night = now.night
    assert night is not None  # a game night's standings are its night's (scores._compute)
    card_numbers = _card_numbers(event)
    rows = [
        GamesRow(s.rank, s.tied, s.name, s.rubber_points, s.games_won, s.points, card_numbers.get(s.id))
        for s in night.standings
    ]
    if event.status == Event.Status.FINISHED:
        status = ""
    elif night.last_hand:
        status = f"Provisional after hand {night.last_hand} of {fmt.hands}"
    else:
        status = "No hands scored yet"
    rubber = {"classic": "classic rubber points (game values plus 2)", "simple": "rubber points (3 for 2–0, 2 for 2–1)",
              "none": "games (no rubbers)"}[fmt.rubber]  # fmt: skip
    return ResultsSheet(
        status=status,
        club=event.club.name,
        event=event.name,
        date=event.date,
        venue=event.venue,
        standings=[],
        games=rows,
        tables=[
            TableStory(number, lines)
            for number, lines in games.table_story(event, now.computed.people.entrants).items()
        ],
        ranking=f"Game to {fmt.target}. Ranked by {rubber}, then games won, then points.",
        page_size=page_size or event.club.paper_size,
        draws=_draws(event),
    )


# -- a pairs evening: pair cards; a duplicate evening's boards, movement cards and results -------------


def pairs_sheet(event: Event, page_size: str | None = None) -> PairsSheet:
    """Everything a pairs evening prints, from its rows: the pair cards (every pairs evening) and, in a
    duplicate evening, each board's record and traveller lines, the movement cards and the results."""
    fmt = event.format
    lines = pairs.pair_lines(event)
    by_ids = {line.pair.ids: line for line in lines}
    pair_of_player = {pid: line for line in lines for pid in line.pair.ids}
    seated: dict[tuple[int, int], dict[str, str]] = defaultdict(dict)
    ids = event.entrants.pair_ids()  # a substitute plays as the pair member whose seat they took
    for hand, number, seat, entrant_id in (
        Seating.objects.of_event(event).seated().values_list("hand", "table__number", "seat", "entrant_id")
    ):
        seated[hand, number][seat] = ids[entrant_id]
    slots: dict[tuple[int, int], int] = {}
    if fmt.is_duplicate:
        slots = {
            (hand, number): board
            for hand, number, board in TableBoard.objects.filter(table__event=event).values_list(
                "hand", "table__number", "board__number"
            )
        }
    where: dict[tuple[str, int], tuple[int, str]] = {}  # (pair label, round) -> (table, "NS"/"EW")
    for (hand, number), seats in seated.items():
        if (hand - 1) % fmt.hands_per_round:
            continue  # the round's first hand says where everyone sits for the round
        for side, pid in (("NS", seats.get("N")), ("EW", seats.get("E"))):
            if pid in pair_of_player:
                where[pair_of_player[pid].label, fmt.round_of(hand)] = (number, side)
    cards = []
    for line in lines:
        rows = []
        for r in range(1, fmt.rounds + 1):
            place = where.get((line.label, r))
            if place is None:
                rows.append(PairRound(r, None))
                continue
            number, side = place
            first = (r - 1) * fmt.hands_per_round + 1
            seats = seated[first, number]
            other = pair_of_player.get(seats["E"] if side == "NS" else seats["N"])
            round_boards = [slots[h, number] for h in range(first, first + fmt.hands_per_round) if (h, number) in slots]
            rows.append(
                PairRound(
                    r,
                    number,
                    "N–S" if side == "NS" else "E–W",
                    other.label if other else "",
                    other.name if other else "",
                    ", ".join(map(str, round_boards)),
                )  # fmt: skip
            )
        note = f"You sit N–S at table {line.pair.number} all evening." if line.pair.direction == "NS" else ""
        cards.append(PairCard(line.label, line.name, rows, note))
    sheet = PairsSheet(
        club=event.club.name, event=event.name, date=event.date, page_size=page_size or event.club.paper_size,
        venue=event.venue, cards=cards, scoring=fmt.scoring if fmt.is_duplicate else "",
    )  # fmt: skip
    if not fmt.is_duplicate:
        return sheet
    results = pairs.results_of(event) if event.started else None
    scored = {(b.number, s.table): s for b in (results.boards if results else ()) for s in b.scores}
    played = {(r.hand, r.table.number): r for r in Result.objects.for_event(event).select_related("table")}
    traveller: dict[int, list[TravellerLine]] = defaultdict(list)
    for (hand, number), board in sorted(slots.items()):
        seats = seated.get((hand, number), {})
        ns, ew = _pair_at(by_ids, seats, "N", "S"), _pair_at(by_ids, seats, "E", "W")
        result, score = played.get((hand, number)), scored.get((board, number))
        traveller[board].append(
            TravellerLine(
                table=number,
                round=fmt.round_of(hand),
                ns=ns.label if ns else "",
                ew=ew.label if ew else "",
                tricks_ns=result.tricks_ns if result else None,
                tricks_ew=result.tricks_ew if result else None,
                ns_score=score.ns if score and result else None,
                ew_score=score.ew if score and result else None,
            )  # fmt: skip
        )
    top = results.top if results and results.expected else None
    stored = list(event.boards.order_by("number"))
    double_dummy.solve_boards(stored)  # an evening kept before boards were analysed: solved once, here
    boards = [
        BoardPage(
            b.number,
            b.dealer,
            b.trump or None,
            b.deal,
            sorted(traveller[b.number], key=lambda line: (line.round, line.table)),
            top,
            None if (found := b.double_dummy()) is None else (found.ns, found.ew),
        )  # fmt: skip
        for b in stored
    ]
    plan = None
    if event.started or event.entrants.count() >= 4:
        # Before the start, the plan for the pairs registered: the movement cards print ahead of the evening.
        try:
            plan = pairs.plan_of(event)
        except DuplicateError:
            plan = None  # no movement fits yet; the start says what to change
    movement_cards = []
    if plan is not None:
        last = plan.tables + (1 if plan.half_table else 0)
        movement_cards = [(t, plan.movement_card(t)) for t in range(1, last + 1)]
    now = scores.standings_now(event) if event.started else None
    fields: list[tuple[str, list[PairsResultLine]]] = []
    prize_rows = []
    if results is not None:
        for heading, group in pairs.by_field(pairs.result_lines(event, results)):
            fields.append(
                (
                    heading,
                    [
                        PairsResultLine(
                            line.place, line.label, line.name, line.score, line.percentage, line.boards_played
                        )
                        for line in group
                    ],
                )  # fmt: skip
            )
        labels = {"+".join(line.pair.ids): line.label for line in lines}
        for award in now.awards if now else []:
            winners = ", ".join(f"{labels.get(w.id, '')} {w.name}" for w in award.winners) or "—"
            best = award.winners[0].score if award.winners else None
            if best is None:
                shown = ""
            elif results.scoring == "matchpoints":
                shown = percentage_text(best)
            else:
                shown = str(best)
            prize_rows.append((award.description, winners, shown))
    return replace(
        sheet, boards=boards, movement_cards=movement_cards, fields=fields, prizes=prize_rows,
        top=results.top if results else 0, status=now.status_line if now else "",
    )  # fmt: skip


def _pair_at(
    by_ids: dict[tuple[str, str], pairs.PairLine], seats: dict[str, str], first: str, second: str
) -> pairs.PairLine | None:
    """The pair in two seats of a table, None when either seat is empty."""
    one, other = seats.get(first), seats.get(second)
    return None if one is None or other is None else by_ids.get((one, other))


def hand_records_sheet(event: Event, first: int, last: int, page_size: str | None = None) -> PairsSheet:
    """The hand records of boards ``first`` to ``last``. Before the start they are dealt from the event's
    board seed, exactly the boards the start will store (``Event.hand_records``), with which boards each
    number of pairs plays; after it, the boards in play as stored (a lost or fouled board reprinted)."""
    if event.started:
        sheet = pairs_sheet(event, page_size)
        return replace(sheet, boards=[board for board in sheet.boards if first <= board.number <= last])
    boards = [
        BoardPage(board.number, board.dealer, board.trump, board.to_dict()["deal"])
        for board in event.hand_records(last)[first - 1 :]
    ]
    seed = (
        f"Boards {first}–{last} of this evening, dealt from its own seed: printed again, before the start or "
        "after it, the same cards come out, and these are the boards played."
    )
    return PairsSheet(
        club=event.club.name, event=event.name, date=event.date, page_size=page_size or event.club.paper_size,
        venue=event.venue, scoring=event.scoring, boards=boards, notes=[seed, *pairs.boards_to_make_up(event)],
    )  # fmt: skip


def treasurers_sheet(event: Event, page_size: str | None = None) -> TreasurersSheet:
    """The evening's money as the treasurer's sheet prints it (``money.sheet_of``)."""
    found = money.sheet_of(event)
    sheet = found.sheet
    return TreasurersSheet(
        club=event.club.name,
        event=event.name,
        date=event.date,
        venue=event.venue,
        currency=found.currency,
        takings=[(ledger.KIND_WORDS[kind], str(amount)) for kind, amount in sheet.takings.items() if amount],
        costs=[(ledger.KIND_WORDS[kind], str(amount)) for kind, amount in sheet.costs.items() if amount],
        by_method=[(ledger.METHOD_WORDS[m], str(amount)) for m, amount in sheet.by_method.items() if amount],
        total_takings=str(sheet.total_takings),
        total_costs=str(sheet.total_costs),
        net=str(sheet.net),
        unpaid=[f"{entrant.card_number} {entrant.name}" for entrant in found.unpaid],
        lines=[
            MoneyLine(
                row["when"],
                row["kind"],
                row["amount"],
                row["method"],
                row["who"],
                row["note"],
                row["by"],
                correction=bool(row["corrects"]),
            )  # fmt: skip
            for row in money.line_rows(found)
        ],
        page_size=page_size or event.club.paper_size,
    )


def door_poster(event: Event, request_or_base_url: HttpRequest | str, page_size: str | None = None) -> DoorPoster:
    """Tonight's door poster, its QR code on the address this request came in on (the one phones reach)."""
    return DoorPoster(
        club=event.club.name,
        event=event.name,
        date=event.date,
        venue=event.venue,
        url=absolute(request_or_base_url, reverse("door", args=[event.door_code])),
        page_size=page_size or event.club.paper_size,
    )
