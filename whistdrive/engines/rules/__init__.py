"""The whist rules engine: cards, the deal, play, honours and every scoring rule. No Django import.

docs/rules.md describes the rules implemented and every choice made where the traditional
texts disagree.
"""

from whistdrive.engines.vocabulary import SEATS, SIDE_NAMES, SIDE_OF_SEAT, SIDES

from .cards import Card, Deal, card_name, deal, new_pack, next_dealer, next_seat, parse_card, parse_cards, shuffled_pack
from .errors import RuleError
from .play import (
    PlayedHand,
    Revoke,
    Trick,
    find_revokes,
    honours_held,
    is_revoke,
    legal_cards,
    play_hand,
    trick_winner,
)
from .players import HeuristicPlayer, RandomPlayer, SimulatedHand, play_deal, simulate_hand
from .scoring import (
    GameHand,
    GameResult,
    HandEntry,
    RubberResult,
    ScoredHand,
    SideTotals,
    TableScore,
    check_entry,
    check_next_entry,
    drive_score,
    entry_problems,
    game_value,
    honours_points,
    odd_tricks,
    rubber_points,
    score_games,
    score_hand,
    tricks_after_revoke,
)
from .trumps import trump_for_hand

__all__ = [
    "SEATS",
    "SIDES",
    "SIDE_NAMES",
    "SIDE_OF_SEAT",
    "Card",
    "Deal",
    "GameHand",
    "GameResult",
    "HandEntry",
    "ScoredHand",
    "HeuristicPlayer",
    "PlayedHand",
    "RandomPlayer",
    "Revoke",
    "RubberResult",
    "RuleError",
    "SideTotals",
    "SimulatedHand",
    "TableScore",
    "Trick",
    "card_name",
    "check_entry",
    "check_next_entry",
    "deal",
    "drive_score",
    "entry_problems",
    "find_revokes",
    "game_value",
    "honours_held",
    "honours_points",
    "is_revoke",
    "legal_cards",
    "new_pack",
    "next_dealer",
    "next_seat",
    "odd_tricks",
    "parse_card",
    "parse_cards",
    "play_deal",
    "play_hand",
    "rubber_points",
    "score_games",
    "score_hand",
    "shuffled_pack",
    "simulate_hand",
    "trick_winner",
    "tricks_after_revoke",
    "trump_for_hand",
]
