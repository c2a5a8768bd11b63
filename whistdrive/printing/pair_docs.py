"""A pairs evening's paper: pair cards, and for duplicate whist the hand records, travellers,
movement cards and the results with matchpoints.

Pure functions of the plain values below (``whistdrive.printing.from_models`` fills them): each
returns PDF bytes. No Django import.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from reportlab.lib import colors
from reportlab.lib.pagesizes import landscape
from reportlab.platypus import KeepTogether, PageBreak, Paragraph, Spacer, Table, TableStyle

from whistdrive.engines.duplicate.double_dummy import summary_words, took_words
from whistdrive.engines.vocabulary import SEAT_NAMES

from .common import date_text, markup, page_size, percentage_text, register_fonts, trump_symbol
from .sheet_docs import MARGIN, TEXT, build, build_cut, grid_style, name_para, para, styles

SUIT_ORDER = ("S", "H", "D", "C")
SUIT_NAMES = {"S": "Spades", "H": "Hearts", "D": "Diamonds", "C": "Clubs", "N": "No trumps"}


# -- the values ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PairRound:
    """One round on a pair's card: where it plays, which way, against whom, and the boards."""

    round: int
    table: int | None  # None: the pair sits out
    direction: str = ""  # "N–S" or "E–W"
    opponents: str = ""  # "E–W 3"
    opponent_names: str = ""
    boards: str = ""  # "4, 5, 6" in a duplicate evening


@dataclass(frozen=True)
class PairCard:
    label: str  # "N–S 3", "Pair 5"
    names: str
    rounds: list[PairRound]
    note: str = ""  # "N–S: you sit at table 3 all evening"


@dataclass(frozen=True)
class TravellerLine:
    table: int
    round: int
    ns: str
    ew: str
    tricks_ns: int | None = None  # None until played (written in on paper)
    tricks_ew: int | None = None
    ns_score: float | None = None
    ew_score: float | None = None


@dataclass(frozen=True)
class BoardPage:
    number: int
    dealer: str  # "N", "E", "S", "W"
    trump: str | None  # None: turned at the first table
    deal: dict[str, list[str]] | None  # seat -> cards such as "AS", high to low; None: dealt at the table
    lines: list[TravellerLine] = field(default_factory=list)
    top: int | None = None
    double_dummy: tuple[int, int] | None = None  # (N–S, E–W) tricks double dummy; None: not known (no deal)

    @property
    def double_dummy_words(self) -> str:
        """ "Double dummy: N–S 8, E–W 5", or "" when not known."""
        return "" if self.double_dummy is None else summary_words(self.double_dummy[0])


@dataclass(frozen=True)
class ResultLine:
    place: str
    label: str
    names: str
    score: float
    percentage: float | None
    boards: int


@dataclass(frozen=True)
class PairsSheet:
    club: str
    event: str
    date: datetime.date | str
    page_size: str = "A4"
    venue: str = ""
    scoring: str = "matchpoints"  # or "tricks_vs_average"; "" for a pairs drive
    status: str = ""
    cards: list[PairCard] = field(default_factory=list)
    boards: list[BoardPage] = field(default_factory=list)
    movement_cards: list[tuple[int, list[str]]] = field(default_factory=list)  # (table, lines)
    fields: list[tuple[str, list[ResultLine]]] = field(default_factory=list)  # (heading, lines)
    prizes: list[tuple[str, str, str]] = field(default_factory=list)  # (prize, winners, score)
    top: int = 0
    notes: list[str] = field(default_factory=list)  # hand records before the start: which boards to make up

    @property
    def matchpoints(self) -> bool:
        return self.scoring == "matchpoints"


def _where(sheet: PairsSheet) -> str:
    return " · ".join(part for part in (sheet.club, date_text(sheet.date), sheet.venue) if part)


def _score(value: float | None) -> str:
    if value is None:
        return ""
    return f"{value:.2f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))


# -- pair cards ------------------------------------------------------------------------------------


