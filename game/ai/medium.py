"""Medium: the heuristic player from the rules texts' strategy (see ``heuristic.py``)."""
from __future__ import annotations

import random

from game.rules import PlayerView

from .base import Bot, require_turn
from .knowledge import view_pick


class MediumBot(Bot):
    """Holds wild cards until needed, sheds high cards, names suits opponents lack, stacks, calls."""

    level = "medium"

    def choose_action(self, view: PlayerView, rng: random.Random) -> int:
        legal = require_turn(view)
        if len(legal) == 1:
            return legal[0]
        return view_pick(view)
