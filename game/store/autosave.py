"""The match in progress, saved after every move, and match records the player exports or imports.

The record itself belongs to the rules core (seed, rules, moves: enough to
replay the match); here it is opaque JSON that must be an object.  The
autosave and an exported file use the same document format, so a copy of
`autosave.json` can be imported like any exported record.
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path
from typing import Any

from game.store.files import (
    NEWER_VERSION,
    NOT_A_FILE,
    TOO_LARGE,
    UNREADABLE,
    DocumentError,
    DocumentFile,
    describe_problem,
    parse_json_document,
    set_aside,
    write_json_atomic,
)
from game.store.paths import UserFolders
from game.store.problems import LoadProblem

MATCH_RECORD_FORMAT = "crazy-eights-match"
MATCH_RECORD_VERSION = 1
AUTOSAVE_FILE_NAME = "autosave.json"


class RecordFileError(ValueError):
    """A match record file that cannot be imported: ``code`` (one of problems.STORE_CODES) and ``params``
    for the player's language, the English message for logs."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


class AutosaveStore:
    """The single autosaved match, in `autosave.json` in the data folder."""

    def __init__(self, folders: UserFolders) -> None:
        self.file = DocumentFile(
            folders.data_dir / AUTOSAVE_FILE_NAME, MATCH_RECORD_FORMAT, MATCH_RECORD_VERSION,
            what="saved match", consequence="cannot be resumed", role="autosave",
        )
        self.path: Path = self.file.path

    def save(self, record: dict[str, Any]) -> None:
        """Replace the autosave with `record` atomically; raises TypeError if it is not a JSON object,
        UnreadFileKept over an autosave that could not be read, OSError if the disk refuses."""
        self.file.write(_document(record)["data"])

    def load(self) -> tuple[dict[str, Any] | None, LoadProblem | None]:
        """The autosaved record (None if there is none) and a one-line problem for the player, or None."""
        result = self.file.read()
        return result.data, result.problem

    def check_place(self) -> LoadProblem | None:
        """At start: if something other than a file (a folder, a pipe) stands where the autosave
        belongs, set it aside so that autosaving works, and return the line for the player."""
        try:
            info = os.lstat(self.path)
        except FileNotFoundError:
            return None
        except OSError:
            return self.load()[1]  # the load says why the place cannot be read, once
        if stat.S_ISREG(info.st_mode):
            return None
        if stat.S_ISLNK(info.st_mode):
            # A link the player made is theirs: say if it leads nowhere readable, but leave it.
            return None if self.path.is_file() else self.load()[1]
        return set_aside(self.path, "saved match", "cannot be resumed", "was not a file", role="autosave",
                         why=NOT_A_FILE)

    def clear(self) -> None:
        """Delete the autosave (the match ended or the player abandoned it); never one that could not be read."""
        self.file.refuse_if_unread()
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
        raise RecordFileError("store.record_missing", f"{path.name} does not exist.", file=path.name) from None
    except DocumentError as error:
        if error.reason in (NEWER_VERSION, TOO_LARGE, UNREADABLE):
            raise RecordFileError(
                "store.record_unusable", f"{path.name} {describe_problem(error)}.", file=path.name,
                why=error.reason, size_bytes=error.size_bytes, errno=error.errno, detail=error.detail,
            ) from None
        raise RecordFileError(
            "store.record_damaged",
            f"{path.name} is not a Crazy Eights match record or is damaged ({error.detail}).", file=path.name,
        ) from None
    return record


def _document(record: dict[str, Any]) -> dict[str, Any]:
    if not isinstance(record, dict):
        raise TypeError(f"a match record must be a dict, got {type(record).__name__}")
    return {"format": MATCH_RECORD_FORMAT, "version": MATCH_RECORD_VERSION, "data": record}
