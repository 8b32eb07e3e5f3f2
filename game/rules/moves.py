"""Moves: frozen values at the edges, small ints (actions) in the hot loops.

An action is ``card * 5 + nomination`` for a play (nomination 0 = none,
1..4 = the suit named with a wild card, C D H S), or one of the constants below.
"""
from __future__ import annotations

from dataclasses import dataclass

from .cards import CARD_COUNT, SUITS, card_from_str, card_to_str
from .kinds import MoveKind

PLAY_ACTIONS = CARD_COUNT * 5
DRAW = PLAY_ACTIONS
PASS = PLAY_ACTIONS + 1
LAST_CARD = PLAY_ACTIONS + 2
STOP = PLAY_ACTIONS + 3
ACTION_COUNT = PLAY_ACTIONS + 4

KINDS = tuple(MoveKind)
_WORDS = {DRAW: "draw", PASS: "pass", LAST_CARD: "last", STOP: "stop"}
_ACTION_OF = {MoveKind.DRAW: DRAW, MoveKind.PASS: PASS, MoveKind.LAST_CARD: LAST_CARD, MoveKind.STOP: STOP}


class MoveNotationError(ValueError):
    """A string is not a move in our notation."""


@dataclass(frozen=True, slots=True)
class Move:
    """One move: play a card (naming a suit when it is wild), draw, pass, call "last card" or "stop"."""

    kind: MoveKind
    card: int | None = None
    suit: int | None = None

    @property
    def action(self) -> int:
        """The int form used by the engine."""
        if self.kind == MoveKind.PLAY:
            return self.card * 5 + (0 if self.suit is None else self.suit + 1)
        return _ACTION_OF[self.kind]

    @staticmethod
    def from_action(action: int) -> "Move":
        """The move for an engine action."""
        return MOVES[action]

    @staticmethod
    def play(card: int, suit: int | None = None) -> "Move":
        """Play ``card``; ``suit`` is the suit named with a wild card."""
        return Move(MoveKind.PLAY, card, suit)

    @staticmethod
    def parse(text: str) -> "Move":
        """Parse ``8S``, ``8S>H`` (play 8S naming hearts), ``draw``, ``pass``, ``last`` or ``stop``."""
        token = text.strip()
        lowered = token.lower()
        for action, word in _WORDS.items():
            if lowered == word:
                return MOVES[action]
        card_text, _, suit_text = token.partition(">")
        try:
            card = card_from_str(card_text)
        except ValueError:
            raise MoveNotationError(
                f"not a move: {text!r} (expected e.g. 8S, 8S>H, draw, pass, last, stop)") from None
        if not suit_text:
            return Move(MoveKind.PLAY, card)
        suit_text = suit_text.strip().upper()
        if len(suit_text) != 1 or suit_text not in SUITS:
            raise MoveNotationError(f"not a suit in {text!r}: use C, D, H or S after '>'")
        return Move(MoveKind.PLAY, card, SUITS.index(suit_text))

    def __str__(self) -> str:
        if self.kind != MoveKind.PLAY:
            return _WORDS[self.action]
        text = card_to_str(self.card)
        return text if self.suit is None else f"{text}>{SUITS[self.suit]}"


def _all_moves() -> tuple[Move, ...]:
    moves = []
    for action in range(PLAY_ACTIONS):
        card, nomination = divmod(action, 5)
        moves.append(Move(MoveKind.PLAY, card, None if nomination == 0 else nomination - 1))
    moves += [Move(MoveKind.DRAW), Move(MoveKind.PASS), Move(MoveKind.LAST_CARD), Move(MoveKind.STOP)]
    return tuple(moves)


MOVES = _all_moves()
