"""Season tables across three events, and the inter-club league."""

from decimal import Decimal

import pytest

from whistdrive.engines.seasons import EventResult, Participant, SeasonError, league_table, season_table


def season():
    """Ann, Bob and Cat are members (Ann gives her full name in March); Vi is a guest. Cat misses February; Bob leaves March early."""
    return [
        EventResult(
            "mar",
            "2026-03-03",
            (
                Participant("m1", "Ann Smith", 150, 24),
                Participant("m2", "Bob", 140, 20),
                Participant("m3", "Cat", 168, 24),
            ),
        ),
        EventResult(
            "jan",
            "2026-01-06",
            (
                Participant("m1", "Ann", 160, 24),
                Participant("m2", "Bob", 150, 24),
                Participant("m3", "Cat", 170, 24),
                Participant(None, "Vi", 140, 24),
            ),
        ),
        EventResult("feb", "2026-02-03", (Participant("m1", "Ann", 165, 24), Participant("m2", "Bob", 175, 24))),
    ]


def test_counting_all_events_orders_members_by_their_season_total():
    table = season_table(season())
    rows = [(r.position, r.name, r.events_played, r.total, r.hands_played, r.average) for r in table.rows]
    # Ann 160 + 165 + 150 = 475 over 72 hands = 6.597 -> 6.60; Bob 150 + 175 + 140 = 465 over 68 = 6.838 -> 6.84;
    # Cat 170 + 168 = 338 over 48 = 7.041 -> 7.04.
    assert rows == [
        (1, "Ann Smith", 3, 475, 72, Decimal("6.60")),
        (2, "Bob", 3, 465, 68, Decimal("6.84")),
        (3, "Cat", 2, 338, 48, Decimal("7.04")),
    ]
    assert table.heading == "All 3 events"


def test_best_two_of_three_counts_each_members_two_best_evenings():
    table = season_table(season(), counting="best", best=2)
    # Cat 170 + 168 = 338; Ann 165 + 160 = 325; Bob 175 + 150 = 325 (equal second, Bob's better average first).
    assert [(r.position, r.name, r.best_total, r.tied, r.counted) for r in table.rows] == [
        (1, "Cat", 338, False, ("jan", "mar")),
        (2, "Bob", 325, True, ("jan", "feb")),
        (2, "Ann Smith", 325, True, ("jan", "feb")),
    ]
    assert table.heading == "Best 2 of 3"


def test_guests_are_listed_apart_from_the_members():
    table = season_table(season())
    assert [(g.name, g.event, g.total) for g in table.guests] == [("Vi", "jan", 140)]
    assert "Vi" not in [r.name for r in table.rows]


def test_the_average_per_hand_rounds_half_up_to_two_places():
    table = season_table([EventResult("e", "2026-01-01", (Participant("m", "Al", 1, 8),))])
    assert table.rows[0].average == Decimal("0.13")  # 0.125


@pytest.mark.parametrize(
    "options, words",
    [
        ({"counting": "some"}, "counting must be 'all' or 'best'"),
        ({"counting": "best"}, "needs how many events count"),
        ({"counting": "best", "best": 0}, "needs how many events count"),
        ({"counting": "all", "best": 2}, "only applies when counting the best"),
    ],
)
def test_a_faulty_season_setting_is_a_user_error(options, words):
    with pytest.raises(SeasonError, match=words):
        season_table(season(), **options)


def test_a_two_club_league_gives_three_points_a_win_and_one_a_tie():
    matches = [
        ("Aberdeen", "Banff", 160, 152),  # Aberdeen win
        ("Banff", "Aberdeen", 156, 156),  # tie
        ("Aberdeen", "Banff", 150, 155),  # Banff win
    ]
    table = league_table(matches)
    # Both on 3 + 1 = 4 points; Aberdeen 466 for, 463 against (+3), Banff -3.
    assert [(r.position, r.club, r.won, r.drawn, r.lost, r.points, r.difference) for r in table] == [
        (1, "Aberdeen", 1, 1, 1, 4, 3),
        (2, "Banff", 1, 1, 1, 4, -3),
    ]
    assert (table[0].tricks_for, table[0].tricks_against, table[0].played) == (466, 463, 3)


def test_clubs_level_on_points_and_difference_share_a_position():
    table = league_table([("Aberdeen", "Banff", 150, 150), ("Banff", "Aberdeen", 149, 149)])
    assert [(r.position, r.points) for r in table] == [(1, 2), (1, 2)]


def test_points_come_before_tricks_difference():
    table = league_table([("Ayr", "Troon", 170, 120), ("Troon", "Ayr", 151, 150), ("Troon", "Ayr", 151, 150)])
    assert [r.club for r in table] == ["Troon", "Ayr"]
