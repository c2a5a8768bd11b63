"""The double-dummy tricks where the organiser and the players read them: the hand records (before and after the
evening's results), and the organiser's board by board; never on a traveller, which travels with the board."""

import io
import re

import pdfplumber
import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import give_access, kept_for_the_module, make_user
from whistdrive.engines import duplicate
from whistdrive.engines.formats import Format
from whistdrive.evening import pairs
from whistdrive.evening.simulate import simulate_event

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def played(django_db_setup, django_db_blocker):
    """Three tables of a Mitchell, 9 boards in rounds of 3 from hand records, every trump and no trumps, played
    once for the module's tests, which only read it, in a transaction rolled back after them (each test's own is
    inside it)."""
    with kept_for_the_module(django_db_blocker):
        event = simulate_event(fmt=Format.duplicate(9, 3, "mitchell", "matchpoints", "HDSCN"), tables=3, seed=8)
        # Solved here again from the seed, not read from the rows the pages read.
        solved = {
            board.number: found
            for board, found in zip(event.hand_records(9), duplicate.solve_boards(event.hand_records(9)), strict=True)
        }
        yield event, solved


@pytest.fixture
def evening(played):
    event, solved = played
    olive = make_user("olive")
    give_access(olive, event.club)
    client = Client()
    client.force_login(olive)
    return event, client, solved


def pdf_text(client, event, document: str) -> str:
    response = client.get(reverse("event_print_document", args=[event.pk, document]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    with pdfplumber.open(io.BytesIO(response.content)) as pdf:
        return "\n".join(page.extract_text() for page in pdf.pages)


def test_the_hand_records_give_each_boards_double_dummy_tricks(evening):
    event, client, solved = evening
    text = pdf_text(client, event, "hand-records")
    printed = re.findall(r"Double dummy: N–S (\d+), E–W (\d+)", text)
    # Two boards across, row under row: the lines come in the boards' order.
    assert [(int(ns), int(ew)) for ns, ew in printed] == [(found.ns, 13 - found.ns) for found in solved.values()]


def test_the_hand_records_with_results_say_what_each_table_took_and_what_was_there(evening):
    event, client, solved = evening
    text = pdf_text(client, event, "hand-records-results")
    results = pairs.results_of(event)
    for board in results.boards:
        found = solved[board.number]
        page = text.split(f"Board {board.number} at every table")[1].split("Top on the board")[0]
        there = "were" if found.ns != 1 else "was"
        took = re.findall(r"took (\d+); (\d+) (?:were|was) there", page)
        assert sorted(int(t) for t, _ in took) == sorted(score.tricks_ns for score in board.scores)
        assert {int(d) for _, d in took} == {found.ns}
        assert f"; {found.ns} {there} there" in page


def test_the_travellers_never_show_it(evening):
    event, client, _ = evening
    text = pdf_text(client, event, "travellers")
    assert "Double dummy" not in text and "were there" not in text


def test_the_organisers_board_by_board_shows_it_by_board_and_by_table(evening):
    event, client, solved = evening
    html = client.get(reverse("event_standings", args=[event.pk])).content.decode()
    results = pairs.results_of(event)
    for board in results.boards:
        found = solved[board.number]
        caption = re.search(rf"<caption>Board {board.number}: [^<]*</caption>", html).group(0)
        assert f"Double dummy: N–S {found.ns}, E–W {13 - found.ns}" in caption
        table = html.split(caption)[1].split("</table>")[0]
        for score in board.scores:
            there = "were" if found.ns != 1 else "was"
            assert f"<td>took {score.tricks_ns}; {found.ns} {there} there</td>" in table


def test_without_deals_the_page_has_no_double_dummy_column(client):
    event = simulate_event(fmt=Format.duplicate(9, 3, "mitchell", "matchpoints", "HDSC"), tables=3, seed=8,
                           boards_dealt="table")  # fmt: skip
    olive = make_user("olive")
    give_access(olive, event.club)
    client.force_login(olive)
    html = client.get(reverse("event_standings", args=[event.pk])).content.decode()
    assert "Board by board" in html
    assert "double dummy" not in html.lower()
