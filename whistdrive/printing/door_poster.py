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
    fit_lines,
    register_fonts,
    wrap,
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
    # The event's name and where it is are wrapped whole, never cut: a long charity drive's name took
    # an ellipsis in the middle of a word.
    y -= 14
    title, size = fit_lines(poster.event, usable, 26, 14, 3, BOLD)
    for line in title:
        y -= size + 4
        draw_text(canvas, width / 2, y, line, BOLD, size, "centre")
    where = " · ".join(part for part in (poster.club, date_text(poster.date), poster.venue) if part)
    lines, size = fit_lines(where, usable, 14, 10, 3)
    y -= 8
    for line in lines:
        y -= size + 3
        draw_text(canvas, width / 2, y, line, FONT, size, "centre")

    steps = [
        "1. Scan the code with your phone's camera.",
        "2. Type your name, tick it, and tap “I'm here” (tick your partner too).",
        "3. Not a member? Type your name: the desk will welcome you.",
    ]
    # The three steps at one size, the largest (down to 12 pt) at which each takes at most two lines:
    # large type read from a step away matters more than one line a step.
    step_size = 16.0
    while step_size > 12 and any(len(wrap(step, usable, step_size)) > 2 for step in steps):
        step_size -= 0.5
    wrapped = [(wrap(step, usable, step_size), step_size) for step in steps]
    steps_height = sum(len(lines) * (size + 4) + 8 for lines, size in wrapped)
    address, address_size = fit_lines(address_in_words(poster.url), usable, 12, 10, 2)
    bottom = margin + len(address) * (address_size + 2)

    qr = Qr(poster.url)
    # As large as the page allows above the three steps, its quiet zone of white inside the space given.
    room = min(usable, y - 20 - 22 - steps_height - bottom)
    side = room * qr.modules / (qr.modules + 8)
    y -= 20 + room
    qr.draw(canvas, (width - side) / 2, y + (room - side) / 2, side)

    y -= 6
    for lines, size in wrapped:
        for line in lines:
            y -= size + 4
            draw_text(canvas, margin, y, line, FONT, size)
        y -= 8
    canvas.setFillColor(GREY)
    y = bottom
    for line in address:
        y -= address_size + 2
        draw_text(canvas, width / 2, y, line, FONT, address_size, "centre")
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
