"""Printed documents of an event as PDF bytes, built from the plain values in ``sheets``.

No Django import here: the adapter ``whistdrive.printing.from_models`` (imported on its own) fills the
dataclasses from the models, and the views in ``whistdrive.views.printing`` wrap the bytes.
"""

from .score_pads import score_pads_pdf
from .scorecards import CardError, scorecards_pdf
from .sheet_docs import progression_sheet_pdf, results_pdf
from .sheets import (
    HandSeating,
    PrizeAward,
    ProgressionPlayer,
    ProgressionSheet,
    ResultsSheet,
    Scorecard,
    ScorecardRow,
    ScorecardSheet,
    ScorePad,
    ScorePadSheet,
    SeatedTable,
    Standing,
    TableCard,
    TableCardSheet,
)
from .table_cards import table_cards_pdf

__all__ = [
    "CardError",
    "HandSeating",
    "PrizeAward",
    "ProgressionPlayer",
    "ProgressionSheet",
    "ResultsSheet",
    "ScorePad",
    "ScorePadSheet",
    "Scorecard",
    "ScorecardRow",
    "ScorecardSheet",
    "SeatedTable",
    "Standing",
    "TableCard",
    "TableCardSheet",
    "progression_sheet_pdf",
    "results_pdf",
    "score_pads_pdf",
    "scorecards_pdf",
    "table_cards_pdf",
]
