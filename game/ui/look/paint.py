"""What the menus paint under and around their widgets: the felt backdrop, wooden frames, titles, a card fan.

Every menu widget is a pygame_gui element styled by ``theme.json``; this module
only paints what lies underneath them (the table felt, the wooden rail, the
rounded panels) and the title lettering.
"""
from __future__ import annotations

import math
import random
from array import array

import pygame

from ..surface_cache import MB, cached
from .palette import (BLACK, BRASS, DIM_SHADE, DULL_BRASS, EBONY, GOLD_DARK, GOLD_LIGHT, INSET_FELT, MENU_FELT,
                      MENU_FELT_EDGE, OUTLINE_BROWN, PALE_GOLD, PANEL_WOOD, RAIL_GRAIN, TRANSPARENT, WHITE)

# ----- the backdrop ------------------------------------------------------------


#: Rows painted at a time where a whole-window layer would otherwise be made (fibres, the rail's shadow):
#: the layers of a full-HD backdrop came to four window-sized images at once, 30 MB for a moment.
BAND_ROWS = 64


def _felt(size: tuple[int, int]) -> pygame.Surface:
    """Green baize with a soft light in the middle, fine fibres and a dark vignette."""
    width, height = size
    # Paint small and scale up: a smooth radial light for the cost of a few thousand pixels.
    small_w, small_h = 96, max(2, round(96 * height / max(1, width)))
    small = pygame.Surface((small_w, small_h))
    cx, cy = small_w / 2, small_h * 0.42
    reach = math.hypot(small_w / 2, small_h / 2)
    for y in range(small_h):
        for x in range(small_w):
            d = min(1.0, math.hypot((x - cx) * 0.92, (y - cy) * 1.15) / reach)
            light = (1.0 - d ** 1.6)
            colour = [int(MENU_FELT_EDGE[i] + (MENU_FELT[i] + 14 - MENU_FELT_EDGE[i]) * light) for i in range(3)]
            small.set_at((x, y), colour)
    surface = pygame.transform.smoothscale(small, (width, height))
    # Fibres: a sparse, seeded speckle of slightly lighter and darker dots, one row high each, laid on
    # a band of rows at a time (in the order drawn, so a later dot covers an earlier one as before).
    rng = random.Random(8)
    shades = ((*WHITE, 10), (*BLACK, 16))
    bands: dict[int, array] = {}   # x, y, shade, length of each dot (flat, not a Python object per dot)
    for _ in range(width * height // 90):
        x, y = rng.randrange(width), rng.randrange(height)
        shade = shades.index(rng.choice(shades))
        bands.setdefault(y // BAND_ROWS, array("l")).extend((x, y, shade, rng.choice((1, 2))))
    for band in sorted(bands):
        top, dots = band * BAND_ROWS, bands.pop(band)
        fibres = pygame.Surface((width, min(BAND_ROWS, height - top)), pygame.SRCALPHA)
        for at in range(0, len(dots), 4):
            fibres.fill(shades[dots[at + 2]], (dots[at], dots[at + 1] - top, dots[at + 3], 1))
        surface.blit(fibres, (0, top))
    return surface


def _rail_strips(width: int, height: int, reach: int) -> list[pygame.Rect]:
    """The band ``reach`` deep along the window's edge, cut into strips that do not overlap (top, bottom,
    left, right; in a window too small for the band, they cover it whole)."""
    top = pygame.Rect(0, 0, width, min(reach, height))
    bottom_top = max(top.bottom, height - reach)
    bottom = pygame.Rect(0, bottom_top, width, height - bottom_top)
    left = pygame.Rect(0, top.bottom, min(reach, width), bottom_top - top.bottom)
    right_left = max(left.right, width - reach)
    right = pygame.Rect(right_left, top.bottom, width - right_left, bottom_top - top.bottom)
    return [rect for rect in (top, bottom, left, right) if rect.width > 0 and rect.height > 0]


@cached(10 * MB)
def backdrop(size: tuple[int, int]) -> pygame.Surface:
    """The menu background: felt framed by a dark wooden rail with a gold inlay."""
    width, height = size
    surface = _felt(size)
    rail = max(10, round(min(width, height) * 0.022))
    # Wood grain: horizontal bands of slightly varying brown.
    rng = random.Random(3)
    grain, y = [], 0
    while y < height:
        band = rng.randrange(2, 6)
        grain.append((rng.choice(RAIL_GRAIN), y, band))
        y += band
    felt = pygame.Rect(rail, rail, width - 2 * rail, height - 2 * rail)
    # The rail and the shadow it casts on the felt (ten lines fading inwards) lie within this of the edge:
    # each layer is painted strip by strip around the edge, not as a layer the size of the window.
    shade_lines = 10
    for strip in _rail_strips(width, height, rail + shade_lines):
        area = surface.subsurface(strip)
        left, top = strip.topleft
        frame = pygame.Surface(strip.size, pygame.SRCALPHA)
        for colour, y, band in grain:
            frame.fill(colour, (-left, y - top, width, band))
        frame.fill(TRANSPARENT, felt.move(-left, -top))
        area.blit(frame, (0, 0))
        # Inner shadow where the felt meets the rail.
        shadow = pygame.Surface(strip.size, pygame.SRCALPHA)
        for i in range(shade_lines):
            alpha = int(70 * (1 - i / shade_lines))
            pygame.draw.rect(shadow, (*BLACK, alpha),
                             (rail + i - left, rail + i - top, width - 2 * (rail + i), height - 2 * (rail + i)), 1)
        area.blit(shadow, (0, 0))
    # Then the gold inlay line.
    pygame.draw.rect(surface, GOLD_DARK, (rail - 3, rail - 3, width - 2 * rail + 6, height - 2 * rail + 6), 1,
                     border_radius=4)
    pygame.draw.rect(surface, EBONY, (0, 0, width, height), 2)
    return surface


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken everything already drawn (behind an overlay such as the pause menu)."""
    width, height = surface.get_size()
    # A band of shade laid down the surface: a shade the size of the window would be made every frame.
    shade = pygame.Surface((width, min(height, BAND_ROWS)), pygame.SRCALPHA)
    shade.fill((*DIM_SHADE, alpha))
    for top in range(0, height, BAND_ROWS):
        surface.blit(shade, (0, top))


# ----- frames: the rounded wooden panels under groups of widgets ----------------------------

FRAME_STYLES = {
    # fill, border, border width, corner radius, shadow alpha (at 1280x720)
    "wood": ((*PANEL_WOOD, 255), BRASS, 2, 14, 70),
    "inset": ((*INSET_FELT, 232), DULL_BRASS, 1, 10, 0),
}


@cached(8 * MB)
def painted_frame(size: tuple[int, int], style: str, scale: float = 1.0) -> tuple[pygame.Surface, int]:
    """A rounded panel with a soft shadow, drawn at twice the size and smoothed down (anti-aliased).

    Returns the image and how far its shadow reaches beyond ``size`` on each side. pygame_gui's own
    rounded shapes take a third of a second for a full-HD panel; this takes a few milliseconds, once.
    """
    fill, border, border_w, radius, shadow_alpha = FRAME_STYLES[style]
    width, height = size
    radius = max(4, round(radius * scale))
    border_w = max(1, round(border_w * scale))
    spread = round(8 * scale) if shadow_alpha else 0
    out = pygame.Surface((width + 2 * spread, height + 2 * spread), pygame.SRCALPHA)
    if shadow_alpha:
        # A blurred shadow: a small dark rounded rectangle, softened twice and scaled up smoothly.
        # Its corners are as round as the panel's, so no square shadow shows past a rounded corner.
        factor = 6
        small_size = (max(4, out.get_width() // factor), max(4, out.get_height() // factor))
        small = pygame.Surface(small_size, pygame.SRCALPHA)
        inner = pygame.Rect(0, 0, max(1, (width - spread) // factor), max(1, (height - spread) // factor))
        inner.center = (small_size[0] // 2, small_size[1] // 2 + 1)
        pygame.draw.rect(small, (*BLACK, shadow_alpha), inner, border_radius=max(2, (radius + spread) // factor))
        softer = pygame.transform.smoothscale(small, (max(2, small_size[0] // 2), max(2, small_size[1] // 2)))
        small = pygame.transform.smoothscale(softer, small_size)
        out.blit(pygame.transform.smoothscale(small, out.get_size()), (0, 2))
    # The panel at twice the size, a band of rows at a time: halving is an average of each 2x2 block,
    # so the bands come out as the whole would, without a drawing four times the panel's size.
    whole = pygame.Rect(0, 0, width * 2, height * 2)
    for top in range(0, height, BAND_ROWS):
        rows = min(BAND_ROWS, height - top)
        big = pygame.Surface((width * 2, rows * 2), pygame.SRCALPHA)
        shape = whole.move(0, -2 * top)
        pygame.draw.rect(big, fill, shape, border_radius=radius * 2)
        pygame.draw.rect(big, border, shape, width=border_w * 2, border_radius=radius * 2)
        out.blit(pygame.transform.smoothscale(big, (width, rows)), (spread, spread + top))
    return out, spread


# ----- lettering -------------------------------------------------------------------


def render_title(font: pygame.font.Font, text: str, colour=GOLD_LIGHT) -> pygame.Surface:
    """Gold lettering with a dark outline and a soft drop shadow."""
    face = font.render(text, True, colour)
    lower = font.render(text, True, GOLD_DARK)
    outline = font.render(text, True, OUTLINE_BROWN)
    pad = 6
    surface = pygame.Surface((face.get_width() + pad * 2, face.get_height() + pad * 2), pygame.SRCALPHA)
    shadow = font.render(text, True, BLACK)
    shadow.set_alpha(110)
    surface.blit(shadow, (pad + 3, pad + 4))
    for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2), (-1, -1), (1, 1), (-1, 1), (1, -1)):
        surface.blit(outline, (pad + dx, pad + dy))
    # Lower half a shade darker: the lettering reads as embossed metal.
    surface.blit(face, (pad, pad))
    half = face.get_height() // 2 + 2
    surface.blit(lower, (pad, pad + half), area=pygame.Rect(0, half, face.get_width(), face.get_height() - half))
    lower.set_alpha(0)
    highlight = font.render(text, True, PALE_GOLD)
    highlight.set_alpha(90)
    surface.blit(highlight, (pad, pad - 1), area=pygame.Rect(0, 0, face.get_width(), half // 2))
    return surface


def draw_heading(surface: pygame.Surface, assets, text: str, centre_x: int, top: int, size: int) -> pygame.Rect:
    """A screen heading in the title style; returns where it went."""
    image = render_title(assets.font(size, bold=True), text)
    rect = image.get_rect(midtop=(centre_x, top))
    surface.blit(image, rect)
    return rect


def draw_card_fan(surface: pygame.Surface, cards: list[pygame.Surface], centre: tuple[int, int],
                  spread_degrees: float = 36.0) -> None:
    """A hand of cards fanned about a point below their centre, with soft shadows."""
    count = len(cards)
    if not count:
        return
    width, height = cards[0].get_size()
    pivot_drop = height * 1.15
    for index, card in enumerate(cards):
        angle = -spread_degrees / 2 + spread_degrees * index / max(1, count - 1) if count > 1 else 0
        rad = math.radians(angle)
        # Each card's centre sits on a circle around the pivot below the fan.
        x = centre[0] + math.sin(rad) * pivot_drop
        y = centre[1] + pivot_drop - math.cos(rad) * pivot_drop
        rotated = pygame.transform.rotozoom(card, -angle, 1.0)
        shadow = pygame.Surface(rotated.get_size(), pygame.SRCALPHA)
        shadow.fill((*BLACK, 255))
        shadow.blit(rotated, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        shadow.fill((*BLACK, 90), special_flags=pygame.BLEND_RGBA_MULT)
        rect = rotated.get_rect(center=(round(x), round(y)))
        surface.blit(shadow, rect.move(4, 6))
        surface.blit(rotated, rect)
