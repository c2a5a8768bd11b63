"""The registry of movements: each says what it needs, under the name the archive keeps."""

import pytest

from whistdrive.engines.formats import Format
from whistdrive.engines.movement_kinds import MOVEMENTS, movements_for

# The archive's movement names (docs/archive-format.md): a public contract, never renamed.
ARCHIVE_NAMES = ("progressive", "semi_partner", "mitchell", "howell", "individual", "stationary")


def test_the_registry_holds_every_movement_of_the_archive_under_its_own_name():
    assert tuple(MOVEMENTS) == ARCHIVE_NAMES
    assert all(kind.name == name for name, kind in MOVEMENTS.items())


def test_a_drive_may_use_any_movement_a_game_night_keeps_partners_and_a_duplicate_moves_pairs():
    assert movements_for("drive") == ARCHIVE_NAMES
    assert set(movements_for("games")) == {"stationary", "mitchell", "howell"}
    assert set(movements_for("duplicate")) == {"mitchell", "howell"}


@pytest.mark.parametrize("name", ARCHIVE_NAMES)
def test_a_format_gives_its_movements_entry(name):
    assert Format(movement=name).movement_kind is MOVEMENTS[name]


def test_only_the_result_driven_movements_wait_for_results_and_only_the_progressive_lets_winners_move():
    assert {k.name for k in MOVEMENTS.values() if k.result_driven} == {"progressive", "semi_partner"}
    assert Format(movement="progressive", movers="winners").winners_move
    assert not Format(movement="progressive", movers="losers").winners_move
    assert not Format(movement="semi_partner", movers="winners").winners_move


def test_partners_stay_together_in_a_mitchell_and_a_howell_and_only_a_mitchell_has_two_fields():
    assert {k.name for k in MOVEMENTS.values() if k.fixed_pairs} == {"mitchell", "howell"}
    assert {k.name for k in MOVEMENTS.values() if k.two_fields} == {"mitchell"}
    assert {k.name for k in MOVEMENTS.values() if not k.moves} == {"stationary"}
    assert {k.name for k in MOVEMENTS.values() if k.individual} == {"individual"}


def test_a_movement_that_duplicate_may_use_has_words_for_its_description():
    assert all(MOVEMENTS[name].duplicate_words for name in movements_for("duplicate"))
