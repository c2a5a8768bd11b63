import pytest

from whistdrive.engines.rules import RuleError, trump_for_hand


def test_a_rotation_repeats_from_hand_one():
    assert [trump_for_hand("HDSC", n) for n in range(1, 10)] == list("HDSCHDSCH")


def test_a_rotation_with_n_has_a_no_trump_hand_every_fifth_deal():
    assert [trump_for_hand("HDSCN", n) for n in range(1, 11)] == list("HDSCNHDSCN")


def test_any_order_of_suits_is_a_rotation():
    assert [trump_for_hand("CDHS", n) for n in range(1, 5)] == list("CDHS")


@pytest.mark.parametrize("mode", ["turned", "cut"])
def test_turned_and_cut_trumps_are_recorded_per_hand_so_there_is_none_in_advance(mode):
    assert trump_for_hand(mode, 3) is None


@pytest.mark.parametrize("trumps", ["HDSX", "HH", "", "hdsc"])
def test_a_rotation_that_is_not_one_is_a_rule_error(trumps):
    with pytest.raises(RuleError):
        trump_for_hand(trumps, 1)


def test_hands_are_numbered_from_one():
    with pytest.raises(RuleError, match="from 1"):
        trump_for_hand("HDSC", 0)
