"""Players' scorecards: several cards to a page, with cut marks between them.

Everything a player reads is at least 9 pt. A name is never cut: it shrinks a little, then
wraps at its spaces and hyphens (the player's own name in the heading, a partner's to two lines
in a taller row, whole or as initial and surname). How many cards a page follows from what
fits: four when every card fits a quarter sheet at a writable row height with every partner at
9 pt, else two side by side (on the sheet upright, else turned: a wider partner column), else two
one above the other (wider still), else one.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.platypus import BaseDocTemplate, FrameBreak, KeepTogether, PageTemplate, Spacer
from reportlab.platypus.flowables import Flowable
from reportlab.platypus.frames import Frame

from .common import (
    BOLD,
    FONT,
    GREY,
    LIGHT,
    PRINTABLE,
    Qr,
    canvas_maker,
    date_text,
    draw_cut_marks,
    draw_text,
    fit_lines,
    page_size,
    register_fonts,
    role_text,
    trump_colour,
    trump_symbol,
    width,
    wrap,
)
from .sheets import Scorecard, ScorecardSheet

TEXT = 9.0  # nothing a player reads is smaller
SMALLEST_NAME = 8.0  # a name that cannot be printed at 9 pt in any layout, never smaller than this
LEADING = 11.0
SMALLEST_ROW = 11.5  # a 9 pt line with room to write a figure (4 mm)
LARGEST_ROW = 30.0  # rows grow to fill the card; beyond this they would only look sparse
# Inside each cut cell, so that a slightly crooked cut loses nothing; more than PRINTABLE, so
# the outer cards' edges are printed by any printer.
CELL_MARGIN = 20.0
QR_SIZE = 80.0  # the code's modules; its four-module quiet zone is outside
ONLINE_QR_SIZE = 56.0  # the foot's code to the player's page online: read after the evening, at leisure
ONLINE_WORDS = "Your results, history and grade online: scan this code after the evening."
GAP = 4.0
COLUMNS = ("Hand", "Trump", "Table", "Partner", "Tricks", "Total", "Opponents' initials")
PARTNER = 3
TOTAL = 5
PAD = 1.5  # each side of a cell's text
# The headings in the regular face on their grey band: in bold, "Opponents' initials" and the
# others left the partner's names too little room on a quarter-sheet card.
HEAD = FONT


class CardError(ValueError):
    """A sheet that cannot be printed as asked (a user error: the message says what to change)."""


@dataclass
class _Header:
    lines: list[tuple[str, str, float, float]]  # (text, font, size, leading)
    height: float
    text_width: float
    qr: Qr | None


def _header(sheet: ScorecardSheet, card: Scorecard, card_width: float) -> _Header:
    """The heading's lines: beside the QR code while they are level with it, then the card's full width."""
    qr = Qr(card.personal_url) if card.personal_url else None
    qr_height = QR_SIZE + qr.quiet(QR_SIZE) if qr else 0
    beside = card_width - (QR_SIZE + qr.quiet(QR_SIZE) + 2 if qr else 0)
    lines: list[tuple[str, str, float, float]] = []
    used = 0.0

    def add(text: str, font: str, size: float, smallest: float, most: int, extra: float) -> None:
        nonlocal used
        room = beside if used < qr_height else card_width
        wrapped, fitted = fit_lines(text, room, size, smallest, most, font)
        for part in wrapped:
            lines.append((part, font, fitted, fitted + extra))
            used += fitted + extra

    if card.name:
        add(card.name, BOLD, 14, 11, 2, 2)
    else:
        lines.append(("Name ", BOLD, 12, 20))  # a ruled line follows it, to write on
        used += 20
    line = f"Card {card.card_number}"
    if card.role:
        line += f" · {role_text(card.role)}"
    add(line, BOLD, 11, 11, 1, 3)
    if card.joined_hand > 1:
        add(f"Late arrival: joins at hand {card.joined_hand}", BOLD, TEXT, TEXT, 2, 2)
    if card.left_after_hand is not None:
        add(f"Left after hand {card.left_after_hand}", BOLD, TEXT, TEXT, 1, 2)
    add(sheet.event, BOLD, TEXT, TEXT, 2, 2)
    add(sheet.club, FONT, TEXT, TEXT, 2, 2)
    when = date_text(sheet.date)
    if sheet.venue:
        when += f" · {sheet.venue}"
    add(when, FONT, TEXT, TEXT, 2, 2)
    return _Header(lines, max(used + 2, qr_height), beside, qr)


class _CardHeader(Flowable):
    def __init__(self, header: _Header, card_width: float):
        super().__init__()
        self.header = header
        self.card_width = card_width

    def wrap(self, available_width, available_height):
        return self.card_width, self.header.height

    def draw(self):
        canvas = self.canv
        header = self.header
        if header.qr is not None:
            header.qr.draw(canvas, self.card_width - QR_SIZE, header.height - QR_SIZE, QR_SIZE)
        y = header.height
        canvas.setFillColor(colors.black)
        for text, font, size, leading in header.lines:
            y -= leading
            draw_text(canvas, 0, y + (leading - size) * 0.35, text, font, size)
            if text == "Name ":
                canvas.setStrokeColor(GREY)
                canvas.setLineWidth(0.6)
                start = width(text, size, font)
                canvas.line(start, y + 2, header.text_width - 4, y + 2)


def _columns(card_width: float) -> list[float]:
    """The columns' widths: each fits its heading (two lines at most) at 9 pt; the partner takes the rest."""
    widths = []
    for column, heading in enumerate(COLUMNS):
        if column == PARTNER:
            widths.append(0.0)
            continue
        words = heading.split(" ")
        widest = max(width(w, TEXT, HEAD) for w in words)
        # Trumps' symbols and "12 W" are narrower than their headings; two digits of tricks likewise.
        widths.append(widest + 2 * PAD)
    widths[PARTNER] = card_width - sum(widths)
    return widths


