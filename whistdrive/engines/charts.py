"""Running-total charts as SVG strings, drawn here without a charting library.

Two uses: the projector board (the leaders' running totals hand by hand, large type) and a
player's own evening (their line against the field average). The SVG is inline in the page,
so it works at a village hall with no internet, and prints.

Colours are the Okabe-Ito palette (distinct for colour-blind eyes and on a washed-out
projector); every line also has its own dash pattern and marker shape, so the chart still
reads in black and white. Names come from users: everything written into the SVG is escaped.
No Django import.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol
from xml.sax.saxutils import escape, quoteattr

from whistdrive.engines.duplicate import DuplicateResults
from whistdrive.engines.standings import Standing


class PairLine(Protocol):
    """A duplicate pair's result line as the charts read it (the evening's ``pairs.ResultLine``)."""

    @property
    def ids(self) -> tuple[str, str]: ...
    @property
    def label(self) -> str: ...
    @property
    def score(self) -> float: ...
    @property
    def percentage(self) -> float | None: ...


COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442")
DASHES = ("", "12 6", "4 4", "14 5 3 5", "2 6", "20 6", "8 3 2 3 2 3", "6 10")
MARKERS = ("circle", "square", "triangle", "diamond", "circle", "square", "triangle", "diamond")
COMPARISON_COLOUR = "#555555"


def running_totals_svg(
    series: Sequence[tuple[str, Sequence[float]]],
    *,
    width: int = 960,
    height: int = 540,
    title: str = "Running totals",
    hand_numbers: Sequence[int] | None = None,
    comparison: tuple[str, Sequence[float]] | None = None,
    font_size: int | None = None,
    x_label: str = "Hand",
) -> str:
    """An SVG line chart of running totals, one labelled line per entry of ``series``.

    ``hand_numbers`` names the x positions (default 1, 2, 3, ...). ``comparison`` is drawn as a
    grey dashed line without markers (e.g. the field average on a player's own chart).
    ``font_size`` defaults to a size that reads from the back of a hall at the given height.
    """
    if width < 200 or height < 150:
        raise ValueError("a chart needs at least 200 x 150 pixels")
    font = font_size or max(14, height // 24)
    lines = [(str(label), [float(v) for v in values]) for label, values in series]
    extra = [(str(comparison[0]), [float(v) for v in comparison[1]])] if comparison else []
    count = max((len(values) for _, values in lines + extra), default=0)
    numbers = list(hand_numbers) if hand_numbers is not None else list(range(1, count + 1))
    if len(numbers) < count:
        raise ValueError("hand_numbers must name every point of the longest line")
    top_value = max((v for _, values in lines + extra for v in values), default=0.0)
    y_max = _nice_ceiling(top_value)

    # Room on the right for the end-of-line labels, which name the lines without a legend.
    longest_label = max((len(label) for label, _ in lines + extra), default=0)
    left = font * 3.5
    right = min(width * 0.35, font * 0.62 * min(longest_label, 24) + font * 1.5)
    top = font * 2.6
    bottom = font * 3.2
    plot_w = max(width - left - right, 10)
    plot_h = max(height - top - bottom, 10)

    def x_at(index: int) -> float:
        if count <= 1:
            return left + plot_w / 2
        return left + plot_w * index / (count - 1)

    def y_at(value: float) -> float:
        return top + plot_h * (1 - value / y_max)

    summary = _summary(lines)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label={quoteattr(f"{title}. {summary}")} '
        f'font-family="DejaVu Sans, Verdana, sans-serif" font-size="{font}">',
        f"<title>{escape(title)}</title>",
        f"<desc>{escape(summary)}</desc>",
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
        f'<text x="{left:.1f}" y="{font * 1.5:.1f}" font-weight="bold" fill="#000000">{escape(title)}</text>',
    ]

    # Axes, gridlines and ticks.
    out.append('<g class="axes" stroke="#000000" stroke-width="2">')
    out.append(f'<line x1="{left:.1f}" y1="{top + plot_h:.1f}" x2="{left + plot_w:.1f}" y2="{top + plot_h:.1f}"/>')
    out.append(f'<line x1="{left:.1f}" y1="{top:.1f}" x2="{left:.1f}" y2="{top + plot_h:.1f}"/>')
    out.append("</g>")
    out.append(f'<g class="y-ticks" font-size="{font * 0.8:.0f}" fill="#000000" text-anchor="end">')
    for tick in _ticks(y_max):
        y = y_at(tick)
        out.append(
            f'<line x1="{left:.1f}" y1="{y:.1f}" x2="{left + plot_w:.1f}" y2="{y:.1f}" stroke="#cccccc" stroke-width="1"/>'
        )
        out.append(f'<text x="{left - font * 0.4:.1f}" y="{y + font * 0.3:.1f}">{tick:g}</text>')
    out.append("</g>")
    step = max(1, -(-count // 12))  # at most about a dozen hand numbers along the bottom
    out.append(f'<g class="x-ticks" font-size="{font * 0.8:.0f}" fill="#000000" text-anchor="middle">')
    for index in range(0, count, step):
        out.append(f'<text x="{x_at(index):.1f}" y="{top + plot_h + font * 1.2:.1f}">{numbers[index]}</text>')
    out.append("</g>")
    out.append(
        f'<text x="{left + plot_w / 2:.1f}" y="{height - font * 0.5:.1f}" text-anchor="middle" '
        f'font-size="{font * 0.8:.0f}" fill="#000000">{escape(x_label)}</text>'
    )

    labels: list[tuple[float, str, str]] = []
    for label, values in extra:
        out.append(_polyline(values, x_at, y_at, COMPARISON_COLOUR, "3 5", max(2, font // 6), None, font))
        if values:
            labels.append((y_at(values[-1]), label, COMPARISON_COLOUR))
    for index, (label, values) in enumerate(lines):
        colour = COLOURS[index % len(COLOURS)]
        dash = DASHES[index % len(DASHES)]
        marker = MARKERS[index % len(MARKERS)]
        out.append(_polyline(values, x_at, y_at, colour, dash, max(3, font // 5), marker, font))
        if values:
            labels.append((y_at(values[-1]), label, colour))

    # End-of-line labels, nudged apart so close finishers stay readable.
    labels.sort()
    placed: list[float] = []
    out.append(f'<g class="labels" font-size="{font * 0.85:.0f}" font-weight="bold">')
    for y, label, colour in labels:
        y = max(y, placed[-1] + font * 0.95) if placed else y
        placed.append(y)
        out.append(
            f'<text x="{left + plot_w + font * 0.5:.1f}" y="{y + font * 0.3:.1f}" fill="{colour}">{escape(_shorten(label))}</text>'
        )
    out.append("</g>")
    out.append("</svg>")
    return "\n".join(out)


def leaders_series(standings: Sequence[Standing], count: int = 5) -> list[tuple[str, list[int]]]:
    """The first ``count`` standings as chart lines, labelled with name and total."""
    return [(f"{s.name} ({s.total})", list(s.running)) for s in list(standings)[:count]]


def field_average(standings: Sequence[Standing]) -> list[float]:
    """The mean running total of the field after each hand, for a comparison line."""
    numbers = sorted({h.number for s in standings for h in s.hands})
    sums = dict.fromkeys(numbers, 0)
    for s in standings:
        scores = {h.number: h.score for h in s.hands}
        running = 0
        for number in numbers:
            running += scores.get(number, 0)
            sums[number] += running
    people = max(len(standings), 1)
    return [round(sums[number] / people, 1) for number in numbers]


def player_evening_svg(standing: Standing, standings: Sequence[Standing], **options: Any) -> str:
    """One player's running total against the field average."""
    options.setdefault("title", f"{standing.name}: your evening")
    options.setdefault("hand_numbers", [h.number for h in standing.hands])
    numbers = sorted({h.number for s in standings for h in s.hands})
    average = field_average(standings)
    mine = {h.number for h in standing.hands}
    comparison = [avg for number, avg in zip(numbers, average, strict=True) if number in mine]
    return running_totals_svg(
        [(f"{standing.name} ({standing.total})", list(standing.running))],
        comparison=("Field average", comparison),
        **options,
    )


def _polyline(
    values: Sequence[float],
    x_at: Callable[[int], float],
    y_at: Callable[[float], float],
    colour: str,
    dash: str,
    stroke: float,
    marker: str | None,
    font: int,
) -> str:
    points = " ".join(f"{x_at(i):.1f},{y_at(v):.1f}" for i, v in enumerate(values))
    dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
    parts = [
        f'<g class="line"><polyline points="{points}" fill="none" stroke="{colour}" '
        f'stroke-width="{stroke}" stroke-linejoin="round"{dash_attr}/>'
    ]
    if marker:
        size = max(4.0, font * 0.28)
        for i, v in enumerate(values):
            parts.append(_marker(marker, x_at(i), y_at(v), size, colour))
    parts.append("</g>")
    return "".join(parts)


def _marker(shape: str, x: float, y: float, r: float, colour: str) -> str:
    if shape == "circle":
        return f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{colour}"/>'
    if shape == "square":
        return f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" fill="{colour}"/>'
    if shape == "triangle":
        return (
            f'<polygon points="{x:.1f},{y - r:.1f} {x + r:.1f},{y + r:.1f} {x - r:.1f},{y + r:.1f}" fill="{colour}"/>'
        )
    return f'<polygon points="{x:.1f},{y - r:.1f} {x + r:.1f},{y:.1f} {x:.1f},{y + r:.1f} {x - r:.1f},{y:.1f}" fill="{colour}"/>'


def _shorten(label: str, limit: int = 24) -> str:
    # The label column is sized for 24 characters; the full name stays in the aria-label.
    return label if len(label) <= limit else label[: limit - 1] + "…"


def _nice_ceiling(value: float) -> float:
    """A round top for the y axis (10, 20, 50, 100, ...) at or above ``value``."""
    if value <= 0:
        return 10.0
    step = 1.0
    while step * 10 < value:
        step *= 10
    for factor in (1, 2, 5, 10):
        if step * factor >= value:
            return step * factor
    return step * 10


def _ticks(y_max: float) -> list[float]:
    return [y_max * i / 5 for i in range(6)]


def _summary(lines: list[tuple[str, list[float]]]) -> str:
    """Words for a screen reader: who ends where."""
    ends = [f"{label}: {values[-1]:g} after {len(values)} hands" for label, values in lines if values]
    return "; ".join(ends) if ends else "No hands scored yet"


def pair_percentage_series(
    results: DuplicateResults, lines: Iterable[PairLine], count: int = 5
) -> list[tuple[str, list[float]]]:
    """Duplicate: the first ``count`` pairs' running percentage (compass: running score) board by board,
    labelled "N–S 3 (62.50%)". ``lines`` are the pairs' result lines (``pairs.result_lines``), best first;
    ``results`` is the evening's ``DuplicateResults``."""
    series = []
    for line in list(lines)[:count]:
        running = [so_far for _board, _on_board, so_far in results.running(line.ids) if so_far is not None]
        if running:
            shown = f"{line.percentage:.2f}%" if line.percentage is not None else f"{line.score:+.2f}"
            series.append((f"{line.label} ({shown})", running))
    return series


def pair_evening_svg(results: DuplicateResults, line: PairLine, **options: Any) -> str:
    """One duplicate pair's evening: its percentage (compass: its score) on each board, and so far."""
    points = results.running(line.ids)
    options.setdefault("title", f"{line.label}: board by board")
    options.setdefault("hand_numbers", [board for board, _on, _so_far in points])
    options.setdefault("x_label", "Board")
    so_far = [value for _b, _on, value in points if value is not None]
    on_board = [value for _b, value, _so_far in points]
    if results.scoring != "matchpoints" or len(so_far) != len(points):
        # Before any board has a comparison (top 0) nothing is known so far: an empty chart, not a failure.
        return running_totals_svg([("Score so far", [v for _b, _on, v in points if v is not None])], **options)
    return running_totals_svg([("So far", so_far)], comparison=("On the board", on_board), **options)


def grade_svg(points: Sequence[tuple[str, float]], *, width: int = 480, height: int = 200) -> str:
    """A member's grade after each evening that counted (``points``: (date label, grade)), with the average (50)
    as a grey dashed line. The y axis spans the grades shown (and 50), in whole points, so a grade's small moves
    are visible; a chart of one point is a dot."""
    font = 13
    values = [float(grade) for _, grade in points]
    low = math.floor(min([*values, 50.0]) - 1)
    high = math.ceil(max([*values, 50.0]) + 1)
    left, right, top, bottom = font * 3, font, font * 2.2, font * 2.4
    plot_w, plot_h = width - left - right, height - top - bottom

    def x_at(index: int) -> float:
        return left + plot_w / 2 if len(values) <= 1 else left + plot_w * index / (len(values) - 1)

    def y_at(value: float) -> float:
        return top + plot_h * (high - value) / (high - low)

    last = (
        f"{values[-1]:.1f} after {len(values)} evening{'s' if len(values) != 1 else ''}" if values else "no evening yet"
    )
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        f'role="img" aria-label={quoteattr(f"Grade over time: {last}")} '
        f'font-family="DejaVu Sans, Verdana, sans-serif" font-size="{font}">',
        f"<title>Grade over time</title><desc>{escape(last)}</desc>",
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
        f'<text x="{left:.1f}" y="{font * 1.3:.1f}" font-weight="bold">Grade</text>',
    ]
    step = max(1, math.ceil((high - low) / 5))
    for tick in range(low, high + 1, step):
        y = y_at(tick)
        out.append(f'<line x1="{left:.1f}" y1="{y:.1f}" x2="{left + plot_w:.1f}" y2="{y:.1f}" stroke="#dddddd"/>')
        out.append(f'<text x="{left - 4:.1f}" y="{y + 4:.1f}" text-anchor="end" font-size="11">{tick}</text>')
    average = y_at(50)
    out.append(
        f'<line x1="{left:.1f}" y1="{average:.1f}" x2="{left + plot_w:.1f}" y2="{average:.1f}" '
        f'stroke="{COMPARISON_COLOUR}" stroke-dasharray="3 5" stroke-width="2"/>'
    )
    if values:
        out.append(_polyline(values, x_at, y_at, COLOURS[0], "", 3, "circle", font))
        for index in sorted({0, len(points) - 1}):
            anchor = "start" if index == 0 and len(points) > 1 else "end" if index else "middle"
            out.append(
                f'<text x="{x_at(index):.1f}" y="{height - font * 0.8:.1f}" text-anchor="{anchor}" font-size="11">'
                f"{escape(points[index][0])}</text>"
            )
    out.append("</svg>")
    return "\n".join(out)
