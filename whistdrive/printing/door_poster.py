"""The door poster: one page, tonight's check-in QR code large enough to scan from a step away (plain values, no
Django). A member scans it and checks themself in from their own phone."""

from __future__ import annotations

import datetime
import io
from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from .common import (
    BOLD,
    FONT,
    GREY,
    PRINTABLE,
    Qr,
    address_in_words,
    canvas_maker,
    date_text,
    draw_text,
    fit_size,
    register_fonts,
)
from .common import page_size as size_of


@dataclass(frozen=True)
class DoorPoster:
    club: str
    event: str
    date: datetime.date
    venue: str
    url: str  # the check-in page, on the address the phones reach
    page_size: str = "A4"


def door_poster_pdf(poster: DoorPoster) -> bytes:
    register_fonts()
    buffer = io.BytesIO()
    width, height = size_of(poster.page_size)
    canvas: Canvas = canvas_maker(buffer, pagesize=(width, height), invariant=True)
    canvas.setTitle(f"Check in here: {poster.event}")
    canvas.setAuthor(poster.club)
    margin = PRINTABLE + 12 * mm
    usable = width - 2 * margin
    y = height - margin - 30
    draw_text(canvas, width / 2, y, "Check in here", BOLD, 40, "centre")
    title, size = fit_size(poster.event, usable, 26, 14, BOLD)
    y -= 44
    draw_text(canvas, width / 2, y, title, BOLD, size, "centre")
    where = " · ".join(part for part in (poster.club, date_text(poster.date), poster.venue) if part)
    where, size = fit_size(where, usable, 14, 9)
    y -= 26
    draw_text(canvas, width / 2, y, where, FONT, size, "centre")

    qr = Qr(poster.url)
    # As large as the page allows above the three steps, its quiet zone of white inside the space given.
    room = min(usable, y - margin - 150)
    side = room * qr.modules / (qr.modules + 8)
    y -= 20 + room
    qr.draw(canvas, (width - side) / 2, y + (room - side) / 2, side)

    steps = [
        "1. Scan the code with your phone's camera.",
        "2. Type your name, tick it, and tap “I'm here” (tick your partner too).",
        "3. Not a member? Type your name: the desk will welcome you.",
    ]
    y -= 30
    for step in steps:
        text, size = fit_size(step, usable, 16, 10)
        draw_text(canvas, margin, y, text, FONT, size)
        y -= 24
    canvas.setFillColor(GREY)
    address, size = fit_size(address_in_words(poster.url), usable, 10, 6)
    draw_text(canvas, width / 2, margin - 10, address, FONT, size, "centre")
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
