"""Safe reading and writing of the game's JSON documents.

A document on disk is ``{"format": kind, "version": N, "data": {...}}``.

Writing is atomic: the text goes to a temporary file in the same folder, is
flushed and fsynced, then renamed over the target with ``os.replace``, so the
target always holds either the old or the new document, never half of one.
The temporary file is named ``.<target name>.<pid>.<random>.tmp``.  A process
killed mid-write leaves its temporary file behind; the next write to the same
target removes it once its writer is known to be gone (on POSIX: no process
with that pid exists; anywhere: the file is older than an hour).

The target may be a symbolic link the player made (say, to a synced folder): the write goes
through the link to the file it names, atomically there, and the link stays a link. A link
that leads round in a circle is refused as a loop (ELOOP), never replaced by a plain file.

Reading never trusts the file: a document that cannot be used is renamed to
``<name>.bak`` next to it and the caller gets defaults plus one line to show
the player.  The newest backup always has that one predictable name; an older
one is renamed to ``<name>.<date-time>.bak`` first, and only the newest
KEPT_DATED_BACKUPS of those are kept, so a second incident never destroys the
first and the disk use stays bounded (a huge damaged file cannot multiply).
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import secrets
import stat
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.store.problems import LoadProblem, backup_params, os_reason

DEFAULT_MAX_BYTES = 5_000_000

# A writer holds its temporary file for milliseconds; one this old is an orphan
# even where we cannot ask whether its process still runs (Windows).
STALE_TEMP_AGE_SECONDS = 3600

BACKUP_SUFFIX = ".bak"
#: Older backups kept beside the newest `<name>.bak`, as `<name>.<YYYYmmdd-HHMMSS>.bak`.
KEPT_DATED_BACKUPS = 4
#: Links followed before a path counts as a loop (Linux's own limit).
MAX_LINKS_FOLLOWED = 40

# Why a document could not be used.
DAMAGED = "damaged"
NEWER_VERSION = "newer-version"
TOO_LARGE = "too-large"
UNREADABLE = "unreadable"
NOT_A_FILE = "not-a-file"   # a folder or a pipe stands where the file belongs


class DocumentError(Exception):
    """A document file that cannot be used; `reason` is one of DAMAGED, NEWER_VERSION, TOO_LARGE, UNREADABLE."""

    def __init__(self, reason: str, detail: str, size_bytes: int | None = None, errno: int | None = None) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail
        self.size_bytes = size_bytes
        self.errno = errno


@dataclass(frozen=True)
class LoadResult:
    """What a read produced: the document's data (None means use defaults) and a one-line problem for the player."""

    data: dict[str, Any] | None
    problem: LoadProblem | None = None
    # The version the data was written with, so a caller can migrate older data.
    version: int | None = None
    # For developers and tests: what exactly was wrong; never shown to the player.
    detail: str | None = None
    # The file is there but could not be read: it is left alone and must not be written over.
    unreadable: bool = False


class UnreadFileKept(OSError):
    """Refusal to write over a file that could not be read (it may hold the player's data)."""


def backup_path_for(path: Path) -> Path:
    """Where a damaged copy of `path` is kept: `<name>.bak` in the same folder."""
    path = Path(path)
    return path.with_name(path.name + BACKUP_SUFFIX)


def dated_backups(path: Path) -> list[Path]:
    """The older backups of `path` (`<name>.<YYYYmmdd-HHMMSS>.bak`), oldest first."""
    path = Path(path)
    pattern = re.compile(re.escape(path.name) + r"\.\d{8}-\d{6}(?:-\d+)?" + re.escape(BACKUP_SUFFIX))
    try:
        names = [entry.name for entry in os.scandir(path.parent) if pattern.fullmatch(entry.name)]
    except OSError:
        return []
    return [path.with_name(name) for name in sorted(names, key=_backup_order)]


