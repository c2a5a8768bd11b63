"""Input the adapter should never pass is a bug, and fails loudly."""

import pytest

from whistdrive.engines.formats import Format
from whistdrive.engines.standings import HandRecord, TableHand, drive_standings, event_standings

from .evenings import drive, entrants, table


def test_tricks_that_do_not_total_thirteen_are_refused():
    bad = TableHand(1, {"N": "a", "E": "b", "S": "c", "W": "d"}, {"NS": 7, "EW": 7})
    with pytest.raises(ValueError, match="do not total 13"):
        drive_standings(drive(), entrants("a", "b", "c", "d"), [HandRecord(1, (bad,))])


def test_a_player_seated_and_sitting_out_in_one_hand_is_refused():
    hand = HandRecord(1, (table(1, "a", "b", "c", "d", 7),), ("a",))
    with pytest.raises(ValueError, match="appears twice"):
        drive_standings(drive(), entrants("a", "b", "c", "d"), [hand])


def test_game_nights_are_sent_to_their_own_standings():
    with pytest.raises(ValueError, match="games_standings"):
        event_standings(Format(kind="games", movement="stationary"), entrants("a", "b", "c", "d"), [])
