"""Players' scorecards: several cards to a page, with cut marks between them."""

from __future__ import annotations

import io

from reportlab.lib import colors
from reportlab.lib.utils import simpleSplit
from reportlab.platypus import BaseDocTemplate, FrameBreak, KeepTogether, PageTemplate, Spacer
from reportlab.platypus.flowables import Flowable
from reportlab.platypus.frames import Frame

from .common import (
    BOLD,
    FONT,
    GREY,
    LIGHT,
    date_text,
    draw_cut_marks,
    draw_qr,
    fit,
    fit_size,
    page_size,
    register_fonts,
    role_text,
    short_name,
    trump_colour,
    trump_symbol,
)
from .sheets import Scorecard, ScorecardSheet

# Where a card would need rows smaller than this, two cards a page are used instead of four.
MOST_HANDS_FOUR_UP = 16
SMALLEST_ROW = 8.0
# Rows grow to fill the card (a tall 2-up card of 24 hands gets about 25 pt, room to write);
# beyond this they would only look sparse.
LARGEST_ROW = 30.0
CELL_MARGIN = 16.0  # inside each cut cell, so a slightly crooked cut takes no print
HEADER_HEIGHT = 66.0
QR_SIZE = 64.0
FOOT_SIZE = 6.5
FOOT_LEADING = 8.0
FOOT_LINES = 3  # the movement rule wraps to at most this many lines
GAP = 4.0
COLUMNS = ("Hand", "Trumps", "Table", "Seat", "Partner", "Tricks", "Total", "Opp.")
# The partner's name needs the room most: "Siobhán O'Brien" should print whole, not as "S. O'Brien".
COLUMN_SHARES = (0.08, 0.10, 0.08, 0.07, 0.32, 0.11, 0.11, 0.13)


class CardError(ValueError):
    """A sheet that cannot be printed as asked (a user error: the message says what to change)."""


class _CardHeader(Flowable):
    def __init__(self, sheet: ScorecardSheet, card: Scorecard, card_width: float):
        super().__init__()
        self.sheet = sheet
        self.card = card
        self.card_width = card_width

    def wrap(self, available_width, available_height):
        return self.card_width, HEADER_HEIGHT

    def draw(self):
        canvas = self.canv
        card = self.card
        text_width = self.card_width - QR_SIZE - 6
        draw_qr(canvas, card.personal_url, self.card_width - QR_SIZE, HEADER_HEIGHT - QR_SIZE, QR_SIZE)

        y = HEADER_HEIGHT - 13
        name, size = fit_size(card.name, text_width, 13, 8, BOLD)
        canvas.setFont(BOLD, size)
        canvas.drawString(0, y, name)

        y -= 13
        line = f"Card {card.card_number}"
        if card.role:
            line += f" · {role_text(card.role)}"
        canvas.setFont(BOLD, 9)
        canvas.drawString(0, y, fit(line, text_width, 9, BOLD))

        y -= 12
        canvas.setFont(BOLD, 8)
        canvas.drawString(0, y, fit(self.sheet.event, text_width, 8, BOLD))
        canvas.setFont(FONT, 7.5)
        y -= 10
        canvas.drawString(0, y, fit(self.sheet.club, text_width, 7.5))
        y -= 10
        when = date_text(self.sheet.date)
        if self.sheet.venue:
            when += f" · {self.sheet.venue}"
        canvas.drawString(0, y, fit(when, text_width, 7.5))


def foot_lines(text: str, card_width: float) -> list[str]:
    """The movement rule wrapped to the card's width; a rule too long for three lines is cut."""
    lines = simpleSplit(text, FONT, FOOT_SIZE, card_width) if text else []
    if len(lines) > FOOT_LINES:
        lines = [*lines[: FOOT_LINES - 1], fit(" ".join(lines[FOOT_LINES - 1 :]), card_width, FOOT_SIZE)]
    return lines


class _FootLine(Flowable):
    """A few lines of small text at the foot of the card: the movement rule."""

    def __init__(self, lines: list[str], card_width: float):
        super().__init__()
        self.lines = lines
        self.card_width = card_width

    def wrap(self, available_width, available_height):
        return self.card_width, FOOT_LEADING * len(self.lines) + 2

    def draw(self):
        self.canv.setFont(FONT, FOOT_SIZE)
        self.canv.setFillColor(colors.black)
        top = FOOT_LEADING * len(self.lines) + 2
        for index, line in enumerate(self.lines):
            self.canv.drawString(0, top - FOOT_LEADING * (index + 1), line)


