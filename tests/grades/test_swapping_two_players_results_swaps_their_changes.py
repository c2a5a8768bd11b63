"""The grade is fair between players: it depends on what each did and whom they met, not on who they are."""

import datetime

from hypothesis import given
from hypothesis import strategies as st

from whistdrive.engines.grades import Grades, Line, Session, grade_session

PLAYERS = ["a", "b", "c", "d", "e", "f"]
lines = st.builds(
    Line,
    percentage=st.floats(0, 100),
    hands=st.integers(1, 30),
    opponents=st.dictionaries(st.sampled_from(PLAYERS), st.integers(1, 30), max_size=4),
)
earlier = st.lists(st.dictionaries(st.sampled_from(PLAYERS[2:]), lines, min_size=1), max_size=3)


@given(earlier=earlier, first=lines, second=lines, others=st.dictionaries(st.sampled_from(PLAYERS[2:]), lines))
def test_swapping_two_players_results_swaps_their_grade_changes(earlier, first, second, others):
    def changes(a_line, b_line):
        grades = Grades()
        # Others have histories (their grades weigh in as opponents); a and b come to the evening alike.
        for week, session in enumerate(earlier):
            grade_session(grades, Session(datetime.date(2026, 1, 1) + datetime.timedelta(weeks=week), session))
        return grade_session(grades, Session(datetime.date(2026, 6, 1), {**others, "a": a_line, "b": b_line}))

    straight, swapped = changes(first, second), changes(second, first)

    assert swapped["a"] == straight["b"]
    assert swapped["b"] == straight["a"]
    assert {p: c for p, c in swapped.items() if p not in "ab"} == {p: c for p, c in straight.items() if p not in "ab"}
