"""A whole registration at the desk: 42 people, too few gents, 2 spares, then the start.

24 ladies and 18 gents come. The desk advises that 2 ladies must play as gents; the organiser
switches two, starts, and hand 1 is seated by the movement's rules.
"""

import pytest
from django.urls import reverse

from tests.factories import make_cast, make_event, make_member
from whistdrive.evening.running import advice_for
from whistdrive.store.models import Seating

pytestmark = pytest.mark.django_db


@pytest.fixture
def desk(client):
    club_a, club_b, olive, sam, bea = make_cast()
    ladies = [make_member(club_a, f"Lady {i:02}", "lady", membership_number=f"L{i}") for i in range(24)]
    gents = [make_member(club_a, f"Gent {i:02}", "gent", membership_number=f"G{i}") for i in range(18)]
    event = make_event(club_a)
    client.force_login(sam)
    return client, event, ladies, gents


@pytest.mark.slow
def test_forty_two_people_with_too_few_gents_end_in_a_correctly_seated_first_hand(desk):
    client, event, ladies, gents = desk
    add = reverse("desk_add", args=[event.pk])
    for member in ladies + gents:
        # Enter in the search box adds the first match: the membership number is typed.
        response = client.post(add, {"q": member.membership_number}, headers={"HX-Request": "true"})
        assert response.status_code == 200
    assert event.entrants.count() == 42
    assert sorted(event.entrants.values_list("card_number", flat=True)) == list(range(1, 43))

    advice = advice_for(event)
    assert (advice.ladies, advice.gents, advice.must_switch) == (24, 18, {"lady": 2})
    page = response.content.decode()
    assert "<html" not in page and 'id="desk"' in page
    assert "2 ladies must play as gents" in page
    assert "disabled" in page.split("Start the event")[0].rsplit("<button", 1)[1]

    for entrant in event.entrants.filter(role="lady").order_by("-card_number")[:2]:
        response = client.post(
            reverse("desk_role", args=[event.pk, entrant.pk]), {"role": "gent"}, headers={"HX-Request": "true"}
        )
    assert response.status_code == 200
    advice = advice_for(event)
    assert (advice.ladies, advice.gents, advice.tables, advice.spares, advice.problems) == (22, 20, 10, 2, [])

    response = client.post(reverse("desk_start", args=[event.pk]), {"by": "random"})
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.started and event.current_hand == 1 and event.tables.count() == 10

    seated = Seating.objects.filter(event=event, hand=1).select_related("entrant", "table")
    assert seated.count() == 42
    by_table: dict[int, dict[str, str]] = {}
    for row in seated.filter(table__isnull=False):
        by_table.setdefault(row.table.number, {})[row.seat] = row.entrant.role
    assert sorted(by_table) == list(range(1, 11))
    for seats in by_table.values():
        assert seats == {"N": "lady", "E": "lady", "S": "gent", "W": "gent"}
    sitting_out = [row.entrant.role for row in seated.filter(table__isnull=True)]
    assert sitting_out == ["lady", "lady"]

    tokens = list(event.tables.values_list("token", flat=True))
    assert len(set(tokens)) == 10 and all(len(t) >= 43 for t in tokens)
    page = client.get(reverse("event", args=[event.pk])).content.decode()
    assert "Table 10" in page and not any(t in page for t in tokens)
