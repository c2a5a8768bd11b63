"""Reading printed PDFs back: text with pypdf, characters and their boxes with pypdfium2, QR codes with pdftoppm +
zbarimg."""

from __future__ import annotations

import functools
import io
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest
from pypdf import PdfReader


def pages_text(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


def page_count(pdf: bytes) -> int:
    return len(PdfReader(io.BytesIO(pdf)).pages)


def qr_codes_on_page(pdf: bytes, page: int) -> set[str]:
    """Every QR code zbarimg reads on one page (1-based) rendered at 200 dpi."""
    missing = [tool for tool in ("pdftoppm", "zbarimg") if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"QR decoding needs {' and '.join(missing)} (apt-get install poppler-utils zbar-tools)")
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "doc.pdf"
        source.write_bytes(pdf)
        subprocess.run(
            ["pdftoppm", "-r", "200", "-png", "-f", str(page), "-l", str(page), str(source), str(Path(folder) / "p")],
            check=True,
        )
        (image,) = Path(folder).glob("p*.png")
        result = subprocess.run(["zbarimg", "--raw", "-q", str(image)], capture_output=True, text=True)
    return {line for line in result.stdout.splitlines() if line}


def pages_lines_text(pdf: bytes) -> list[str]:
    """Text page by page with each printed row on one line (pdfplumber orders words by position)."""
    import pdfplumber

    with pdfplumber.open(io.BytesIO(pdf)) as document:
        return [page.extract_text() for page in document.pages]


def unembedded_fonts(pdf: bytes) -> set[str]:
    """The fonts a PDF names but does not carry (for a composite font, its descendant's file)."""
    missing: set[str] = set()
    for page in PdfReader(io.BytesIO(pdf)).pages:
        resources = page.get("/Resources") or {}
        fonts = resources.get("/Font") or {}
        for ref in fonts.values():
            font = ref.get_object()
            targets = [d.get_object() for d in font.get("/DescendantFonts", [])] or [font]
            for target in targets:
                descriptor = target.get("/FontDescriptor")
                descriptor = descriptor.get_object() if descriptor is not None else {}
                if not any(key in descriptor for key in ("/FontFile", "/FontFile2", "/FontFile3")):
                    missing.add(str(font.get("/BaseFont")))
    return missing


def cut_marks(pdf: bytes, page: int = 0) -> list[dict]:
    """The cut marks of a page: strokes in grey at 0.5 pt (a card's own rules are 0.4 pt), from pdfplumber."""
    import pdfplumber

    with pdfplumber.open(io.BytesIO(pdf)) as document:
        lines = document.pages[page].lines
        return [
            line
            for line in lines
            if round(line["linewidth"], 2) == 0.5
            and tuple(round(c, 2) for c in (line.get("stroking_color") or ())) == (0.47, 0.47, 0.47)
        ]


def render(pdf: bytes, page: int = 1, dpi: int = 72):
    """A page as a PIL image (greyscale), rendered by pdftoppm."""
    missing = [tool for tool in ("pdftoppm",) if shutil.which(tool) is None]
    if missing:
        pytest.skip("rendering needs pdftoppm (apt-get install poppler-utils)")
    from PIL import Image

    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "doc.pdf"
        source.write_bytes(pdf)
        subprocess.run(
            [
                "pdftoppm",
                "-r",
                str(dpi),
                "-gray",
                "-png",
                "-f",
                str(page),
                "-l",
                str(page),
                str(source),
                str(Path(folder) / "p"),
            ],
            check=True,
        )
        (image,) = Path(folder).glob("p*.png")
        return Image.open(image).convert("L").copy()


# What every printed document keeps to (issue #48): readable by the players in the hall.
EDGE_MM = 5.0
SMALLEST_PT = 7.0
SMALL_PT = 9.0
SMALL_SHARE = 0.03


@dataclass(frozen=True)
class _Page:
    width: float
    height: float
    chars: tuple[tuple[str, float, float, float, float, float], ...]  # (text, size, x0, x1, top, bottom), no spaces
    drawn: bool  # a line, rectangle or curve
    text: str  # the page's text, in reading order (words_cut_inside)


@functools.lru_cache(maxsize=2)
def _printed(pdf: bytes) -> tuple[_Page, ...]:
    """What PDFium (the PDF engine of Chromium, through pypdfium2) reads of each page, once for the several checks
    made of one document.

    A character's box is PDFium's loose box: from its origin across its advance (and its glyph's ink, where that
    reaches further) and from the font's descent to its ascent, turned with the text, in points from the page's
    top-left corner. pdfplumber read the same characters at the same sizes ten times slower (most of this
    suite's time on printing), with a box of the advance and the font size from the descent."""
    import pypdfium2
    import pypdfium2.raw as pdfium

    pages = []
    box = pdfium.FS_RECTF()
    document = pypdfium2.PdfDocument(pdf)
    try:
        for page in document:
            width, height = page.get_size()
            textpage = page.get_textpage()
            chars = []
            for index in range(textpage.count_chars()):
                if pdfium.FPDFText_IsGenerated(textpage.raw, index):  # a space or line end PDFium adds
                    continue
                text = (
                    "-"
                    if pdfium.FPDFText_IsHyphen(textpage.raw, index)
                    else chr(pdfium.FPDFText_GetUnicode(textpage.raw, index))
                )
                if not text.strip():
                    continue
                pdfium.FPDFText_GetLooseCharBox(textpage.raw, index, box)
                size = round(pdfium.FPDFText_GetFontSize(textpage.raw, index), 2)
                chars.append((text, size, box.left, box.right, height - box.top, height - box.bottom))
            drawn = any(True for _ in page.get_objects(filter=[pdfium.FPDF_PAGEOBJ_PATH], max_depth=3))
            text = textpage.get_text_range().replace("\x02", "-")  # PDFium's hyphen at a line's end
            pages.append(_Page(width, height, tuple(chars), drawn, text))
    finally:
        document.close()
    return tuple(pages)


def readability_faults(pdf: bytes) -> list[str]:
    """What a document breaks of the three limits, in words; empty when it keeps to all of them.

    Every character is on the page and at least 5 mm from its edge, none is under 7 pt, and at
    most 3 % of the characters are under 9 pt.
    """
    edge = EDGE_MM * 72 / 25.4
    faults: list[str] = []
    total = small = 0
    for number, page in enumerate(_printed(pdf), start=1):
        near_edge, tiny = [], []
        for text, size, x0, x1, top, bottom in page.chars:
            total += 1
            if size < SMALL_PT:
                small += 1
            if size < SMALLEST_PT:
                tiny.append(text)
            if (
                x0 < edge - 0.01
                or x1 > page.width - edge + 0.01
                or top < edge - 0.01
                or bottom > page.height - edge + 0.01
            ):
                near_edge.append(text)
        if near_edge:
            faults.append(f"page {number}: {len(near_edge)} characters within 5 mm of the edge or off it: "
                          f"{''.join(near_edge)[:60]!r}")  # fmt: skip
        if tiny:
            faults.append(f"page {number}: {len(tiny)} characters under 7 pt: {''.join(tiny)[:60]!r}")
    if total and small / total > SMALL_SHARE:
        faults.append(f"{small / total:.0%} of the characters are under 9 pt ({small} of {total})")
    return faults


# A name is never shrunk below 8 pt (issue #48); nothing else on any document is either, so the check
# needs no way of telling a name from other text.
NAME_PT = 8.0


def characters_under(pdf: bytes, size: float = NAME_PT) -> str:
    """Every character printed smaller than ``size`` points, in order (empty when there is none)."""
    return "".join(char[0] for page in _printed(pdf) for char in page.chars if char[1] < size)


def blank_pages(pdf: bytes) -> list[int]:
    """The pages (1-based) with nothing printed on them: no character, line, rectangle or curve."""
    return [number for number, page in enumerate(_printed(pdf), start=1) if not page.chars and not page.drawn]


def words_cut_inside(pdf: bytes) -> list[str]:
    """Words a document shortened with an ellipsis inside them ("Driv…"), where it should stop after a word.

    A shortened text ends "…" after a whole word: one the document prints whole elsewhere (a
    continuation page's title is whole on the first page), or one ending in a hyphen, where a
    name may break. Anything else before the "…" is a word cut in two.
    """
    tokens = [token for page in _printed(pdf) for token in page.text.split()]
    whole = {token.strip(".,:;()·") for token in tokens if "…" not in token}
    cut = []
    for token in tokens:
        if "…" not in token:
            continue
        before = token.split("…")[0].strip(".,:;()·")
        if before and not before.endswith("-") and before not in whole:
            cut.append(token)
    return cut
