"""A saved game: a match record and the players at its table, as one checked value.

The autosave and an exported file hold the same document, ``{"record": ...,
"seats": [{"name": ..., "kind": ...}, ...]}``. This module is the one place
that builds, validates, writes and reads it; the menu, the pause screen and
the table session only ever see a :class:`SavedGame`.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from dataclasses import dataclass
from pathlib import Path
from collections.abc import Iterable
from typing import Any

from game.rules import MAX_PLAYERS, Match, RecordError, finish
from game.store import checks
from game.store.autosave import AutosaveStore, RecordFileError, export_record, import_record
from game.store.files import EncodedJSON
from game.store.problems import LoadProblem

#: A seat's kind is "human" (any number of seats may be) or a computer level's name; which levels exist is
#: the AI's business.
_KIND = re.compile(r"[a-z][a-z0-9_]{0,31}")
MAX_NAME_LENGTH = 40
#: A match id: what tells two matches apart even when they share a seed (see new_match_id).
_MATCH_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")


class SavedGameError(ValueError):
    """A saved game that cannot be played: ``code`` (one of problems.SAVED_GAME_CODES) and ``params`` for
    the player's language (``params["error"]`` is the RecordError of "saved.bad_record"), the English
    message for logs."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


@dataclass(frozen=True)
class SavedSeat:
    """One player at a saved table: a display name and ``"human"`` or a computer level."""

    name: str
    kind: str

    def to_json(self) -> dict[str, str]:
        """The seat as it is written to disk."""
        return {"name": self.name, "kind": self.kind}


@dataclass(frozen=True)
class SavedGame:
    """A match record (replayable by the rules core), who sat where (when known), and which people
    practised in it (a move taken back, the tutor stepping in: their results are kept apart)."""

    record: dict[str, Any]
    seats: tuple[SavedSeat, ...] | None
    #: The seats whose person practised, in seat order; True (a file from before practice was kept per
    #: person, or anyone meaning everyone) when every person at the table did.
    practice: tuple[int, ...] | bool = ()
    #: The match's own id (files from before ids were kept have none).
    match_id: str | None = None

    def __post_init__(self) -> None:
        if self.practice is False:
            object.__setattr__(self, "practice", ())
        elif self.practice is not True:
            object.__setattr__(self, "practice", tuple(sorted(set(self.practice))))

    def practised(self, players: int) -> frozenset[int]:
        """The seats (of ``players``) whose results count as practice."""
        if self.practice is True:
            return frozenset(range(players))
        return frozenset(seat for seat in self.practice if seat < players)

    @classmethod
    def of(cls, match: Match, seats, practice: Iterable[int] | bool = (), match_id: str | None = None) -> "SavedGame":
        """The saved game of a match in play; ``seats`` are objects with ``name`` and ``kind``, ``practice``
        the seats whose person practised."""
        return cls(match.to_record(), tuple(SavedSeat(seat.name, seat.kind) for seat in seats), practice,
                   match_id)

    @classmethod
    def from_document(cls, document: Any) -> "SavedGame":
        """Check a document read from disk; raises SavedGameError saying what is wrong.

        A bare match record (no ``"seats"``) is accepted with ``seats`` None, so
        that a record written by hand or by another tool can still be imported.
        """
        if not isinstance(document, dict):
            raise SavedGameError("saved.not_saved_game", "the file does not hold a saved game")
        if "record" not in document:
            return cls(document, None)
        record = document["record"]
        if not isinstance(record, dict):
            raise SavedGameError("saved.record_damaged", "the match record is damaged")
        unknown = set(document) - {"record", "seats", "practice", "id"}
        if unknown:
            raise SavedGameError("saved.unknown_keys", "the saved game holds what this version does not know: "
                                 f"{', '.join(sorted(unknown))}", keys=tuple(sorted(unknown)))
        match_id = document.get("id")
        if match_id is not None and (not isinstance(match_id, str) or not _MATCH_ID.fullmatch(match_id)):
            raise SavedGameError("saved.record_damaged", "the match id is damaged")
        seats = document.get("seats")
        seats = None if seats is None else check_seats(seats)
        return cls(record, seats, _practice_mark(document.get("practice", False), seats), match_id)

    def to_document(self) -> dict[str, Any]:
        """What is written to disk."""
        document: dict[str, Any] = {"record": self.record}
        if self.seats is not None:
            document["seats"] = [seat.to_json() for seat in self.seats]
        if self.practice:
            document["practice"] = True if self.practice is True else list(self.practice)
        if self.match_id is not None:
            document["id"] = self.match_id
        return document

    def stable_id(self) -> str:
        """The match id, or for a file from before ids were kept, one made from its record (the same
        file always gives the same id)."""
        if self.match_id is not None:
            return self.match_id
        text = json.dumps(self.record, sort_keys=True, separators=(",", ":"), default=str)
        return "r" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]

    def match(self, observer=None) -> Match:
        """Replay the record (``observer`` as in ``Match.from_record``); raises SavedGameError if it
        cannot be replayed or does not fit the seats."""
        return finish(self.replaying(observer))

    def replaying(self, observer=None):
        """``match`` in slices (see ``Match.replaying``): yields progress, returns the match."""
        try:
            match = yield from Match.replaying(self.record, observer)
        except RecordError as error:
            raise SavedGameError("saved.bad_record", str(error), error=error) from None
        if self.seats is not None and len(self.seats) != match.rules.players:
            raise SavedGameError("saved.seats_dont_fit", "the saved players do not fit the saved rules")
        return match


