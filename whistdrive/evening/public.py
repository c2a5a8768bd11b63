"""The public results adapter: what a published evening, board or member shows online (docs/results-online.md).

Names follow each member's choice (``Member.online``: the full name, initials, or "A player"); a guest
shows as initials. Nothing here carries an email, a phone or a token: the pages are drawn from these
values only. Scores come from ``scores.standings_now``, grades from ``grades.club_grades``.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from django.utils import timezone

from clubs.models import Club, Member
from whistdrive.engines import prizes
from whistdrive.engines.duplicate import took_words
from whistdrive.evening import double_dummy, grades, pairs, scores
from whistdrive.evening.public_links import HIDDEN, Shown, people_shown, shown_name
from whistdrive.store.models import Entrant, Event


@dataclass(frozen=True)
class Line:
    place: str  # "1", "=2"
    players: tuple[Shown, ...]  # one, or a pair
    score: str  # "169", "58.3 %", "12 rubber points"
    hands: int


@dataclass(frozen=True)
class Prize:
    description: str
    winners: tuple[str, ...]
    score: str
    tie: bool


@dataclass(frozen=True)
class Field:
    title: str  # "" for one field; "N–S" / "E–W" in a two-field duplicate
    lines: tuple[Line, ...]


@dataclass(frozen=True)
class PublicEvening:
    event: Event
    provisional: bool
    kind_words: str  # "Drive", "Duplicate", "Game night"
    score_heading: str
    fields: tuple[Field, ...]
    prizes: tuple[Prize, ...]
    boards: tuple[int, ...]  # a duplicate evening's boards, each with its page


def public_evening(event: Event, now: datetime.datetime | None = None) -> PublicEvening:
    """A published evening's results and prizes, names as each player chose."""
    now = now or timezone.now()
    evening = scores.standings_now(event)
    shown = people_shown(event)

    def who(pid: str) -> Shown:
        return shown.get(pid, Shown(HIDDEN, None))

    boards: tuple[int, ...] = ()
    if evening.duplicate is not None:
        results = evening.duplicate
        groups: dict[str | None, list[Line]] = {}
        for pair in results.pairs:
            score = f"{pair.percentage:.1f} %" if pair.percentage is not None else f"{pair.score:+.1f}"
            groups.setdefault(pair.direction, []).append(
                Line(
                    grades.place_words(pair.rank, pair.tied),
                    tuple(who(pid) for pid in pair.ids),
                    score,
                    pair.boards_played,
                )
            )
        fields = tuple(Field(pairs.direction_words(d), tuple(lines)) for d, lines in groups.items())
        boards = tuple(board.number for board in results.boards)
        kind, heading = "Duplicate", "Matchpoints" if results.scoring == "matchpoints" else "Score"
    elif evening.night is not None:
        fields = (
            Field(
                "",
                tuple(
                    Line(grades.place_words(s.rank, s.tied), (who(s.id),), f"{s.rubber_points}", s.hands_played)
                    for s in evening.night.standings
                ),
            ),
        )
        kind, heading = "Game night", "Rubber points"
    else:
        fields = (
            Field(
                "",
                tuple(
                    Line(
                        grades.place_words(s.rank, s.tied), (who(s.id),), str(s.total), s.hands_played + s.hands_sat_out
                    )
                    for s in evening.standings
                ),
            ),
        )
        kind, heading = "Drive", "Tricks"
    return PublicEvening(
        event=event,
        provisional=event.is_provisional(now),
        kind_words=kind,
        score_heading=heading,
        fields=fields,
        prizes=tuple(_prize(evening, award, who) for award in evening.awards),
        boards=boards,
    )


def _prize(evening: scores.Evening, award: prizes.Award, who) -> Prize:
    names = []
    for winner in award.winners:
        names.append(" & ".join(who(pid).name for pid in grades.players_of(evening, winner.id)))
    score = str(award.winners[0].score) if award.winners else ""
    return Prize(award.description, tuple(names), score, award.tie)


# -- a duplicate board -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardTable:
    table: int
    ns: str
    ew: str
    tricks_ns: int
    tricks_ew: int
    took: str  # "took 7; 8 were there", or "" without double dummy


@dataclass(frozen=True)
class PublicBoard:
    number: int
    trump: str | None
    dealer: str
    deal: dict[str, list[str]] | None  # seat -> cards, as the hand record has them
    double_dummy_ns: int | None  # N–S tricks with the fixed trump and the real leader
    double_dummy_ew: int | None
    leader: str | None
    tables: tuple[BoardTable, ...]


def public_board(event: Event, number: int) -> PublicBoard | None:
    """A duplicate board as played: its hand record, its double-dummy tricks and every table's result (the
    N–S pair's tricks beside what was there). None for a board the evening did not have."""
    board = event.boards.filter(number=number).first()
    if board is None:
        return None
    results = scores.standings_now(event).duplicate
    shown = people_shown(event)
    found = double_dummy.double_dummy_of(event).get(number)
    there = found["ns"] if found else None
    labels = {}
    for pair in pairs.pairs_of(event):
        labels[pair.label] = " & ".join(shown.get(pid, Shown(HIDDEN, None)).name for pid in pair.ids)
    lines = []
    for line in pairs.traveller(event, number, results):
        lines.append(
            BoardTable(
                line.table,
                labels.get(line.ns, line.ns),
                labels.get(line.ew, line.ew),
                line.tricks_ns,
                line.tricks_ew,
                took_words(line.tricks_ns, there) if there is not None else "",
            )
        )
    return PublicBoard(
        number=number,
        trump=board.trump or None,
        dealer=board.dealer,
        deal=board.deal or None,
        double_dummy_ns=there,
        double_dummy_ew=found["ew"] if found else None,
        leader=found["leader"] if found else None,
        tables=tuple(lines),
    )


# -- a member's page ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PlayedEvening:
    event: Event
    provisional: bool
    placing: grades.Placing | None  # None: they are in the evening's entries but not its standings
    grade_after: float | None  # the grade just after it (None while provisional)


@dataclass
class MemberPage:
    member: Member
    name: str
    grade: float | None
    history: list[tuple[datetime.date, float]] = field(default_factory=list)
    evenings: list[PlayedEvening] = field(default_factory=list)


def member_page(club: Club, member: Member, now: datetime.datetime | None = None) -> MemberPage:
    """Every published evening the member played, newest first, with their place, score and prizes, and their
    grade now and after each evening that counted. The evenings that count come with the club's grades (one
    reading of them for the whole club); only a provisional evening's standings are read here."""
    now = now or timezone.now()
    worked = grades.club_grades(club, now)
    after = {point.key: point.grade for point in worked.history(member.pk)}
    page = MemberPage(
        member,
        shown_name(member.name, member.online, member.erased is not None),
        worked.grade(member.pk, timezone.localdate(now)),
        [(point.date, point.grade) for point in worked.history(member.pk)],
    )
    entries = (
        Entrant.objects.filter(member=member, event__club=club, event__published_at__isnull=False)
        .select_related("event__club", "stands_in_for")
        .order_by("-event__date", "-event__pk")
    )
    for entry in entries:
        event = entry.event
        if event.pk in worked.events:
            placing = worked.placings.get((member.pk, event.pk))
        else:
            placing = grades.placings(scores.standings_now(event)).get(entry.pair_id)
        page.evenings.append(PlayedEvening(event, event.is_provisional(now), placing, after.get(event.pk)))
    return page
