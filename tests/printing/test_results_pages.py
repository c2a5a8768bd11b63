"""Long results: every page names the event and says "page n of m"; equal places in card order, as numbers."""

import dataclasses

from tests.printing import factories
from tests.printing.helpers import pages_lines_text, pages_text
from whistdrive import printing
from whistdrive.printing.sheets import StandingRow


def test_continuation_pages_carry_the_title_and_every_page_its_number():
    text = pages_text(printing.results_pdf(factories.results_sheet(120)))
    assert len(text) >= 3
    for number, page in enumerate(text, start=1):
        assert f"Page {number} of {len(text)}" in page
        if number > 1:
            assert "Results: Tuesday drive (continued)" in page


def test_equal_places_are_listed_by_card_number_as_numbers():
    rows = [StandingRow(rank=1, shared=True, name=f"Player {n}", total=150, card_number=n) for n in (10, 2, 1, 21, 3)]
    sheet = dataclasses.replace(factories.results_sheet(4), standings=rows, prizes=[])
    lines = [line for line in pages_lines_text(printing.results_pdf(sheet))[0].splitlines() if line.startswith("=1 ")]
    assert [int(line.split()[1]) for line in lines] == [1, 2, 3, 10, 21]


def test_blank_halves_print_blank_not_zero():
    rows = [
        StandingRow(rank=1, shared=False, name="Ann Smith", total=77, first_half=77, second_half=None, card_number=1)
    ]
    sheet = dataclasses.replace(factories.results_sheet(4), standings=rows, prizes=[])
    line = next(line for line in pages_lines_text(printing.results_pdf(sheet))[0].splitlines() if "Ann Smith" in line)
    assert line.split()[-2:] == ["77", "77"]


def test_a_tie_prints_every_name_whole_and_tells_the_mc_to_settle_it_by_a_cut():
    sheet = factories.results_sheet(40)
    text = " ".join(" ".join(pages_text(printing.prize_list_pdf(sheet))).split())
    tied = next(p for p in sheet.prizes if p.tied)
    assert f"Tie on {tied.score} between:" in text
    assert all(name in text for name in tied.winners)
    assert "Equal — settle by a cut of cards before giving the prize." in text
    assert factories.LONG_NAME in text
