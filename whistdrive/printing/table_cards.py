"""Table cards: one a page, printed as a tent card that stands on the table.

The lower half reads upright; the upper half is drawn upside-down, so when the sheet is
folded along the middle line (fold at the top) both faces read the right way up.

Two kinds: tonight's cards (the event's own codes, with the trumps and where movers go) and a
club's reusable cards (the club's code for each table number, printed once and laminated).
"""

from __future__ import annotations

import io
from collections.abc import Callable

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from whistdrive.engines.vocabulary import SUIT_SYMBOLS as SYMBOLS

from .common import (
    BOLD,
    FONT,
    GREY,
    Qr,
    address_in_words,
    canvas_maker,
    date_text,
    draw_text,
    fit_lines,
    page_size,
    register_fonts,
    shrink,
    trump_colour,
    width,
    wrap,
)
from .sheets import ClubTableCardSheet, TableCard, TableCardSheet

MARGIN = 30.0  # more than the printable edge, and the fold's neighbourhood stays clear
QR_SIZE = 150.0
# A face whose text would run into the paper's edge (US Letter is 25 pt shorter a half than A4, and a
# long club and event name and a Mitchell's movers take two lines each) has its code made smaller,
# down to this: still about 3 mm a module for a table's short address.
SMALLEST_QR = 100.0
LOWEST_BASELINE = 24.0  # a face's last line: its descenders stay more than 5 mm from the edge
DIGIT_HEIGHT = 0.73
TRUMP_WORDS = {
    "turned": "Trumps: the dealer turns up the last card of each deal",
    "cut": "Trumps: cut the pack before each deal; the suit of the cut card is trumps",
    "board": "Trumps: each board's own, as your phone and the traveller say",
}


def _lines(canvas: Canvas, lines: list[str], x: float, y: float, font: str, size: float, leading: float) -> float:
    """Centred lines downward from baseline ``y``; returns the baseline after the last."""
    for line in lines:
        draw_text(canvas, x, y, line, font, size, "centre")
        y -= leading
    return y


def _number_and_code(
    canvas: Canvas, card: TableCard, width_: float, top: float, caption: str, qr_size: float = QR_SIZE
) -> float:
    """TABLE and the number on the left, the QR code and its address in words on the right.

    Returns the y below the block.
    """
    qr = Qr(card.url)
    quiet = qr.quiet(qr_size)
    qr_x = width_ - MARGIN - quiet - qr_size
    qr_y = top - quiet - qr_size
    qr.draw(canvas, qr_x, qr_y, qr_size)
    text_width = qr_size + 2 * quiet
    centre_qr = qr_x + qr_size / 2
    y = qr_y - quiet - 2
    y = _lines(canvas, wrap(caption, text_width, 9), centre_qr, y, BOLD, 9, 11)
    # The address in words, so a code that no longer scans is noticed on paper (and can be typed).
    address = address_in_words(card.url)
    # At 9 pt on as many lines as it needs: shrunk to fit two lines, it was under 9 pt.
    parts = _split_anywhere(address, text_width, 9)
    y = _lines(canvas, parts, centre_qr, y, FONT, 9, 11)

    number_box = qr_x - quiet - 2 * MARGIN
    centre = MARGIN + number_box / 2
    canvas.setFillColor(colors.black)
    draw_text(canvas, centre, top - 28, "TABLE", BOLD, 28, "centre")
    number = str(card.table)
    # As large as fits beside the code and below "TABLE" (a digit's height is 0.73 of its size).
    tallest = (top - 28 - 11 - (qr_y + 6)) / DIGIT_HEIGHT
    size = shrink(number, number_box, min(170, tallest), 40, BOLD)
    draw_text(canvas, centre, qr_y + 6, number, BOLD, size, "centre")
    return min(y, qr_y - 6)


def _split_anywhere(text: str, max_width: float, size: float) -> list[str]:
    """An address broken where it must (after a slash if it can): it has no spaces to wrap at."""
    lines, current = [], ""
    for char in text:
        if current and width(current + char, size) > max_width:
            cut = current.rfind("/")
            if 0 < cut < len(current) - 1 and width(current[: cut + 1], size) > max_width * 0.5:
                lines.append(current[: cut + 1])
                current = current[cut + 1 :]
            else:
                lines.append(current)
                current = ""
        current += char
    return [*lines, current] if current else lines


