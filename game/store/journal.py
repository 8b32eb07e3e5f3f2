"""One change to several store files as one step that a kill cannot split: the journal.

A finished hand changes the statistics and the autosave; a finished match the statistics, the
recent list and the autosave; an abandoned match the statistics and the autosave. A kill
between two of those writes used to count a match twice or lose it from the recent list. So
the whole change is first written to ``journal.json`` (one atomic write), then applied file by
file, then the journal is deleted. At the next start a journal still there is applied again
(:meth:`StoreJournal.recover`). That is safe because every step may be repeated: the statistics
remember the ids of the changes they counted ("<match id>:hand:3", "<match id>:abandoned"), the
recent list keeps a match once, and writing or deleting the autosave twice is the same as once.

A step the disk refuses stays pending (in memory and in the journal) and is tried again with the
next change, before it; a later autosave step replaces an older one that is still waiting.

With an autosave store that writes ``in_background``, a change that is only a move's autosave goes to
that store's thread (the frame loop never waits for the 1.2 MB of a long match); every other change
waits for it first, since the store settles before any other use of the file. A kill before that write
ends loses the last move's autosave only, as a kill just before the move would: nothing is counted in
it, so nothing can be miscounted.
"""
from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.store import checks
from game.store.files import DocumentFile
from game.store.problems import LoadProblem

JOURNAL_FORMAT = "crazy-eights-journal"
JOURNAL_VERSION = 1
JOURNAL_FILE_NAME = "journal.json"
#: More steps than one change ever has, with pending ones: a bigger journal is not ours.
MAX_STEPS = 64

#: The store each kind of step writes, as TableSession.report_problem names them.
STORE_OF_STEP = {
    "count_hand": "statistics", "count_abandoned": "statistics", "keep_recent": "recent",
    "save_autosave": "autosave", "clear_autosave": "autosave",
}
_AUTOSAVE_STEPS = ("save_autosave", "clear_autosave")

log = logging.getLogger(__name__)


def count_hand(key: tuple[str, str], change_id: str, hand, match_won: bool | None,
               player: str = "") -> dict[str, Any]:
    """The step that counts a finished hand (``hand``: (won, score, low_is_good) or None) under
    ``key`` (preset id, level) for ``player`` ("" the player alone), and the match with it when
    ``match_won`` is set."""
    step = {"step": "count_hand", "game": key[0], "level": key[1], "change": change_id,
            "hand": None if hand is None else [bool(hand[0]), int(hand[1]), bool(hand[2])],
            "match_won": match_won}
    if player:
        step["player"] = player
    return step


def count_abandoned(key: tuple[str, str], change_id: str, player: str = "") -> dict[str, Any]:
    """The step that counts a match left unfinished."""
    step = {"step": "count_abandoned", "game": key[0], "level": key[1], "change": change_id}
    if player:
        step["player"] = player
    return step


def keep_recent(entry: dict[str, Any]) -> dict[str, Any]:
    """The step that keeps a finished match in the recent list (``entry`` from RecentMatchesStore.entry_for)."""
    return {"step": "keep_recent", "entry": entry}


def save_autosave(document: dict[str, Any]) -> dict[str, Any]:
    """The step that writes the autosave (``document``: SavedGame.to_document(), or autosave_document
    with its hands already encoded)."""
    return {"step": "save_autosave", "saved": document}


def clear_autosave() -> dict[str, Any]:
    """The step that deletes the autosave."""
    return {"step": "clear_autosave"}


@dataclass
class Outcome:
    """What a run did: the stores whose steps all worked, the first error of each store that
    failed (its steps are pending), and problems met reading old files (to show the player)."""

    worked: set[str] = field(default_factory=set)
    failed: dict[str, Exception] = field(default_factory=dict)
    notices: list[LoadProblem] = field(default_factory=list)


