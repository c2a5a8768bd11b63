"""Prize winners on the standings page: one prize per person, and a booby tie left to a cut of cards."""

import pytest
from django.urls import reverse

from tests.factories import make_cast, two_table_evening

pytestmark = pytest.mark.django_db

PRIZES = [
    {"kind": "top", "role": "lady", "places": 2},
    {"kind": "top", "role": "gent"},
    {"kind": "second_half"},
    {"kind": "booby", "role": "lady"},
    {"kind": "booby", "role": "gent"},
]


def prize_section(client, event) -> str:
    html = client.get(reverse("event_standings", args=[event.pk])).content.decode()
    return html.split('id="prizes"', 1)[1]


def test_someone_topping_two_lists_takes_the_first_prize_and_the_next_in_line_the_other(client):
    club_a, _, olive, _, _ = make_cast()
    event = two_table_evening(club_a, prizes=PRIZES)
    client.force_login(olive)

    html = prize_section(client, event)

    # Eve tops the ladies (23) and the second half (8, with Gus): she takes Ladies' 1st,
    # so the second-half prize goes to Gus alone.
    assert 'Ladies&#x27; 1st</span> <span class="who">Eve</span> <span class="score">23' in html
    assert 'Ladies&#x27; 2nd</span> <span class="who">Cat</span> <span class="score">22' in html
    assert 'Gents&#x27; 1st</span> <span class="who">Hal</span> <span class="score">22' in html
    assert 'Highest second half</span> <span class="who">Gus</span> <span class="score">8' in html
    assert 'Booby (gents)</span> <span class="who">Ian</span> <span class="score">17' in html


def test_a_booby_tie_is_flagged_for_the_organiser_to_settle_by_a_cut_of_cards(client):
    club_a, _, olive, _, _ = make_cast()
    event = two_table_evening(club_a, prizes=PRIZES)
    client.force_login(olive)

    html = prize_section(client, event)

    assert 'class="tie"' in html
    assert "Tie for the booby prize (ladies) between Bet and Dot on 17: settle by a cut of cards" in html


def test_a_new_event_with_ladies_and_gents_gets_the_default_prizes(client):
    club_a, _, olive, _, _ = make_cast()
    event = two_table_evening(club_a)
    client.force_login(olive)

    html = prize_section(client, event)

    assert "These are the default prizes" in html
    for place in ("Ladies&#x27; 1st", "Ladies&#x27; 3rd", "Gents&#x27; 1st", "Gents&#x27; 3rd", "Booby (gents)"):
        assert place in html
