"""The organiser's sheets: the progression (who sits where) and the results."""

from __future__ import annotations

import io

from reportlab.lib import colors
from reportlab.lib.pagesizes import landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle

from .common import BOLD, FONT, GREY, LIGHT, RED, date_text, fit, markup, page_size, register_fonts, short_name
from .sheets import SEATS, ProgressionSheet, ResultsSheet

MARGIN = 30
TABLES_PER_GRID = 8
HANDS_PER_ITINERARY = 16


def _styles() -> dict[str, ParagraphStyle]:
    return {
        "title": ParagraphStyle("title", fontName=BOLD, fontSize=16, leading=20),
        "heading": ParagraphStyle("heading", fontName=BOLD, fontSize=11, leading=14, spaceBefore=8, spaceAfter=4),
        "body": ParagraphStyle("body", fontName=FONT, fontSize=9, leading=12),
    }


def _grid_style(font_size: float) -> list:
    return [
        ("FONT", (0, 0), (-1, -1), FONT, font_size),
        ("FONT", (0, 0), (-1, 0), BOLD, font_size),
        ("BACKGROUND", (0, 0), (-1, 0), LIGHT),
        ("GRID", (0, 0), (-1, -1), 0.4, GREY),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("TOPPADDING", (0, 0), (-1, -1), 1),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ]


def _document(buffer, size, title: str, author: str) -> SimpleDocTemplate:
    return SimpleDocTemplate(
        buffer,
        pagesize=size,
        invariant=True,
        title=title,
        author=author,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN,
        bottomMargin=MARGIN,
    )


def _chunks(items: list, size: int) -> list[list]:
    return [items[i : i + size] for i in range(0, len(items), size)] or [[]]


