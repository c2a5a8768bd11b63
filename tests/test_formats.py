import pytest

from whistdrive.engines.formats import PRESETS, Format, FormatError


@pytest.mark.parametrize("key", list(PRESETS))
def test_every_built_in_preset_is_a_playable_format(key):
    assert PRESETS[key][1].problems() == []


def test_a_format_round_trips_through_the_archive_keys():
    fmt = Format(movement="semi_partner", tie_breaks=("second_half", "countback"))
    assert Format.from_dict(fmt.to_dict()) == fmt


def test_an_unknown_archive_key_is_named():
    with pytest.raises(FormatError, match="'hand'"):
        Format.from_dict({"hand": 24})


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"hands": 22, "hands_per_round": 4}, "22 hands cannot be played in rounds of 4"),
        ({"interval_after": 24}, "interval must come after a hand from 1 to 23"),
        ({"trumps": "HDSX"}, "X"),
        ({"trumps": "HDSH"}, "names a suit twice"),
        ({"kind": "games", "movement": "progressive"}, "stationary, mitchell or howell"),
        ({"honours": True}, "honours count only on game nights"),
        ({"revoke_penalty": "points"}, "a drive always moves three tricks"),
        ({"tie_breaks": ("last_hand", "last_hand")}, "only once"),
        ({"target": 6}, "target must be one of 5, 7, 9, 10"),
    ],
)
def test_an_impossible_format_is_refused_saying_why(changes, words):
    problems = Format().with_changes(**changes).problems()
    assert any(words in p for p in problems), problems


# -- duplicate whist ---------------------------------------------------------------------------------

DRIVE_KEYS = {
    "kind", "hands", "hands_per_round", "interval_after", "trumps", "scoring", "movement", "movers",
    "sitout_score", "sitout_fixed", "target", "honours", "honours_can_win", "revoke_penalty", "rubber",
    "tie_breaks",
}  # fmt: skip


def test_a_duplicate_format_reads_and_writes_exactly_the_specs_keys():
    data = {
        "kind": "duplicate",
        "boards": 24,
        "boards_per_round": 3,
        "movement": "howell",
        "scoring": "tricks_vs_average",
        "trumps": "turned",
    }
    fmt = Format.from_dict(data)
    assert fmt.to_dict() == data
    assert (fmt.boards, fmt.boards_per_round, fmt.rounds) == (24, 3, 8)
    assert fmt.is_duplicate and not fmt.is_drive and not fmt.is_games
    assert fmt.problems() == []
    # the hands of the evening are its board slots, so a round is boards_per_round hands
    assert (fmt.hands, fmt.round_of(4), fmt.ends_round(6)) == (24, 2, True)


def test_a_duplicate_format_fills_the_settings_it_is_not_given():
    assert Format.from_dict({"kind": "duplicate"}).to_dict() == {
        "kind": "duplicate",
        "boards": 24,
        "boards_per_round": 3,
        "movement": "mitchell",
        "scoring": "matchpoints",
        "trumps": "HDSC",
    }


@pytest.mark.parametrize(
    "fmt",
    [Format(), Format(kind="games", movement="howell", trumps="turned"), Format(movement="mitchell")],
)
def test_drive_and_game_night_formats_are_written_as_before(fmt):
    assert set(fmt.to_dict()) == DRIVE_KEYS
    assert Format.from_dict(fmt.to_dict()) == fmt


def test_a_drive_setting_in_a_duplicate_format_is_named():
    with pytest.raises(FormatError) as error:
        Format.from_dict({"kind": "duplicate", "boards": 24, "hands": 24, "movers": "winners"})
    assert error.value.problems == [
        "'hands' is not a setting of a duplicate evening (its settings are boards, boards_per_round, movement, "
        "scoring, trumps)",
        "'movers' is not a setting of a duplicate evening (its settings are boards, boards_per_round, movement, "
        "scoring, trumps)",
    ]


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"boards": 22, "boards_per_round": 4}, "22 boards cannot be played in rounds of 4"),
        ({"boards": 0}, "the number of boards must be a whole number from 1 to 60, not 0"),
        ({"boards_per_round": "3"}, "boards per round must be a whole number from 1 to 12"),
        ({"movement": "progressive"}, "moves by a Mitchell (mitchell) or a Howell (howell), not 'progressive'"),
        ({"scoring": "tricks"}, "scores by matchpoints (matchpoints) or by tricks against the average"),
        ({"trumps": "cut"}, "the same trumps at every table"),
        ({"trumps": "HDSX"}, "X"),
    ],
)
def test_an_impossible_duplicate_format_is_refused_saying_why(changes, words):
    problems = Format.duplicate(**changes).problems()
    assert any(words in p for p in problems), problems


def test_a_drive_only_setting_cannot_hide_in_a_duplicate_format():
    assert Format.duplicate().with_changes(honours=True).problems() == [
        "honours is not a setting of a duplicate evening"
    ]
