"""Reading the downloaded PDFs back: pages, text, page size and QR codes."""

from __future__ import annotations

import io
import shutil
import subprocess
from pathlib import Path

import pypdf
import pytest
from django.urls import reverse

SYMBOLS = {"H": "♥", "D": "♦", "S": "♠", "C": "♣", "N": "NT"}


def download_url(event, document: str, paper: str | None = None) -> str:
    url = reverse("event_print_document", args=[event.pk, document])
    return f"{url}?paper={paper}" if paper else url


def pages(pdf: bytes) -> list[pypdf.PageObject]:
    return list(pypdf.PdfReader(io.BytesIO(pdf)).pages)


def texts(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in pages(pdf)]


def qr_codes(pdf: bytes, tmp_path: Path, page: int = 1) -> list[str]:
    """The URLs of the QR codes on one page, read by zbarimg from a 200 dpi rendering."""
    if not shutil.which("zbarimg") or not shutil.which("pdftoppm"):
        pytest.skip("zbarimg and pdftoppm (zbar-tools, poppler-utils) are needed to read the QR codes")
    source = tmp_path / "doc.pdf"
    source.write_bytes(pdf)
    subprocess.run(
        ["pdftoppm", "-r", "200", "-png", "-f", str(page), "-l", str(page), source, tmp_path / "page"], check=True
    )
    image = next(tmp_path.glob("page*.png"))
    found = subprocess.run(["zbarimg", "--quiet", "--raw", image], capture_output=True, text=True)
    for old in tmp_path.glob("page*.png"):
        old.unlink()
    return sorted(line for line in found.stdout.splitlines() if line)
