"""The match-level actions beside the table, with no pygame: continue the saved match, give a match up,
import a record to play on, and the list of recent matches.

The screens ask; ``MatchDesk`` does the work against the stores and answers with values or errors the
screens put into words. A network host will ask the same desk.
"""
from __future__ import annotations

from pathlib import Path

from game.store.journal import StoreJournal
from game.store.saved_game import SavedGame, import_saved_game, load_autosave

from .session import TableSession, abandon_saved_game


class MatchDesk:
    """The player's matches as the stores keep them: the one saved for Continue, the records they import,
    the recent ones; every session it opens writes to the same stores (``session_options``: the
    TableSession keywords beyond the stores, e.g. ``think_budget_ms``, ``report_problem``, ``shown_name``)."""

    def __init__(self, autosave, statistics=None, recent=None, journal: StoreJournal | None = None,
                 **session_options) -> None:
        self.autosave_store = autosave
        self.statistics_store = statistics
        self.recent_store = recent
        self.journal = journal if journal is not None else StoreJournal.beside(autosave, statistics, recent)
        self.session_options = session_options

    # ----- sessions ------------------------------------------------------------------------

    def new_session(self, rules, seed: int, seats) -> TableSession:
        """A new match under ``rules`` dealt from ``seed``; raises SeatError when ``seats`` cannot sit at it."""
        return TableSession.new(rules, seed, seats, **self._options())

    def session_for(self, match, seats) -> TableSession:
        """A session for a match already built (tools and tests)."""
        return TableSession(match, seats, **self._options())

    def resume_steps(self, saved: SavedGame, seats_for=None):
        """Replay ``saved`` in slices (see ``TableSession.resuming``): yields progress, returns the session.
        Raises ValueError (SavedGameError, SeatError) when it cannot be played."""
        return TableSession.resuming(saved, seats_for, **self._options())

    def _options(self) -> dict:
        return {"autosave": self.autosave_store, "statistics": self.statistics_store,
                "recent": self.recent_store, "journal": self.journal, **self.session_options}

    # ----- the match saved for Continue ------------------------------------------------------

    def has_saved(self) -> bool:
        """Whether a match is saved for Continue."""
        return self.autosave_store is not None and self.autosave_store.exists()

    def load_saved(self):
        """``(saved game, None)``, or ``(None, LoadProblem or None)`` when there is none or it is unreadable
        (a damaged file is set aside and the problem says so)."""
        return load_autosave(self.autosave_store)

    def give_up(self, in_play: SavedGame | None = None) -> None:
        """Give up a match for another: the one ``in_play`` at a table, else the one saved for Continue. It
        counts as abandoned and the autosave is deleted, as one step. Raises OSError when the autosave
        cannot be deleted."""
        given_up = in_play
        if given_up is None and self.has_saved():
            given_up, _problem = self.load_saved()
        if given_up is not None:
            abandon_saved_game(given_up, self.journal)
        elif self.autosave_store is not None:
            self.autosave_store.clear()

    # ----- records and recent matches ------------------------------------------------------------

    @staticmethod
    def read_record(path: Path) -> SavedGame:
        """A record file as a saved game; raises RecordFileError saying why it cannot be read."""
        return import_saved_game(Path(path))

    def recent_matches(self):
        """``(recent matches, newest first, and a LoadProblem or None)`` from the recent list."""
        if self.recent_store is None:
            return [], None
        return self.recent_store.load()
