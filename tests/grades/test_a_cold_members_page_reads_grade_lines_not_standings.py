"""A member's page with nothing kept in the process reads the counted evenings' grade lines, worked when each evening
was published, instead of working out every evening's standings again (docs/grades.md, "Kept with the evening")."""

import datetime

import pytest
from django.urls import reverse

from tests.factories import WORKED_GENTS, WORKED_LADIES, as_members, make_club, make_member, publish, two_table_evening
from whistdrive.evening import scores
from whistdrive.evening.grades import club_grades
from whistdrive.evening.published import published
from whistdrive.store import cache
from whistdrive.store.models import GradedEvening, GradeLine

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return make_club(provisional_days=7)


@pytest.fixture
def members(club):
    found = {name: make_member(club, name) for name in WORKED_LADIES + WORKED_GENTS if name != "Ian"}
    found["Ian"] = make_member(club, "Ian", is_guest=True)
    return found


@pytest.fixture
def standings_worked(monkeypatch):
    """Every evening whose standings are worked out, in order: the real ``standings_now``, counted."""
    worked = []
    real = scores.standings_now

    def counting(event, version=None):
        worked.append(event.pk)
        return real(event, version)

    monkeypatch.setattr(scores, "standings_now", counting)
    return worked


def _published(club, members, date, django_capture_on_commit_callbacks):
    event = two_table_evening(club, date=date)
    as_members(event, members)
    with django_capture_on_commit_callbacks(execute=True):
        published.send(sender=publish(event), replaced=False)  # as the hosted site does once it has stored it
    return event


def _member_page(client, club, member) -> str:
    response = client.get(reverse("public_player", args=[club.public_id, member.public_id]))
    assert response.status_code == 200
    return response.content.decode()


def test_publishing_keeps_each_members_line_of_the_evening(club, members, django_capture_on_commit_callbacks):
    event = _published(club, members, datetime.date(2026, 10, 6), django_capture_on_commit_callbacks)

    lines = {line.member.name: line for line in GradeLine.objects.filter(event=event).select_related("member")}
    assert sorted(lines) == sorted(name for name in WORKED_LADIES + WORKED_GENTS if name != "Ian")  # no guest
    eve = lines["Eve"]
    assert (eve.place, eve.of, eve.score, eve.hands, eve.prizes) == ("1", 9, "23 tricks", 3, ["Ladies' 1st"])
    assert eve.percentage == pytest.approx(50 * (23 / 3) / (177 / 27))
    assert sum(eve.opponents[1::2]) == 2 * 2  # two opponents at each of the two hands she played
    assert GradedEvening.objects.get(event=event).version == ":".join(map(str, scores.version_of(event)))


def test_a_cold_members_page_works_out_no_evenings_standings(
    client, club, members, standings_worked, django_capture_on_commit_callbacks
):
    for date in (datetime.date(2026, 10, 6), datetime.date(2026, 10, 13), datetime.date(2026, 10, 20)):
        _published(club, members, date, django_capture_on_commit_callbacks)
    cache.clear()  # a new worker: nothing kept in the process
    standings_worked.clear()

    page = _member_page(client, club, members["Eve"])

    assert standings_worked == []
    assert f"Grade <strong>{club_grades(club).grade(members['Eve'].pk):.1f}</strong>" in page
    assert page.count("<circle") == 3


def test_an_evening_without_lines_has_them_worked_by_its_first_reader_once(client, club, members, standings_worked):
    # Published before grade lines existed (or by a site that missed the signal): the first reader works them.
    events = []
    for date in (datetime.date(2026, 10, 6), datetime.date(2026, 10, 13)):
        event = two_table_evening(club, date=date)
        as_members(event, members)
        events.append(publish(event))
    cache.clear()

    _member_page(client, club, members["Eve"])
    assert sorted(standings_worked) == sorted(e.pk for e in events)
    assert GradeLine.objects.filter(event__in=events).count() == 2 * 8

    cache.clear()
    standings_worked.clear()
    _member_page(client, club, members["Eve"])
    assert standings_worked == []
