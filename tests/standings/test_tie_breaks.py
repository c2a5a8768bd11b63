"""The club's tie-breaks, applied in order to equal totals; what they leave equal stays a tie."""

from whistdrive.engines.standings import HandRecord, drive_standings

from .evenings import by_id, drive, entrants, sitout_evening, table


def swing_table():
    """One table, two hands: N-S take 8 then 5, E-W 5 then 8. Everyone ends on 13."""
    people = entrants("a", "x", "b", "y")
    hands = [
        HandRecord(1, (table(1, "a", "b", "x", "y", 8),)),
        HandRecord(2, (table(1, "a", "b", "x", "y", 5),)),
    ]
    return people, hands


def two_tables_hands_won():
    """Equal totals, different hands won and different last hands.

    hand 1: t1 N A S a E B W b NS 7 | t2 N C S c E D W d NS 7
    hand 2: t1 N A S a E C W c NS 7 | t2 N B S b E D W d NS 8
    A: 7 + 7 = 14, won 2, last 7.  B: 6 + 8 = 14, won 1, last 8.  C: 7 + 6 = 13.  D: 6 + 5 = 11.
    """
    people = entrants("A", "a", "B", "b", "C", "c", "D", "d")
    hands = [
        HandRecord(1, (table(1, "A", "B", "a", "b", 7), table(2, "C", "D", "c", "d", 7))),
        HandRecord(2, (table(1, "A", "C", "a", "c", 7), table(2, "B", "D", "b", "d", 8))),
    ]
    return people, hands


def countback_evening():
    """A at table 1 N-S takes 5, 8, 7; B at table 2 N-S takes 8, 5, 7. Both 20, both won 2, last 7."""
    people = entrants("A", "a", "X", "x", "B", "b", "Y", "y")
    hands = [
        HandRecord(number, (table(1, "A", "X", "a", "x", ns1), table(2, "B", "Y", "b", "y", ns2)))
        for number, ns1, ns2 in ((1, 5, 8), (2, 8, 5), (3, 7, 7))
    ]
    return people, hands


def ranks(standings):
    return {s.id: s.rank for s in standings}


def test_without_tie_breaks_equal_totals_are_shown_as_ties():
    people, hands = swing_table()
    standings = drive_standings(drive(hands=2, interval_after=1), people, hands)
    assert set(ranks(standings).values()) == {1}
    assert all(s.tied for s in standings)


def test_a_higher_second_half_separates_equal_totals():
    people, hands = swing_table()
    standings = drive_standings(drive(hands=2, interval_after=1, tie_breaks=["second_half"]), people, hands)
    # E-W took 8 in the second half, N-S 5.
    assert ranks(standings) == {"b": 1, "y": 1, "a": 3, "x": 3}


def test_second_half_does_not_separate_when_there_is_no_interval():
    people, hands = swing_table()
    standings = drive_standings(drive(hands=2, interval_after=None, tie_breaks=["second_half"]), people, hands)
    assert set(ranks(standings).values()) == {1}


def test_the_next_tie_break_is_tried_when_the_first_leaves_a_tie():
    people, hands = swing_table()
    fmt = drive(hands=2, interval_after=None, tie_breaks=["second_half", "last_hand"])
    assert ranks(drive_standings(fmt, people, hands)) == {"b": 1, "y": 1, "a": 3, "x": 3}


def test_more_hands_won_separates_equal_totals():
    people, hands = two_tables_hands_won()
    s = ranks(drive_standings(drive(hands=2, tie_breaks=["hands_won"]), people, hands))
    assert (s["A"], s["a"], s["B"], s["b"], s["C"], s["D"]) == (1, 1, 3, 3, 5, 7)


def test_tie_breaks_apply_in_the_order_the_club_lists_them():
    people, hands = two_tables_hands_won()
    last_first = ranks(drive_standings(drive(hands=2, tie_breaks=["last_hand", "hands_won"]), people, hands))
    won_first = ranks(drive_standings(drive(hands=2, tie_breaks=["hands_won", "last_hand"]), people, hands))
    assert (last_first["B"], last_first["A"]) == (1, 3)
    assert (won_first["A"], won_first["B"]) == (1, 3)


def test_a_sit_out_award_counts_as_the_last_hand_score():
    # Fixed 12 for a sit-out: p9 = 12 + 6 + 9 = 27; p2 = 6 + 7 + 12 = 25 (sat out the last hand);
    # p5 and p7 = 6 + 10 + 9 = 25 with 9 on the last hand. The award of 12 beats their 9.
    people, hands = sitout_evening()
    fmt = drive(sitout_score="fixed", sitout_fixed=12, tie_breaks=["last_hand"])
    s = by_id(drive_standings(fmt, people, hands))
    assert (s["p9"].rank, s["p2"].rank, s["p5"].rank, s["p7"].rank) == (1, 2, 3, 3)
    assert s["p2"].last_hand == 12 and not s["p2"].tied


def test_hands_won_does_not_count_a_sit_out():
    # Fixed 7: p9 = 7 + 6 + 9 = 22 won 1 (hand 3); p4 = 6 + 7 + 9 = 22 won 2 (hands 2 and 3).
    people, hands = sitout_evening()
    s = by_id(drive_standings(drive(sitout_score="fixed", tie_breaks=["hands_won"]), people, hands))
    assert (s["p9"].hands_won, s["p4"].hands_won) == (1, 2)
    assert s["p4"].rank < s["p9"].rank


def test_countback_compares_hand_scores_from_the_last_hand_backwards():
    people, hands = countback_evening()
    fmt = drive(tie_breaks=["countback"])
    s = ranks(drive_standings(fmt, people, hands))
    # Last hand 7 each; hand 2: A 8 against B 5, so A is ahead. E-W: Y 8 against X 5 on hand 2.
    assert (s["A"], s["a"], s["B"], s["b"]) == (1, 1, 3, 3)
    assert (s["Y"], s["X"]) == (5, 7)


def test_only_countback_separates_the_countback_evening():
    people, hands = countback_evening()
    fmt = drive(tie_breaks=["second_half", "last_hand", "hands_won"])
    s = ranks(drive_standings(fmt, people, hands))
    assert s["A"] == s["B"] == 1


def test_partners_who_scored_alike_stay_tied_after_every_tie_break():
    people, hands = countback_evening()
    fmt = drive(tie_breaks=["second_half", "last_hand", "hands_won", "countback"])
    standings = by_id(drive_standings(fmt, people, hands))
    assert standings["A"].rank == standings["a"].rank and standings["A"].tied
