"""Prizes online name their winners as each chose, a pair's two players included, and a winner's page lists the prize."""

import re

import pytest
from django.urls import reverse

from tests.factories import duplicate_event, make_member, publish
from whistdrive.evening import scores, simulate


@pytest.fixture
def duplicate(club):
    event = duplicate_event(club, pairs=6, boards=6, boards_per_round=2)
    simulate.play(event)
    for entrant in event.entrants.all():
        entrant.member = make_member(club, f"{entrant.name} Member")
        entrant.save(update_fields=["member"])
        entrant.name = entrant.member.name
        entrant.save(update_fields=["name"])
    return publish(event)


def test_a_duplicate_pairs_prize_names_both_players(client, club, duplicate):
    first = next(a for a in scores.standings_now(duplicate).awards if a.winners and not a.tie)
    pair = next(p for p in scores.standings_now(duplicate).duplicate.pairs if p.id == first.winners[0].id)
    names = [duplicate.entrants.get(card_number=int(pid[1:])).name for pid in pair.ids]

    page = client.get(reverse("public_evening", args=[club.public_id, duplicate.public_id])).content.decode()

    prizes = page[page.index("<h2>Prizes</h2>") :]
    assert re.search(re.escape(names[0]) + r" &amp; " + re.escape(names[1]), prizes)
    winner = duplicate.entrants.get(card_number=int(pair.ids[0][1:])).member
    mine = client.get(reverse("public_player", args=[club.public_id, winner.public_id])).content.decode()
    assert first.description.replace("'", "&#x27;") in mine
