"""Running-total charts are well-formed, accessible SVG with names escaped."""

import xml.etree.ElementTree as ET
from dataclasses import dataclass

from tests.duplicate.evenings import duplicate
from whistdrive.engines.charts import (
    field_average,
    leaders_series,
    pair_evening_svg,
    player_evening_svg,
    running_totals_svg,
)
from whistdrive.engines.duplicate import BoardPlay, score_duplicate
from whistdrive.engines.standings import drive_standings

from .evenings import drive, sitout_evening

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg):
    return ET.fromstring(svg)


def texts(root):
    return ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]


def test_the_chart_parses_as_xml_and_names_come_through_escaped():
    svg = running_totals_svg(
        [("Pat O'Brien", [7, 13, 20]), ("<script>x</script>", [6, 14, 19]), ("Cat & Dog", [5, 9, 15])],
        width=960,
        height=540,
        title="Leaders <after> hand 3",
    )
    assert "<script>" not in svg
    root = parse(svg)
    labels = texts(root)
    assert "Pat O'Brien" in labels and "<script>x</script>" in labels and "Cat & Dog" in labels
    assert root.find(f"{SVG}title").text == "Leaders <after> hand 3"


def test_the_chart_is_an_image_with_a_title_and_a_spoken_summary():
    root = parse(running_totals_svg([("Ann", [7, 15]), ("Bob", [6, 11])], width=800, height=450, title="Board"))
    assert root.get("role") == "img"
    assert root.get("aria-label") == "Board. Ann: 15 after 2 hands; Bob: 11 after 2 hands"


def test_each_series_is_one_line_with_a_point_per_hand_and_hand_numbers_along_the_bottom():
    root = parse(running_totals_svg([("Ann", [7, 15, 21]), ("Bob", [6, 11, 20])], width=800, height=450, title="t"))
    lines = list(root.iter(f"{SVG}polyline"))
    assert len(lines) == 2
    assert [len(line.get("points").split()) for line in lines] == [3, 3]
    assert {"1", "2", "3", "Hand"} <= set(texts(root))


def test_lines_differ_by_dash_as_well_as_colour_for_black_and_white_print():
    root = parse(running_totals_svg([("A", [1, 2]), ("B", [1, 3]), ("C", [2, 3])], width=800, height=450, title="t"))
    styles = {(line.get("stroke"), line.get("stroke-dasharray")) for line in root.iter(f"{SVG}polyline")}
    assert len({s[0] for s in styles}) == 3 and len({s[1] for s in styles}) == 3


def test_projector_type_grows_with_the_chart():
    small = parse(running_totals_svg([("A", [1])], width=400, height=240, title="t"))
    board = parse(running_totals_svg([("A", [1])], width=1920, height=1080, title="t"))
    assert int(board.get("font-size")) > int(small.get("font-size")) >= 14


def test_a_players_evening_has_their_line_and_the_field_average():
    people, hands = sitout_evening()
    standings = drive_standings(drive(), people, hands)
    mine = next(s for s in standings if s.id == "p9")
    root = parse(player_evening_svg(mine, standings, width=800, height=450))
    assert "Field average" in texts(root)
    assert len(list(root.iter(f"{SVG}polyline"))) == 2
    # Field average after hand 1: (7+6+7+6 + 6+7+6+7 + 8) / 9 = 60 / 9 = 6.7
    assert field_average(standings)[0] == 6.7


def test_the_leaders_series_carries_names_and_totals():
    people, hands = sitout_evening()
    series = leaders_series(drive_standings(drive(), people, hands), count=2)
    assert series == [("P5 (25)", [6, 16, 25]), ("P7 (25)", [6, 16, 25])]


def test_an_empty_evening_still_draws_a_valid_chart():
    root = parse(running_totals_svg([], width=800, height=450, title="Nothing yet"))
    assert root.get("aria-label") == "Nothing yet. No hands scored yet"


def test_a_long_name_is_shortened_on_the_chart_but_kept_whole_for_screen_readers():
    name = "Wilhelmina Featherstonehaugh-Cholmondeley"
    root = parse(running_totals_svg([(name, [7])], width=800, height=450, title="t"))
    assert "Wilhelmina Featherstone\u2026" in texts(root)
    assert name in root.get("aria-label")


def test_a_duplicate_pairs_evening_draws_before_any_board_has_been_played_twice():
    """Early in a duplicate evening each board has been played at one table only: nothing to compare it with,
    so no percentage yet (top 0). The pair's own page still draws its chart, empty, rather than failing."""
    results = score_duplicate(
        duplicate(boards=2, boards_per_round=1), [BoardPlay(1, 1, ("n1a", "n1b"), ("e1a", "e1b"), 8, 5)]
    )
    played = next(p for p in results.pairs if p.ids == ("n1a", "n1b"))
    assert played.percentage is None  # nothing to compare the board with yet
    svg = pair_evening_svg(results, PairLine(played.ids, "N–S 1", played.score, None), title="Your evening")
    assert ET.fromstring(svg).tag == f"{SVG}svg"


@dataclass
class PairLine:
    """A pair's result line as the pair's page gives it to the chart (the evening's pairs.ResultLine)."""

    ids: tuple[str, str]
    label: str
    score: float
    percentage: float | None
