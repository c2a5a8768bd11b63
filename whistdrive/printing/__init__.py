"""Printed documents of an event (and a club's season) as PDF bytes, built from the plain values in ``sheets``.

No Django import here: the adapter ``whistdrive.printing.from_models`` (imported on its own) fills the
dataclasses from the models, and the views in ``whistdrive.web.views.printing`` wrap the bytes.
"""

from .door_poster import DoorPoster, door_poster_pdf
from .money_docs import MoneyLine, TreasurersSheet, treasurers_sheet_pdf
from .pair_docs import duplicate_results_pdf, hand_records_pdf, movement_cards_pdf, pair_cards_pdf, travellers_pdf
from .score_pads import score_pads_pdf
from .scorecards import CardError, scorecards_pdf
from .sheet_docs import prize_list_pdf, progression_sheet_pdf, results_pdf, season_pdf
from .sheets import (
    ClubTableCardSheet,
    HandSeating,
    PrizeAward,
    ProgressionPlayer,
    ProgressionSheet,
    ResultSlip,
    ResultSlipSheet,
    ResultsSheet,
    Scorecard,
    ScorecardRow,
    ScorecardSheet,
    ScorePad,
    ScorePadSheet,
    SeasonLine,
    SeasonSheet,
    SeatedTable,
    SlipHand,
    StandingRow,
    TableCard,
    TableCardSheet,
)
from .slips import result_slips_pdf
from .table_cards import club_table_cards_pdf, table_cards_pdf
from .wall import find_your_table_pdf, wall_sheet_pdf

__all__ = [
    "DoorPoster",
    "door_poster_pdf",
    "MoneyLine",
    "TreasurersSheet",
    "treasurers_sheet_pdf",
    "CardError",
    "ClubTableCardSheet",
    "HandSeating",
    "PrizeAward",
    "ProgressionPlayer",
    "ProgressionSheet",
    "ResultSlip",
    "ResultSlipSheet",
    "ResultsSheet",
    "ScorePad",
    "ScorePadSheet",
    "Scorecard",
    "ScorecardRow",
    "ScorecardSheet",
    "SeasonLine",
    "SeasonSheet",
    "SeatedTable",
    "SlipHand",
    "StandingRow",
    "TableCard",
    "TableCardSheet",
    "club_table_cards_pdf",
    "duplicate_results_pdf",
    "hand_records_pdf",
    "movement_cards_pdf",
    "pair_cards_pdf",
    "travellers_pdf",
    "find_your_table_pdf",
    "prize_list_pdf",
    "progression_sheet_pdf",
    "result_slips_pdf",
    "results_pdf",
    "score_pads_pdf",
    "scorecards_pdf",
    "season_pdf",
    "table_cards_pdf",
    "wall_sheet_pdf",
]
