"""A table body of any number of rows, painted rather than built from widgets.

pygame_gui lays out every label it is given, and each label added to a container makes the container
look at all the others: 1,000 rows of ten cells took minutes to open. :class:`PaintedRows` renders
only the rows in view, one surface per row (kept while the row shows), so 10,000 rows open as fast
as ten; a pygame_gui scroll bar beside them, the mouse wheel over them and Page Up / Page Down /
Home / End move through them.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from ..look.palette import PARCHMENT
from ..safe_text import safe_text

#: The longest text a cell takes in before it is measured; a row shows far less than this.
CELL_MAX_CHARS = 120
#: Rows one turn of the mouse wheel moves.
WHEEL_ROWS = 3
SHADOW = (0, 0, 0, 0x90)
ELLIPSIS = "…"


def cell_text(value) -> str:
    """Outside text as a cell may show it: through safe_text, at most CELL_MAX_CHARS characters (an empty
    cell stays empty)."""
    text = str(value)
    if not text:
        return text
    if len(text) <= CELL_MAX_CHARS and text.isascii() and text.isprintable():
        return text  # the common case at no cost: printable ASCII is what safe_text would return
    return safe_text(text, max_chars=CELL_MAX_CHARS)


def fit_text(font: pygame.font.Font, text: str, width: int) -> str:
    """``text``, cut with an ellipsis so that it fits ``width`` pixels in ``font``."""
    if font.size(text)[0] <= width:
        return text
    low, high = 0, len(text)
    while low < high:  # the longest prefix that fits with the ellipsis
        middle = (low + high + 1) // 2
        if font.size(text[:middle].rstrip() + ELLIPSIS)[0] <= width:
            low = middle
        else:
            high = middle - 1
    return text[:low].rstrip() + ELLIPSIS if low else ""


@dataclass(frozen=True)
class Column:
    """Where a column's cells go in a row: left edge and width (in the row), alignment, bold."""

    x: int
    width: int
    centred: bool = True
    bold: bool = False


