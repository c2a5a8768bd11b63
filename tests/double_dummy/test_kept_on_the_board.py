"""A board's double-dummy tricks are solved once, when its deal and trump are known, and kept on its row:
pages, PDFs and the public board pages read them without solving again."""

import io
import json

import pytest
from django.core.management import CommandError, call_command

from whistdrive.engines import duplicate
from whistdrive.engines.formats import Format
from whistdrive.evening import double_dummy
from whistdrive.evening.archive import export_event, import_event
from whistdrive.evening.simulate import simulate_event
from whistdrive.printing.from_models import pairs_sheet
from whistdrive.store.models import Board

pytestmark = pytest.mark.django_db

MITCHELL = Format.duplicate(9, 3, "mitchell", "matchpoints", "HDSCN")


@pytest.fixture
def solves(monkeypatch):
    """How many times the DDS library is asked to solve (its own function, counted and still called)."""
    # Imported here, as the app does (whistdrive/engines/duplicate/double_dummy.py): endplay loads matplotlib, a
    # second of every test process's collection when imported at the top.
    import endplay.dds

    calls = []
    real = endplay.dds.solve_all_boards

    def counted(deals, *args, **kwargs):
        deals = list(deals)
        calls.append(len(deals))
        return real(deals, *args, **kwargs)

    monkeypatch.setattr(endplay.dds, "solve_all_boards", counted)
    return calls


def test_boards_made_up_from_hand_records_are_solved_at_the_start(solves):
    event = simulate_event(fmt=MITCHELL, tables=3, seed=4, stop_after=0)
    boards = list(event.boards.all())
    assert len(boards) == 9 and solves == [9]
    expected = duplicate.solve_boards(event.hand_records(9))
    assert [b.double_dummy() for b in boards] == expected
    assert [b.double_dummy_ns for b in boards] == [found.ns for found in expected]


def test_pages_and_pdfs_read_the_kept_tricks_without_solving_again(solves):
    event = simulate_event(fmt=MITCHELL, tables=3, seed=4)
    solves.clear()
    sheet = pairs_sheet(event)
    found = double_dummy.double_dummy_of(event)
    assert solves == []
    board = Board.objects.get(event=event, number=2)
    assert found[2] == {"ns": board.double_dummy_ns, "ew": 13 - board.double_dummy_ns, "leader": "S", "trump": "D"}
    assert sheet.boards[1].double_dummy == (board.double_dummy_ns, 13 - board.double_dummy_ns)
    assert double_dummy.board_double_dummy(board) == found[2]
    assert solves == []


def test_an_evening_kept_before_boards_were_analysed_is_solved_once_by_its_first_reader(solves):
    event = simulate_event(fmt=MITCHELL, tables=3, seed=4)
    kept = {b.number: b.double_dummy_ns for b in event.boards.all()}
    event.boards.update(double_dummy_ns=None)
    solves.clear()
    first = double_dummy.double_dummy_of(event)
    assert solves == [9]
    assert {number: found["ns"] for number, found in first.items()} == kept
    assert double_dummy.double_dummy_of(event) == first and pairs_sheet(event).boards
    assert solves == [9]


def test_boards_dealt_at_the_table_have_no_analysis(solves):
    event = simulate_event(fmt=MITCHELL, tables=3, seed=4, boards_dealt="table")
    assert double_dummy.double_dummy_of(event) == {number: None for number in range(1, 10)}
    assert all(board.double_dummy is None for board in pairs_sheet(event).boards)
    assert solves == []


def test_an_imported_archive_with_deals_is_solved_as_it_arrives(solves):
    event = simulate_event(fmt=MITCHELL, tables=3, seed=4)
    kept = double_dummy.double_dummy_of(event)
    solves.clear()
    copy = import_event(json.loads(json.dumps(export_event(event))), club=event.club)
    assert solves == [9]
    assert double_dummy.double_dummy_of(copy) == kept


def test_the_command_solves_old_evenings_and_names_what_it_did(solves):
    event = simulate_event(fmt=MITCHELL, tables=3, seed=4)
    drive = simulate_event(fmt=Format(hands=4, interval_after=2), tables=2, seed=4)
    kept = {b.number: b.double_dummy_ns for b in event.boards.all()}
    event.boards.update(double_dummy_ns=None)
    out = io.StringIO()
    call_command("double_dummy", stdout=out)
    assert f"Event {event.pk} ({event.name}): 9 boards solved." in out.getvalue()
    assert "9 boards solved in all." in out.getvalue()
    assert {b.number: b.double_dummy_ns for b in event.boards.all()} == kept
    out = io.StringIO()
    call_command("double_dummy", str(event.pk), stdout=out)
    assert out.getvalue().splitlines()[-1] == "0 boards solved in all."
    with pytest.raises(CommandError, match=f"Event {drive.pk} is not a duplicate evening."):
        call_command("double_dummy", str(drive.pk))
    with pytest.raises(CommandError, match="There is no event 999999."):
        call_command("double_dummy", "999999")
