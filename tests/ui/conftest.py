"""The app fixtures, here beside the only tests that use them, so that pygame is imported
for UI tests alone (the headless environment and ``home`` are set up in tests/conftest.py).

Fixtures:
``make_app``  builds headless Apps on the test's ``home``, all closed after the test;
``app``       one headless App at 1280x720 on that home;
``ui``        a driver that posts real pygame events (clicks at a widget's centre, keys) and steps frames.
"""
from __future__ import annotations

import pygame
import pygame_gui
import pytest

FRAME = 1 / 60


@pytest.fixture
def make_app(home):
    """Build Apps on the test's home (several may be needed, e.g. to restart); all are closed afterwards."""
    from game.store import UserFolders
    from game.ui.app import App

    made = []

    def make(size=(1280, 720)):
        application = App(size=size, folders=UserFolders.default(), headless=True, fullscreen=False)
        application.running = True
        made.append(application)
        return application

    yield make
    for application in made:
        while len(application.scenes):
            application.scenes.pop()
    pygame.event.clear()


@pytest.fixture
def app(make_app):
    return make_app()


class Driver:
    """Drives the app with real pygame events, one frame at a time."""

    def __init__(self, app):
        self.app = app

    def step(self, frames: int = 1, dt: float = FRAME) -> None:
        for _ in range(frames):
            self.app.step(dt)

    def click_at(self, pos) -> None:
        """Press and release the left button at ``pos``, then let the posted UI events arrive."""
        pos = (int(pos[0]), int(pos[1]))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        self.step()
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        # pygame_gui posts UI_* events during this frame; the next delivers them, and a dialog's
        # own event (confirmed, path picked) needs one more.
        self.step(3)

    def click(self, widget) -> None:
        """Click the centre of a pygame_gui element (it must be visible and inside the window)."""
        rect = widget.get_abs_rect() if hasattr(widget, "get_abs_rect") else widget.rect
        assert widget.visible, f"{widget} is hidden"
        assert self.app.screen.get_rect().collidepoint(rect.center), f"{widget} is outside the window"
        self.click_at(rect.center)

    def key(self, key: int, unicode: str = "", mod: int = 0) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0))
        self.step(2)

    def choose(self, dropdown, label: str) -> None:
        """Open a drop-down and click the option showing ``label``."""
        self.click(dropdown)
        state = dropdown.current_state
        items = state.options_selection_list.item_list if state.options_selection_list else []
        for item in items:
            if item["text"] == label:
                self.click(item["button_element"])
                self.step(2)  # the list tells the drop-down, which then tells the scene
                return
        raise AssertionError(f"no option {label!r} in {[item['text'] for item in items]}")

    def button(self, text: str):
        """The visible button showing ``text``."""
        for element in self.app.ui_manager.get_sprite_group().sprites():
            if isinstance(element, pygame_gui.elements.UIButton) and element.visible and element.text == text:
                return element
        raise AssertionError(f"no visible button {text!r}")

    def has_button(self, text: str) -> bool:
        try:
            self.button(text)
        except AssertionError:
            return False
        return True


@pytest.fixture
def ui(app):
    return Driver(app)
