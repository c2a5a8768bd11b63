"""The grades adapter reads the stored results of a club's published evenings (docs/grades.md)."""

import datetime

import pytest
from django.utils import timezone

from tests.factories import WORKED_GENTS, WORKED_LADIES, as_members, make_club, make_member, publish, two_table_evening
from whistdrive.engines.grades import DECAY, PRIOR_HANDS
from whistdrive.evening.grades import club_grades, counted_events
from whistdrive.store.models import Result

pytestmark = pytest.mark.django_db

# The hand-worked evening (tests/factories.two_table_evening): 177 tricks in 27 player-hands; Eve 23 in 3.
EVE_RESULT = 50 * (23 / 3) / (177 / 27)


@pytest.fixture
def club():
    return make_club(provisional_days=7)


@pytest.fixture
def members(club):
    # Ian is a guest tonight: on the books as one, so he is met but not graded.
    found = {name: make_member(club, name) for name in WORKED_LADIES + WORKED_GENTS if name != "Ian"}
    found["Ian"] = make_member(club, "Ian", is_guest=True)
    return found


def _evening(club, members, date):
    event = two_table_evening(club, date=date)
    as_members(event, members)
    return event


def test_a_members_grade_is_their_evenings_results_against_the_field(club, members):
    first = publish(_evening(club, members, datetime.date(2026, 10, 6)))

    worked = club_grades(club)

    eve = worked.history(members["Eve"].pk)
    assert [point.key for point in eve] == [first.pk]
    assert eve[0].performance == pytest.approx(EVE_RESULT)  # everyone new: nobody's grade adjusts it
    prior = PRIOR_HANDS * DECAY**3
    assert worked.grade(members["Eve"].pk) == pytest.approx((3 * EVE_RESULT + prior * 50) / (3 + prior))
    assert worked.grade(members["Ian"].pk) is None  # a guest is met, never graded


def test_the_second_evening_is_adjusted_for_the_grades_of_the_opponents_met(club, members):
    publish(_evening(club, members, datetime.date(2026, 10, 6)))
    second = publish(
        _evening(club, members, datetime.date(2026, 10, 13)), at=timezone.now() - datetime.timedelta(days=3)
    )
    after_first = club_grades(club)  # the second evening is still provisional

    worked = club_grades(club, timezone.now() + datetime.timedelta(days=5))

    # In the second evening Eve met Bet and Gus at hand 2 and Ann and Fred at hand 3 (she sat out hand 1).
    met = [
        after_first.worked.grade(members[name].pk, datetime.date(2026, 10, 13))
        for name in ("Bet", "Gus", "Ann", "Fred")
    ]
    last = worked.history(members["Eve"].pk)[-1]
    assert last.key == second.pk
    assert last.performance == pytest.approx(EVE_RESULT + sum(met) / 4 - 50)


def test_a_provisional_evening_does_not_count_until_its_days_are_over(club, members):
    event = publish(_evening(club, members, datetime.date(2026, 10, 6)), at=timezone.now() - datetime.timedelta(days=2))

    assert counted_events(club) == []
    assert club_grades(club).grade(members["Eve"].pk) is None
    assert counted_events(club, timezone.now() + datetime.timedelta(days=6)) == [event]


def test_an_unpublished_evening_never_counts(club, members):
    _evening(club, members, datetime.date(2026, 10, 6))

    assert club_grades(club).history(members["Eve"].pk) == []


def test_a_correction_is_graded_as_corrected(club, members):
    event = publish(_evening(club, members, datetime.date(2026, 10, 6)))
    before = club_grades(club).grade(members["Eve"].pk)

    # The correction: hand 3 at table 1 was 9 tricks to N-S, not 5 (Eve sat E-W: 4 tricks, not 8).
    Result.objects.filter(table__event=event, table__number=1, hand=3).update(tricks_ns=9, tricks_ew=4)
    event.bump()
    publish(event, corrected=timezone.now() - datetime.timedelta(days=20))

    assert club_grades(club).grade(members["Eve"].pk) < before
