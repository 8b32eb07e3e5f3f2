"""Table sessions wired to the app: its autosave, its statistics and the player's thinking budget.

``game.session`` is imported when a table opens, not when the main menu starts: it brings the
rules, the computer players and the worker pool, which the menu does not need.
"""
from __future__ import annotations


def session_for(app, match, seats):
    """A ``TableSession`` for ``match`` with ``seats`` (``game.session.Seat``), saving to the app's stores."""
    from game.session import TableSession

    return TableSession(match, seats, autosave=app.autosave_store, statistics=app.stats_store,
                        think_budget_ms=app.settings.ai_think_budget_ms)


def resume_session(app, saved, seats_for=None):
    """Replay a saved game into a ``TableSession`` saving to the app's stores; ``seats_for(players)``
    stands in for missing seats. Raises ValueError (SavedGameError, SeatError) saying why it cannot be played.
    """
    from game.session import TableSession

    return TableSession.resume(saved, seats_for, autosave=app.autosave_store, statistics=app.stats_store,
                               think_budget_ms=app.settings.ai_think_budget_ms)
