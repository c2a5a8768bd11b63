from whistdrive.engines.rules import SEATS, HeuristicPlayer, RandomPlayer, simulate_hand


def test_the_same_seed_plays_the_same_hand():
    first = simulate_hand(42, "S", None, RandomPlayer(42))
    again = simulate_hand(42, "S", None, RandomPlayer(42))
    assert first.played.tricks == again.played.tricks


def test_a_simulated_hand_uses_the_turned_suit_when_no_trump_is_given():
    hand = simulate_hand(9, "W", None)
    assert hand.trump == hand.deal.turned.suit
    assert simulate_hand(9, "W", "N").trump == "N"


def test_the_simulation_reports_honours_held_and_tricks_per_side():
    hand = simulate_hand(3, "N", "D")
    assert sum(hand.tricks.values()) == 13
    assert set(hand.honours) == {"NS", "EW"} and sum(hand.honours.values()) == 4


def heuristic_margin(hands: int) -> float:
    """Average tricks a heuristic pair takes over a random pair, each deal played from both sides."""
    heuristic = HeuristicPlayer()
    total = 0
    for seed in range(hands):
        dealer = SEATS[seed % 4]
        random_player = RandomPlayer(seed)
        as_ns = simulate_hand(
            seed, dealer, None, {"N": heuristic, "S": heuristic, "E": random_player, "W": random_player}
        )
        random_player = RandomPlayer(seed)
        as_ew = simulate_hand(
            seed, dealer, None, {"E": heuristic, "W": heuristic, "N": random_player, "S": random_player}
        )
        total += (as_ns.tricks["NS"] - as_ns.tricks["EW"]) + (as_ew.tricks["EW"] - as_ew.tricks["NS"])
    return total / (2 * hands)


def test_the_heuristic_player_beats_the_random_player_by_a_clear_margin_over_2000_hands():
    # Measured 3.46 tricks a hand (8.23 to 4.77); 2 tricks would still be a clear win.
    assert heuristic_margin(2000) > 2.0
