"""The keyboard focus ring of a widget scene: Tab / arrows move it, Enter or Space presses what it is on."""
from __future__ import annotations

import pygame
import pygame_gui

from ..look.palette import GOLD_LIGHT
from ..speaking import say
from .spoken import widget_words

#: How far Left / Right move a slider (in its own units: percent for the volumes).
SLIDER_STEP = 5


class KeyboardFocus:
    """The keyboard half of :class:`~game.ui.widgets.scene.WidgetScene` (a mixin).

    The ring is on ``focusables()[focus_index]`` and shows once a key has been used
    (``focus_shown``); the scene provides ``widgets``, ``_actions``, ``px``, ``press``, ``rebuild``
    and ``handle_event``.
    """

    def focusables(self) -> list:
        """The buttons, check boxes, drop-downs and sliders the keyboard can reach, in the order they were built."""
        if any(isinstance(w, pygame_gui.elements.UIWindow) and w.alive() for w in self.widgets):
            return []       # a dialog is open: the keys belong to it
        return [w for w in self.widgets
                if isinstance(w, (pygame_gui.elements.UIButton, pygame_gui.elements.UICheckBox,
                                  pygame_gui.elements.UIDropDownMenu, pygame_gui.elements.UIHorizontalSlider))
                and w.alive() and w.visible and w.is_enabled
                and (w in self._actions or not isinstance(w, pygame_gui.elements.UIButton))]

    def focused(self):
        """The widget with the keyboard focus ring, or None while the ring is hidden."""
        reachable = self.focusables()
        if not self.focus_shown or not reachable:
            return None
        return reachable[self.focus_index % len(reachable)]

    def dispatch(self, event: pygame.event.Event) -> bool:
        """Tab / Shift+Tab and Up / Down move a focus ring; Enter or Space presses what it is on.

        On a drop-down, Left / Right (or Enter / Space) step through its choices.
        """
        typing = any(isinstance(w, pygame_gui.elements.UITextEntryLine) and w.is_focused for w in self.widgets)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION):
            self.focus_shown = False    # back to the mouse: hide the ring until a key is pressed
        elif event.type == pygame.KEYDOWN and not typing:   # keys typed into a text box are its own
            step = {pygame.K_DOWN: 1, pygame.K_UP: -1}.get(event.key, 0)
            if event.key == pygame.K_TAB:
                step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            reachable = self.focusables()
            if step and reachable:
                if self.focus_shown:
                    self.focus_index = (self.focus_index + step) % len(reachable)
                else:
                    self.focus_index %= len(reachable)
                self.focus_shown = True
                self.scroll_into_view(self.focused())
                self.speak_focus()
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                widget = self.focused()
                if widget is not None:
                    self.press(widget)
                    if isinstance(widget, pygame_gui.elements.UICheckBox) and widget.alive():
                        self.speak_focus()
                    return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                widget = self.focused()
                step = 1 if event.key == pygame.K_RIGHT else -1
                if isinstance(widget, pygame_gui.elements.UIDropDownMenu):
                    self.choose_next(widget, step)
                    self.speak_focus()
                    return True
                if isinstance(widget, pygame_gui.elements.UIHorizontalSlider):
                    self.step_slider(widget, step)
                    self.speak_focus()
                    return True
        return self.handle_event(event)

    def speak_focus(self) -> None:
        """Say the focused control and its value (for a player who does not see the ring)."""
        widget = self.focused()
        speech = getattr(self.app, "speech", None)
        if widget is not None and speech is not None and speech.enabled:
            say(self.app, widget_words(self, widget, speech.full))

    def step_slider(self, slider, step: int) -> None:
        """Move a slider ``step`` notches, as if the player had dragged it there."""
        low, high = slider.value_range
        value = max(low, min(high, slider.get_current_value() + step * SLIDER_STEP))
        slider.set_current_value(value)
        self.handle_event(pygame.event.Event(pygame_gui.UI_HORIZONTAL_SLIDER_MOVED, {
            "value": value, "ui_element": slider, "ui_object_id": slider.most_specific_combined_id}))

    def scroll_into_view(self, widget) -> None:
        """Scroll the list holding ``widget`` (if it is in one) so that the whole widget shows."""
        for scroller in self.widgets:
            if not (isinstance(scroller, pygame_gui.elements.UIScrollingContainer)
                    and widget.ui_container is scroller.scrollable_container
                    and scroller.vert_scroll_bar is not None):
                continue
            bar = scroller.vert_scroll_bar
            total = max(1, scroller.scrolling_height)
            view = scroller.get_container().get_rect().height if hasattr(scroller, "get_container") else total
            view = min(view, scroller.rect.height)
            top = widget.relative_rect.top - self.px(8)
            bottom = widget.relative_rect.bottom + self.px(8)
            shown_from = bar.start_percentage * total
            if top < shown_from:
                bar.set_scroll_from_start_percentage(max(0.0, top / total))
            elif bottom > shown_from + view:
                bar.set_scroll_from_start_percentage(min(1.0 - view / total, (bottom - view) / total))

    def choose_next(self, menu, step: int) -> None:
        """Move a drop-down ``step`` options on, as if the player had picked that option."""
        options = menu.options_list
        index = next((i for i, o in enumerate(options) if o[1] == menu.selected_option[1]), 0)
        menu.selected_option = options[(index + step) % len(options)]
        self.handle_event(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, {
            "text": menu.selected_option[0], "ui_element": menu,
            "ui_object_id": menu.most_specific_combined_id}))
        if menu.alive():
            self.rebuild()      # the scene kept the choice; build again so the box shows it

    def draw_focus_ring(self, surface: pygame.Surface) -> None:
        """A gold ring around the focused widget.

        Drawn before the widgets, so only the part outside the widget shows: a ring around it.
        """
        widget = self.focused()
        if widget is not None:
            ring = pygame.Rect(widget.get_abs_rect()).inflate(self.px(12), self.px(12))
            pygame.draw.rect(surface, GOLD_LIGHT, ring, width=max(2, self.px(3)), border_radius=self.px(14))
