"""A started 20-player individual drive: its seats are planned, so every hand's table and seat print."""

import re

import pytest

from tests.factories import make_cast
from tests.printing_views.evenings import expected_scores, individual_evening
from tests.printing_views.helpers import SYMBOLS, download_url, pages, texts
from whistdrive.engines.rules import trump_for_hand
from whistdrive.store.models import Seating


@pytest.fixture
def drive(db, client):
    club_a, _, olive, *_ = make_cast()
    event = individual_evening(club_a, played=2)
    client.force_login(olive)
    return event


def get(client, event, document: str) -> bytes:
    response = client.get(download_url(event, document))
    assert response.status_code == 200
    return response.content


def printed_name(name: str) -> str:
    """The name in full or as initial and surname, on one line or broken at spaces and hyphens; never cut."""
    parts = name.split()

    def broken(text: str) -> str:
        return re.escape(text).replace(r"\ ", r"[ \n]").replace("-", "-\n?")

    return "|".join([broken(name), broken(f"{parts[0][0]}. {parts[-1]}")]).join("()")


def test_every_hand_of_every_card_has_its_planned_table_seat_and_partner(client, drive):
    pdf = get(client, drive, "scorecards")
    page_texts = texts(pdf)
    assert len(page_texts) == 10  # 20 cards of 20 hands: more than 16, so two a page
    scored = expected_scores(drive)
    rows = Seating.objects.filter(event=drive).select_related("table", "entrant")
    places = {(s.entrant_id, s.hand): s for s in rows}
    by_seat = {(s.hand, s.table.number, s.seat): s.entrant for s in rows}
    partner_seat = {"N": "S", "S": "N", "E": "W", "W": "E"}
    for index, entrant in enumerate(drive.entrants.order_by("card_number")):
        page = page_texts[index // 2]
        text = page[page.index(f"\nCard {entrant.card_number} · ") :]
        text = text[: text.index("Final total")]
        for hand in range(1, 21):
            place = places[entrant.pk, hand]
            symbol = SYMBOLS[trump_for_hand(drive.trumps, hand)]
            partner = by_seat[hand, place.table.number, partner_seat[place.seat]].name
            partner_pattern = printed_name(partner)
            played = ""
            if hand <= 2:
                tricks, running = scored[entrant.card_number][hand - 1]
                played = rf"{tricks}\n{running}\n"
            row = rf"^{hand}\n{symbol}\n{place.table.number} {place.seat}\n{partner_pattern}\n{played}"
            assert re.search(row, text, re.MULTILINE), (entrant.name, hand)


def test_the_progression_sheet_gives_every_hand_and_every_itinerary(client, drive):
    pdf = get(client, drive, "progression")
    assert len(pages(pdf)) == 3
    text = "\n".join(texts(pdf))
    assert "Every player follows their printed itinerary" in text
    for seating in Seating.objects.filter(event=drive).select_related("table", "entrant"):
        assert f"{seating.seat} {seating.entrant.card_number}" in text
        assert f"{seating.table.number}{seating.seat}" in text


def test_table_cards_and_results_for_five_tables(client, drive):
    assert len(pages(get(client, drive, "table-cards"))) == 5
    results = get(client, drive, "results")
    assert len(pages(results)) == 1
    text = texts(results)[0]
    assert "Provisional after hand 2 of 20" in text
    for number, runs in expected_scores(drive).items():
        # The second half has not begun: blank, not 0.
        total = runs[-1][1]
        assert re.search(rf"^\S+\n{number}\n([^\n]+\n){{1,3}}(Lady|Gent)\n{total}\n{total}$", text, re.MULTILINE)
