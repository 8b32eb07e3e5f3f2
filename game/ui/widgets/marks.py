"""What we draw over pygame_gui's own widgets: ticks in ticked check boxes and the filled part of sliders."""
from __future__ import annotations

import pygame
import pygame_gui

from ..look.palette import GOLD, LOCKED_TICK, OPAQUE, WOOD_DARK
from ..surface_cache import MB, cached


@cached(1 * MB)
def slider_fill(size: tuple[int, int]) -> pygame.Surface:
    """The filled part of a slider's track: a gold bar with round ends, drawn 4x and smoothed down."""
    width, height = size
    big = pygame.Surface((width * 4, height * 4), pygame.SRCALPHA)
    for row in range(height * 4):
        shade = 1.08 - 0.28 * row / max(1, height * 4 - 1)     # lighter on top, like the handle
        pygame.draw.line(big, [min(255, round(c * shade)) for c in GOLD], (0, row), (width * 4, row))
    mask = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, OPAQUE, mask.get_rect(), border_radius=height * 2)
    big.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return pygame.transform.smoothscale(big, size)


@cached(1 * MB)
def check_mark(size: int, color: tuple) -> pygame.Surface:
    """A bold tick, ``size`` pixels square: two round-ended strokes, drawn 4x and smoothed down."""
    big = size * 4
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    width = max(4, round(big * 0.14))
    points = [(big * x, big * y) for x, y in ((0.24, 0.52), (0.42, 0.70), (0.76, 0.30))]
    pygame.draw.lines(surf, color, False, points, width)
    for point in points:
        pygame.draw.circle(surf, color, point, width / 2)
    return pygame.transform.smoothscale(surf, (size, size))


def draw_check_mark(surface: pygame.Surface, box: pygame.Rect, color) -> None:
    """A tick centred in ``box``."""
    tick = check_mark(min(box.w, box.h), tuple(color))
    surface.blit(tick, tick.get_rect(center=box.center))


def draw_marks(surface: pygame.Surface, widgets, px) -> None:
    """Ticks in the ticked check boxes among ``widgets`` (the bundled fonts draw a poor one) and slider fills.

    ``px`` scales a length designed at 1280x720 to the window.
    """
    for widget in widgets:
        if isinstance(widget, pygame_gui.elements.UIHorizontalSlider) and widget.alive() and widget.visible:
            track = pygame.Rect(widget.rect).inflate(-px(8), -px(12))
            track.width = max(0, widget.sliding_button.rect.left - track.left)
            if track.width > 0 and track.height > 0:
                surface.blit(slider_fill(track.size), track)
            continue
        if not (isinstance(widget, pygame_gui.elements.UICheckBox) and widget.alive() and widget.visible
                and widget.get_state() is True):
            continue
        box = pygame.Rect(widget.rect)
        # A box in a scrolled list may be partly or wholly outside the list's view.
        clip = widget.get_image_clipping_rect()
        shown = box if clip is None else clip.move(box.topleft)
        if shown.w <= 0 or shown.h <= 0:
            continue
        previous = surface.get_clip()
        surface.set_clip(shown)
        # A locked box keeps its dim fill: a muted light tick shows on it where a dark one would not.
        draw_check_mark(surface, box, WOOD_DARK if widget.is_enabled else LOCKED_TICK)
        surface.set_clip(previous)
