"""Result slips for when the Wi-Fi fails: one per table per hand (or per round of hands).

Each slip has the table, the hand, the trumps, a box for each side's tricks and for both sides'
initials. They come in the order of the "Key from paper" page (hand by hand, tables in order),
two to a row and read left to right, so the organiser types them straight down that page.
"""

from __future__ import annotations

import io

from reportlab.lib import colors

from .common import (
    BOLD,
    FONT,
    GREY,
    LIGHT,
    PRINTABLE,
    canvas_maker,
    date_text,
    draw_cut_marks,
    draw_text,
    fit_lines,
    page_size,
    register_fonts,
    shrink,
    trump_colour,
    trump_symbol,
)
from .sheets import ResultSlip, ResultSlipSheet

MARGIN = PRINTABLE + 8  # the slips' text keeps clear of the cut lines and the sheet's edge
INSET = 12.0
ROW = 22.0  # a box to write two digits and initials in
TEXT = 10.0
COLUMNS = ("Hand", "Trumps", "N–S tricks", "E–W tricks", "N–S initials", "E–W initials")
SHARES = (0.11, 0.15, 0.17, 0.17, 0.20, 0.20)


HEAD_ROW = 24.0  # two lines of heading


def _slip_height(slip: ResultSlip) -> float:
    return INSET + 24 + 11 + 2 * 15 + 6 + HEAD_ROW + ROW * len(slip.hands) + 16 + INSET


def _draw_slip(canvas, sheet: ResultSlipSheet, slip: ResultSlip, x: float, top: float, w: float) -> None:
    inner = w - 2 * INSET
    left = x + INSET
    y = top - INSET - 18
    canvas.setFillColor(colors.black)
    draw_text(canvas, left, y, f"Table {slip.table}", BOLD, 18)
    hands = slip.hands
    label = f"Hand {hands[0].hand}" if len(hands) == 1 else f"Hands {hands[0].hand}–{hands[-1].hand}"
    draw_text(canvas, left + inner, y, label, BOLD, 18, "right")
    y -= 12
    canvas.setFillColor(GREY)
    lines, size = fit_lines(f"{sheet.event} · {date_text(sheet.date)}", inner, 8, 6, 1)
    draw_text(canvas, left, y, " ".join(lines), FONT, size)
    canvas.setFillColor(colors.black)
    y -= 4
    for side, names in (("North–South", slip.north_south), ("East–West", slip.east_west)):
        y -= 15
        draw_text(canvas, left, y, f"{side}:", BOLD, TEXT)
        start = left + 78
        if names:
            lines, size = fit_lines(names, inner - 78, TEXT, 8, 1)
            draw_text(canvas, start, y, lines[0] if len(lines) == 1 else " ".join(lines), FONT, size)
        else:
            canvas.setStrokeColor(GREY)
            canvas.setLineWidth(0.5)
            canvas.line(start, y - 2, left + inner, y - 2)
    y -= 8
    edges = [left]
    for share in SHARES:
        edges.append(edges[-1] + share * inner)
    bottom = y - HEAD_ROW - len(hands) * ROW
    canvas.setFillColor(LIGHT)
    canvas.rect(left, y - HEAD_ROW, inner, HEAD_ROW, stroke=0, fill=1)
    canvas.setStrokeColor(GREY)
    canvas.setLineWidth(0.5)
    canvas.line(left, y, left + inner, y)
    for index in range(len(hands) + 1):
        canvas.line(left, y - HEAD_ROW - index * ROW, left + inner, y - HEAD_ROW - index * ROW)
    for edge in edges:
        canvas.line(edge, y, edge, bottom)
    canvas.setFillColor(colors.black)
    for column, heading in enumerate(COLUMNS):
        words = heading.split(" ")
        for number, word in enumerate(words):
            baseline = y - 10 - number * 10 if len(words) > 1 else y - HEAD_ROW / 2 - 3
            draw_text(canvas, (edges[column] + edges[column + 1]) / 2, baseline, word, BOLD, 8.5, "centre")
    for index, hand in enumerate(hands):
        baseline = y - HEAD_ROW - (index + 1) * ROW + 7
        draw_text(canvas, (edges[0] + edges[1]) / 2, baseline, str(hand.hand), FONT, TEXT + 1, "centre")
        if hand.trump:
            canvas.setFillColor(trump_colour(hand.trump))
            size = TEXT + 1 if hand.trump == "N" else TEXT + 5
            draw_text(canvas, (edges[1] + edges[2]) / 2, baseline - 1, trump_symbol(hand.trump), FONT, size, "centre")
            canvas.setFillColor(colors.black)
    y = bottom - 12
    foot = "The two sides' tricks add up to 13. Hand the slip to the organiser."
    draw_text(canvas, left, y, foot, FONT, shrink(foot, inner, 8.5, 6.5))


def result_slips_pdf(sheet: ResultSlipSheet) -> bytes:
    """The slips two to a row, as many rows as fit a page, with cut marks, as PDF bytes."""
    register_fonts()
    width, height = page_size(sheet.page_size)
    buffer = io.BytesIO()
    canvas = canvas_maker(buffer, pagesize=(width, height), invariant=1)
    canvas.setTitle(f"Result slips: {sheet.event}")
    canvas.setAuthor(sheet.club)
    slip_w = (width - 2 * MARGIN) / 2
    tallest = max((_slip_height(s) for s in sheet.slips), default=100)
    per_column = max(1, int((height - 2 * MARGIN) // tallest))
    per_page = 2 * per_column
    xs = [MARGIN + slip_w]
    for start in range(0, max(1, len(sheet.slips)), per_page):
        page = sheet.slips[start : start + per_page]
        used_rows = (len(page) + 1) // 2
        ys = [height - MARGIN - row * tallest for row in range(1, used_rows)]
        if ys or page:
            draw_cut_marks(
                canvas,
                width,
                height,
                xs,
                ys + ([height - MARGIN - used_rows * tallest] if used_rows < per_column else []),
            )
        for index, slip in enumerate(page):
            row, column = divmod(index, 2)
            _draw_slip(canvas, sheet, slip, MARGIN + column * slip_w, height - MARGIN - row * tallest, slip_w)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
