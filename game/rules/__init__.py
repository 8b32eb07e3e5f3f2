"""The rules core: pure Python, no pygame, no I/O, no clock.

Every named game is a preset of one ``RuleSet``; ``HandState`` plays a hand,
``Match`` plays hands in a row and writes/replays the game record.

Code outside this package imports from here only, never from its modules. That
includes the fast form the bots and the search use: cards as small ints
(``RANK_OF``, ``SUIT_OF``, ``FIRST_JOKER``, ``build_deck``), actions as small ints
(``card * 5 + nomination``, or ``DRAW``, ``PASS``, ``LAST_CARD``, ``STOP``; ``MOVES``
maps each action to its ``Move``) and the per-rule-set card lookups of ``tables_for``.
"""
from .cards import (DECK_SIZES, FIRST_JOKER, RANK_OF, RANKS, SUIT_NAMES, SUIT_OF, SUITS, CardNotationError,
                    build_deck, card_from_str, card_to_str, cards_from_str, cards_to_str, deck_ranks, shuffle)
from .errors import RECORD_CODES, RULE_CODES, IllegalMove, InvalidRuleSet, Problem, RecordError
from .match import (MAX_RECORD_MOVES, OUT_OF_TURN, HandResult, Match, Standing, RECORD_FORMAT, RECORD_VERSION,
                    finish, parse_record_move, play_randomly)
from .kinds import EventKind, MoveKind
from .moves import ACTION_COUNT, DRAW, LAST_CARD, MOVES, PASS, STOP, Move, MoveNotationError
from .presets import (CHOICES, DESCRIPTIONS, HOUSE_RULES, HOUSE_RULES_BY_ID, PRESETS, HouseRule, UnknownPreset,
                      choices_of, house_rules_for, preset, preset_id_of, with_house_rules)
from .ruleset import MAX_PLAYERS, MAX_TURN_CAP, MIN_PLAYERS, RuleSet
from .state import BLACK_JACK, CAP_KINDS, CAP_RANK, CAP_WILD, DRAWING, Event, HandState, stacked_order, tables_for
from .view import PlayerView, determinize, view_of

__all__ = [
    # cards
    "DECK_SIZES", "FIRST_JOKER", "RANK_OF", "RANKS", "SUIT_NAMES", "SUIT_OF", "SUITS", "CardNotationError",
    "build_deck", "card_from_str", "card_to_str", "cards_from_str", "cards_to_str", "deck_ranks", "shuffle",
    # moves and actions
    "EventKind", "MoveKind", "ACTION_COUNT", "DRAW", "LAST_CARD", "MOVES", "PASS", "STOP", "Move", "MoveNotationError",
    # rule sets
    "MAX_PLAYERS", "MAX_TURN_CAP", "MIN_PLAYERS", "InvalidRuleSet", "RuleSet", "CHOICES", "DESCRIPTIONS", "HOUSE_RULES",
    "HOUSE_RULES_BY_ID", "PRESETS", "HouseRule", "UnknownPreset", "house_rules_for", "preset",
    "preset_id_of", "with_house_rules", "choices_of",
    # a hand and what a player sees of it
    "BLACK_JACK", "CAP_KINDS", "CAP_RANK", "CAP_WILD", "DRAWING", "Event", "HandState", "stacked_order", "tables_for",
    "PlayerView", "determinize", "view_of",
    # matches and records
    "IllegalMove", "RecordError", "Problem", "RECORD_CODES", "RULE_CODES", "HandResult", "Match", "Standing", "RECORD_FORMAT", "RECORD_VERSION",
    "MAX_RECORD_MOVES", "OUT_OF_TURN", "finish", "parse_record_move", "play_randomly",
]
