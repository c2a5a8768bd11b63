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
from dataclasses import dataclass

from django.http import HttpRequest

from whistdrive import games, movements, prizes, scores, standings
from whistdrive.models import Entrant, Event, Result, Seating
from whistdrive.rules import trump_for_hand

from .sheets import (
    GamesStanding,
    HandSeating,
    PrizeAward,
    ProgressionPlayer,
    ProgressionSheet,
    ResultsSheet,
    Scorecard,
    ScorecardRow,
    ScorecardSheet,
    ScorePad,
    ScorePadSheet,
    SeatedTable,
    Standing,
    TableCard,
    TableCardSheet,
    TableStory,
)

PARTNER_SEAT = {"N": "S", "S": "N", "E": "W", "W": "E"}
SITTING_OUT = "Sitting out"
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
        self.entrants: list[Entrant] = list(event.entrants.order_by("card_number"))
        self.by_pk = {e.pk: e for e in self.entrants}
        self.places: dict[tuple[int, int], _Place] = {}  # (entrant pk, hand) -> place
        self.tables: dict[int, dict[int, dict[str, int]]] = defaultdict(dict)  # hand -> table -> seat -> pk
        self.sitting_out: dict[int, list[int]] = defaultdict(list)  # hand -> entrant pks
        rows = Seating.objects.filter(event=event).values_list("hand", "entrant_id", "table__number", "seat")
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
    entrants, hands = scores.standings_input(event)
    final = event.status == Event.Status.FINISHED
    current = standings.drive_standings(event.format, entrants, hands, final=final)
    return {s.id: s for s in current}, max((h.number for h in hands), default=0)


# -- scorecards ---------------------------------------------------------------------------------------


def scorecard_sheet(event: Event, request_or_base_url: HttpRequest | str, page_size: str | None = None) -> ScorecardSheet:
    """One scorecard per entrant, filled with whatever the evening knows so far."""
    evening = _Evening(event)
    fmt = evening.fmt
    by_player, last_hand = _standings_by_player(event)
    finished = event.status == Event.Status.FINISHED
    half_known = fmt.interval_after is not None and (finished or last_hand >= fmt.interval_after)
    cards = []
    for entrant in evening.entrants:
        standing = by_player.get(entrant.player_id)
        scored: dict[int, tuple[int, int]] = {}
        if standing is not None:
            scored = {h.number: (h.score, run) for h, run in zip(standing.hands, standing.running, strict=True)}
        rows = []
        for hand in range(1, fmt.hands + 1):
            place = evening.places.get((entrant.pk, hand))
            trump = trump_for_hand(fmt.trumps, hand)
            partner = None
            if place is not None and place.table is not None:
                partner_pk = evening.tables[hand][place.table].get(PARTNER_SEAT[place.seat])
                partner = evening.by_pk[partner_pk].name if partner_pk else None
                # Turned or cut trumps are known once the table's result is in.
                trump = trump or evening.played_trumps.get((hand, place.table))
            elif place is not None:
                partner = SITTING_OUT
            score, running = scored.get(hand, (None, None))
            rows.append(
                ScorecardRow(
                    hand=hand,
                    trump=trump,
                    table=place.table if place else None,
                    seat=(place.seat or None) if place else None,
                    partner=partner,
                    tricks=score,
                    running_total=running,
                )
            )
        cards.append(
            Scorecard(
                name=entrant.name,
                card_number=entrant.card_number,
                role=entrant.role or None,
                personal_url=absolute(request_or_base_url, entrant.get_absolute_url()),
                rows=rows,
                half_time_total=standing.first_half if standing is not None and half_known else None,
                total=standing.total if standing is not None and finished else None,
            )
        )
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


def table_card_sheet(event: Event, request_or_base_url: HttpRequest | str, page_size: str | None = None) -> TableCardSheet:
    return TableCardSheet(
        club=event.club.name,
        event=event.name,
        date=event.date,
        cards=[
            TableCard(table=table.number, url=absolute(request_or_base_url, table.get_absolute_url()))
            for table in event.tables.order_by("number")
        ],
        trump_rotation=event.format.trump_rotation,
        page_size=page_size or event.club.paper_size,
    )


