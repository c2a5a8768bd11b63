"""The hall's paper from real evenings: prizes as the prize page gives them, slips in the key-from-paper
order, reprints for late arrivals, blank cards for the door, a Mitchell night's pads, the season table."""

import datetime
import re

import pytest
from django.urls import reverse

from clubs.models import Season
from tests.factories import make_cast, make_event
from tests.printing_views.evenings import add_people, play, progressive_evening
from tests.printing_views.helpers import download_url, pages, texts
from whistdrive.engines import prizes
from whistdrive.engines.formats import Format
from whistdrive.evening import running
from whistdrive.evening.scores import standings_now
from whistdrive.store.models import Entrant, Event
from whistdrive.web.views.live import _paper_rows


@pytest.fixture
def cast(db):
    return make_cast()


def get(client, event, document: str, **query) -> bytes:
    url = download_url(event, document)
    response = client.get(url, query, HTTP_HOST="192.168.1.20:8000")
    assert response.status_code == 200, response
    return response.content


def flat(pdf: bytes) -> str:
    return " ".join(" ".join(texts(pdf)).split())


def test_the_results_and_prize_list_print_every_award_as_the_prize_page_gives_it(client, cast):
    club_a, _, olive, *_ = cast
    event = progressive_evening(club_a, played=12)
    client.force_login(olive)
    awards = standings_now(event).awards
    assert any(a.message.startswith("equal with") or a.tie for a in awards), "the evening has a tie to show"
    results, prize_list = flat(get(client, event, "results")), flat(get(client, event, "prize-list"))
    for award in awards:
        assert award.description in results and award.description in prize_list
        for winner in award.winners:
            assert winner.name in results and winner.name in prize_list
        if award.tie:
            assert f"Tie on {award.winners[0].score}: equal — settle by a cut" in results
            assert f"Tie on {award.winners[0].score} between:" in prize_list
        elif award.message:
            assert award.message in results and award.message in prize_list
    # The page's "Tie for …" sentence and the sheet agree on who is tied: the same function made both.
    assert [a.description for a in awards] == [a.description for a in prizes.award_prizes(
        prizes.default_prizes(True), standings_now(event).standings)]  # fmt: skip


def test_before_any_hand_is_scored_the_sheet_has_no_tie_list(client, cast):
    club_a, _, olive, *_ = cast
    event = progressive_evening(club_a, played=0)
    client.force_login(olive)
    text = flat(get(client, event, "results"))
    assert "No hands scored yet: the prizes are worked out once results are in." in text
    assert "Tie" not in text


def test_at_the_interval_the_second_half_is_blank_and_after_it_the_figures_show(client, cast):
    club_a, _, olive, *_ = cast
    event = progressive_evening(club_a, played=12)
    client.force_login(olive)
    lines = "\n".join(texts(get(client, event, "results")))
    totals = re.findall(r"^(Lady|Gent)\n(\d+)\n(\d+)$", lines, re.MULTILINE)
    assert len(totals) == 40 and all(first == total for _, first, total in totals)  # first half, total: no 0 between
    play(event, 1)
    lines = "\n".join(texts(get(client, event, "results")))
    assert len(re.findall(r"^(Lady|Gent)\n(\d+)\n(\d+)\n(\d+)$", lines, re.MULTILINE)) == 40


def test_result_slips_come_in_the_order_of_the_key_from_paper_page(client, cast):
    club_a, _, olive, *_ = cast
    event = progressive_evening(club_a, played=2)
    client.force_login(olive)
    pdf = get(client, event, "result-slips", first=3, last=4, per="hand")
    hand = event.current_hand
    paper_order = [row.table.number for row in _paper_rows(event, hand)]
    printed = re.findall(r"Table (\d+)\nHand (\d+)", "\n".join(texts(pdf)))
    assert [int(t) for t, h in printed if int(h) == 3] == paper_order
    assert [int(h) for _, h in printed] == [3] * 10 + [4] * 10
    text = flat(pdf)
    assert "N–S tricks" in text and "E–W initials" in text and "add up to 13" in text


def test_slips_outside_the_evening_are_refused_with_a_message_that_says_why(client, cast):
    club_a, _, olive, *_ = cast
    event = progressive_evening(club_a, played=1)
    client.force_login(olive)
    response = client.get(download_url(event, "result-slips"), {"first": 20, "last": 30, "per": "hand"}, follow=True)
    assert "Hands 20 to 30: choose hands from 1 to 24" in response.content.decode()


def test_reprints_for_late_arrivals_are_marked_from_their_first_hand(client, cast):
    club_a, _, olive, *_ = cast
    event = progressive_evening(club_a, played=0)
    # Two arrive after hand 2 is under way; they play from hand 3.
    play(event, 1)
    event.refresh_from_db()
    late = [running.register(event, name=n, role=r).entrant for n, r in (("Kath Late", "lady"), ("Len Late", "gent"))]
    play(event, 2)
    client.force_login(olive)
    numbers = [e.card_number for e in late]
    pdf = get(client, event, "reprint-scorecards", cards=f"{numbers[0]}–{numbers[1]}")
    text = "\n".join(texts(pdf))
    assert text.count("Card ") == 2
    for entrant in late:
        entrant.refresh_from_db()
        assert f"Late arrival: joins at hand {entrant.joined_hand}" in text
    assert text.count("not played") == 2 * (late[0].joined_hand - 1)


