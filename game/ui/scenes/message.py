"""Short notices ("toasts") shown above every scene, and a small modal message scene.

``app.notify(text)`` shows a toast for a few seconds at the bottom of the
window; several stack upwards. A toast is a pygame_gui panel holding a label,
owned by the app rather than by a scene, so it survives scene changes.
"""
from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from ..i18n import _
from ..look.paint import backdrop, dim
from ..look.scale import ui_scale
from ..safe_text import safe_text
from ..widgets import WidgetScene

TOAST_SECONDS = 6.0
MAX_NOTICE_CHARACTERS = 240
#: A notice wraps onto this many lines at most (a file problem says what happened, what became of it
#: and where the old copy is: one line of a small window cannot hold that).
MAX_TOAST_LINES = 3
# Toasts draw above every scene widget (pygame_gui layers: higher is in front).
TOAST_LAYER = 40


def fitted_line(text: str, font, max_width: int) -> str:
    """``text``, or the longest start of it with an ellipsis that is at most ``max_width`` wide in ``font``."""
    if font.size(text)[0] <= max_width:
        return text
    low, high, best = 1, len(text) - 1, text[:1] + "…"
    while low <= high:
        middle = (low + high) // 2
        if font.size(text[:middle] + "…")[0] <= max_width:
            best, low = text[:middle] + "…", middle + 1
        else:
            high = middle - 1
    return best


def wrapped_lines(text: str, font, max_width: int, max_lines: int = MAX_TOAST_LINES) -> list[str]:
    """``text`` broken at spaces into lines at most ``max_width`` wide; beyond ``max_lines`` the last
    line ends in an ellipsis."""
    lines: list[str] = []
    for word in text.split(" "):
        candidate = f"{lines[-1]} {word}" if lines else word
        if lines and font.size(candidate)[0] <= max_width:
            lines[-1] = candidate
        else:
            lines.append(word)
    if len(lines) > max_lines:
        lines = lines[:max_lines - 1] + [" ".join(lines[max_lines - 1:])]
    return [fitted_line(line, font, max_width) for line in lines]


