import pytest

from whistdrive.engines.rules import (
    HeuristicPlayer,
    RuleError,
    deal,
    find_revokes,
    honours_held,
    legal_cards,
    parse_cards,
    play_hand,
    shuffled_pack,
    trick_winner,
)


def cards(text):
    return parse_cards(text)


def test_a_player_holding_the_led_suit_must_follow_it():
    hand = cards("AS 3S KH 2D")
    assert sorted(legal_cards(hand, cards("10S"))) == sorted(cards("AS 3S"))


def test_a_player_void_in_the_led_suit_may_play_anything():
    hand = cards("KH 2D 5C")
    assert sorted(legal_cards(hand, cards("10S"))) == sorted(hand)


def test_the_leader_may_lead_anything():
    hand = cards("AS KH 2D")
    assert sorted(legal_cards(hand, [])) == sorted(hand)


def test_the_highest_card_of_the_suit_led_wins_when_no_trump_is_played():
    assert trick_winner(cards("10S AS KH 2S"), "H") == 2  # KH is a trump
    assert trick_winner(cards("10S AS KD 2S"), "H") == 1


def test_the_highest_trump_wins_even_against_higher_cards_of_the_suit_led():
    assert trick_winner(cards("AS 2H 3H KS"), "H") == 2


def test_a_card_of_another_plain_suit_never_wins():
    assert trick_winner(cards("2S AD AC 3S"), "H") == 3


def test_in_a_no_trump_hand_the_highest_of_the_suit_led_wins():
    assert trick_winner(cards("10S 2H AH 2S"), "N") == 0
    assert trick_winner(cards("10S 2H AH JS"), None) == 3


def test_a_played_hand_has_13_tricks_and_the_winner_leads_the_next():
    the_deal = deal(shuffled_pack(11), "N")
    played = play_hand(the_deal.hands, "S", the_deal.eldest, HeuristicPlayer())
    assert len(played.tricks) == 13
    assert played.tricks[0].leader == "E"
    for before, after in zip(played.tricks, played.tricks[1:], strict=False):
        assert after.leader == before.winner
    assert sum(played.tricks_won.values()) == 13


class Revoker:
    """Plays the highest card it holds, following suit or not."""

    def choose(self, hand, trick, trump, gone):
        return max(hand)


def test_the_engine_refuses_a_player_who_fails_to_follow_suit():
    the_deal = deal(shuffled_pack(5), "N")
    with pytest.raises(RuleError, match="must follow suit"):
        play_hand(the_deal.hands, "H", "E", Revoker())


HANDS = {
    "N": cards("AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2H"),
    "E": cards("AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2S"),
    "S": cards("AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2C"),
    "W": cards("AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2D"),
}


def test_a_card_off_the_led_suit_while_holding_it_is_a_revoke_not_yet_established():
    # E holds 2S but trumps the spade lead with a heart.
    tricks = [("N", cards("AS 3H 2C 3C"))]
    [revoke] = find_revokes(HANDS, tricks)
    assert (revoke.seat, revoke.side, revoke.trick, str(revoke.card)) == ("E", "EW", 1, "3H")
    assert not revoke.established


def test_a_revoke_is_established_once_the_offending_side_plays_to_the_next_trick():
    first = ("E", cards("4H"))  # E leads trick 2 (who won trick 1 does not matter here)
    assert find_revokes(HANDS, [("N", cards("AS 3H 2C 3C")), first])[0].established
    # Only when the partner plays: W is the fourth to play after S leads.
    partial = [("N", cards("AS 3H 2C 3C")), ("S", cards("3D"))]
    assert not find_revokes(HANDS, partial)[0].established
    partial = [("N", cards("AS 3H 2C 3C")), ("S", cards("3D 4C"))]
    assert find_revokes(HANDS, partial)[0].established


def test_following_suit_or_being_void_is_no_revoke():
    assert find_revokes(HANDS, [("N", cards("AS 2S 2C 3C"))]) == []


def test_a_record_with_a_card_the_player_does_not_hold_is_a_rule_error():
    with pytest.raises(RuleError, match="do not hold"):
        find_revokes(HANDS, [("N", cards("AH 2S 2C 3C"))])


def test_honours_are_counted_per_side_as_dealt():
    assert honours_held(HANDS, "S") == {"NS": 4, "EW": 0}
    assert honours_held(HANDS, "H") == {"NS": 0, "EW": 4}


def test_honours_split_between_partners_count_for_the_side():
    hands = {seat: list(hand) for seat, hand in HANDS.items()}
    hands["N"][hands["N"].index(parse_cards("AS")[0])] = parse_cards("2S")[0]
    hands["E"][hands["E"].index(parse_cards("2S")[0])] = parse_cards("AS")[0]
    assert honours_held(hands, "S") == {"NS": 3, "EW": 1}


def test_a_no_trump_hand_has_no_honours():
    assert honours_held(HANDS, "N") == {"NS": 0, "EW": 0}
