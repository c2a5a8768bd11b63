"""The progression sheet, the wall sheet and the find-your-table list: readable, in rounds, nothing cut."""

import dataclasses
import io
import re

import pdfplumber

from tests.printing import factories
from tests.printing.helpers import page_count, pages_lines_text, pages_text
from whistdrive import printing
from whistdrive.printing.sheet_docs import bands
from whistdrive.printing.sheets import HandSeating, ProgressionPlayer, SeatedTable


def sizes(pdf: bytes) -> set[float]:
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        return {round(c["size"], 1) for page in document.pages for c in page.chars}


def test_a_long_name_keeps_its_card_number_whole():
    sheet = factories.progression_sheet(40, planned=False)
    players = list(sheet.players)
    players[24] = ProgressionPlayer(key="25", name="Łukasz Brzęczyszczykiewicz")
    text = " ".join(pages_text(printing.progression_sheet_pdf(dataclasses.replace(sheet, players=players))))
    assert "25 Łukasz Brzęczyszczykiewicz" in " ".join(text.split())
    assert "2. Brzęczyszczykiewicz" not in text


def test_the_hands_of_a_round_are_one_row_not_four():
    sheet = factories.progression_sheet(16, hands=8)
    # A Mitchell of 4-hand rounds: hands 1–4 the same seating, 5–8 another.
    seatings = [dataclasses.replace(sheet.hands[0 if h <= 4 else 4], hand=h) for h in range(1, 9)]
    pdf = printing.progression_sheet_pdf(dataclasses.replace(sheet, hands=seatings))
    lines = pages_lines_text(pdf)[0].splitlines()
    assert "1–4" in lines and "5–8" in lines  # the round's label, between its two lines of seats
    assert not any(line in ("2", "3", "6") for line in lines)
    assert any(line.startswith("No. Name 1–4 5–8") for line in lines)


def test_a_stationary_night_is_one_round():
    sheet = factories.progression_sheet(16, hands=12)
    seatings = [dataclasses.replace(sheet.hands[0], hand=h) for h in range(1, 13)]
    text = pages_lines_text(printing.wall_sheet_pdf(dataclasses.replace(sheet, hands=seatings)))[0]
    assert "Hands 1–12" in text and "Hand 2" not in text


def test_bands_split_evenly_never_22_and_2():
    assert [len(b) for b in bands(24, 22)] == [12, 12]
    assert [len(b) for b in bands(24, 24)] == [24]
    assert [len(b) for b in bands(10, 8)] == [5, 5]


def test_the_progression_sheet_is_at_least_nine_points_and_the_wall_sheets_at_least_twelve():
    sheet = factories.progression_sheet(40)
    assert min(sizes(printing.progression_sheet_pdf(sheet))) >= 9
    body = sizes(printing.wall_sheet_pdf(sheet)) - {9.0}  # the page numbers at the foot
    assert min(body) >= 12
    assert min(sizes(printing.find_your_table_pdf(sheet)) - {9.0}) >= 12


