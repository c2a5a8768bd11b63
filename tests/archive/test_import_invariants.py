"""An import refuses a file that breaks any invariant of the spec, names the place, and saves nothing."""

import pytest

from tests.archive.helpers import without_public_ids
from tests.factories import kept_for_the_module
from whistdrive.engines.formats import Format
from whistdrive.evening import archive

from .helpers import changed, row_counts, simulated_document, small_drive


@pytest.fixture(scope="module")
def drive(django_db_blocker, django_db_setup):
    # One simulated drive with roles and a sit-out, exported once; each test edits a copy.
    with kept_for_the_module(django_db_blocker):
        return simulated_document(small_drive(), 3, 2)


@pytest.fixture(scope="module")
def games(django_db_blocker, django_db_setup):
    with kept_for_the_module(django_db_blocker):
        fmt = Format(kind="games", movement="stationary", hands=6, hands_per_round=1, interval_after=None,
                     trumps="HDSC", honours=True)  # fmt: skip
        return simulated_document(fmt, 1, 0)


def refused(document) -> list[str]:
    before = row_counts()
    with pytest.raises(archive.ArchiveError) as error:
        archive.import_event(document)
    assert row_counts() == before
    return error.value.problems


def set_tricks(ns, ew, hand=3, table=1):
    def edit(d):
        d["hands"][hand]["tables"][table]["tricks"] = {"NS": ns, "EW": ew}

    return edit


@pytest.mark.django_db
def test_the_unchanged_file_imports(drive):
    assert archive.import_event(drive).entrants.count() == len(drive["players"])


@pytest.mark.django_db
def test_tricks_that_do_not_make_thirteen_are_refused_naming_the_table(drive):
    assert "hands[3].tables[1].tricks: NS 8 + EW 6 is 14, not 13" in refused(changed(drive, set_tricks(8, 6)))


@pytest.mark.django_db
def test_tricks_must_be_whole_numbers_from_0_to_13(drive):
    problems = refused(changed(drive, set_tricks(14, -1, hand=0, table=0)))
    assert any(p.startswith("hands[0].tables[0].tricks.NS: must be a whole number from 0 to 13") for p in problems)
    problems = refused(changed(drive, set_tricks(6.5, 6.5, hand=0, table=0)))
    assert any(p.startswith("hands[0].tables[0].tricks.EW") for p in problems)


@pytest.mark.django_db
def test_a_player_seated_twice_in_a_hand_is_refused(drive):
    def edit(d):
        tables = d["hands"][0]["tables"]
        tables[1]["seats"]["N"] = tables[0]["seats"]["N"]

    problems = refused(changed(drive, edit))
    assert any(p.startswith("hands[0]: ") and "placed 2 times" in p for p in problems), problems


@pytest.mark.django_db
def test_a_player_both_seated_and_sitting_out_is_refused(drive):
    def edit(d):
        d["hands"][2]["sitting_out"].append(d["hands"][2]["tables"][0]["seats"]["S"])

    problems = refused(changed(drive, edit))
    assert any(p.startswith("hands[2]: ") and "sitting out" in p for p in problems), problems


@pytest.mark.django_db
def test_an_unknown_player_in_a_seat_is_refused(drive):
    problems = refused(changed(drive, lambda d: d["hands"][1]["tables"][2]["seats"].update(W="p99")))
    assert "hands[1].tables[2].seats.W: 'p99' is not a player of this event" in problems


@pytest.mark.django_db
def test_an_empty_seat_is_refused(drive):
    problems = refused(changed(drive, lambda d: d["hands"][1]["tables"][0]["seats"].pop("E")))
    assert "hands[1].tables[0].seats: must fill exactly the seats N, E, S and W" in problems


@pytest.mark.django_db
def test_table_numbers_with_a_gap_are_refused(drive):
    problems = refused(changed(drive, lambda d: d["hands"][0]["tables"][2].update(table=4)))
    assert "hands[0].tables: tables are numbered 1 to N without gaps, not 1, 2, 4" in problems


@pytest.mark.django_db
def test_hand_numbers_with_a_gap_are_refused(drive):
    problems = refused(changed(drive, lambda d: d["hands"][5].update(number=7)))
    assert any(
        p.startswith("hands[5].number: hands run 1, 2, 3… without gaps: this one must be 6, not 7") for p in problems
    )


