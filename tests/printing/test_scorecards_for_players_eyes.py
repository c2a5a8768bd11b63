"""What a player reads on a scorecard: 9 pt or more, headings apart, names whole, a QR code that scans."""

import dataclasses
import io

import pdfplumber

from tests.printing import factories
from tests.printing.helpers import pages_lines_text, pages_text, qr_codes_on_page
from whistdrive import printing
from whistdrive.printing.common import QR_QUIET_MODULES, Qr


def chars(pdf: bytes, page: int = 0) -> list[dict]:
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        return document.pages[page].chars


def test_nothing_on_a_card_is_smaller_than_nine_points():
    for sheet in (
        factories.scorecard_sheet(8, 16, awkward=False),
        factories.scorecard_sheet(4, 24, planned=True, awkward=False),
    ):
        sizes = {round(c["size"], 1) for c in chars(printing.scorecards_pdf(sheet))}
        assert min(sizes) >= 9, sorted(sizes)


def test_the_column_headings_are_separate_words_with_a_rule_between_and_opponents_is_spelled_out():
    pdf = printing.scorecards_pdf(factories.scorecard_sheet(4, 16, awkward=False))
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        page = document.pages[0]
        words = page.extract_words(x_tolerance=1)
        card = [w for w in words if w["x1"] < page.width / 2 and w["bottom"] < page.height / 2]
        top = next(w for w in card if w["text"] == "Hand")["top"]
        # "Opponents' initials" takes two lines, centred on the same band as the others.
        headings = sorted(
            (w for w in card if abs(w["top"] - top) < 7 and w["text"] != "initials"), key=lambda w: w["x0"]
        )
        assert [w["text"] for w in headings] == ["Hand", "Trump", "Table", "Partner", "Tricks", "Total", "Opponents'"]
        assert any(w["text"] == "initials" for w in card)
        rules = [ln["x0"] for ln in page.lines if ln["x0"] == ln["x1"] and ln["top"] <= top + 2 and ln["bottom"] >= top]
        for left, right in zip(headings, headings[1:], strict=False):
            assert right["x0"] - left["x1"] >= 2.9  # and a rule between them
            assert any(left["x1"] < x < right["x0"] for x in rules), (left["text"], right["text"])


def test_the_event_name_and_venue_wrap_rather_than_being_cut():
    sheet = dataclasses.replace(
        factories.scorecard_sheet(4, 16, awkward=False),
        event="The Nether Wallop and District Christmas Charity Whist Drive in aid of the church roof",
        venue="St Andrew's Village Hall, Upper Clatford Road",
    )
    text = " ".join(pages_text(printing.scorecards_pdf(sheet))[0].split())
    assert "…" not in text
    assert sheet.event in text and "St Andrew's Village Hall, Upper Clatford Road" in text


def test_the_qr_code_is_at_least_80_points_with_a_clear_four_module_quiet_zone():
    sheet = factories.scorecard_sheet(4, 16, awkward=False)
    pdf = printing.scorecards_pdf(sheet)
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        page = document.pages[0]
        # The QR code's modules are the small filled rectangles of the top left card.
        modules = [r for r in page.rects if r["fill"] and r["x0"] < page.width / 2 and r["top"] < page.height / 2
                   and r["height"] < 3]  # fmt: skip
        left, right = min(r["x0"] for r in modules), max(r["x1"] for r in modules)
        top, bottom = min(r["top"] for r in modules), max(r["bottom"] for r in modules)
        assert right - left >= 80 - 0.01 and bottom - top >= 80 - 0.01
        quiet = QR_QUIET_MODULES * 80 / Qr(sheet.cards[0].personal_url).modules
        zone = (left - quiet, top - quiet, right + quiet, bottom + quiet)
        near = [
            c
            for c in page.chars
            if c["x1"] > zone[0] and c["x0"] < zone[2] and c["bottom"] > zone[1] and c["top"] < zone[3]
        ]
        assert near == []  # no text in the quiet zone
        lines = [ln for ln in page.lines + page.rects if ln not in modules and ln["x1"] > zone[0] and ln["x0"] < zone[2]
                 and ln["bottom"] > zone[1] and ln["top"] < zone[3]]  # fmt: skip
        assert lines == []  # nor any rule
    assert qr_codes_on_page(pdf, 1) == {card.personal_url for card in sheet.cards}


def test_a_late_arrivals_card_says_so_and_strikes_through_the_hands_missed():
    sheet = factories.scorecard_sheet(4, 16, awkward=False)
    late = dataclasses.replace(
        sheet.cards[0], joined_hand=4,
        rows=[dataclasses.replace(r, missed=r.hand < 4) for r in sheet.cards[0].rows],
    )  # fmt: skip
    pdf = printing.scorecards_pdf(dataclasses.replace(sheet, cards=[late], cards_per_page=4))
    text = pages_lines_text(pdf)[0]
    assert "Late arrival: joins at hand 4" in text
    assert [line.split()[0] for line in text.splitlines() if "not played" in line] == ["1", "2", "3"]
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        page = document.pages[0]
        words = page.extract_words()
        hand_heading = next(w for w in words if w["text"] == "Hand")
        strikes = [
            ln for ln in page.lines if ln["linewidth"] > 0.8 and ln["x1"] - ln["x0"] > 200 and ln["top"] == ln["bottom"]
        ]
        for hand in ("1", "2", "3", "4"):
            number = next(
                w
                for w in words
                if w["text"] == hand
                and w["top"] > hand_heading["bottom"]
                and w["x0"] >= hand_heading["x0"] - 3
                and w["x1"] <= hand_heading["x1"] + 3
            )
            middle = (number["top"] + number["bottom"]) / 2
            struck = any(abs(s["top"] - middle) < 3 for s in strikes)
            assert struck == (hand != "4"), hand


def test_blank_cards_for_the_door_have_a_number_a_line_for_the_name_and_no_qr_code():
    rows = [printing.ScorecardRow(hand=h, trump="HDSC"[(h - 1) % 4]) for h in range(1, 17)]
    cards = [printing.Scorecard(name="", card_number=n, role=None, personal_url=None, rows=rows) for n in range(41, 45)]
    sheet = dataclasses.replace(factories.scorecard_sheet(1, 16), cards=cards)
    pdf = printing.scorecards_pdf(sheet)
    text = pages_lines_text(pdf)[0]
    for number in range(41, 45):
        assert f"Card {number}" in text
    assert text.count("Name") == 4
    assert qr_codes_on_page(pdf, 1) == set()
