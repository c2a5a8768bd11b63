"""A grade for whist: each player's current standard from their recent evenings (docs/grades.md).

Modelled on the EBU's National Grading Scheme for bridge. An evening's result is a percentage of that
evening's field (50 is the field's average), adjusted for the grades of the opponents actually played
against, hand by hand; a grade is the average of those adjusted results over the last three years,
each weighted by its hands and by how recent it is, starting from a prior of 50 worth two evenings so
that a new player's grade settles over a few sessions rather than jumping with the first.

Plain Python on plain values, no Django: the evening's adapter (``whistdrive.evening.grades``) reads the
stored results and hands them here, on the laptop and on the hosted site alike.
"""

from __future__ import annotations

import datetime
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

AVERAGE = 50.0  # a grade, like a result, is a percentage: 50 is the field's average
HALF_LIFE_HANDS = 240  # a session's weight halves for every 240 hands (ten 24-hand evenings) played after it
PRIOR_HANDS = 48  # a newcomer starts at 50 worth two 24-hand evenings, which fades as they play
WINDOW_DAYS = 3 * 365 + 1  # sessions older than three years drop out
DECAY = 0.5 ** (1 / HALF_LIFE_HANDS)  # the weight kept per hand played since

Player = Hashable


@dataclass(frozen=True)
class Line:
    """One player's evening: their result as a percentage of the field (50 = the field's average), the hands
    behind it, and the hands they played against each opponent (a guest or anyone ungraded counts as 50)."""

    percentage: float
    hands: int
    opponents: Mapping[Player, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Session:
    """An evening: its date and every graded player's line (the field)."""

    date: datetime.date
    lines: Mapping[Player, Line]
    key: Hashable = None  # the caller's name for it (the event), carried into the history


@dataclass(frozen=True)
class Played:
    """One session as it counts towards a grade."""

    date: datetime.date
    hands: int
    performance: float  # the result adjusted for the opposition
    key: Hashable = None


@dataclass(frozen=True)
class Point:
    """A player's grade just after a session: one point of their chart."""

    date: datetime.date
    grade: float
    change: float
    performance: float
    key: Hashable = None


def percentage_of_field(score: float, hands: int, field_score: float, field_hands: int) -> float:
    """A result as a percentage of the evening's field: 50 × the player's score per hand over the field's
    score per player-hand, held within 0..100. In a drive the field's tricks per hand are always 6.5, so
    this is tricks ÷ (13 × hands) × 100; on a game night it is points per hand against the field's."""
    if hands <= 0 or field_hands <= 0 or field_score <= 0:
        return AVERAGE
    return max(0.0, min(100.0, AVERAGE * (score / hands) / (field_score / field_hands)))


def performance(line: Line, grades: Mapping[Player, float]) -> float:
    """The result adjusted for the opposition: the percentage plus how far the opponents' grades (averaged
    over the hands played against each) are above 50. A 55 % against opponents graded 52 performs at 57."""
    against = sum(line.opponents.values())
    if not against:
        return line.percentage
    strength = sum(grades.get(who, AVERAGE) * hands for who, hands in line.opponents.items()) / against
    return line.percentage + (strength - AVERAGE)


def grade_of(played: Sequence[Played], on: datetime.date) -> float:
    """A player's grade on ``on`` from their sessions (in date order): the prior and each session within the
    window, each weighted by its hands and by DECAY for every hand played after it, averaged."""
    start = on - datetime.timedelta(days=WINDOW_DAYS)
    total = weight = 0.0
    later = 0  # hands played after the session being weighed
    for session in reversed(played):
        if session.date <= start or session.date > on:
            continue
        w = session.hands * DECAY**later
        total += w * session.performance
        weight += w
        later += session.hands
    prior = PRIOR_HANDS * DECAY**later
    return (total + prior * AVERAGE) / (weight + prior)


@dataclass
class Grades:
    """Every player's sessions and grade history, as ``grade_sessions`` worked them out."""

    played: dict[Player, list[Played]] = field(default_factory=dict)
    history: dict[Player, list[Point]] = field(default_factory=dict)

    def grade(self, player: Player, on: datetime.date) -> float:
        """The player's grade on a date (50 for someone with no session)."""
        return grade_of(self.played.get(player, ()), on)

    def current(self, on: datetime.date) -> dict[Player, float]:
        return {player: grade_of(sessions, on) for player, sessions in self.played.items()}


def grade_session(grades: Grades, session: Session) -> dict[Player, float]:
    """Add one session to ``grades``: every player's performance is judged against the opponents' grades
    as they stood before the session (so the order of the lines never matters), then each player's grade
    moves. Returns each player's change."""
    before = {player: grades.grade(player, session.date) for player in _graded(session)}
    changes: dict[Player, float] = {}
    for player, line in session.lines.items():
        if line.hands <= 0:
            continue
        done = Played(session.date, line.hands, performance(line, before), session.key)
        sessions = grades.played.setdefault(player, [])
        sessions.append(done)
        after = grade_of(sessions, session.date)
        changes[player] = after - before[player]
        grades.history.setdefault(player, []).append(
            Point(session.date, after, changes[player], done.performance, session.key)
        )
    return changes


def grade_sessions(sessions: Iterable[Session]) -> Grades:
    """Grades from nothing: every session in date order (the stored results, never an edited grade)."""
    grades = Grades()
    for session in sorted(sessions, key=lambda s: s.date):
        grade_session(grades, session)
    return grades


def _graded(session: Session) -> set[Player]:
    players = set(session.lines)
    for line in session.lines.values():
        players.update(line.opponents)
    return players
