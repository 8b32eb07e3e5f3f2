"""Drawn shapes: suit symbols (fonts lack the glyphs), panels, shadows, glows, stars, arrowheads, the table felt.

Everything is drawn supersampled and smooth-scaled down for clean edges, and
cached (bounded by bytes, see ``surface_cache``): the table asks for the same few images every frame.
"""
from __future__ import annotations

import math
import random

import pygame

from ..assets import resource_root
from ..surface_cache import MB, cached
from .palette import (BLACK, BLUE_FELT, BLUE_FELT_EDGE, GERMAN_ACORN, GERMAN_ACORN_ON_DARK, GERMAN_BELL,
                      GERMAN_LEAF, OPAQUE, SUIT_BLACK, SUIT_BLACK_ON_DARK, SUIT_BLUE, SUIT_GREEN, SUIT_RED,
                      SUIT_YELLOW, TABLE_FELT, TABLE_FELT_EDGE, WHITE)

#: Each deck look's suit inks in suit order (clubs, diamonds, hearts, spades; German: Eichel, Schellen,
#: Herz, Grün); the classic deck is red and black.
SUIT_INKS = {
    "four_color": (SUIT_GREEN, SUIT_BLUE, SUIT_RED, SUIT_BLACK),
    "tournament": (SUIT_BLACK, SUIT_YELLOW, SUIT_RED, SUIT_GREEN),
    "german": (GERMAN_ACORN, GERMAN_BELL, SUIT_RED, GERMAN_LEAF),
}
_ON_DARK = {SUIT_BLACK: SUIT_BLACK_ON_DARK, GERMAN_ACORN: GERMAN_ACORN_ON_DARK}


def suit_color(suit: int, deck_look: str = "classic", light: bool = False) -> tuple[int, int, int]:
    """The ink of a suit in a deck look (classic: red/black; four-colour: green clubs, blue diamonds;
    tournament: green spades, yellow diamonds; German: each suit's own); ``light`` for a dark ground."""
    inks = SUIT_INKS.get(deck_look)
    color = inks[suit] if inks else (SUIT_RED if suit in (1, 2) else SUIT_BLACK)
    return _ON_DARK.get(color, color) if light else color


def suit_sign(suit: int, size: int, deck_look: str = "classic", light: bool = False) -> pygame.Surface:
    """A suit's symbol as the deck look draws it: the French shape in the look's ink, or the German
    suit's sign (acorn, bell, heart, leaf) in its own colours."""
    if deck_look == "german":
        try:
            return german_suit_icon(suit, size)
        except (OSError, pygame.error):   # art missing or unreadable: the shape in the suit's ink
            pass
    return suit_icon(suit, size, suit_color(suit, deck_look, light))


@cached(2 * MB)
def german_suit_icon(suit: int, size: int) -> pygame.Surface:
    """A German suit's sign ``size`` pixels square, from its drawing in the card art."""
    path = resource_root() / "assets" / "cards" / "german" / f"sign_{'CDHS'[suit]}.svg"
    if not path.is_file():
        raise FileNotFoundError(path)
    size = max(4, int(size))
    return pygame.image.load_sized_svg(str(path), (size, size))


def _suit_parts(suit: int):
    """Circles ((x, y), r) and polygons [(x, y)...] in a -1..1 box, y down."""
    if suit == 2:  # hearts
        return ([((-0.47, -0.36), 0.5), ((0.47, -0.36), 0.5)],
                [[(-0.955, -0.22), (0.0, 0.94), (0.955, -0.22), (0.0, -0.42)]])
    if suit == 1:  # diamonds: slightly concave sides
        points = []
        for i in range(4):
            a0 = math.pi / 2 * i - math.pi / 2
            a1 = a0 + math.pi / 2
            p0 = (0.74 * math.cos(a0), math.sin(a0)) if i % 2 == 0 else (0.74 * math.cos(a0), math.sin(a0))
            p1 = (0.74 * math.cos(a1), math.sin(a1))
            for k in range(12):
                t = k / 12
                x = p0[0] + (p1[0] - p0[0]) * t
                y = p0[1] + (p1[1] - p0[1]) * t
                bend = 0.08 * math.sin(math.pi * t)
                points.append((x * (1 - bend), y * (1 - bend)))
        return [], [points]
    if suit == 3:  # spades
        return ([((-0.47, 0.16), 0.46), ((0.47, 0.16), 0.46)],
                [[(-0.92, 0.26), (0.0, -0.98), (0.92, 0.26), (0.0, 0.5)],
                 [(0.0, 0.2), (-0.36, 0.98), (0.36, 0.98)]])
    # clubs
    return ([((0.0, -0.46), 0.42), ((-0.48, 0.12), 0.42), ((0.48, 0.12), 0.42), ((0.0, 0.05), 0.26)],
            [[(0.0, 0.05), (-0.34, 0.98), (0.34, 0.98)]])


