"""Sheets for the hall's wall, read from two metres: names at 16 pt, on as few pages as that allows.

The wall sheet gives a planned movement's whole evening, a player a line (name, card, then the
table and seat of each round: a round of hands at the same tables is one column, never its hands
repeated), or a result-driven drive's starting seats; "find your table" lists everyone
alphabetically with their card and the table and seat of their first hand, two columns a
landscape page, for the queue at the door of a big drive.
"""

from __future__ import annotations

import re
import unicodedata

from reportlab.lib import colors
from reportlab.lib.pagesizes import landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import PageBreak, Paragraph, Spacer, Table, TableStyle

from whistdrive.engines.vocabulary import SEATS

from .common import BOLD, FONT, GREY, LIGHT, date_text, markup, page_size, register_fonts
from .common import width as text_width
from .sheet_docs import MARGIN, TOP, bands, build, hands_text, name_para, rounds
from .sheets import ProgressionSheet

WALL = 16.0  # large print: a name read from two metres
SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}
PAD = 6.0  # a table cell's padding each side
ROUND_PAD = 3.0  # a round's "12N" is centred: less padding, more rounds across
SMALLEST_PLACE = 12.0  # a round's "12N" shrinks to this before the rounds are split into bands


def _styles() -> dict[str, ParagraphStyle]:
    return {
        "title": ParagraphStyle("title", fontName=BOLD, fontSize=22, leading=27),
        "heading": ParagraphStyle("heading", fontName=BOLD, fontSize=19, leading=23, spaceBefore=12, spaceAfter=6),
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
        ("TOPPADDING", (0, 0), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
    ]


def _heading(sheet: ProgressionSheet, title: str, line: str) -> list:
    style = _styles()
    story: list = [
        Paragraph(markup(title), style["title"]),
        Paragraph(markup(f"{sheet.club} · {date_text(sheet.date)}"), style["body"]),
    ]
    if line:
        story.append(Paragraph(markup(line), style["body"]))
    return story


def wall_sheet_pdf(sheet: ProgressionSheet) -> bytes:
    """Large print for the wall, read from two metres (names at 16 pt), on as few pages as that allows.

    A planned movement: everyone alphabetically, each on one line with the table and seat of every
    round, so a player reads their whole evening across. A result-driven one: the starting seats,
    table by table, and the rule.
    """
    register_fonts()
    size = landscape(page_size(sheet.page_size))
    title = f"Seating: {sheet.event}"
    if sheet.planned:
        story = _heading(sheet, title, "Find your name: your table and seat (N, E, S, W) for each round, "
                                       "read across; “out”: you sit out that round.")  # fmt: skip
        # Upright when every round fits across at full size (more players a page), else turned.
        upright = page_size(sheet.page_size)
        if len(bands(len(rounds(sheet.hands)), _rounds_across(sheet, upright[0] - 2 * MARGIN, WALL))) == 1:
            size = upright
        story += _itineraries(sheet, size[0] - 2 * MARGIN)
    else:
        story = _heading(sheet, title, sheet.movement_rule)
        story += _starting_seats(sheet, size[0] - 2 * MARGIN)
    if sheet.spares_rotation:
        style = _styles()
        story.append(Paragraph("Spares", style["heading"]))
        story += [Paragraph(markup(line), style["body"]) for line in sheet.spares_rotation]
    return build(story, size, title, sheet.club)


def _places(sheet: ProgressionSheet) -> dict[str, dict[int, str]]:
    """Each player's table and seat ("3N", "out") by the index of the round."""
    where: dict[str, dict[int, str]] = {player.key: {} for player in sheet.players}
    for index, (_, _, seating) in enumerate(rounds(sheet.hands)):
        for table in seating.tables:
            for seat in SEATS:
                key = table.seats.get(seat)
                if key is not None:
                    where.setdefault(key, {})[index] = f"{table.table}{seat}"
        for key in seating.sitting_out:
            where.setdefault(key, {})[index] = "out"
    return where


def _columns(sheet: ProgressionSheet, width: float) -> tuple[float, float, float]:
    """The name's and the card's columns, and the room left for the rounds."""
    card_width = max([text_width("Card", 12, BOLD), *(text_width(p.key, WALL, BOLD) for p in sheet.players)]) + 2 * PAD
    # As wide as the longest name when that leaves room (else a third of the page), and never narrower
    # than the longest word (a 19-letter word at 16 pt is about 190 pt): no name shrinks.
    names = [p.name for p in sheet.players] or [""]
    whole = max(text_width(name, WALL) for name in names) + 2 * PAD + 2
    word = _longest_word(names) + 2 * PAD + 2
    name_width = min(260.0, max(word, min(whole, width * 0.34)))
    return name_width, card_width, width - name_width - card_width


def _longest_word(texts: list[str], font: str = FONT) -> float:
    """The widest word of any of ``texts`` at 16 pt: a name breaks only at its spaces and hyphens."""
    return max([text_width(part, WALL, font) for text in texts for part in re.split(r"(?<=-)|\s+", text)] or [0.0])


def _widest_place(where: dict[str, dict[int, str]]) -> float:
    return max([text_width(text, 1, BOLD) for places in where.values() for text in places.values()] or [1.0])


def _rounds_across(sheet: ProgressionSheet, width: float, size: float) -> int:
    """How many rounds' columns fit across beside the name and card with their "12N" at ``size``."""
    room = _columns(sheet, width)[2]
    return max(1, int(room // (_widest_place(_places(sheet)) * size + 2 * ROUND_PAD)))


def _itineraries(sheet: ProgressionSheet, width: float) -> list:
    """Each player's evening on one line: name, card, then the table and seat of every round."""
    style = _styles()
    grouped = rounds(sheet.hands)
    where = _places(sheet)
    name_width, card_width, room = _columns(sheet, width)
    widest = _widest_place(where)
    # The rounds' "12N" as large as their columns allow, then in bands of rounds if even small is too wide.
    most = _rounds_across(sheet, width, SMALLEST_PLACE)
    story: list = []
    people = sorted(sheet.players, key=lambda p: sort_key(p.name))
    for band in bands(len(grouped), most):
        column = room / max(1, len(band))
        place = max(SMALLEST_PLACE, min(WALL, (column - 2 * ROUND_PAD) / widest))
        heads = [_round_head(*grouped[i][:2], column - 2 * ROUND_PAD) for i in band]
        data: list[list] = [[Paragraph("<b>Name</b>", style["cell"]), "Card", *heads]]
        for person in people:
            # name_para allows for 3 pt of padding a side; these cells have 6.
            data.append([name_para(person.name, name_width - PAD, style["cell"]), person.key,
                         *[where.get(person.key, {}).get(i, "") for i in band]])  # fmt: skip
        grid = Table(data, colWidths=[name_width, card_width, *[column] * len(band)], repeatRows=1)
        grid.setStyle(
            TableStyle(
                [
                    *_grid(WALL),
                    ("FONT", (0, 1), (0, -1), FONT, WALL),
                    ("FONT", (1, 0), (1, 0), BOLD, 12),
                    ("FONT", (1, 1), (1, -1), BOLD, WALL),
                    ("FONT", (2, 1), (-1, -1), BOLD, place),
                    ("ALIGN", (1, 0), (-1, -1), "CENTER"),
                    ("LEFTPADDING", (2, 0), (-1, -1), ROUND_PAD),
                    ("RIGHTPADDING", (2, 0), (-1, -1), ROUND_PAD),
                    ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#f3f3f3")]),
                ]
            )
        )
        story += [Spacer(1, 8), grid]
    return story


def _round_head(first: int, last: int, room: float) -> Paragraph:
    """A round's column heading at 12 pt, "Hands 1–4" where its words fit the column, else its hands alone
    ("1–4"): never a word broken across lines."""
    label = hands_text(first, last)
    if max(text_width(word, 12, BOLD) for word in label.split(" ")) > room:
        label = label.removeprefix("Hands ").removeprefix("Hand ")
    size = 12.0  # nothing on a wall sheet is smaller; the words wrap at the space, each whole
    return Paragraph(markup(label), ParagraphStyle(f"head-{size}", fontName=BOLD, fontSize=size, leading=size * 1.2,
                                                   alignment=1, splitLongWords=0))  # fmt: skip


def _starting_seats(sheet: ProgressionSheet, width: float) -> list:
    """A result-driven drive's first hand, table by table, each seat's card and name at 16 pt."""
    style = _styles()
    names = {player.key: player.name for player in sheet.players}
    seating = sheet.hands[0] if sheet.hands else None
    if seating is None:
        return []
    story: list = [Paragraph("Starting seats (hand 1)", style["heading"])]

    def seat(key: str | None, label: str = "") -> Paragraph | str:
        return name_para(f"{label}{key}  {names.get(key, '')}", column - PAD, style["cell"]) if key else "–"

    column = (width - 60) / 4
    if column - 2 * PAD >= _longest_word([names.get(key, "") for t in seating.tables for key in t.seats.values()]):
        data: list[list] = [["Table", *[SEAT_WORDS[s] for s in SEATS]]]
        data += [[str(table.table), *[seat(table.seats.get(s)) for s in SEATS]] for table in seating.tables]
        grid = Table(data, colWidths=[60, *[column] * 4], repeatRows=1)
        grid.setStyle(TableStyle(_grid(WALL)))
    else:
        # A word too long for a quarter of the page (a 19-letter surname is 188 pt at 16 pt) would shrink
        # the name: the seats then take two rows a table, North and East above South and West, each
        # named, so every name stays at 16 pt.
        column = (width - 60) / 2
        data = [["Table", "North, South", "East, West"]]
        commands = _grid(WALL)
        for table in seating.tables:
            row = len(data)
            data.append([str(table.table), seat(table.seats.get("N"), "North: "), seat(table.seats.get("E"), "East: ")])
            data.append(["", seat(table.seats.get("S"), "South: "), seat(table.seats.get("W"), "West: ")])
            commands += [("SPAN", (0, row), (0, row + 1)), ("NOSPLIT", (0, row), (-1, row + 1))]
        grid = Table(data, colWidths=[60, column, column], repeatRows=1)
        grid.setStyle(TableStyle(commands))
    story.append(grid)
    if seating.sitting_out:
        out = ", ".join(f"{key} {names.get(key, '')}" for key in seating.sitting_out)
        story += [Spacer(1, 4), Paragraph(markup(f"Sitting out: {out}"), style["body"])]
    return story


def sort_key(name: str) -> tuple[str, str]:
    """Alphabetical as people look for themselves: Łukasz under L, Émile under E, case ignored."""
    plain = unicodedata.normalize("NFKD", name.replace("Ł", "L").replace("ł", "l").replace("Ø", "O").replace("ø", "o"))
    return "".join(c for c in plain if not unicodedata.combining(c)).casefold(), name


def find_your_table_pdf(sheet: ProgressionSheet) -> bytes:
    """Everyone alphabetically, with their card and where they sit for the first hand, in two columns."""
    register_fonts()
    style = _styles()
    size = landscape(page_size(sheet.page_size))
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
    # The card and the place as wide as their widest; the name has the rest of the column.
    places = [start.get(person.key, "Ask at the desk") for person in people]
    card = max([text_width(p.key, WALL, BOLD) for p in people] or [0.0]) + 2 * PAD
    where = max([text_width(text, WALL, BOLD) for text in places] or [0.0]) + 2 * PAD + 1
    # A name's longest word must fit at 16 pt: where it would not, the places give up the room and
    # wrap ("Table 30" above "North"), down to their own longest word.
    where = max(
        _longest_word(places, BOLD) + 2 * PAD + 1,
        min(where, half - card - _longest_word([p.name for p in people]) - 2 * PAD - 1),
    )
    widths = [half - card - where, card, where]
    entries = []
    for person in people:
        row = [
            name_para(person.name, widths[0] - PAD, cell),
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
