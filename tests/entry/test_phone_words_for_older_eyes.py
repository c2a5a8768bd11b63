"""The phone's trick buttons read as two numbers with the sides named, a revoke shows the score that
will count before anyone agrees, and a refused count is said in the number sent (#16.4)."""

import pytest
from django.urls import reverse

from tests.factories import seated_phone, started_event, table_of
from whistdrive.evening import entry

pytestmark = pytest.mark.django_db
HX = {"HX-Request": "true"}


@pytest.fixture
def event():
    return started_event()


def test_trick_buttons_read_as_ours_then_theirs_with_the_sides_named(event):
    table = table_of(event)
    page = seated_phone(table, "E", headers=HX).get(reverse("table", args=[table.token])).content.decode()
    assert ">7 : 6</button>" in page and ">13 : 0</button>" in page and ">0 : 13</button>" in page
    assert "–6</small>" not in page  # no longer "7" over a "–6" that reads as minus six
    assert 'we, East–West</span> : <span class="them">they, North–South' in page


def test_the_agree_prompt_for_a_revoke_shows_the_score_that_will_count(event):
    table = table_of(event)
    entry.submit(table, hand=1, seat="N", tricks_ours=7, revoke="EW")
    page = seated_phone(table, "E", headers=HX).get(reverse("table", args=[table.token])).content.decode()
    assert "North–South say 7–6, revoke by East–West. Agree?" in page
    assert "the score that counts is <b>North–South 10, East–West 3 (10–3)</b>" in page


def test_a_claim_without_a_revoke_says_nothing_about_a_penalty(event):
    table = table_of(event)
    entry.submit(table, hand=1, seat="N", tricks_ours=7)
    page = seated_phone(table, "E", headers=HX).get(reverse("table", args=[table.token])).content.decode()
    assert "revoke penalty" not in page


@pytest.mark.parametrize("sent, said", [("-1", "−1"), ("14", "14"), ("99", "99")])
def test_a_tampered_count_is_refused_in_the_number_sent(event, sent, said):
    table = table_of(event)
    phone = seated_phone(table, "E", headers=HX)
    answer = phone.post(reverse("table_enter", args=[table.token]), {"hand": 1, "tricks": sent}, headers=HX)
    page = answer.content.decode()
    assert f"{said} is not a number of tricks: a side takes from 0 to 13" in page
    assert "East–West −1" not in page and "North–South 14" not in page
    assert entry.table_state(table, 1).status == "waiting"
