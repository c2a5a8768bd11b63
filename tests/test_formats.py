import pytest

from whistdrive.formats import PRESETS, Format, FormatError


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
