from tests.printing import factories
from tests.printing.helpers import pages_lines_text as pages_text
from whistdrive.printing import progression_sheet_pdf


def test_a_planned_movement_prints_each_players_itinerary():
    sheet = factories.progression_sheet(40, 24, planned=True)
    text = " ".join(pages_text(progression_sheet_pdf(sheet)))
    assert "Itineraries" in text
    # Player 1's row: table and seat for each of the first 16 hands, from the schedule itself.
    expected = []
    for hand in sheet.hands[:16]:
        for table in hand.tables:
            for seat, key in table.seats.items():
                if key == "1":
                    expected.append(f"{table.table}{seat}")
    assert f"1 Zoë Brontë {' '.join(expected)}" in text


def test_a_planned_movement_prints_the_hands_by_tables_grid_and_the_key():
    sheet = factories.progression_sheet(40, 24, planned=True)
    text = " ".join(pages_text(progression_sheet_pdf(sheet)))
    assert "Table 10" in text
    first = sheet.hands[0].tables[0].seats
    assert f"N {first['N']} E {first['E']}" in text
    assert "Łukasz Żółkiewski" in text


def test_a_result_driven_movement_prints_the_start_the_rule_and_the_spares():
    sheet = factories.progression_sheet(42, 24, planned=False)
    text = " ".join(pages_text(progression_sheet_pdf(sheet)))
    assert "Starting seating" in text
    assert "Itineraries" not in text
    assert "Winners move" in text
    assert "41 Gwen Evans, 42 Harry Thomas" in text
    assert "Spares sit out in card order" in text


def test_the_same_sheet_gives_identical_bytes_twice():
    sheet = factories.progression_sheet(16, 12, planned=True)
    assert progression_sheet_pdf(sheet) == progression_sheet_pdf(sheet)
