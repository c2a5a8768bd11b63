"""Every document carries the fonts it names: a PDF that names a font it lacks prints with a substitute."""

import dataclasses

import pytest

from tests.printing import factories
from tests.printing.helpers import unembedded_fonts
from whistdrive import printing

CJK_CARD = dataclasses.replace(factories.scorecard_sheet(4, 16), cards=[
    dataclasses.replace(card, name=name) for card, name in zip(factories.scorecard_sheet(4, 16).cards,
                                                                  ["王芳", "田中 さくら", "김민준", "Zoë Brontë"], strict=True)
])  # fmt: skip

DOCUMENTS = {
    "scorecards": lambda: printing.scorecards_pdf(CJK_CARD),
    "table cards": lambda: printing.table_cards_pdf(factories.table_card_sheet(2)),
    "club table cards": lambda: printing.club_table_cards_pdf(
        printing.ClubTableCardSheet("Club", [printing.TableCard(1, "http://192.168.1.20:8000/c/abc/")])
    ),
    "progression": lambda: printing.progression_sheet_pdf(factories.progression_sheet()),
    "wall sheet": lambda: printing.wall_sheet_pdf(factories.progression_sheet()),
    "find your table": lambda: printing.find_your_table_pdf(factories.progression_sheet(planned=False)),
    "results": lambda: printing.results_pdf(factories.results_sheet()),
    "prize list": lambda: printing.prize_list_pdf(factories.results_sheet()),
    "score pads": lambda: printing.score_pads_pdf(factories.score_pad_sheet(2)),
    "result slips": lambda: printing.result_slips_pdf(factories.result_slip_sheet()),
    "season": lambda: printing.season_pdf(factories.season_sheet()),
}


@pytest.mark.parametrize("document", sorted(DOCUMENTS))
def test_no_document_references_a_font_it_does_not_embed(document):
    pdf = DOCUMENTS[document]()
    assert unembedded_fonts(pdf) == set()
    # reportlab opened every page in Helvetica, never embedded, until the canvas was told otherwise.
    assert b"/Helvetica" not in pdf
