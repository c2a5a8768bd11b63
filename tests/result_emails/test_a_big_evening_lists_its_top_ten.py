"""A big evening's email lists the top ten of its standings (of each field, in a duplicate Mitchell) and says how
many more are on the club's site; it is marked as sent by a program, so out-of-office replies stay away."""

import dataclasses

import pytest

from tests.factories import make_club
from tests.result_emails.conftest import text_of
from whistdrive.engines.formats import Format
from whistdrive.evening import scores
from whistdrive.evening.simulate import simulate_event

pytestmark = pytest.mark.django_db


def _tell_the_first(club, event, publish, smtp_server):
    player = event.entrants.get(card_number=1)
    club.members.filter(pk=player.member_id).update(email="first@example.org", results_by_email=True)
    publish(event)
    [message] = smtp_server.to("first@example.org")
    return message


def test_a_drive_of_twenty_lists_ten_and_says_ten_more(smtp_server, publish):
    club = make_club()
    event = simulate_event(fmt=Format(hands=4, interval_after=None), tables=5, club=club, seed=2)
    message = _tell_the_first(club, event, publish, smtp_server)
    assert message["Auto-Submitted"] == "auto-generated"
    listed = text_of(message).split("THE EVENING'S RESULTS")[1].split("PRIZES")[0]
    top = scores.standings_now(event).standings[:10]
    assert [line.split(": ")[1] for line in listed.splitlines() if ": " in line] == [str(s.total) for s in top]
    assert "… and 10 more on the club's site." in listed


def test_a_mitchell_of_twelve_tables_lists_ten_of_each_field(smtp_server, publish):
    club = make_club()
    mitchell = dataclasses.replace(Format.duplicate(4, 1, "mitchell", "matchpoints", "HDSC"), hands=4)
    event = simulate_event(fmt=mitchell, tables=12, club=club, seed=2)
    listed = text_of(_tell_the_first(club, event, publish, smtp_server)).split("THE EVENING'S RESULTS")[1]
    assert listed.count("(N–S)") == 10 and listed.count("(E–W)") == 10
    assert "… and 4 more on the club's site." in listed


def test_a_partners_drive_lists_its_pairs_and_gives_the_pairs_place(smtp_server, publish):
    club = make_club()
    event = simulate_event(fmt=Format(movement="mitchell", hands=4, interval_after=None), tables=3, club=club, seed=4)
    text = text_of(_tell_the_first(club, event, publish, smtp_server))
    evening = scores.standings_now(event)
    first = event.entrants.get(card_number=1).player_id
    [ours] = [line for line in evening.pair_lines if first in line.pair.ids]
    assert (
        f"Place: {'joint ' if ours.tied else ''}{ours.rank} of {len(evening.pair_lines)}. Total: {ours.total}" in text
    )
    listed = text.split("THE EVENING'S RESULTS")[1].split("PRIZES")[0]
    for line in evening.pair_lines:
        assert f"{' & '.join(line.names)}: {line.total}" in listed
    awarded = text.split("PRIZES")[1]
    for award in evening.awards:
        [pair] = [line for line in evening.pair_lines if line.id == award.winners[0].id]
        assert f"{award.description}: {' & '.join(pair.names)} ({pair.total})" in awarded