def progression_sheet_pdf(sheet: ProgressionSheet) -> bytes:
    """Who sits where: a hands × tables grid and itineraries, or the starting seating and rule."""
    register_fonts()
    styles = _styles()
    size = landscape(page_size(sheet.page_size)) if sheet.planned else page_size(sheet.page_size)
    width = size[0] - 2 * MARGIN
    names = {player.key: player.name for player in sheet.players}
    story = [
        Paragraph(markup(f"Progression: {sheet.event}"), styles["title"]),
        Paragraph(markup(f"{sheet.club} · {date_text(sheet.date)}"), styles["body"]),
        Spacer(1, 6),
    ]
    if sheet.movement_rule:
        story.append(Paragraph(markup(sheet.movement_rule), styles["body"]))

    if sheet.planned:
        tables = sorted({t.table for hand in sheet.hands for t in hand.tables})
        story.append(Paragraph("Seating, hand by hand (N E / S W at each table)", styles["heading"]))
        for group in _chunks(tables, TABLES_PER_GRID):
            data = [["Hand", *[f"Table {t}" for t in group], "Sitting out"]]
            for hand in sheet.hands:
                at = {t.table: t.seats for t in hand.tables}
                row = [str(hand.hand)]
                for table in group:
                    seats = at.get(table, {})
                    row.append(
                        "  ".join(f"{s} {seats.get(s, '–')}" for s in "NE") + "\n"
                        + "  ".join(f"{s} {seats.get(s, '–')}" for s in "SW")
                    )
                row.append(fit(", ".join(hand.sitting_out), 70, 7))
                data.append(row)
            column = (width - 36 - 76) / len(group)
            grid = Table(data, colWidths=[36, *[column] * len(group), 76], repeatRows=1)
            grid.setStyle(TableStyle([*_grid_style(7), ("ALIGN", (0, 0), (-1, -1), "CENTER")]))
            story += [grid, Spacer(1, 8)]

        story.append(Paragraph("Itineraries: table and seat for each hand", styles["heading"]))
        where: dict[str, dict[int, str]] = {player.key: {} for player in sheet.players}
        for hand in sheet.hands:
            for table in hand.tables:
                for seat in SEATS:
                    key = table.seats.get(seat)
                    if key is not None:
                        where.setdefault(key, {})[hand.hand] = f"{table.table}{seat}"
            for key in hand.sitting_out:
                where.setdefault(key, {})[hand.hand] = "out"
        hand_numbers = [hand.hand for hand in sheet.hands]
        name_width = 150
        for group in _chunks(hand_numbers, HANDS_PER_ITINERARY):
            data = [["No.", "Name", *[str(h) for h in group]]]
            for player in sheet.players:
                data.append(
                    [player.key, short_name(player.name, name_width - 6, 7),
                     *[where.get(player.key, {}).get(h, "") for h in group]]
                )
            column = (width - 30 - name_width) / len(group)
            grid = Table(data, colWidths=[30, name_width, *[column] * len(group)], repeatRows=1)
            grid.setStyle(TableStyle([*_grid_style(7), ("ALIGN", (2, 0), (-1, -1), "CENTER")]))
            story += [grid, Spacer(1, 8)]
    else:
        first = sheet.hands[0] if sheet.hands else None
        story.append(Paragraph("Starting seating", styles["heading"]))
        data = [["Table", *SEATS]]
        name_width = (width - 40) / 4
        if first is not None:
            for table in first.tables:
                data.append(
                    [str(table.table)]
                    + [
                        short_name(f"{table.seats[s]} {names.get(table.seats[s], '')}".strip(), name_width - 6, 8)
                        if table.seats.get(s) else "–"
                        for s in SEATS
                    ]
                )
        grid = Table(data, colWidths=[40, *[name_width] * 4], repeatRows=1)
        grid.setStyle(TableStyle([*_grid_style(8), ("ALIGN", (0, 0), (0, -1), "CENTER")]))
        story.append(grid)
        if first is not None and first.sitting_out:
            out = ", ".join(f"{key} {names.get(key, '')}".strip() for key in first.sitting_out)
            story.append(Paragraph(markup(f"Sitting out the first hand: {out}"), styles["body"]))
    if sheet.spares_rotation:
        story.append(Paragraph("Spares", styles["heading"]))
        story += [Paragraph(markup(line), styles["body"]) for line in sheet.spares_rotation]

    story.append(Paragraph("Key", styles["heading"]))
    key_columns = 4 if sheet.planned else 3
    entries = [f"{player.key}  {player.name}" for player in sheet.players]
    rows = -(-len(entries) // key_columns) if entries else 0
    column_width = width / key_columns
    data = [
        [fit(entries[c * rows + r], column_width - 8, 7.5) if c * rows + r < len(entries) else ""
         for c in range(key_columns)]
        for r in range(rows)
    ]
    if data:
        key = Table(data, colWidths=[column_width] * key_columns)
        key.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), FONT, 7.5), ("TOPPADDING", (0, 0), (-1, -1), 0),
                                 ("BOTTOMPADDING", (0, 0), (-1, -1), 1)]))
        story.append(key)

    buffer = io.BytesIO()
    _document(buffer, size, f"Progression: {sheet.event}", sheet.club).build(story)
    return buffer.getvalue()


def rank_text(rank: int, shared: bool) -> str:
    return f"={rank}" if shared else str(rank)


