"""The match in progress, saved after every move, and match records the player exports or imports.

The record itself belongs to the rules core (seed, rules, moves: enough to
replay the match); here it is opaque JSON that must be an object.  The
autosave and an exported file use the same document format, so a copy of
`autosave.json` can be imported like any exported record.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from game.store.files import (
    NEWER_VERSION,
    TOO_LARGE,
    UNREADABLE,
    DocumentError,
    describe_problem,
    parse_json_document,
    read_json_document,
    write_json_atomic,
)
from game.store.paths import UserFolders

MATCH_RECORD_FORMAT = "crazy-eights-match"
MATCH_RECORD_VERSION = 1
AUTOSAVE_FILE_NAME = "autosave.json"


class RecordFileError(ValueError):
    """A match record file that cannot be imported; the message is meant for the player."""


class AutosaveStore:
    """The single autosaved match, in `autosave.json` in the data folder."""

    def __init__(self, folders: UserFolders) -> None:
        self.path: Path = folders.data_dir / AUTOSAVE_FILE_NAME

    def save(self, record: dict[str, Any]) -> None:
        """Replace the autosave with `record` atomically; raises TypeError if it is not a JSON object."""
        write_json_atomic(self.path, _document(record))

    def load(self) -> tuple[dict[str, Any] | None, str | None]:
        """The autosaved record (None if there is none) and a one-line problem for the player, or None."""
        result = read_json_document(
            self.path,
            MATCH_RECORD_FORMAT,
            MATCH_RECORD_VERSION,
            what="saved match",
            consequence="cannot be resumed",
        )
        return result.data, result.problem

    def clear(self) -> None:
        """Delete the autosave (the match ended or the player abandoned it)."""
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()

    def exists(self) -> bool:
        """Whether there is an autosave to offer to resume (it may still turn out unusable on load)."""
        return self.path.is_file()


def export_record(record: dict[str, Any], path: Path) -> None:
    """Write `record` to a file the player chose; raises TypeError if it is not a JSON object, OSError on disk errors."""
    write_json_atomic(Path(path), _document(record))


def import_record(path: Path) -> dict[str, Any]:
    """Read a match record file the player chose; raises RecordFileError with a message for the player.

    Never moves, changes or deletes the file, and never touches the autosave.
    """
    path = Path(path)
    try:
        record, _version = parse_json_document(path, MATCH_RECORD_FORMAT, MATCH_RECORD_VERSION)
    except FileNotFoundError:
        raise RecordFileError(f"{path.name} does not exist.") from None
    except DocumentError as error:
        if error.reason in (NEWER_VERSION, TOO_LARGE, UNREADABLE):
            raise RecordFileError(f"{path.name} {describe_problem(error)}.") from None
        raise RecordFileError(
            f"{path.name} is not a Crazy Eights match record or is damaged ({error.detail})."
        ) from None
    return record


def _document(record: dict[str, Any]) -> dict[str, Any]:
    if not isinstance(record, dict):
        raise TypeError(f"a match record must be a dict, got {type(record).__name__}")
    return {"format": MATCH_RECORD_FORMAT, "version": MATCH_RECORD_VERSION, "data": record}
