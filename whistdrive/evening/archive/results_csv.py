"""The standings as spreadsheet rows (the results CSV)."""

from __future__ import annotations

from whistdrive.evening import pairs, scores
from whistdrive.store.models import Event

from .export import export_event

# -- a spreadsheet of the results ------------------------------------------------------------------------

CSV_HEADER = ["rank", "name", "role", "total", "first half", "second half", "hands played", "sat out"]
GAMES_CSV_HEADER = ["table", "side", "players", "games won", "rubber points", "points"]
DUPLICATE_CSV_HEADER = ["field", "rank", "pair", "names", "score", "percentage", "boards played"]


def results_rows(event: Event) -> list[list]:
    """The results as rows for a spreadsheet, header first."""
    if event.format.is_games:
        document = export_event(event)
        names = {p["id"]: p["name"] for p in document["players"]}
        latest: dict[int, dict] = {}
        for hand in document["hands"]:
            for t in hand["tables"]:
                latest[t["table"]] = t["seats"]
        rows: list[list[object]] = [list(GAMES_CSV_HEADER)]
        fmt = event.format
        for table in document["results"]["tables"]:
            number = table["table"]
            for side, seats in (("NS", ("N", "S")), ("EW", ("E", "W"))):
                who = " & ".join(names[latest[number][s]] for s in seats)
                games = sum(1 for g in table["games"] if g["won_by"] == side)
                rubbers = sum(r["points"] for r in table["rubbers"] if r["won_by"] == side)
                points = sum(h["points"][side] for h in table["hands"])
                rows.append([number, side, who, games, rubbers if fmt.rubber != "none" else "", points])
        return rows
    if event.format.is_duplicate:
        results = scores.standings_now(event).duplicate
        rows = [list(DUPLICATE_CSV_HEADER)]
        for line in pairs.result_lines(event, results) if results is not None else []:
            rows.append([line.field or "", line.rank, line.label, line.name, line.score,
                         "" if line.percentage is None else line.percentage, line.boards_played])  # fmt: skip
        return rows
    rows = [list(CSV_HEADER)]
    for s in sorted(scores.standings_now(event).standings, key=lambda s: (s.rank, s.name)):
        rows.append(
            [s.rank, s.name, s.role or "", s.total, s.first_half, s.second_half, s.hands_played, s.hands_sat_out]
        )
    return rows
