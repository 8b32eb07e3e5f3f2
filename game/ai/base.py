"""The one small interface every computer player implements."""
from __future__ import annotations

import random

from game.rules import Move, PlayerView


class Bot:
    """A computer player: sees only its player's view and a seeded RNG, returns a legal move.

    Bots keep no state between calls, so one instance may serve several seats and threads.
    """

    level = "bot"

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """A legal move for ``view.seat`` (it must be that seat's turn)."""
        return Move.from_action(self.choose_action(view, rng))

    def choose_action(self, view: PlayerView, rng: random.Random) -> int:
        """The engine action (int) form of ``choose``."""
        raise NotImplementedError

    def calls_last_card(self, view: PlayerView, rng: random.Random) -> bool:
        """Whether to make the out-of-turn "last card" call ``view`` allows, right after playing down
        to one card (``view.can_call_last_card``); it costs nothing, so by default always."""
        return view.can_call_last_card

    def __repr__(self) -> str:
        return f"{type(self).__name__}(level={self.level!r})"


class NotYourTurn(ValueError):
    """A bot was asked to move for a view with no legal moves (not its turn, or the hand is over)."""


def require_turn(view: PlayerView) -> tuple[int, ...]:
    """The view's legal actions, or a clear error when there are none."""
    if not view.legal_actions:
        raise NotYourTurn(f"seat {view.seat} has no move to make: it is seat {view.current}'s turn"
                          + (" and the hand is over" if view.over else ""))
    return view.legal_actions
