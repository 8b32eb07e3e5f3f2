"""Table sessions wired to the app: its autosave, its statistics and the player's thinking budget."""
from __future__ import annotations

from game.session import TableSession


def session_for(app, match, seats) -> TableSession:
    """A session for ``match`` with ``seats`` (``game.session.Seat``), saving to the app's stores."""
    return TableSession(match, seats, autosave=app.autosave_store, statistics=app.stats_store,
                        think_budget_ms=app.settings.ai_think_budget_ms)


def resume_session(app, saved, seats=None) -> TableSession:
    """Replay a saved game into a session saving to the app's stores; ``seats`` stand in for missing ones.

    Raises ValueError (SavedGameError, SeatError) saying why the game cannot be played.
    """
    return TableSession.resume(saved, seats, autosave=app.autosave_store, statistics=app.stats_store,
                               think_budget_ms=app.settings.ai_think_budget_ms)
