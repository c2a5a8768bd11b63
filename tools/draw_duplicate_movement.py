"""Draw the picture of a duplicate Mitchell in docs/duplicate.md from the engine's own plan.

Run from the project folder (a second or less; no other dependency):
    python tools/draw_duplicate_movement.py > docs/images/duplicate-mitchell.svg

Five tables (ten pairs), three boards a round: round 1 with an arrow for each E–W pair going up one
table and each board set going down one, then round 2 as the engine seats it, so the picture cannot
drift from the movement it explains.
"""

from __future__ import annotations

import os
import sys
from html import escape

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from whistdrive.engines.duplicate import plan_duplicate  # noqa: E402
from whistdrive.engines.formats import Format  # noqa: E402

TABLES = 5
WIDTH = 640
BOX = 100
GAP = (WIDTH - 40 - TABLES * BOX) / (TABLES - 1)
INK = "#1f2937"
PAIRS = "#1d4ed8"  # E–W pairs and their arrows
BOARDS = "#b45309"  # board sets and their arrows


def x_of(table: int) -> float:
    return 20 + (table - 1) * (BOX + GAP)


def table_box(table: int, top: float, ns: str, ew: str, boards: str) -> str:
    x = x_of(table)
    return (
        f'<rect x="{x:.0f}" y="{top:.0f}" width="{BOX}" height="{BOX}" rx="8" fill="#f9fafb" stroke="{INK}"/>'
        f'<text x="{x + BOX / 2:.0f}" y="{top - 6:.0f}" class="t">Table {table}</text>'
        f'<text x="{x + BOX / 2:.0f}" y="{top + 20:.0f}" class="ns">N–S {escape(ns)}</text>'
        f'<text x="{x + BOX / 2:.0f}" y="{top + 46:.0f}" class="ew">E–W {escape(ew)}</text>'
        f'<text x="{x + BOX / 2:.0f}" y="{top + 72:.0f}" class="b">{escape(boards)}</text>'
    )


def arrow(x1: float, x2: float, y: float, bend: float, colour: str, marker: str) -> str:
    mid = (x1 + x2) / 2
    return (
        f'<path d="M{x1:.0f},{y:.0f} Q{mid:.0f},{y + bend:.0f} {x2:.0f},{y:.0f}" fill="none" '
        f'stroke="{colour}" stroke-width="2" marker-end="url(#{marker})"/>'
    )


def line(x1: float, x2: float, y: float, colour: str, marker: str) -> str:
    return (
        f'<line x1="{x1:.0f}" y1="{y:.0f}" x2="{x2:.0f}" y2="{y:.0f}" stroke="{colour}" stroke-width="2" '
        f'marker-end="url(#{marker})"/>'
    )


def main() -> None:
    plan = plan_duplicate(Format.duplicate(boards=15, boards_per_round=3), 2 * TABLES)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} 410" width="{WIDTH}" height="410" '
        'role="img" aria-labelledby="title">',
        '<title id="title">A duplicate Mitchell of five tables: N–S pairs stay, E–W pairs go up one table '
        "and the boards go down one table after each round</title>",
        "<style>text{font:13px sans-serif;text-anchor:middle;fill:" + INK + "}.t{font-weight:bold}"
        ".ew{fill:" + PAIRS + "}.b{fill:" + BOARDS + "}.h{text-anchor:start;font-weight:bold}"
        ".k{text-anchor:start}</style>",
        "<defs>"
        f'<marker id="up" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto">'
        f'<path d="M0,0L10,5L0,10z" fill="{PAIRS}"/></marker>'
        f'<marker id="down" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto">'
        f'<path d="M0,0L10,5L0,10z" fill="{BOARDS}"/></marker>'
        "</defs>",
    ]
    for index, top in ((0, 72), (1, 300)):
        played = plan.rounds[index]
        parts.append(f'<text x="20" y="{top - 40}" class="h">Round {played.number}</text>')
        for t in played.tables:
            first, last = plan.boards_of(t.board_set)[0], plan.boards_of(t.board_set)[-1]
            parts.append(table_box(t.table, top, t.ns[2:], t.ew[2:], f"boards {first}–{last}"))
    top = 72
    # E–W up one table: beside the E–W line, left to right, and over the top from the last table to table 1.
    for table in range(1, TABLES):
        parts.append(line(x_of(table) + BOX + 3, x_of(table + 1) - 3, top + 42, PAIRS, "up"))
    parts.append(arrow(x_of(TABLES) + BOX / 2, x_of(1) + BOX / 2 + 30, top - 22, -26, PAIRS, "up"))
    # Boards down one table: beside the boards line, right to left, and underneath from table 1 to the last.
    for table in range(2, TABLES + 1):
        parts.append(line(x_of(table) - 3, x_of(table - 1) + BOX + 3, top + 68, BOARDS, "down"))
    parts.append(arrow(x_of(1) + BOX / 2, x_of(TABLES) + BOX / 2 - 30, top + BOX + 10, 30, BOARDS, "down"))
    parts.append(
        f'<text x="20" y="232" class="k"><tspan fill="{PAIRS}">E–W pairs: up one table →</tspan>'
        f'<tspan dx="14" fill="{BOARDS}">boards: down one table ←</tspan>'
        '<tspan dx="14">N–S pairs stay</tspan></text>'
    )
    parts.append("</svg>")
    sys.stdout.write("\n".join(parts) + "\n")


if __name__ == "__main__":
    main()
