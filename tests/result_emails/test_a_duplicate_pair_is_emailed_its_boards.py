"""A duplicate evening (simulated, a Mitchell of eight pairs): a player's email is their pair's place in its field,
its percentage and prize, and every board they played with their tricks and matchpoints as the travellers have
them; the evening's results list both fields."""

import pytest

from tests.factories import make_club
from tests.result_emails.conftest import html_of, text_of
from whistdrive.engines.formats import Format
from whistdrive.evening import pairs, scores
from whistdrive.evening.simulate import simulate_event

pytestmark = pytest.mark.django_db


def test_a_duplicate_players_card_is_their_pairs_boards(smtp_server, publish):
    club = make_club()
    event = simulate_event(fmt=Format.duplicate(8, 2, "mitchell", "matchpoints", "HDSC"), tables=4, club=club, seed=5)
    player = event.entrants.get(card_number=1)
    club.members.filter(pk=player.member_id).update(email="first@example.org", results_by_email=True)
    publish(event)
    [message] = smtp_server.to("first@example.org")
    text = text_of(message)
    results = scores.standings_now(event).duplicate
    [line] = [x for x in pairs.result_lines(event, results) if player.player_id in x.ids]
    field = pairs.direction_words(line.field)
    fielded = sum(1 for x in results.pairs if x.direction == line.field)
    assert f"Place: {line.place} of {fielded} {field}. Score: {line.percentage:.1f}%" in text
    card = text.split("YOUR CARD")[1].split("THE EVENING'S RESULTS")[0]
    rows = [row.split() for row in card.splitlines() if row[:5].strip().isdigit()]
    assert [int(row[0]) for row in rows] == list(range(1, 9))  # every board, each once
    for number, table, sat, tricks, score in rows:
        [played] = [t for t in pairs.traveller(event, int(number), results) if t.table == int(table)]
        ns = sat == "N–S"
        assert sat == field
        assert int(tricks) == (played.tricks_ns if ns else played.tricks_ew)
        assert float(score) == (played.ns_score if ns else played.ew_score)
    # The results: both fields, four pairs each, by name.
    listed = text.split("THE EVENING'S RESULTS")[1].split("PRIZES")[0]
    assert listed.count("(N–S)") == 4 and listed.count("(E–W)") == 4
    assert f"{line.name} ({field}): {line.percentage:.1f}%" in listed
    assert "N–S 1st pair" in text and "E–W 1st pair" in text
    assert '<th align="right">Board</th>' in html_of(message)
