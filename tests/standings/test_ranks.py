"""Ranks are shared on equal totals: "1, 2, 2, 4"."""

from whistdrive.engines.standings import HandRecord, drive_standings, results_players

from .evenings import drive, entrants, table


def one_table_with_a_spare():
    """Five players at one table; the spare sits out in turn (zero rule).

    hand 1: N a, E c, S b, W d: NS 8 EW 5, e out -> a 8, b 8, c 5, d 5
    hand 2: N a, E b, S c, W e: NS 8 EW 5, d out -> a 16, b 13, c 13, d 5, e 5
    """
    people = entrants("a", "b", "c", "d", "e")
    hands = [
        HandRecord(1, (table(1, "a", "c", "b", "d", 8),), ("e",)),
        HandRecord(2, (table(1, "a", "b", "c", "e", 8),), ("d",)),
    ]
    return people, hands


def test_equal_totals_share_a_rank_and_the_next_rank_skips():
    people, hands = one_table_with_a_spare()
    standings = drive_standings(drive(hands=2, interval_after=None, sitout_score="zero"), people, hands)
    assert [(s.id, s.total, s.rank) for s in standings] == [
        ("a", 16, 1),
        ("b", 13, 2),
        ("c", 13, 2),
        ("d", 5, 4),
        ("e", 5, 4),
    ]
    assert [s.tied for s in standings] == [False, True, True, True, True]


def test_results_players_are_the_archive_entries_best_first():
    people, hands = one_table_with_a_spare()
    standings = drive_standings(drive(hands=2, interval_after=1, sitout_score="zero"), people, hands)
    rows = results_players(list(reversed(standings)))
    assert [r["id"] for r in rows] == ["a", "b", "c", "d", "e"]
    assert rows[1] == {
        "id": "b",
        "rank": 2,
        "total": 13,
        "first_half": 8,
        "second_half": 5,
        "hands_played": 2,
        "hands_sat_out": 0,
    }
    assert rows[3]["hands_sat_out"] == 1
