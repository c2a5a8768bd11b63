"""A correction moves the evening's results version, and its grade lines are worked again from the corrected results
(never left as they were, never half replaced); the grades follow (docs/grades.md, "Kept with the evening")."""

import datetime

import pytest
from django.utils import timezone

from tests.factories import WORKED_GENTS, WORKED_LADIES, as_members, make_club, make_member, publish, two_table_evening
from whistdrive.evening import scores
from whistdrive.evening.grades import club_grades
from whistdrive.store.models import GradedEvening, GradeLine, Result

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return make_club(provisional_days=7)


@pytest.fixture
def event(club):
    event = two_table_evening(club, date=datetime.date(2026, 10, 6))
    as_members(event, {name: make_member(club, name) for name in WORKED_LADIES + WORKED_GENTS})
    return publish(event)


def _eve(event) -> GradeLine:
    return GradeLine.objects.get(event=event, member__name="Eve")


def _eves_score_now(event) -> str:
    """Eve's score as the evening's standings give it now (the one answer)."""
    eve = event.entrants.get(name="Eve")
    (standing,) = [s for s in scores.standings_now(event).standings if s.id == eve.pair_id]
    return f"{standing.total} tricks"


def test_a_correction_has_the_evenings_lines_worked_again(club, event):
    before = club_grades(club).grade(_eve(event).member_id)
    first = GradedEvening.objects.get(event=event).version
    assert _eve(event).score == "23 tricks"

    # The correction: hand 3 at table 1 was 9 tricks to N-S, not 5.
    with_the_correction = timezone.now() - datetime.timedelta(days=20)
    Result.objects.filter(table__event=event, table__number=1, hand=3).update(tricks_ns=9, tricks_ew=4)
    event.bump()
    publish(event, corrected=with_the_correction)
    after = club_grades(club).grade(_eve(event).member_id)

    marker = GradedEvening.objects.get(event=event)
    assert marker.version != first
    assert marker.version == ":".join(map(str, scores.version_of(event)))
    assert _eve(event).score == _eves_score_now(event) != "23 tricks"
    assert GradeLine.objects.filter(event=event).count() == 9  # replaced, not added to
    assert after < before


def test_a_results_change_without_a_new_publish_is_graded_too(club, event):
    # On the laptop the organiser may change a published evening's results before publishing again: the grade
    # lines follow the results' version, not the publishing.
    club_grades(club)
    Result.objects.filter(table__event=event, table__number=1, hand=3).update(tricks_ns=9, tricks_ew=4)
    event.bump()

    club_grades(club)

    assert _eve(event).score == _eves_score_now(event) != "23 tricks"
