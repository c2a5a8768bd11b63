"""What every printed document shares: fonts, page sizes, fitting text, QR codes, suits."""

from __future__ import annotations

import datetime
import threading
from pathlib import Path
from xml.sax.saxutils import escape

import segno
from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, letter
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.platypus.flowables import Flowable

FONT = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
FONTS_DIR = Path(__file__).parent / "fonts"

SUIT_SYMBOLS = {"H": "♥", "D": "♦", "S": "♠", "C": "♣", "N": "NT"}
RED = colors.HexColor("#c0001a")
GREY = colors.HexColor("#777777")
LIGHT = colors.HexColor("#eeeeee")

# A fixed mask pattern: segno's search for the best of 8 took half the time of a big batch
# of scorecards, and zbar and phone cameras read these short URLs with any mask.
QR_MASK = 2

_fonts_lock = threading.Lock()
_fonts_registered = False


def register_fonts() -> None:
    """Register DejaVu Sans with reportlab once per process (on first use, not at import)."""
    global _fonts_registered
    if _fonts_registered:
        return
    with _fonts_lock:
        if _fonts_registered:
            return
        # Binary (zlib only) streams: ASCII85 on top makes PDFs a quarter bigger and, without
        # the optional rl_accel package, costs a fifth of the time of a big batch of scorecards.
        rl_config.useA85 = 0
        pdfmetrics.registerFont(TTFont(FONT, str(FONTS_DIR / "DejaVuSans.ttf")))
        pdfmetrics.registerFont(TTFont(BOLD, str(FONTS_DIR / "DejaVuSans-Bold.ttf")))
        # So that <b> in a Paragraph picks the bold face instead of a Vera fallback.
        pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=BOLD, italic=FONT, boldItalic=BOLD)
        _fonts_registered = True


def page_size(name: str) -> tuple[float, float]:
    if name == "A4":
        return A4
    if name == "letter":
        return letter
    raise ValueError(f"page size must be 'A4' or 'letter', not {name!r}")


def date_text(value: datetime.date | str) -> str:
    if isinstance(value, datetime.date):
        return f"{value.day} {value:%B %Y}"
    return str(value)


def markup(text: str) -> str:
    """User text made safe for a Paragraph (which reads & < > as markup)."""
    return escape(str(text))


def width(text: str, size: float, font: str = FONT) -> float:
    return pdfmetrics.stringWidth(text, font, size)


def fit(text: str, max_width: float, size: float, font: str = FONT) -> str:
    """The text cut with an ellipsis so it is at most ``max_width`` points wide."""
    text = str(text)
    if width(text, size, font) <= max_width:
        return text
    ellipsis = "…"
    low, high = 0, len(text)
    # Binary search on the kept length: names are short, but a pasted paragraph need not be.
    while low < high:
        mid = (low + high + 1) // 2
        if width(text[:mid].rstrip() + ellipsis, size, font) <= max_width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + ellipsis


def fit_size(text: str, max_width: float, size: float, smallest: float, font: str = FONT) -> tuple[str, float]:
    """Shrink the font down to ``smallest`` to fit, then cut with an ellipsis."""
    while size > smallest and width(text, size, font) > max_width:
        size -= 0.5
    return fit(text, max_width, size, font), size


def short_name(name: str, max_width: float, size: float, font: str = FONT) -> str:
    """A name for a narrow column: in full if it fits, else initial + surname, else cut."""
    name = " ".join(str(name).split())
    if width(name, size, font) <= max_width:
        return name
    parts = name.split(" ")
    if len(parts) > 1:
        shorter = f"{parts[0][0]}. {parts[-1]}"
        if width(shorter, size, font) <= max_width:
            return shorter
    return fit(name, max_width, size, font)


def initials(name: str) -> str:
    return "".join(part[0] for part in str(name).replace("-", " ").split() if part[0].isalpha()).upper()


def trump_symbol(trump: str | None) -> str:
    if trump is None:
        return ""
    return SUIT_SYMBOLS[trump]


def trump_colour(trump: str | None):
    return RED if trump in ("H", "D") else colors.black


def draw_qr(canvas, url: str, x: float, y: float, size: float) -> None:
    """A QR code ``size`` points square with its lower left corner at (x, y).

    segno builds the matrix and each row's runs of dark modules become one rectangle of a
    single path. reportlab's QrCodeWidget in a Drawing gives the same code but took about
    70 ms a card (one shape object per module), too slow for 400 scorecards.
    Level M reads reliably from paper; a quiet zone of 2 modules is inside ``size``.
    """
    matrix = segno.make_qr(url, error="m", boost_error=False, mask=QR_MASK).matrix
    border = 2
    modules = len(matrix) + 2 * border
    step = size / modules
    # Rectangles in module units under a scaling matrix, written as literal PDF operators:
    # whole numbers format instantly, where reportlab's own float formatting (pure Python
    # without the optional rl_accel package) took most of the time of a batch of cards.
    operators = []
    for row_index, row in enumerate(matrix):
        bottom = modules - border - row_index - 1
        column = 0
        count = len(row)
        while column < count:
            if row[column]:
                start = column
                while column < count and row[column]:
                    column += 1
                operators.append(f"{start + border} {bottom} {column - start} 1 re")
            else:
                column += 1
    operators.append("f")
    canvas.saveState()
    canvas.setFillColor(colors.black)
    canvas.transform(step, 0, 0, step, x, y)
    canvas.addLiteral("\n".join(operators))
    canvas.restoreState()


class QrCode(Flowable):
    """A QR code as a platypus flowable."""

    def __init__(self, url: str, size: float):
        super().__init__()
        self.url = url
        self.size = size

    def wrap(self, available_width, available_height):
        return self.size, self.size

    def draw(self):
        draw_qr(self.canv, self.url, 0, 0, self.size)


def role_text(role: str | None) -> str:
    return {"lady": "Lady", "gent": "Gent"}.get(role or "", "")


def draw_cut_marks(canvas, page_width: float, page_height: float, xs: list[float], ys: list[float]) -> None:
    """Short ticks at the page edges and small crosses where cuts meet, in light grey."""
    canvas.saveState()
    canvas.setStrokeColor(GREY)
    canvas.setLineWidth(0.4)
    tick = 10
    for x in xs:
        canvas.line(x, 0, x, tick)
        canvas.line(x, page_height - tick, x, page_height)
    for y in ys:
        canvas.line(0, y, tick, y)
        canvas.line(page_width - tick, y, page_width, y)
    for x in xs:
        for y in ys:
            canvas.line(x - 5, y, x + 5, y)
            canvas.line(x, y - 5, x, y + 5)
    canvas.restoreState()
