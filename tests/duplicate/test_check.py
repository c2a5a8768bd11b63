"""The invariants of an imported duplicate evening: one list of problems, each naming its place."""

import copy

import pytest

from whistdrive.engines.duplicate import duplicate_problems

from .evenings import duplicate, played_evening

MITCHELL = duplicate(boards=12, boards_per_round=3)  # 4 rounds
HOWELL = duplicate(boards=14, boards_per_round=2, movement="howell")  # 7 rounds: the whole cycle for 8 pairs


@pytest.fixture(scope="module")
def mitchell():
    _begun, boards, hands = played_evening(MITCHELL, 9, seed=4)  # 4 tables and a half table
    return boards, hands


@pytest.fixture(scope="module")
def howell():
    _begun, boards, hands = played_evening(HOWELL, 8, seed=2)
    return boards, hands


def changed(evening, edit):
    boards, hands = copy.deepcopy(evening)
    edit(boards, hands)
    return boards, hands


@pytest.mark.parametrize("by", ["card", "random"])
@pytest.mark.parametrize(("fmt", "pairs"), [(MITCHELL, 9), (MITCHELL, 8), (HOWELL, 8), (HOWELL, 7)])
def test_an_evening_played_by_the_movement_has_no_problems(fmt, pairs, by):
    _begun, boards, hands = played_evening(fmt, pairs, seed=6, by=by)
    assert duplicate_problems(fmt, boards, hands) == []
    # an evening exported half way is just as valid
    assert duplicate_problems(fmt, boards, hands[:5]) == []


def test_a_wrong_dealer_or_a_bad_deal_is_named(mitchell):
    def edit(boards, hands):
        boards[1]["dealer"] = "N"
        boards[2]["deal"]["N"][0] = boards[2]["deal"]["E"][0]

    problems = duplicate_problems(MITCHELL, *changed(mitchell, edit))
    assert "boards[1].dealer: board 2 is dealt by E (N, E, S, W in turn from board 1), not 'N'" in problems
    assert any(p.startswith("boards[2].deal.") and "is also in" in p for p in problems)


def test_a_table_that_plays_a_board_with_another_trump_is_named(mitchell):
    def edit(boards, hands):
        hands[3]["tables"][1]["trump"] = "C"

    board = mitchell[1][3]["tables"][1]["board"]
    trump = mitchell[0][board - 1]["trump"]
    assert duplicate_problems(MITCHELL, *changed(mitchell, edit)) == [
        f"hands[3].tables[1].trump: board {board} is played in {trump!r} at every table, not 'C'"
    ]


def test_partners_who_change_are_named(mitchell):
    def edit(boards, hands):
        table = hands[3]["tables"][0]["seats"]  # round 2, table 1: swap N and E
        table["N"], table["E"] = table["E"], table["N"]

    problems = duplicate_problems(MITCHELL, *changed(mitchell, edit))
    assert any(
        p.startswith("hands[3].tables[0].seats:") and "partnerships never change in duplicate" in p for p in problems
    )


def test_a_pair_playing_a_board_twice_is_named(mitchell):
    def edit(boards, hands):
        hands[3]["tables"][0]["board"] = hands[0]["tables"][0]["board"]  # table 1's N–S pair again

    problems = duplicate_problems(MITCHELL, *changed(mitchell, edit))
    board = mitchell[1][0]["tables"][0]["board"]
    assert any(f"play board {board} again (first at hands[0].tables[0])" in p for p in problems), problems


def test_pairs_meeting_twice_are_named(howell):
    def edit(boards, hands):
        # round 2 at table 1 brings back round 1's table 1 opponents
        hands[2]["tables"][0]["seats"] = dict(hands[0]["tables"][0]["seats"])
        hands[3]["tables"][0]["seats"] = dict(hands[0]["tables"][0]["seats"])

    problems = duplicate_problems(HOWELL, *changed(howell, edit))
    assert any(
        p.startswith("hands[2].tables[0]:") and "meet again (first at hands[0].tables[0])" in p for p in problems
    )


def test_a_round_whose_slots_have_different_players_at_a_table_is_named(mitchell):
    def edit(boards, hands):
        one, two = hands[1]["tables"][0]["seats"], hands[1]["tables"][1]["seats"]
        one["E"], one["W"], two["E"], two["W"] = two["E"], two["W"], one["E"], one["W"]

    problems = duplicate_problems(MITCHELL, *changed(mitchell, edit))
    assert (
        "hands[1].tables[0].seats: round 1 at table 1 began with other players (hands[0].tables[0]): "
        "the 3 boards of a round are played by the same four"
    ) in problems


def test_an_unknown_board_and_an_unrecorded_turned_trump_are_named(mitchell):
    def edit(boards, hands):
        hands[0]["tables"][0]["board"] = 99

    assert "hands[0].tables[0].board: 99 is not a board of the evening" in duplicate_problems(
        MITCHELL, *changed(mitchell, edit)
    )
    turned = duplicate(boards=12, boards_per_round=3, trumps="turned")
    _begun, boards, hands = played_evening(turned, 8)
    boards[0]["trump"] = None
    boards[0]["deal"] = None
    assert duplicate_problems(turned, boards, hands) == [
        "hands[0].tables[0].board: board 1 was played, so its trump is known: record it"
    ]


def test_a_seating_that_is_not_the_movements_is_named_once(mitchell):
    def edit(boards, hands):
        # table 1's pairs change directions for round 2: every invariant holds, but N–S pairs stay N–S
        for hand in hands[3:6]:
            seats = hand["tables"][0]["seats"]
            seats["N"], seats["E"], seats["S"], seats["W"] = seats["E"], seats["N"], seats["W"], seats["S"]

    boards, hands = mitchell
    problems = duplicate_problems(MITCHELL, *changed(mitchell, edit))
    north = hands[3]["tables"][0]["seats"]["N"]
    east = hands[3]["tables"][0]["seats"]["E"]
    assert problems == [f"hands[3]: table 1 seat N should be {north} (mitchell, round 2: pair NS1 N–S), not {east}"]


def test_too_many_board_slots_are_named(mitchell):
    boards, hands = mitchell
    assert duplicate_problems(MITCHELL, boards, hands + hands[:1])[0] == (
        "hands: the evening has 12 board slots, not 13"
    )
