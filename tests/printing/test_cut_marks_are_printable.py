"""Cut marks sit inside the area every printer prints (6 mm in from the edge), on every cut sheet."""

import dataclasses

import pytest

from tests.printing import factories
from tests.printing.helpers import cut_marks
from whistdrive import printing
from whistdrive.printing.common import PRINTABLE

SHEETS = {
    "scorecards four a page": lambda: printing.scorecards_pdf(factories.scorecard_sheet(8, 16, awkward=False)),
    "scorecards two a page": lambda: printing.scorecards_pdf(factories.scorecard_sheet(4, 24)),
    "score pads": lambda: printing.score_pads_pdf(factories.score_pad_sheet(2)),
    "result slips": lambda: printing.result_slips_pdf(factories.result_slip_sheet(6)),
    "travellers": lambda: printing.travellers_pdf(factories.pairs_sheet()),
    "pair cards": lambda: printing.pair_cards_pdf(
        dataclasses.replace(factories.pairs_sheet(), cards=short_pair_cards())
    ),
    "movement cards": lambda: printing.movement_cards_pdf(factories.pairs_sheet()),
}


def short_pair_cards():
    """Pair cards with everyday names, two of which fit a page (a very long pair's cards print one a page)."""
    return [dataclasses.replace(card, names="Ann Smith & Bob Jones", rounds=[
        dataclasses.replace(r, opponent_names="Cath Brown & Dan Evans") for r in card.rounds]) for card in
        factories.pairs_sheet().cards]  # fmt: skip


@pytest.mark.parametrize("sheet", sorted(SHEETS))
def test_every_cut_mark_is_at_least_six_millimetres_from_the_paper_edge(sheet):
    pdf = SHEETS[sheet]()
    marks = cut_marks(pdf)
    assert marks, "the sheet has cut marks"
    width, height = (595.28, 841.89)
    for mark in marks:
        assert (
            min(mark["x0"], mark["x1"]) >= PRINTABLE - 0.01 and max(mark["x0"], mark["x1"]) <= width - PRINTABLE + 0.01
        )
        assert mark["top"] >= PRINTABLE - 0.01 and mark["bottom"] <= height - PRINTABLE + 0.01
    assert PRINTABLE >= 17  # 6 mm


def test_the_vertical_cut_of_a_two_up_sheet_is_marked_at_top_and_bottom():
    marks = cut_marks(printing.scorecards_pdf(factories.scorecard_sheet(4, 24)))
    middle = [m for m in marks if round(m["x0"], 1) == round(595.28 / 2, 1) and m["x0"] == m["x1"]]
    assert any(m["top"] < 100 for m in middle) and any(m["bottom"] > 741 for m in middle)
