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
