"""The treasurer's sheet: an evening's takings, costs and net proceeds, then every line as written (plain rows,
no Django). A correction is printed under the line it corrects, so the sheet shows what was put right."""

from __future__ import annotations

import datetime
from dataclasses import dataclass, field

from reportlab.platypus import Paragraph, Spacer, Table, TableStyle

from .common import BOLD, date_text, page_size, register_fonts
from .sheet_docs import MARGIN, build, grid_style, name_para, para, styles


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


def treasurers_sheet_pdf(sheet: TreasurersSheet) -> bytes:
    register_fonts()
    style = styles()
    size = page_size(sheet.page_size)
    width = size[0] - 2 * MARGIN
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
    widths = [40, 90, 60, 60, 110, width - 40 - 90 - 60 - 60 - 110 - 60, 60]
    data: list[list] = [["Time", "Kind", "Amount", "Taken by", "Whose", "Note", "By"]]
    for line in sheet.lines:
        kind = f"  correction of {line.kind.lower()}" if line.correction else line.kind
        data.append(
            [
                line.when,
                name_para(kind, widths[1], style["cell"]),
                money_text(money, line.amount),
                line.method,
                name_para(line.who, widths[4], style["cell"]),
                name_para(line.note, widths[5], style["cell"]),
                name_para(line.by, widths[6], style["cell"]),
            ]
        )
    if len(data) == 1:
        data.append(["", "No lines yet", "", "", "", "", ""])
    lines = Table(data, colWidths=widths, repeatRows=1)
    lines.setStyle(TableStyle(grid_style(8.5) + [("ALIGN", (2, 0), (2, -1), "RIGHT")]))
    story.append(lines)
    return build(story, size, title, sheet.club)
