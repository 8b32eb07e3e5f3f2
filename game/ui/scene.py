"""Scenes and the scene stack (modelled on Tuxemon): only the top scene gets input."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from .app import App

#: Frames a second a scene may ask for (``Scene.frame_rate``): while something moves; while only a
#: slow ambient animation runs (the "your turn" pulse, the drifting direction ring); while nothing
#: changes at all (the loop then sleeps until an event comes, waking this often for clocks such as
#: a text cursor's blink or a tool tip's delay).
FULL_FPS = 60
AMBIENT_FPS = 10
IDLE_FPS = 4


class Scene:
    """One screen. ``draw`` never changes state; ``update`` advances animations by ``dt`` seconds."""

    #: Draw the scene below first (for dialogs and overlays such as the pause menu).
    transparent = False

    def __init__(self, app: "App"):
        self.app = app

    def on_enter(self) -> None:
        """Called when the scene becomes the top of the stack (create widgets here)."""

    def on_exit(self) -> None:
        """Called when the scene stops being the top (kill widgets here)."""

    def dispatch(self, event: pygame.event.Event) -> bool:
        """The app's entry point for input: ``handle_event`` unless the scene takes the event first."""
        return self.handle_event(event)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to one event; return True when it was consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene (widgets are drawn by the app after this)."""

    def frame_rate(self) -> int:
        """How many frames a second this scene needs now (FULL_FPS, AMBIENT_FPS or IDLE_FPS).

        The app draws at this rate while the scene is on top and no input is arriving; a scene
        that does not say is drawn at the full rate.
        """
        return FULL_FPS

    def changing_rects(self) -> list[pygame.Rect] | None:
        """Where this scene's picture can change on a frame without input: ``None`` for anywhere (the
        whole window is drawn and shown), a list of rectangles (only they are drawn again and sent
        to the screen; ``[]``: nothing is, the last frame stays up). A scene that does not say is
        drawn whole."""
        return None

    def draw_over_widgets(self, surface: pygame.Surface) -> None:
        """Paint what must show on top of the widgets (the top scene only)."""

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window changed size: lay everything out again."""

    def on_language_changed(self) -> None:
        """The game now speaks another language: drop every word already drawn or built."""


class SceneStack:
    """push / pop / replace; the top scene is the active one."""

    def __init__(self):
        self._scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        """The active scene."""
        return self._scenes[-1] if self._scenes else None

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self):
        return iter(self._scenes)

    def push(self, scene: Scene) -> None:
        """Put a scene on top."""
        if self.top:
            self.top.on_exit()
        self._scenes.append(scene)
        scene.on_enter()

    def pop(self) -> Scene | None:
        """Remove the top scene and re-enter the one below."""
        if not self._scenes:
            return None
        scene = self._scenes.pop()
        scene.on_exit()
        if self.top:
            self.top.on_enter()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for another."""
        if self._scenes:
            self._scenes.pop().on_exit()
        self._scenes.append(scene)
        scene.on_enter()

    def clear_to(self, scene: Scene) -> None:
        """Drop every scene and start again from ``scene``."""
        while self._scenes:
            self._scenes.pop().on_exit()
        self.push(scene)

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: the top one and any below it that show through."""
        shown = []
        for scene in reversed(self._scenes):
            shown.append(scene)
            if not scene.transparent:
                break
        return list(reversed(shown))