def move_aside(path: Path) -> Path:
    """Rename `path` to its backup name (an older backup is kept under a dated name) and return the backup path.

    Through a symbolic link, the file it names is moved aside next to itself and the link stays, so
    the next write goes where the player's link points."""
    path = link_target(Path(path))
    backup = backup_path_for(path)
    _date_older_backup(path, backup)
    os.replace(path, backup)
    return backup


def copy_aside(path: Path, max_bytes: int = DEFAULT_MAX_BYTES) -> Path:
    """Copy `path` to its backup name (an older backup is kept under a dated name) and return the backup path."""
    with open(path, "rb") as source:
        content = source.read(max_bytes + 1)
    backup = backup_path_for(path)
    _date_older_backup(path, backup)
    write_bytes_atomic(backup, content)
    return backup


def _date_older_backup(path: Path, backup: Path) -> None:
    """Rename an existing `<name>.bak` to `<name>.<its date-time>.bak`; keep the newest few of those."""
    try:
        info = os.lstat(backup)
    except OSError:
        return
    if not stat.S_ISREG(info.st_mode):
        return  # not a backup of ours: leave it alone (the replace over it fails and says why)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(info.st_mtime))
    dated = path.with_name(f"{path.name}.{stamp}{BACKUP_SUFFIX}")
    number = 1
    while os.path.lexists(dated):  # two incidents within one second
        dated = path.with_name(f"{path.name}.{stamp}-{number}{BACKUP_SUFFIX}")
        number += 1
    with contextlib.suppress(OSError):
        os.replace(backup, dated)
    for old in dated_backups(path)[:-KEPT_DATED_BACKUPS]:
        with contextlib.suppress(OSError):
            os.unlink(old)


def _backup_order(name: str) -> tuple[str, int]:
    # "<name>.YYYYmmdd-HHMMSS[-N].bak": by the date-time, then by N (a second incident in one second).
    stamp = name[: -len(BACKUP_SUFFIX)].rsplit(".", 1)[-1]
    return stamp[:15], int(stamp[16:]) if len(stamp) > 15 else 0


def link_target(path: Path) -> Path:
    """The file a write to `path` must replace: `path` itself, or, if it is a symbolic link, the file
    its chain of links names (which need not exist yet). Raises OSError(ELOOP) for a loop."""
    path = Path(path)
    for _followed in range(MAX_LINKS_FOLLOWED):
        try:
            target = os.readlink(path)
        except (OSError, ValueError):
            return path  # not a link (or no such file): write here
        path = path.parent / target
    raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), str(path))


def keep_copy(path: Path) -> tuple[str, dict[str, Any]]:
    """Copy `path` to its backup name; say so in English ("the old copy is saved as x.bak") and as
    the problem's params (see backup_params)."""
    try:
        backup = copy_aside(path)
    except OSError as error:
        return f"the old copy could not be kept ({os_reason(error)})", backup_params(None, error)
    return f"the old copy is saved as {backup.name}", backup_params(backup.name)


#: Documents shorter than this (compact) are written indented, to be read by a person.
READABLE_JSON_BYTES = 200_000


