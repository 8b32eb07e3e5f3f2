"""The last finished matches, kept for the replay viewer: `recent_matches.json` in the data folder.

Each entry is a SavedGame (the record and the seats, checked by SavedGame.from_document) with
what the statistics screen lists: when the match ended, the game (a preset id or "custom") and
who won. Newest first; beyond ``limit`` the oldest is dropped. A file that cannot be used is
set aside to `.bak` as a whole and the player told; the list then starts empty.
"""
from __future__ import annotations

import datetime
import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.store import checks
from game.store.files import DocumentFile, set_aside
from game.store.paths import UserFolders
from game.store.saved_game import SavedGame, SavedGameError

RECENT_FORMAT = "crazy-eights-recent-matches"
RECENT_VERSION = 1
RECENT_FILE_NAME = "recent_matches.json"
#: How many finished matches are kept.
DEFAULT_LIMIT = 20
#: The most entries a file may hold: more is not a file this game wrote.
MAX_ENTRIES = 200
#: A match longer than this is not kept (a real match has hundreds of moves, not tens of thousands).
MAX_MOVES = 20_000
MAX_SEATS = 7

_WHAT = "list of recent matches"
_CONSEQUENCE = "has been emptied"
_ENTRY_KEYS = ("finished", "game", "winners", "saved")

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class RecentMatch:
    """One finished match: when it ended, the game it was, the winning seats and the saved game."""

    finished: datetime.datetime
    game: str
    winners: tuple[int, ...]
    saved: SavedGame

    @property
    def practice(self) -> bool:
        """Whether a move was taken back in it."""
        return self.saved.practice

    def to_json(self) -> dict[str, Any]:
        """The entry as it is written to disk."""
        return {"finished": self.finished.isoformat(timespec="seconds"), "game": self.game,
                "winners": list(self.winners), "saved": self.saved.to_document()}

    @classmethod
    def from_json(cls, value: Any) -> "RecentMatch":
        """Check one entry read from disk; raises checks.InvalidValue saying what is wrong."""
        entry = checks.known_keys(value, _ENTRY_KEYS, _ENTRY_KEYS)
        finished = entry["finished"]
        if not isinstance(finished, str) or len(finished) > 40:
            raise checks.InvalidValue("the date of a match is damaged")
        try:
            when = datetime.datetime.fromisoformat(finished)
        except ValueError:
            raise checks.InvalidValue("the date of a match is damaged") from None
        game = checks.name(entry["game"])
        winners = tuple(checks.list_of(entry["winners"], lambda seat: checks.whole_number(seat, 0, MAX_SEATS - 1),
                                       MAX_SEATS))
        try:
            saved = SavedGame.from_document(entry["saved"])
        except SavedGameError as error:
            raise checks.InvalidValue(str(error)) from None
        if saved.seats is None:
            raise checks.InvalidValue("a recent match names no players")
        if any(seat >= len(saved.seats) for seat in winners):
            raise checks.InvalidValue("a winner is not at the table")
        _check_length(saved)
        return cls(when, game, winners, saved)


class RecentMatchesStore:
    """Keeps the last ``limit`` finished matches; every write is atomic."""

    def __init__(self, folders: UserFolders, limit: int = DEFAULT_LIMIT,
                 clock: Callable[[], datetime.datetime] = datetime.datetime.now) -> None:
        self.file = DocumentFile(folders.data_dir / RECENT_FILE_NAME, RECENT_FORMAT, RECENT_VERSION,
                                 what=_WHAT, consequence=_CONSEQUENCE, role="recent")
        self.path: Path = self.file.path
        self.limit = max(1, min(int(limit), MAX_ENTRIES))
        self.clock = clock

    def load(self) -> tuple[list[RecentMatch], str | None]:
        """The kept matches, newest first, and a one-line problem for the player, or None."""
        result = self.file.read()
        if result.data is None:
            return [], result.problem
        try:
            checks.known_keys(result.data, ("matches",), ("matches",))
            matches = checks.list_of(result.data["matches"], RecentMatch.from_json, MAX_ENTRIES)
        except checks.InvalidValue as error:
            log.info("recent matches set aside: %s", error)
            return [], set_aside(self.path, _WHAT, _CONSEQUENCE, role="recent")
        return matches[:self.limit], None

    def add(self, saved: SavedGame, game: str, winners) -> str | None:
        """Keep a finished match as the newest (the oldest beyond the limit is dropped); returns a
        problem met reading the old list, raises ValueError for a match that cannot be kept and
        OSError (UnreadFileKept included) when the disk refuses."""
        if saved.seats is None:
            raise ValueError("a recent match needs its players")
        _check_length(saved)
        entry = RecentMatch(self.clock().replace(microsecond=0), checks.name(game), tuple(winners), saved)
        RecentMatch.from_json(entry.to_json())  # what is written must read back
        matches, problem = self.load()
        self.file.refuse_if_unread()
        # The same match handed in twice (a resumed finished record) is kept once.
        kept = [entry] + [old for old in matches if old.saved.record != saved.record]
        self.file.write({"matches": [match.to_json() for match in kept[:self.limit]]})
        return problem

    def clear(self) -> None:
        """Forget every kept match."""
        self.file.write({"matches": []})


def _check_length(saved: SavedGame) -> None:
    hands = saved.record.get("hands")
    if not isinstance(hands, list) or sum(len(hand) if isinstance(hand, list) else 0 for hand in hands) > MAX_MOVES:
        raise checks.InvalidValue(f"a recent match is missing its moves or has more than {MAX_MOVES}")
