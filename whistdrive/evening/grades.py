"""The grades adapter: a club's stored results in, every member's grade and its history out (docs/grades.md).

Grades are worked out from nothing whenever the evenings that count change (never stored, never edited): the
same on the laptop and on the hosted site. An evening counts once it is published and no longer provisional
(``Event.is_provisional``). What each evening gives the grades (every member's result against the field, the
hands behind it, the opponents met, and their line as their page lists it) is read from its standings
(``scores.standings_now``, the one answer) and seatings once per version of its results and kept with the
evening as grade lines (``work_lines``: on publishing, or by the first reader), so a cold page reads rows rather
than forty evenings' standings.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from clubs.models import Club
from whistdrive.engines import grades
from whistdrive.engines.vocabulary import SIDE_OF_SEAT
from whistdrive.evening import scores
from whistdrive.store import cache
from whistdrive.store.models import Entrant, Event, GradedEvening, GradeLine, player_id

# (event pk, member pk, percentage | None, hands, [opponent, hands, ...], place, of, score, prizes)
LineRow = tuple
_ROW_FIELDS = ("event_id", "member_id", "percentage", "hands", "opponents", "place", "of", "score", "prizes")


@dataclass(frozen=True)
class Placing:
    """A player's line in one evening, as their own page lists it."""

    place: str  # "1", "=2"
    of: int  # lines in their field
    score: str  # "169 tricks", "58.3 %", "12 rubber points"
    hands: int
    prizes: tuple[str, ...]


@dataclass(frozen=True)
class ClubGrades:
    """A club's grades: each member's (by member pk) grade and their grade after each evening that counted, with
    their line in each of those evenings (read in the same pass, so a member's page needs no evening's standings)."""

    worked: grades.Grades
    events: frozenset[int]  # the evenings that counted
    placings: dict[tuple[int, int], Placing]  # (member pk, event pk) -> their line

    def grade(self, member_pk: int, on: datetime.date | None = None) -> float | None:
        """The member's grade on a day (today by default); None for a member with no evening that counted."""
        if member_pk not in self.worked.played:
            return None
        return self.worked.grade(member_pk, on or timezone.localdate())

    def history(self, member_pk: int) -> list[grades.Point]:
        """The member's grade just after each evening that counted (``Point.key`` is the event's pk)."""
        return list(self.worked.history.get(member_pk, ()))


def counted_events(club: Club, now: datetime.datetime | None = None) -> list[Event]:
    """The club's evenings that count for grades and the public season tables: published, no longer
    provisional, in the order they were played."""
    now = now or timezone.now()
    published = Event.objects.published().filter(club=club).select_related("club").order_by("date", "pk")
    return [event for event in published if not event.is_provisional(now)]


def club_grades(club: Club, now: datetime.datetime | None = None) -> ClubGrades:
    """Every member's grade, worked out from the counted evenings' grade lines (``work_lines``: an evening's lines
    missing or of an older version are worked here first), and kept (``cache.grades_key``) until another evening
    counts or one's results move."""
    now = now or timezone.now()
    events = counted_events(club, now)
    versions = versions_of(events)
    stamp = tuple((e.pk, versions[e.pk]) for e in events)
    return cache.get_or_make(cache.grades_key(club.pk, stamp), lambda: _work_out(events, versions))


