"""The vocabularies of the rules core: what kinds of move a seat can make and of event a move can cause.

Both are ``StrEnum``s, so a kind is still the plain word it always was: records, autosaves and logs
write ``"play"`` and ``"hand_ended"`` as before, and a kind read back from a file compares equal to
its member.
"""
from __future__ import annotations

from enum import StrEnum


class MoveKind(StrEnum):
    """What a move does."""

    PLAY = "play"
    DRAW = "draw"
    PASS = "pass"
    LAST_CARD = "last_card"
    STOP = "stop"


class EventKind(StrEnum):
    """Something that happened at the table, in the order a hand can bring them."""

    DEALT = "dealt"
    STARTER = "starter"
    PLAYED = "played"
    NOMINATED = "nominated"
    DREW = "drew"
    RESHUFFLED = "reshuffled"
    SKIPPED = "skipped"
    REVERSED = "reversed"
    PENALTY_STACKED = "penalty_stacked"
    PENALTY_CANCELLED = "penalty_cancelled"
    PENALTY_PAID = "penalty_paid"
    SKIP_STACKED = "skip_stacked"
    LAST_CARD_CALLED = "last_card_called"
    LAST_CARD_PENALTY = "last_card_penalty"
    PASSED = "passed"
    PLAYS_AGAIN = "plays_again"
    STOP_CALLED = "stop_called"
    HAND_ENDED = "hand_ended"