class Toast:
    """One notice: a rounded panel with up to MAX_TOAST_LINES lines of text, gone after ``seconds``."""

    def __init__(self, app, text: str, seconds: float, problem: bool):
        self.text = text
        self.remaining = seconds
        self.problem = problem
        font = app.assets.font(round(16 * app.font_scale), bold=True)
        lines = wrapped_lines(text, font, app.size[0] - 40 - 64)
        self._text_width = max(font.size(line)[0] for line in lines)
        line_h = font.get_height()
        self._height = round(line_h * (len(lines) + 0.9))
        self.rect = self._rect(app.size)
        self.panel = pygame_gui.elements.UIPanel(
            self.rect, starting_height=TOAST_LAYER, manager=app.ui_manager,
            object_id=ObjectID(object_id="#toast_problem" if problem else "#toast"))
        inner = self.panel.get_container().get_rect()
        top = (inner.height - line_h * len(lines)) // 2
        #: One label per line (pygame_gui labels hold one line), centred in the panel.
        self.labels = [pygame_gui.elements.UILabel(
            pygame.Rect(0, top + index * line_h, inner.width, line_h), line, app.ui_manager, container=self.panel,
            object_id=ObjectID(object_id="#toast_label", class_id="@toast_text")) for index, line in enumerate(lines)]

    def _rect(self, window_size) -> pygame.Rect:
        return pygame.Rect(0, 0, min(window_size[0] - 40, self._text_width + 64), self._height)

    def place(self, window_size: tuple[int, int], bottom: int) -> int:
        """Centre the toast above ``bottom``; returns the top edge it used."""
        rect = self._rect(window_size)
        rect.midbottom = (window_size[0] // 2, bottom)
        if rect.size != self.panel.rect.size:
            self.panel.set_dimensions(rect.size)
            inner = self.panel.get_container().get_rect()
            for label in self.labels:
                label.set_dimensions((inner.width, label.rect.height))
        self.panel.set_relative_position(rect.topleft)
        return rect.top

    @property
    def visible(self) -> bool:
        return self.panel.alive() and self.panel.visible

    def kill(self) -> None:
        self.panel.kill()


class Notices:
    """The app's stack of toasts."""

    def __init__(self, app):
        self.app = app
        self.toasts: list[Toast] = []

    def show(self, text: str, seconds: float = TOAST_SECONDS, problem: bool = False) -> Toast:
        """Show a short notice (a problem is tinted red)."""
        # One drawable line, whatever the message held (one quoting a damaged file can be huge).
        text = safe_text(text, max_chars=MAX_NOTICE_CHARACTERS)
        for toast in self.toasts:
            if toast.text == text:  # the same notice again: just keep it up longer
                toast.remaining = max(toast.remaining, seconds)
                return toast
        toast = Toast(self.app, text, seconds, problem)
        self.toasts.append(toast)
        self.layout()
        return toast

    def texts(self) -> list[str]:
        """What is showing now (for tests and the screenshots tool)."""
        return [toast.text for toast in self.toasts]

    def dismiss(self, toast: Toast) -> None:
        """Take one notice down before its time (the screen it spoke of has closed)."""
        if toast in self.toasts:
            toast.kill()
            self.toasts.remove(toast)
            self.layout()

    def clear(self) -> None:
        for toast in self.toasts:
            toast.kill()
        self.toasts.clear()

    def update(self, dt: float) -> None:
        expired = False
        for toast in list(self.toasts):
            toast.remaining -= dt
            if toast.remaining <= 0:
                toast.kill()
                self.toasts.remove(toast)
                expired = True
        if expired:
            self.layout()

    def layout(self) -> None:
        size = self.app.size
        bottom = size[1] - round(64 * ui_scale(size))
        for toast in reversed(self.toasts):
            bottom = toast.place(size, bottom) - 8


class MessageScene(WidgetScene):
    """A modal notice over the current screen: a title, a few lines, and OK."""

    transparent = True

    def __init__(self, app, title: str, text: str, button: str | None = None):
        super().__init__(app)
        self.title = title
        self.text = text
        self.button_text = button or _("OK")
        self.backdrop: pygame.Surface | None = None

    def on_enter(self) -> None:
        # The screen below loses its widgets while this box is up: keep a picture of it as it was.
        if self.backdrop is None and self.app.screen is not None:
            self.backdrop = self.app.screen.copy()
            self.transparent = False
        super().on_enter()

    def draw_background(self, surface: pygame.Surface) -> None:
        if self.backdrop is None:
            super().draw_background(surface)
            return
        if self.backdrop.get_size() != surface.get_size():
            self.backdrop = pygame.transform.smoothscale(self.backdrop, surface.get_size())
        surface.blit(self.backdrop, (0, 0))
        dim(surface, self.dim_alpha)

    def add_buttons(self, panel, inner_w: int, y: int, button_w: int, button_h: int) -> None:
        """The buttons along the bottom of the box: here just OK."""
        self.button(((inner_w - button_w) // 2, y, button_w, button_h),
                    self.button_text, self.app.pop, primary=True, container=panel, name="message_ok")

    def build(self) -> None:
        width, height = self.app.size
        button_w, button_h = self.px(160), max(self.text_h(18) + 14, self.px(46))
        heading_h = self.text_h(21)
        pad = self.px(26)
        # As wide as the title needs (a Greek question runs long), within the window.
        box_w = min(width - 80, max(self.px(560), self.text_w(self.title, 21) + 2 * pad + self.px(24)))
        # Measure the text first: the box is as tall as its message needs.
        probe = pygame_gui.elements.UITextBox(self.text, pygame.Rect(0, 0, box_w - 2 * pad - 16, -1), self.manager,
                                              object_id=ObjectID(class_id="@plain"), visible=0)
        text_h = probe.rect.height
        probe.kill()
        box = pygame.Rect(0, 0, box_w, pad + heading_h + self.px(8) + text_h + self.px(22) + button_h + pad + 8)
        box.center = (width // 2, height // 2)
        panel = self.frame(box, starting_height=4, name="message_panel")
        inner_w, inner_h = panel.get_container().get_rect().size
        self.label((pad, pad - self.px(6), inner_w - 2 * pad, heading_h), self.title, "@heading", container=panel)
        self.add(pygame_gui.elements.UITextBox(
            self.text, pygame.Rect(pad, pad + heading_h, inner_w - 2 * pad, text_h),
            self.manager, container=panel, object_id=ObjectID(object_id="#message_text", class_id="@plain")))
        self.add_buttons(panel, inner_w, inner_h - button_h - pad + 4, button_w, button_h)

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.app.pop()
            return True
        return super().handle_event(event)

    dim_alpha = 120


class ConfirmScene(MessageScene):
    """A question that cannot be undone: Cancel (the default, and Enter or Escape) or the red action."""

    def __init__(self, app, title: str, text: str, action: str, on_confirm, on_cancel=None):
        super().__init__(app, title, text)
        self.action_text = action
        self.on_confirm = on_confirm
        self.on_cancel = on_cancel

    def add_buttons(self, panel, inner_w: int, y: int, button_w: int, button_h: int) -> None:
        gap = self.px(18)
        left = (inner_w - 2 * button_w - gap) // 2
        self.button((left, y, button_w, button_h), _("Cancel"), self.cancel, container=panel,
                    name="confirm_cancel")
        self.button((left + button_w + gap, y, button_w, button_h), self.action_text, self.confirm,
                    style="@danger", container=panel, name="confirm_action")

    def confirm(self) -> None:
        """Close the question, then do the thing."""
        self.app.pop()
        self.on_confirm()

    def cancel(self) -> None:
        """Close the question and do nothing (but tidy up what was made for the thing: ``on_cancel``)."""
        self.app.pop()
        if self.on_cancel is not None:
            self.on_cancel()

    def on_escape(self) -> bool:
        self.cancel()
        return True

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.cancel()  # Enter keeps the safe choice
            return True
        return super(MessageScene, self).handle_event(event)


class AlreadyOpenScene(MessageScene):
    """At a second start on one data folder: says the game is already open, and offers to bring that
    one to the front (then quits) or to quit. This process never writes the other game's files."""

    def __init__(self, app):
        super().__init__(app, _("Crazy Eights is already open"),
                         _("The game is already running on this computer with your saved match and statistics. "
                           "Two at once would mix them up, so this one will close."))

    def add_buttons(self, panel, inner_w: int, y: int, button_w: int, button_h: int) -> None:
        gap = self.px(18)
        wide = max(button_w, self.text_w(_("Show the open game"), 18) + self.px(36))
        left = (inner_w - wide - button_w - gap) // 2
        self.button((left, y, wide, button_h), _("Show the open game"), self.show_other, primary=True,
                    container=panel, name="already_open_show")
        self.button((left + wide + gap, y, button_w, button_h), _("Quit"), self.app.quit, container=panel,
                    name="already_open_quit")

    def on_enter(self) -> None:
        # Nothing lies beneath this box: it stands on the menu's felt, dimmed like any message.
        self.backdrop = backdrop(self.app.size).copy()
        self.transparent = False
        super().on_enter()

    def show_other(self) -> None:
        """Ask the open game to come to the front, then close this one."""
        self.app.folder_lock.ask_owner_to_show()
        self.app.quit()

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.show_other()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.quit()
            return True
        return super(MessageScene, self).handle_event(event)