class StoreJournal:
    """Applies changes to the autosave, statistics and recent stores as single steps (see the module)."""

    def __init__(self, path: Path | None, *, autosave=None, statistics=None, recent=None) -> None:
        self.file = None if path is None else DocumentFile(
            Path(path), JOURNAL_FORMAT, JOURNAL_VERSION, what="list of unfinished changes",
            consequence="has been dropped", role="file")
        self.stores = {"autosave": autosave, "statistics": statistics, "recent": recent}
        #: Steps the disk refused, tried again before the next change.
        self.pending: list[dict[str, Any]] = []
        #: Tests set this to stop the process between two writes: called with the name of what was just
        #: written ("journal" or a step's name).
        self.between_writes: Callable[[str], None] | None = None

    @classmethod
    def beside(cls, autosave=None, statistics=None, recent=None) -> "StoreJournal":
        """A journal in the folder of the first store given (none given: it never needs a file)."""
        folder = next((store.path.parent for store in (autosave, statistics, recent) if store is not None), None)
        return cls(None if folder is None else folder / JOURNAL_FILE_NAME,
                   autosave=autosave, statistics=statistics, recent=recent)

    def has_store(self, store: str) -> bool:
        """Whether steps for ``store`` ("autosave", "statistics", "recent") have a store to go to."""
        return self.stores.get(store) is not None

    def run(self, steps: Iterable[dict[str, Any]]) -> Outcome:
        """Apply ``steps`` (after any pending ones) as one change: journaled first when it writes more
        than one file. Never raises for a disk error: see Outcome."""
        steps = [step for step in steps if self.has_store(STORE_OF_STEP[step["step"]])]
        autosave = self.stores["autosave"]
        if autosave is not None and autosave.in_background:
            failure = autosave.take_failure()
            if failure is None and not self.pending and len(steps) == 1 and steps[0]["step"] == "save_autosave":
                # A move's autosave alone, one file: written in the background (the frame loop does not
                # wait for the disk). A refusal is found with the next change and tried again then.
                autosave.save_soon(steps[0]["saved"])
                return Outcome()
            # Any other change starts once that write is on disk, so the files change in the order asked.
            autosave.settle()
            failure = failure or autosave.take_failure()
            if failure is not None:   # tried again with this change, here, to say whether it works
                self.pending.insert(0, save_autosave(failure[0]))
        steps = _compacted(self.pending + steps)
        outcome = Outcome()
        if not steps:
            return outcome
        journaled = len(steps) > 1 and self.file is not None
        if journaled:
            try:
                self.file.write({"steps": steps}, compact=True)
            except OSError as error:
                # The files below will most likely refuse too, and say so; if not, only a kill in the
                # next milliseconds could split this change.
                log.warning("the journal could not be written: %s", error)
            else:
                self._written("journal")
        self.pending = []
        for step in steps:
            store = STORE_OF_STEP[step["step"]]
            try:
                notice = self._apply(step)
            except OSError as error:
                self.pending.append(step)
                outcome.failed.setdefault(store, error)
                continue
            except (ValueError, TypeError, KeyError) as error:  # can never be applied: a count at its limit
                log.warning("a %s step was dropped: %s", step["step"], error)
            else:
                if notice:
                    outcome.notices.append(notice)
            outcome.worked.add(store)
            self._written(step["step"])
        outcome.worked -= set(outcome.failed)
        self._settle()
        return outcome

    def recover(self) -> Outcome:
        """At start: apply a journal a kill left behind (every step may be repeated), then delete it.
        A damaged journal is set aside (Outcome.notices says so)."""
        if self.file is None:
            return Outcome()
        result = self.file.read()
        if result.problem is not None or result.data is None:
            return Outcome(notices=[result.problem] if result.problem else [])
        try:
            checks.known_keys(result.data, ("steps",), ("steps",))
            steps = checks.list_of(result.data["steps"], _checked_step, MAX_STEPS)
        except checks.InvalidValue as error:
            from game.store.files import set_aside

            log.info("journal set aside: %s", error)
            return Outcome(notices=[set_aside(self.file.path, self.file.what, self.file.consequence,
                                              role=self.file.role)])
        log.info("finishing %d store steps a stop left undone", len(steps))
        self.pending = steps
        return self.run([])

    def _settle(self) -> None:
        """Delete the journal once nothing is pending, or leave only the pending steps in it."""
        if self.file is None:
            return
        if self.pending and len(self.pending) > 1:
            with contextlib.suppress(OSError):
                self.file.write({"steps": self.pending}, compact=True)
            return
        # A single pending step needs no journal: it is one file's write, tried again as it is.
        try:
            os.unlink(self.file.path)
        except FileNotFoundError:
            pass
        except OSError as error:  # the folder is gone or refuses: the next change tries again
            log.info("the journal could not be deleted: %s", error)

    def _written(self, what: str) -> None:
        if self.between_writes is not None:
            self.between_writes(what)

    def _apply(self, step: dict[str, Any]) -> LoadProblem | None:
        kind = step["step"]
        store = self.stores[STORE_OF_STEP[kind]]
        if kind == "count_hand":
            hand = step["hand"]
            _statistics, problem = store.record_finished_hand(
                step["game"], step["level"], step["change"], None if hand is None else tuple(hand), step["match_won"],
                step.get("player", ""))
            return problem
        if kind == "count_abandoned":
            _statistics, problem = store.record_abandoned_match(step["game"], step["level"], step["change"],
                                                                step.get("player", ""))
            return problem
        if kind == "keep_recent":
            return store.keep(step["entry"])
        if kind == "save_autosave":
            store.save(step["saved"])
            return None
        store.clear()
        return None


def _compacted(steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The steps with only the last autosave step kept (a newer autosave replaces an older one)."""
    last_autosave = max((i for i, step in enumerate(steps) if step["step"] in _AUTOSAVE_STEPS), default=None)
    return [step for i, step in enumerate(steps) if step["step"] not in _AUTOSAVE_STEPS or i == last_autosave]


def _checked_step(value: Any) -> dict[str, Any]:
    """One step read from a journal on disk: its shape only; each store checks the values it keeps."""
    if not isinstance(value, dict) or value.get("step") not in STORE_OF_STEP:
        raise checks.InvalidValue("a journal step is damaged")
    kind = value["step"]
    if kind == "count_hand":
        step = checks.known_keys(value, ("step", "game", "level", "change", "hand", "match_won", "player"),
                                 ("step", "game", "level", "change", "hand", "match_won"))
        hand = step["hand"]
        if hand is not None:
            if not isinstance(hand, list) or len(hand) != 3:
                raise checks.InvalidValue("a journal's hand is damaged")
            checks.boolean(hand[0]), checks.score(hand[1]), checks.boolean(hand[2])
        if step["match_won"] is not None:
            checks.boolean(step["match_won"])
    elif kind == "count_abandoned":
        step = checks.known_keys(value, ("step", "game", "level", "change", "player"),
                                 ("step", "game", "level", "change"))
    elif kind == "keep_recent":
        step = checks.known_keys(value, ("step", "entry"), ("step", "entry"))
    elif kind == "save_autosave":
        step = checks.known_keys(value, ("step", "saved"), ("step", "saved"))
        if not isinstance(step["saved"], dict):
            raise checks.InvalidValue("a journal's saved game is damaged")
    else:
        step = checks.known_keys(value, ("step",), ("step",))
    if kind in ("count_hand", "count_abandoned"):
        for name in ("game", "level", "change"):
            if not isinstance(step[name], str):
                raise checks.InvalidValue(f"a journal's {name} is damaged")
        if "player" in step:
            checks.name(step["player"])
    return dict(step)
