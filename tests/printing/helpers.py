"""Reading printed PDFs back: text with pypdf, QR codes with pdftoppm + zbarimg."""

from __future__ import annotations

import io
import shutil
import subprocess
import tempfile
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
