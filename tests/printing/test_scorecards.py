import io

import pdfplumber
import pytest

from tests.printing import factories
from tests.printing.helpers import cut_marks, page_count, pages_text, qr_codes_on_page
from whistdrive.printing import CardError, scorecards_pdf
from whistdrive.printing.scorecards import CELL_MARGIN


def test_forty_entrants_of_sixteen_hands_print_four_cards_a_page_on_ten_pages():
    assert page_count(scorecards_pdf(factories.scorecard_sheet(40, 16))) == 10


def test_more_than_sixteen_hands_print_two_cards_a_page():
    assert page_count(scorecards_pdf(factories.scorecard_sheet(40, 24))) == 20


@pytest.mark.parametrize("page_size", ["A4", "letter"])
def test_a_thirty_hand_card_fits_its_frame_without_splitting(page_size):
    pdf = scorecards_pdf(factories.scorecard_sheet(6, 30, planned=True, page_size=page_size, awkward=False))
    assert page_count(pdf) == 3
    first_page = pages_text(pdf)[0]
    # Both cards of the page end with their own final total and movement rule.
    assert first_page.count("Final total") == 2
    assert first_page.count("30") >= 2


def test_cards_whose_partners_need_two_lines_each_still_print_whole_one_a_page_if_need_be():
    pdf = scorecards_pdf(factories.scorecard_sheet(6, 30, planned=True))
    for text in pages_text(pdf):
        # However many a page, every card on it is whole: as many headings as final totals.
        assert text.count("Final total") == text.count("Card ") >= 1


def test_sixteen_hands_four_up_fit_on_letter_paper_too():
    assert page_count(scorecards_pdf(factories.scorecard_sheet(8, 16, page_size="letter", awkward=False))) == 2


def test_hands_that_cannot_fit_are_a_user_error_that_says_what_to_change():
    sheet = factories.scorecard_sheet(4, 40, cards_per_page=4)
    with pytest.raises(CardError, match="fewer cards a page"):
        scorecards_pdf(sheet)


def test_names_with_accents_and_apostrophes_print_as_given():
    text = " ".join(" ".join(pages_text(scorecards_pdf(factories.scorecard_sheet(8, 16)))).split())
    for name in ("Zoë Brontë", "Łukasz Żółkiewski", "Siobhán O'Brien", "Renée & Jean <Dupont>", "Ægir Ødegård"):
        assert name in text
    assert "Nether Wallop Whist Club" in text
    assert "1 December 2026" in text
    assert "St Andrew's Village Hall" in text


def test_each_card_shows_its_number_and_role():
    text = pages_text(scorecards_pdf(factories.scorecard_sheet(4, 16)))[0]
    assert "Card 1 · Lady" in text
    assert "Card 2 · Gent" in text


def test_the_trump_rotation_prints_as_suit_symbols_and_no_trumps_as_nt():
    text = pages_text(scorecards_pdf(factories.scorecard_sheet(4, 5, trumps="HDSCN")))[0]
    for symbol in ("♥", "♦", "♠", "♣", "NT"):
        assert symbol in text


def test_turned_trumps_leave_the_trump_column_blank():
    text = pages_text(scorecards_pdf(factories.scorecard_sheet(4, 8, trumps=None)))[0]
    for symbol in ("♥", "♦", "♠", "♣"):
        assert symbol not in text


def test_a_played_card_shows_the_half_time_and_final_totals():
    sheet = factories.scorecard_sheet(2, 24, played=True)
    text = pages_text(scorecards_pdf(sheet))[0]
    for card in sheet.cards:
        assert "Half-time total" in text
        assert f"{card.half_time_total}" in text
        assert f"{card.total}" in text
        assert card.total == card.rows[-1].running_total


def test_a_planned_movement_prints_table_seat_and_partner_on_each_hands_row():
    sheet = factories.scorecard_sheet(4, 16, planned=True, awkward=False)
    pdf = scorecards_pdf(sheet)
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        page = document.pages[0]
        top_left_card = page.crop((0, 0, page.width / 2, page.height / 2)).extract_text()
    lines = top_left_card.splitlines()
    for row in sheet.cards[0].rows[:3]:
        # Hand, trumps (a symbol), "table seat", then the partner's whole name.
        assert any(
            line.startswith(f"{row.hand} ") and f" {row.table} {row.seat} {row.partner}" in line for line in lines
        ), row


def test_a_partners_long_name_wraps_to_two_lines_and_no_surname_is_cut():
    sheet = factories.scorecard_sheet(8, 16, planned=True)
    text = " ".join(" ".join(pages_text(scorecards_pdf(sheet))).replace("-\n", "-").split())
    assert "…" not in text
    for card in sheet.cards:
        for row in card.rows:
            surname = row.partner.split()[-1]
            assert surname in text, (card.name, row.hand, surname)


def test_a_very_long_name_is_printed_whole_and_stays_inside_its_card():
    sheet = factories.scorecard_sheet(8, 16, planned=True)
    pdf = scorecards_pdf(sheet)
    text = " ".join(" ".join(pages_text(pdf)).replace("-\n", "-").split())
    assert factories.LONG_NAME in text
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        for index, page in enumerate(document.pages):
            half = page.width / 2
            # Cards side by side have a vertical cut between them; cards one above the other are the page's width.
            side_by_side = any(m["x0"] == m["x1"] for m in cut_marks(pdf, index))
            for char in page.chars:
                left_card = char["x0"] < half
                low, high = (
                    (CELL_MARGIN, half - CELL_MARGIN) if left_card else (half + CELL_MARGIN, page.width - CELL_MARGIN)
                )
                if not side_by_side:
                    low, high = CELL_MARGIN, page.width - CELL_MARGIN
                assert low - 0.5 <= char["x0"] and char["x1"] <= high + 0.5, char["text"]


def test_the_qr_codes_decode_to_each_players_personal_page():
    sheet = factories.scorecard_sheet(8, 16)
    codes = qr_codes_on_page(scorecards_pdf(sheet), 2)
    assert codes == {card.personal_url for card in sheet.cards[4:8]}


def test_the_same_sheet_gives_identical_bytes_twice():
    sheet = factories.scorecard_sheet(8, 24, played=True)
    assert scorecards_pdf(sheet) == scorecards_pdf(sheet)


def test_the_movement_rule_is_printed_on_every_card():
    text = pages_text(scorecards_pdf(factories.scorecard_sheet(4, 16)))[0]
    assert text.count("Winners move") == 4
