from tests.printing import factories
from tests.printing.helpers import pages_lines_text as pages_text
from whistdrive.printing import ResultsSheet, StandingRow, results_pdf


def test_every_standing_is_printed_with_its_total():
    sheet = factories.results_sheet(40)
    text = " ".join(pages_text(results_pdf(sheet)))
    for standing in sheet.standings:
        if standing.name != factories.LONG_NAME:
            assert standing.name in text
        assert str(standing.total) in text
    assert "Maximiliana Wilhelmina" in text
    assert "St Andrew's Village Hall" in text


def test_shared_ranks_are_shown_with_an_equals_sign():
    sheet = ResultsSheet(
        club="Club",
        event="Drive",
        date="Tuesday 1 December",
        standings=[
            StandingRow(1, False, "Ann Smith", 170, 85, 85),
            StandingRow(2, True, "Zoë Brontë", 160, 81, 79),
            StandingRow(2, True, "Siobhán O'Brien", 160, 78, 82),
            StandingRow(4, False, "Bob Jones", 150, 70, 80),
        ],
    )
    lines = pages_text(results_pdf(sheet))[0].splitlines()
    assert any(line.startswith("=2 ") and "Zoë Brontë" in line and line.endswith("160") for line in lines)
    assert any(line.startswith("=2 ") and "Siobhán O'Brien" in line for line in lines)
    assert any(line.startswith("4 ") and "Bob Jones 70 80 150" in line for line in lines)


def test_prizes_name_their_winners_and_flag_ties():
    sheet = factories.results_sheet(40)
    text = pages_text(results_pdf(sheet))[0]
    tied = sheet.prizes[1]
    lines = text.splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith(tied.prize))
    assert " · ".join(tied.winners) in lines[index]
    # The note wraps in its column, above and below the row's baseline.
    assert f"Tie on {tied.score}: equal — settle" in lines[index - 1] and lines[index + 1] == "by a cut"
    first = next(line for line in text.splitlines() if line.startswith(sheet.prizes[0].prize))
    assert "Tie" not in first


def test_the_same_sheet_gives_identical_bytes_twice():
    sheet = factories.results_sheet(12)
    assert results_pdf(sheet) == results_pdf(sheet)
