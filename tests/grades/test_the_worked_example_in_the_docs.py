"""docs/grades.md works two evenings out by hand; these are the same numbers from the engine."""

import datetime

import pytest

from whistdrive.engines.grades import Grades, Line, Session, grade_session


def _table_of_four(date, tricks: dict[str, int]) -> Session:
    # One table, 24 hands, partners changing every 8 hands: each player opposes each other one for 16 hands.
    return Session(
        date,
        {
            name: Line(100 * total / (13 * 24), 24, {other: 16 for other in tricks if other != name})
            for name, total in tricks.items()
        },
    )


def test_the_first_evening_moves_everyone_from_50_by_their_result_against_the_prior():
    grades = Grades()
    changes = grade_session(
        grades, _table_of_four(datetime.date(2026, 3, 4), {"Ann": 168, "Bob": 162, "Cy": 150, "Di": 144})
    )

    assert grades.history["Ann"][-1].performance == pytest.approx(53.846, abs=0.001)
    assert grades.history["Ann"][-1].grade == pytest.approx(51.342, abs=0.001)
    assert changes["Di"] == pytest.approx(-1.342, abs=0.001)
    assert grades.history["Bob"][-1].grade == pytest.approx(50.671, abs=0.001)
    assert grades.history["Di"][-1].grade == pytest.approx(48.658, abs=0.001)


def test_the_second_evening_adjusts_anns_result_for_the_opponents_she_met():
    grades = Grades()
    grade_session(grades, _table_of_four(datetime.date(2026, 3, 4), {"Ann": 168, "Bob": 162, "Cy": 150, "Di": 144}))
    grade_session(grades, _table_of_four(datetime.date(2026, 3, 11), {"Ann": 150, "Bob": 165, "Di": 159, "Eve": 150}))

    ann = grades.history["Ann"][-1]
    assert ann.performance == pytest.approx(47.853, abs=0.001)  # 48.077 + (49.776 - 50)
    assert ann.grade == pytest.approx(50.392, abs=0.001)
    assert ann.change == pytest.approx(-0.950, abs=0.001)
    assert grades.history["Eve"][-1].grade == pytest.approx(49.407, abs=0.001)
    assert grades.history["Cy"][-1].date == datetime.date(2026, 3, 4)  # Cy did not play: her grade stands
