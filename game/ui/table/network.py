"""What a table played over the network offers: a guest's table (game/net's RemoteTable) says which features
it has through ``available``; a host's table cannot be played again once its friends' connections are gone."""
from __future__ import annotations

from game.ui.i18n import _


def offers(session, feature: str) -> bool:
    """Whether the table played through ``session`` offers ``feature`` ("hint", "review", "match_review",
    "save", "rematch", "undo")."""
    available = getattr(session, "available", None)
    if callable(available):
        return bool(available(feature))
    if feature == "rematch":   # a hosted table's friends are not at a rematch: it would be computers only
        return not any(getattr(seat, "kind", None) == "remote" for seat in getattr(session, "seats", ()))
    return True


def networked(session) -> bool:
    """Whether ``session`` is a table played with people at other computers (as host or guest)."""
    return callable(getattr(session, "available", None)) or not offers(session, "rematch")


def not_available_text() -> str:
    """What a feature a network table does not offer answers."""
    return _("Not available at a network table.")
