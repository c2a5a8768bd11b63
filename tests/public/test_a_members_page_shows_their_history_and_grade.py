"""A member's page: every published evening they played, with place, score and prizes, and their grade over time."""

import datetime

from django.urls import reverse
from django.utils import timezone

from tests.factories import as_members, publish, two_table_evening
from whistdrive.evening.grades import club_grades


def _again(club, members, name, date, **publishing):
    event = two_table_evening(club, name=name, date=date)
    full = {m.name.split()[0]: m.name for m in members.values()}
    for entrant in event.entrants.all():
        entrant.name = full[entrant.name]
        entrant.save(update_fields=["name"])
    as_members(event, {m.name: m for m in members.values()})
    return publish(event, **publishing)


def test_every_evening_is_listed_with_place_score_prize_and_the_grade_after_it(client, club, evening, members):
    _again(club, members, "Second drive", datetime.date(2026, 11, 10))
    latest = _again(club, members, "Third drive", datetime.date(2026, 11, 17), at=timezone.now())

    page = client.get(reverse("public_player", args=[club.public_id, members["Eve"].public_id])).content.decode()

    assert page.index("Third drive") < page.index("Second drive") < page.index("November drive")  # newest first
    assert "1 of 9" in page and "23 tricks" in page and "Ladies&#x27; 1st" in page
    grade = club_grades(club).grade(members["Eve"].pk)
    assert f"Grade <strong>{grade:.1f}</strong>" in page
    assert page.count("<circle") == 2  # the chart: the two evenings that count, not the provisional third
    assert reverse("public_evening", args=[club.public_id, latest.public_id]) in page
    assert "provisional" in page


def test_a_new_member_with_only_a_provisional_evening_has_no_grade_yet(client, club, members):
    _again(club, members, "First drive", datetime.date(2026, 12, 1), at=timezone.now())

    page = client.get(reverse("public_player", args=[club.public_id, members["Ann"].public_id])).content.decode()

    assert "No grade yet" in page
    assert "First drive" in page
    assert "<svg" not in page