def work_lines(event: Event) -> list[LineRow]:
    """Work out an evening's grade lines from its standings and seatings and keep them (``GradeLine``), all at once
    with their version (``GradedEvening``), unless lines of this version are kept already. Returns the lines.

    Two requests working the same evening at once both compute; the marker's unique row lets one write, and the
    other finds its lines kept. Lines are written only while the results are still the version they were worked
    from, so a slow request never puts older lines back over newer ones."""
    version = scores.version_of(Event(pk=event.pk))  # read afresh, whatever the caller loaded
    evening = scores.standings_now(event, version)
    members, by_entrant = _members_of([event])
    against = _opponents(event, by_entrant)
    results = _results(evening)
    by_member: dict[int, GradeLine] = {}
    for pid, placing in placings(evening).items():
        who = members.get((event.pk, pid))
        if not isinstance(who, int):  # a guest: met, never graded, no page
            continue
        percentage, _hands = results.get(pid, (None, placing.hands))  # the same hands: see _results and placings
        by_member[who] = GradeLine(
            event_id=event.pk, member_id=who, percentage=percentage, hands=placing.hands,
            opponents=[x for met in against.get(who, {}).items() for x in met],
            place=placing.place, of=placing.of, score=placing.score, prizes=list(placing.prizes),
        )  # fmt: skip
    lines = list(by_member.values())
    worked = ":".join(map(str, version))
    with transaction.atomic():
        marker, made = GradedEvening.objects.select_for_update().get_or_create(
            event_id=event.pk, defaults={"version": worked}
        )
        if not made and marker.version == worked:
            return _rows(lines)  # another request kept them while this one worked them out: the same lines
        if scores.version_of(Event(pk=event.pk)) != version:
            # The results moved meanwhile: nothing is kept (not even a new marker), whoever reads next keeps theirs.
            transaction.set_rollback(True)
            return _rows(lines)
        if not made:
            GradeLine.objects.filter(event_id=event.pk).delete()
            marker.version = worked
            marker.save(update_fields=["version", "worked"])
        GradeLine.objects.bulk_create(lines)
    return _rows(lines)


def on_published(sender, **kwargs) -> None:
    """The ``published`` signal's listener (whistdrive/apps.py): the evening's grade lines are worked once its
    transaction has committed, so the first visitor of a member's page reads them rather than working them out."""
    event = kwargs.get("event") or kwargs.get("instance") or sender
    if not isinstance(event, Event):
        return
    pk = event.pk
    transaction.on_commit(lambda: _work_published(pk), robust=True)


def _work_published(pk: int) -> None:
    event = Event.objects.select_related("club").filter(pk=pk).first()
    if event is not None:  # None: a later correction has replaced it already
        work_lines(event)


def _rows(lines: list[GradeLine]) -> list[LineRow]:
    return [tuple(getattr(line, name) for name in _ROW_FIELDS) for line in lines]


def versions_of(events: list[Event]) -> dict[int, str]:
    """Each evening's results version (``scores.version_of``) as its grade lines name it, read in one query."""
    rows = Event.objects.with_revisions().filter(pk__in=[e.pk for e in events]).only("revision")
    return {event.pk: ":".join(map(str, scores.version_of(event))) for event in rows}


def without_current_lines(events: list[Event], versions: dict[int, str]) -> list[Event]:
    """The evenings whose grade lines are missing or were worked from other results than ``versions`` name."""
    kept = dict(GradedEvening.objects.filter(event__in=events).values_list("event_id", "version"))
    return [event for event in events if kept.get(event.pk) != versions[event.pk]]


def _work_out(events: list[Event], versions: dict[int, str]) -> ClubGrades:
    stale = without_current_lines(events, versions)
    stale_pks = {event.pk for event in stale}
    fresh = [event.pk for event in events if event.pk not in stale_pks]
    rows: list[LineRow] = list(GradeLine.objects.filter(event_id__in=fresh).values_list(*_ROW_FIELDS))
    for event in stale:
        rows.extend(work_lines(event))
    lines: dict[int, dict[grades.Player, grades.Line]] = defaultdict(dict)
    placed = {}
    for event_pk, member_pk, percentage, hands, opponents, place, of, score, prizes in rows:
        placed[member_pk, event_pk] = Placing(place, of, score, hands, tuple(prizes))
        if percentage is not None:
            met = dict(zip(opponents[::2], opponents[1::2], strict=True))
            lines[event_pk][member_pk] = grades.Line(percentage, hands, met)
    sessions = [grades.Session(event.date, lines[event.pk], key=event.pk) for event in events]
    worked = grades.grade_sessions(sessions)
    return ClubGrades(worked, frozenset(e.pk for e in events), placed)


def place_words(rank: int, tied: bool) -> str:
    return f"={rank}" if tied else str(rank)


def players_of(evening: scores.Evening, line_id: str) -> tuple[str, ...]:
    """The player ids behind a line of the standings or a prize's winner: a pair's two, or one player's own."""
    if evening.duplicate is not None:
        for pair in evening.duplicate.pairs:
            if pair.id == line_id:
                return tuple(pair.ids)
    for line in evening.pair_lines or ():
        if line.id == line_id:
            return tuple(line.pair.ids)
    return (line_id,)


