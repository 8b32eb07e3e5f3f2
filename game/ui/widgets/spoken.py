"""A control said aloud as the keyboard reaches it: its name (or the label beside it) and its value."""
from __future__ import annotations

import pygame_gui

from ..i18n import _


def row_label(scene, widget) -> str:
    """The label on ``widget``'s row, to its left ("Animation speed" beside its drop-down), or ""."""
    rect = widget.relative_rect
    best = None
    for other in scene.widgets:
        if not isinstance(other, pygame_gui.elements.UILabel) or other.ui_container is not widget.ui_container:
            continue
        near = other.relative_rect
        if near.right <= rect.left + 4 and near.top < rect.bottom and near.bottom > rect.top:
            if best is None or near.right > best.relative_rect.right:
                best = other
    return best.text if best is not None else ""


def widget_words(scene, widget, full: bool) -> str:
    """What the focused ``widget`` is, as it is said: "Animation speed: Normal", "Full screen, checked"."""
    label = row_label(scene, widget)
    if isinstance(widget, pygame_gui.elements.UICheckBox):
        state = _("checked") if widget.get_state() else _("not checked")
        text = _("{name}, {state}").format(name=widget.text, state=state)
        return _("{text}, check box").format(text=text) if full else text
    if isinstance(widget, pygame_gui.elements.UIDropDownMenu):
        text = _("{name}: {value}").format(name=label, value=widget.selected_option[0]) if label \
            else widget.selected_option[0]
        return _("{text}, list").format(text=text) if full else text
    if isinstance(widget, pygame_gui.elements.UIHorizontalSlider):
        value = f"{round(widget.get_current_value())}%"
        text = _("{name}: {value}").format(name=label, value=value) if label else value
        return _("{text}, slider").format(text=text) if full else text
    # A button may carry fuller words than it shows ("Show me: Drawing" for a small "Show me").
    text = getattr(widget, "spoken_text", "") or getattr(widget, "text", "") or ""
    return _("{text}, button").format(text=text) if full and text else text
