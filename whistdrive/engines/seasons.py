"""Season tables across a club's events, and a league table for inter-club matches.

Plain Python, no Django import: an adapter turns each finished event's results into an
``EventResult`` and calls ``season_table``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

COUNTINGS = ("all", "best")


class SeasonError(ValueError):
    """A season setting an organiser must correct."""


@dataclass(frozen=True)
class Participant:
    member: str | None  # the club member's id; None for a guest
    name: str
    total: int
    hands_played: int


@dataclass(frozen=True)
class EventResult:
    event: str
    date: str  # ISO date, "2026-12-01": sorts in date order
    participants: tuple[Participant, ...]


@dataclass(frozen=True)
class SeasonRow:
    member: str
    name: str  # the name on the member's latest event
    events_played: int
    total: int  # every event's total
    hands_played: int
    average: Decimal  # total per hand played, to 2 places (0.00 with no hands)
    best_total: int | None  # counting "best": the sum of the best N event totals
    counted: tuple[str, ...]  # event ids that make up the score the table is ordered on
    position: int
    tied: bool


@dataclass(frozen=True)
class GuestRow:
    name: str
    event: str
    date: str
    total: int
    hands_played: int


@dataclass(frozen=True)
class SeasonTable:
    rows: tuple[SeasonRow, ...]
    guests: tuple[GuestRow, ...]  # listed apart: a guest has no member id to carry between events
    counting: str
    best: int | None
    events: int

    @property
    def heading(self) -> str:
        if self.counting == "best":
            return f"Best {self.best} of {self.events}"
        return f"All {self.events} events"


def season_table(events: Sequence[EventResult], *, counting: str = "all", best: int | None = None) -> SeasonTable:
    """Members ordered by season score; positions shared on equal scores ("1, 2, 2, 4").

    counting="all": the score is the sum of every event total.
    counting="best": the sum of the member's best ``best`` event totals (all of them when
    they played fewer), the usual "best N of M drives" so that a missed evening costs nothing.
    Order: season score, then average per hand, then name (name only orders the print;
    the position stays shared).
    """
    if counting not in COUNTINGS:
        raise SeasonError(f"counting must be 'all' or 'best', not {counting!r}")
    if counting == "best":
        if not isinstance(best, int) or isinstance(best, bool) or best < 1:
            raise SeasonError(
                f"best-of counting needs how many events count, a whole number of 1 or more, not {best!r}"
            )
    elif best is not None:
        raise SeasonError("a number of best events only applies when counting the best events")

    ordered_events = sorted(events, key=lambda e: (e.date, e.event))
    played: dict[str, list[tuple[EventResult, Participant]]] = {}
    guests: list[GuestRow] = []
    for event in ordered_events:
        seen: set[str] = set()
        for person in event.participants:
            if person.member is None:
                guests.append(GuestRow(person.name, event.event, event.date, person.total, person.hands_played))
                continue
            if person.member in seen:
                raise ValueError(f"event {event.event}: member {person.member!r} appears twice")
            seen.add(person.member)
            played.setdefault(person.member, []).append((event, person))

    rows: list[dict[str, Any]] = []
    for member, entries in played.items():
        total = sum(p.total for _, p in entries)
        hands = sum(p.hands_played for _, p in entries)
        if counting == "best":
            # Highest totals first; on equal totals the earlier event counts (a stable, checkable choice).
            chosen = sorted(entries, key=lambda pair: -pair[1].total)[:best]
            best_total = sum(p.total for _, p in chosen)
            counted = tuple(e.event for e, _ in sorted(chosen, key=lambda pair: (pair[0].date, pair[0].event)))
        else:
            best_total = None
            counted = tuple(e.event for e, _ in entries)
        rows.append(
            dict(
                member=member,
                name=entries[-1][1].name,
                events_played=len(entries),
                total=total,
                hands_played=hands,
                average=_per_hand(total, hands),
                best_total=best_total,
                counted=counted,
            )
        )

    def score(row: dict[str, Any]) -> int:
        return int(row["best_total"] if counting == "best" else row["total"])

    rows.sort(key=lambda row: (-score(row), -row["average"], row["name"], row["member"]))
    table: list[SeasonRow] = []
    for index, row in enumerate(rows):
        position = index + 1
        if index and score(rows[index - 1]) == score(row):
            position = table[-1].position
        tied = sum(1 for other in rows if score(other) == score(row)) > 1
        table.append(SeasonRow(position=position, tied=tied, **row))
    return SeasonTable(tuple(table), tuple(guests), counting, best, len(ordered_events))


@dataclass(frozen=True)
class LeagueRow:
    club: str
    played: int
    won: int
    drawn: int
    lost: int
    tricks_for: int
    tricks_against: int
    difference: int
    points: int
    position: int


WIN_POINTS = 3
TIE_POINTS = 1


def league_table(matches: Iterable[tuple[str, str, int, int]]) -> list[LeagueRow]:
    """Inter-club league: 3 points for a win, 1 for a tie; ordered by points then tricks difference.

    Each match is (home_club, away_club, home_tricks, away_tricks). Clubs level on points and
    difference share a position; the club name only orders the print.
    """
    clubs: dict[str, dict[str, int]] = {}

    def club(name: str) -> dict[str, int]:
        return clubs.setdefault(name, dict(played=0, won=0, drawn=0, lost=0, tricks_for=0, tricks_against=0))

    for number, match in enumerate(matches, start=1):
        home, away, home_tricks, away_tricks = match
        if home == away:
            raise ValueError(f"match {number}: {home} cannot play itself")
        for tricks in (home_tricks, away_tricks):
            if not isinstance(tricks, int) or isinstance(tricks, bool) or tricks < 0:
                raise ValueError(f"match {number}: tricks must be whole numbers of 0 or more, not {tricks!r}")
        for name, ours, theirs in ((home, home_tricks, away_tricks), (away, away_tricks, home_tricks)):
            row = club(name)
            row["played"] += 1
            row["tricks_for"] += ours
            row["tricks_against"] += theirs
            if ours > theirs:
                row["won"] += 1
            elif ours == theirs:
                row["drawn"] += 1
            else:
                row["lost"] += 1

    rows: list[dict[str, Any]] = []
    for name, row in clubs.items():
        points = WIN_POINTS * row["won"] + TIE_POINTS * row["drawn"]
        rows.append(dict(club=name, difference=row["tricks_for"] - row["tricks_against"], points=points, **row))
    rows.sort(key=lambda r: (-r["points"], -r["difference"], r["club"]))
    table: list[LeagueRow] = []
    for index, line in enumerate(rows):
        position = index + 1
        previous = rows[index - 1] if index else None
        if previous and (previous["points"], previous["difference"]) == (line["points"], line["difference"]):
            position = table[-1].position
        table.append(LeagueRow(position=position, **line))
    return table


def _per_hand(total: int, hands: int) -> Decimal:
    if not hands:
        return Decimal("0.00")
    return (Decimal(total) / Decimal(hands)).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
