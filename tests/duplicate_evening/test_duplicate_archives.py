"""A duplicate evening's archive: boards and deals travel, the file round-trips, and import_event
refuses a file that breaks the spec's duplicate invariants, naming the place, saving nothing."""

import copy

import pytest
from django.core.management import call_command

from tests.archive.helpers import without_public_ids
from tests.factories import kept_for_the_module
from whistdrive.engines.formats import Format
from whistdrive.evening import archive, running, simulate
from whistdrive.evening.archive.results_csv import results_rows
from whistdrive.evening.simulate import simulate_event
from whistdrive.store.models import Event, Result, Submission

pytestmark = pytest.mark.django_db

CASES = {
    "mitchell, matchpoints, hand records": (Format.duplicate(12, 3, "mitchell", "matchpoints"), 4, 0, "records"),
    "mitchell with a half table, compass scoring": (
        Format.duplicate(12, 3, "mitchell", "tricks_vs_average"), 3, 2, "records",
    ),
    "howell, boards dealt at the table, turned trumps": (Format.duplicate(14, 2, "howell", trumps="turned"), 4, 0, "table"),
    "howell, an odd number of pairs": (Format.duplicate(14, 2, "howell"), 3, 2, "records"),
}  # fmt: skip


@pytest.fixture(scope="module")
def simulated(django_db_setup, django_db_blocker):
    """Each case's archive, its evening simulated once for the module (the evening rolled back after, as a test's
    own rows are); each test is given its own copy to change."""
    made: dict[str, dict] = {}

    def document(case: str) -> dict:
        if case not in made:
            fmt, tables, spares, dealt = CASES[case]
            with kept_for_the_module(django_db_blocker):
                event = simulate_event(fmt=fmt, tables=tables, spares=spares, seed=5, boards_dealt=dealt)
                made[case] = archive.export_event(event)
        return copy.deepcopy(made[case])

    return document


@pytest.mark.parametrize("case", list(CASES))
def test_an_imported_duplicate_evening_exports_the_same_document(case, simulated):
    document = simulated(case)
    assert document["event"]["format"]["kind"] == "duplicate" and document["boards"]
    assert all("board" in table for hand in document["hands"] for table in hand["tables"])
    again = archive.export_event(archive.import_event(copy.deepcopy(document)))
    assert without_public_ids(again) == without_public_ids(document)


def test_boards_made_up_from_hand_records_carry_their_deals_and_boards_dealt_at_the_table_none(simulated):
    records = simulated("mitchell, matchpoints, hand records")
    assert all(len(board["deal"]["N"]) == 13 for board in records["boards"])
    at_the_table = simulated("howell, boards dealt at the table, turned trumps")
    assert all(board["deal"] is None for board in at_the_table["boards"])
    assert all(board["trump"] in "HDSC" for board in at_the_table["boards"])  # recorded by the first table


def test_a_part_played_duplicate_evening_imports_and_plays_on_to_the_end():
    fmt, tables, spares, _dealt = CASES["mitchell, matchpoints, hand records"]
    event = simulate_event(fmt=fmt, tables=tables, spares=spares, seed=5, stop_after=5)
    document = archive.export_event(event)
    assert len(document["hands"]) == 5
    imported = archive.import_event(copy.deepcopy(document))
    assert imported.status == Event.Status.RUNNING and imported.current_hand == 5
    running.advance(imported)  # the organiser moves it on from the last hand the file holds
    simulate.play(imported)
    imported.refresh_from_db()
    assert imported.status == Event.Status.FINISHED
    assert len(archive.export_event(imported)["results"]["pairs"]) == 8


def refused(document: dict) -> list[str]:
    before = Event.objects.count()
    with pytest.raises(archive.ArchiveError) as raised:
        archive.import_event(document)
    assert Event.objects.count() == before  # nothing partial is saved
    return raised.value.problems


def test_a_pair_that_plays_a_board_twice_is_refused_with_its_place(simulated):
    document = simulated("mitchell, matchpoints, hand records")
    document["hands"][3]["tables"][0]["board"] = document["hands"][0]["tables"][0]["board"]
    problems = refused(document)
    assert any(p.startswith("hands[3].tables[0]") and "play board 1 again" in p for p in problems), problems


def test_a_fouled_deal_is_refused_naming_the_board_and_seat(simulated):
    document = simulated("mitchell, matchpoints, hand records")
    document["boards"][2]["deal"]["W"].pop()
    problems = refused(document)
    assert any(p.startswith("boards[2].deal") and "12 cards" in p for p in problems), problems


def test_a_board_whose_dealer_breaks_the_rotation_is_refused(simulated):
    document = simulated("mitchell, matchpoints, hand records")
    document["boards"][1]["dealer"] = "N"
    assert any(p.startswith("boards[1].dealer") for p in refused(document))


def test_a_table_naming_a_board_that_does_not_exist_is_refused(simulated):
    document = simulated("mitchell, matchpoints, hand records")
    document["hands"][0]["tables"][1]["board"] = 99
    assert any(p.startswith("hands[0].tables[1].board") for p in refused(document))


def test_a_hand_with_its_own_trump_is_refused_each_board_carries_its_own(simulated):
    document = simulated("mitchell, matchpoints, hand records")
    document["hands"][0]["trump"] = "H"
    assert any(p.startswith("hands[0].trump") for p in refused(document))


def test_partners_who_change_are_refused(simulated):
    document = simulated("mitchell, matchpoints, hand records")
    seats = document["hands"][3]["tables"][0]["seats"]
    seats["S"], document["hands"][3]["tables"][1]["seats"]["S"] = (
        document["hands"][3]["tables"][1]["seats"]["S"],
        seats["S"],
    )
    assert any("partner" in p or "pair" in p for p in refused(document))


def test_simulate_event_plays_a_duplicate_evening_through_the_command(tmp_path, capsys):
    out = tmp_path / "duplicate.json"
    call_command(
        "simulate_event", "--kind", "duplicate", "--movement", "howell", "--boards", "14", "--boards-per-round", "2",
        "--scoring", "tricks_vs_average", "--tables", "4", "--json", str(out),
    )  # fmt: skip
    event = Event.objects.get(pk=int(capsys.readouterr().out.strip()))
    assert event.status == Event.Status.FINISHED and event.format.to_dict() == {
        "kind": "duplicate", "boards": 14, "boards_per_round": 2, "movement": "howell",
        "scoring": "tricks_vs_average", "trumps": "HDSC",
    }  # fmt: skip
    assert out.read_text().count('"board":') == 14 * 4
    # Every result went through the phones' path: entered by North, agreed by East.
    assert Submission.objects.filter(table__event=event, action="enter").count() == 14 * 4
    assert Result.objects.filter(table__event=event, source="agreed").count() == 14 * 4


def test_the_results_csv_of_a_duplicate_evening_has_a_line_a_pair_with_its_percentage():
    fmt, tables, spares, dealt = CASES["mitchell, matchpoints, hand records"]
    event = simulate_event(fmt=fmt, tables=tables, spares=spares, seed=5, boards_dealt=dealt)
    rows = results_rows(event)
    assert rows[0] == ["field", "rank", "pair", "names", "score", "percentage", "boards played"]
    assert len(rows) == 1 + 8 and {row[0] for row in rows[1:]} == {"NS", "EW"}
    assert all(" & " in row[3] and 0 <= row[5] <= 100 for row in rows[1:])
