"""The last finished matches, kept for the replay viewer: `recent_matches.json` in the data folder.

Each entry is a SavedGame (the record and the seats, checked by SavedGame.from_document) with
what the statistics screen lists: when the match ended, the game (a preset id or "custom") and
who won. Newest first; beyond ``limit`` the oldest is dropped, and so is any beyond
MAX_FILE_BYTES, so the file stays well within the store's read limit however long the matches
were (it is written compact, and an entry is measured as it is written).

A damaged entry is dropped alone: the file is copied aside to `.bak` and rewritten with the
good entries, and the player is told how many were left out. A file that cannot be used at all
(not JSON, no list) is set aside as a whole and the list starts empty.
"""
from __future__ import annotations

import datetime
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.store import checks
from game.store.files import DEFAULT_MAX_BYTES, DocumentFile, copy_aside, set_aside
from game.store.paths import UserFolders
from game.store.problems import LoadProblem, backup_params, os_reason
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
#: The most the file may take: the entries beyond it (the oldest) are dropped when writing.
MAX_FILE_BYTES = DEFAULT_MAX_BYTES * 4 // 5
#: The most one entry may take as written; a longer match is not kept (it could crowd out the rest).
MAX_ENTRY_BYTES = MAX_FILE_BYTES // 4
#: The longest rules name an entry may carry (the rules core's own limit).
RULES_NAME_MAX_LENGTH = 40
#: What the file's frame around the entries takes, with room to spare.
_FRAME_BYTES = 200

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
        """Whether anyone practised in it (took a move back, or had the tutor step in)."""
        return bool(self.saved.practice)

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
        _check_rules_name(saved)
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
            raw_matches = checks.list_of(result.data["matches"], lambda entry: entry, MAX_ENTRIES)
        except checks.InvalidValue as error:
            log.info("recent matches set aside: %s", error)
            return [], set_aside(self.path, _WHAT, _CONSEQUENCE, role="recent")
        matches: list[RecentMatch] = []
        for raw in raw_matches:
            try:
                matches.append(RecentMatch.from_json(raw))
            except checks.InvalidValue as error:
                log.info("a recent match was left out: %s", error)
        dropped = len(raw_matches) - len(matches)
        if not dropped:
            return matches[:self.limit], None
        return matches[:self.limit], self._without_damaged(matches, dropped)

    def _without_damaged(self, matches: list[RecentMatch], dropped: int) -> LoadProblem:
        """Keep a copy of the file with its damaged entries, write the good ones back, and say so."""
        what_happened = f"{dropped} damaged recent {'match was' if dropped == 1 else 'matches were'} left out"
        try:
            backup = copy_aside(self.path)
        except OSError as error:
            # No copy: leave the file as it is, the dropped entries are still in it.
            return LoadProblem("store.recent_dropped",
                               f"{what_happened}; the old copy could not be kept ({os_reason(error)}).",
                               count=dropped, **backup_params(None, error))
        try:
            self._write([match.to_json() for match in matches])
        except OSError as error:
            log.warning("the recent matches could not be rewritten without the damaged ones: %s", error)
        return LoadProblem("store.recent_dropped", f"{what_happened}; the old copy is saved as {backup.name}.",
                           count=dropped, **backup_params(backup.name))

    def entry_for(self, saved: SavedGame, game: str, winners) -> dict[str, Any]:
        """The entry a finished match becomes (dated now), as written; raises ValueError for a match that
        cannot be kept (no players, too long, a damaged name)."""
        if saved.seats is None:
            raise ValueError("a recent match needs its players")
        _check_length(saved)
        entry = RecentMatch(self.clock().replace(microsecond=0), checks.name(game), tuple(winners), saved).to_json()
        RecentMatch.from_json(entry)  # what is written must read back
        if _written_size(entry) > MAX_ENTRY_BYTES:
            raise checks.InvalidValue(f"a recent match takes more than {MAX_ENTRY_BYTES} bytes")
        return entry

    def keep(self, entry: dict[str, Any]) -> str | None:
        """Keep an entry made by entry_for as the newest; the same match kept again replaces its older
        entry, so keeping is safe to repeat. Returns a problem met reading the old list; raises
        ValueError for an entry that cannot be kept and OSError (UnreadFileKept included) when the disk
        refuses."""
        new = RecentMatch.from_json(entry)
        if _written_size(entry) > MAX_ENTRY_BYTES:
            raise checks.InvalidValue(f"a recent match takes more than {MAX_ENTRY_BYTES} bytes")
        matches, problem = self.load()
        self.file.refuse_if_unread()
        older = [old.to_json() for old in matches if not _same_match(old.saved, new.saved)]
        self._write([entry] + older)
        return problem

    def add(self, saved: SavedGame, game: str, winners) -> str | None:
        """Keep a finished match as the newest (the oldest beyond the limit is dropped); returns a
        problem met reading the old list, raises ValueError for a match that cannot be kept and
        OSError (UnreadFileKept included) when the disk refuses."""
        return self.keep(self.entry_for(saved, game, winners))

    def clear(self) -> None:
        """Forget every kept match."""
        self._write([])

    def _write(self, entries: list[dict[str, Any]]) -> None:
        """Write the newest entries that fit both the limit and MAX_FILE_BYTES (at least the newest)."""
        kept: list[dict[str, Any]] = []
        size = _FRAME_BYTES
        for entry in entries[:self.limit]:
            size += _written_size(entry) + 1
            if kept and size > MAX_FILE_BYTES:
                break
            kept.append(entry)
        self.file.write({"matches": kept}, compact=True)


def _written_size(entry: dict[str, Any]) -> int:
    """The bytes an entry takes in the compact file."""
    return len(json.dumps(entry, separators=(",", ":"), allow_nan=False).encode("utf-8"))


def _same_match(old: SavedGame, new: SavedGame) -> bool:
    if old.match_id is not None and new.match_id is not None:
        return old.match_id == new.match_id
    return old.record == new.record


def _check_rules_name(saved: SavedGame) -> None:
    """The record's rules name is shown on the statistics screen: checked as every name the store reads."""
    rules = saved.record.get("rules")
    name = rules.get("name") if isinstance(rules, dict) else None
    if name is not None and name != "":
        checks.name(name, RULES_NAME_MAX_LENGTH)


def _check_length(saved: SavedGame) -> None:
    hands = saved.record.get("hands")
    if not isinstance(hands, list) or sum(len(hand) if isinstance(hand, list) else 0 for hand in hands) > MAX_MOVES:
        raise checks.InvalidValue(f"a recent match is missing its moves or has more than {MAX_MOVES}")
