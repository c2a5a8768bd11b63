"""From the players at the desk to a seated duplicate evening: advice, pairs, and every board slot."""

import pytest

from whistdrive.engines.duplicate import DuplicateError, advise, draw_pairs, plan_duplicate, start

from .evenings import duplicate, players


def test_the_desk_hears_the_movement_and_the_boards_in_play():
    advice = advise(duplicate(boards=21, boards_per_round=3), players(32))
    assert advice.problems == []
    assert (advice.tables, advice.sit_out_per_hand) == (8, 0)
    assert advice.notes == [
        "8 tables: after round 4 the E–W pairs skip a table (they go up two), so they never meet a board again; "
        "each E–W pair misses one N–S pair",
        "24 boards in play (8 sets of 3), numbered 1 to 24",
    ]


@pytest.mark.parametrize(
    ("count", "roles", "words"),
    [
        (15, False, "15 players cannot all play in pairs: one more player is needed, or one player must stand down"),
        (16, "two ladies", "pair 1 is not a lady and a gent"),
        (24, False, "8 rounds cannot be played: with 6 tables a Mitchell plays at most 6 rounds"),
    ],
)
def test_the_desk_is_told_what_blocks_the_start(count, roles, words):
    people = players(count, roles=bool(roles))
    if roles == "two ladies":
        people[1] = people[1].__class__(people[1].id, "lady")
        people[2] = people[2].__class__(people[2].id, "gent")
    advice = advise(duplicate(boards=24, boards_per_round=3), people)
    assert any(p.startswith(words) for p in advice.problems), advice.problems
    with pytest.raises(DuplicateError):
        start(duplicate(boards=24, boards_per_round=3), people, seed=1)


def test_a_mitchell_numbers_pairs_by_where_they_start():
    plan = plan_duplicate(duplicate(boards=9, boards_per_round=3), 7)
    pairs = draw_pairs(plan, players(14), seed=0, by="card")
    assert [(p.label, p.ids) for p in pairs] == [
        ("N–S 1", ("p1", "p2")),
        ("N–S 2", ("p5", "p6")),
        ("N–S 3", ("p9", "p10")),
        ("E–W 1", ("p3", "p4")),
        ("E–W 2", ("p7", "p8")),
        ("E–W 3", ("p11", "p12")),
        ("E–W 4", ("p13", "p14")),  # starts at the half table: sits out round 1
    ]
    assert sorted(p.id for p in pairs) == sorted(plan.pair_ids)


def test_a_random_draw_moves_whole_pairs_and_keeps_the_lady_in_the_north_or_east_seat():
    people = players(16, roles=True)
    begun = start(duplicate(boards=14, boards_per_round=2, movement="howell"), people, seed=42)
    partners = {frozenset(p.ids) for p in begun.pairs}
    assert partners == {frozenset((f"p{i}", f"p{i + 1}")) for i in range(1, 16, 2)}
    assert [p.ids for p in begun.pairs] != [(f"p{i}", f"p{i + 1}") for i in range(1, 16, 2)]  # drawn, not in order
    roles = {p.id: p.role for p in people}
    for hand in begun.hands:
        for seats in hand.seating.tables.values():
            assert [roles[seats[s]] for s in "NESW"] == ["lady", "lady", "gent", "gent"]


@pytest.mark.parametrize(("movement", "pairs"), [("mitchell", 9), ("mitchell", 12), ("howell", 8), ("howell", 11)])
def test_every_board_slot_is_seated_with_its_boards(movement, pairs):
    fmt = duplicate(boards=15, boards_per_round=3, movement=movement)
    begun = start(fmt, players(2 * pairs), seed=3)
    assert [h.number for h in begun.hands] == list(range(1, fmt.boards + 1))
    ids = {p.id: p.ids for p in begun.pairs}
    for hand in begun.hands:
        assert hand.round == (hand.number - 1) // 3 + 1
        for played in begun.plan.rounds[hand.round - 1].tables:
            seats = hand.seating.tables[played.table]
            assert (seats["N"], seats["S"]) == ids[played.ns]
            assert (seats["E"], seats["W"]) == ids[played.ew]
            assert hand.boards[played.table] == begun.plan.board_at(hand.number, played.table)
        out = [pid for pair in begun.plan.rounds[hand.round - 1].sitting_out for pid in ids[pair]]
        assert list(hand.seating.sitting_out) == out