def draw_suit(surface: pygame.Surface, suit: int, center, size: float, color) -> None:
    """Draw a suit symbol of ``size`` pixels (height) straight onto ``surface`` (no antialiasing)."""
    cx, cy = center
    half = size / 2
    circles, polygons = _suit_parts(suit)
    for (x, y), r in circles:
        pygame.draw.circle(surface, color, (cx + x * half, cy + y * half), r * half)
    for poly in polygons:
        pygame.draw.polygon(surface, color, [(cx + x * half, cy + y * half) for x, y in poly])


@cached(2 * MB)
def suit_icon(suit: int, size: int, color: tuple, outline: tuple | None = None) -> pygame.Surface:
    """A smooth suit symbol ``size`` pixels square (drawn 4x and scaled down), optionally outlined."""
    size = max(4, int(size))
    scale = 4
    big = size * scale
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    if outline is not None:
        pad = big * 0.06
        for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1), (-0.7, -0.7), (0.7, 0.7), (-0.7, 0.7), (0.7, -0.7)):
            draw_suit(surf, suit, (big / 2 + dx * pad, big / 2 + dy * pad), big * 0.8, outline)
        draw_suit(surf, suit, (big / 2, big / 2), big * 0.8, color)
    else:
        draw_suit(surf, suit, (big / 2, big / 2), big * 0.92, color)
    return pygame.transform.smoothscale(surf, (size, size))


#: Rows of a drawing made at a time when it is supersampled: a glossy panel the size of the window drawn
#: twice as big in one piece took three images of four times its size, 87 MB for a moment.
BAND_ROWS = 64


@cached(8 * MB)
def rounded_panel(size: tuple[int, int], radius: int, fill: tuple, border: tuple | None = None,
                  border_width: int = 1, gloss: bool = False) -> pygame.Surface:
    """A rounded, optionally bordered and glossy panel (colours may carry alpha)."""
    w, h = max(1, size[0]), max(1, size[1])
    scale = 2
    whole = pygame.Rect(0, 0, w * scale, h * scale)
    band_of_sheen = max(1, int(h * scale * 0.55))
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    # Drawn twice as big and halved, a band of rows at a time: halving averages each 2x2 block, so the
    # bands come out exactly as the whole would.
    for top in range(0, h, BAND_ROWS):
        rows = min(BAND_ROWS, h - top)
        surf = pygame.Surface((w * scale, rows * scale), pygame.SRCALPHA)
        rect = whole.move(0, -top * scale)
        pygame.draw.rect(surf, fill, rect, border_radius=radius * scale)
        if gloss and top * scale < band_of_sheen:
            # A soft light from above: a vertical fade kept inside the rounded shape.
            sheen = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
            for y in range(top * scale, min(band_of_sheen, (top + rows) * scale)):
                a = int(30 * (1 - y / band_of_sheen) ** 1.5)
                pygame.draw.line(sheen, (*WHITE, a), (0, y - top * scale), (w * scale, y - top * scale))
            mask = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
            pygame.draw.rect(mask, OPAQUE, rect, border_radius=radius * scale)
            sheen.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            surf.blit(sheen, (0, 0))
        if border is not None:
            pygame.draw.rect(surf, border, rect, width=max(1, border_width * scale), border_radius=radius * scale)
        # Onto the empty (all zero) panel: the largest of zero and each channel is the band's pixel as it is.
        out.blit(pygame.transform.smoothscale(surf, (w, rows)), (0, top), special_flags=pygame.BLEND_RGBA_MAX)
    return out


@cached(6 * MB)
def soft_shadow(size: tuple[int, int], radius: int, blur: int, alpha: int = 110) -> pygame.Surface:
    """A blurred dark rounded rectangle, ``blur`` pixels bigger on every side."""
    w, h = size
    surf = pygame.Surface((w + blur * 4, h + blur * 4), pygame.SRCALPHA)
    pygame.draw.rect(surf, (*BLACK, alpha), pygame.Rect(blur * 2, blur * 2, w, h), border_radius=radius)
    if blur > 0:
        surf = pygame.transform.gaussian_blur(surf, blur)
    return surf


