"""The rules core: pure Python, no pygame, no I/O, no clock.

Every named game is a preset of one ``RuleSet``; ``HandState`` plays a hand,
``Match`` plays hands in a row and writes/replays the game record.
"""
from .cards import (CardNotationError, RANKS, SUIT_NAMES, SUITS, card_from_str, card_to_str,
                    cards_from_str, cards_to_str)
from .errors import IllegalMove, RecordError
from .match import HandResult, Match, Standing, RECORD_FORMAT, RECORD_VERSION
from .moves import Move, MoveNotationError
from .presets import (DESCRIPTIONS, HOUSE_RULES, HOUSE_RULES_BY_ID, PRESETS, HouseRule, UnknownPreset,
                      house_rules_for, preset, preset_id_of, with_house_rules)
from .ruleset import InvalidRuleSet, RuleSet
from .state import Event, HandState
from .view import PlayerView, determinize, view_of

__all__ = [
    "CardNotationError", "RANKS", "SUIT_NAMES", "SUITS", "card_from_str", "card_to_str",
    "cards_from_str", "cards_to_str", "IllegalMove", "RecordError", "HandResult", "Match",
    "Standing", "RECORD_FORMAT", "RECORD_VERSION", "Move", "MoveNotationError", "DESCRIPTIONS",
    "HOUSE_RULES", "HOUSE_RULES_BY_ID", "PRESETS", "HouseRule", "UnknownPreset", "house_rules_for",
    "preset", "preset_id_of", "with_house_rules", "InvalidRuleSet", "RuleSet", "Event", "HandState",
    "PlayerView", "determinize", "view_of",
]
