"""A started 40-player progressive drive, three hands played: every document says what the rows say."""

import re

import pytest

from tests.factories import make_cast
from tests.printing_views.evenings import expected_scores, progressive_evening
from tests.printing_views.helpers import SYMBOLS, download_url, pages, qr_codes, texts
from whistdrive.engines.rules import trump_for_hand
from whistdrive.store.models import Seating


@pytest.fixture
def drive(db, client):
    club_a, _, olive, *_ = make_cast()
    event = progressive_evening(club_a, played=3, venue="St Andrew's Village Hall")
    client.force_login(olive)
    return event


def get(client, event, document: str, paper: str | None = None) -> bytes:
    response = client.get(download_url(event, document, paper), HTTP_HOST="192.168.1.20:8000")
    assert response.status_code == 200
    return response.content


def card_text(page_texts: list[str], index: int, entrant) -> str:
    """The text of card ``index`` (0-based, two a page): from its card line to the movement rule.

    The name is the line (or two lines) above, whole: a long name wraps, it is never cut.
    """
    page = page_texts[index // 2]
    start = page.index(f"\nCard {entrant.card_number} · ")
    above = " ".join(page[:start].replace("-\n", "-").split("\n")[-2:])
    assert entrant.name in " ".join(above.split()) and "…" not in above
    return page[start : page.index("After each hand", start)]


def test_scorecards_show_each_players_seats_tricks_and_running_totals_so_far(client, drive):
    pdf = get(client, drive, "scorecards")
    page_texts = texts(pdf)
    assert len(page_texts) == 20  # 40 cards of 24 hands, two a page
    scored = expected_scores(drive)
    places = {(s.entrant_id, s.hand): s for s in Seating.objects.filter(event=drive).select_related("table")}
    assert drive.current_hand == 4
    for index, entrant in enumerate(drive.entrants.order_by("card_number")):
        text = card_text(page_texts, index, entrant)
        assert f"Card {entrant.card_number} · {entrant.get_role_display()}" in text
        for hand in range(1, 25):
            symbol = SYMBOLS[trump_for_hand(drive.trumps, hand)]
            place = places.get((entrant.pk, hand))
            # Hand, trumps, "table seat", the partner (a long name over two or three lines), tricks, total.
            if hand <= 3:
                tricks, running = scored[entrant.card_number][hand - 1]
                row = rf"^{hand}\n{symbol}\n{place.table.number} {place.seat}\n([^\n]+\n){{1,3}}{tricks}\n{running}$"
            elif hand == 4:  # seated, not yet played
                row = rf"^{hand}\n{symbol}\n{place.table.number} {place.seat}\n"
            else:  # a progressive drive's later seats depend on results: blank
                assert place is None
                row = rf"^{hand}\n{symbol}$"
            assert re.search(row, text, re.MULTILINE), (entrant.name, hand)


def test_the_scorecards_qr_codes_open_each_players_own_page(client, drive, tmp_path):
    pdf = get(client, drive, "scorecards")
    first_two = drive.entrants.order_by("card_number")[:2]
    assert qr_codes(pdf, tmp_path) == sorted(f"http://192.168.1.20:8000/p/{e.token}/" for e in first_two)


def test_table_cards_one_per_table_with_the_tables_own_qr_code(client, drive, tmp_path):
    pdf = get(client, drive, "table-cards")
    page_texts = texts(pdf)
    assert len(page_texts) == 10
    for number, text in enumerate(page_texts, start=1):
        assert str(number) in text.split("\n")
        assert "♥" in text and "♣" in text
    table_3 = drive.tables.get(number=3)
    # Both halves of the tent carry the table's code.
    assert set(qr_codes(pdf, tmp_path, page=3)) == {f"http://192.168.1.20:8000/t/{table_3.token}/"}


def test_the_progression_sheet_shows_the_starting_seating_and_the_rule(client, drive):
    pdf = get(client, drive, "progression")
    (text,) = texts(pdf)
    assert "the winning lady moves up a table" in text
    for seating in Seating.objects.filter(event=drive, hand=1).select_related("entrant"):
        number = seating.entrant.card_number
        # The card number whole beside the name (it was once shortened into an initial).
        assert re.search(rf"^{number} ", text, re.MULTILINE)
    flat = " ".join(text.replace("-\n", "-").split())
    assert "Zoë Łukasiewicz" in flat and "Siobhán O'Brien-Fitzgerald" in flat
    assert "Łukasz Żółkiewski-Brzęczyszczykiewicz" in flat


def test_the_results_sheet_ranks_everyone_by_their_total_so_far(client, drive):
    pdf = get(client, drive, "results")
    text = "\n".join(texts(pdf))
    assert len(pages(pdf)) == 2
    assert "Provisional after hand 3 of 24" in text
    assert "St Andrew's Village Hall" in text
    totals = {number: runs[-1][1] for number, runs in expected_scores(drive).items()}
    best = max(totals.values())
    for number, total in totals.items():
        entrant = drive.entrants.get(card_number=number)
        rank = 1 + sum(1 for t in totals.values() if t > total)
        shared = sum(1 for t in totals.values() if t == total) > 1
        rank_text = f"={rank}" if shared else str(rank)
        # The name whole, perhaps over two lines, then the role, the first half and the total
        # (the second half is blank: hand 3 is before the interval).
        name = re.escape(entrant.name).replace(r"\ ", r"[ \n]").replace("-", "-\n?")
        row = rf"^{rank_text}\n{number}\n{name}\n{entrant.get_role_display()}\n{total}\n{total}$"
        assert re.search(row, text, re.MULTILINE), entrant.name
    gents_best = max(t for n, t in totals.items() if n > 20)
    assert re.search(rf"Gents' 1st\n[^\n]+\n(\d+\n)?{gents_best}\n", text)
    assert best in totals.values()


@pytest.mark.slow
def test_the_same_event_prints_the_same_bytes_and_letter_paper_is_letter(client, drive):
    for document in ("scorecards", "table-cards", "progression", "results"):
        assert get(client, drive, document) == get(client, drive, document)
        first = pages(get(client, drive, document, "letter"))[0]
        assert sorted(round(v) for v in first.mediabox[2:]) == [612, 792]
        a4 = pages(get(client, drive, document))[0]
        assert sorted(round(v) for v in a4.mediabox[2:]) == [595, 842]
