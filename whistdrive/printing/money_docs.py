"""The treasurer's sheet: an evening's takings, costs and net proceeds, then every line as written (plain rows,
no Django). A correction is printed under the line it corrects, so the sheet shows what was put right."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

from .common import BOLD, date_text, markup, page_size, register_fonts, width
from .sheet_docs import MARGIN, TEXT, build, grid_style, name_para, para, styles


@dataclass(frozen=True)
class MoneyLine:
    when: str  # "19:42"
    kind: str  # "Raffle tickets"
    amount: str  # "12.00", "-3.00" for a correction that takes money off (printed "−£3.00")
    method: str  # "Cash", "" for a cost
    who: str  # the entrant whose fee it is, or ""
    note: str
    by: str  # who wrote it
    correction: bool = False


@dataclass(frozen=True)
class TreasurersSheet:
    club: str
    event: str
    date: datetime.date
    venue: str
    currency: str
    takings: list[tuple[str, str]]  # (kind, amount) for each kind with money
    costs: list[tuple[str, str]]
    by_method: list[tuple[str, str]]
    total_takings: str
    total_costs: str
    net: str
    unpaid: list[str] = field(default_factory=list)  # "12 Ann Smith"
    lines: list[MoneyLine] = field(default_factory=list)
    page_size: str = "A4"


def money_text(currency: str, amount: str) -> str:
    """An amount as the treasurer writes it: "£3.00", and "−£3.00" (a minus sign before the symbol)."""
    return f"−{currency}{amount[1:]}" if amount.startswith("-") else f"{currency}{amount}"


# The columns of "Every line" at the sheet's 9.5 pt: a line's note goes on its own row beneath it, the
# sheet's whole width, so that no column is too narrow for a name's longest word (19 letters, about
# 105 pt) and no text is printed small. "Whose" takes what the others leave.
TIME, KIND, AMOUNT, TAKEN_BY, BY = 36, 92, 66, 66, 112


def _login_para(login: str, column: float, style) -> Paragraph:
    """Who wrote a line: their login, which has no spaces and may be long (an email address). Not a
    person's name, so where it is wider than the column it breaks between any two characters rather
    than print small."""
    lines, current = [], ""
    for char in login:
        if current and width(current + char, style.fontSize, style.fontName) > column - 6:
            lines.append(current)
            current = ""
        current += char
    return Paragraph("<br/>".join(markup(line) for line in [*lines, current]), style)


def _every_line(sheet: TreasurersSheet, across: float, style) -> Table:
    whose = across - (TIME + KIND + AMOUNT + TAKEN_BY + BY)
    widths = [TIME, KIND, AMOUNT, TAKEN_BY, whose, BY]
    data: list[list] = [["Time", "Kind", "Amount", "Taken by", "Whose", "By"]]
    commands = grid_style(TEXT) + [("ALIGN", (2, 0), (2, -1), "RIGHT")]
    for line in sheet.lines:
        kind = f"correction of {line.kind.lower()}" if line.correction else line.kind
        data.append(
            [
                line.when,
                name_para(kind, widths[1], style["cell"]),
                money_text(sheet.currency, line.amount),
                name_para(line.method, widths[3], style["cell"]),
                name_para(line.who, widths[4], style["cell"]),
                _login_para(line.by, widths[5], style["cell"]),
            ]
        )
        if line.note:
            # The note under its line, from the Kind column to the edge; the line's time spans both rows.
            row = len(data)
            data.append(["", para(f"Note: {line.note}", style["cell"]), "", "", "", ""])
            commands += [("SPAN", (1, row), (-1, row)), ("SPAN", (0, row - 1), (0, row))]
    if len(data) == 1:
        data.append(["", "No lines yet", "", "", "", ""])
    table = Table(data, colWidths=widths, repeatRows=1)
    table.setStyle(TableStyle(commands))
    return table


def treasurers_sheet_pdf(sheet: TreasurersSheet) -> bytes:
    register_fonts()
    style = styles()
    size = page_size(sheet.page_size)
    across = size[0] - 2 * MARGIN
    title = f"Treasurer's sheet: {sheet.event}"
    where = " · ".join(part for part in (sheet.club, date_text(sheet.date), sheet.venue) if part)
    money = sheet.currency
    story: list = [para(title, style["title"]), para(where, style["body"]), Spacer(1, 6)]

    summary = [["Takings", ""]]
    summary += [[kind, money_text(money, amount)] for kind, amount in sheet.takings] or [["None", ""]]
    summary += [["Total takings", money_text(money, sheet.total_takings)], ["Costs", ""]]
    summary += [[kind, money_text(money, amount)] for kind, amount in sheet.costs] or [["None", ""]]
    summary += [["Total costs", money_text(money, sheet.total_costs)], ["Net proceeds", money_text(money, sheet.net)]]
    bold_rows = [0, len(sheet.takings or [0]) + 1, len(sheet.takings or [0]) + 2, len(summary) - 2, len(summary) - 1]
    table = Table(summary, colWidths=[200, 90], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            grid_style(10)[1:]
            + [("ALIGN", (1, 0), (1, -1), "RIGHT")]
            + [("FONT", (0, row), (-1, row), BOLD, 10) for row in bold_rows]
        )
    )
    story.append(table)

    if sheet.by_method:
        story.append(Paragraph("Takings by how they came in", style["heading"]))
        methods = Table([[method, money_text(money, amount)] for method, amount in sheet.by_method], colWidths=[200, 90],
                        hAlign="LEFT")  # fmt: skip
        methods.setStyle(TableStyle(grid_style(10)[2:] + [("ALIGN", (1, 0), (1, -1), "RIGHT")]))
        story.append(methods)

    if sheet.unpaid:
        story.append(Paragraph("Not marked paid", style["heading"]))
        story.append(para(", ".join(sheet.unpaid), style["body"]))

    story.append(Paragraph("Every line", style["heading"]))
    story.append(_every_line(sheet, across, style))
    return build(story, size, title, sheet.club)