@cached(6 * MB)
def glow_frame(size: tuple[int, int], radius: int, color: tuple, spread: int) -> pygame.Surface:
    """A glowing outline around a rounded rectangle of ``size`` (for the selected card, active seat)."""
    w, h = size
    pad = spread * 2
    surf = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
    rect = pygame.Rect(pad, pad, w, h)
    pygame.draw.rect(surf, (*color[:3], 235), rect.inflate(spread, spread), width=max(2, spread // 2 + 1),
                     border_radius=radius + spread // 2)
    blurred = pygame.transform.gaussian_blur(surf, max(1, spread // 2))
    pygame.draw.rect(blurred, (*color[:3], 255), rect.inflate(max(2, spread // 2), max(2, spread // 2)),
                     width=2, border_radius=radius + spread // 4)
    return blurred


@cached(3 * MB)
def radial_glow(radius: int, color: tuple, alpha: int = 120) -> pygame.Surface:
    """A soft round light (for the active seat and the suit badge)."""
    radius = max(2, radius)
    small = 48
    surf = pygame.Surface((small, small), pygame.SRCALPHA)
    c = small / 2
    for y in range(small):
        for x in range(small):
            d = math.hypot(x + 0.5 - c, y + 0.5 - c) / c
            if d < 1.0:
                a = int(alpha * (1 - d) ** 2)
                surf.set_at((x, y), (*color[:3], a))
    return pygame.transform.smoothscale(surf, (radius * 2, radius * 2))


def star(surface: pygame.Surface, center, radius: float, color, points: int = 5) -> None:
    """A filled star."""
    cx, cy = center
    pts = []
    for i in range(points * 2):
        r = radius if i % 2 == 0 else radius * 0.45
        a = math.pi * i / points - math.pi / 2
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    pygame.draw.polygon(surface, color, pts)
    pygame.draw.aalines(surface, color, True, pts)


def arrowhead(surface: pygame.Surface, tip, direction_deg: float, size: float, color) -> None:
    """A filled triangular arrowhead pointing along ``direction_deg``."""
    a = math.radians(direction_deg)
    ux, uy = math.cos(a), math.sin(a)
    px, py = -uy, ux
    back = (tip[0] - ux * size, tip[1] - uy * size)
    points = [tip, (back[0] + px * size * 0.55, back[1] + py * size * 0.55),
              (back[0] + ux * size * 0.25, back[1] + uy * size * 0.25),
              (back[0] - px * size * 0.55, back[1] - py * size * 0.55)]
    pygame.draw.polygon(surface, color, points)
    pygame.draw.aalines(surface, color, True, points)


@cached(10 * MB)
def felt_background(size: tuple[int, int], hue: str = "green") -> pygame.Surface:
    """The table: a felt radial gradient with a vignette and a fine woven grain."""
    w, h = size
    sw, sh = 96, max(8, int(96 * h / max(1, w)))
    small = pygame.Surface((sw, sh))
    centre = TABLE_FELT if hue == "green" else BLUE_FELT
    edge = TABLE_FELT_EDGE if hue == "green" else BLUE_FELT_EDGE
    for y in range(sh):
        for x in range(sw):
            dx = (x + 0.5) / sw - 0.5
            dy = ((y + 0.5) / sh - 0.44) * 1.15
            d = min(1.0, math.hypot(dx, dy) * 1.55)
            t = d ** 1.6
            small.set_at((x, y), tuple(int(centre[i] + (edge[i] - centre[i]) * t) for i in range(3)))
    surf = pygame.transform.smoothscale(small, (w, h))
    # Fine grain: a small tile of random specks, repeated.
    rng = random.Random(8)
    tile = pygame.Surface((128, 128), pygame.SRCALPHA)
    for _ in range(2600):
        x, y = rng.randrange(128), rng.randrange(128)
        v = rng.choice((0, 255))
        tile.set_at((x, y), (v, v, v, rng.randrange(5, 13)))
    for ty in range(0, h, 128):
        for tx in range(0, w, 128):
            surf.blit(tile, (tx, ty))
    # A faint inner line marking the playing area (drawn on a layer the size of the line, not the window).
    inset = pygame.Rect(0, 0, int(w * 0.9), int(h * 0.78))
    inset.center = (w // 2, int(h * 0.44))
    inset2 = inset.inflate(-max(6, h // 90), -max(6, h // 90))
    area = inset.union(inset2).clip(surf.get_rect())
    if area.width and area.height:
        line = pygame.Surface(area.size, pygame.SRCALPHA)
        pygame.draw.ellipse(line, (*WHITE, 16), inset.move(-area.x, -area.y), width=max(1, h // 360))
        pygame.draw.ellipse(line, (*BLACK, 22), inset2.move(-area.x, -area.y), width=max(1, h // 540))
        surf.blit(line, area.topleft)
    return _in_display_format(surf)


def _in_display_format(surf: pygame.Surface) -> pygame.Surface:
    """``surf`` in the window's pixel format (fast to blit): a converted copy only where it differs."""
    display = pygame.display.get_surface()
    if display is None or (surf.get_bitsize(), surf.get_masks()) == (display.get_bitsize(), display.get_masks()):
        return surf
    return surf.convert()
