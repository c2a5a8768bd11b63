"""The draws on the night: the raffle drawn one by one (a ticket drawn is out of the hat), the mystery card number
and the lucky table, each recorded with its seed and checked again in the audit trail; the prize list names the
winners."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from tests.factories import add_entrants, make_cast, make_event
from tests.security.snapshot import changed, snapshot
from whistdrive.engines.formats import Format
from whistdrive.evening import draws, running
from whistdrive.store.models import Draw

HTMX = {"HX-Request": "true"}


@pytest.fixture
def cast(db):
    club_a, club_b, olive, sam, bea = make_cast()
    return {"club_a": club_a, "olive": olive, "sam": sam}


@pytest.fixture
def evening(cast):
    event = make_event(cast["club_a"], Format(hands=4, interval_after=None))
    add_entrants(event, 4, 4)
    return event


@pytest.fixture
def olive(cast):
    client = Client()
    client.force_login(cast["olive"])
    return client


def test_the_raffle_is_drawn_one_ticket_at_a_time_and_never_the_same_ticket_twice(olive, evening):
    olive.post(reverse("draws_tickets", args=[evening.pk]), {"tickets": "pink 1-3, blue 1-2"})
    for _ in range(5):
        olive.post(reverse("draws_draw", args=[evening.pk]), {"kind": "raffle", "prize": "Sherry"})
    drawn = [(d.winner["colour"], d.winner["number"]) for d in Draw.objects.order_by("number")]
    assert sorted(drawn) == [("blue", 1), ("blue", 2), ("pink", 1), ("pink", 2), ("pink", 3)]
    page = olive.post(reverse("draws_draw", args=[evening.pk]), {"kind": "raffle"}, follow=True).content.decode()
    assert "Every ticket sold has been drawn" in page and Draw.objects.count() == 5


def test_every_draw_is_drawn_again_from_its_seed_in_the_audit_trail(olive, evening):
    draws.set_raffle_tickets(evening, [draws.TicketRange("pink", 1, 100)])
    draws.draw(evening, "raffle", seed=7)
    draws.draw(evening, "raffle", seed=7)  # the same seed: the ticket drawn first is out of the hat
    draws.draw(evening, "mystery_card", seed=8)
    lines = draws.audit(evening)
    assert [line.checked for line in lines] == [True, True, True]
    assert lines[0].winner != lines[1].winner
    assert lines[2].winner.startswith("Card ") and ": " in lines[2].winner
    page = olive.get(reverse("event_draws", args=[evening.pk])).content.decode()
    assert page.count("✓ same winner") == 3 and str(lines[0].draw.seed) in page


def test_a_draw_whose_record_was_tampered_with_is_shown_as_not_matching(evening):
    draws.set_raffle_tickets(evening, [draws.TicketRange("pink", 1, 100)])
    made = draws.draw(evening, "raffle", seed=7)
    Draw.objects.filter(pk=made.pk).update(winner={"colour": "pink", "number": (made.winner["number"] % 100) + 1})
    assert [line.checked for line in draws.audit(evening)] == [False]


def test_the_lucky_table_waits_for_the_tables_and_then_names_who_sits_there(olive, evening):
    page = olive.post(reverse("draws_draw", args=[evening.pk]), {"kind": "lucky_table"}, follow=True).content.decode()
    assert "draw the lucky table once the evening has started" in page and not Draw.objects.exists()
    running.start_event(evening, seed=1)
    evening.refresh_from_db()
    made = draws.draw(evening, "lucky_table", prize="Chocolates")
    line = draws.audit(evening)[0]
    assert line.winner.startswith(f"Table {made.winner['table']}: ") and line.title == "Lucky table: Chocolates"


def test_a_raffle_without_tickets_and_tickets_that_overlap_are_refused_saving_nothing(olive, evening):
    before = snapshot()
    page = olive.post(reverse("draws_draw", args=[evening.pk]), {"kind": "raffle"}, follow=True).content.decode()
    assert "Type the raffle tickets sold first" in page
    page = olive.post(reverse("draws_tickets", args=[evening.pk]), {"tickets": "pink 1-10, pink 5-20"},
                      follow=True).content.decode()  # fmt: skip
    assert "overlap" in page
    assert changed(before, snapshot()) == []


def test_the_projector_shows_the_latest_draw_and_polls_until_the_next(olive, evening):
    draws.set_raffle_tickets(evening, [draws.TicketRange("pink", 1, 100)])
    made = draws.draw(evening, "raffle", prize="Sherry", seed=3)
    url = reverse("draws_show", args=[evening.pk])
    page = olive.get(url).content.decode()
    assert f"Pink {made.winner['number']}</p>" in page and "Raffle: Sherry" in page
    evening.refresh_from_db()
    assert olive.get(url, {"seen": evening.revision}, headers=HTMX).status_code == 204
    draws.draw(evening, "raffle", seed=4)
    assert 'id="shown"' in olive.get(url, {"seen": evening.revision}, headers=HTMX).content.decode()


def test_the_prize_list_names_the_draws_winners(olive, evening):
    running.start_event(evening, seed=1)
    evening.refresh_from_db()
    made = draws.draw(evening, "mystery_card", prize="A box of biscuits", seed=5)
    name = escape(evening.entrants.get(card_number=made.winner["card"]).name)
    page = olive.get(reverse("event_standings", args=[evening.pk])).content.decode()
    assert "Mystery card number: A box of biscuits" in page and f"Card {made.winner['card']}: {name}" in page
