"""A duplicate evening's boards analysed double dummy: solved once, kept on each ``Board`` row, read by pages.

A board can be solved once its deal and trump are known: at the start of an evening whose boards are made up
from hand records, when an archive with deals is imported, or later by ``whistdrive double_dummy`` for evenings
stored before this existed. Pages and PDFs read ``Board.double_dummy_ns``; a board that could be solved and was
not yet is solved by the first reader and kept, so nothing is solved twice. Boards dealt at the table have no
deal stored, so they have no analysis.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db import transaction

from whistdrive.engines import duplicate
from whistdrive.engines.duplicate import DoubleDummy, DoubleDummyDict
from whistdrive.store.models import Board, Event


def solve_boards(boards: Iterable[Board]) -> int:
    """Solve and keep the double-dummy tricks of each of ``boards`` that has a deal and a trump and is not solved
    yet; the number solved (36 boards take about half a second: docs/benchmarks.md, "Double dummy")."""
    waiting = [board for board in boards if board.double_dummy_ns is None and board.deal and board.trump]
    if not waiting:
        return 0
    solved = duplicate.solve_boards([_engine_board(board) for board in waiting])
    for board, answer in zip(waiting, solved, strict=True):
        board.double_dummy_ns = answer.ns
    with transaction.atomic():
        Board.objects.bulk_update(waiting, ["double_dummy_ns"])
    return len(waiting)


def solve_event(event: Event) -> int:
    """Solve every board of ``event`` that can be and is not yet (``solve_boards``); the number solved."""
    return solve_boards(event.boards.order_by("number"))


def double_dummy_of(event: Event) -> dict[int, DoubleDummyDict | None]:
    """Board number -> ``{"ns": 8, "ew": 5, "leader": "W", "trump": "H"}`` (N–S and E–W tricks double dummy, the
    opening leader's seat, the trump letter H/D/S/C or N for no trumps), or None for a board with no deal (dealt
    at the table) or no trump yet. Every board of the evening; none for an evening that is not duplicate.

    What the public board pages call. Boards not yet solved are solved here once and kept."""
    boards = list(event.boards.order_by("number"))
    solve_boards(boards)
    return {board.number: _as_dict(board.double_dummy()) for board in boards}


def board_double_dummy(board: Board) -> DoubleDummyDict | None:
    """One board's entry of ``double_dummy_of`` (solved here once if it can be and is not yet)."""
    solve_boards([board])
    return _as_dict(board.double_dummy())


def stored(event: Event) -> dict[int, DoubleDummy]:
    """Board number -> its kept double-dummy tricks, for the boards solved (what the printing and pages read)."""
    boards = list(event.boards.order_by("number"))
    solve_boards(boards)
    return {board.number: found for board in boards if (found := board.double_dummy()) is not None}


def _as_dict(found: DoubleDummy | None) -> DoubleDummyDict | None:
    return None if found is None else found.to_dict()


def _engine_board(board: Board) -> duplicate.Board:
    # Read from the row itself: Board.as_board would fetch the event again for each board.
    assert board.deal is not None  # solve_boards keeps only the boards with a deal
    return duplicate.Board(board.number, board.dealer, board.trump, duplicate.read_deal(board.deal))