def _draw_face(
    canvas: Canvas, sheet: TableCardSheet, card: TableCard, width_: float, height: float, qr_size: float
) -> float:
    """One face of tonight's tent card in the box (0, 0, width, height), read from the bottom edge.

    Returns the baseline below its last line."""
    canvas.setFillColor(colors.black)
    heading, size = fit_lines(f"{sheet.club} · {sheet.event}", width_ - 2 * MARGIN, 11, 9, 2)
    y = _lines(canvas, heading, width_ / 2, height - MARGIN - 4, FONT, size, size + 3)
    y = _lines(canvas, [date_text(sheet.date)], width_ / 2, y, FONT, 11, 14)
    y = _number_and_code(canvas, card, width_, y - 2, "Scan to enter this table's results", qr_size)

    y -= 18
    if sheet.trump_rotation:
        label = "Trumps in turn:  "
        label_width = width(label, 16)
        symbols = [SYMBOLS[t] for t in sheet.trump_rotation]
        gap = 12
        symbol_widths = [width(s, 26) for s in symbols]
        total = label_width + sum(symbol_widths) + gap * (len(symbols) - 1)
        x = (width_ - total) / 2
        draw_text(canvas, x, y, label, FONT, 16)
        x += label_width
        for trump, symbol, symbol_width in zip(sheet.trump_rotation, symbols, symbol_widths, strict=True):
            canvas.setFillColor(trump_colour(trump))
            draw_text(canvas, x, y - 2, symbol, FONT, 26)
            x += symbol_width + gap
        canvas.setFillColor(colors.black)
        y -= 24
    else:
        words = TRUMP_WORDS.get(sheet.trump_mode or "turned", TRUMP_WORDS["turned"])
        lines, size = fit_lines(words, width_ - 2 * MARGIN, 14, 11, 2)
        y = _lines(canvas, lines, width_ / 2, y, FONT, size, size + 4) - 4
    if card.movers:
        lines, size = fit_lines(card.movers, width_ - 2 * MARGIN, 15, 11, 2, BOLD)
        y = _lines(canvas, lines, width_ / 2, y, BOLD, size, size + 4) - 2
    for line in sheet.instructions[:2]:
        y = _lines(canvas, wrap(line, width_ - 2 * MARGIN, 10), width_ / 2, y, FONT, 10, 13)
    return y + 13


def _draw_club_face(
    canvas: Canvas, sheet: ClubTableCardSheet, card: TableCard, width_: float, height: float, qr_size: float
) -> float:
    """One face of a club's reusable card: the club, the number, the club's code for this table."""
    canvas.setFillColor(colors.black)
    heading, size = fit_lines(sheet.club, width_ - 2 * MARGIN, 16, 11, 2, BOLD)
    y = _lines(canvas, heading, width_ / 2, height - MARGIN - 8, BOLD, size, size + 4)
    y = _number_and_code(canvas, card, width_, y - 6, "Scan for tonight's game at this table", qr_size)
    y -= 16
    for line in (
        "The code opens the event being played at this table tonight:",
        "choose your seat, then enter the tricks for each hand.",
        "The club's own card: keep it for every evening.",
    ):
        y = _lines(canvas, wrap(line, width_ - 2 * MARGIN, 11), width_ / 2, y, FONT, 11, 15)
    return y + 15


def _tents(title: str, author: str, size_name: str, cards: list[TableCard], face: Callable) -> bytes:
    register_fonts()
    width_, height = page_size(size_name)
    half = height / 2
    buffer = io.BytesIO()
    canvas = canvas_maker(buffer, pagesize=(width_, height), invariant=1)
    canvas.setTitle(title)
    canvas.setAuthor(author)
    for card in cards:
        # Drawn once on a scratch page to see where its last line falls: too near the edge, the code shrinks.
        lowest = face(canvas_maker(io.BytesIO(), pagesize=(width_, height)), card, width_, half, QR_SIZE)
        qr_size = max(SMALLEST_QR, QR_SIZE - max(0.0, LOWEST_BASELINE - lowest))
        face(canvas, card, width_, half, qr_size)
        canvas.saveState()
        # The far face: turned half a turn about the centre of the upper half.
        canvas.translate(width_, height)
        canvas.rotate(180)
        face(canvas, card, width_, half, qr_size)
        canvas.restoreState()

        canvas.saveState()
        canvas.setStrokeColor(GREY)
        canvas.setLineWidth(0.6)
        canvas.setDash(4, 3)
        canvas.line(0, half, width_, half)
        canvas.setFillColor(GREY)
        draw_text(canvas, MARGIN, half + 3, "fold", FONT, 9)
        draw_text(canvas, width_ - MARGIN, half + 3, "fold", FONT, 9, "right")
        canvas.restoreState()
        canvas.showPage()
    if not cards:
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def table_cards_pdf(cards: TableCardSheet) -> bytes:
    """One tent card a page per table of tonight's event, as PDF bytes."""
    return _tents(
        f"Table cards: {cards.event}", cards.club, cards.page_size, cards.cards,
        lambda canvas, card, w, h, qr: _draw_face(canvas, cards, card, w, h, qr),
    )  # fmt: skip


def club_table_cards_pdf(cards: ClubTableCardSheet) -> bytes:
    """A club's reusable tent cards, one a page per table number, as PDF bytes."""
    return _tents(
        f"Table cards: {cards.club}", cards.club, cards.page_size, cards.cards,
        lambda canvas, card, w, h, qr: _draw_club_face(canvas, cards, card, w, h, qr),
    )  # fmt: skip
