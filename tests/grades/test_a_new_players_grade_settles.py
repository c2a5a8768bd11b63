"""A newcomer's grade settles over a few sessions, and old sessions drop out after three years."""

import datetime

import pytest

from whistdrive.engines.grades import Grades, Line, Session, grade_session, percentage_of_field


def _evenings(grades, start, count, percentage, player="new"):
    points = []
    for week in range(count):
        date = start + datetime.timedelta(weeks=week)
        grade_session(grades, Session(date, {player: Line(percentage, 24, {})}))
        points.append(grades.history[player][-1].grade)
    return points


def test_a_newcomer_scoring_60_every_evening_climbs_towards_60_by_smaller_steps():
    points = _evenings(Grades(), datetime.date(2025, 1, 6), 8, 60.0)

    steps = [later - earlier for earlier, later in zip([50.0, *points], points, strict=False)]
    assert all(step > 0 for step in steps)
    assert steps == sorted(steps, reverse=True)  # the first evening moves the grade most
    assert 53 < points[0] < 54  # not 60 after one evening: the prior of 50 still counts for two
    assert 57 < points[-1] < 60


def test_evenings_more_than_three_years_old_no_longer_count():
    grades = Grades()
    _evenings(grades, datetime.date(2020, 1, 6), 10, 70.0)

    assert grades.grade("new", datetime.date(2021, 1, 6)) > 60
    assert grades.grade("new", datetime.date(2024, 1, 6)) == pytest.approx(50.0)


def test_a_drive_result_is_its_tricks_out_of_thirteen_a_hand():
    assert percentage_of_field(156, 24, 6.5 * 40 * 24, 40 * 24) == pytest.approx(50.0)
    assert percentage_of_field(187.2, 24, 6.5 * 40 * 24, 40 * 24) == pytest.approx(60.0)
    assert percentage_of_field(0, 0, 10, 10) == 50.0  # no hands: no evidence either way
