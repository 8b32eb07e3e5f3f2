"""One game process owns a data folder: an OS lock on ``game.lock`` in it.

Two games on one data folder would both continue the same saved match and count it twice. The
lock is the operating system's own lock on an open file (``fcntl.flock`` on POSIX,
``msvcrt.locking`` on Windows), so it ends with its process however that process ends: a game
killed with SIGKILL leaves the file behind but not the lock, and the next start takes it over.
(The ``filelock`` library does the same with the same calls; these few lines need no new
dependency in the frozen build.)

A second start asks the owner to come to the front by creating ``show-window.request`` beside the
lock; the owner looks for it at most twice a second (one stat) and deletes it when it has raised
its window.
"""
from __future__ import annotations

import contextlib
import logging
import os
import time
from pathlib import Path

LOCK_FILE_NAME = "game.lock"
SHOW_REQUEST_FILE_NAME = "show-window.request"
#: Seconds between two looks for a show request (a stat costs microseconds; a person waits longer).
SHOW_REQUEST_POLL_SECONDS = 0.5
# Where the owner's pid is written: past the one locked byte (Windows refuses reads of a locked range).
_PID_OFFSET = 16

log = logging.getLogger(__name__)


class DataFolderLock:
    """The lock on one data folder: acquire() once at start, release() at the end (or let the process end)."""

    def __init__(self, data_dir: Path) -> None:
        self.folder = Path(data_dir)
        self.path = self.folder / LOCK_FILE_NAME
        self.request_path = self.folder / SHOW_REQUEST_FILE_NAME
        self._descriptor: int | None = None
        self._next_look = 0.0

    @property
    def held(self) -> bool:
        """Whether this process holds the lock."""
        return self._descriptor is not None

    def acquire(self) -> bool:
        """Take the lock; False when another live process holds it. A lock file a dead process left
        is taken over. When the folder cannot be made or locked at all (a read-only disk), the game
        runs unlocked rather than not at all: the stores then say what they cannot write."""
        if self._descriptor is not None:
            return True
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            descriptor = os.open(self.path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o666)
        except OSError as error:
            log.warning("the data folder cannot be locked (%s); running without the lock", error)
            return True
        try:
            _lock(descriptor)
        except BlockingIOError:
            os.close(descriptor)
            return False
        except OSError as error:
            if error.errno in _BUSY:
                os.close(descriptor)
                return False
            log.warning("the data folder cannot be locked (%s); running without the lock", error)
            os.close(descriptor)
            return True
        self._descriptor = descriptor
        with contextlib.suppress(OSError):  # a request meant for an owner that has since ended
            os.unlink(self.request_path)
        with contextlib.suppress(OSError):
            os.lseek(descriptor, _PID_OFFSET, os.SEEK_SET)
            os.write(descriptor, f"{os.getpid()}\n".encode().ljust(24))
            os.ftruncate(descriptor, _PID_OFFSET + 24)
        return True

    def release(self) -> None:
        """Give the folder up (the OS does the same when the process ends)."""
        if self._descriptor is None:
            return
        with contextlib.suppress(OSError):
            _unlock(self._descriptor)
        with contextlib.suppress(OSError):
            os.close(self._descriptor)
        self._descriptor = None

    def owner_pid(self) -> int | None:
        """The pid the owner wrote, if it can be read (for the log)."""
        try:
            with open(self.path, "rb") as lock_file:
                lock_file.seek(_PID_OFFSET)
                text = lock_file.read(24).decode("ascii", "replace").strip()
        except OSError:
            return None
        return int(text) if text.isdigit() else None

    def ask_owner_to_show(self) -> bool:
        """From a second start: ask the owner to bring its window to the front; False if the request
        could not be made."""
        try:
            with open(self.request_path, "w", encoding="ascii") as request:
                request.write(f"{os.getpid()}\n")
        except OSError as error:
            log.warning("could not ask the open game to come to the front: %s", error)
            return False
        return True

    def take_show_request(self, now: float | None = None) -> bool:
        """For the owner, called every frame: True once when a second start asked to see the window
        (looks at most every SHOW_REQUEST_POLL_SECONDS)."""
        now = time.monotonic() if now is None else now
        if self._descriptor is None or now < self._next_look:
            return False
        self._next_look = now + SHOW_REQUEST_POLL_SECONDS
        try:
            os.unlink(self.request_path)
        except OSError:
            return False
        return True


if os.name == "nt":  # pragma: no cover - Windows only
    import errno as _errno
    import msvcrt

    _BUSY = (_errno.EACCES, _errno.EDEADLK)

    def _lock(descriptor: int) -> None:
        os.lseek(descriptor, 0, os.SEEK_SET)
        msvcrt.locking(descriptor, msvcrt.LK_NBLCK, 1)

    def _unlock(descriptor: int) -> None:
        os.lseek(descriptor, 0, os.SEEK_SET)
        msvcrt.locking(descriptor, msvcrt.LK_UNLCK, 1)
else:
    import errno as _errno
    import fcntl

    _BUSY = (_errno.EAGAIN, _errno.EACCES)

    def _lock(descriptor: int) -> None:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def _unlock(descriptor: int) -> None:
        fcntl.flock(descriptor, fcntl.LOCK_UN)
