"""Sheets for the hall's wall, read standing a step away: nothing under 12 pt.

The wall sheet gives the seating round by round (a round of hands at the same tables is one
block, never its hands repeated); "find your table" lists everyone alphabetically with their
card and the table and seat of their first hand, for the queue at the door of a big drive.
"""

from __future__ import annotations

import unicodedata

from reportlab.lib.pagesizes import landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import KeepTogether, PageBreak, Paragraph, Spacer, Table, TableStyle

from whistdrive.engines.vocabulary import SEATS

from .common import BOLD, FONT, GREY, LIGHT, date_text, markup, page_size, register_fonts
from .sheet_docs import MARGIN, TOP, build, hands_text, name_para, rounds
from .sheets import ProgressionSheet

WALL = 13.0
SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}


def _styles() -> dict[str, ParagraphStyle]:
    return {
        "title": ParagraphStyle("title", fontName=BOLD, fontSize=22, leading=27),
        "heading": ParagraphStyle("heading", fontName=BOLD, fontSize=17, leading=21, spaceBefore=12, spaceAfter=6),
        "body": ParagraphStyle("body", fontName=FONT, fontSize=WALL, leading=WALL * 1.3),
        "cell": ParagraphStyle("cell", fontName=FONT, fontSize=WALL, leading=WALL * 1.2),
    }


def _grid(font_size: float) -> list:
    return [
        ("FONT", (0, 0), (-1, -1), FONT, font_size),
        ("FONT", (0, 0), (-1, 0), BOLD, font_size),
        ("FONT", (0, 1), (0, -1), BOLD, font_size + 3),
        ("BACKGROUND", (0, 0), (-1, 0), LIGHT),
        ("GRID", (0, 0), (-1, -1), 0.6, GREY),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ALIGN", (0, 0), (0, -1), "CENTER"),
        ("TOPPADDING", (0, 0), (-1, -1), 4),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 5),
    ]


def wall_sheet_pdf(sheet: ProgressionSheet) -> bytes:
    """Large print for the wall: each round's seating (names with card numbers), or the start and the rule."""
    register_fonts()
    style = _styles()
    size = landscape(page_size(sheet.page_size))
    width = size[0] - 2 * MARGIN
    names = {player.key: player.name for player in sheet.players}
    title = f"Seating: {sheet.event}"
    story = [
        Paragraph(markup(title), style["title"]),
        Paragraph(markup(f"{sheet.club} · {date_text(sheet.date)}"), style["body"]),
    ]
    if sheet.movement_rule:
        story += [Spacer(1, 4), Paragraph(f"<b>{markup(sheet.movement_rule)}</b>", style["body"])]
    grouped = rounds(sheet.hands) if sheet.planned else [(1, 1, sheet.hands[0])] if sheet.hands else []
    for first, last, seating in grouped:
        heading = hands_text(first, last) if sheet.planned else "Starting seats (hand 1)"
        data = [["Table", *[SEAT_WORDS[s] for s in SEATS]]]
        for table in seating.tables:
            data.append([str(table.table)] + [
                name_para(f"{table.seats[s]}  {names.get(table.seats[s], '')}", (width - 60) / 4, style["cell"])
                if table.seats.get(s) else "–"
                for s in SEATS
            ])  # fmt: skip
        column = (width - 60) / 4
        grid = Table(data, colWidths=[60, *[column] * 4], repeatRows=1)
        grid.setStyle(TableStyle(_grid(WALL)))
        parts: list = [Paragraph(markup(heading), style["heading"]), grid]
        if seating.sitting_out:
            out = ", ".join(f"{key} {names.get(key, '')}" for key in seating.sitting_out)
            parts += [Spacer(1, 4), Paragraph(markup(f"Sitting out: {out}"), style["body"])]
        # A round starts on a page of its own when it does not fit on the rest of the page.
        story.append(KeepTogether(parts) if len(data) < 20 else parts[0])
        if len(data) >= 20:
            story += parts[1:]
    if sheet.spares_rotation:
        story.append(Paragraph("Spares", style["heading"]))
        story += [Paragraph(markup(line), style["body"]) for line in sheet.spares_rotation]
    return build(story, size, title, sheet.club)