class PaintedRows:
    """``count`` rows of ``cells(index)`` in ``rect`` (relative to ``panel``'s container) of a WidgetScene."""

    def __init__(self, scene, panel, rect, row_h: int, count: int, columns: Sequence[Column],
                 cells: Callable[[int], Sequence[str]], font_size: int = 15, name: str = "rows"):
        self.scene = scene
        self.panel = panel
        self.rect = pygame.Rect(rect)
        self.row_h = row_h
        self.count = count
        self.columns = tuple(columns)
        self.cells = cells
        self.font_size = font_size
        self.visible = max(1, self.rect.height // row_h)
        self.first = 0
        self._surfaces: dict[int, pygame.Surface] = {}
        self._bar_at = 0.0
        self._pointer = None  # where the pointer last moved (the wheel's event does not say)
        self.bar = None
        if count > self.visible:
            bar_w = scene.px(16)
            self.bar = scene.add(pygame_gui.elements.UIVerticalScrollBar(
                pygame.Rect(self.rect.right - bar_w, self.rect.top, bar_w, self.visible * row_h),
                max(self.visible / count, 0.1), scene.manager, container=panel,
                object_id=ObjectID(object_id=f"#{name}_scroll_bar")))

    # ----- what shows ---------------------------------------------------------------------------

    @property
    def last_first(self) -> int:
        """The first row shown when scrolled to the end."""
        return max(0, self.count - self.visible)

    def shown(self) -> range:
        """The indices of the rows in view."""
        return range(self.first, min(self.count, self.first + self.visible))

    def shown_cells(self) -> list[list[str]]:
        """The text of each row in view, cell by cell, as it is drawn (cut to its column)."""
        return [[self._fitted(text, column) for text, column in zip(self.cells(index), self.columns)]
                for index in self.shown()]

    # ----- scrolling ----------------------------------------------------------------------------

    def scroll_to(self, first: int) -> None:
        """Show rows from ``first`` on (kept within the list); the scroll bar follows."""
        self.first = max(0, min(int(first), self.last_first))
        # Only the rows in view keep their surfaces.
        for index in [i for i in self._surfaces if not self.first <= i < self.first + self.visible]:
            del self._surfaces[index]
        if self.bar is not None and self.bar.sliding_button is not None:
            self._bar_at = self._bar_fraction() * self.first / max(1, self.last_first)
            self.bar.set_scroll_from_start_percentage(self._bar_at)
            self._bar_at = self.bar.start_percentage

    def scroll_by(self, rows: int) -> None:
        self.scroll_to(self.first + rows)

    def _bar_fraction(self) -> float:
        """The bar's start percentage at the end of the list (its button has a least height)."""
        bar = self.bar
        return max(1e-9, (bar.bottom_limit - bar.sliding_button.rect.height) / max(1, bar.scrollable_height))

    def update(self) -> None:
        """Follow the scroll bar when the player drags it (or turns the wheel over it)."""
        bar = self.bar
        if bar is None or bar.sliding_button is None or abs(bar.start_percentage - self._bar_at) < 1e-9:
            return
        self._bar_at = bar.start_percentage
        share = min(1.0, max(0.0, bar.start_percentage / self._bar_fraction()))
        first = round(share * self.last_first)
        if first != self.first:
            self.scroll_to(first)
            bar.start_percentage = self._bar_at = bar.scroll_position / max(1, bar.scrollable_height)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The wheel over the rows, and Page Up / Page Down / Home / End; True when the rows took it."""
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self._pointer = event.pos
        if event.type == pygame.MOUSEWHEEL and self.abs_rect().collidepoint(self._pointer or pygame.mouse.get_pos()):
            self.scroll_by(-event.y * WHEEL_ROWS)
            return True
        if event.type == pygame.KEYDOWN and self.count > self.visible:
            step = {pygame.K_PAGEDOWN: self.visible - 1, pygame.K_PAGEUP: -(self.visible - 1),
                    pygame.K_HOME: -self.count, pygame.K_END: self.count}.get(event.key)
            if step is not None:
                self.scroll_by(step)
                return True
        return False

    # ----- drawing ------------------------------------------------------------------------------

    def abs_rect(self) -> pygame.Rect:
        """The rows' rectangle on the screen."""
        origin = self.panel.get_container().get_abs_rect().topleft
        return self.rect.move(origin)

    def draw(self, surface: pygame.Surface) -> None:
        area = self.abs_rect()
        for offset, index in enumerate(self.shown()):
            image = self._surfaces.get(index)
            if image is None:
                image = self._surfaces[index] = self._render(index)
            if image is not None:   # a row with nothing to paint has no surface
                surface.blit(image, self._row_origin(area, offset, image))

    def _row_origin(self, area: pygame.Rect, offset: int, image: pygame.Surface) -> tuple[int, int]:
        """Where the surface of the ``offset``-th row in view goes."""
        return area.x, area.y + offset * self.row_h

    def _font(self, bold: bool) -> pygame.font.Font:
        return self.scene.app.assets.font(round(self.font_size * self.scene.app.font_scale), bold)

    def _fitted(self, text: str, column: Column) -> str:
        return fit_text(self._font(column.bold), cell_text(text), column.width - self.scene.px(8))

    def _render(self, index: int) -> pygame.Surface:
        """One row: each cell cut to its column, with the labels' parchment text and soft shadow."""
        image = pygame.Surface((self.rect.width, self.row_h), pygame.SRCALPHA)
        pad = self.scene.px(4)
        for text, column in zip(self.cells(index), self.columns):
            shown = self._fitted(text, column)
            if not shown:
                continue
            font = self._font(column.bold)
            glyphs = font.render(shown, True, PARCHMENT)
            shadow = font.render(shown, True, SHADOW[:3])
            shadow.set_alpha(SHADOW[3])
            x = column.x + (column.width - glyphs.get_width()) // 2 if column.centred else column.x + pad
            y = (self.row_h - glyphs.get_height()) // 2
            image.blit(shadow, (x, y + 1))
            image.blit(glyphs, (x, y))
        return image
