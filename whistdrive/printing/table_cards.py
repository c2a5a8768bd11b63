"""Table cards: one a page, printed as a tent card that stands on the table.

The lower half reads upright; the upper half is drawn upside-down, so when the sheet is
folded along the middle line (fold at the top) both faces read the right way up.
"""

from __future__ import annotations

import io

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from .common import BOLD, FONT, GREY, date_text, draw_qr, fit, fit_size, page_size, register_fonts, trump_colour
from .common import SUIT_SYMBOLS as SYMBOLS
from .sheets import TableCard, TableCardSheet


def _draw_face(canvas: Canvas, sheet: TableCardSheet, card: TableCard, width: float, height: float) -> None:
    """One face of the tent in the box (0, 0, width, height), read from the bottom edge."""
    margin = 28
    canvas.setFillColor(colors.black)
    heading = f"{sheet.club} · {sheet.event} · {date_text(sheet.date)}"
    canvas.setFont(FONT, 10)
    canvas.drawCentredString(width / 2, height - margin - 6, fit(heading, width - 2 * margin, 10))

    qr_size = min(170, height * 0.42)
    qr_x = width - margin - qr_size
    qr_y = height * 0.30
    draw_qr(canvas, card.url, qr_x, qr_y, qr_size)
    canvas.setFont(FONT, 8)
    canvas.drawCentredString(qr_x + qr_size / 2, qr_y - 10, "Scan to enter this table's results")

    number_box = qr_x - margin - 10
    centre = margin + number_box / 2
    canvas.setFont(BOLD, 30)
    canvas.drawCentredString(centre, height - margin - 52, "TABLE")
    number, size = fit_size(str(card.table), number_box, 190, 40, BOLD)
    canvas.setFont(BOLD, size)
    canvas.drawCentredString(centre, qr_y + 8, number)

    y = qr_y - 44
    if sheet.trump_rotation:
        label = "Trumps in turn:  "
        canvas.setFont(FONT, 16)
        label_width = canvas.stringWidth(label, FONT, 16)
        symbols = [SYMBOLS[t] for t in sheet.trump_rotation]
        gap = 12
        symbol_widths = [canvas.stringWidth(s, FONT, 28) for s in symbols]
        total = label_width + sum(symbol_widths) + gap * (len(symbols) - 1)
        x = (width - total) / 2
        canvas.drawString(x, y, label)
        x += label_width
        for trump, symbol, symbol_width in zip(sheet.trump_rotation, symbols, symbol_widths, strict=True):
            canvas.setFillColor(trump_colour(trump))
            canvas.setFont(FONT, 28)
            canvas.drawString(x, y - 2, symbol)
            x += symbol_width + gap
        canvas.setFillColor(colors.black)
    else:
        canvas.setFont(FONT, 14)
        canvas.drawCentredString(width / 2, y, "Trumps: the dealer turns up the last card of each deal")

    canvas.setFont(FONT, 10)
    line_y = y - 26
    for line in sheet.instructions[:2]:
        canvas.drawCentredString(width / 2, line_y, fit(line, width - 2 * margin, 10))
        line_y -= 14


def table_cards_pdf(cards: TableCardSheet) -> bytes:
    """One tent card a page per table, as PDF bytes."""
    register_fonts()
    width, height = page_size(cards.page_size)
    half = height / 2
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, height), invariant=1)
    canvas.setTitle(f"Table cards: {cards.event}")
    canvas.setAuthor(cards.club)
    for card in cards.cards:
        _draw_face(canvas, cards, card, width, half)
        canvas.saveState()
        # The far face: turned half a turn about the centre of the upper half.
        canvas.translate(width, height)
        canvas.rotate(180)
        _draw_face(canvas, cards, card, width, half)
        canvas.restoreState()

        canvas.saveState()
        canvas.setStrokeColor(GREY)
        canvas.setLineWidth(0.6)
        canvas.setDash(4, 3)
        canvas.line(0, half, width, half)
        canvas.setFont(FONT, 7)
        canvas.setFillColor(GREY)
        canvas.drawString(6, half + 3, "fold")
        canvas.drawRightString(width - 6, half + 3, "fold")
        canvas.restoreState()
        canvas.showPage()
    if not cards.cards:
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
