"""``whistdrive grade_lines`` works the lines of evenings published before lines were kept, once, and leaves
unpublished evenings and current lines alone (docs/grades.md, "Kept with the evening")."""

import datetime
import io

import pytest
from django.core.management import call_command

from tests.factories import WORKED_GENTS, WORKED_LADIES, as_members, make_club, make_member, publish, two_table_evening
from whistdrive.evening import scores
from whistdrive.store.models import GradedEvening, GradeLine

pytestmark = pytest.mark.django_db


def _grade_lines() -> str:
    out = io.StringIO()
    call_command("grade_lines", stdout=out)
    return out.getvalue().strip()


def test_the_command_works_the_lines_of_published_evenings_once():
    club = make_club()
    members = {name: make_member(club, name) for name in WORKED_LADIES + WORKED_GENTS}
    published = []
    for date in (datetime.date(2026, 10, 6), datetime.date(2026, 10, 13)):
        event = two_table_evening(club, date=date)
        as_members(event, members)
        published.append(publish(event))  # stored without the published signal, as before grade lines
    unpublished = two_table_evening(club, date=datetime.date(2026, 10, 20))

    assert _grade_lines() == "Grade lines worked for 2 of 2 published evenings."

    assert GradeLine.objects.filter(event__in=published).count() == 2 * 9
    for event in published:
        assert GradedEvening.objects.get(event=event).version == ":".join(map(str, scores.version_of(event)))
    assert not GradedEvening.objects.filter(event=unpublished).exists()
    assert _grade_lines() == "Grade lines worked for 0 of 2 published evenings."

    published[0].bump()  # its results changed since
    assert _grade_lines() == "Grade lines worked for 1 of 2 published evenings."
