"""The checks every printed document is held to (`tests/printing/helpers.py`) find each fault they exist for:
a character within 5 mm of the edge (upright, or turned upside down as on a folded table card), one under 7 pt,
too much under 9 pt, a word cut inside by an ellipsis, a name under 8 pt and a blank page; and a page that keeps
to the limits passes them all."""

import io

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas

from tests.printing.helpers import blank_pages, characters_under, readability_faults, words_cut_inside

WIDTH, HEIGHT = A4


def _pdf(*pages) -> bytes:
    """A document with one page per function given, each drawing on the canvas."""
    out = io.BytesIO()
    pdf = canvas.Canvas(out, pagesize=A4)
    for draw in pages:
        draw(pdf)
        pdf.showPage()
    pdf.save()
    return out.getvalue()


def _text(x: float, y: float, text: str, size: float = 12):
    def draw(pdf):
        pdf.setFont("Helvetica", size)
        pdf.drawString(x, y, text)

    return draw


def _upside_down(x: float, y: float, text: str, size: float = 12):
    def draw(pdf):
        pdf.saveState()
        pdf.translate(x, y)
        pdf.rotate(180)
        pdf.setFont("Helvetica", size)
        pdf.drawString(0, 0, text)
        pdf.restoreState()

    return draw


def _lines(*draws):
    def draw(pdf):
        for one in draws:
            one(pdf)

    return draw


CLEAN = _lines(
    _text(20 * mm, HEIGHT - 30 * mm, "Nether Wallop Whist Drive: Dorothy Smith-Jones, table 12"),
    _upside_down(WIDTH - 20 * mm, 60 * mm, "Table 12 · winning lady moves up"),
)


def test_a_page_that_keeps_to_the_limits_passes_every_check():
    pdf = _pdf(CLEAN)
    assert readability_faults(pdf) == []
    assert characters_under(pdf) == ""
    assert words_cut_inside(pdf) == []
    assert blank_pages(pdf) == []


def test_characters_near_an_edge_are_found_on_the_page_they_are_on():
    near_left = _text(3 * mm, HEIGHT / 2, "Edge")
    off_the_right = _text(WIDTH - 15 * mm, HEIGHT / 2, "Overflowing")
    near_the_top = _text(30 * mm, HEIGHT - 4 * mm, "Top")  # the baseline 4 mm down: the letters reach higher
    (left,) = readability_faults(_pdf(CLEAN, near_left))
    assert left == "page 2: 1 characters within 5 mm of the edge or off it: 'E'"  # the others are further in
    (right,) = readability_faults(_pdf(off_the_right))
    assert right.startswith("page 1:") and "within 5 mm of the edge or off it" in right
    assert readability_faults(_pdf(near_the_top))


def test_text_turned_upside_down_near_the_bottom_edge_is_found():
    # A folded table card's far side: its baseline 6 mm up, its letters hanging below it to 3 mm from the edge.
    turned = _upside_down(WIDTH - 20 * mm, 6 * mm, "Table 12")
    assert readability_faults(_pdf(turned)) != []
    assert readability_faults(_pdf(_upside_down(WIDTH - 20 * mm, 12 * mm, "Table 12"))) == []


def test_tiny_print_and_too_much_small_print_are_found():
    tiny, share = readability_faults(_pdf(_lines(CLEAN, _text(20 * mm, 100 * mm, "fine print", size=6.5))))
    assert tiny == "page 1: 9 characters under 7 pt: 'fineprint'"
    assert share == "11% of the characters are under 9 pt (9 of 84)"
    small = _lines(CLEAN, _text(20 * mm, 100 * mm, "Eight point, nowhere near tiny", size=8))
    (share,) = readability_faults(_pdf(small))
    assert share.endswith("of the characters are under 9 pt (26 of 101)")
    assert characters_under(_pdf(small)) == ""  # 8 pt is the least a name may be
    shrunk = _lines(CLEAN, _text(20 * mm, 100 * mm, "Dorothy Smith-Jones", size=7.5))
    assert characters_under(_pdf(shrunk)) == "DorothySmith-Jones"


def test_a_word_cut_by_an_ellipsis_is_found_and_one_shortened_after_a_whole_word_is_not():
    title = _text(20 * mm, HEIGHT - 30 * mm, "Christmas Charity Whist Drive in aid of the church roof")
    whole = _lines(title, _text(20 * mm, HEIGHT - 50 * mm, "Christmas Charity Whist Drive in aid of the church…"))
    cut = _lines(title, _text(20 * mm, HEIGHT - 50 * mm, "Christmas Charity Whist Driv…"))
    assert words_cut_inside(_pdf(whole)) == []
    assert words_cut_inside(_pdf(cut)) == ["Driv…"]


def test_a_page_with_nothing_on_it_is_found_and_one_with_only_lines_is_not():
    def ruled(pdf):
        pdf.line(20 * mm, 20 * mm, 100 * mm, 20 * mm)

    assert blank_pages(_pdf(CLEAN, lambda pdf: None, ruled)) == [2]