def _cards_per_page(sheet: ScorecardSheet) -> int:
    if sheet.cards_per_page is not None:
        if sheet.cards_per_page not in (1, 2, 4):
            raise CardError(f"cards per page must be 1, 2 or 4, not {sheet.cards_per_page!r}")
        return sheet.cards_per_page
    most_hands = max((len(card.rows) for card in sheet.cards), default=0)
    return 4 if most_hands <= MOST_HANDS_FOUR_UP else 2


def _cells(page_width: float, page_height: float, per_page: int) -> tuple[list[tuple[float, float, float, float]], list, list]:
    """The cut cells (x, y, width, height) in reading order, and the cut lines' x and y."""
    if per_page == 1:
        return [(0, 0, page_width, page_height)], [], []
    half_w, half_h = page_width / 2, page_height / 2
    if per_page == 2:
        return [(0, 0, half_w, page_height), (half_w, 0, half_w, page_height)], [half_w], []
    cells = [(0, half_h, half_w, half_h), (half_w, half_h, half_w, half_h), (0, 0, half_w, half_h), (half_w, 0, half_w, half_h)]
    return cells, [half_w], [half_h]


def _grid_rows(sheet: ScorecardSheet, card: Scorecard) -> int:
    subtotal = 1 if sheet.interval_after is not None and any(r.hand == sheet.interval_after for r in card.rows) else 0
    return 1 + len(card.rows) + subtotal + 1  # heading, hands, half-time, total


class _HandsGrid(Flowable):
    """The rows of hands, drawn straight onto the canvas.

    A platypus Table did the same but took over half the time of 400 cards (it styles every
    cell); here one path holds all the rules and each cell is one string.
    """

    def __init__(self, sheet: ScorecardSheet, card: Scorecard, card_width: float, row_height: float):
        super().__init__()
        self.sheet = sheet
        self.card = card
        self.card_width = card_width
        self.row_height = row_height
        self.col_widths = [share * card_width for share in COLUMN_SHARES]
        self.font_size = min(9.0, row_height * 0.68)
        self.rows = self._rows()

    def _rows(self) -> list[tuple[str, list[str], str | None]]:
        """(kind, cells, trump) per printed row; kind is "head", "hand" or "total"."""
        card = self.card
        size = self.font_size
        partner_width = self.col_widths[4] - 4
        opponents_width = self.col_widths[7] - 4

        def blank(value) -> str:
            return "" if value is None else str(value)

        rows: list[tuple[str, list[str], str | None]] = [("head", list(COLUMNS), None)]
        for row in card.rows:
            cells = [
                str(row.hand),
                trump_symbol(row.trump),
                blank(row.table),
                blank(row.seat),
                short_name(row.partner, partner_width, size) if row.partner else "",
                blank(row.tricks),
                blank(row.running_total),
                fit(row.opponents, opponents_width, size) if row.opponents else "",
            ]
            rows.append(("hand", cells, row.trump))
            if row.hand == self.sheet.interval_after:
                rows.append(("total", ["Half-time total", blank(card.half_time_total)], None))
        rows.append(("total", ["Final total", blank(card.total)], None))
        return rows

    def wrap(self, available_width, available_height):
        return self.card_width, self.row_height * len(self.rows)

    def draw(self):
        canvas = self.canv
        height = self.row_height
        widths = self.col_widths
        edges = [0.0]
        for w in widths:
            edges.append(edges[-1] + w)
        total_height = height * len(self.rows)
        size = self.font_size
        head_size = min(size, 6.5)
        baseline = (height - size * 0.72) / 2  # digits' cap height is about 0.72 of the size

        canvas.saveState()
        canvas.setFillColor(LIGHT)
        for index, (kind, _, _) in enumerate(self.rows):
            if kind != "hand":
                canvas.rect(0, total_height - (index + 1) * height, self.card_width, height, stroke=0, fill=1)

        # All the rules as one literal path: see common.draw_qr for why not reportlab's path object.
        rules = []
        for index in range(len(self.rows) + 1):
            y = total_height - index * height
            rules.append(f"0 {y:.2f} m {self.card_width:.2f} {y:.2f} l")
        for index, (kind, _, _) in enumerate(self.rows):
            top = total_height - index * height
            inner = edges[1:-1] if kind != "total" else edges[6:-1]
            for x in [0.0, *inner, self.card_width]:
                rules.append(f"{x:.2f} {top:.2f} m {x:.2f} {top - height:.2f} l")
        rules.append("S")
        canvas.setStrokeColor(GREY)
        canvas.setLineWidth(0.4)
        canvas.addLiteral("\n".join(rules))

        canvas.setFillColor(colors.black)
        for index, (kind, cells, trump) in enumerate(self.rows):
            y = total_height - (index + 1) * height + baseline
            if kind == "head":
                canvas.setFont(BOLD, head_size)
                for column, text in enumerate(cells):
                    canvas.drawCentredString((edges[column] + edges[column + 1]) / 2, y, text)
            elif kind == "total":
                canvas.setStrokeColor(colors.black)
                canvas.setLineWidth(1.0)
                top = total_height - index * height
                canvas.line(0, top, self.card_width, top)
                canvas.setFont(BOLD, size)
                canvas.drawRightString(edges[6] - 3, y, cells[0])
                canvas.drawCentredString((edges[6] + edges[7]) / 2, y, cells[1])
            else:
                canvas.setFont(FONT, size)
                for column, text in enumerate(cells):
                    if not text or column == 1:
                        continue
                    if column == 4:
                        canvas.drawString(edges[4] + 2, y, text)
                    else:
                        canvas.drawCentredString((edges[column] + edges[column + 1]) / 2, y, text)
                if trump is not None:
                    # The suit symbols read small at the same point size as digits.
                    symbol_size = size if trump == "N" else size * 1.25
                    canvas.setFillColor(trump_colour(trump))
                    canvas.setFont(FONT, symbol_size)
                    canvas.drawCentredString((edges[1] + edges[2]) / 2, y, cells[1])
                    canvas.setFillColor(colors.black)
        canvas.restoreState()


