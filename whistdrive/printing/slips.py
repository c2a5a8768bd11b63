"""Result slips for when the Wi-Fi fails: one per table per hand (or per round of hands).

Each slip is one table's: the table, the hand, both pairs' names whole (wrapped, at 10 pt), the
trumps, and boxes a centimetre tall for each side's tricks and both sides' initials, written with a
pen. Nothing on a slip is under 9 pt. They come in the order of the "Key from paper" page (hand by
hand, tables in order), two to a row and read left to right, so the organiser types them straight
down that page.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

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
    page_size,
    register_fonts,
    trump_colour,
    trump_symbol,
    wrap,
)
from .sheets import ResultSlip, ResultSlipSheet

MARGIN = PRINTABLE + 8  # the slips' text keeps clear of the cut lines and the sheet's edge
INSET = 12.0
ROW = 28.0  # 10 mm: a box to write two digits or initials in with a pen
TEXT = 10.0
SMALL = 9.0  # the event line, the headings and the foot: nothing on a slip is smaller
LEADING = 12.0
COLUMNS = ("Hand", "Trumps", "N–S tricks", "E–W tricks", "N–S initials", "E–W initials")
SHARES = (0.11, 0.15, 0.17, 0.17, 0.20, 0.20)
HEAD_ROW = 26.0  # two lines of heading
LABEL = 78.0  # "North–South:" before the names
FOOT = "The two sides' tricks add up to 13. Hand the slip to the organiser."


@dataclass
class _Slip:
    """A slip's wrapped lines, so that its height is known before it is drawn."""

    slip: ResultSlip
    event: list[str]
    sides: list[tuple[str, list[str]]]  # ("North–South", the names' lines; none: a line to write on)
    foot: list[str]

    @property
    def height(self) -> float:
        names = sum(max(1, len(lines)) * LEADING + 3 for _, lines in self.sides)
        return (
            INSET + 20 + len(self.event) * (SMALL + 2) + names + 8
            + HEAD_ROW + ROW * len(self.slip.hands) + 6 + len(self.foot) * (SMALL + 2) + INSET
        )  # fmt: skip


def _slip(sheet: ResultSlipSheet, slip: ResultSlip, inner: float) -> _Slip:
    """Every line of a slip wrapped to its width: the pairs' names whole, at 10 pt, on as many lines as they need."""
    sides = [
        (side, wrap(names, inner - LABEL, TEXT) if names else [])
        for side, names in (("North–South", slip.north_south), ("East–West", slip.east_west))
    ]
    return _Slip(
        slip,
        wrap(f"{sheet.event} · {date_text(sheet.date)}", inner, SMALL),
        sides,
        wrap(FOOT, inner, SMALL),
    )


def _draw_slip(canvas, sheet: ResultSlipSheet, drawn: _Slip, x: float, top: float, w: float) -> None:
    slip = drawn.slip
    inner = w - 2 * INSET
    left = x + INSET
    y = top - INSET - 18
    canvas.setFillColor(colors.black)
    draw_text(canvas, left, y, f"Table {slip.table}", BOLD, 18)
    hands = slip.hands
    label = f"Hand {hands[0].hand}" if len(hands) == 1 else f"Hands {hands[0].hand}–{hands[-1].hand}"
    draw_text(canvas, left + inner, y, label, BOLD, 18, "right")
    y -= 2
    canvas.setFillColor(GREY)
    for line in drawn.event:
        y -= SMALL + 2
        draw_text(canvas, left, y, line, FONT, SMALL)
    canvas.setFillColor(colors.black)
    for side, lines in drawn.sides:
        y -= LEADING + 3
        draw_text(canvas, left, y, f"{side}:", BOLD, TEXT)
        if not lines:
            canvas.setStrokeColor(GREY)
            canvas.setLineWidth(0.5)
            canvas.line(left + LABEL, y - 2, left + inner, y - 2)
        for index, line in enumerate(lines):
            if index:
                y -= LEADING
            draw_text(canvas, left + LABEL, y, line, FONT, TEXT)
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
            baseline = y - 11 - number * 11 if len(words) > 1 else y - HEAD_ROW / 2 - 3
            draw_text(canvas, (edges[column] + edges[column + 1]) / 2, baseline, word, FONT, SMALL, "centre")
    for index, hand in enumerate(hands):
        baseline = y - HEAD_ROW - (index + 1) * ROW + ROW / 2 - 4
        draw_text(canvas, (edges[0] + edges[1]) / 2, baseline, str(hand.hand), FONT, TEXT + 1, "centre")
        if hand.trump:
            canvas.setFillColor(trump_colour(hand.trump))
            size = TEXT + 1 if hand.trump == "N" else TEXT + 5
            draw_text(canvas, (edges[1] + edges[2]) / 2, baseline - 1, trump_symbol(hand.trump), FONT, size, "centre")
            canvas.setFillColor(colors.black)
    y = bottom - 6
    for line in drawn.foot:
        y -= SMALL + 2
        draw_text(canvas, left, y, line, FONT, SMALL)


def result_slips_pdf(sheet: ResultSlipSheet) -> bytes:
    """The slips two to a row, as many rows as fit a page, with cut marks, as PDF bytes."""
    register_fonts()
    width, height = page_size(sheet.page_size)
    buffer = io.BytesIO()
    canvas = canvas_maker(buffer, pagesize=(width, height), invariant=1)
    canvas.setTitle(f"Result slips: {sheet.event}")
    canvas.setAuthor(sheet.club)
    slip_w = (width - 2 * MARGIN) / 2
    slips = [_slip(sheet, slip, slip_w - 2 * INSET) for slip in sheet.slips]
    tallest = max((s.height for s in slips), default=100)
    per_column = max(1, int((height - 2 * MARGIN) // tallest))
    per_page = 2 * per_column
    xs = [MARGIN + slip_w]
    for start in range(0, max(1, len(slips)), per_page):
        page = slips[start : start + per_page]
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
