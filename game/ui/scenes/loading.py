"""Long work done a slice per frame, with its progress on screen: Continue, Import and a replay of a long
record replay up to 200,000 moves, several seconds of work that must not hold up a frame.

``run_in_slices(app, steps, title, done, failed)`` runs a generator of slices (a record replayed and
the generators built on it yield ``(done, total)``): what finishes within one frame's budget finishes at
once, with no overlay; anything longer goes on under :class:`LoadingScene`, a few slices a frame, with a
progress bar. Escape stops it.

A long record leaves millions of small objects (a history entry, its events and cards per move), and
Python's cyclic garbage collector scans them all whenever the heap has grown by a quarter: a pause of
a quarter to half a second, in the middle of the load or at any later frame. So the collector is held
while the work runs, and what the work built is then frozen out of its scans (``gc.freeze``); the
objects are still freed by reference counting when the table or the replay lets them go, and back on
the main menu everything frozen is scanned again (``surface_cache.release_closed_screens``), so cycles
alive during a load (a closed screen's widgets) do not stay in memory for good.
"""
from __future__ import annotations

import gc
import time
from collections.abc import Callable, Generator

import pygame

from ..i18n import _
from ..look.paint import dim, painted_frame
from ..look.palette import DULL_BRASS, EBONY, GOLD, PARCHMENT
from ..look.scale import ui_scale
from ..scene import Scene
from ..surface_cache import freeze_what_was_built

#: The work a frame may do, in seconds: with the drawing, a frame stays well under 100 ms.
SLICE_BUDGET = 0.03


def run_slices(steps: Generator, budget: float) -> tuple[bool, object, tuple[int, int] | None]:
    """Run ``steps`` for about ``budget`` seconds: (finished, its result, the last progress)."""
    deadline = time.perf_counter() + budget
    progress = None
    while True:
        try:
            progress = next(steps)
        except StopIteration as end:
            return True, end.value, progress
        if time.perf_counter() >= deadline:
            return False, None, progress


def run_in_slices(app, steps: Generator, title: str, done: Callable[[object], object],
                  failed: Callable[[ValueError], object]) -> None:
    """Run ``steps`` to its end without holding up a frame, then ``done(result)``; ``failed(error)`` when
    it raises a ValueError (a record that cannot be replayed)."""
    # The frame that asked for the work may have spent much of its budget already (reading a long record
    # from disk, giving up a match): the first slice takes only what is left.
    spent = time.perf_counter() - getattr(app, "frame_started", time.perf_counter())
    try:
        finished, result, progress = run_slices(steps, max(0.0, SLICE_BUDGET - spent))
    except ValueError as error:
        failed(error)
        return
    if finished:
        done(result)
        return
    app.push(LoadingScene(app, steps, title, done, failed, progress))


def hold_collector() -> None:
    """Collect the young garbage now, then hold the cyclic collector while long work builds."""
    # Not a full collection: it walks every object the game holds (25 to 60 ms, the whole budget of the
    # frame that starts the work). Older garbage is frozen with the rest and freed on the main menu.
    gc.collect(1)
    gc.disable()


def release_collector() -> None:
    """Take what the work built out of the collector's scans for good, and let it run again."""
    freeze_what_was_built()
    gc.enable()


class LoadingScene(Scene):
    """A progress bar over the screen while ``steps`` runs, a slice per frame."""

    transparent = True

    def __init__(self, app, steps: Generator, title: str, done, failed, progress=None):
        super().__init__(app)
        self.steps = steps
        self.title = title
        self.done = done
        self.failed = failed
        self.progress = progress or (0, 1)
        #: Frames drawn while the work went on (the tests count them).
        self.frames = 0
        self.holding = False
        #: The work is done: ``result`` goes to ``done`` in the next frame.
        self.finished = False
        self.result = None

    def on_enter(self) -> None:
        if not self.holding:
            hold_collector()
            self.holding = True

    def on_exit(self) -> None:
        if self.holding:
            release_collector()
            self.holding = False

    def update(self, dt: float) -> None:
        if self.app.scenes.top is not self:
            return
        if self.finished:
            # The screen the work was for opens in a frame of its own: building it (and drawing it first)
            # is a frame's work too, and the frame that finished the work has spent its budget.
            self.app.pop()
            self.done(self.result)
            return
        try:
            finished, result, progress = run_slices(self.steps, SLICE_BUDGET)
        except ValueError as error:
            self.app.pop()
            self.failed(error)
            return
        if progress is not None:
            self.progress = progress
        if finished:
            self.finished, self.result = True, result
            self.progress = (1, 1)

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not self.finished:
            self.steps.close()
            self.app.pop()
            return True
        return True  # nothing under the bar takes input while it runs

    def share(self) -> float:
        """How much of the work is done, 0 to 1."""
        done, total = self.progress
        return min(1.0, done / total) if total else 1.0

    def draw(self, surface: pygame.Surface) -> None:
        self.frames += 1
        dim(surface, 150)
        scale = ui_scale(self.app.size)
        width, height = self.app.size
        panel = pygame.Rect(0, 0, round(520 * scale), round(170 * scale))
        panel.center = (width // 2, height // 2)
        image, spread = painted_frame(panel.size, "wood", round(scale, 2))
        surface.blit(image, (panel.x - spread, panel.y - spread))
        font_scale = self.app.font_scale
        title = self.app.assets.font(round(20 * font_scale), True).render(self.title, True, GOLD)
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.y + round(24 * scale))))
        bar = pygame.Rect(0, 0, panel.width - round(64 * scale), round(18 * scale))
        bar.center = (panel.centerx, panel.centery + round(6 * scale))
        pygame.draw.rect(surface, EBONY, bar, border_radius=bar.height // 2)
        filled = bar.copy()
        filled.width = max(bar.height, round(bar.width * self.share()))
        pygame.draw.rect(surface, GOLD, filled, border_radius=bar.height // 2)
        pygame.draw.rect(surface, DULL_BRASS, bar, width=max(1, round(2 * scale)), border_radius=bar.height // 2)
        words = _("{percent}% · Esc to stop").format(percent=int(self.share() * 100))
        line = self.app.assets.font(round(15 * font_scale), False).render(words, True, PARCHMENT)
        surface.blit(line, line.get_rect(midtop=(panel.centerx, bar.bottom + round(14 * scale))))
