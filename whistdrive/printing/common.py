"""What every printed document shares: fonts, page sizes, fitting text, QR codes, suits, cut marks."""

from __future__ import annotations

import datetime
import re
import threading
from pathlib import Path
from xml.sax.saxutils import escape

import segno
from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, letter
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus.flowables import Flowable

from whistdrive.engines.vocabulary import SUIT_SYMBOLS

FONT = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
# Chinese, Japanese and Korean, which DejaVu lacks: drawn character by character from this font.
CJK = "DroidSansFallback"
FONTS_DIR = Path(__file__).parent / "fonts"

RED = colors.HexColor("#c0001a")
GREY = colors.HexColor("#777777")
LIGHT = colors.HexColor("#eeeeee")

# Most printers leave the outer 4–5 mm of a sheet blank: nothing that matters (text, QR codes,
# cut marks) is drawn nearer the edge than this.
PRINTABLE = 6 * mm
# The standard quiet zone of a QR code: four modules of white on every side.
QR_QUIET_MODULES = 4

# A fixed mask pattern: segno's search for the best of 8 took half the time of a big batch
# of scorecards, and zbar and phone cameras read these short URLs with any mask.
QR_MASK = 2

_fonts_lock = threading.Lock()
_fonts_registered = False
_covered: dict[str, frozenset[int]] = {}  # font name -> the code points it has a glyph for


def register_fonts() -> None:
    """Register DejaVu Sans and the CJK fallback with reportlab once per process (on first use)."""
    global _fonts_registered
    if _fonts_registered:
        return
    with _fonts_lock:
        if _fonts_registered:
            return
        # Binary (zlib only) streams: ASCII85 on top makes PDFs bigger and, without the optional
        # rl_accel package, a big batch of scorecards slower (docs/benchmarks.md, "Printing").
        rl_config.useA85 = 0
        for name, file in ((FONT, "DejaVuSans.ttf"), (BOLD, "DejaVuSans-Bold.ttf"), (CJK, "DroidSansFallback.ttf")):
            font = TTFont(name, str(FONTS_DIR / file))
            pdfmetrics.registerFont(font)
            _covered[name] = frozenset(font.face.charToGlyph)
        # So that <b> in a Paragraph picks the bold face instead of a Vera fallback.
        pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=BOLD, italic=FONT, boldItalic=BOLD)
        pdfmetrics.registerFontFamily(CJK, normal=CJK, bold=CJK, italic=CJK, boldItalic=CJK)
        _fonts_registered = True


def canvas_maker(*args, **kwargs) -> Canvas:
    """A canvas whose starting font is the embedded DejaVu Sans.

    reportlab's canvas otherwise opens every page with Helvetica, which it never embeds: a PDF
    that names a font it does not carry prints with whatever the printer substitutes.
    """
    # The doc templates pass initialFontName=None explicitly.
    kwargs["initialFontName"] = kwargs.get("initialFontName") or FONT
    kwargs["initialFontSize"] = kwargs.get("initialFontSize") or 10
    return Canvas(*args, **kwargs)


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


# -- text in more than one font -------------------------------------------------------------------


def runs(text: str, font: str = FONT) -> list[tuple[str, str]]:
    """``text`` cut into (part, font) runs: ``font`` where it has the glyph, else the CJK fallback."""
    text = str(text)
    covered = _covered.get(font)
    if covered is None or all(ord(c) in covered for c in text):
        return [(text, font)] if text else []
    fallback = _covered[CJK]
    parts: list[tuple[str, str]] = []
    for char in text:
        code = ord(char)
        # A space stays in the main font; a character neither font has prints as the main font's box.
        name = CJK if code not in covered and code in fallback else font
        if parts and parts[-1][1] == name:
            parts[-1] = (parts[-1][0] + char, name)
        else:
            parts.append((char, name))
    return parts


def width(text: str, size: float, font: str = FONT) -> float:
    return sum(pdfmetrics.stringWidth(part, name, size) for part, name in runs(text, font))


def draw_text(canvas, x: float, y: float, text: str, font: str, size: float, align: str = "left") -> None:
    """Draw ``text`` with per-character fallback; ``align`` is "left", "centre" or "right" of ``x``."""
    parts = runs(text, font)
    if align != "left":
        total = sum(pdfmetrics.stringWidth(part, name, size) for part, name in parts)
        x -= total if align == "right" else total / 2
    for part, name in parts:
        canvas.setFont(name, size)
        canvas.drawString(x, y, part)
        x += pdfmetrics.stringWidth(part, name, size)
    canvas.setFont(font, size)


