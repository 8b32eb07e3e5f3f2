"""How far the player got in each lesson ("Learn to play"): `lessons.json` in the data folder.

Per lesson: the step to start at next time and whether the lesson was finished once. A damaged file
is set aside to `.bak` (the player is told) and the lessons start again from their first step.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from game.store import checks
from game.store.files import DocumentFile, set_aside
from game.store.paths import UserFolders
from game.store.problems import LoadProblem

LESSONS_FORMAT = "crazy-eights-lessons"
LESSONS_VERSION = 1
LESSONS_FILE_NAME = "lessons.json"
#: More lessons than a file of this game ever holds; a lesson has far fewer steps than MAX_STEP.
MAX_LESSONS = 32
MAX_STEP = 99
_WHAT, _CONSEQUENCE = "lesson progress", "starts again"
_ENTRY_KEYS = ("step", "done")


@dataclass(frozen=True)
class LessonMark:
    """One lesson's progress: the step to open at (0 for the first), and whether it was finished once."""

    step: int = 0
    done: bool = False


@dataclass(frozen=True)
class LessonProgress:
    """Every lesson's progress by lesson id (a lesson not listed has not been started)."""

    marks: dict[str, LessonMark] = field(default_factory=dict)

    def mark(self, lesson: str) -> LessonMark:
        """The progress of ``lesson`` (not started: step 0, not done)."""
        return self.marks.get(lesson, LessonMark())

    def with_mark(self, lesson: str, mark: LessonMark) -> "LessonProgress":
        """A copy with ``lesson``'s progress set to ``mark``."""
        return replace(self, marks={**self.marks, lesson: mark})

    def to_json(self) -> dict[str, Any]:
        """The progress as it is written to disk."""
        return {"lessons": {key: {"step": mark.step, "done": mark.done} for key, mark in sorted(self.marks.items())}}


def progress_from_json(value: Any) -> LessonProgress:
    """Check the document's data read from disk; raises checks.InvalidValue saying what is wrong."""
    data = checks.known_keys(value, ("lessons",), ("lessons",))
    lessons = data["lessons"]
    if not isinstance(lessons, dict) or len(lessons) > MAX_LESSONS:
        raise checks.InvalidValue(f"expected an object of at most {MAX_LESSONS} lessons")
    marks = {}
    for key, entry in lessons.items():
        entry = checks.known_keys(entry, _ENTRY_KEYS, _ENTRY_KEYS)
        marks[checks.name(key)] = LessonMark(checks.whole_number(entry["step"], 0, MAX_STEP),
                                             checks.boolean(entry["done"]))
    return LessonProgress(marks)


class LessonProgressStore:
    """The lessons' progress file; ``load`` never raises, ``save`` raises OSError when the disk refuses."""

    def __init__(self, folders: UserFolders) -> None:
        self.file = DocumentFile(folders.data_dir / LESSONS_FILE_NAME, LESSONS_FORMAT, LESSONS_VERSION,
                                 what=_WHAT, consequence=_CONSEQUENCE, role="lessons")
        self.path: Path = self.file.path

    def load(self) -> tuple[LessonProgress, LoadProblem | None]:
        """The progress (empty when there is none) and a one-line problem for the player, or None."""
        result = self.file.read()
        if result.data is None:
            return LessonProgress(), result.problem
        try:
            return progress_from_json(result.data), None
        except checks.InvalidValue as error:
            return LessonProgress(), set_aside(self.path, _WHAT, _CONSEQUENCE, f"was damaged ({error})",
                                               role="lessons")

    def save(self, progress: LessonProgress) -> None:
        """Write ``progress`` atomically."""
        self.file.write(progress.to_json())