def test_a_reprint_of_a_card_nobody_holds_says_which_cards_there_are(client, cast):
    club_a, _, olive, *_ = cast
    event = progressive_evening(club_a, played=0)
    client.force_login(olive)
    response = client.get(download_url(event, "reprint-scorecards"), {"cards": "39-41"}, follow=True)
    page = response.content.decode()
    assert "No entrant has card 41: the cards registered are 1–40." in page
    response = client.get(download_url(event, "reprint-scorecards"), {"cards": "twelve"}, follow=True)
    assert "“twelve” is not a card number or a range such as 25–27." in response.content.decode()


def test_blank_cards_for_the_door_start_after_the_last_card_given_out(client, cast):
    club_a, _, olive, *_ = cast
    event = make_event(club_a, Format(hands=16, interval_after=8))
    add_people(event, 4, 4)
    client.force_login(olive)
    page = client.get(reverse("event_print", args=[event.pk])).content.decode()
    assert 'name="first" value="9"' in page
    pdf = get(client, event, "blank-scorecards", first=9, count=4)
    text = "\n".join(texts(pdf))
    assert [int(n) for n in re.findall(r"Card (\d+)", text)] == [9, 10, 11, 12]
    assert "Name" in text and "♥" in text
    response = client.get(download_url(event, "blank-scorecards"), {"first": 7, "count": 4}, follow=True)
    assert (
        "Card 7 is already" in response.content.decode()
        and "start after the last card given out, 9" in response.content.decode()
    )


def test_a_mitchell_game_night_prints_a_pad_per_table_and_round_before_it_starts_playing(client, cast):
    club_a, _, olive, *_ = cast
    fmt = Format(kind="games", movement="mitchell", hands=6, hands_per_round=3, interval_after=None, trumps="turned")
    event = make_event(club_a, fmt, name="Mitchell rubbers")
    for number in range(1, 9):
        Entrant.objects.create(event=event, name=f"Player {number}", card_number=number)
    running.start_event(event, seed=5)
    client.force_login(olive)
    text = "\n".join(texts(get(client, event, "score-pads")))
    assert text.count("Round 1 · hands 1–3") == 2 and text.count("Round 2 · hands 4–6") == 2
    assert "Game 1 total" in text and "Rubber points" in text


def test_the_season_table_prints_as_its_page_orders_it(client, cast):
    club_a, _, olive, *_ = cast
    season = Season.objects.create(club=club_a, name="Winter 2026", starts=datetime.date(2026, 11, 1),
                                   ends=datetime.date(2026, 12, 31), counting="best", best=1)  # fmt: skip
    event = progressive_evening(club_a, played=2)
    Event.objects.filter(pk=event.pk).update(season=season)
    client.force_login(olive)
    response = client.get(reverse("season_pdf", args=[club_a.pk, season.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    text = "\n".join(texts(response.content))
    assert "Winter 2026: season table" in text and "Best 1 of 1" in text
    assert "Provisional: an event in this season is still being played" in text
    page = client.get(reverse("season", args=[club_a.pk, season.pk])).content.decode()
    assert reverse("season_pdf", args=[club_a.pk, season.pk]) in page


def test_the_season_table_prints_on_the_paper_chosen_beside_its_button(client, cast):
    club_a, _, olive, *_ = cast
    season = Season.objects.create(club=club_a, name="Winter 2026", starts=datetime.date(2026, 11, 1),
                                   ends=datetime.date(2026, 12, 31))  # fmt: skip
    client.force_login(olive)
    url = reverse("season_pdf", args=[club_a.pk, season.pk])
    page = client.get(reverse("season", args=[club_a.pk, season.pk])).content.decode()
    assert 'name="paper"' in page and url in page
    for paper, points in (("letter", 612), ("A4", 595)):
        pdf = client.get(url, {"paper": paper}).content
        assert round(float(pages(pdf)[0].mediabox.width)) == points


def test_one_tables_card_is_reprinted_on_its_own_and_a_table_not_in_play_is_refused(client, cast):
    club_a, _, olive, *_ = cast
    event = progressive_evening(club_a, played=1)
    client.force_login(olive)
    assert "Reprint one table" in client.get(reverse("event_print", args=[event.pk])).content.decode()
    pdf = get(client, event, "reprint-table-card", table=7)
    assert len(pages(pdf)) == 1
    text = " ".join(texts(pdf)[0].split())
    assert "TABLE" in text and " 7 " in f" {text} "
    assert "".join(event.tables.get(number=7).get_absolute_url().split()) in "".join(texts(pdf)[0].split())
    response = client.get(download_url(event, "reprint-table-card"), {"table": 12}, follow=True)
    assert "Table 12 is not in play tonight: the tables are 1–10." in response.content.decode()
