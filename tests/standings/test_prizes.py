"""Prizes from the organiser's list: one per person, in order, ties flagged not settled."""

import pytest

from whistdrive.engines.prizes import PrizeError, award_prizes, describe, ordinal
from whistdrive.engines.standings import Standing


def field(*rows):
    """Standings from (name, role, total, first_half, tens); ranks shared on equal totals."""
    ordered = sorted(rows, key=lambda r: -r[2])
    out = []
    for name, role, total, first, tens in ordered:
        rank = 1 + sum(1 for other in ordered if other[2] > total)
        tied = sum(1 for other in ordered if other[2] == total) > 1
        out.append(
            Standing(
                id=name.lower(),
                name=name,
                role=role,
                rank=rank,
                tied=tied,
                total=total,
                first_half=first,
                second_half=total - first,
                hands_played=24,
                hands_sat_out=0,
                hands_won=12,
                tens=tens,
                hands=(),
                running=(),
                last_hand=None,
            )
        )
    return out


EVENING = field(
    ("Ann", "lady", 170, 90, 2),
    ("Beth", "lady", 165, 80, 1),
    ("Cath", "lady", 160, 85, 4),
    ("Dora", "lady", 150, 70, 0),
    ("Edna", "lady", 121, 60, 0),
    ("Fay", "lady", 121, 61, 0),
    ("Gus", "gent", 168, 84, 3),
    ("Hal", "gent", 162, 79, 1),
    ("Ian", "gent", 155, 88, 0),
    ("Jim", "gent", 140, 75, 0),
    ("Ken", "gent", 130, 60, 0),
)


def winners(award):
    return [w.name for w in award.winners]


def test_top_prizes_go_to_the_best_of_each_role_with_their_scores():
    awards = award_prizes(
        [{"kind": "top", "role": "lady", "places": 3}, {"kind": "top", "role": "gent", "places": 2}], EVENING
    )
    assert [(a.description, winners(a), a.winners[0].score) for a in awards] == [
        ("Ladies' 1st", ["Ann"], 170),
        ("Ladies' 2nd", ["Beth"], 165),
        ("Ladies' 3rd", ["Cath"], 160),
        ("Gents' 1st", ["Gus"], 168),
        ("Gents' 2nd", ["Hal"], 162),
    ]
    assert not any(a.tie for a in awards)


def test_top_overall_ignores_roles():
    awards = award_prizes([{"kind": "top", "places": 3}], EVENING)
    assert [(a.description, winners(a)) for a in awards] == [("1st", ["Ann"]), ("2nd", ["Gus"]), ("3rd", ["Beth"])]


def test_a_person_who_tops_two_lists_takes_the_first_and_the_next_in_line_takes_the_other():
    # Ann has the best first half (90) but has already won Ladies' 1st; next is Ian (88).
    awards = award_prizes([{"kind": "top", "role": "lady", "places": 1}, {"kind": "half_time"}], EVENING)
    assert [winners(a) for a in awards] == [["Ann"], ["Ian"]]
    assert awards[1].description == "Highest at half-time" and awards[1].winners[0].score == 88


def test_the_organisers_order_decides_which_prize_a_double_winner_takes():
    awards = award_prizes([{"kind": "half_time"}, {"kind": "top", "role": "lady", "places": 1}], EVENING)
    assert [winners(a) for a in awards] == [["Ann"], ["Beth"]]


def test_without_one_prize_per_person_the_same_person_can_win_twice():
    awards = award_prizes([{"kind": "top", "role": "lady"}, {"kind": "half_time"}], EVENING, one_per_person=False)
    assert [winners(a) for a in awards] == [["Ann"], ["Ann"]]


def test_second_half_prize_goes_to_the_highest_second_half():
    # Second halves: Ann 80, Beth 85, Gus 84, Hal 83, Cath 75 ...
    awards = award_prizes([{"kind": "second_half"}], EVENING)
    assert winners(awards[0]) == ["Beth"] and awards[0].winners[0].score == 85


def test_tens_prize_goes_to_most_hands_of_ten_or_more():
    awards = award_prizes([{"kind": "tens"}], EVENING)
    assert winners(awards[0]) == ["Cath"] and awards[0].winners[0].score == 4


def test_a_tie_for_the_booby_is_flagged_with_everyone_tied_not_settled():
    awards = award_prizes([{"kind": "booby"}], EVENING)
    (award,) = awards
    assert award.tie
    assert winners(award) == ["Edna", "Fay"]
    assert award.message == "Tie for the booby prize between Edna and Fay on 121: settle by a cut of cards"


def test_a_booby_per_role_takes_the_lowest_of_that_role():
    awards = award_prizes([{"kind": "booby", "role": "gent"}, {"kind": "booby", "role": "lady"}], EVENING)
    assert (awards[0].description, winners(awards[0]), awards[0].tie) == ("Booby (gents)", ["Ken"], False)
    assert awards[1].message.startswith("Tie for the booby prize (ladies) between Edna and Fay on 121")


