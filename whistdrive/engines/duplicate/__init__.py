"""Duplicate whist: boards, their movements, the checks of an evening and its scoring. No Django import.

docs/duplicate.md explains the format to an organiser; the spec is the "Duplicate whist" section
of docs/archive-format.md. What the Django side calls:

- before the start: ``advise(fmt, players)`` (problems and notes for the desk), then
  ``start(fmt, players, seed, by)`` -> ``DuplicateStart(plan, pairs, hands)``;
- boards: ``seeded_boards(trumps, count, seed)`` for hand records (``turnouts(fmt)``: how many boards
  each number of pairs plays), ``blank_board`` for boards dealt at the table, ``Board.to_dict()`` / ``read_board`` / ``board_problems`` for the archive;
- the movement cards: ``plan.movement_card(table)``, ``plan.moves_after(round, table)``;
- importing: ``duplicate_problems(fmt, boards, hands)``; ``substitutes_of(hands)``: who took a leaver's
  seat (a substitute plays as the pair member they stand in for);
- scoring: ``score_duplicate(fmt, plays, trumps)`` -> ``DuplicateResults`` (``.to_dict()`` is the
  archive's ``results``); ``plays_from_hands(hands)`` reads the archive's hands into plays;
- double dummy: ``solve_boards(boards)`` -> ``DoubleDummy(ns, leader, trump)`` each (DDS, through endplay).
"""

from .boards import (
    Board,
    blank_board,
    board_problems,
    deal_problems,
    dealer_of,
    read_board,
    read_deal,
    seeded_board,
    seeded_boards,
    trump_of,
)
from .check import duplicate_problems
from .double_dummy import DoubleDummy, DoubleDummyDict, leader_of, solvable, solve, solve_boards, took_words
from .movement import DuplicateError, DuplicatePlan, Round, TableRound, Turnout, plan_duplicate, turnouts
from .scoring import (
    BoardPlay,
    BoardResult,
    BoardScore,
    DuplicateResults,
    PairResult,
    matchpoints,
    neuberg,
    plays_from_hands,
    score_duplicate,
)
from .seating import DuplicateStart, HandPlan, advise, draw_pairs, hands_of, start
from .substitutes import Substitutes, substitutes_of

__all__ = [
    "Board",
    "BoardPlay",
    "BoardResult",
    "BoardScore",
    "DuplicateError",
    "DuplicatePlan",
    "DuplicateResults",
    "DoubleDummy",
    "DoubleDummyDict",
    "DuplicateStart",
    "HandPlan",
    "PairResult",
    "Round",
    "Substitutes",
    "TableRound",
    "Turnout",
    "advise",
    "blank_board",
    "board_problems",
    "deal_problems",
    "dealer_of",
    "draw_pairs",
    "duplicate_problems",
    "hands_of",
    "leader_of",
    "matchpoints",
    "neuberg",
    "plan_duplicate",
    "plays_from_hands",
    "read_board",
    "read_deal",
    "score_duplicate",
    "seeded_board",
    "seeded_boards",
    "solvable",
    "solve",
    "solve_boards",
    "start",
    "substitutes_of",
    "took_words",
    "trump_of",
    "turnouts",
]
