"""Printed documents of an event as PDF bytes, built from the plain values in ``sheets``.

No Django import here: an adapter fills the dataclasses from the models, a view wraps the bytes.
"""

from .scorecards import CardError, scorecards_pdf
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
    "scorecards_pdf",
]