def test_a_tie_for_the_last_place_of_a_top_prize_is_flagged():
    evening = field(
        ("Ann", None, 170, 80, 0), ("Bob", None, 160, 80, 0), ("Cy", None, 160, 80, 0), ("Di", None, 150, 80, 0)
    )
    awards = award_prizes([{"kind": "top", "places": 2}], evening)
    assert [(a.description, winners(a), a.tie) for a in awards] == [
        ("1st", ["Ann"], False),
        ("2nd", ["Bob", "Cy"], True),
    ]
    assert awards[1].message == "Tie for 2nd between Bob and Cy on 160: settle by a cut of cards"


def test_a_three_way_tie_for_the_last_two_places_names_both_places():
    evening = field(
        ("Ann", None, 170, 80, 0), ("Bob", None, 160, 80, 0), ("Cy", None, 160, 80, 0), ("Di", None, 160, 80, 0)
    )
    awards = award_prizes([{"kind": "top", "places": 3}], evening)
    assert [(a.description, winners(a), a.tie) for a in awards] == [
        ("1st", ["Ann"], False),
        ("2nd and 3rd", ["Bob", "Cy", "Di"], True),
    ]
    assert awards[1].message == "Tie for 2nd and 3rd between Bob, Cy and Di on 160: settle by a cut of cards"
    ladies = field(*[(n, "lady", t, 80, 0) for n, t in (("Ann", 170), ("Bet", 160), ("Cat", 160), ("Dot", 160))])
    awards = award_prizes([{"kind": "top", "role": "lady", "places": 3}], ladies)
    assert awards[1].description == "Ladies' 2nd and 3rd"


def test_people_equal_within_the_places_each_win_and_are_told_they_are_equal():
    evening = field(("Ann", None, 170, 80, 0), ("Bob", None, 170, 80, 0), ("Cy", None, 150, 80, 0))
    awards = award_prizes([{"kind": "top", "places": 2}], evening)
    assert [(winners(a), a.tie) for a in awards] == [(["Ann"], False), (["Bob"], False)]
    assert awards[0].message == "equal with Bob on 170"


def test_the_mystery_score_goes_to_the_total_nearest_from_below():
    evening = field(("Ann", None, 148, 80, 0), ("Bob", None, 153, 80, 0), ("Cy", None, 170, 80, 0))
    award = award_prizes([{"kind": "mystery", "target": 150}], evening)[0]
    assert (winners(award), award.description) == (["Ann"], "Mystery score (150)")


def test_the_mystery_score_goes_to_the_total_nearest_from_above():
    evening = field(("Ann", None, 146, 80, 0), ("Bob", None, 151, 80, 0))
    assert winners(award_prizes([{"kind": "mystery", "target": 150}], evening)[0]) == ["Bob"]


def test_equally_near_the_mystery_score_either_side_is_a_tie():
    evening = field(("Ann", None, 147, 80, 0), ("Bob", None, 153, 80, 0))
    award = award_prizes([{"kind": "mystery", "target": 150}], evening)[0]
    assert award.tie and winners(award) == ["Ann", "Bob"]


def test_a_prize_nobody_is_left_to_win_is_reported_empty():
    evening = field(("Ann", "lady", 170, 80, 0))
    awards = award_prizes([{"kind": "top", "role": "lady"}, {"kind": "booby", "role": "lady"}], evening)
    assert awards[1].winners == () and "nobody" in awards[1].message


@pytest.mark.parametrize(
    "prize, words",
    [
        ({"kind": "raffle", "label": "Raffle"}, "prize 1 ('Raffle'): the kind must be one of"),
        ({"kind": "top", "places": 0}, "places must be a whole number from 1 to 20, not 0"),
        ({"kind": "top", "role": "child"}, "the role must be lady, gent or none"),
        ({"kind": "mystery"}, "needs the announced score"),
        ({"kind": "top", "target": 3}, "only a mystery score prize has a target"),
        ({"kind": "top", "place": 3}, "unknown setting place"),
    ],
)
def test_a_faulty_prize_list_is_a_user_error_naming_the_prize(prize, words):
    with pytest.raises(PrizeError) as raised:
        award_prizes([prize], EVENING)
    assert words in str(raised.value)
    assert str(raised.value).startswith("prize 1")


def test_prizes_are_described_in_words():
    assert describe("top", "lady", 1, 3) == "Ladies' 1st"
    assert describe("booby", "gent") == "Booby (gents)"
    assert describe("half_time", None) == "Highest at half-time"
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == [
        "1st",
        "2nd",
        "3rd",
        "4th",
        "11th",
        "12th",
        "13th",
        "21st",
        "22nd",
        "101st",
        "111th",
    ]


def test_the_default_prize_list_is_ladies_and_gents_top_three_and_boobies_or_overall_without_roles():
    from whistdrive.engines.prizes import default_prizes, validate_prizes

    with_roles = default_prizes(True)
    assert [(p["kind"], p["role"]) for p in with_roles] == [
        ("top", "lady"), ("top", "gent"), ("booby", "lady"), ("booby", "gent"),
    ]  # fmt: skip
    assert [(p["kind"], p["role"]) for p in default_prizes(False)] == [("top", None), ("booby", None)]
    validate_prizes(with_roles)
    # Each caller gets its own copy: editing one event's list never changes the default.
    with_roles[0]["places"] = 1
    assert default_prizes(True)[0]["places"] == 3
