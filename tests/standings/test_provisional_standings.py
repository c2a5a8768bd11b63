"""Standings mid-evening: only the results entered so far count."""

from whistdrive.engines.standings import HandRecord, drive_standings

from .evenings import by_id, drive, sitout_evening


def mid_evening():
    """Hands 1 and 2 complete; on hand 3 only table 2 has handed in its result."""
    people, hands = sitout_evening()
    hand3 = hands[2]
    partial = HandRecord(3, (hand3.tables[1],), hand3.sitting_out)
    return people, [hands[0], hands[1], partial]


def test_a_player_whose_table_has_no_result_yet_has_no_score_for_that_hand():
    people, hands = mid_evening()
    s = by_id(drive_standings(drive(), people, hands, final=False))
    assert [h.number for h in s["p3"].hands] == [1, 2]
    assert (s["p3"].total, s["p3"].hands_played, s["p3"].last_hand) == (13, 2, None)
    assert s["p5"].total == 25  # table 2 is in


def test_a_sit_out_in_an_entered_hand_is_awarded_from_the_hands_played_so_far():
    people, hands = mid_evening()
    s = by_id(drive_standings(drive(), people, hands, final=False))
    # p2 sits out hand 3: mean(6, 7) -> 7. p1 has played only hand 1 (7), so hand 2's award is 7 for now;
    # at the end of the evening (after 7 and 4) it becomes 6.
    assert s["p2"].total == 20
    assert s["p1"].total == 14
    final = by_id(drive_standings(drive(), *sitout_evening()))
    assert final["p1"].total == 17


def test_provisional_standings_are_marked_and_do_not_apply_tie_breaks():
    people, hands = mid_evening()
    fmt = drive(tie_breaks=["countback"])
    provisional = drive_standings(fmt, people, hands, final=False)
    assert all(s.provisional for s in provisional)
    s = by_id(provisional)
    # p3 (7 + 6) and p4 (6 + 7) share 13; counting back, p4's 7 on hand 2 beats p3's 6.
    assert s["p3"].total == s["p4"].total == 13
    assert s["p3"].rank == s["p4"].rank and s["p3"].tied
    final = by_id(drive_standings(fmt, people, hands, final=True))
    assert final["p4"].rank < final["p3"].rank
    assert not final["p3"].provisional


def test_no_hands_yet_puts_everyone_equal_first_on_nothing():
    people, _ = sitout_evening()
    standings = drive_standings(drive(), people, [], final=False)
    assert {(s.rank, s.total, s.last_hand) for s in standings} == {(1, 0, None)}