@dataclass
class _Row:
    kind: str  # "head", "hand" or "total"
    cells: list[list[str]]  # lines of text per cell
    trump: str | None = None
    missed: bool = False
    height: float = 0.0  # the least height its lines need
    partner_size: float = TEXT  # smaller only for a single word too long for the column


def _rows(sheet: ScorecardSheet, card: Scorecard, widths: list[float], last_resort: bool) -> list[_Row] | None:
    """The card's rows, or None when a partner's name does not fit the partner column at 9 pt."""
    heading_lines = [wrap(h, widths[i] - 2 * PAD, TEXT, HEAD) for i, h in enumerate(COLUMNS)]
    rows = [_Row("head", heading_lines, height=max(len(c) for c in heading_lines) * LEADING + 4)]
    partner_width = widths[PARTNER] - 2 * PAD
    for row in card.rows:
        place = ""
        if row.table is not None:
            place = f"{row.table} {row.seat}" if row.seat else str(row.table)
        partner, partner_size = [""], TEXT
        if row.missed:
            partner = ["not played"]
        elif row.partner:
            fitted = _partner_lines(row.partner, partner_width, last_resort)
            if fitted is None:
                return None
            partner, partner_size = fitted
        cells = [
            [str(row.hand)],
            [trump_symbol(row.trump)],
            [place],
            partner,
            ["" if row.tricks is None else str(row.tricks)],
            ["" if row.running_total is None else str(row.running_total)],
            [row.opponents or ""],
        ]
        need = SMALLEST_ROW if len(partner) == 1 else len(partner) * (partner_size + 2) + 2
        rows.append(_Row("hand", cells, row.trump, row.missed, need, partner_size))
        if row.hand == sheet.interval_after:
            rows.append(_total_row("Half-time total", card.half_time_total))
    rows.append(_total_row("Final total", card.total))
    return rows


