"""Movements: who sits where for every hand of a drive (plain Python, no Django).

See docs/movements.md for each movement in plain words and the API.
"""

from whistdrive.engines.vocabulary import SEATS

from .engine import (
    Advice,
    advise,
    check_seating,
    hands_missed,
    next_seating,
    plan,
    players_changed,
    replan,
    roles_in_use,
    rule_sentence,
    start,
    tables_for,
    where_next,
)
from .pairs import Pair, pairs_of
from .schedule import bounds, individual_schedule, measure
from .seating import MovementError, NextPlace, Player, RoundResult, SeatingPlan, WaitForTheHall, round_results

__all__ = [
    "SEATS",
    "Advice",
    "MovementError",
    "NextPlace",
    "Pair",
    "Player",
    "RoundResult",
    "SeatingPlan",
    "advise",
    "bounds",
    "check_seating",
    "hands_missed",
    "individual_schedule",
    "measure",
    "next_seating",
    "pairs_of",
    "plan",
    "players_changed",
    "replan",
    "round_results",
    "roles_in_use",
    "rule_sentence",
    "start",
    "tables_for",
    "where_next",
    "WaitForTheHall",
]