class EncodedJSON:
    """A value already encoded as compact JSON, written into a document as it stands: the hands of a long
    match's record are encoded a hand at a time (``Match.hands_json``), not again after every move."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return f"EncodedJSON({len(self.text)} characters)"

    def decoded(self) -> Any:
        """The value itself, decoded again (for a reader such as a test tool; the writes never need it)."""
        return json.loads(self.text)


def json_text(obj: Any, compact: bool = False) -> str:
    """``obj`` as the text write_json_atomic writes: the bytes ``json.dumps`` gives (compact, or indented
    below READABLE_JSON_BYTES unless ``compact``), with each EncodedJSON spliced in where it stands.
    Raises TypeError/ValueError if ``obj`` is not plain JSON."""
    fragments: list[str] = []
    # A placeholder no value of ours can hold (random per call), replaced by the fragment's text after
    # the C encoder has written everything else.
    marker = f"encoded-json-{secrets.token_hex(8)}:"

    def placeholder(value: Any) -> str:
        if not isinstance(value, EncodedJSON):
            raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")
        fragments.append(value.text)
        return f"{marker}{len(fragments) - 1}"

    # allow_nan=False: NaN and Infinity are not JSON and other readers reject them.
    # Compact first, by the C encoder (indent makes json use its pure-Python one: a second for a record of
    # 200,000 moves, autosaved after every move); a small document is then indented for a reader
    # unless the caller wants it ``compact`` (a file whose size matters).
    text = json.dumps(obj, separators=(",", ":"), allow_nan=False, default=placeholder)
    if fragments:
        pieces = text.split(f'"{marker}')
        spliced = [pieces[0]]
        for piece in pieces[1:]:
            number, rest = piece.split('"', 1)
            spliced += (fragments[int(number)], rest)
        text = "".join(spliced)
    if not compact and len(text) < READABLE_JSON_BYTES:
        text = json.dumps(json.loads(text) if fragments else obj, indent=2, allow_nan=False)
    return text


def write_json_atomic(path: Path, obj: Any, compact: bool = False) -> None:
    """Write `obj` as JSON to `path` so that `path` holds either its old or its new content, whatever happens.

    Indented for a person to read, or ``compact`` (no spaces) for a file whose size matters (see
    json_text; an EncodedJSON in `obj` is written as it stands). Raises TypeError/ValueError if `obj` is
    not plain JSON (before any file is touched) and OSError if the disk refuses the write.
    """
    # Serialised first, so a value that is not JSON fails before any file is touched.
    write_bytes_atomic(Path(path), json_text(obj, compact).encode("utf-8") + b"\n")


def write_bytes_atomic(path: Path, content: bytes) -> None:
    """Replace `path` with `content` atomically (temp file, fsync, rename, fsync of the folder); through a
    symbolic link, its target is replaced (raises OSError ELOOP for a loop of links)."""
    path = link_target(Path(path))
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    remove_stale_temp_files(path)

    temp = folder / f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp"
    # O_EXCL: never write into a file someone else created; O_BINARY: no newline
    # translation on Windows. Mode 0o666 lets the umask decide, like a normal file.
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    descriptor = os.open(temp, flags, 0o666)
    try:
        with os.fdopen(descriptor, "wb") as temp_file:
            temp_file.write(content)
            temp_file.flush()
            os.fsync(temp_file.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise
    _fsync_folder(folder)


def remove_stale_temp_files(path: Path) -> list[Path]:
    """Delete temporary files that killed writers of `path` left behind; return what was deleted."""
    path = Path(path)
    pattern = re.compile(r"\." + re.escape(path.name) + r"\.(\d+)\.[0-9a-f]+\.tmp")
    removed: list[Path] = []
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        return removed
    for entry in entries:
        match = pattern.fullmatch(entry.name)
        if match is None:
            continue
        if _temp_file_is_orphaned(entry, int(match.group(1))):
            with contextlib.suppress(OSError):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
    return removed


def parse_json_document(
    path: Path, kind: str, current_version: int, max_bytes: int = DEFAULT_MAX_BYTES
) -> tuple[dict[str, Any], int]:
    """Return (data, version) of the document at `path`.

    Raises FileNotFoundError if there is no file, DocumentError if it cannot be used.
    Never changes the file.
    """
    path = Path(path)
    # Size and type are checked before opening: a FIFO would block the read, and a
    # huge file must never be read into memory.
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise
    except NotADirectoryError as error:
        # A file stands where a folder on the way belongs: there is no document to protect,
        # and the next write says why it cannot be saved.
        raise FileNotFoundError(error.errno, error.strerror, str(path)) from error
    except OSError as error:
        raise DocumentError(UNREADABLE, os_reason(error), errno=error.errno) from error
    if not stat.S_ISREG(info.st_mode):
        raise DocumentError(DAMAGED, "not a regular file")
    if info.st_size > max_bytes:
        raise DocumentError(
            TOO_LARGE, f"{info.st_size} bytes exceeds the limit of {max_bytes}", info.st_size
        )

    try:
        with open(path, "rb") as document_file:
            # Bounded even here: the file may have grown since the stat.
            raw = document_file.read(max_bytes + 1)
    except FileNotFoundError:
        raise
    except OSError as error:
        raise DocumentError(UNREADABLE, os_reason(error), errno=error.errno) from error
    if len(raw) > max_bytes:
        raise DocumentError(TOO_LARGE, f"more than {max_bytes} bytes", len(raw))

    try:
        # utf-8-sig: a settings file hand-edited in Notepad may start with a BOM.
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise DocumentError(DAMAGED, f"not UTF-8 text ({error.reason} at byte {error.start})") from error
    try:
        document = json.loads(text, parse_constant=_reject_non_json_constant)
    except (ValueError, RecursionError) as error:
        raise DocumentError(DAMAGED, f"invalid JSON: {error}") from error

    if not isinstance(document, dict):
        raise DocumentError(DAMAGED, f"top level is {type(document).__name__}, expected an object")
    for key in ("format", "version", "data"):
        if key not in document:
            raise DocumentError(DAMAGED, f"missing key {key!r}")
    if document["format"] != kind:
        raise DocumentError(DAMAGED, f"format is {document['format']!r}, expected {kind!r}")
    version = document["version"]
    # bool is an int subclass in Python, but `true` is not a version number.
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise DocumentError(DAMAGED, f"version {version!r} is not a positive whole number")
    if version > current_version:
        raise DocumentError(
            NEWER_VERSION, f"version {version} is newer than this game's {current_version}"
        )
    data = document["data"]
    if not isinstance(data, dict):
        raise DocumentError(DAMAGED, f"data is {type(data).__name__}, expected an object")
    return data, version


def read_json_document(
    path: Path,
    kind: str,
    current_version: int,
    max_bytes: int = DEFAULT_MAX_BYTES,
    *,
    what: str | None = None,
    consequence: str = "has been reset",
    role: str = "file",
) -> LoadResult:
    """Read the document at `path`; a missing file gives no data and no problem.

    A document that cannot be used is moved to `<name>.bak` and reported in one
    line, e.g. "Your settings file was damaged and has been reset; the old copy
    is saved as settings.json.bak." `what` names the file for the player
    ("settings file"), `consequence` says what the game did about it, and `role` (one of
    problems.ROLES) tells the UI which file it is, to say both in the player's language.
    """
    path = Path(path)
    what = what if what is not None else f"file {path.name}"
    try:
        data, version = parse_json_document(path, kind, current_version, max_bytes)
    except FileNotFoundError:
        return LoadResult(data=None)
    except DocumentError as error:
        if error.reason == UNREADABLE:
            # Moving aside would fail for the same reason the read did; leave it alone.
            return LoadResult(
                data=None,
                problem=LoadProblem(
                    "store.unreadable",
                    f"Your {what} could not be read ({error.detail}); it is left as it is, "
                    "and the game will not save over it until it is started again.",
                    file=path.name, role=role, errno=error.errno, detail=error.detail,
                ),
                detail=error.detail,
                unreadable=True,
            )
        problem = set_aside(path, what, consequence, describe_problem(error), role=role, why=error.reason,
                            size_bytes=error.size_bytes)
        return LoadResult(data=None, problem=problem, detail=error.detail)
    return LoadResult(data=data, version=version)


class DocumentFile:
    """A store's one document file: read untrusted, written atomically, never written over unread.

    When the file exists but cannot be read (permissions, a symlink loop, an I/O
    error) the player is told once, the file is left as it is, and every write
    raises UnreadFileKept until a later read succeeds: the file may hold the
    player's data, and only they can make it readable again.
    """

    def __init__(self, path: Path, kind: str, version: int, what: str, consequence: str, role: str) -> None:
        self.path = Path(path)
        self.kind = kind
        self.version = version
        self.what = what
        self.consequence = consequence
        self.role = role
        self.unreadable = False
        #: Why the last read failed (ELOOP for a loop of links), given to the refusal to write.
        self.unread_errno = errno.EACCES

    def read(self) -> LoadResult:
        """The document (see read_json_document); an unreadable file is reported on the first read only."""
        result = read_json_document(
            self.path, self.kind, self.version, what=self.what, consequence=self.consequence, role=self.role
        )
        already_told = self.unreadable
        self.unreadable = result.unreadable
        if result.unreadable and result.problem is not None:
            self.unread_errno = result.problem.params.get("errno") or errno.EACCES
        if result.unreadable and already_told:
            return LoadResult(data=None, detail=result.detail, unreadable=True)
        return result

    def write(self, data: dict[str, Any], compact: bool = False) -> None:
        """Replace the file with `data` atomically (``compact``: see write_json_atomic); raises UnreadFileKept
        over an unread file, OSError on disk errors."""
        self.refuse_if_unread()
        write_json_atomic(self.path, {"format": self.kind, "version": self.version, "data": data}, compact)

    def refuse_if_unread(self) -> None:
        """Raise UnreadFileKept if the last read could not read the file."""
        if self.unreadable:
            raise UnreadFileKept(
                self.unread_errno, f"{self.path.name} could not be read, so it is kept as it is", str(self.path)
            )


def set_aside(path: Path, what: str, consequence: str, what_went_wrong: str = "was damaged", *,
              role: str, why: str = DAMAGED, size_bytes: int | None = None) -> LoadProblem:
    """Move an unusable file to `<name>.bak` and return the one-line problem for the player
    (code "store.set_aside"; `why` is DAMAGED, NEWER_VERSION, TOO_LARGE or NOT_A_FILE).

    For a caller that finds a document unusable after it parsed, e.g. a
    required list inside "data" is missing.
    """
    path = Path(path)
    what_happened = f"Your {what} {what_went_wrong} and {consequence}"
    params = {"file": path.name, "role": role, "why": why, "size_bytes": size_bytes}
    try:
        backup = move_aside(path)
    except OSError as move_error:
        return LoadProblem("store.set_aside",
                           f"{what_happened}; the old copy could not be kept ({os_reason(move_error)}).",
                           **params, **backup_params(None, move_error))
    return LoadProblem("store.set_aside", f"{what_happened}; the old copy is saved as {backup.name}.",
                       **params, **backup_params(backup.name))


def describe_problem(error: DocumentError) -> str:
    """The player-facing phrase for a DocumentError, e.g. "was made by a newer version of the game"."""
    if error.reason == NEWER_VERSION:
        return "was made by a newer version of the game"
    if error.reason == TOO_LARGE:
        return f"was too large to load ({_megabytes(error.size_bytes)})"
    if error.reason == UNREADABLE:
        return f"could not be read ({error.detail})"
    return "was damaged"


def _megabytes(size_bytes: int | None) -> str:
    if size_bytes is None:
        return "too many bytes"
    return f"{size_bytes / 1_000_000:.0f} MB" if size_bytes >= 1_000_000 else f"{size_bytes} bytes"


def _reject_non_json_constant(name: str) -> Any:
    # Python's json accepts NaN and Infinity; they are not JSON and no valid
    # document of ours contains them.
    raise ValueError(f"{name} is not allowed in JSON")


def _temp_file_is_orphaned(entry: os.DirEntry[str], writer_pid: int) -> bool:
    try:
        age_seconds = time.time() - entry.stat(follow_symlinks=False).st_mtime
    except OSError:
        return False
    if age_seconds > STALE_TEMP_AGE_SECONDS:
        return True
    if writer_pid == os.getpid():
        # Another thread of this process may be writing it right now.
        return False
    if os.name != "posix":
        # os.kill(pid, 0) would terminate the process on Windows; rely on age alone.
        return False
    return not _process_is_running(writer_pid)


def _process_is_running(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        # It exists but belongs to someone else.
        return True
    except OSError:
        return True
    return True


def _fsync_folder(folder: Path) -> None:
    # Makes the rename itself survive a power cut. Only POSIX can open a folder for this.
    if os.name != "posix":
        return
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        # Some file systems refuse fsync on a folder; the rename has still happened.
        pass
    finally:
        os.close(descriptor)
