"""The special prizes a club chooses from a list (most hands of ten or more tricks, most hands won, the lowest
second half, the lowest at half-time): judged on the evening's standings, one prize per person, and the low ones,
like the booby, only among those who played every hand."""

import pytest

from tests.standings.test_prizes import EVENING, field, winners
from whistdrive.engines.prizes import SPECIAL, PrizeError, award_prizes, default_prizes, describe


def test_the_lowest_second_half_goes_to_the_lowest_second_half_not_the_lowest_total():
    # Edna and Fay share the lowest total (121), but Fay's second half (121 - 61 = 60) is the room's lowest.
    (award,) = award_prizes([{"kind": "low_second_half"}], EVENING)
    assert winners(award) == ["Fay"] and award.winners[0].score == 60
    assert award.description == "Lowest second half"


def test_the_lowest_at_half_time_goes_to_the_lowest_first_half():
    evening = field(("Ann", "lady", 170, 90, 2), ("Bob", "gent", 100, 55, 0), ("Cy", "gent", 90, 58, 0))
    (award,) = award_prizes([{"kind": "low_half_time"}], evening)
    assert winners(award) == ["Bob"] and award.winners[0].score == 55


def test_most_hands_won_goes_to_the_most_hands_on_the_winning_side():
    evening = [s.__class__(**{**s.__dict__, "hands_won": won}) for s, won in zip(EVENING, range(11), strict=True)]
    (award,) = award_prizes([{"kind": "hands_won"}], evening)
    assert winners(award) == [evening[-1].name] and award.winners[0].score == 10


def test_a_winner_of_a_place_is_not_also_given_a_special_prize():
    # Cath has the most tens (4) but takes the ladies' 3rd place first: the next most tens, Gus's 3, win.
    awards = award_prizes([{"kind": "top", "role": "lady", "places": 3}, {"kind": "tens"}], EVENING)
    assert winners(awards[-1]) == ["Gus"]


def test_a_lowest_score_prize_goes_only_to_those_who_played_every_hand():
    # Fay has the lowest second half but missed a hand: the next lowest wins it.
    awards = award_prizes([{"kind": "low_second_half"}], EVENING,
                          booby_qualified={s.id for s in EVENING if s.name != "Fay"})  # fmt: skip
    assert winners(awards[0]) == ["Edna"]


def test_an_equal_lowest_second_half_is_a_tie_to_settle_not_a_silent_choice():
    evening = field(("Ann", "lady", 150, 90, 0), ("Bea", "lady", 140, 80, 0), ("Cy", "gent", 160, 90, 0))
    (award,) = award_prizes([{"kind": "low_second_half"}], evening)
    assert award.tie and winners(award) == ["Ann", "Bea"]


def test_a_clubs_special_prizes_follow_the_places_and_boobies_of_the_default_list():
    prizes = default_prizes(True, special=["low_second_half", "tens"])
    assert [p["kind"] for p in prizes] == ["top", "top", "booby", "booby", "low_second_half", "tens"]


def test_without_an_interval_a_prize_for_a_half_is_left_out():
    prizes = default_prizes(False, special=["low_half_time", "tens", "low_second_half"], halves=False)
    assert [p["kind"] for p in prizes] == ["top", "booby", "tens"]


def test_a_special_prize_not_on_the_list_is_refused_by_name():
    with pytest.raises(PrizeError, match="'most_sevens' is not a special prize"):
        default_prizes(True, special=["most_sevens"])


@pytest.mark.parametrize("kind", SPECIAL)
def test_every_special_prize_has_words_and_a_winner(kind):
    (award,) = award_prizes([{"kind": kind}], EVENING)
    assert award.winners and award.description == describe(kind, None)


def test_most_tens_when_nobody_took_ten_tricks_is_not_awarded_and_says_why():
    evening = field(("Ann", "lady", 150, 70, 0), ("Bea", "lady", 140, 80, 0), ("Cy", "gent", 160, 90, 1))
    awards = award_prizes([{"kind": "top", "places": 1}, {"kind": "tens"}], evening)
    # Cy, the only one with a ten, won the top prize: nobody left, the others have no ten to win it with.
    assert awards[1].winners == () and awards[1].why == "nobody left to win it"
    (alone,) = award_prizes([{"kind": "tens"}], field(("Ann", "lady", 150, 70, 0), ("Bea", "lady", 140, 80, 0)))
    assert alone.winners == () and alone.why == "nobody took ten tricks in a hand"
