"""Errors the rules core raises, each with a machine-readable reason."""
from __future__ import annotations


class IllegalMove(ValueError):
    """A move the rules do not allow now.

    ``reason`` is a stable code (e.g. ``"not_matching"``) and ``params`` its
    details (e.g. ``{"suit": "H", "rank": "Q"}``), so the table can explain the
    refusal in any language.
    """

    def __init__(self, reason: str, message: str, **params):
        super().__init__(message)
        self.reason = reason
        self.params = params


class RecordError(ValueError):
    """A game record that cannot be loaded (malformed, tampered or from a newer version)."""
