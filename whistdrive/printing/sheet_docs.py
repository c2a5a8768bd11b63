"""The organiser's sheets: the progression (who sits where), the results, the MC's prize list, the season.

Every page after the first repeats the title, and every page says "page n of m". Names are
never cut: a name wider than its column wraps within its cell.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence

from reportlab.lib import colors
from reportlab.lib.pagesizes import landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    FrameBreak,
    KeepTogether,
    PageTemplate,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.flowables import Flowable
from reportlab.platypus.frames import Frame

from whistdrive.engines.vocabulary import SEATS

from .common import (
    BOLD,
    FONT,
    GREY,
    LIGHT,
    PRINTABLE,
    RED,
    canvas_maker,
    date_text,
    draw_cut_marks,
    draw_text,
    fit,
    fit_lines,
    markup,
    page_size,
    register_fonts,
    role_text,
    width,
)
from .sheets import HandSeating, ProgressionSheet, ResultsSheet, SeasonSheet

MARGIN = 30
TOP = 44  # room above the content for the title line of a continuation page
TEXT = 9.5
TABLES_PER_GRID = 8
SMALLEST_HAND_COLUMN = 24.0  # "12N" at 9 pt with a little air


def styles(size: float = TEXT) -> dict[str, ParagraphStyle]:
    return {
        "title": ParagraphStyle("title", fontName=BOLD, fontSize=16, leading=20),
        "heading": ParagraphStyle("heading", fontName=BOLD, fontSize=12, leading=15, spaceBefore=10, spaceAfter=4),
        "body": ParagraphStyle("body", fontName=FONT, fontSize=size, leading=size * 1.3),
        "cell": ParagraphStyle("cell", fontName=FONT, fontSize=size, leading=size * 1.2),
        "bold": ParagraphStyle("bold", fontName=BOLD, fontSize=size, leading=size * 1.2),
        "centre": ParagraphStyle("centre", fontName=FONT, fontSize=size, leading=size * 1.2, alignment=1),
    }


def grid_style(font_size: float) -> list:
    return [
        ("FONT", (0, 0), (-1, -1), FONT, font_size),
        ("FONT", (0, 0), (-1, 0), BOLD, font_size),
        ("BACKGROUND", (0, 0), (-1, 0), LIGHT),
        ("GRID", (0, 0), (-1, -1), 0.4, GREY),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]


def numbered_canvas(title: str):
    """A canvas maker that writes "page n of m" on every page and the title atop every page after the first.

    The pages are held until the document is saved, when their count is known.
    """

    class _Numbered(Canvas):
        def __init__(self, *args, **kwargs):
            kwargs["initialFontName"] = kwargs.get("initialFontName") or FONT
            kwargs["initialFontSize"] = kwargs.get("initialFontSize") or 10
            super().__init__(*args, **kwargs)
            self._pages: list[dict] = []

        def showPage(self):
            self._pages.append(dict(self.__dict__))
            self._startPage()

        def save(self):
            total = len(self._pages)
            for number, state in enumerate(self._pages, start=1):
                self.__dict__.update(state)
                width_, height = self._pagesize
                self.setFillColor(GREY)
                page = f"Page {number} of {total}"
                draw_text(self, width_ - MARGIN, PRINTABLE + 2, page, FONT, 9, "right")
                if number > 1:
                    # A long event's title is shortened here (it is whole on the first page), never off the page.
                    room = width_ - 2 * MARGIN
                    draw_text(self, MARGIN, PRINTABLE + 2, fit(title, room - width(page, 9) - 12, 9), FONT, 9)
                    self.setFillColor(colors.black)
                    more = " (continued)"
                    heading = fit(title, room - width(more, 12, BOLD), 12, BOLD) + more
                    draw_text(self, MARGIN, height - TOP + 14, heading, BOLD, 12)
                super().showPage()
            super().save()

    return _Numbered


def build(story: list, size: tuple[float, float], title: str, author: str) -> bytes:
    buffer = io.BytesIO()
    doc = SimpleDocTemplate(
        buffer,
        pagesize=size,
        invariant=True,
        title=title,
        author=author,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=TOP,
        bottomMargin=MARGIN + 6,
    )
    doc.build(story, canvasmaker=numbered_canvas(title))
    return buffer.getvalue()


CUT_CLEAR = 20.0  # a card's text keeps this far from the cut line


def build_cut(cards: list[list[Flowable]], size: tuple[float, float], title: str, author: str) -> bytes:
    """Cards that are cut apart (pair cards, movement cards, travellers): two a page, the top and the
    bottom half with cut marks between, when every card fits half a page; else one a page."""
    width_, height = size
    inner = width_ - 2 * MARGIN
    half = height / 2
    room = half - MARGIN - CUT_CLEAR
    tallest = max((_height(card, inner, height) for card in cards), default=0.0)
    two = tallest <= room
    if two:
        frames = [Frame(MARGIN, half + CUT_CLEAR, inner, room, 0, 0, 0, 0, id="top"),
                  Frame(MARGIN, MARGIN, inner, room, 0, 0, 0, 0, id="bottom")]  # fmt: skip
    else:
        frames = [Frame(MARGIN, MARGIN, inner, height - 2 * MARGIN, 0, 0, 0, 0, id="page")]

    def on_page(canvas, doc):
        if two:
            draw_cut_marks(canvas, width_, height, [], [half])

    buffer = io.BytesIO()
    doc = BaseDocTemplate(buffer, pagesize=size, invariant=True, title=title, author=author,
                          leftMargin=0, rightMargin=0, topMargin=0, bottomMargin=0)  # fmt: skip
    doc.addPageTemplates([PageTemplate(id="cards", frames=frames, onPage=on_page)])
    story: list[Flowable] = []
    for number, card in enumerate(cards):
        story.append(KeepTogether(card))
        if number < len(cards) - 1:
            story.append(FrameBreak())
    doc.build(story or [Spacer(1, 1)], canvasmaker=canvas_maker)
    return buffer.getvalue()


def _height(parts: list[Flowable], width_: float, height: float) -> float:
    return sum(part.wrap(width_, height)[1] + part.getSpaceBefore() + part.getSpaceAfter() for part in parts)


def para(text: str, style: ParagraphStyle) -> Paragraph:
    return Paragraph(markup(text), style)


def name_para(text: str, column: float, style: ParagraphStyle) -> Paragraph:
    """A name for a table cell ``column`` points wide (3 pt padding each side), whole.

    Broken at spaces and after hyphens (a Paragraph alone would split a long surname mid-word),
    and shrunk only when a single word is wider than the cell.
    """
    lines, size = fit_lines(text, column - 6, style.fontSize, style.fontSize, 3, style.fontName)
    if size != style.fontSize:
        style = ParagraphStyle(f"{style.name}-{size}", parent=style, fontSize=size, leading=size * 1.2)
    return Paragraph("<br/>".join(markup(line) for line in lines), style)


def rounds(hands: Sequence[HandSeating]) -> list[tuple[int, int, HandSeating]]:
    """Consecutive hands with the same seating as one round: (first hand, last hand, seating).

    A four-hand Mitchell round is one row, and a stationary night's twelve hands are one.
    """
    grouped: list[tuple[int, int, HandSeating]] = []
    for hand in hands:
        if grouped:
            first, last, seating = grouped[-1]
            if last == hand.hand - 1 and seating.tables == hand.tables and seating.sitting_out == hand.sitting_out:
                grouped[-1] = (first, hand.hand, seating)
                continue
        grouped.append((hand.hand, hand.hand, hand))
    return grouped


def hands_text(first: int, last: int) -> str:
    return f"Hand {first}" if first == last else f"Hands {first}–{last}"


def bands(count: int, most: int) -> list[range]:
    """``count`` columns in as few bands of at most ``most`` as possible, as even as possible (12 + 12, not 22 + 2)."""
    if count == 0:
        return [range(0)]
    number = math.ceil(count / most)
    size = math.ceil(count / number)
    return [range(start, min(start + size, count)) for start in range(0, count, size)]


# -- progression sheet ------------------------------------------------------------------------------


def progression_sheet_pdf(sheet: ProgressionSheet) -> bytes:
    """Who sits where: a rounds × tables grid and itineraries, or the starting seating and rule."""
    register_fonts()
    style = styles()
    size = landscape(page_size(sheet.page_size)) if sheet.planned else page_size(sheet.page_size)
    width = size[0] - 2 * MARGIN
    title = f"Progression: {sheet.event}"
    names = {player.key: player.name for player in sheet.players}
    story = [para(title, style["title"]), para(f"{sheet.club} · {date_text(sheet.date)}", style["body"]), Spacer(1, 6)]
    if sheet.movement_rule:
        story.append(para(sheet.movement_rule, style["body"]))

    if sheet.planned:
        grouped = rounds(sheet.hands)
        tables = sorted({t.table for hand in sheet.hands for t in hand.tables})
        story.append(Paragraph("Seating, round by round (N E / S W at each table)", style["heading"]))
        for band in bands(len(tables), TABLES_PER_GRID):
            group = [tables[i] for i in band]
            data = [["Hands", *[f"Table {t}" for t in group], "Sitting out"]]
            for first, last, hand in grouped:
                at = {t.table: t.seats for t in hand.tables}
                row: list[str | Paragraph] = [f"{first}–{last}" if first != last else str(first)]
                for table in group:
                    seats = at.get(table, {})
                    row.append(
                        "  ".join(f"{s} {seats.get(s, '–')}" for s in "NE")
                        + "\n"
                        + "  ".join(f"{s} {seats.get(s, '–')}" for s in "SW")
                    )
                row.append(para(", ".join(hand.sitting_out), style["cell"]))
                data.append(row)
            column = (width - 44 - 90) / len(group)
            grid = Table(data, colWidths=[44, *[column] * len(group), 90], repeatRows=1)
            grid.setStyle(TableStyle([*grid_style(TEXT), ("ALIGN", (0, 0), (-2, -1), "CENTER")]))
            story += [grid, Spacer(1, 8)]

        # Never a heading alone at the foot of a page.
        story += [CondPageBreak(90), Paragraph("Itineraries: table and seat for each round", style["heading"])]
        where: dict[str, dict[int, str]] = {player.key: {} for player in sheet.players}
        for index, (_, _, hand) in enumerate(grouped):
            for seated in hand.tables:
                for seat in SEATS:
                    key = seated.seats.get(seat)
                    if key is not None:
                        where.setdefault(key, {})[index] = f"{seated.table}{seat}"
            for key in hand.sitting_out:
                where.setdefault(key, {})[index] = "out"
        name_width: float = 150
        most = max(1, int((width - 34 - name_width) // SMALLEST_HAND_COLUMN))
        for band in bands(len(grouped), most):
            heads = [hands_text(*grouped[i][:2]).removeprefix("Hands ").removeprefix("Hand ") for i in band]
            # Few rounds leave room for two players a row, read across then down (never split by column).
            column = max(SMALLEST_HAND_COLUMN, 30.0) if len(band) <= 8 else SMALLEST_HAND_COLUMN
            one = 34 + name_width + column * len(band)
            across = 2 if 2 * one + 10 <= width else 1
            if across == 1:
                column = (width - 34 - name_width) / max(1, len(band))
            head = ["No.", "Name", *heads]
            data = [head + [""] + head if across == 2 else head]
            cells: list[list[str | Paragraph]] = [[player.key, name_para(player.name, name_width, style["cell"]),
                      *[where[player.key].get(i, "") for i in band]] for player in sheet.players]  # fmt: skip
            for start in range(0, len(cells), across):
                row = []
                for offset in range(across):
                    if offset:
                        row.append("")
                    row += cells[start + offset] if start + offset < len(cells) else [""] * (2 + len(band))
                data.append(row)
            widths = [34, name_width, *[column] * len(band)]
            if across == 2:
                widths = [*widths, 10, *widths]
            grid = Table(data, colWidths=widths, repeatRows=1)
            commands = [*grid_style(TEXT), ("ALIGN", (0, 0), (-1, -1), "CENTER"), ("ALIGN", (1, 0), (1, -1), "LEFT")]
            if across == 2:
                gap = 2 + len(band)
                commands += [("ALIGN", (gap + 2, 0), (gap + 2, -1), "LEFT"),
                             ("LINEBEFORE", (gap, 0), (gap, -1), 0, colors.white),
                             ("LINEAFTER", (gap, 0), (gap, -1), 0, colors.white),
                             ("BACKGROUND", (gap, 0), (gap, -1), colors.white)]  # fmt: skip
            grid.setStyle(TableStyle(commands))
            story += [grid, Spacer(1, 8)]
    else:
        opening = sheet.hands[0] if sheet.hands else None
        story.append(Paragraph("Starting seating", style["heading"]))
        data = [["Table", *[{"N": "North", "E": "East", "S": "South", "W": "West"}[s] for s in SEATS]]]
        name_width = (width - 40) / 4
        if opening is not None:
            for seated in opening.tables:
                data.append([str(seated.table)] + [
                    # The card number kept apart from the name: shortening the two together once
                    # printed "25 Łukasz Brzęczyszczykiewicz" as "2. Brzęczyszczykiewicz".
                    name_para(f"{seated.seats[s]}  {names.get(seated.seats[s], '')}".strip(), name_width, style["cell"])
                    if seated.seats.get(s) else "–"
                    for s in SEATS
                ])  # fmt: skip
        grid = Table(data, colWidths=[40, *[name_width] * 4], repeatRows=1)
        grid.setStyle(TableStyle([*grid_style(TEXT), ("ALIGN", (0, 0), (0, -1), "CENTER")]))
        story.append(grid)
        if opening is not None and opening.sitting_out:
            out = ", ".join(f"{key} {names.get(key, '')}".strip() for key in opening.sitting_out)
            story.append(Spacer(1, 4))
            story.append(para(f"Sitting out the first hand: {out}", style["body"]))
    if sheet.spares_rotation:
        story.append(Paragraph("Spares", style["heading"]))
        story += [para(line, style["body"]) for line in sheet.spares_rotation]
    return build(story, size, title, sheet.club)


# -- results ----------------------------------------------------------------------------------------


def rank_text(rank: int, shared: bool) -> str:
    return f"={rank}" if shared else str(rank)


def card_order(rows: list, rank=lambda row: row.rank) -> list:
    """Equal ranks in card-number order, as numbers (1, 2, … 10), not as text (1, 10, 2)."""

    def number(row) -> tuple[int, float, str]:
        card = row.card_number
        if isinstance(card, int) or (isinstance(card, str) and card.isdigit()):
            return (0, int(card), "")
        return (1, 0, str(card or ""))

    return sorted(rows, key=lambda row: (rank(row), number(row)))


def _prize_rows(sheet: ResultsSheet, style, widths) -> Table:
    data = [["Prize", "Winner", "Card", "Score", ""]]
    commands = grid_style(TEXT)
    for prize in sheet.prizes:
        cards = ", ".join(str(c) for c in prize.card_numbers if c is not None)
        if not prize.winners:
            winners, note = para(f"not awarded: {prize.note or 'nobody left to win it'}", style["cell"]), ""
        elif prize.tied:
            winners = para(" · ".join(prize.winners), style["cell"])
            note = para(f"Tie on {prize.score}: equal — settle by a cut", style["bold"])
        else:
            winners = para(prize.winners[0], style["cell"])
            note = para(prize.note, style["cell"]) if prize.note else ""
        data.append(
            [
                para(prize.prize, style["cell"]),
                winners,
                para(cards, style["cell"]),
                "" if prize.score is None else str(prize.score),
                note,
            ]
        )
        if prize.tied:
            commands.append(("TEXTCOLOR", (4, len(data) - 1), (4, len(data) - 1), RED))
    table = Table(data, colWidths=widths, repeatRows=1)
    table.setStyle(TableStyle([*commands, ("ALIGN", (3, 0), (3, -1), "CENTER")]))
    return table


def _draw_rows(sheet: ResultsSheet, style, widths) -> Table:
    data = [["Draw", "Winner"]] + [[para(title, style["cell"]), para(winner, style["cell"])]
                                   for title, winner in sheet.draws]  # fmt: skip
    table = Table(data, colWidths=widths, repeatRows=1)
    table.setStyle(TableStyle(grid_style(TEXT)))
    return table


def results_pdf(sheet: ResultsSheet) -> bytes:
    """The prizes as the prize page gives them, then the standings with shared ranks and halves."""
    register_fonts()
    style = styles()
    size = page_size(sheet.page_size)
    width = size[0] - 2 * MARGIN
    title = f"Results: {sheet.event}"
    where = " · ".join(part for part in (sheet.club, date_text(sheet.date), sheet.venue) if part)
    story = [para(title, style["title"]), para(where, style["body"])]
    if sheet.status:
        story.append(Paragraph(f"<b>{markup(sheet.status)}</b>", style["body"]))
    if sheet.prizes or sheet.prizes_note:
        story.append(Paragraph("Prizes", style["heading"]))
        if sheet.prizes_note:
            story.append(para(sheet.prizes_note, style["body"]))
        if sheet.prizes:
            story.append(_prize_rows(sheet, style, [105, width - 105 - 50 - 44 - 150, 50, 44, 150]))
        if any(prize.tied for prize in sheet.prizes):
            story.append(
                para(
                    "A tie is a place the club's tie-breaks did not settle: the players named are equal; "
                    "settle it by a cut of cards before the prize is given.",
                    style["body"],
                )
            )

    if sheet.draws:
        story.append(Paragraph("The draws", style["heading"]))
        story.append(_draw_rows(sheet, style, [width * 0.45, width * 0.55]))

    if sheet.games or sheet.ranking:
        story += _games_story(sheet, style, width)
        return build(story, size, title, sheet.club)
    story.append(Paragraph("Standings", style["heading"]))
    widths = [40, 36, width - 40 - 36 - 40 - 3 * 56, 40, 56, 56, 56]
    if sheet.by_pairs:
        widths = [40, 56, width - 40 - 56 - 20 - 3 * 56, 20, 56, 56, 56]
    data = [["Place", "Pair" if sheet.by_pairs else "Card", "Names" if sheet.by_pairs else "Name", "", "1st half",
             "2nd half", "Total"]]  # fmt: skip
    for standing in card_order(sheet.standings):
        data.append(
            [
                rank_text(standing.rank, standing.shared),
                "" if standing.card_number is None else str(standing.card_number),
                name_para(standing.name, widths[2], style["cell"]),
                role_text(standing.role),
                "" if standing.first_half is None else str(standing.first_half),
                "" if standing.second_half is None else str(standing.second_half),
                str(standing.total),
            ]
        )
    table = Table(data, colWidths=widths, repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                *grid_style(TEXT),
                ("ALIGN", (0, 0), (1, -1), "CENTER"),
                ("ALIGN", (4, 0), (-1, -1), "CENTER"),
                ("FONT", (6, 1), (6, -1), BOLD, TEXT),
                ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#f6f6f6")]),
            ]
        )
    )
    story.append(table)
    story.append(Spacer(1, 4))
    story.append(
        para(
            "One line a pair: the partners played every hand together. “=2” means equal second."
            if sheet.by_pairs
            else "“=2” means equal second; equal places are listed in card order.",
            style["body"],
        )
    )
    return build(story, size, title, sheet.club)


def _games_story(sheet: ResultsSheet, style, width: float) -> list:
    """A game night's standings (rubber points, games, points) and each table's rubbers."""
    story = [Paragraph("Standings", style["heading"])]
    if sheet.ranking:
        story.append(para(sheet.ranking, style["body"]))
    widths = [40, 36, width - 40 - 36 - 3 * 64, 64, 64, 64]
    data = [["Place", "Card", "Name", "Rubber pts", "Games", "Points"]]
    for row in card_order(sheet.games):
        data.append(
            [
                rank_text(row.rank, row.shared),
                "" if row.card_number is None else str(row.card_number),
                name_para(row.name, widths[2], style["cell"]),
                str(row.rubber_points),
                str(row.games_won),
                str(row.points),
            ]
        )
    table = Table(data, colWidths=widths, repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                *grid_style(TEXT),
                ("ALIGN", (0, 0), (1, -1), "CENTER"),
                ("ALIGN", (3, 0), (-1, -1), "CENTER"),
                ("FONT", (3, 1), (3, -1), BOLD, TEXT),
                ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#f6f6f6")]),
            ]
        )
    )
    story.append(table)
    if sheet.tables:
        story.append(Paragraph("The tables", style["heading"]))
        for told in sheet.tables:
            story.append(Paragraph(f"<b>Table {told.table}</b>", style["body"]))
            for line in told.lines:
                story.append(para(line, style["body"]))
    return story


# -- the MC's prize-giving list --------------------------------------------------------------------


def prize_list_pdf(sheet: ResultsSheet) -> bytes:
    """What the MC reads out: each prize, the winner, card and score, and every tie in words, in large type."""
    register_fonts()
    size = page_size(sheet.page_size)
    big = ParagraphStyle("big", fontName=BOLD, fontSize=17, leading=21)
    prize_style = ParagraphStyle("prize", fontName=BOLD, fontSize=13, leading=16, textColor=GREY)
    line = ParagraphStyle("line", fontName=FONT, fontSize=13, leading=17)
    warn = ParagraphStyle("warn", fontName=BOLD, fontSize=13, leading=17, textColor=RED)
    style = styles(12)
    title = f"Prize-giving: {sheet.event}"
    story = [para(title, style["title"]), para(f"{sheet.club} · {date_text(sheet.date)}", style["body"])]
    if sheet.status:
        story.append(para(sheet.status, style["bold"]))
    story.append(Spacer(1, 8))
    if sheet.prizes_note:
        story.append(para(sheet.prizes_note, line))
    heading = None
    for prize in sheet.prizes:
        parts = []
        if prize.heading and prize.heading != heading:
            heading = prize.heading
            # An organiser's own heading ("Ladies' prizes"); the default one only repeats the first place.
            if heading != prize.prize:
                parts.append(Paragraph(markup(heading), style["heading"]))
        parts.append(para(prize.prize, prize_style))
        cards = list(prize.card_numbers) + [None] * (len(prize.winners) - len(prize.card_numbers))
        named = [
            f"{name} (card {card})" if card is not None else name
            for name, card in zip(prize.winners, cards, strict=False)
        ]
        if not prize.winners:
            parts.append(para(f"Not awarded: {prize.note or 'nobody left to win it'}.", line))
        elif prize.tied:
            parts.append(para(f"Tie on {prize.score} between:", warn))
            parts += [para(name, big) for name in named]
            parts.append(para("Equal — settle by a cut of cards before giving the prize.", warn))
        else:
            parts.append(para(named[0], big))
            score = f"Score {prize.score}" if prize.score is not None else ""
            if prize.note:
                score += f" — {prize.note}"
            parts.append(para(score, line))
        parts.append(Spacer(1, 10))
        story.append(KeepTogether(parts))
    if sheet.draws:
        story.append(Paragraph("The draws", style["heading"]))
        for drawn, winner in sheet.draws:
            story.append(KeepTogether([para(drawn, prize_style), para(winner, big), Spacer(1, 10)]))
    return build(story, size, title, sheet.club)


# -- a season's table -------------------------------------------------------------------------------


def season_pdf(sheet: SeasonSheet) -> bytes:
    """The season's leaderboard as its page shows it: positions, scores, best N of M, guests and events."""
    register_fonts()
    style = styles()
    size = page_size(sheet.page_size)
    width = size[0] - 2 * MARGIN
    title = f"{sheet.season}: season table"
    story = [
        para(title, style["title"]),
        para(f"{sheet.club} · {sheet.dates}", style["body"]),
        Paragraph(
            f"<b>{markup(sheet.heading)}</b>"
            + (f" · each member's best {sheet.best} event totals count" if sheet.best else ""),
            style["body"],
        ),
    ]
    if sheet.provisional:
        story.append(
            para("Provisional: an event in this season is still being played, so its totals may change.", style["bold"])
        )
    story.append(Spacer(1, 6))
    if sheet.lines:
        best = sheet.best is not None
        heads = ["Place", "Member", "Events", *([f"Best {sheet.best}"] if best else []), "Total", "Hands", "Average"]
        fixed = [40, 44, *([50] if best else []), 48, 46, 52]
        counted_width = 120 if best else 0
        widths = [fixed[0], width - sum(fixed) - counted_width, *fixed[1:], *([counted_width] if best else [])]
        data = [heads + (["Counted"] if best else [])]
        for line in sheet.lines:
            data.append([
                rank_text(line.position, line.tied), name_para(line.name, widths[1], style["cell"]), str(line.events),
                *([str(line.score)] if best else []), str(line.total), str(line.hands), line.average,
                *([para(line.counted, style["cell"])] if best else []),
            ])  # fmt: skip
        table = Table(data, colWidths=widths, repeatRows=1)
        table.setStyle(
            TableStyle(
                [
                    *grid_style(TEXT),
                    ("ALIGN", (2, 0), (len(heads) - 1, -1), "CENTER"),
                    ("ALIGN", (0, 0), (0, -1), "CENTER"),
                    ("FONT", (3, 1), (3, -1), BOLD, TEXT),
                    ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#f6f6f6")]),
                ]
            )
        )
        story.append(table)
        story.append(Spacer(1, 4))
        story.append(
            para(
                "Average per hand is the total over every event divided by the hands scored (a sit-out's "
                "award counts as a hand). Members level on score are ordered by average but share their "
                "place.",
                style["body"],
            )
        )
    else:
        story.append(para("No member has played in this season yet.", style["body"]))
    if sheet.guests:
        story.append(Paragraph("Guests", style["heading"]))
        data = [["Name", "Event", "Total"]]
        data += [
            [para(name, style["cell"]), para(event, style["cell"]), str(total)] for name, event, total in sheet.guests
        ]
        table = Table(data, colWidths=[180, width - 180 - 50, 50], repeatRows=1)
        table.setStyle(TableStyle([*grid_style(TEXT), ("ALIGN", (2, 0), (2, -1), "CENTER")]))
        story.append(table)
    if sheet.events:
        story.append(Paragraph("Events", style["heading"]))
        data = [["Date", "Event", "Status"]]
        data += [[date, para(event, style["cell"]), status] for date, event, status in sheet.events]
        table = Table(data, colWidths=[90, width - 90 - 170, 170], repeatRows=1)
        table.setStyle(TableStyle(grid_style(TEXT)))
        story.append(table)
    return build(story, size, title, sheet.club)
