"""A scene that owns pygame_gui widgets: built in ``build()``, killed on exit, rebuilt on resize."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from ..i18n import _
from ..look.paint import backdrop, dim, painted_frame
from ..look.scale import ui_scale
from ..scene import AMBIENT_FPS, IDLE_FPS, Scene
from ..speaking import say
from .focus import KeyboardFocus
from .marks import draw_marks


@dataclass
class FormRows:
    """Where a form's labelled rows go in a panel: labels at ``label_x``, controls from ``control_x``, the
    next row at ``y`` (moved on by each row, see :meth:`WidgetScene.choice_row`)."""

    container: object
    y: int
    label_x: int
    label_w: int
    control_x: int
    control_w: int
    row_h: int
    row_gap: int


@dataclass(frozen=True)
class FormLayout:
    """A setup screen's frame (New game, Host a table, Join a table): two panels side by side under the
    painted heading, ``left`` and ``right``, and the row of buttons below them at ``button_y``."""

    left: pygame.Rect
    right: pygame.Rect
    button_y: int
    button_h: int


class WidgetScene(KeyboardFocus, Scene):
    """A scene whose pygame_gui widgets are built in ``build()`` and torn down on exit or resize.

    Subclasses create widgets through :meth:`add` (or :meth:`button`) inside
    ``build()``; keep any state the player changed in attributes so a rebuild
    after a resize shows the same choices.
    """

    #: How dark a see-through scene makes what lies under it.
    dim_alpha = 150

    def __init__(self, app):
        super().__init__(app)
        self.widgets: list = []
        self._actions: dict = {}
        self._frames: list = []
        self.built = False
        self.focus_index = 0           # which button or check box the keyboard is on
        self.focus_shown = False       # the ring shows only once the keyboard has been used

    # -- life cycle --
    def on_enter(self) -> None:
        self.rebuild()
        title = self.spoken_title()
        if title:   # as a screen reader names a window when it opens
            say(self.app, title)

    def spoken_title(self) -> str:
        """The screen's name, said when it opens or comes back to the top ("" says nothing)."""
        return ""

    def on_exit(self) -> None:
        self.clear_widgets()
        self.built = False

    def on_resize(self, size) -> None:
        if self.built:
            self.rebuild()

    def on_language_changed(self) -> None:
        # A scene below the top has no widgets now; it builds them in the new language on entry.
        if self.built:
            self.rebuild()

    def rebuild(self) -> None:
        """Kill every widget and build them again for the current window size."""
        self.clear_widgets()
        self.build()
        self.built = True

    def build(self) -> None:
        """Create the widgets for ``self.app.size``."""

    def clear_widgets(self) -> None:
        for widget in self.widgets:
            widget.kill()
        self.widgets.clear()
        self._actions.clear()
        self._frames.clear()

    def frame(self, rect, style: str = "wood", container=None, starting_height: int = 1, name: str | None = None):
        """A container drawn as a rounded wooden panel (or a felt ``inset``); returns the pygame_gui panel.

        The panel itself is a plain transparent rectangle (cheap for pygame_gui to build); the
        rounded frame is painted under it by :meth:`draw`.
        """
        panel = self.add(pygame_gui.elements.UIPanel(
            pygame.Rect(rect), starting_height=starting_height, manager=self.manager, container=container,
            object_id=ObjectID(object_id=f"#{name}" if name else None, class_id="@frame")))
        self._frames.append((panel, style))
        return panel

    # -- helpers --
    @property
    def manager(self) -> pygame_gui.UIManager:
        return self.app.ui_manager

    @property
    def scale(self) -> float:
        return ui_scale(self.app.size)

    def px(self, value: float) -> int:
        """A length designed at 1280x720, scaled to this window."""
        return round(value * self.scale)

    def text_w(self, text: str, font_size: int = 16, bold: bool = True) -> int:
        """The width of one line of text in a theme font size (at the current font scale)."""
        return self.app.assets.font(round(font_size * self.app.font_scale), bold).size(text)[0]

    def text_h(self, font_size: int = 16, lines: int = 1) -> int:
        """The height a label needs for text of a theme font size (at the current font scale)."""
        return round(font_size * self.app.font_scale * (1.45 + 1.3 * (lines - 1))) + 2

    def add(self, widget):
        """Own a widget (it is killed with the scene's widgets)."""
        self.widgets.append(widget)
        return widget

    def button(self, rect, text: str, action: Callable[[], None], *, primary: bool = False,
               style: str | None = None, tool_tip: str | None = None, container=None,
               name: str | None = None) -> pygame_gui.elements.UIButton:
        """A button that runs ``action`` when pressed."""
        class_id = "@primary" if primary else style
        widget = pygame_gui.elements.UIButton(
            pygame.Rect(rect), text, self.manager, container=container, tool_tip_text=tool_tip,
            object_id=ObjectID(object_id=f"#{name}" if name else None, class_id=class_id))
        self.on_press(widget, action)
        return self.add(widget)

    def on_press(self, widget, action: Callable[[], None]) -> None:
        """Run ``action`` when ``widget`` (a button) is pressed."""
        self._actions[widget] = action

    def label(self, rect, text: str, style: str | None = None, container=None, name: str | None = None):
        """A one-line label (``style`` is a theme class such as ``@heading``)."""
        return self.add(pygame_gui.elements.UILabel(
            pygame.Rect(rect), text, self.manager, container=container,
            object_id=ObjectID(object_id=f"#{name}" if name else None, class_id=style)))

    def form_layout(self, left_share: float) -> FormLayout:
        """Two panels under the heading (the left one ``left_share`` of the width) and the button row."""
        width, height = self.app.size
        top = self.px(92)
        button_h = max(self.text_h(17) + 14, self.px(50))
        button_y = height - self.px(28) - button_h
        panel_h = button_y - self.px(16) - top
        gap = self.px(24)
        total_w = min(width - self.px(60), self.px(1180))
        left_w = round(total_w * left_share)
        left = (width - total_w) // 2
        return FormLayout(pygame.Rect(left, top, left_w, panel_h),
                          pygame.Rect(left + left_w + gap, top, total_w - left_w - gap, panel_h), button_y, button_h)

    def form_buttons(self, layout: FormLayout, back: tuple, primary: tuple):
        """Back (or Close, Leave) and the screen's main action side by side under the panels: each given as
        (text, action, name); returns the two buttons."""
        gap, button_w = self.px(20), self.px(230)
        centre = self.app.size[0] // 2
        made = []
        for x, (text, action, name), is_primary in ((centre - button_w - gap // 2, back, False),
                                                   (centre + gap // 2, primary, True)):
            made.append(self.button((x, layout.button_y, button_w, layout.button_h), text, action,
                                    primary=is_primary, name=name))
        return tuple(made)

    def choice_row(self, form: "FormRows", label: str, choices, chosen: str, object_id: str):
        """A labelled drop-down on the next row of ``form``: ``choices`` are (key, untranslated text) pairs,
        the one keyed ``chosen`` shown; ``form.y`` moves to the row after."""
        self.label((form.label_x, form.y, form.label_w, form.row_h), label, "@field", container=form.container)
        options = [(_(text), key) for key, text in choices]
        menu = self.add(pygame_gui.elements.UIDropDownMenu(
            options, next(o for o in options if o[1] == chosen),
            pygame.Rect(form.control_x, form.y, form.control_w, form.row_h), self.manager,
            container=form.container, object_id=object_id))
        form.y += form.row_h + form.row_gap
        return menu

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self._actions:
            self.press(event.ui_element)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            # An open drop-down is the innermost thing on screen: Escape closes it and nothing else.
            return self.close_drop_downs() or self.on_escape()
        return False

    def close_drop_downs(self) -> bool:
        """Fold up every open drop-down list; True if one was open."""
        closed = False
        for widget in self.widgets:
            if isinstance(widget, pygame_gui.elements.UIDropDownMenu) and widget.alive() \
                    and widget.current_state is widget.menu_states["expanded"]:
                widget.current_state.should_transition = True   # closes on its next update, as a click would
                closed = True
        return closed

    def draw_over_widgets(self, surface: pygame.Surface) -> None:
        """Ticks in ticked check boxes and the filled part of sliders."""
        draw_marks(surface, self.widgets, self.px)

    def press(self, widget) -> None:
        """What a click on ``widget`` does: run a button's action, flip a check box, or step a drop-down."""
        if isinstance(widget, pygame_gui.elements.UICheckBox):
            widget.set_state(not widget.get_state())    # posts the same event a click would
            return
        if isinstance(widget, pygame_gui.elements.UIDropDownMenu):
            self.choose_next(widget, 1)
            return
        action = self._actions.get(widget)
        if action is None:   # a slider: Left and Right move it, Enter only says where it stands
            self.speak_focus()
            return
        self.app.sound.play("click")
        action()

    def on_escape(self) -> bool:
        """Escape goes back one screen by default."""
        self.app.pop()
        return True

    def frame_rate(self) -> int:
        """A widget screen is still between inputs, but for a text box's blinking cursor."""
        typing = any(isinstance(w, pygame_gui.elements.UITextEntryLine) and w.is_focused for w in self.widgets)
        return AMBIENT_FPS if typing else IDLE_FPS

    def changing_rects(self) -> list[pygame.Rect] | None:
        """Nothing of a still widget screen changes by itself (the app still redraws it whole when a
        widget changes, a notice comes or goes, or input arrives); a blinking cursor or anything a
        screen animates at a higher rate is drawn whole."""
        return [] if self.frame_rate() <= IDLE_FPS else None

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.draw_frames(surface)

    def draw_background(self, surface: pygame.Surface) -> None:
        """The felt (or, for a see-through scene, the scene below darkened)."""
        if self.transparent:
            dim(surface, self.dim_alpha)
        else:
            surface.blit(backdrop(self.app.size), (0, 0))

    def draw_frames(self, surface: pygame.Surface) -> None:
        """Paint the rounded panels made by :meth:`frame`, in the order they were made."""
        for panel, style in self._frames:
            if not panel.alive() or not panel.visible:
                continue
            rect = panel.get_abs_rect()
            image, spread = painted_frame((int(rect.width), int(rect.height)), style, round(self.scale, 2))
            surface.blit(image, (rect.x - spread, rect.y - spread))
        self.draw_focus_ring(surface)