def _partner_lines(name: str, max_width: float, last_resort: bool) -> tuple[list[str], float] | None:
    """A partner's name on one or two lines at 9 pt: whole, else as initial and surname.

    None when neither fits the column (a surname too long for it, even broken after its hyphens):
    the card is then laid out wider. On the widest card (``last_resort``) the name takes what lines
    it needs, never under 8 pt and never broken inside a word.
    """
    name = " ".join(name.split())
    choices = [name]
    parts = name.split(" ")
    if len(parts) > 1 and parts[0][:1].isalpha():
        choices.append(f"{parts[0][0]}. {parts[-1]}")
    # One line rather than two (whole, then initial and surname): rows stay short enough for more cards a page.
    for most in (1, 2):
        for choice in choices:
            lines = wrap(choice, max_width, TEXT)
            if len(lines) <= most and all(width(line, TEXT) <= max_width for line in lines):
                return lines, TEXT
    if not last_resort:
        return None
    return fit_lines(choices[-1], max_width, TEXT, SMALLEST_NAME, 3)


def _total_row(label: str, value: int | None) -> _Row:
    return _Row("total", [[label], ["" if value is None else str(value)]], height=SMALLEST_ROW)


def _row_heights(rows: list[_Row], available: float) -> list[float] | None:
    """Heights that fill ``available``: each row at least what it needs, the rest shared evenly.

    None when the rows cannot all have a writable height.
    """
    fixed = [r.height for r in rows if r.kind == "head"]
    body = [r for r in rows if r.kind != "head"]
    room = available - sum(fixed)
    tall: set[int] = set()
    while True:
        flexible = [i for i, r in enumerate(body) if i not in tall]
        if not flexible:
            return None
        base = (room - sum(body[i].height for i in tall)) / len(flexible)
        newly = {i for i in flexible if body[i].height > base}
        if not newly:
            break
        tall |= newly
    if base < SMALLEST_ROW:
        return None
    base = min(base, LARGEST_ROW)
    heights = []
    for row in rows:
        if row.kind == "head":
            heights.append(row.height)
        else:
            heights.append(max(base, row.height))
    return heights


class _HandsGrid(Flowable):
    """The rows of hands, drawn straight onto the canvas.

    A platypus Table did the same but took over half the time of 400 cards (it styles every
    cell); here one path holds all the rules and each cell is one string.
    """

    def __init__(self, rows: list[_Row], heights: list[float], widths: list[float]):
        super().__init__()
        self.rows = rows
        self.heights = heights
        self.widths = widths
        self.card_width = sum(widths)

    def wrap(self, available_width, available_height):
        return self.card_width, sum(self.heights)

    def draw(self):
        canvas = self.canv
        edges = [0.0]
        for w in self.widths:
            edges.append(edges[-1] + w)
        total_height = sum(self.heights)
        tops = [total_height]
        for h in self.heights:
            tops.append(tops[-1] - h)

        canvas.saveState()
        canvas.setFillColor(LIGHT)
        for index, row in enumerate(self.rows):
            if row.kind != "hand":
                canvas.rect(0, tops[index + 1], self.card_width, self.heights[index], stroke=0, fill=1)

        # All the rules as one literal path: see common.Qr.draw for why not reportlab's path object.
        rules = []
        for y in tops:
            rules.append(f"0 {y:.2f} m {self.card_width:.2f} {y:.2f} l")
        for index, row in enumerate(self.rows):
            inner = edges[1:-1] if row.kind != "total" else edges[TOTAL : TOTAL + 1] + edges[TOTAL + 1 : -1]
            for x in [0.0, *inner, self.card_width]:
                rules.append(f"{x:.2f} {tops[index]:.2f} m {x:.2f} {tops[index + 1]:.2f} l")
        rules.append("S")
        canvas.setStrokeColor(GREY)
        canvas.setLineWidth(0.4)
        canvas.addLiteral("\n".join(rules))

        canvas.setFillColor(colors.black)
        for index, row in enumerate(self.rows):
            top, height = tops[index], self.heights[index]
            if row.kind == "total":
                canvas.setStrokeColor(colors.black)
                canvas.setLineWidth(1.0)
                canvas.line(0, top, self.card_width, top)
                y = top - height / 2 - TEXT * 0.36
                draw_text(canvas, edges[TOTAL] - PAD - 1, y, row.cells[0][0], BOLD, TEXT, "right")
                draw_text(canvas, (edges[TOTAL] + edges[TOTAL + 1]) / 2, y, row.cells[1][0], BOLD, TEXT, "centre")
                continue
            font = HEAD if row.kind == "head" else FONT
            for column, lines in enumerate(row.cells):
                if not any(lines):
                    continue
                size = TEXT
                if row.kind == "hand" and column == PARTNER:
                    size = row.partner_size
                if row.kind == "hand" and column == 1:
                    # The suit symbols read small at the same point size as digits.
                    size = TEXT * (1.0 if row.trump == "N" else 1.3)
                    canvas.setFillColor(trump_colour(row.trump))
                leading = size + 2 if column == PARTNER and row.kind == "hand" else LEADING
                first = top - height / 2 + (len(lines) - 1) * leading / 2 - size * 0.36
                for line_index, line in enumerate(lines):
                    y = first - line_index * leading
                    if column == PARTNER and row.kind == "hand":
                        draw_text(canvas, edges[column] + PAD, y, line, font, size)
                    else:
                        draw_text(canvas, (edges[column] + edges[column + 1]) / 2, y, line, font, size, "centre")
                canvas.setFillColor(colors.black)
            if row.missed:
                # Struck through: the player was not there for this hand.
                canvas.setStrokeColor(colors.black)
                canvas.setLineWidth(0.9)
                middle = top - height / 2
                canvas.line(2, middle, self.card_width - 2, middle)
        canvas.restoreState()