def autosave_document(match: Match, seats, practice: Iterable[int] | bool = (),
                      match_id: str | None = None) -> dict[str, Any]:
    """``SavedGame.of(match, seats, practice, match_id).to_document()`` as the autosave after a move
    writes it, byte for byte: the record's hands go in already encoded (``Match.hands_json``), so a
    move costs its own hand, not the whole match again (200,000 moves are 40 ms of encoding)."""
    record = {**match.record_head(), "hands": EncodedJSON(match.hands_json())}
    return SavedGame(record, tuple(SavedSeat(seat.name, seat.kind) for seat in seats), practice,
                     match_id).to_document()


def _practice_mark(value: Any, seats: tuple[SavedSeat, ...] | None) -> tuple[int, ...] | bool:
    """The saved practice mark: the list of seats that practised, or true or false as files before practice
    was kept per person wrote it (true: every person); raises SavedGameError."""
    if isinstance(value, bool):
        return value
    try:
        return checks.seat_numbers(value, len(seats) if seats is not None else MAX_PLAYERS)
    except checks.InvalidValue:
        raise SavedGameError("saved.practice_damaged", "the saved game's practice mark is damaged") from None


def new_match_id() -> str:
    """A fresh match id. Random from the OS on purpose: an identity, not a game decision, so it must
    differ between two matches dealt from one seed (the game's own randomness stays seeded)."""
    return secrets.token_hex(16)


def check_seats(seats: Any) -> tuple[SavedSeat, ...]:
    """Validate a saved list of players; raises SavedGameError saying what is wrong."""
    if not isinstance(seats, list) or not seats:
        raise SavedGameError("saved.seats_missing", "the list of players is missing")
    checked = []
    for seat in seats:
        if not isinstance(seat, dict) or set(seat) - {"name", "kind"}:
            raise SavedGameError("saved.seat_damaged", "a player in the saved match is damaged")
        name, kind = seat.get("name"), seat.get("kind")
        if not isinstance(name, str) or not name.strip():
            raise SavedGameError("saved.seat_no_name", "a player in the saved match has no name")
        name = name.strip()
        if len(name) > MAX_NAME_LENGTH or not name.isprintable():
            raise SavedGameError("saved.seat_name_bad",
                                 "a player's name in the saved match is too long or holds control characters")
        if not isinstance(kind, str) or not _KIND.fullmatch(kind):
            raise SavedGameError("saved.seat_kind_bad",
                                 "a player in the saved match is neither a person nor a computer level")
        checked.append(SavedSeat(name, kind))
    return tuple(checked)


def save_autosave(store: AutosaveStore, saved: SavedGame) -> None:
    """Write ``saved`` as the autosave (atomically)."""
    store.save(saved.to_document())


def load_autosave(store: AutosaveStore) -> tuple[SavedGame | None, LoadProblem | None]:
    """The autosaved game (None if there is none or it is unusable) and a one-line problem for the player."""
    document, problem = store.load()
    if document is None:
        return None, problem
    try:
        return SavedGame.from_document(document), problem
    except SavedGameError as error:
        return None, LoadProblem("store.autosave_unusable", f"The saved match cannot be resumed: {error}.",
                                 error=error)


def export_saved_game(saved: SavedGame, path: Path) -> None:
    """Write ``saved`` to a file the player chose; raises OSError on disk errors."""
    export_record(saved.to_document(), path)


def import_saved_game(path: Path) -> SavedGame:
    """Read a saved game the player chose; raises RecordFileError with a message for the player."""
    path = Path(path)
    document = import_record(path)
    try:
        return SavedGame.from_document(document)
    except SavedGameError as error:
        raise RecordFileError("store.record_unplayable", f"{path.name} cannot be played: {error}.",
                              file=path.name, error=error) from None
