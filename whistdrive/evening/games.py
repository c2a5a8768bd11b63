"""The adapter for game nights: an event's seatings and results in, each table's games and rubbers out.

Loads the rows (two queries whatever the size), builds ``standings.SeatedHand`` values, marks a
hand ``fresh`` when the partnerships at its table changed (a Mitchell move after
``hands_per_round`` hands), and asks the rules engine (``score_games``) for each table's score
and the standings engine (``games_standings``) for the players' night. Nothing is stored:
every page derives the games from the ``Result`` rows, so a corrected hand rescores the night.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from whistdrive.engines import standings
from whistdrive.engines.rules import SIDE_NAMES, ScoredHand, TableScore, score_games
from whistdrive.store.models import Event, Result, Seating, Table, player_id


@dataclass(frozen=True)
class TableGames:
    """One table's night so far, for the pages."""

    number: int
    score: TableScore
    seats: dict[str, str]  # the latest hand's seating at the table (entrant ids)

    @property
    def state(self) -> str:
        return self.score.state

    @property
    def last(self) -> ScoredHand | None:
        return self.score.hands[-1] if self.score.hands else None

    def hand(self, number: int) -> ScoredHand | None:
        return next((h for h in self.score.hands if h.number == number), None)

    @property
    def games_line(self) -> str:
        """ "Games: North–South 2, East–West 1" over the whole night at the table."""
        won = self.score.totals_of_games
        return f"Games: {SIDE_NAMES['NS']} {won['NS']}, {SIDE_NAMES['EW']} {won['EW']}"


def seated_hands(event: Event, *, table: Table | None = None, up_to: int | None = None) -> dict[int, list]:
    """Table number -> its hands with an agreed result, in order, as ``standings.SeatedHand``."""
    seatings = Seating.objects.of_event(event).seated()
    results = Result.objects.for_event(event)
    if table is not None:
        seatings, results = seatings.at_table(table), results.filter(table=table)
    if up_to is not None:
        seatings, results = seatings.up_to(up_to), results.filter(hand__lte=up_to)
    seats: dict[tuple[int, int], dict[str, str]] = defaultdict(dict)
    for hand, number, seat, archive_id, card_number in seatings.values_list(
        "hand", "table__number", "seat", "entrant__archive_id", "entrant__card_number"
    ):
        seats[number, hand][seat] = player_id(archive_id, card_number)
    tables: dict[int, list[standings.SeatedHand]] = defaultdict(list)
    for hand, _table_id, number, entry in sorted(results.entries(), key=lambda row: (row[2], row[0])):
        tables[number].append(standings.SeatedHand(hand, seats[number, hand], entry))
    return dict(tables)


def _table_games(event: Event, number: int, hands: list) -> TableGames:
    score = score_games(event.format, standings.game_hands(hands))
    return TableGames(number, score, dict(hands[-1].seats) if hands else {})


def table_games(event: Event, *, up_to: int | None = None) -> dict[int, TableGames]:
    """Every table's games and rubbers, keyed by table number (tables without a result have none)."""
    by_table = seated_hands(event, up_to=up_to)
    return {number: _table_games(event, number, hands) for number, hands in sorted(by_table.items())}


def games_for_table(table: Table, *, up_to: int | None = None) -> TableGames:
    """One table's games and rubbers so far (for its phone page)."""
    event = table.event
    hands = seated_hands(event, table=table, up_to=up_to).get(table.number, [])
    return _table_games(event, table.number, hands)


@dataclass(frozen=True)
class Night:
    """A game night now: the players' standings and each table's games, from one load."""

    standings: list[standings.GamesStanding]
    tables: dict[int, TableGames]

    @property
    def last_hand(self) -> int:
        """The latest hand with a result at any table; 0 before any."""
        return max((t.score.last_number for t in self.tables.values()), default=0)

    @property
    def incomplete(self) -> bool:
        """Some table has yet to hand in the latest hand."""
        last = self.last_hand
        return any(t.score.last_number < last for t in self.tables.values())


def night_of(event: Event, entrants: list[standings.Person]) -> Night:
    """The night now, for ``entrants`` (the standings adapter has them loaded already)."""
    by_table = seated_hands(event)
    final = event.status == Event.Status.FINISHED
    rows = standings.games_standings(event.format, entrants, by_table, final=final)
    tables = {number: _table_games(event, number, hands) for number, hands in sorted(by_table.items())}
    return Night(rows, tables)


def table_story(event: Event, entrants: list[standings.Person]) -> dict[int, list[str]]:
    """Each table's rubbers (or games, without rubbers) in players' names, for the results sheet.

    With a Mitchell movement the pairs at a table change, so sides are named, not "North–South".
    """
    fmt = event.format
    names = {e.id: e.name for e in entrants}
    story: dict[int, list[str]] = {}
    for number, hands in sorted(seated_hands(event).items()):
        played = standings.game_hands(hands)
        score = score_games(fmt, played)
        ends = {rubber.ended_at: index for index, rubber in enumerate(score.rubbers)}
        lines = []
        for hand, scored in zip(hands, score.hands, strict=True):
            if scored.game_won_by is None:
                continue
            seats = ("N", "S") if scored.game_won_by == "NS" else ("E", "W")
            pair = " & ".join(names.get(hand.seats.get(s), "?") for s in seats)
            if hand.number in ends:
                rubber = score.rubbers[ends[hand.number]]
                won = sum(1 for g in rubber.games if g == rubber.won_by)
                lines.append(
                    f"Hand {hand.number}: rubber to {pair} ({won}–{len(rubber.games) - won}), {rubber.points} points"
                )
            elif fmt.rubber == "none":
                lines.append(f"Hand {hand.number}: game to {pair} ({scored.score['NS']}–{scored.score['EW']})")
        lines.append(f"{score.state}.")
        story[number] = lines
    return story
