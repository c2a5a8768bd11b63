"""The solver against deals whose double-dummy tricks can be worked out by hand: each trump suit, no trumps, and
each of the four leaders (the player on the dealer's left)."""

import pytest

from whistdrive.engines.duplicate import Board, DoubleDummy, leader_of, seeded_boards, solve, solve_boards, took_words
from whistdrive.engines.rules import RuleError, parse_cards

# The dealer whose left-hand player leads: N leads when W deals, and so on round the table.
DEALER_FOR_LEADER = {"N": "W", "E": "N", "S": "E", "W": "S"}


def _deal(**hands: str) -> dict:
    return {seat: tuple(sorted(parse_cards(cards))) for seat, cards in hands.items()}


# Each player holds one whole suit: a player with all the trumps takes every trick; at no trumps the side on lead
# runs its suit and takes all 13.
ONE_SUIT_EACH = _deal(
    N="AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S",
    E="AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H",
    S="AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D",
    W="AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C",
)

# N–S hold every spade and the top hearts and diamonds; E the small hearts and diamonds; W all the clubs.
# At spades N–S take all 13 whoever leads (they ruff the clubs). At clubs W ruffs or draws everything: 0 for N–S.
# At no trumps the leader decides: W leads a club and runs all 13, and anyone else's lead gives N–S the rest
# (W never gets in: N–S have no club to lead).
NS_HOLD_THE_TOP = _deal(
    N="AS KS QS JS 10S 9S 8S AH KH QH AD KD QD",
    S="7S 6S 5S 4S 3S 2S JH 10H 9H 8H JD 10D 9D",
    E="7H 6H 5H 4H 3H 2H 8D 7D 6D 5D 4D 3D 2D",
    W="AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C",
)


def _board(deal, trump, leader, number=1):
    return Board(number, DEALER_FOR_LEADER[leader], trump, deal)


def test_the_player_on_the_dealers_left_leads():
    assert [leader_of(dealer) for dealer in "NESW"] == ["E", "S", "W", "N"]


@pytest.mark.parametrize(
    ("trump", "ns"),
    [("S", 13), ("H", 0), ("D", 13), ("C", 0)],
)
@pytest.mark.parametrize("leader", ["N", "E", "S", "W"])
def test_the_side_with_every_trump_takes_every_trick_whoever_leads(trump, ns, leader):
    found = solve(_board(ONE_SUIT_EACH, trump, leader))
    assert found == DoubleDummy(ns, leader, trump)
    assert found.ew == 13 - ns


@pytest.mark.parametrize(("leader", "ns"), [("N", 13), ("E", 0), ("S", 13), ("W", 0)])
def test_at_no_trumps_the_side_on_lead_runs_its_suit(leader, ns):
    assert solve(_board(ONE_SUIT_EACH, "N", leader)).ns == ns


@pytest.mark.parametrize(("leader", "ns"), [("N", 13), ("E", 13), ("S", 13), ("W", 0)])
def test_at_no_trumps_only_wests_lead_lets_the_clubs_in(leader, ns):
    assert solve(_board(NS_HOLD_THE_TOP, "N", leader)).ns == ns


@pytest.mark.parametrize("leader", ["N", "E", "S", "W"])
def test_at_spades_north_south_ruff_the_clubs_and_at_clubs_west_takes_everything(leader):
    assert solve(_board(NS_HOLD_THE_TOP, "S", leader)).ns == 13
    assert solve(_board(NS_HOLD_THE_TOP, "C", leader)).ns == 0


def test_many_boards_solved_together_give_what_each_gives_alone():
    boards = seeded_boards("HDSCN", 12, seed=51)
    together = solve_boards(boards)
    assert together == [solve(board) for board in boards]
    assert [found.leader for found in together] == [leader_of(board.dealer) for board in boards]
    assert [found.trump for found in together] == [board.trump for board in boards]
    assert all(0 <= found.ns <= 13 for found in together)


def test_a_board_without_a_deal_or_a_trump_is_refused_by_number():
    with pytest.raises(RuleError, match="board 7 was dealt at the table"):
        solve_boards([Board(7, "S", "H")])
    with pytest.raises(RuleError, match="board 3 has no trump recorded yet"):
        solve_boards([Board(3, "S", None, ONE_SUIT_EACH)])
    assert solve_boards([]) == []


def test_the_words_for_the_hand_records_and_a_table():
    assert DoubleDummy(8, "E", "H").words() == "Double dummy: N–S 8, E–W 5"
    assert took_words(7, 8) == "took 7; 8 were there"
    assert took_words(0, 1) == "took 0; 1 was there"


@pytest.mark.slow
def test_the_tricks_are_ddss_table_for_the_dealer_as_declarer_on_real_boards():
    # In DDS's bridge words the opening leader is declarer's left-hand opponent: whist's declarer is the dealer.
    # Its other entry point (the whole table of declarers and denominations) must agree with the leader's solve.
    from endplay.dds import calc_dd_table
    from endplay.types import Deal, Denom, Player

    from whistdrive.engines.duplicate.double_dummy import _pbn

    for board in seeded_boards("HDSCN", 10, seed=7):
        table = calc_dd_table(Deal(_pbn(board.deal)))
        declarer = table[Denom("SHDCN".index(board.trump)), Player.find(board.dealer)]
        assert solve(board).tricks_of("NS" if board.dealer in "NS" else "EW") == declarer
