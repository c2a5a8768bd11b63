"""Game score pads for game nights: one per table, two to a page with a cut mark between."""

from __future__ import annotations

import io

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from .common import (
    BOLD,
    FONT,
    GREY,
    LIGHT,
    canvas_maker,
    date_text,
    draw_cut_marks,
    draw_text,
    fit_lines,
    page_size,
    register_fonts,
    shrink,
)
from .sheets import ScorePad, ScorePadSheet

GAMES = 3  # a rubber is the best of three games
MARGIN = 22.0


def rules_in_words(
    target: int,
    rubber: str,
    honours: bool,
    *,
    honours_can_win: bool = True,
    revoke_penalty: str = "tricks",
    moves: bool = False,
) -> list[str]:
    """The format's game and rubber rules as sentences for the top of the pad (the archive spec's rules)."""
    lines = [
        f"Game is {target} points. Only the side taking more than six tricks scores: one point for each trick over six."
    ]
    if honours:
        lines.append(
            f"Honours (A K Q J of trumps, held as dealt): four score 4, three score 2, "
            f"but not for a side already on {target - 1}. Score tricks before honours: "
            "once a side reaches game the other side scores nothing more on the hand."
            + ("" if honours_can_win else f" Honours cannot take a side past {target - 1}.")
        )
    if revoke_penalty == "points":
        lines.append("A revoke: the other side adds 3 points first; the revoking side cannot reach game on that hand.")
    else:
        lines.append(
            "A revoke: 3 of the revoking side's tricks pass to the other side; it cannot reach game that hand."
        )
    if rubber == "classic":
        lines.append(
            "Rubber: best of three games. A game is worth 3 if the losers have 0 points, "
            f"2 if they have less than half of {target}, else 1; the rubber's winners score their games' "
            "values plus 2, less the value of a game the losers won."
        )
    elif rubber == "simple":
        lines.append("Rubber: best of three games; the winners score 3 if they win 2–0, 2 if 2–1.")
    elif rubber == "none":
        lines.append("No rubbers: count the games each side wins.")
    else:
        raise ValueError(f"unknown rubber rule {rubber!r}")
    if moves:
        lines.append(
            "When the pairs move, start a new pad: games won still count, an unfinished game "
            "scores nothing more and an unfinished rubber scores no rubber points."
        )
    return lines


def _draw_pad(canvas: Canvas, sheet: ScorePadSheet, pad: ScorePad, x: float, y: float, w: float, h: float) -> None:
    top = y + h
    canvas.setFillColor(colors.black)
    draw_text(canvas, x, top - 22, f"Table {pad.table}", BOLD, 22)
    # The club, the event and the date in full on the right: wrapped, never cut (the year was).
    right = w - 120
    cursor = top - 9
    for text in (sheet.club, sheet.event, date_text(sheet.date)):
        lines, size = fit_lines(text, right, 9, 9, 3)
        for line in lines:
            draw_text(canvas, x + w, cursor, line, FONT, size, "right")
            cursor -= size + 2
    cursor = min(cursor, top - 30) - 8
    if pad.heading:
        draw_text(canvas, x, cursor, pad.heading, BOLD, 11)
        cursor -= 15
    players = pad.players or "Players:"
    lines, size = fit_lines(players, w, 10, 9, 4)
    for line in lines:
        draw_text(canvas, x, cursor, line, FONT, size)
        cursor -= size + 3
    if not pad.players:
        canvas.setStrokeColor(GREY)
        canvas.line(x + 46, cursor + size + 1, x + w, cursor + size + 1)
    cursor -= 2
    rules = rules_in_words(
        sheet.target, sheet.rubber, sheet.honours, honours_can_win=sheet.honours_can_win,
        revoke_penalty=sheet.revoke_penalty, moves=sheet.moves,
    )  # fmt: skip
    for sentence in rules:
        # At 9 pt like everything else on the pad: at 8 pt the rules were most of its text.
        lines, size = fit_lines(sentence, w, 9, 9, 12)
        for line in lines:
            draw_text(canvas, x, cursor, line, FONT, size)
            cursor -= 11
    cursor -= 6

    lines_per_game = max(6, sheet.target + 3)
    rows = GAMES * (lines_per_game + 1) + 2 + 1  # heading, hands and game lines, rubber, total
    row_height = min(18.0, (cursor - y) / rows)
    label_w = w * 0.36
    column_w = (w - label_w) / 2
    edges = [x, x + label_w, x + label_w + column_w, x + w]

    def row_top(index: int) -> float:
        return cursor - index * row_height

    kinds = ["head"]
    for game in range(1, GAMES + 1):
        kinds += [f"game {game}"] + ["hand"] * (lines_per_game - 1) + [f"Game {game} total"]
    kinds += ["Rubber points", "Total"]

    canvas.setFillColor(LIGHT)
    for index, kind in enumerate(kinds):
        if kind[0].isupper() or kind == "head":
            canvas.rect(x, row_top(index + 1), w, row_height, stroke=0, fill=1)
    canvas.setStrokeColor(GREY)
    canvas.setLineWidth(0.4)
    bottom = row_top(len(kinds))
    for index in range(len(kinds) + 1):
        canvas.line(x, row_top(index), x + w, row_top(index))
    for edge in edges:
        canvas.line(edge, cursor, edge, bottom)
    canvas.setStrokeColor(colors.black)
    canvas.setLineWidth(1.2)
    canvas.setFillColor(colors.black)
    size = max(9.0, min(10.0, row_height * 0.62))
    for index, kind in enumerate(kinds):
        baseline = row_top(index + 1) + (row_height - size * 0.72) / 2
        if kind == "head":
            draw_text(canvas, (edges[1] + edges[2]) / 2, baseline, "We", BOLD, size + 1, "centre")
            draw_text(canvas, (edges[2] + edges[3]) / 2, baseline, "They", BOLD, size + 1, "centre")
        elif kind.startswith("game "):
            # The first line of each game names it, in grey: the game's total closes it below.
            canvas.setFillColor(GREY)
            draw_text(canvas, x + 3, baseline, kind.capitalize(), FONT, 9)
            canvas.setFillColor(colors.black)
        elif kind != "hand":
            canvas.line(x, row_top(index), x + w, row_top(index))
            label_size = shrink(kind, label_w - 6, size, 9, BOLD)
            draw_text(canvas, edges[1] - 3, baseline, kind, BOLD, label_size, "right")
    # The line between the two sides' columns, heavier so the columns read apart.
    canvas.line(edges[2], cursor, edges[2], bottom)


def score_pads_pdf(pads: ScorePadSheet) -> bytes:
    """One score pad per table, two to a page side by side, as PDF bytes."""
    register_fonts()
    rules_in_words(pads.target, pads.rubber, pads.honours)  # an unknown rubber rule fails before drawing
    width, height = page_size(pads.page_size)
    half = width / 2
    buffer = io.BytesIO()
    canvas = canvas_maker(buffer, pagesize=(width, height), invariant=1)
    canvas.setTitle(f"Score pads: {pads.event}")
    canvas.setAuthor(pads.club)
    for index, pad in enumerate(pads.pads):
        column = index % 2
        if column == 0:
            draw_cut_marks(canvas, width, height, [half], [])
        _draw_pad(canvas, pads, pad, column * half + MARGIN, MARGIN, half - 2 * MARGIN, height - 2 * MARGIN)
        if column == 1 or index == len(pads.pads) - 1:
            canvas.showPage()
    if not pads.pads:
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