def pair_cards_pdf(sheet: PairsSheet) -> bytes:
    """One card per pair: both names, and each round's table, direction, opponents and boards."""
    register_fonts()
    style = styles(11)
    size = page_size(sheet.page_size)
    width = size[0] - 2 * MARGIN
    title = f"Pair cards: {sheet.event}"
    boards = any(r.boards for card in sheet.cards for r in card.rounds)
    cards: list[list] = []
    for card in sheet.cards:
        head = [
            Paragraph(f"<b>{markup(card.label)}</b>  {markup(card.names)}", style["title"]),
            para(f"{sheet.event} · {_where(sheet)}", style["body"]),
        ]
        if card.note:
            head.append(para(card.note, style["body"]))
        widths = [46, 40, 40, 56, width - 46 - 40 - 40 - 56 - (90 if boards else 0)] + ([90] if boards else [])
        data = [["Round", "Table", "Sit", "Against", "Names"] + (["Boards"] if boards else [])]
        for r in card.rounds:
            if r.table is None:
                row = [str(r.round), "–", "", "Sit out this round", ""] + ([""] if boards else [])
            else:
                row = [str(r.round), str(r.table), r.direction, r.opponents,
                       name_para(r.opponent_names, widths[4], style["cell"])]  # fmt: skip
                row += [r.boards] if boards else []
            data.append(row)
        table = Table(data, colWidths=widths, repeatRows=1)
        table.setStyle(TableStyle([*grid_style(11), ("ALIGN", (0, 0), (2, -1), "CENTER")]))
        cards.append([*head, Spacer(1, 6), table])
    return build_cut(cards or [[para("No pairs yet.", style["body"])]], size, title, sheet.club)


# -- boards: hand records and travellers ------------------------------------------------------------


def _suit_lines(cards: list[str]) -> list[str]:
    by_suit: dict[str, list[str]] = {s: [] for s in SUIT_ORDER}
    for card in cards:
        by_suit[card[-1]].append(card[:-1].replace("10", "10"))
    return [
        f'<font color="{"#c00000" if s in "HD" else "#000000"}">{trump_symbol(s)}</font> {" ".join(by_suit[s]) or "–"}'
        for s in SUIT_ORDER
    ]


def _hand_cell(seat: str, cards: list[str], dealer: str, style) -> list:
    heading = SEAT_NAMES[seat] + (" (dealer)" if seat == dealer else "")
    return [Paragraph(f"<b>{heading}</b>", style["cell"])] + [
        Paragraph(line, style["cell"]) for line in _suit_lines(cards)
    ]


def _diagram(board: BoardPage, style, cell: float) -> Table:
    """The four hands as a compass: North at the top, West left, East right, South below."""
    deal = board.deal or {}
    blank = ""
    trump = board.trump
    centre = [
        Paragraph(f"<b>Board {board.number}</b>", style["centre"]),
        Paragraph(f"Dealer {SEAT_NAMES[board.dealer]}", style["centre"]),
        Paragraph(
            f'Trumps <font color="{"#c00000" if trump in ("H", "D") else "#000000"}">'
            f"{trump_symbol(trump) if trump else ''}</font> {SUIT_NAMES.get(trump, 'turned') if trump else 'turned'}",
            style["centre"],
        ),
    ]
    data = [
        [blank, _hand_cell("N", deal.get("N", []), board.dealer, style), blank],
        [_hand_cell("W", deal.get("W", []), board.dealer, style), centre, _hand_cell("E", deal.get("E", []), board.dealer, style)],
        [blank, _hand_cell("S", deal.get("S", []), board.dealer, style), blank],
    ]  # fmt: skip
    table = Table(data, colWidths=[cell] * 3)
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("BOX", (1, 1), (1, 1), 0.8, colors.black),
                ("VALIGN", (1, 1), (1, 1), "MIDDLE"),
                ("BACKGROUND", (1, 1), (1, 1), colors.HexColor("#eef5ee")),
            ]
        )
    )
    return table


def _traveller_table(board: BoardPage, sheet: PairsSheet, style, width: float, *, against: bool = False) -> Table:
    """A board's lines table by table; ``against``: with N–S's tricks beside the double-dummy tricks, where known
    (for the hand records after the evening, never on a traveller the players see before they play)."""
    score = "MP" if sheet.matchpoints else "±"
    against = against and board.double_dummy is not None
    widths: list[float] = [40, 36, 0, 0, 60, 60, 50, 50, 118] if against else [40, 36, 0, 0, 64, 64, 56, 56]
    widths[2] = widths[3] = (width - sum(widths)) / 2
    data = [["Round", "Table", "N–S pair", "E–W pair", "N–S tricks", "E–W tricks", f"N–S {score}", f"E–W {score}"]]
    if against:
        data[0].append("Double dummy (N–S)")
    for line in board.lines:
        row = [
            str(line.round),
            str(line.table),
            line.ns,
            line.ew,
            "" if line.tricks_ns is None else str(line.tricks_ns),
            "" if line.tricks_ew is None else str(line.tricks_ew),
            _score(line.ns_score),
            _score(line.ew_score),
        ]
        if against:
            assert board.double_dummy is not None  # against is only kept when it is known
            row.append("" if line.tricks_ns is None else took_words(line.tricks_ns, board.double_dummy[0]))
        data.append(row)
    table = Table(data, colWidths=widths, repeatRows=1, rowHeights=[None] + [20] * len(board.lines))
    table.setStyle(
        TableStyle([*grid_style(TEXT), ("ALIGN", (0, 0), (1, -1), "CENTER"), ("ALIGN", (4, 0), (-1, -1), "CENTER")])
    )
    return table