def four_hand_rounds(tables: int):
    """A planned evening of ``tables`` tables: 24 hands in six rounds of four."""
    sheet = factories.progression_sheet(4 * tables, hands=24)
    return dataclasses.replace(sheet, hands=[dataclasses.replace(sheet.hands[(h - 1) // 4 * 4], hand=h)
                                             for h in range(1, 25)])  # fmt: skip


def name_sizes(pdf: bytes, names: list[str]) -> set[float]:
    """The sizes the players' names are printed at (their first letters, found by position in a word)."""
    found = set()
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        for page in document.pages:
            for word in page.extract_words(extra_attrs=["size"]):
                if any(name.split()[0] == word["text"] for name in names):
                    found.add(round(word["size"], 1))
    return found


def test_the_wall_sheet_is_large_print_with_a_players_whole_evening_on_one_line():
    sheet = four_hand_rounds(20)
    pdf = printing.wall_sheet_pdf(sheet)
    everyday = [p.name for p in sheet.players if p.name.split()[0] in factories.FIRST]
    assert min(name_sizes(pdf, everyday)) >= 16
    # Ann's line: her name, her card, then her table and seat in each of the six rounds.
    ann = next(p for p in sheet.players if p.name == everyday[0])
    line = next(line for line in pages_lines_text(pdf)[0].splitlines() + pages_lines_text(pdf)[1].splitlines()
                if line.startswith(f"{ann.name} {ann.key} "))  # fmt: skip
    assert len(line.split()) == len(ann.name.split()) + 1 + 6
    heads = pages_lines_text(pdf)[0]
    assert "Hands" in heads and "1–4 5–8 9–12 13–16 17–20 21–24" in heads  # a round a column, "Hands" above


def test_twenty_thirty_and_fifty_tables_take_the_pages_the_docs_say_and_none_is_blank():
    # docs/printing.md, "Wall sheet and find your table": planned wall sheet, starting seats, find your table.
    for tables, pages in ((20, (4, 2, 3)), (30, (5, 3, 4)), (50, (8, 4, 7))):
        planned = four_hand_rounds(tables)
        driven = factories.progression_sheet(4 * tables, planned=False)
        pdfs = (printing.wall_sheet_pdf(planned), printing.wall_sheet_pdf(driven), printing.find_your_table_pdf(driven))
        assert tuple(page_count(pdf) for pdf in pdfs) == pages, tables
        for pdf in pdfs:
            assert all(len(text.split()) > 20 for text in pages_text(pdf))


def test_four_hundred_players_in_four_hand_rounds_take_half_the_pages_they_did():
    players = [ProgressionPlayer(key=str(n), name=f"Player {n}") for n in range(1, 401)]
    hands = [
        HandSeating(hand=h, tables=[SeatedTable(t, {s: str((4 * (t - 1) + i + (h - 1) // 4) % 400 + 1)
                                                    for i, s in enumerate("NESW")}) for t in range(1, 101)])
        for h in range(1, 25)
    ]  # fmt: skip
    sheet = dataclasses.replace(factories.progression_sheet(8), players=players, hands=hands)
    assert page_count(printing.progression_sheet_pdf(sheet)) < 34 // 2


def test_find_your_table_is_alphabetical_and_read_down_each_column_of_a_page():
    sheet = factories.progression_sheet(120, planned=False)
    pdf = printing.find_your_table_pdf(sheet)
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        page = document.pages[0]
        half = page.width / 2
        names_by_column = []
        for left in (True, False):
            all_words = page.extract_words(keep_blank_chars=True, x_tolerance=2)
            first_row = min(w["top"] for w in all_words if w["text"].startswith("Table"))
            words = [
                w
                for w in all_words
                if (w["x0"] < half) == left
                and w["top"] >= first_row - 8
                and w["text"][0].isalpha()
                and not w["text"].startswith(("Table", "Sits", "North", "South", "East", "West", "Page"))
            ]
            names_by_column.append([w["text"] for w in sorted(words, key=lambda w: w["top"])])
    from whistdrive.printing.wall import sort_key

    everyone = sorted((p.name for p in sheet.players), key=sort_key)
    left, right = names_by_column
    assert left == everyone[: len(left)]
    assert right == everyone[len(left) : len(left) + len(right)]
    assert "Table" in pages_text(pdf)[0]


def test_every_name_on_the_wall_sheets_is_at_sixteen_points_whatever_its_length_or_script():
    # A 19-letter word is 188 pt at 16 pt: wider than a quarter of the page's starting seats and than
    # find-your-table's name column beside "Table 30 North". The names took 14.4 and 14.8 pt there.
    names = factories.hostile_names(120, seed=30)
    parts = {part for name in names for part in re.split(r"(?<=-)|\s+", name) if len(part) > 3}
    for planned in (True, False):
        sheet = factories.progression_sheet(120, hands=8, planned=planned)
        sheet = dataclasses.replace(sheet, players=[dataclasses.replace(p, name=n) for p, n in zip(sheet.players, names,
                                                                                                      strict=True)])  # fmt: skip
        pdfs = [printing.wall_sheet_pdf(sheet)] + ([] if planned else [printing.find_your_table_pdf(sheet)])
        for pdf in pdfs:
            found: dict[str, set[float]] = {}
            with pdfplumber.open(io.BytesIO(pdf)) as document:
                for page in document.pages:
                    for word in page.extract_words(extra_attrs=["size"]):
                        for part in re.split(r"(?<=-)|\s+", word["text"]):
                            if part in parts:
                                found.setdefault(part, set()).add(round(word["size"], 1))
            assert len(found) > len(parts) / 2, "the names are found on the sheet"
            assert {part: sizes for part, sizes in found.items() if min(sizes) < 16} == {}