class _FootLines(Flowable):
    """The movement rule at the foot of the card, wrapped, at the players' size; beside it, for a member of a
    club with a hosted site, the code to their page there."""

    def __init__(self, lines: list[str], card_width: float, online: Qr | None = None):
        super().__init__()
        self.lines = lines
        self.card_width = card_width
        self.online = online
        text = LEADING * len(lines) + 2
        self.height = max(text, ONLINE_QR_SIZE + online.quiet(ONLINE_QR_SIZE)) if online else text

    @staticmethod
    def make(sheet: ScorecardSheet, card: Scorecard, card_width: float) -> _FootLines | None:
        online = Qr(card.online_url) if card.online_url else None
        room = card_width - (ONLINE_QR_SIZE + online.quiet(ONLINE_QR_SIZE) + GAP if online else 0)
        lines = wrap(sheet.movement_rule, room, TEXT) if sheet.movement_rule else []
        if online:
            lines += wrap(ONLINE_WORDS, room, TEXT)
        return _FootLines(lines, card_width, online) if lines else None

    def wrap(self, available_width, available_height):
        return self.card_width, self.height

    def draw(self):
        self.canv.setFillColor(colors.black)
        if self.online is not None:
            self.online.draw(self.canv, self.card_width - ONLINE_QR_SIZE, 0, ONLINE_QR_SIZE)
        top = self.height
        for index, line in enumerate(self.lines):
            draw_text(self.canv, 0, top - LEADING * (index + 1), line, FONT, TEXT)


# How the cards share a sheet, tried in turn, the most cards a page first: (cards a page, shape).
# "tall": halves side by side; "landscape": the same on the sheet turned (wider and less tall);
# "wide": the top and bottom halves (a short card with a wide partner column); "whole": one a page.
ARRANGEMENTS = ((4, "quarters"), (2, "tall"), (2, "landscape"), (2, "wide"), (1, "whole"))


def _paper(sheet: ScorecardSheet, shape: str) -> tuple[float, float]:
    width_, height_ = page_size(sheet.page_size)
    return (height_, width_) if shape == "landscape" else (width_, height_)


