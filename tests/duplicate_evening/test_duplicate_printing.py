"""A duplicate evening's paper: hand records, travellers, movement cards, pair cards and results."""

import io
import re

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from tests.factories import give_access, kept_for_the_module, make_user
from whistdrive.engines.formats import Format
from whistdrive.engines.vocabulary import SEAT_NAMES
from whistdrive.evening import pairs, scores
from whistdrive.evening.simulate import simulate_event
from whistdrive.printing.common import percentage_text
from whistdrive.printing.from_models import pairs_sheet

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def played(django_db_setup, django_db_blocker):
    """Five tables of pairs playing a Mitchell of 15 boards in rounds of 3, from hand records: played once for the
    module's tests, which only read it, in a transaction rolled back after them (each test's own is inside it)."""
    with kept_for_the_module(django_db_blocker):
        yield simulate_event(fmt=Format.duplicate(15, 3, "mitchell", "matchpoints", "HDSC"), tables=5, seed=11)


@pytest.fixture
def evening(played):
    event = played
    olive = make_user("olive")
    give_access(olive, event.club)
    client = Client()
    client.force_login(olive)
    return event, client


def text_of(client, event, document: str) -> str:
    response = client.get(reverse("event_print_document", args=[event.pk, document]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)


def test_the_print_page_offers_the_duplicate_documents(evening):
    event, client = evening
    page = client.get(reverse("event_print", args=[event.pk])).content.decode()
    for title in ("Hand records", "Travellers", "Movement cards", "Pair cards", "Results with matchpoints"):
        assert title in page
    assert "Scorecards" not in page  # a card per player is for drives


def test_a_hand_record_gives_each_boards_four_hands_dealer_and_trump(evening):
    event, client = evening
    text = text_of(client, event, "hand-records")
    for board in event.boards.all():
        assert f"Board {board.number}" in text and f"Dealer {SEAT_NAMES[board.dealer]}" in text
        for cards in board.deal.values():
            spades = " ".join(c[:-1] for c in cards if c.endswith("S")) or "–"
            assert spades in text
    assert event.boards.count() == 15


def test_after_the_evening_the_hand_records_carry_every_tables_result(evening):
    event, client = evening
    text = text_of(client, event, "hand-records-results")
    results = pairs.results_of(event)
    board = results.boards[0]
    assert f"Board {board.number} at every table" in text
    assert len(board.scores) == 5
    for score in board.scores:
        assert f"\n{score.tricks_ns}\n{score.tricks_ew}\n" in text  # a cell a line


def test_a_traveller_lists_every_table_that_plays_the_board_with_its_pairs(evening):
    event, client = evening
    text = text_of(client, event, "travellers")
    assert text.count("Traveller · Board") == 15
    assert "N–S 1" in text and "E–W 1" in text


def test_the_movement_card_says_where_the_east_west_pairs_and_the_boards_go(evening):
    event, client = evening
    text = text_of(client, event, "movement-cards")
    assert "N–S pair 3 sits here all evening." in text
    assert "E–W go up to table 4, boards go down to table 2" in text
    assert "E–W go up to table 1, boards go down to table 4" in text


def test_a_pair_card_names_both_partners_and_each_rounds_opponents_and_boards(evening):
    event, client = evening
    text = text_of(client, event, "pair-cards")
    for line in pairs.pair_lines(event):
        assert f"{line.label} {line.name}" in text
    assert "13, 14, 15" in text


def test_the_results_give_matchpoints_percentages_and_the_board_by_board_sheet(evening):
    event, client = evening
    text = text_of(client, event, "duplicate-results")
    results = scores.standings_now(event).duplicate
    assert "North–South pairs" in text and "East–West pairs" in text and "Board by board" in text
    assert re.search(rf"top\s+{results.top}\s+a\s+board", text)
    for pair in results.pairs:
        assert f"{pair.percentage:.2f}%" in text


def test_a_percentage_has_two_decimals_in_the_prizes_as_in_the_table_beside_them(evening):
    event, _ = evening
    sheet = pairs_sheet(event)
    assert sheet.prizes
    for _, _, score in sheet.prizes:
        assert re.fullmatch(r"\d+\.\d\d%", score), score
    assert percentage_text(53.7) == "53.70%" and percentage_text(50) == "50.00%"
