"""The match in progress, saved after every move, and match records the player exports or imports.

The record itself belongs to the rules core (seed, rules, moves: enough to
replay the match); here it is opaque JSON that must be an object.  The
autosave and an exported file use the same document format, so a copy of
`autosave.json` can be imported like any exported record.
"""

from __future__ import annotations

import contextlib
import logging
import os
import stat
import threading
from collections.abc import Callable
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

log = logging.getLogger(__name__)
#: A background writer with nothing to write for this long ends its thread (the next write starts one).
WRITER_IDLE_SECONDS = 5.0


class RecordFileError(ValueError):
    """A match record file that cannot be imported: ``code`` (one of problems.STORE_CODES) and ``params``
    for the player's language, the English message for logs."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params


class AutosaveStore:
    """The single autosaved match, in `autosave.json` in the data folder.

    ``in_background``: :meth:`save_soon` writes in a thread of its own, so that the frame loop never
    waits for the disk (a long match's autosave is 1.2 MB, written and synced after every move). Every
    other use of the file (save, load, clear, exists, check_place) first waits for that write, so the
    file is only ever changed in the order the game asked; a kill during it leaves the autosave of the
    move before, whole (the write is atomic).
    """

    def __init__(self, folders: UserFolders, *, in_background: bool = False) -> None:
        self.file = DocumentFile(
            folders.data_dir / AUTOSAVE_FILE_NAME, MATCH_RECORD_FORMAT, MATCH_RECORD_VERSION,
            what="saved match", consequence="cannot be resumed", role="autosave",
        )
        self.path: Path = self.file.path
        self._writer = BackgroundWrite(self._write) if in_background else None
        #: Called with each record once it is on disk (from the writer's thread for a background one):
        #: the autoplay says so on stdout for the kill tests.
        self.on_saved: Callable[[dict[str, Any]], None] | None = None

    @property
    def in_background(self) -> bool:
        """Whether :meth:`save_soon` writes in the background."""
        return self._writer is not None

    def save(self, record: dict[str, Any]) -> None:
        """Replace the autosave with `record` atomically; raises TypeError if it is not a JSON object,
        UnreadFileKept over an autosave that could not be read, OSError if the disk refuses."""
        self.settle()
        self._write(record)

    def save_soon(self, record: dict[str, Any]) -> None:
        """``save`` in the background (or now, without ``in_background``): a newer record replaces one still
        waiting. A write the disk refused is kept for :meth:`take_failure`."""
        if self._writer is None:
            self.save(record)
        else:
            self._writer.put(record)

    def take_failure(self) -> tuple[dict[str, Any], OSError] | None:
        """The record of the last background write and why the disk refused it, if it did and no later
        write worked since (asked once: it is forgotten)."""
        return None if self._writer is None else self._writer.take_failure()

    def settle(self) -> None:
        """Wait until a background write asked for is on disk (or refused)."""
        if self._writer is not None:
            self._writer.settle()

    def close(self) -> None:
        """Finish a background write and end its thread (the game is ending)."""
        if self._writer is not None:
            self._writer.close()

    def _write(self, record: dict[str, Any]) -> None:
        self.file.write(_document(record)["data"])
        if self.on_saved is not None:
            self.on_saved(record)

    def load(self) -> tuple[dict[str, Any] | None, LoadProblem | None]:
        """The autosaved record (None if there is none) and a one-line problem for the player, or None."""
        self.settle()
        result = self.file.read()
        return result.data, result.problem

    def check_place(self) -> LoadProblem | None:
        """At start: if something other than a file (a folder, a pipe) stands where the autosave
        belongs, set it aside so that autosaving works, and return the line for the player."""
        self.settle()
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
        self.settle()
        self.file.refuse_if_unread()
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()

    def exists(self) -> bool:
        """Whether there is an autosave to offer to resume (it may still turn out unusable on load)."""
        self.settle()
        return self.path.is_file()


class BackgroundWrite:
    """One file written by a thread of its own, the newest record first: ``write(record)`` runs there, a
    record put while another waits replaces it, and :meth:`settle` waits for the one asked for. The thread
    starts with a write and ends after WRITER_IDLE_SECONDS with nothing to write, or with :meth:`close` (a
    daemon: a process that ends without it only loses a write a kill would have lost too)."""

    def __init__(self, write) -> None:
        self._write = write
        self._changed = threading.Condition()
        self._waiting: dict[str, Any] | None = None
        self._writing = False
        self._closing = False
        self._failure: tuple[dict[str, Any], OSError] | None = None
        self._thread: threading.Thread | None = None

    def put(self, record: dict[str, Any]) -> None:
        """Write ``record`` soon (in place of one still waiting)."""
        with self._changed:
            self._waiting = record
            self._closing = False
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="autosave-writer", daemon=True)
                self._thread.start()
            self._changed.notify_all()

    def settle(self) -> None:
        """Wait until nothing waits to be written and no write is under way."""
        with self._changed:
            while self._waiting is not None or self._writing:
                self._changed.wait()

    def take_failure(self) -> tuple[dict[str, Any], OSError] | None:
        """The record whose write the disk refused last, and why (forgotten once asked, or once a write works)."""
        with self._changed:
            failure, self._failure = self._failure, None
            return failure

    def close(self) -> None:
        """Finish what waits, then end the thread."""
        with self._changed:
            self._closing = True
            self._changed.notify_all()
            thread = self._thread
        if thread is not None:
            thread.join()

    def _run(self) -> None:
        while True:
            with self._changed:
                if self._waiting is None and not self._closing:
                    self._changed.wait(timeout=WRITER_IDLE_SECONDS)
                if self._waiting is None:   # closing or idle, and nothing left: the next put starts another
                    self._thread = None
                    self._changed.notify_all()
                    return
                record, self._waiting = self._waiting, None
                self._writing = True
            failure = None
            try:
                self._write(record)
            except OSError as error:
                failure = (record, error)
            except (TypeError, ValueError) as error:   # not JSON: never writable, as the journal drops it
                log.warning("an autosave could not be written and was dropped: %s", error)
            except Exception:   # noqa: BLE001 - the thread must keep serving the game
                log.exception("an autosave failed unexpectedly")
            with self._changed:
                self._writing = False
                self._failure = failure
                self._changed.notify_all()


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
