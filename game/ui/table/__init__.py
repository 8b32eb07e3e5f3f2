"""The card table: the game as the player sees it (scenes, layout, sprites, animation, AI worker).

``TableScene(app, match, seats)`` plays a :class:`game.rules.Match`;
``HandResultScene`` and ``MatchResultScene`` follow a hand and a match.
``python -m game.ui.table`` opens a table directly (tests, benchmarks, demos).

The scenes are imported lazily so that the AI worker process, which imports
``game.ui.table.ai_worker``, does not load pygame.
"""
from __future__ import annotations

__all__ = ["TableScene", "HandResultScene", "MatchResultScene"]


def __getattr__(name: str):
    if name == "TableScene":
        from .table import TableScene
        return TableScene
    if name in ("HandResultScene", "MatchResultScene"):
        from . import results
        return getattr(results, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
