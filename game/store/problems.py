"""What the store tells the player about a file, as a code + params beside the English line.

The store never words anything in the player's language (it does not know the UI); each
problem it reports is a :class:`LoadProblem` (a ``str``: the English line, for logs and
developers) or an error with ``code`` and ``params``, and the UI turns the code into words.
"""
from __future__ import annotations

from typing import Any

#: What a file is to the player: the UI says what became of it ("the settings have been reset").
ROLES = ("settings", "statistics", "autosave", "recent", "lessons", "file")

#: Every code a problem of the store can have: LoadProblem, SavedGameError and RecordFileError.
STORE_CODES = frozenset({
    # A file the game reads at start or on the statistics screen.
    "store.unreadable", "store.set_aside", "store.settings_reset", "store.statistics_dropped",
    "store.autosave_unusable", "store.recent_dropped",
    # A record file the player chose to import.
    "store.record_missing", "store.record_unusable", "store.record_damaged", "store.record_unplayable",
})
SAVED_GAME_CODES = frozenset({
    "saved.not_saved_game", "saved.record_damaged", "saved.unknown_keys", "saved.practice_damaged",
    "saved.seats_missing", "saved.seat_damaged", "saved.seat_no_name", "saved.seat_name_bad",
    "saved.seat_kind_bad", "saved.seats_dont_fit", "saved.bad_record",
})


class LoadProblem(str):
    """One line for the player: the English text itself, plus ``code`` (one of STORE_CODES) and ``params``."""

    code: str
    params: dict[str, Any]

    def __new__(cls, code: str, text: str, **params: Any) -> "LoadProblem":
        problem = super().__new__(cls, text)
        problem.code = code
        problem.params = params
        return problem


def backup_params(backup_name: str | None, error: OSError | None = None) -> dict[str, Any]:
    """Where the old copy went (``backup``) or why it could not be kept (``backup_errno``, ``backup_error``)."""
    if error is None:
        return {"backup": backup_name}
    return {"backup": None, "backup_errno": error.errno, "backup_error": os_reason(error)}


def os_reason(error: OSError) -> str:
    """The system's own short reason for an OSError (English; the UI words the common errnos)."""
    return error.strerror or type(error).__name__
