"""Laws that hold for every deal, trick, hand and table."""

from hypothesis import given, settings
from hypothesis import strategies as st

from whistdrive.engines.formats import Format
from whistdrive.engines.rules import (
    SEATS,
    GameHand,
    HandEntry,
    RandomPlayer,
    deal,
    find_revokes,
    score_games,
    shuffled_pack,
    simulate_hand,
    trick_winner,
)

seeds = st.integers(min_value=0, max_value=2**32)
seats = st.sampled_from(SEATS)
trumps = st.sampled_from(["H", "D", "S", "C", "N"])
GAMES = Format(kind="games", hands=60, hands_per_round=60, interval_after=None, trumps="turned", movement="stationary")


@given(seeds, seats)
def test_every_deal_partitions_the_pack_into_four_hands_of_13(seed, dealer):
    hands = deal(shuffled_pack(seed), dealer).hands
    assert all(len(hand) == 13 for hand in hands.values())
    assert sorted(card for hand in hands.values() for card in hand) == list(range(52))


@given(st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True), trumps)
def test_a_trick_is_won_by_the_card_the_rules_make_highest(trick, trump):
    winner = trick[trick_winner(trick, trump)]
    led = trick[0] // 13
    trump_suit = "SHDC".index(trump) if trump != "N" else None
    played_trumps = [c for c in trick if c // 13 == trump_suit]
    if played_trumps:
        assert winner == max(played_trumps)
    else:
        assert winner == max(c for c in trick if c // 13 == led)


@settings(max_examples=60)
@given(seeds, seats, st.sampled_from(["H", "D", "S", "C", "N", None]), st.booleans())
def test_a_played_out_hand_has_13_tricks_and_legal_play_never_revokes(seed, dealer, trump, heuristic):
    players = None if heuristic else RandomPlayer(seed)
    hand = simulate_hand(seed, dealer, trump, players)
    tricks = hand.played.tricks
    assert len(tricks) == 13
    assert sum(hand.tricks.values()) == 13
    assert find_revokes(hand.deal.hands, [(t.leader, t.cards) for t in tricks]) == []
    assert sorted(c for t in tricks for c in t.cards) == list(range(52))


entries = st.builds(
    lambda ns, revoke: HandEntry(ns, 13 - ns, "H", revoke=revoke),
    st.integers(0, 13),
    st.sampled_from([None, None, None, "NS", "EW"]),
)


@given(st.lists(entries, max_size=40), st.sampled_from([5, 7, 9, 10]))
def test_with_tricks_scoring_only_one_side_scores_on_a_hand(hand_entries, target):
    fmt = GAMES.with_changes(target=target)
    scored = score_games(fmt, [GameHand(n, e) for n, e in enumerate(hand_entries, start=1)])
    for hand in scored.hands:
        assert min(hand.points.values()) == 0
        assert min(hand.score.values()) >= 0


honours_entries = st.builds(
    lambda ns, ns_honours, ew_extra, revoke: HandEntry(
        ns, 13 - ns, "S", ns_honours, min(ew_extra, 4 - ns_honours), revoke
    ),
    st.integers(0, 13),
    st.integers(0, 4),
    st.integers(0, 4),
    st.sampled_from([None, None, "NS", "EW"]),
)


@given(
    st.lists(honours_entries, max_size=40),
    st.sampled_from([5, 7, 9, 10]),
    st.sampled_from(["tricks", "points"]),
    st.booleans(),
    st.sets(st.integers(1, 40)),
)
def test_a_game_never_ends_tied_and_classic_rubbers_score_between_one_and_eight(
    hand_entries, target, penalty, can_win, fresh
):
    fmt = GAMES.with_changes(target=target, honours=True, revoke_penalty=penalty, honours_can_win=can_win)
    hands = [GameHand(n, e, fresh=n in fresh) for n, e in enumerate(hand_entries, start=1)]
    scored = score_games(fmt, hands)
    for game in scored.games:
        winner, loser = game.won_by, "EW" if game.won_by == "NS" else "NS"
        assert game.score[winner] >= target > game.score[loser]
    for rubber in scored.rubbers:
        assert 1 <= rubber.points <= 8
    for hand in scored.hands:
        if hand.game_won_by is None:
            assert max(hand.score.values()) < target
