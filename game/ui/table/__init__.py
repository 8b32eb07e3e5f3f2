"""The card table: the game as the player sees it (scene, input, board, effects, painter, results).

``TableScene(app, session)`` shows a :class:`game.session.TableSession`;
``HandResultScene`` and ``MatchResultScene`` follow a hand and a match.
``python -m game.ui.table`` opens a table directly (tests, benchmarks, demos).
"""
from __future__ import annotations

from .results import HandResultScene, MatchResultScene
from .scene import TableScene

__all__ = ["TableScene", "HandResultScene", "MatchResultScene"]