def markup(text: str) -> str:
    """User text made safe for a Paragraph (which reads & < > as markup), with the CJK fallback."""
    return "".join(
        escape(part) if name != CJK else f'<font name="{CJK}">{escape(part)}</font>' for part, name in runs(text)
    )


# -- fitting text ---------------------------------------------------------------------------------

# Where a name may break between lines: after a space or a hyphen (the hyphen stays on the line).
_BREAKS = re.compile(r"(?<=-)|\s+")


def fit(text: str, max_width: float, size: float, font: str = FONT) -> str:
    """The text shortened with an ellipsis after its last whole word that fits in ``max_width`` points.

    Only for text that may be shortened (a continuation page's repeated title); names are wrapped.
    Never cut inside a word ("Whist Driv…"): only where the text would wrap, after a space or a
    hyphen. Should even the first word not fit, that word is cut, as nothing else would fit at all.
    """
    text = str(text)
    if width(text, size, font) <= max_width:
        return text
    ellipsis = "…"
    ends = [match.start() for match in _BREAKS.finditer(text) if match.start() > 0]
    kept = [end for end in ends if width(text[:end].rstrip() + ellipsis, size, font) <= max_width]
    if kept:
        return text[: kept[-1]].rstrip() + ellipsis
    low, high = 0, len(text)
    while low < high:
        mid = (low + high + 1) // 2
        if width(text[:mid].rstrip() + ellipsis, size, font) <= max_width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + ellipsis


def shrink(text: str, max_width: float, size: float, smallest: float, font: str = FONT) -> float:
    """The largest size from ``size`` down to ``smallest`` (in half points) at which ``text`` fits."""
    while size > smallest and width(text, size, font) > max_width:
        size -= 0.5
    return size


def wrap(text: str, max_width: float, size: float, font: str = FONT) -> list[str]:
    """Lines of at most ``max_width``, broken at spaces and after hyphens; never cut.

    A single word wider than the line is left whole on its own line: the caller shrinks the size.
    CJK text, written without spaces, may break between any two of its characters.
    """
    words = [w for w in _BREAKS.split(" ".join(str(text).split())) if w]
    lines: list[str] = []
    current = ""
    for word in words:
        joiner = "" if not current or current.endswith("-") else " "
        trial = current + joiner + word
        if not current or width(trial, size, font) <= max_width:
            current = trial
            continue
        lines.append(current)
        current = word
    if current:
        lines.append(current)
    out: list[str] = []
    for line in lines:
        out.extend(_break_cjk(line, max_width, size, font) if width(line, size, font) > max_width else [line])
    return out


def _break_cjk(line: str, max_width: float, size: float, font: str) -> list[str]:
    if not any(name == CJK for _, name in runs(line, font)):
        return [line]
    pieces, current = [], ""
    for char in line:
        if current and width(current + char, size, font) > max_width:
            pieces.append(current)
            current = char.lstrip()
        else:
            current += char
    return [*pieces, current] if current else pieces


def fit_lines(
    text: str, max_width: float, size: float, smallest: float, max_lines: int, font: str = FONT
) -> tuple[list[str], float]:
    """``text`` on as few lines as it can (up to ``max_lines``), each at the largest size down to ``smallest``.

    Never cut: at ``smallest`` the text takes as many lines as it needs, and a single word too
    long for any line is printed smaller still, so the whole of a name always prints.
    """
    for count in range(1, max_lines + 1):
        current = size
        while current >= smallest:
            lines = wrap(text, max_width, current, font) or [""]
            if len(lines) <= count and max(width(line, current, font) for line in lines) <= max_width:
                return lines, current
            current -= 0.5
    lines = wrap(text, max_width, smallest, font) or [""]
    widest = max(width(line, 1, font) for line in lines)
    return lines, min(smallest, max_width / widest) if widest else smallest


def short_name(name: str, max_width: float, size: float, font: str = FONT) -> str:
    """A name for a narrow column: in full if it fits, else initial + surname; never cut."""
    name = " ".join(str(name).split())
    if width(name, size, font) <= max_width:
        return name
    parts = name.split(" ")
    if len(parts) > 1 and parts[0][:1].isalpha():
        return f"{parts[0][0]}. {parts[-1]}"
    return name