def score_pad_sheet(event: Event, page_size: str | None = None) -> ScorePadSheet:
    """A game night's pads: one per table, headed with the pairs seated there now."""
    evening = _Evening(event)
    hands = evening.seated_hands
    hand = max(min(max(event.current_hand, 1), hands[-1]), hands[0]) if hands else 0
    seated = evening.tables.get(hand, {})
    pads = []
    for table in event.tables.order_by("number"):
        seats = seated.get(table.number, {})

        def pair(a: str, b: str, seats=seats) -> str:
            return " & ".join(evening.by_pk[seats[s]].name for s in (a, b) if s in seats)

        players = f"{pair('N', 'S')} v {pair('E', 'W')}" if seats else ""
        pads.append(ScorePad(table=table.number, players=players))
    fmt = evening.fmt
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
        moves=fmt.movement != "stationary",
    )


# -- progression sheet ----------------------------------------------------------------------------------


def _spares_lines(evening: _Evening, first: HandSeating) -> list[str]:
    """The sit-out rotation the movement engine follows (movements.rules._rotate), in words."""
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
    """Standings with ranks and halves, and the prizes with their winners (ties flagged)."""
    fmt = event.format
    if fmt.is_games:
        return _games_results_sheet(event, page_size)
    entrants, hands = scores.standings_input(event)
    final = event.status == Event.Status.FINISHED
    current = standings.drive_standings(fmt, entrants, hands, final=final)
    # Entrant.player_id, worked from two columns: deferred model instances cost a query each here.
    card_numbers = {
        archive_id or f"p{card_number}": card_number
        for archive_id, card_number in event.entrants.values_list("archive_id", "card_number")
    }
    halves = fmt.interval_after is not None
    rows = [
        Standing(
            rank=s.rank,
            shared=s.tied,
            name=s.name,
            total=s.total,
            first_half=s.first_half if halves else None,
            second_half=s.second_half if halves else None,
            role=s.role,
            card_number=card_numbers.get(s.id),
        )
        for s in current
    ]
    # The same default list as the standings page, so the sheet names the same winners.
    prize_list = list(event.prizes or []) or prizes.default_prizes(any(e.role for e in entrants))
    awards = [
        PrizeAward(
            prize=award.description,
            winners=[w.name for w in award.winners],
            score=award.winners[0].score if award.winners else None,
            tied=award.tie,
        )
        for award in prizes.award_prizes(prize_list, current, qualified=scores.qualified_for_prizes(event, current))
    ]
    last_hand = max((h.number for h in hands), default=0)
    if final:
        status = ""
    elif last_hand:
        status = f"Provisional after hand {last_hand} of {fmt.hands}: prizes if it ended now"
    else:
        status = "No hands scored yet"
    return ResultsSheet(
        status=status,
        club=event.club.name,
        event=event.name,
        date=event.date,
        venue=event.venue,
        standings=rows,
        prizes=awards,
        page_size=page_size or event.club.paper_size,
    )


def _games_results_sheet(event: Event, page_size: str | None) -> ResultsSheet:
    """A game night: standings by rubber points, games and points, and each table's rubbers by name."""
    fmt = event.format
    night = games.night_of(event)
    card_numbers = {
        archive_id or f"p{card_number}": card_number
        for archive_id, card_number in event.entrants.values_list("archive_id", "card_number")
    }
    rows = [
        GamesStanding(s.rank, s.tied, s.name, s.rubber_points, s.games_won, s.points, card_numbers.get(s.id))
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
        tables=[TableStory(number, lines) for number, lines in games.table_story(event).items()],
        ranking=f"Game to {fmt.target}. Ranked by {rubber}, then games won, then points.",
        page_size=page_size or event.club.paper_size,
    )