def _cells(
    page_width: float, page_height: float, shape: str
) -> tuple[list[tuple[float, float, float, float]], list, list]:
    """The cut cells (x, y, width, height) in reading order, and the cut lines' x and y."""
    if shape == "whole":
        return [(0, 0, page_width, page_height)], [], []
    half_w, half_h = page_width / 2, page_height / 2
    if shape == "wide":
        return [(0, half_h, page_width, half_h), (0, 0, page_width, half_h)], [], [half_h]
    if shape in ("tall", "landscape"):
        return [(0, 0, half_w, page_height), (half_w, 0, half_w, page_height)], [half_w], []
    cells = [
        (0, half_h, half_w, half_h),
        (half_w, half_h, half_w, half_h),
        (0, 0, half_w, half_h),
        (half_w, 0, half_w, half_h),
    ]
    return cells, [half_w], [half_h]


def _margin(per_page: int) -> float:
    return PRINTABLE + 14 if per_page == 1 else CELL_MARGIN


def _layout(sheet: ScorecardSheet, per_page: int, shape: str) -> list[list[Flowable]] | None:
    """Each card's parts at ``per_page`` cards a page, or None when a card cannot fit its cell."""
    x, y, w, h = _cells(*_paper(sheet, shape), shape)[0][0]
    margin = _margin(per_page)
    card_width, frame_height = w - 2 * margin, h - 2 * margin
    widths = _columns(card_width)
    cards = []
    for card in sheet.cards:
        foot = _FootLines.make(sheet, card, card_width)
        foot_height = foot.height if foot is not None else 2
        header = _header(sheet, card, card_width)
        rows = _rows(sheet, card, widths, last_resort=per_page == 1)
        if rows is None:
            return None
        # A hair of slack so rounding never pushes a full card over its frame into the next one.
        available = frame_height - header.height - 2 * GAP - foot_height - 1
        heights = _row_heights(rows, available)
        if heights is None:
            return None
        parts = [_CardHeader(header, card_width), Spacer(1, GAP), _HandsGrid(rows, heights, widths)]
        if foot is not None:
            parts += [Spacer(1, GAP), foot]
        cards.append(parts)
    return cards


def scorecards_pdf(sheet: ScorecardSheet) -> bytes:
    """One scorecard per entrant, 4, 2 or 1 to a page (the most that fit), as PDF bytes."""
    register_fonts()
    if sheet.cards_per_page is not None and sheet.cards_per_page not in (1, 2, 4):
        raise CardError(f"cards per page must be 1, 2 or 4, not {sheet.cards_per_page!r}")
    choices = [a for a in ARRANGEMENTS if sheet.cards_per_page in (None, a[0])]
    for per_page, shape in choices:
        cards = _layout(sheet, per_page, shape)
        if cards is not None:
            break
    else:
        most = max((len(card.rows) for card in sheet.cards), default=0)
        if sheet.cards_per_page and sheet.cards_per_page > 1:
            raise CardError(
                f"{most} hands (and the partners' names) do not fit on a card at {sheet.cards_per_page} cards a page: "
                "print fewer cards a page"
            )
        raise CardError(f"{most} hands do not fit on a card at a readable size, even one card a page")

    width_, height_ = _paper(sheet, shape)
    cells, cut_xs, cut_ys = _cells(width_, height_, shape)
    margin = _margin(per_page)
    frames = [
        Frame(x + margin, y + margin, w - 2 * margin, h - 2 * margin, 0, 0, 0, 0, id=f"card{i}")
        for i, (x, y, w, h) in enumerate(cells)
    ]

    def on_page(canvas, doc):
        draw_cut_marks(canvas, width_, height_, cut_xs, cut_ys)

    buffer = io.BytesIO()
    doc = BaseDocTemplate(
        buffer,
        pagesize=(width_, height_),
        invariant=True,
        title=f"Scorecards: {sheet.event}",
        author=sheet.club,
        leftMargin=0,
        rightMargin=0,
        topMargin=0,
        bottomMargin=0,
    )
    doc.addPageTemplates([PageTemplate(id="cards", frames=frames, onPage=on_page)])
    story: list[Flowable] = []
    for number, parts in enumerate(cards):
        story.append(KeepTogether(parts))
        if number < len(cards) - 1:
            story.append(FrameBreak())
    if not story:
        story.append(Spacer(1, 1))
    doc.build(story, canvasmaker=canvas_maker)
    return buffer.getvalue()