@pytest.mark.django_db
def test_a_trump_that_breaks_the_rotation_is_refused(drive):
    problems = refused(changed(drive, lambda d: d["hands"][1].update(trump="H")))
    assert "hands[1].trump: the rotation HDSC gives D for hand 2, not H" in problems


@pytest.mark.django_db
def test_honours_in_a_format_that_does_not_count_them_are_refused(drive):
    problems = refused(changed(drive, lambda d: d["hands"][0]["tables"][0].update(honours={"NS": 2, "EW": 1})))
    assert "hands[0].tables[0].honours: this format does not count honours: leave them out" in problems


@pytest.mark.django_db
def test_honours_above_four_a_side_or_in_all_are_refused(games):
    problems = refused(changed(games, lambda d: d["hands"][1]["tables"][0].update(honours={"NS": 3, "EW": 2})))
    assert any(p.startswith("hands[1].tables[0].honours: NS 3 + EW 2 is 5") for p in problems), problems
    problems = refused(changed(games, lambda d: d["hands"][1]["tables"][0].update(honours={"NS": 5, "EW": 0})))
    assert any(p.startswith("hands[1].tables[0].honours.NS: must be a whole number from 0 to 4") for p in problems)


@pytest.mark.django_db
def test_a_partnership_of_two_ladies_is_refused(drive):
    def edit(d):
        seats = d["hands"][0]["tables"][0]["seats"]
        seats["S"], seats["E"] = seats["E"], seats["S"]

    problems = refused(changed(drive, edit))
    assert any(p.startswith("hands[0].tables[0].seats.S: ") and "is a lady" in p for p in problems), problems


@pytest.mark.django_db
def test_a_seating_the_movement_does_not_give_is_refused(drive):
    def edit(d):
        # Swap two ladies between tables on hand 3: roles still fine, the progressive rule broken.
        tables = d["hands"][2]["tables"]
        tables[0]["seats"]["N"], tables[1]["seats"]["N"] = tables[1]["seats"]["N"], tables[0]["seats"]["N"]

    problems = refused(changed(drive, edit))
    assert problems and all(p.startswith("hands[2]: ") for p in problems), problems
    assert any("progressive" in p for p in problems)


@pytest.mark.django_db
def test_changed_tricks_make_the_next_seating_wrong(drive):
    # Results decide a progressive movement: flipping who won at a table breaks the next hand's seating.
    def edit(d):
        t = d["hands"][0]["tables"][0]["tricks"]
        t["NS"], t["EW"] = t["EW"], t["NS"]

    problems = refused(changed(drive, edit))
    assert any(p.startswith("hands[1]: table ") for p in problems), problems


@pytest.mark.django_db
def test_a_bad_schema_and_format_are_named(drive):
    def edit(d):
        d["schema"] = "whistdrive.event/9"
        d["event"]["format"]["movement"] = "waltz"

    problems = refused(changed(drive, edit))
    assert "schema: must be 'whistdrive.event/1', not 'whistdrive.event/9'" in problems
    assert any(p.startswith("event.format: movement must be one of") for p in problems)


@pytest.mark.django_db
def test_duplicate_player_ids_and_bad_roles_are_named(drive):
    def edit(d):
        d["players"][1]["id"] = d["players"][0]["id"]
        d["players"][2]["role"] = "duke"

    problems = refused(changed(drive, edit))
    assert any(p.startswith("players[1].id: ") for p in problems)
    assert any(p.startswith("players[2].role: ") for p in problems)


@pytest.mark.django_db
def test_results_in_the_file_are_never_trusted(drive):
    def edit(d):
        d["results"]["players"][0]["total"] = 999

    event = archive.import_event(changed(drive, edit))
    assert without_public_ids(archive.export_event(event)) == without_public_ids(drive)


@pytest.mark.django_db
def test_every_problem_is_reported_at_once(drive):
    def edit(d):
        set_tricks(8, 6)(d)
        d["hands"][1]["tables"][2]["seats"]["W"] = "p99"

    problems = refused(changed(drive, edit))
    assert len(problems) >= 2


@pytest.mark.django_db
def test_extra_keys_are_allowed_as_additions(drive):
    def edit(d):
        d["note"] = "from the old laptop"
        d["hands"][0]["tables"][0]["scorer"] = "Ann"

    archive.import_event(changed(drive, edit))