def initials(name: str) -> str:
    return "".join(part[0] for part in str(name).replace("-", " ").split() if part[0].isalpha()).upper()


def percentage_text(value: float) -> str:
    """A percentage as every document prints it: always two decimals ("53.70%", never "53.7%" beside it)."""
    return f"{value:.2f}%"


def trump_symbol(trump: str | None) -> str:
    if trump is None:
        return ""
    return SUIT_SYMBOLS[trump]


def trump_colour(trump: str | None):
    return RED if trump in ("H", "D") else colors.black


# -- QR codes -------------------------------------------------------------------------------------


class Qr:
    """A URL's QR code (level M), drawn with its modules filling a square of a given size.

    The quiet zone (``quiet(size)``: four modules) is outside that square: callers keep it clear.
    segno builds the matrix and each row's runs of dark modules become one rectangle of a
    single path. reportlab's QrCodeWidget in a Drawing gives the same code but makes one shape
    object per module, too slow for a hall's worth of scorecards (docs/benchmarks.md, "Printing").
    """

    def __init__(self, url: str):
        self.url = url
        self.matrix = segno.make_qr(url, error="m", boost_error=False, mask=QR_MASK).matrix
        self.modules = len(self.matrix)

    def quiet(self, size: float) -> float:
        return QR_QUIET_MODULES * size / self.modules

    def draw(self, canvas, x: float, y: float, size: float) -> None:
        """The modules fill ``size`` points square with the lower left corner at (x, y)."""
        modules = self.modules
        step = size / modules
        # Rectangles in module units under a scaling matrix, written as literal PDF operators:
        # whole numbers format instantly, where reportlab's own float formatting (pure Python
        # without the optional rl_accel package) took most of the time of a batch of cards.
        operators = []
        for row_index, row in enumerate(self.matrix):
            bottom = modules - row_index - 1
            column = 0
            count = len(row)
            while column < count:
                if row[column]:
                    start = column
                    while column < count and row[column]:
                        column += 1
                    operators.append(f"{start} {bottom} {column - start} 1 re")
                else:
                    column += 1
        operators.append("f")
        canvas.saveState()
        canvas.setFillColor(colors.black)
        canvas.transform(step, 0, 0, step, x, y)
        canvas.addLiteral("\n".join(operators))
        canvas.restoreState()


class QrCode(Flowable):
    """A QR code as a platypus flowable, with its quiet zone around it."""

    def __init__(self, url: str, size: float):
        super().__init__()
        self.qr = Qr(url)
        self.size = size
        self.quiet = self.qr.quiet(size)

    def wrap(self, available_width, available_height):
        return self.size + 2 * self.quiet, self.size + 2 * self.quiet

    def draw(self):
        self.qr.draw(self.canv, self.quiet, self.quiet, self.size)


def address_in_words(url: str) -> str:
    """A URL as it is typed: without the scheme, so a dead code on paper can be checked by eye."""
    return re.sub(r"^https?://", "", url)


def role_text(role: str | None) -> str:
    return {"lady": "Lady", "gent": "Gent"}.get(role or "", "")


# -- cut marks ------------------------------------------------------------------------------------

CUT_TICK = 10.0


def draw_cut_marks(canvas, page_width: float, page_height: float, xs: list[float], ys: list[float]) -> None:
    """Short ticks just inside the printable area and small crosses where cuts meet, in grey.

    The ticks start ``PRINTABLE`` (6 mm) in from the paper's edge, where every printer prints:
    lay the guillotine's blade across the two ticks of a cut line.
    """
    canvas.saveState()
    canvas.setStrokeColor(GREY)
    canvas.setLineWidth(0.5)
    inner = PRINTABLE + CUT_TICK
    for x in xs:
        canvas.line(x, PRINTABLE, x, inner)
        canvas.line(x, page_height - inner, x, page_height - PRINTABLE)
    for y in ys:
        canvas.line(PRINTABLE, y, inner, y)
        canvas.line(page_width - inner, y, page_width - PRINTABLE, y)
    for x in xs:
        for y in ys:
            canvas.line(x - 5, y, x + 5, y)
            canvas.line(x, y - 5, x, y + 5)
    canvas.restoreState()