def results_pdf(sheet: ResultsSheet) -> bytes:
    """Standings with shared ranks, halves and totals, and the prizes, as PDF bytes."""
    register_fonts()
    styles = _styles()
    size = page_size(sheet.page_size)
    width = size[0] - 2 * MARGIN
    where = " · ".join(part for part in (sheet.club, date_text(sheet.date), sheet.venue) if part)
    story = [
        Paragraph(markup(f"Results: {sheet.event}"), styles["title"]),
        Paragraph(markup(where), styles["body"]),
    ]
    if sheet.status:
        story.append(Paragraph(f"<b>{markup(sheet.status)}</b>", styles["body"]))
    if sheet.prizes:
        story.append(Paragraph("Prizes", styles["heading"]))
        widths = [150, width - 150 - 50 - 60, 50, 60]
        data = [["Prize", "Winner", "Score", ""]]
        style = _grid_style(9)
        for prize in sheet.prizes:
            winners = " and ".join(short_name(name, widths[1] - 8, 9) for name in prize.winners)
            data.append([fit(prize.prize, widths[0] - 8, 9), fit(winners, widths[1] - 8, 9),
                         "" if prize.score is None else str(prize.score), "tie" if prize.tied else ""])
            if prize.tied:
                style.append(("TEXTCOLOR", (3, len(data) - 1), (3, len(data) - 1), RED))
                style.append(("FONT", (3, len(data) - 1), (3, len(data) - 1), BOLD, 9))
        table = Table(data, colWidths=widths, repeatRows=1)
        table.setStyle(TableStyle([*style, ("ALIGN", (2, 0), (-1, -1), "CENTER")]))
        story.append(table)
        if any(prize.tied for prize in sheet.prizes):
            story.append(Paragraph("“tie”: equal after the club's tie-breaks; the prize is shared or decided "
                                   "as the club agrees.", styles["body"]))

    if sheet.games or sheet.ranking:
        story += _games_story(sheet, styles, width)
        buffer = io.BytesIO()
        _document(buffer, size, f"Results: {sheet.event}", sheet.club).build(story)
        return buffer.getvalue()
    story.append(Paragraph("Standings", styles["heading"]))
    widths = [40, 36, width - 40 - 36 - 44 - 3 * 56, 44, 56, 56, 56]
    data = [["Rank", "No.", "Name", "", "1st half", "2nd half", "Total"]]
    for standing in sheet.standings:
        data.append([
            rank_text(standing.rank, standing.shared),
            "" if standing.card_number is None else str(standing.card_number),
            fit(standing.name, widths[2] - 8, 9),
            {"lady": "Lady", "gent": "Gent"}.get(standing.role or "", ""),
            "" if standing.first_half is None else str(standing.first_half),
            "" if standing.second_half is None else str(standing.second_half),
            str(standing.total),
        ])
    table = Table(data, colWidths=widths, repeatRows=1)
    table.setStyle(TableStyle([
        *_grid_style(9),
        ("ALIGN", (0, 0), (1, -1), "CENTER"),
        ("ALIGN", (4, 0), (-1, -1), "CENTER"),
        ("FONT", (6, 1), (6, -1), BOLD, 9),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#f6f6f6")]),
    ]))
    story.append(table)
    buffer = io.BytesIO()
    _document(buffer, size, f"Results: {sheet.event}", sheet.club).build(story)
    return buffer.getvalue()


def _games_story(sheet: ResultsSheet, styles, width: float) -> list:
    """A game night's standings (rubber points, games, points) and each table's rubbers."""
    story = [Paragraph("Standings", styles["heading"])]
    if sheet.ranking:
        story.append(Paragraph(markup(sheet.ranking), styles["body"]))
    widths = [40, 36, width - 40 - 36 - 3 * 64, 64, 64, 64]
    data = [["Rank", "No.", "Name", "Rubber pts", "Games", "Points"]]
    for row in sheet.games:
        data.append([
            rank_text(row.rank, row.shared),
            "" if row.card_number is None else str(row.card_number),
            fit(row.name, widths[2] - 8, 9),
            str(row.rubber_points),
            str(row.games_won),
            str(row.points),
        ])
    table = Table(data, colWidths=widths, repeatRows=1)
    table.setStyle(TableStyle([
        *_grid_style(9),
        ("ALIGN", (0, 0), (1, -1), "CENTER"),
        ("ALIGN", (3, 0), (-1, -1), "CENTER"),
        ("FONT", (3, 1), (3, -1), BOLD, 9),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#f6f6f6")]),
    ]))
    story.append(table)
    if sheet.tables:
        story.append(Paragraph("The tables", styles["heading"]))
        for told in sheet.tables:
            story.append(Paragraph(f"<b>Table {told.table}</b>", styles["body"]))
            for line in told.lines:
                story.append(Paragraph(markup(line), styles["body"]))
    return story