def sort_key(name: str) -> tuple[str, str]:
    """Alphabetical as people look for themselves: Łukasz under L, Émile under E, case ignored."""
    plain = unicodedata.normalize("NFKD", name.replace("Ł", "L").replace("ł", "l").replace("Ø", "O").replace("ø", "o"))
    return "".join(c for c in plain if not unicodedata.combining(c)).casefold(), name


def find_your_table_pdf(sheet: ProgressionSheet) -> bytes:
    """Everyone alphabetically, with their card and where they sit for the first hand, in two columns."""
    register_fonts()
    style = _styles()
    size = page_size(sheet.page_size)
    width = size[0] - 2 * MARGIN
    first = sheet.hands[0] if sheet.hands else None
    start: dict[str, str] = {}
    if first is not None:
        for table in first.tables:
            for seat, key in table.seats.items():
                start[key] = f"Table {table.table} {SEAT_WORDS[seat]}"
        for key in first.sitting_out:
            start[key] = "Sits out hand 1"
    title = f"Find your table: {sheet.event}"
    story = [
        Paragraph(markup(title), style["title"]),
        Paragraph(
            markup(f"{sheet.club} · {date_text(sheet.date)} · your card and your seat for the first hand"),
            style["body"],
        ),
        Spacer(1, 8),
    ]
    people = sorted(sheet.players, key=lambda p: sort_key(p.name))
    cell = ParagraphStyle("find", fontName=FONT, fontSize=WALL, leading=WALL * 1.2)
    place = ParagraphStyle("place", fontName=BOLD, fontSize=WALL, leading=WALL * 1.2)
    half = (width - 14) / 2
    widths = [half * 0.5, 34, half * 0.5 - 34]
    entries = []
    for person in people:
        row = [
            name_para(person.name, widths[0], cell),
            person.key,
            Paragraph(markup(start.get(person.key, "Ask at the desk")), place),
        ]
        # Each cell's text, its padding (3 + 4) and the rule, with a point to spare.
        height = max(row[0].wrap(widths[0] - 12, 1000)[1], row[2].wrap(widths[2] - 12, 1000)[1]) + 9
        entries.append((row, height))
    # Two columns, each read downwards, page by page: a page's rows go down the left, then the
    # right, and the next page starts afresh (never the key split across pages column by column).
    page_height = size[1] - TOP - MARGIN - 6 - 12
    heading = sum(flowable.wrap(width, size[1])[1] for flowable in story)
    pages: list[tuple[list, list]] = []
    index = 0
    while index < len(entries):
        room = page_height - (heading if not pages else 0)
        columns: list[list] = []
        for _ in range(2):
            column: list = []
            used = 0.0
            while index < len(entries) and (not column or used + entries[index][1] <= room):
                column.append(entries[index][0])
                used += entries[index][1]
                index += 1
            columns.append(column)
        pages.append((columns[0], columns[1]))
    for number, (left, right) in enumerate(pages):
        halves = []
        for column in (left, right):
            if not column:
                halves.append("")
                continue
            table = Table(column, colWidths=widths)
            table.setStyle(
                TableStyle(
                    [
                        ("FONT", (0, 0), (-1, -1), BOLD, WALL),
                        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                        ("ALIGN", (1, 0), (1, -1), "CENTER"),
                        ("LINEBELOW", (0, 0), (-1, -1), 0.4, GREY),
                        ("TOPPADDING", (0, 0), (-1, -1), 3),
                        ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
                    ]
                )
            )
            halves.append(table)
        outer = Table([halves], colWidths=[half + 7, half + 7])
        outer.setStyle(
            TableStyle(
                [
                    ("FONT", (0, 0), (-1, -1), FONT, WALL),
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("LEFTPADDING", (0, 0), (-1, -1), 0),
                    ("RIGHTPADDING", (0, 0), (-1, -1), 7),
                    ("TOPPADDING", (0, 0), (-1, -1), 0),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
                ]
            )
        )
        story.append(outer)
        if number < len(pages) - 1:
            story.append(PageBreak())
    if not entries:
        story.append(Paragraph("Nobody is registered yet.", style["body"]))
    return build(story, size, title, sheet.club)
