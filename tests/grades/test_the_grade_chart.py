"""A member's grade chart: one point per evening that counted, the average drawn, its words escaped."""

import re
import xml.etree.ElementTree as ET

from whistdrive.engines.charts import grade_svg


def test_each_evening_is_a_point_and_the_axis_spans_the_grades_and_50():
    svg = grade_svg([("6 Oct 2026", 50.4), ("13 Oct 2026", 51.9), ("20 Oct 2026", 53.2)])

    ET.fromstring(svg)  # well-formed
    assert svg.count("<circle") == 3
    ticks = [int(t) for t in re.findall(r'text-anchor="end" font-size="11">(\d+)<', svg)]
    assert min(ticks) <= 50 <= max(ticks) and max(ticks) >= 54
    assert "53.2 after 3 evenings" in svg


def test_a_single_evening_is_a_dot_and_labels_are_escaped():
    svg = grade_svg([("<b>1 Dec</b>", 47.0)])

    ET.fromstring(svg)
    assert svg.count("<circle") == 1
    assert "<b>" not in svg and "&lt;b&gt;" in svg
