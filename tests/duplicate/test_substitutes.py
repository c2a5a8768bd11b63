"""A substitute in duplicate: a player id that takes the seat of a player who has left, beside the same
partner. The spec's "partnerships never change" is read by seats: the pair stays the pair, its results
stay its own; any other change of partners is still refused, naming the place."""

import copy

import pytest

from whistdrive.engines.duplicate import duplicate_problems, plays_from_hands, score_duplicate, substitutes_of

from .evenings import duplicate, played_evening

MITCHELL = duplicate(boards=12, boards_per_round=3)  # 4 rounds, at 4 tables and a half table for 9 pairs


@pytest.fixture(scope="module")
def evening():
    _begun, boards, hands = played_evening(MITCHELL, 9, seed=4)
    return boards, hands


def replaced(hands, leaver: str, newcomer: str, from_hand: int) -> list[dict]:
    """The hands with ``newcomer`` in ``leaver``'s place from board slot ``from_hand`` (1-based) on."""
    hands = copy.deepcopy(hands)
    for hand in hands[from_hand - 1 :]:
        for table in hand["tables"]:
            table["seats"] = {s: newcomer if p == leaver else p for s, p in table["seats"].items()}
        hand["sitting_out"] = [newcomer if p == leaver else p for p in hand["sitting_out"]]
    return hands


def seat_of(hands, player: str, hand: int) -> tuple[int, str]:
    return next((t["table"], s) for t in hands[hand - 1]["tables"] for s, p in t["seats"].items() if p == player)


def test_a_substitute_stands_in_for_the_player_whose_seat_they_take(evening):
    boards, hands = evening
    leaver = hands[0]["tables"][1]["seats"]["S"]
    subbed = replaced(hands, leaver, "p99", from_hand=5)  # from the second round's second board
    assert substitutes_of(subbed).stands == {"p99": leaver}
    assert duplicate_problems(MITCHELL, boards, subbed) == []
    # The results are the pair's: the same as if the leaver had played on.
    trumps = {b["number"]: b["trump"] for b in boards}
    assert score_duplicate(MITCHELL, plays_from_hands(subbed), trumps) == score_duplicate(
        MITCHELL, plays_from_hands(hands), trumps
    )


def test_a_substitute_may_leave_in_turn_and_the_next_stands_in_for_the_same_player(evening):
    boards, hands = evening
    leaver = hands[0]["tables"][0]["seats"]["E"]
    subbed = replaced(replaced(hands, leaver, "p98", from_hand=4), "p98", "p99", from_hand=10)
    assert substitutes_of(subbed).stands == {"p98": leaver, "p99": leaver}
    assert duplicate_problems(MITCHELL, boards, subbed) == []


def test_a_substitute_may_first_come_in_while_the_pair_sits_out(evening):
    boards, hands = evening
    out = hands[0]["sitting_out"]  # an E–W pair at the half table in round 1
    assert len(out) == 2
    subbed = replaced(hands, out[1], "p99", from_hand=2)
    assert substitutes_of(subbed).stands == {"p99": out[1]}
    assert duplicate_problems(MITCHELL, boards, subbed) == []


def test_two_players_swapping_partners_is_still_a_change_of_partnership(evening):
    boards, hands = evening
    one, two = hands[0]["tables"][0]["seats"]["S"], hands[0]["tables"][1]["seats"]["S"]
    swapped = replaced(replaced(replaced(hands, one, "x", 7), two, one, 7), "x", two, 7)
    problems = duplicate_problems(MITCHELL, boards, swapped)
    assert any("hands[6]" in p and "partnerships never change in duplicate" in p for p in problems), problems


def test_a_newcomer_beside_a_player_whose_partner_plays_on_is_not_a_substitute(evening):
    boards, hands = evening
    # The newcomer takes the seat of a player who moves to another table's seat instead of leaving.
    leaver = hands[0]["tables"][0]["seats"]["N"]
    other = hands[0]["tables"][2]["seats"]["N"]
    moved = replaced(replaced(hands, other, "gone", 3), leaver, other, 3)
    moved = replaced(moved, "gone", "p99", 3)
    problems = duplicate_problems(MITCHELL, boards, moved)
    assert any(p.startswith("hands[2]:") and "has not left" in p for p in problems), problems


def test_two_newcomers_at_once_are_a_new_pair_not_substitutes(evening):
    boards, hands = evening
    north, south = hands[0]["tables"][0]["seats"]["N"], hands[0]["tables"][0]["seats"]["S"]
    both = replaced(replaced(hands, north, "p98", 4), south, "p99", 4)
    problems = duplicate_problems(MITCHELL, boards, both)
    assert any("p98 and p99 both first play here" in p and p.startswith("hands[3]") for p in problems), problems
