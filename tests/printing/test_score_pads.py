import pytest

from tests.printing import factories
from tests.printing.helpers import page_count, pages_text
from whistdrive.printing import score_pads_pdf


def test_two_pads_print_on_each_page():
    assert page_count(score_pads_pdf(factories.score_pad_sheet(5))) == 3


def test_a_pad_shows_its_table_the_two_sides_and_the_games():
    text = pages_text(score_pads_pdf(factories.score_pad_sheet(2)))[0]
    assert "Table 1" in text and "Table 2" in text
    assert text.count("We") >= 2 and text.count("They") >= 2
    for line in ("Game 1", "Game 2", "Game 3", "Rubber points", "Total"):
        assert line in text


@pytest.mark.parametrize(
    ("rubber", "target", "words"),
    [
        ("classic", 5, "worth 3 if the losers have 0 points"),
        ("simple", 7, "3 if they win 2–0, 2 if 2–1"),
        ("none", 9, "count the games each side wins"),
    ],
)
def test_the_target_and_rubber_rule_are_written_in_words(rubber, target, words):
    text = pages_text(score_pads_pdf(factories.score_pad_sheet(1, rubber=rubber, target=target)))[0]
    assert f"Game is {target} points" in text
    assert words in " ".join(text.split())


def test_an_unknown_rubber_rule_is_refused():
    with pytest.raises(ValueError, match="rubber"):
        score_pads_pdf(factories.score_pad_sheet(1, rubber="double"))


def test_the_same_sheet_gives_identical_bytes_twice():
    sheet = factories.score_pad_sheet(3, page_size="letter")
    assert score_pads_pdf(sheet) == score_pads_pdf(sheet)


def test_the_total_labels_stay_inside_their_column_and_read_as_totals():
    import io

    import pdfplumber

    pdf = score_pads_pdf(factories.score_pad_sheet(2))
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        page = document.pages[0]
        words = page.extract_words()
        we = next(w for w in words if w["text"] == "We" and w["x0"] < page.width / 2)
        # The label column ends at the first rule left of "We".
        edge = max(ln["x0"] for ln in page.lines if ln["x0"] == ln["x1"] and ln["x0"] < we["x0"] and ln["x0"] > 40)
        labels = [w for w in words if w["x0"] < page.width / 2 and w["text"] in ("Rubber", "points", "Total", "total")]
        assert labels and all(w["x1"] <= edge for w in labels)
    text = pages_text(pdf)[0]
    for game in (1, 2, 3):
        assert f"Game {game} total" in text