def scorecards_pdf(sheet: ScorecardSheet) -> bytes:
    """One scorecard per entrant, 4 (up to 16 hands) or 2 to a page, as PDF bytes."""
    register_fonts()
    width, height = page_size(sheet.page_size)
    per_page = _cards_per_page(sheet)
    cells, cut_xs, cut_ys = _cells(width, height, per_page)
    frames = [
        Frame(x + CELL_MARGIN, y + CELL_MARGIN, w - 2 * CELL_MARGIN, h - 2 * CELL_MARGIN, 0, 0, 0, 0, id=f"card{i}")
        for i, (x, y, w, h) in enumerate(cells)
    ]
    card_width = frames[0]._width
    frame_height = frames[0]._height
    rule = foot_lines(sheet.movement_rule, card_width)
    # A hair of slack so rounding never pushes a full card over its frame into the next one.
    fixed = HEADER_HEIGHT + GAP + GAP + FOOT_LEADING * len(rule) + 2 + 1

    def on_page(canvas, doc):
        draw_cut_marks(canvas, width, height, cut_xs, cut_ys)

    buffer = io.BytesIO()
    doc = BaseDocTemplate(
        buffer,
        pagesize=(width, height),
        invariant=True,
        title=f"Scorecards: {sheet.event}",
        author=sheet.club,
        leftMargin=0,
        rightMargin=0,
        topMargin=0,
        bottomMargin=0,
    )
    doc.addPageTemplates([PageTemplate(id="cards", frames=frames, onPage=on_page)])

    story = []
    for number, card in enumerate(sheet.cards):
        rows = _grid_rows(sheet, card)
        row_height = min(LARGEST_ROW, (frame_height - fixed) / rows)
        if row_height < SMALLEST_ROW:
            raise CardError(
                f"{len(card.rows)} hands do not fit on a card at {per_page} cards a page: "
                f"print fewer cards a page"
            )
        parts = [
            _CardHeader(sheet, card, card_width),
            Spacer(1, GAP),
            _HandsGrid(sheet, card, card_width, row_height),
            Spacer(1, GAP),
            _FootLine(rule, card_width),
        ]
        story.append(KeepTogether(parts))
        if number < len(sheet.cards) - 1:
            story.append(FrameBreak())
    if not story:
        story.append(Spacer(1, 1))
    doc.build(story)
    return buffer.getvalue()
