import pytest

from whistdrive.engines.rules import Card, RuleError, deal, new_pack, next_dealer, parse_card, shuffled_pack


def test_cards_are_written_rank_then_suit():
    assert str(Card.of(14, "S")) == "AS"
    assert str(Card.of(10, "H")) == "10H"
    assert str(Card.of(2, "C")) == "2C"


@pytest.mark.parametrize("text", ["AS", "10H", "TH", "2C", "qd", " KS "])
def test_parsing_a_card_and_writing_it_back_round_trips(text):
    card = parse_card(text)
    assert parse_card(str(card)) == card
    assert str(card) == text.strip().upper().replace("T", "10")


@pytest.mark.parametrize("text", ["", "1S", "11H", "AX", "A", "10", "KSS"])
def test_a_card_that_does_not_exist_is_a_rule_error(text):
    with pytest.raises(RuleError, match="is not a card"):
        parse_card(text)


def test_the_pack_has_52_different_cards_and_ace_is_high_in_each_suit():
    pack = new_pack()
    assert len(set(pack)) == 52
    for suit in "SHDC":
        cards = [c for c in pack if c.suit == suit]
        assert max(cards) == Card.of(14, suit) and min(cards) == Card.of(2, suit)


def test_the_same_seed_shuffles_the_same_way_and_another_seed_differently():
    assert shuffled_pack(7) == shuffled_pack(7)
    assert shuffled_pack(7) != shuffled_pack(8)


def test_the_deal_goes_singly_clockwise_from_the_dealers_left():
    pack = new_pack()
    hand_out = deal(pack, "S")
    assert hand_out.eldest == "W"
    assert pack[0] in hand_out.hands["W"] and pack[1] in hand_out.hands["N"]
    assert pack[2] in hand_out.hands["E"] and pack[3] in hand_out.hands["S"]


def test_the_dealers_last_card_is_turned_and_stays_in_the_dealers_hand():
    pack = shuffled_pack(3)
    hand_out = deal(pack, "E")
    assert hand_out.turned == pack[51]
    assert hand_out.turned in hand_out.hands["E"]


def test_the_deal_passes_to_the_left():
    assert [next_dealer(s) for s in "NESW"] == ["E", "S", "W", "N"]


def test_a_short_pack_cannot_be_dealt():
    with pytest.raises(RuleError, match="52"):
        deal(new_pack()[:51], "N")