def hand_records_pdf(sheet: PairsSheet, *, with_results: bool = False) -> bytes:
    """A page per board: its four hands, dealer and trump, to make up the boards beforehand; with
    ``with_results`` (after the evening) every table's result on the board below."""
    register_fonts()
    style = styles(10)
    size = page_size(sheet.page_size)
    width = size[0] - 2 * MARGIN
    title = f"{'Hand records and results' if with_results else 'Hand records'}: {sheet.event}"
    story: list = [para(title, style["title"]), para(_where(sheet), style["body"])]
    if not with_results:
        story.append(
            para(
                "Make up each board from its record: put each hand in its pocket (N, E, S, W), check 13 cards a "
                "pocket, and keep the sheet away from the players.",
                style["body"],
            )
        )
    for note in sheet.notes:
        story += [Spacer(1, 5), para(note, style["body"])]
    if not with_results:
        # On the sheet turned, two boards across and two down: a suit keeps to one line in its hand.
        turned = landscape(size)
        return build(story + _boards_two_across(sheet.boards, style, turned[0] - 2 * MARGIN), turned, title, sheet.club)
    for index, board in enumerate(sheet.boards):
        if index:
            story.append(PageBreak())
        block: list = [Spacer(1, 10), _diagram(board, style, width / 3)]
        if board.deal is None:
            block.append(para("Dealt at the table in the first round: no record was made.", style["body"]))
        if board.double_dummy_words:
            block.append(para(board.double_dummy_words, style["body"]))
        if with_results:
            block += [Spacer(1, 8), Paragraph(f"Board {board.number} at every table", style["heading"])]
            block.append(_traveller_table(board, sheet, style, width, against=True))
            if board.top is not None and sheet.matchpoints:
                block.append(para(f"Top on the board: {board.top} matchpoints.", style["body"]))
        story.append(KeepTogether(block))
    return build(story, size, title, sheet.club)


def _boards_two_across(boards: list[BoardPage], style, width: float) -> list:
    """The boards' records two across, row under row: four a page, each whole."""
    gap = 12.0
    column = (width - gap) / 2
    story: list = []
    for start in range(0, len(boards), 2):
        row = []
        for board in boards[start : start + 2]:
            cell: list = [_diagram(board, style, column / 3)]
            if board.deal is None:
                cell.append(para("Dealt at the table in the first round: no record was made.", style["body"]))
            if board.double_dummy_words:
                cell.append(para(board.double_dummy_words, style["body"]))
            row.append(cell)
        row += [[]] * (2 - len(row))
        grid = Table([[row[0], "", row[1]]], colWidths=[column, gap, column])
        grid.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                  ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                                  ("LINEBELOW", (0, 0), (-1, -1), 0.4, colors.HexColor("#bbbbbb"))]))  # fmt: skip
        story += [Spacer(1, 10), grid]
    return story


def travellers_pdf(sheet: PairsSheet) -> bytes:
    """A traveller per board (the paper fallback): a line for each table that plays it, in order, with
    the pairs named; the tricks are written in by each table (printed when already entered)."""
    register_fonts()
    style = styles(10)
    size = page_size(sheet.page_size)
    width = size[0] - 2 * MARGIN
    title = f"Travellers: {sheet.event}"
    cards: list[list] = []
    for board in sheet.boards:
        trump = board.trump
        trump_words = (
            f'<font color="{"#c00000" if trump in ("H", "D") else "#000000"}">{trump_symbol(trump)}</font> '
            f"{SUIT_NAMES[trump]}"
            if trump
            else "turned: write it here ______"
        )
        block = [
            Paragraph(f"<b>Traveller · Board {board.number}</b>", style["title"]),
            Paragraph(
                f"{markup(sheet.event)} · Dealer {SEAT_NAMES[board.dealer]} · Trumps {trump_words}", style["body"]
            ),
            Spacer(1, 4),
            _traveller_table(board, sheet, style, width),
            para("Fold it so the next table cannot see the results; it travels with the board.", style["body"]),
        ]
        cards.append(block)
    return build_cut(cards or [[para("No boards.", style["body"])]], size, title, sheet.club)


