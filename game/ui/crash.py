"""When a frame meets an error nobody expected: a crash report in the log folder, the autosave kept as
it was, and a message box (``CrashScene``) from which the player goes back to the menu or quits.

``CRAZY_EIGHTS_FAULT`` (tests only) makes a scene raise, so the whole path can be tested in a real
process: ``TableScene`` raises in the first frame with a table on top, ``TableScene:30`` in its 30th.
"""
from __future__ import annotations

import datetime
import html
import logging
import os
import platform
import sys
import traceback
from pathlib import Path

from .i18n import _
from .safe_text import safe_text
from .scenes.message import MessageScene
from .version import version

log = logging.getLogger(__name__)

FAULT_VARIABLE = "CRAZY_EIGHTS_FAULT"
#: Crash reports kept in the log folder (the oldest go first).
REPORTS_KEPT = 20
#: Crashes in one run after which the game stops trying to carry on and quits.
MAX_CRASHES = 3
#: The exit status of a run that met an unexpected error (BSD's EX_SOFTWARE).
CRASH_STATUS = 70


class InjectedFault(RuntimeError):
    """The error ``CRAZY_EIGHTS_FAULT`` makes a scene raise (tests only)."""


class FaultInjection:
    """Raise :class:`InjectedFault` once, in the ``frames``-th frame with a scene of class ``scene`` on top."""

    def __init__(self, scene: str, frames: int = 1):
        self.scene = scene
        self.frames_left = max(1, frames)

    @classmethod
    def from_environment(cls, environ=None) -> FaultInjection | None:
        """The fault ``CRAZY_EIGHTS_FAULT`` asks for (``Scene`` or ``Scene:frames``), or None."""
        value = (os.environ if environ is None else environ).get(FAULT_VARIABLE, "").strip()
        if not value:
            return None
        scene, _sep, frames = value.partition(":")
        return cls(scene, int(frames) if frames.isdigit() else 1)

    def check(self, top) -> None:
        if top is None or type(top).__name__ != self.scene or self.frames_left <= 0:
            return
        self.frames_left -= 1
        if self.frames_left == 0:
            raise InjectedFault(f"fault injected by {FAULT_VARIABLE} in {self.scene}")


def report_text(error: BaseException, scenes: list[str], details: dict[str, object]) -> str:
    """The crash report: when, which version on what system, the scene stack, and the traceback."""
    lines = [
        "Crazy Eights crash report",
        f"time: {datetime.datetime.now().astimezone().isoformat(timespec='seconds')}",
        f"version: {version()}",
        f"platform: {platform.platform()}",
        f"python: {sys.version.split()[0]} ({platform.python_implementation()})",
    ]
    try:
        from importlib.metadata import version as installed_version

        import pygame

        lines.append(f"pygame: {pygame.version.ver} (SDL {'.'.join(map(str, pygame.get_sdl_version()))}); "
                     f"pygame_gui: {installed_version('pygame_gui')}")
    except Exception:   # noqa: BLE001 - a report without library versions beats no report
        pass
    lines += [f"{key}: {value}" for key, value in details.items()]
    lines.append("scenes (bottom first): " + (" > ".join(scenes) or "none"))
    lines.append("")
    lines += traceback.format_exception(type(error), error, error.__traceback__)
    return "\n".join(line.rstrip("\n") for line in lines) + "\n"


def write_report(folder: Path, text: str) -> Path | None:
    """Write a new crash report in ``folder`` (keeping the last REPORTS_KEPT); None if it could not be written."""
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for number in range(1, 100):
            path = folder / f"crash-{stamp}-{os.getpid()}-{number}.txt"
            try:
                with open(path, "x", encoding="utf-8", errors="backslashreplace") as report:
                    report.write(text)
                break
            except FileExistsError:
                continue
        else:
            return None
        old = sorted(folder.glob("crash-*.txt"), key=lambda p: p.stat().st_mtime)
        for stale in old[:-REPORTS_KEPT]:
            stale.unlink(missing_ok=True)
        return path
    except OSError as problem:
        log.error("the crash report could not be written in %s: %s", folder, problem)
        return None


class CrashScene(MessageScene):
    """"Something went wrong": what was kept, where the report is, and Main menu or Quit."""

    def __init__(self, app, report: Path | None, autosave_kept: bool):
        text = _("The game met an error it did not expect and stopped what it was doing.")
        if autosave_kept:
            text += " " + _("Your match is saved as it was after your last move: Continue on the main menu "
                            "resumes it.")
        if report is not None:
            text += " " + _("A report for the developers was written to {file}.").format(
                file=safe_text(str(report), max_chars=160))
        super().__init__(app, _("Something went wrong"), html.escape(text))

    def add_buttons(self, panel, inner_w: int, y: int, button_w: int, button_h: int) -> None:
        gap = self.px(18)
        left = (inner_w - 2 * button_w - gap) // 2
        self.button((left, y, button_w, button_h), _("Quit"), self.app.quit, container=panel, name="crash_quit")
        self.button((left + button_w + gap, y, button_w, button_h), _("Main menu"), self.app.main_menu,
                    primary=True, container=panel, name="crash_menu")

    def handle_event(self, event) -> bool:
        import pygame

        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.app.main_menu()
            return True
        return super(MessageScene, self).handle_event(event)

    def on_escape(self) -> bool:
        self.app.main_menu()
        return True
