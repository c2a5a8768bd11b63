from tests.printing import factories
from tests.printing.helpers import page_count, pages_text, qr_codes_on_page
from whistdrive.printing import table_cards_pdf


def test_each_table_gets_one_page():
    assert page_count(table_cards_pdf(factories.table_card_sheet(10))) == 10


def test_both_faces_show_the_table_number_and_the_trump_rotation():
    text = pages_text(table_cards_pdf(factories.table_card_sheet(3, page_size="letter")))[2]
    assert text.count("TABLE") == 2
    assert text.count("3") >= 2
    for symbol in ("♥", "♦", "♠", "♣"):
        assert text.count(symbol) == 2


def test_turned_trumps_say_how_trumps_are_chosen_instead_of_a_rotation():
    text = pages_text(table_cards_pdf(factories.table_card_sheet(1, trump_rotation=None)))[0]
    assert "turns up the last card" in text
    assert "♥" not in text


def test_the_qr_codes_decode_to_the_tables_phone_page():
    sheet = factories.table_card_sheet(2)
    assert qr_codes_on_page(table_cards_pdf(sheet), 2) == {factories.table_url(2)}


def test_the_same_sheet_gives_identical_bytes_twice():
    sheet = factories.table_card_sheet(4)
    assert table_cards_pdf(sheet) == table_cards_pdf(sheet)
