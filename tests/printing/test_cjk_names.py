"""Chinese, Japanese and Korean names print as their characters, not as empty boxes."""

import dataclasses
import io

from reportlab.pdfgen.canvas import Canvas

from tests.printing import factories
from tests.printing.helpers import pages_lines_text, pages_text, render
from whistdrive import printing
from whistdrive.printing.common import CJK, FONT, canvas_maker, draw_text, register_fonts, runs

NAMES = ["王芳", "田中 さくら", "김민준"]


def sheet_with_cjk_names():
    sheet = factories.scorecard_sheet(4, 16, awkward=False)
    cards = [
        dataclasses.replace(card, name=name) for card, name in zip(sheet.cards, [*NAMES, "Zoë Brontë"], strict=True)
    ]
    return dataclasses.replace(sheet, cards=cards)


def test_cjk_names_on_scorecards_read_back_as_the_same_characters():
    # pdfplumber joins the runs of the two fonts by their position on the line.
    text = pages_lines_text(printing.scorecards_pdf(sheet_with_cjk_names()))[0]
    for name in NAMES:
        assert name in text


def test_cjk_names_on_the_results_and_the_find_your_table_list_read_back_too():
    results = factories.results_sheet(8)
    results = dataclasses.replace(
        results,
        standings=[
            dataclasses.replace(s, name=n) for s, n in zip(results.standings, [*NAMES, *["x"] * 5], strict=True)
        ],
    )
    text = "\n".join(pages_text(printing.results_pdf(results)))
    assert all(name in text for name in NAMES)
    sheet = factories.progression_sheet(12, planned=False)
    sheet = dataclasses.replace(
        sheet,
        players=[
            dataclasses.replace(p, name=n)
            for p, n in zip(sheet.players, [*NAMES, *[p.name for p in sheet.players[3:]]], strict=True)
        ],
    )
    text = "\n".join(pages_text(printing.find_your_table_pdf(sheet)))
    assert all(name in text for name in NAMES)


def test_only_the_characters_dejavu_lacks_fall_back_to_the_cjk_font():
    register_fonts()
    assert runs("田中 さくら (Tanaka)", FONT) == [("田中", CJK), (" ", FONT), ("さくら", CJK), (" (Tanaka)", FONT)]
    assert runs("Zoë Łukasiewicz ♥", FONT) == [("Zoë Łukasiewicz ♥", FONT)]


def _glyph_images(text: str, with_fallback: bool):
    """Each character drawn large in its own box and rendered: the boxes' images, left to right."""
    register_fonts()
    buffer = io.BytesIO()
    canvas = (
        canvas_maker(buffer, pagesize=(80 * len(text), 100))
        if with_fallback
        else Canvas(buffer, pagesize=(80 * len(text), 100))
    )
    for index, char in enumerate(text):
        if with_fallback:
            draw_text(canvas, 10 + 80 * index, 30, char, FONT, 48)
        else:
            canvas.setFont(FONT, 48)
            canvas.drawString(10 + 80 * index, 30, char)
    canvas.showPage()
    canvas.save()
    image = render(buffer.getvalue(), dpi=72)
    return [image.crop((80 * i, 0, 80 * (i + 1), 100)) for i in range(len(text))]


def test_the_rendered_characters_are_drawn_glyphs_not_tofu():
    drawn = _glyph_images("王芳さ김", with_fallback=True)
    tofu = _glyph_images("王芳さ김", with_fallback=False)
    # Without the fallback every character is the same empty box; with it, each has its own shape.
    assert len({img.tobytes() for img in tofu}) == 1
    assert len({img.tobytes() for img in drawn}) == 4
    for image in drawn:
        ink = sum(image.histogram()[:128])
        assert ink > 80  # a real glyph at 48 pt, not a blank
        assert image.tobytes() != tofu[0].tobytes()
