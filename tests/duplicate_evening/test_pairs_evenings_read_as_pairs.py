"""A Mitchell or Howell drive reads as pairs: one standings line a pair, and the prizes go to pairs."""

import re

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import give_access, make_user
from whistdrive.engines.formats import Format
from whistdrive.evening import scores
from whistdrive.evening.simulate import simulate_event

pytestmark = pytest.mark.django_db


def organiser_of(event) -> Client:
    olive = make_user("olive")
    give_access(olive, event.club)
    client = Client()
    client.force_login(olive)
    return client


@pytest.mark.parametrize("movement", ["mitchell", "howell"])
def test_the_standings_of_a_pairs_drive_have_one_line_a_pair(movement):
    fmt = Format(movement=movement, hands=12, hands_per_round=2, interval_after=6)
    event = simulate_event(fmt=fmt, tables=4, seed=3)
    evening = scores.standings_now(event)
    lines = evening.pair_lines
    assert len(lines) == 8 and len(evening.standings) == 16
    for line in lines:
        partners = [s for s in evening.standings if s.id in line.pair.ids]
        assert line.total == partners[0].total == partners[1].total
    organiser = organiser_of(event)
    page = organiser.get(reverse("event_standings", args=[event.pk])).content.decode()
    for line in lines:
        assert f"<td>{line.pair.label}</td>" in page
    assert page.count('<tr><td class="num">') == 8
    by_players = organiser.get(reverse("event_standings", args=[event.pk]), {"by": "players"})
    assert by_players.content.decode().count('<tr><td class="num">') == 16


def test_a_pairs_drive_gives_its_default_prizes_to_the_first_two_pairs():
    event = simulate_event(fmt=Format(movement="mitchell", hands=8, hands_per_round=2, interval_after=4), tables=3)
    evening = scores.standings_now(event)
    assert evening.prize_list == [{"kind": "top", "role": None, "places": 2}]
    winners = [award.winners for award in evening.awards]
    rank = {line.id: line.rank for line in evening.pair_lines}
    assert rank[winners[0][0].id] == 1
    assert all(" & " in w[0].name for w in winners if w)  # a pair's two names, never one player
    assert not any("Ladies" in award.description or "Gents" in award.description for award in evening.awards)


def test_a_progressive_drive_still_reads_by_players():
    event = simulate_event(fmt=Format(hands=4, interval_after=2), tables=2)
    assert scores.standings_now(event).pair_lines is None


def test_a_mitchell_drive_prints_a_card_per_pair_with_each_rounds_table_and_opponents():
    import io

    from pypdf import PdfReader

    from whistdrive.evening import pairs

    event = simulate_event(fmt=Format(movement="mitchell", hands=8, hands_per_round=2, interval_after=4), tables=4)
    response = organiser_of(event).get(reverse("event_print_document", args=[event.pk, "pair-cards"]))
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(response.content)).pages)
    lines = pairs.pair_lines(event)
    assert len(lines) == 8
    for line in lines:
        assert f"{line.label} {line.name}" in text
    # N–S 1 stays at table 1 and meets E–W 1, 4, 3, 2 as the E–W pairs move up one table a round.
    card = text[text.index("N–S 1 ") : text.index("N–S 2 ")]
    assert [int(n) for n in re.findall(r"E–W (\d)", card)] == [1, 4, 3, 2]


def test_the_printed_results_of_a_pairs_drive_have_one_line_a_pair():
    import io

    from pypdf import PdfReader

    event = simulate_event(fmt=Format(movement="howell", hands=14, hands_per_round=2, interval_after=6), tables=4)
    response = organiser_of(event).get(reverse("event_print_document", args=[event.pk, "results"]))
    text = "\n".join(p.extract_text() for p in PdfReader(io.BytesIO(response.content)).pages)
    lines = scores.standings_now(event).pair_lines
    assert "One line a pair" in text
    for line in lines:
        assert line.pair.label in text and line.names[0] in text
    assert "1st pair" in text and "Ladies" not in text
