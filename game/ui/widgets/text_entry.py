"""A one-line text box that takes only what it can draw, and survives pygame_gui's own slips."""
from __future__ import annotations

import logging

import pygame
import pygame_gui
from pygame_gui.core.utility import clipboard_paste

from ..safe_text import drawable_character, typable_text

log = logging.getLogger(__name__)


class _Undrawable:
    """pygame_gui's ``forbidden_characters``, as a rule rather than a list: every character a font
    draws as nothing (zero-width, bidi overrides, controls, surrogates)."""

    def __contains__(self, char) -> bool:
        return not all(drawable_character(c) for c in str(char))


UNDRAWABLE = _Undrawable()


def _is_paste(event) -> bool:
    return (event.type == pygame.KEYDOWN and event.key == pygame.K_v
            and bool(event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)) and not event.mod & pygame.KMOD_ALT)


class SafeTextEntryLine(pygame_gui.elements.UITextEntryLine):
    """``UITextEntryLine`` for names and file names: typed and pasted text keeps only drawable
    characters (a zero-width space or a bidi override alone would leave pygame_gui nothing to draw
    and raise "Text has zero width"), setting the text from code clears a selection made in the old
    text (left over, it made Delete fail with "No selected rows"), and if pygame_gui still fails on
    an edit the box goes back to its text before that edit instead of ending the game."""

    def __init__(self, relative_rect, manager=None, container=None, *args, initial_text: str | None = None,
                 **kwargs):
        super().__init__(relative_rect, manager, container, *args,
                         initial_text=typable_text(initial_text) if initial_text else initial_text, **kwargs)
        self.forbidden_characters = UNDRAWABLE

    def set_text(self, text: str | None) -> None:
        """Show ``text`` (its undrawable characters left out), the cursor at its end, nothing selected."""
        super().set_text(typable_text(text) if text else text)
        self.select_range = [0, 0]

    def _typed_after(self) -> str:
        """The text before where typing goes in (the start of the selection, if any)."""
        low = min(self.select_range) if self.select_range[0] != self.select_range[1] else self.edit_position
        return self.text[:max(0, min(low, len(self.text)))]

    def process_event(self, event: pygame.event.Event) -> bool:
        if self.is_enabled and self.is_focused:
            if _is_paste(event) and self.ui_manager.paste_text_enabled and self.paste_text_enabled:
                # Pasted text is filtered like typed text, so a name copied with a line break still goes in.
                event = pygame.event.Event(pygame.TEXTINPUT, text=clipboard_paste() or "")
            if event.type == pygame.TEXTINPUT:
                text = typable_text(event.text, self._typed_after())
                if not text:
                    return True
                if text != event.text:
                    event = pygame.event.Event(pygame.TEXTINPUT, text=text)
        text_before = self.text
        try:
            return super().process_event(event)
        except (pygame.error, IndexError, ValueError, UnicodeError) as error:
            log.warning("text box edit failed, text restored: %r", error)
            self._restore(text_before)
            return True

    def _restore(self, text: str) -> None:
        self.text = text
        self._select_range = [0, 0]
        self.edit_position = len(text)
        self.rebuild()
        super().set_text(text)
        self.select_range = [0, 0]