def placings(evening: scores.Evening) -> dict[str, Placing]:
    """Every player's line in an evening (player id -> Placing), from its standings and prizes."""
    won: dict[str, list[str]] = {}
    for award in evening.awards:
        if award.tie:
            continue
        for winner in award.winners:
            for pid in players_of(evening, winner.id):
                won.setdefault(pid, []).append(award.description)
    out = {}
    if evening.duplicate is not None:
        fields: dict[str | None, int] = {}
        for pair in evening.duplicate.pairs:
            fields[pair.direction] = fields.get(pair.direction, 0) + 1
        for pair in evening.duplicate.pairs:
            score = f"{pair.percentage:.1f} %" if pair.percentage is not None else f"{pair.score:+.1f}"
            for pid in pair.ids:
                out[pid] = Placing(
                    place_words(pair.rank, pair.tied), fields[pair.direction], score, pair.boards_played,
                    tuple(won.get(pid, ())),
                )  # fmt: skip
    elif evening.night is not None:
        count = len(evening.night.standings)
        for line in evening.night.standings:
            out[line.id] = Placing(
                place_words(line.rank, line.tied), count, f"{line.rubber_points} rubber points", line.hands_played,
                tuple(won.get(line.id, ())),
            )  # fmt: skip
    else:
        count = len(evening.standings)
        for standing in evening.standings:
            out[standing.id] = Placing(
                place_words(standing.rank, standing.tied), count, f"{standing.total} tricks",
                standing.hands_played + standing.hands_sat_out, tuple(won.get(standing.id, ())),
            )  # fmt: skip
    return out


def _members_of(events: list[Event]) -> tuple[dict[tuple[int, str], int | str], dict[int, int | str]]:
    """(event pk, player id) -> the member's pk, or for a guest a name that is theirs in that evening only; and the
    same by entrant pk (one query)."""
    found: dict[tuple[int, str], int | str] = {}
    by_entrant: dict[int, int | str] = {}
    rows = Entrant.objects.filter(event__in=events).values_list(
        "event_id", "pk", "archive_id", "card_number", "member_id", "member__is_guest"
    )
    for event_pk, pk, archive_id, card, member_pk, is_guest in rows:
        who = member_pk if member_pk and not is_guest else f"guest{pk}"
        found[event_pk, player_id(archive_id, card)] = by_entrant[pk] = who
    return found, by_entrant


def _opponents(event: Event, by_entrant: dict[int, int | str]) -> dict[int | str, dict[grades.Player, int]]:
    """Each player of the evening -> {opponent: hands played against them}, from its seatings as the standings
    read and kept them (``scores.seated_of``)."""
    against: dict[int | str, dict[grades.Player, int]] = defaultdict(lambda: defaultdict(int))
    for seated in scores.seated_of(event).values():
        for seat, entrant in seated:
            side = SIDE_OF_SEAT.get(seat, "")
            for other_seat, other in seated:
                if SIDE_OF_SEAT.get(other_seat, "") != side:
                    against[by_entrant[entrant]][by_entrant[other]] += 1
    return against


def _results(evening: scores.Evening) -> dict[str, tuple[float, int]]:
    """Each player's result in the evening as a percentage of its field, with the hands behind it."""
    if evening.duplicate is not None:
        out = {}
        for pair in evening.duplicate.pairs:
            if pair.percentage is None:  # compass scoring: no percentage to grade
                continue
            for pid in pair.ids:
                out[pid] = (float(pair.percentage), pair.boards_played)
        return out
    if evening.night is not None:
        night = [(s.id, s.points, s.hands_played) for s in evening.night.standings]
    else:
        # A sit-out's award is in the total, so it counts as a hand, as in the season tables.
        night = [(s.id, s.total, s.hands_played + s.hands_sat_out) for s in evening.standings]
    field_score = sum(score for _id, score, _hands in night)
    field_hands = sum(hands for _id, _score, hands in night)
    return {
        pid: (grades.percentage_of_field(score, hands, field_score, field_hands), hands)
        for pid, score, hands in night
        if hands
    }
