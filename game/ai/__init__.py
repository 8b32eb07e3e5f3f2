"""Computer opponents: three levels behind one small interface, and a headless arena.

``create_bot(level)`` returns a ``Bot`` whose ``choose(view, rng)`` sees only a
``PlayerView`` and a seeded ``random.Random`` and returns a legal ``Move``.
Bots keep no state between calls and share nothing, so each may run in a worker thread.
"""
from __future__ import annotations

from collections.abc import Iterable

from .base import Bot, NotYourTurn
from .easy import EasyBot
from .hard import DEFAULT_BUDGET_MS, HardBot, SearchResult
from .medium import MediumBot

# The one list of levels, weakest first: the order is what "stronger" means everywhere.
LEVELS = ("easy", "medium", "hard")


class UnknownLevel(ValueError):
    """No bot level has that name."""


def create_bot(level: str, budget_ms: int = DEFAULT_BUDGET_MS) -> Bot:
    """A bot of ``level`` (one of ``LEVELS``); ``budget_ms`` bounds the hard bot's thinking per move."""
    if level == "easy":
        return EasyBot()
    if level == "medium":
        return MediumBot()
    if level == "hard":
        return HardBot(budget_ms=budget_ms)
    raise _unknown_level(level)


def strongest_level(levels: Iterable[str]) -> str:
    """The strongest of ``levels`` (say, a table's computer seats, which its statistics are filed under)."""
    levels = list(levels)
    if not levels:
        raise ValueError("no bot level to choose the strongest from")
    for level in levels:
        if level not in LEVELS:
            raise _unknown_level(level)
    return max(levels, key=LEVELS.index)


def _unknown_level(level: str) -> UnknownLevel:
    return UnknownLevel(f"unknown bot level {level!r}; choose one of: {', '.join(LEVELS)}")


__all__ = ["LEVELS", "Bot", "EasyBot", "MediumBot", "HardBot", "SearchResult", "NotYourTurn",
           "UnknownLevel", "create_bot", "strongest_level", "DEFAULT_BUDGET_MS"]