def movement_cards_pdf(sheet: PairsSheet) -> bytes:
    """A card per table: who sits there, and after each round where the E–W pairs and the boards go."""
    register_fonts()
    style = styles(13)
    size = page_size(sheet.page_size)
    title = f"Movement cards: {sheet.event}"
    cards: list[list] = []
    for number, lines in sheet.movement_cards:
        block = [
            Paragraph(f"<b>Table {number}</b>", style["title"]),
            para(f"{sheet.event} · {_where(sheet)}", styles(10)["body"]),
            Spacer(1, 6),
        ]
        block += [Paragraph(markup(line), style["body"]) for line in lines]
        cards.append(block)
    return build_cut(cards or [[para("No tables.", style["body"])]], size, title, sheet.club)


# -- results ------------------------------------------------------------------------------------------


def duplicate_results_pdf(sheet: PairsSheet) -> bytes:
    """The pairs in their fields with matchpoints and percentages (or compass scores), the prizes, the
    top per board, then the board-by-board sheet: every board's scores at every table."""
    register_fonts()
    style = styles()
    size = page_size(sheet.page_size)
    width = size[0] - 2 * MARGIN
    title = f"Results: {sheet.event}"
    story: list = [para(title, style["title"]), para(_where(sheet), style["body"])]
    if sheet.status:
        story.append(Paragraph(f"<b>{markup(sheet.status)}</b>", style["body"]))
    if sheet.matchpoints:
        story.append(
            para(
                f"Matchpoints: 2 for each pair of the same direction with fewer tricks on a board, 1 for each with "
                f"as many; top {sheet.top} a board (boards played fewer times scaled by Neuberg's formula). "
                "A pair's percentage is its matchpoints over the top on the boards it played.",
                style["body"],
            )
        )
    else:
        story.append(
            para("Compass whist: on each board a pair scores its tricks minus its direction's average.", style["body"])
        )
    if sheet.prizes:
        story.append(Paragraph("Prizes", style["heading"]))
        # Paragraphs, so that a long prize or a tie of three pairs wraps in its cell, not off the page.
        widths = [140, width - 140 - 70, 70]
        data = [["Prize", "Pair", "Score"]] + [
            [para(prize, style["cell"]), name_para(winners, widths[1], style["cell"]), score]
            for prize, winners, score in sheet.prizes
        ]
        table = Table(data, colWidths=widths, repeatRows=1)
        table.setStyle(TableStyle([*grid_style(TEXT), ("ALIGN", (2, 0), (2, -1), "CENTER")]))
        story.append(table)
    for heading, lines in sheet.fields:
        story.append(Paragraph(heading, style["heading"]))
        if sheet.matchpoints:
            widths = [40, 56, width - 40 - 56 - 70 - 70 - 46, 70, 70, 46]
            data = [["Place", "Pair", "Names", "Matchpoints", "Percentage", "Boards"]]
            for line in lines:
                data.append([line.place, line.label, name_para(line.names, widths[2], style["cell"]),
                             _score(line.score), "" if line.percentage is None else percentage_text(line.percentage),
                             str(line.boards)])  # fmt: skip
        else:
            widths = [40, 56, width - 40 - 56 - 70 - 46, 70, 46]
            data = [["Place", "Pair", "Names", "Score", "Boards"]]
            for line in lines:
                data.append([line.place, line.label, name_para(line.names, widths[2], style["cell"]),
                             f"{line.score:+.2f}", str(line.boards)])  # fmt: skip
        table = Table(data, colWidths=widths, repeatRows=1)
        table.setStyle(TableStyle([*grid_style(TEXT), ("ALIGN", (0, 0), (1, -1), "CENTER"),
                                   ("ALIGN", (3, 0), (-1, -1), "CENTER")]))  # fmt: skip
        story.append(table)
    played = [b for b in sheet.boards if any(line.tricks_ns is not None for line in b.lines)]
    if played:
        story.append(PageBreak())
        story.append(Paragraph("Board by board", style["heading"]))
        for board in played:
            played_lines = [line for line in board.lines if line.tricks_ns is not None]
            trump = f"{trump_symbol(board.trump)} {SUIT_NAMES[board.trump]}" if board.trump else "turned"
            top = f", top {board.top}" if board.top is not None and sheet.matchpoints else ""
            heading = Paragraph(f"<b>Board {board.number}</b> · dealer {SEAT_NAMES[board.dealer]} · {markup(trump)}{top}",
                                style["body"])  # fmt: skip
            shown = BoardPage(board.number, board.dealer, board.trump, None, played_lines, board.top)
            story.append(KeepTogether([heading, _traveller_table(shown, sheet, style, width), Spacer(1, 8)]))
    return build(story, size, title, sheet.club)


__all__ = [
    "BoardPage",
    "PairCard",
    "PairRound",
    "PairsSheet",
    "ResultLine",
    "TravellerLine",
    "duplicate_results_pdf",
    "hand_records_pdf",
    "movement_cards_pdf",
    "pair_cards_pdf",
    "travellers_pdf",
]
