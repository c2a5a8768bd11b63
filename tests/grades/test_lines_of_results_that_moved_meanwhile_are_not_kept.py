"""Lines worked from results that changed while they were being worked are used for that request but never kept
(not even the evening's marker), so a slow request cannot leave older lines in place of newer ones."""

import pytest

from tests.factories import WORKED_GENTS, WORKED_LADIES, as_members, make_club, make_member, publish, two_table_evening
from whistdrive.evening import scores
from whistdrive.evening.grades import work_lines
from whistdrive.store.models import GradedEvening, GradeLine

pytestmark = pytest.mark.django_db


def test_lines_of_results_that_moved_while_they_were_worked_are_not_kept(monkeypatch):
    club = make_club()
    event = two_table_evening(club)
    as_members(event, {name: make_member(club, name) for name in WORKED_LADIES + WORKED_GENTS})
    publish(event)
    real = scores.standings_now

    def and_meanwhile_a_change(event, version=None):
        worked = real(event, version)
        event.bump()  # the organiser changes the evening while this request works out its lines
        return worked

    monkeypatch.setattr(scores, "standings_now", and_meanwhile_a_change)

    lines = work_lines(event)

    assert len(lines) == 9  # this request grades with what it read
    assert not GradedEvening.objects.filter(event=event).exists()
    assert not GradeLine.objects.filter(event=event).exists()

    monkeypatch.setattr(scores, "standings_now", real)
    work_lines(event)
    assert GradedEvening.objects.get(event=event).version == ":".join(map(str, scores.version_of(event)))
