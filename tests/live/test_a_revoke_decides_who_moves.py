"""A revoke and the movement: the round's winner is decided on tricks after the transfer.

The spec's seating rules: "the pair with more tricks over the round (counted after any revoke
transfer) wins". North–South take 8 tricks but revoke: three pass, so East–West have 8 and win,
and it is East–West who move in a progressive drive (winners move). Both the live evening and
the archive importer must see it that way.
"""

import json

import pytest

from tests.archive.helpers import without_public_ids
from tests.factories import make_cast, started_event, table_of
from tests.live.helpers import agree
from whistdrive.evening import archive, entry, progress, running
from whistdrive.evening.archive import ArchiveError

pytestmark = pytest.mark.django_db


@pytest.fixture
def event():
    club_a, *_ = make_cast()
    started = started_event(club_a, tables=3, hands=2, interval_after=None, seed=1)
    started.auto_advance = False
    started.save()
    return started


def seats(event, hand: int, table: int) -> dict[str, str]:
    return {s.seat: s.entrant.name for s in table_of(event, table).seatings.filter(hand=hand).select_related("entrant")}


def play_first_hand_with_a_revoke(event):
    table = table_of(event, 1)
    entry.submit(table, hand=1, seat="N", tricks_ours=8, revoke="NS")
    entry.agree(table, hand=1, seat="E")
    agree(event, 2, ns=7)
    agree(event, 3, ns=7)


def test_the_side_that_wins_after_the_transfer_is_the_rounds_winner(event):
    play_first_hand_with_a_revoke(event)
    result = progress.round_results(event, 1)[1]
    assert (result.tricks_ns, result.tricks_ew, result.winner) == (5, 8, "EW")


def test_the_pair_that_won_after_the_transfer_moves(event):
    before = seats(event, 1, 1)
    play_first_hand_with_a_revoke(event)
    running.advance(event, expected_hand=1)
    # East–West won table 1: their lady (E) goes up to table 2, their gent (W) down to table 3;
    # North–South stay, the gent crossing over.
    assert before["E"] in seats(event, 2, 2).values()
    assert before["W"] in seats(event, 2, 3).values()
    after = seats(event, 2, 1)
    assert after["N"] == before["N"] and after["W"] == before["S"]


def test_the_importer_reads_the_winner_after_the_transfer_too(event):
    play_first_hand_with_a_revoke(event)
    running.advance(event, expected_hand=1)
    for number in (1, 2, 3):
        agree(event, number, hand=2)
    running.advance(event, expected_hand=2)
    document = json.loads(json.dumps(archive.export_event(event)))
    assert document["hands"][0]["tables"][0]["revoke"] == {"side": "NS"}
    assert without_public_ids(archive.export_event(archive.import_event(document))) == without_public_ids(document)

    # Without the revoke North–South's 8 tricks would win, and hand 2 is not that movement's seating.
    document["hands"][0]["tables"][0]["revoke"] = None
    with pytest.raises(ArchiveError) as error:
        archive.import_event(document)
    assert any(p.startswith("hands[1]") and "progressive" in p for p in error.value.problems), error.value.problems
