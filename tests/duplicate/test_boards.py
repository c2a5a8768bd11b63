"""Boards: dealer by number, trump by number or turned, seeded deals, and checking a given deal."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from whistdrive.engines.duplicate import (
    Board,
    blank_board,
    board_problems,
    deal_problems,
    dealer_of,
    read_board,
    seeded_board,
    seeded_boards,
    trump_of,
)
from whistdrive.engines.rules import RandomPlayer, RuleError, parse_card


def test_the_dealer_of_board_n_is_north_east_south_west_in_turn_from_board_1():
    assert [dealer_of(n) for n in range(1, 10)] == ["N", "E", "S", "W", "N", "E", "S", "W", "N"]


def test_the_trump_is_the_rotations_by_board_number():
    assert [trump_of("HDSC", n) for n in range(1, 6)] == ["H", "D", "S", "C", "H"]
    assert [trump_of("HDSCN", n) for n in (5, 10)] == ["N", "N"]
    assert trump_of("turned", 3) is None
    assert blank_board("HDSC", 6) == Board(6, "E", "D")


@settings(max_examples=60, deadline=None)
@given(number=st.integers(1, 60), seed=st.integers(0, 2**40), trumps=st.sampled_from(["HDSC", "HDSCN", "turned"]))
def test_a_seeded_board_holds_52_different_cards_13_a_seat_and_passes_its_own_check(number, seed, trumps):
    board = seeded_board(trumps, number, seed)
    assert board.dealer == dealer_of(number)
    cards = [c for seat in "NESW" for c in board.deal[seat]]
    assert sorted(cards) == list(range(52))
    assert all(len(board.deal[seat]) == 13 for seat in "NESW")
    if trumps == "turned":
        # the trump is the suit of the dealer's last card, which the dealer holds
        assert board.turned in board.deal[board.dealer] and board.trump == board.turned.suit
    else:
        assert board.trump == trump_of(trumps, number) and board.turned is None
    written = board.to_dict()
    assert board_problems(trumps, written) == []
    again = read_board(trumps, written)
    assert (again.number, again.dealer, again.trump, dict(again.deal)) == (
        board.number,
        board.dealer,
        board.trump,
        dict(board.deal),
    )
    # the same seed and number always give the same cards; the next board differs
    assert seeded_board(trumps, number, seed) == board
    assert seeded_board(trumps, number + 1, seed).deal != board.deal


def test_a_board_is_written_as_the_spec_writes_it():
    board = seeded_boards("HDSC", 2, seed=5)[0]
    written = board.to_dict()
    assert set(written) == {"number", "dealer", "trump", "deal"}
    assert (written["number"], written["dealer"], written["trump"]) == (1, "N", "H")
    assert set(written["deal"]) == {"N", "E", "S", "W"}
    hand = [parse_card(c) for c in written["deal"]["N"]]
    assert hand == sorted(hand, reverse=True)  # each hand high to low, suit by suit
    assert blank_board("turned", 1).to_dict() == {"number": 1, "dealer": "N", "trump": None, "deal": None}


def deal_of(board: Board) -> dict:
    return board.to_dict()["deal"]


def test_a_faulty_deal_is_reported_card_by_card_with_its_place():
    deal = deal_of(seeded_board("HDSC", 1, 3))
    deal["N"] = deal["N"][:12]  # a card missing
    deal["E"][0] = deal["S"][0]  # a card twice
    deal["W"][1] = "1X"
    problems = deal_problems(deal, "boards[0].deal")
    assert "boards[0].deal.N: 12 cards, not 13" in problems
    assert any(p.startswith("boards[0].deal.S:") and "is also in E's hand" in p for p in problems)
    assert any(p.startswith("boards[0].deal.W: '1X' is not a card") for p in problems)
    assert deal_problems({"N": [], "E": []}) == [
        "deal: no cards for S, W",
        "deal.N: 0 cards, not 13",
        "deal.E: 0 cards, not 13",
    ]
    assert deal_problems("AS KS") == ["deal: a deal gives each of N, E, S and W its 13 cards"]


def test_a_board_whose_dealer_or_trump_breaks_the_rule_is_named():
    written = seeded_board("HDSC", 3, 9).to_dict()
    assert board_problems("HDSC", {**written, "dealer": "N"}, "boards[2]") == [
        "boards[2].dealer: board 3 is dealt by S (N, E, S, W in turn from board 1), not 'N'"
    ]
    assert board_problems("HDSC", {**written, "trump": "H"}, "boards[2]") == [
        "boards[2].trump: board 3 is played in spades, not 'H'"
    ]
    assert board_problems("HDSC", {**written, "number": 0}) == ["board.number: boards are numbered from 1, not 0"]


def test_a_turned_trump_is_a_suit_and_may_wait_for_the_first_table():
    written = seeded_board("turned", 1, 11).to_dict()
    assert board_problems("turned", {**written, "trump": "N"}) == [
        "board.trump: a turned trump is a suit, so it cannot be no trumps"
    ]
    # dealt at the table: the trump is not known until the first table records it
    assert board_problems("turned", {"number": 1, "dealer": "N", "trump": None, "deal": None}) == []


def test_a_turned_trump_the_dealer_cannot_hold_is_refused():
    # A deal where North (dealer of board 1) holds no clubs at all.
    cards = [f"{r}{s}" for s in "SHDC" for r in ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]]
    deal = {"N": cards[0:13], "E": cards[13:26], "S": cards[26:39], "W": cards[39:52]}
    problems = board_problems("turned", {"number": 1, "dealer": "N", "trump": "C", "deal": deal}, "boards[0]")
    assert problems == ["boards[0].trump: the dealer (N) turns the last card for trumps and holds no clubs"]


def test_reading_a_faulty_board_is_a_rule_error_listing_every_fault():
    written = seeded_board("HDSC", 2, 1).to_dict()
    written["dealer"] = "W"
    written["deal"]["N"] = written["deal"]["N"][:-1]
    with pytest.raises(RuleError) as error:
        read_board("HDSC", written, "boards[1]")
    assert "boards[1].dealer" in str(error.value) and "boards[1].deal.N: 12 cards" in str(error.value)


def test_every_table_plays_the_same_cards_of_a_board():
    board = seeded_board("HDSC", 4, 21)
    # the deterministic heuristic players make the same tricks at every table
    first = board.play()
    assert all(board.play().tricks_won == first.tricks_won for _ in range(3))
    # random players play legal cards from the same hands: each card of the deal once
    for seed in range(20):
        played = board.play(RandomPlayer(seed))
        assert sorted(c for trick in played.tricks for c in trick.cards) == list(range(52))
        assert played.tricks[0].leader == "N"  # board 4: West deals, so North (eldest hand) leads
        assert sum(played.tricks_won.values()) == 13


def test_a_board_dealt_at_the_table_has_no_deal_to_play():
    with pytest.raises(RuleError, match="dealt at the table"):
        blank_board("HDSC", 1).play()
