"""The prize rules a club would use: the booby among those who played every hand; the other prizes on the
total (or, as the club chooses, the average per hand for those who missed hands); a reason for everyone
left out. The examples are docs/prizes.md's."""

from dataclasses import replace

from whistdrive.engines.prizes import award_prizes, qualification

from .test_prizes import field

HANDS = 24
PRIZES = [{"kind": "top", "role": None, "places": 2}, {"kind": "booby", "role": None}]


def evening():
    """Ann, Beth and Cora played all 24 hands; Lena arrived at hand 9 (16 hands), Nell at hand 21 (4 hands)."""
    people = {s.name: s for s in field(
        ("Ann", None, 170, 85, 0), ("Beth", None, 160, 80, 0), ("Cora", None, 150, 75, 0),
        ("Lena", None, 120, 20, 0), ("Nell", None, 30, 0, 0),
    )}  # fmt: skip
    people["Lena"] = replace(people["Lena"], hands_played=16)
    people["Nell"] = replace(people["Nell"], hands_played=4)
    return sorted(people.values(), key=lambda s: s.rank)


def winners(awards):
    return {a.description: a.winners[0].name for a in awards if a.winners}


def test_a_late_arrivals_low_total_from_fewer_hands_is_not_the_booby():
    standings = evening()
    who = qualification(standings, hands=HANDS, need=12)
    awards = award_prizes(PRIZES, standings, qualified=who.prizes, booby_qualified=who.booby)
    assert winners(awards) == {"1st": "Ann", "2nd": "Beth", "Booby": "Cora"}


def test_the_prize_list_says_why_each_late_arrival_is_left_out():
    who = qualification(evening(), hands=HANDS, need=12)
    assert who.reasons == {
        "lena": "missed 8 hands: the booby goes only to those who played every hand",
        "nell": "took part in 4 of 24 hands: a prize needs 12",
    }


def test_a_hand_sat_out_counts_as_taking_part():
    standings = [replace(s, hands_played=22, hands_sat_out=2) if s.name == "Cora" else s for s in evening()]
    who = qualification(standings, hands=HANDS, need=12)
    assert "cora" in who.booby and "cora" not in who.reasons


def test_on_the_average_per_hand_a_late_arrivals_good_start_can_win():
    standings = evening()
    standings = [replace(s, total=130) if s.name == "Lena" else s for s in standings]  # 8.13 a hand
    who = qualification(standings, hands=HANDS, need=12)
    on_total = award_prizes(PRIZES, standings, qualified=who.prizes, booby_qualified=who.booby)
    on_average = award_prizes(PRIZES, standings, qualified=who.prizes, booby_qualified=who.booby, basis="average")
    assert winners(on_total)["1st"] == "Ann"
    assert winners(on_average) == {"1st": "Lena", "2nd": "Ann", "Booby": "Cora"}
    assert [a.winners[0].score for a in on_average if a.kind == "top"] == [8.12, 7.08]


def test_provisional_prizes_count_the_hands_a_player_present_can_still_play():
    standings = [replace(s, hands_played=10) for s in evening() if s.name != "Nell"]
    who = qualification(standings, hands=HANDS, need=12, still_to_come={s.id: 14 for s in standings})
    assert who.booby == {"ann", "beth", "cora", "lena"}
