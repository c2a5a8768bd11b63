"""What a table card says besides its number: the trumps as the format has them, where movers go, its address."""

import dataclasses

from tests.printing import factories
from tests.printing.helpers import pages_text, qr_codes_on_page
from whistdrive import printing
from whistdrive.engines.formats import Format
from whistdrive.printing.from_models import movers_line


def flat(pdf: bytes) -> str:
    return " ".join(" ".join(pages_text(pdf)).split())


def test_cut_trumps_are_not_described_as_the_turned_card():
    sheet = dataclasses.replace(factories.table_card_sheet(1), trump_rotation=None, trump_mode="cut")
    text = flat(printing.table_cards_pdf(sheet))
    assert "cut the pack before each deal" in text and "turns up the last card" not in text
    turned = flat(printing.table_cards_pdf(dataclasses.replace(sheet, trump_mode="turned")))
    assert "the dealer turns up the last card" in turned and "cut the pack" not in turned


def test_the_card_says_where_movers_go_from_this_table():
    sheet = factories.table_card_sheet(1)
    line = "After each hand: winning lady → table 2 · winning gent → table 7"
    sheet = dataclasses.replace(sheet, cards=[dataclasses.replace(sheet.cards[0], movers=line)])
    assert flat(printing.table_cards_pdf(sheet)).count(line) == 2  # both faces of the tent


def test_the_movers_line_follows_the_format_and_joins_the_last_table_to_the_first():
    tables = [1, 2, 3, 4, 5, 6, 7]
    assert movers_line(Format(), 1, tables) == "After each hand: winning lady → table 2 · winning gent → table 7"
    assert (
        movers_line(Format(movers="losers"), 7, tables)
        == "After each hand: losing lady → table 1 · losing gent → table 6"
    )
    assert movers_line(Format(movement="semi_partner"), 3, tables).endswith(
        "losing lady → table 4 · losing gent → table 2"
    )
    mitchell = movers_line(Format(movement="mitchell", hands=24, hands_per_round=4, interval_after=12), 7, tables)
    assert mitchell == "After every 4 hands: East–West pair → table 1; North–South stay"
    # An even number of tables: still one table on every round (no skip without boards).
    assert movers_line(Format(movement="mitchell", hands=24, hands_per_round=4, interval_after=12), 6, tables[:6]) == (
        "After every 4 hands: East–West pair → table 1; North–South stay"
    )
    assert movers_line(Format(movement="stationary"), 2, tables).startswith("Nobody moves")


def test_with_nine_pairs_the_last_tables_east_west_pair_sits_out_at_the_half_table_before_table_one():
    fmt = Format(movement="mitchell", hands=20, hands_per_round=4, interval_after=12)
    tables = [1, 2, 3, 4]
    assert movers_line(fmt, 4, tables, half_table=True) == (
        "After every 4 hands: East–West pair sits out a round (the half table), then → table 1; North–South stay"
    )
    assert (
        movers_line(fmt, 3, tables, half_table=True)
        == "After every 4 hands: East–West pair → table 4; North–South stay"
    )


def test_the_address_is_printed_in_words_under_the_code_and_the_date_whole():
    sheet = factories.table_card_sheet(1)
    pdf = printing.table_cards_pdf(sheet)
    text = "".join(pages_text(pdf)[0].split())
    assert "192.168.1.20:8000/t/tuesday-drive/1/" in text
    assert "1December2026" in text
    assert qr_codes_on_page(pdf, 1) == {sheet.cards[0].url}


def test_a_clubs_reusable_cards_carry_the_club_the_number_and_the_clubs_code():
    url = "http://192.168.1.20:8000/c/" + "Q" * 43 + "/"
    pdf = printing.club_table_cards_pdf(
        printing.ClubTableCardSheet("Nether Wallop Whist Club", [printing.TableCard(5, url)])
    )
    text = pages_text(pdf)[0]
    assert "Nether Wallop Whist Club" in text and "5" in text.split("\n")
    assert "Scan for tonight's game at this table" in text
    assert url.removeprefix("http://") in "".join(text.split())
    assert qr_codes_on_page(pdf, 1) == {url}
