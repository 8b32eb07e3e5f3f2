"""Card sprites and the image caches behind them.

A sprite is a view of one card: where it is, how it is turned, face up or
down. It holds no rules; the table rebuilds sprite targets from the match
state after every move and the sprites tween there.

Card surfaces come from ``app.assets`` (SVG rendered at a size) and are cached
here per width, per rotation and per tint, so nothing is rescaled from SVG
during a frame. Every cache is a ``SurfaceCache``: bounded by the bytes it holds.
"""
from __future__ import annotations

import math

import pygame

from game.rules import FIRST_JOKER, RANK_OF, RANKS, SUIT_OF, card_from_str, card_to_str

from ..look import shapes
from ..look.palette import (BLACK, CARD_BACK_BLUE, CARD_BACK_RED, CARD_EDGE, CREAM, GOLD, LIGHT_TEXT, SUIT_BLACK,
                             SUIT_RED, UNPLAYABLE_TINT)
from ..safe_text import safe_text
from ..surface_cache import MB, SurfaceCache
from .animation import Tween, ease_in_out_quad, ease_out_cubic


def card_radius(width: int) -> int:
    return max(3, int(width * 0.07))


#: Text longer than this is cut before it is measured (rule names and messages are far shorter).
MAX_FITTED_CHARACTERS = 200


class TextCache:
    """Rendered text surfaces, keyed by (text, size, bold, colour)."""

    def __init__(self, font_source):
        self.font_source = font_source  # callable(size, bold) -> pygame.font.Font (the assets keep them)
        self.cache = SurfaceCache("table.text", 8 * MB)

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        return self.font_source(int(size), bold)

    def render(self, text: str, size: int, color=LIGHT_TEXT, bold: bool = False,
               shadow: bool = False) -> pygame.Surface:
        key = (text, int(size), bold, tuple(color), shadow)
        surf = self.cache.get(key)
        if surf is None:
            font = self.font(size, bold)
            try:
                fg = font.render(text, True, color)
            except (pygame.error, UnicodeError, ValueError):
                # A name or a rules name from a file that the font cannot draw (nothing visible, a
                # surrogate, a NUL): draw what safe_text makes of it.
                text = safe_text(text, max_chars=max(1, len(text)))
                fg = font.render(text, True, color)
            if shadow:
                surf = pygame.Surface((fg.get_width() + 2, fg.get_height() + 2), pygame.SRCALPHA)
                back = font.render(text, True, BLACK)
                back.set_alpha(150)
                surf.blit(back, (2, 2))
                surf.blit(fg, (0, 0))
            else:
                surf = fg
            self.cache.put(key, surf)
        return surf

    def fit(self, text: str, size: int, max_width: int, **kw) -> pygame.Surface:
        """Render, shrinking the font (then trimming the text) until it fits ``max_width``."""
        text = text[:MAX_FITTED_CHARACTERS]  # no line on the table is longer; a damaged file's may be
        for s in range(int(size), max(8, int(size * 0.6)) - 1, -1):
            surf = self.render(text, s, **kw)
            if surf.get_width() <= max_width:
                return surf
        # Trim: the longest start of the text that fits with an ellipsis (found by halving, not char by char).
        smallest = max(8, int(size * 0.6))
        keep, low, high = None, 1, len(text) - 1
        while low <= high:
            middle = (low + high) // 2
            surf = self.render(text[:middle] + "…", smallest, **kw)
            if surf.get_width() <= max_width:
                keep, low = surf, middle + 1
            else:
                high = middle - 1
        return keep if keep is not None else self.render(text[:1] + "…", smallest, **kw)


def _for_display(surf: pygame.Surface) -> pygame.Surface:
    """``surf`` in the display's pixel format (fast to blit), or as it is when there is no display."""
    try:
        return surf.convert_alpha()
    except pygame.error:
        return surf


# ----- procedural card art (used only when no card images are available) -----

def draw_card_face(code: str, width: int, deck_look: str, font_source) -> pygame.Surface:
    """A clean drawn card face: corner indices, suit pips drawn as shapes, a big centre mark."""
    card = card_from_str(code)
    height = int(round(width * 1.4))
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = card_radius(width)
    pygame.draw.rect(surf, CREAM, surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, CARD_EDGE, surf.get_rect(), width=1, border_radius=radius)
    if card >= FIRST_JOKER:
        color = SUIT_RED if card % 2 == 0 else SUIT_BLACK
        font = font_source(max(8, int(width * 0.2)), True)
        for i, ch in enumerate("JOKER"):
            glyph = font.render(ch, True, color)
            surf.blit(glyph, (int(width * 0.06), int(width * 0.05) + i * int(glyph.get_height() * 0.8)))
        star = shapes.suit_icon(2 if card % 2 == 0 else 3, int(width * 0.5), color)
        surf.blit(star, star.get_rect(center=(width // 2, height // 2)))
        return surf
    suit = SUIT_OF[card]
    rank = RANKS[RANK_OF[card]]
    color = shapes.suit_color(suit, deck_look)
    font = font_source(max(8, int(width * 0.24)), True)
    label = font.render(rank, True, color)
    if label.get_width() > width * 0.3:
        label = pygame.transform.smoothscale(
            label, (int(width * 0.3), int(label.get_height() * width * 0.3 / label.get_width())))
    pip = shapes.suit_icon(suit, max(6, int(width * 0.16)), color)
    x0, y0 = int(width * 0.06), int(width * 0.04)
    surf.blit(label, (x0 + (pip.get_width() - label.get_width()) // 2, y0))
    surf.blit(pip, (x0, y0 + label.get_height()))
    corner = pygame.Surface((width // 2, height // 2), pygame.SRCALPHA)
    corner.blit(label, (x0 + (pip.get_width() - label.get_width()) // 2, y0))
    corner.blit(pip, (x0, y0 + label.get_height()))
    surf.blit(pygame.transform.rotate(corner, 180), (width - width // 2, height - height // 2))
    big = shapes.suit_icon(suit, int(width * 0.5), color)
    if RANK_OF[card] >= 10:
        frame = pygame.Rect(0, 0, int(width * 0.58), int(height * 0.62))
        frame.center = (width // 2, height // 2)
        pygame.draw.rect(surf, (*color, 40), frame, border_radius=radius)
        pygame.draw.rect(surf, color, frame, width=max(1, width // 80), border_radius=radius)
        big_font = font_source(max(8, int(width * 0.42)), True)
        letter = big_font.render(rank, True, color)
        surf.blit(letter, letter.get_rect(center=(width // 2, height // 2)))
    else:
        surf.blit(big, big.get_rect(center=(width // 2, height // 2)))
    return surf


def draw_card_back(style: str, width: int) -> pygame.Surface:
    """A drawn card back: a deep colour with a lattice and a gold frame."""
    height = int(round(width * 1.4))
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    radius = card_radius(width)
    base = CARD_BACK_BLUE if style != "red" else CARD_BACK_RED
    dark = tuple(int(c * 0.7) for c in base)
    pygame.draw.rect(surf, CREAM, surf.get_rect(), border_radius=radius)
    inner = surf.get_rect().inflate(-max(4, width // 12), -max(4, width // 12))
    pygame.draw.rect(surf, base, inner, border_radius=max(2, radius - 2))
    step = max(4, width // 9)
    lattice = pygame.Surface(inner.size, pygame.SRCALPHA)
    for k in range(-inner.h, inner.w + inner.h, step):
        pygame.draw.line(lattice, (*dark, 255), (k, 0), (k + inner.h, inner.h), max(1, width // 60))
        pygame.draw.line(lattice, (*dark, 255), (k, inner.h), (k + inner.h, 0), max(1, width // 60))
    surf.blit(lattice, inner.topleft)
    pygame.draw.rect(surf, GOLD, inner, width=max(1, width // 50), border_radius=max(2, radius - 2))
    return surf


# ----- the image cache --------------------------------------------------------

class CardImages:
    """Card faces and backs at any size, rotated and tinted, all cached."""

    def __init__(self, assets, font_source):
        self.assets = assets
        self.font_source = font_source
        self.base = SurfaceCache("table.card_faces", 12 * MB)
        self.scaled = SurfaceCache("table.card_sizes", 12 * MB)
        self.rotated = SurfaceCache("table.card_turns", 12 * MB)
        self.shadows = SurfaceCache("table.card_shadows", 6 * MB)
        self.blurred = SurfaceCache("table.card_blurs", 4 * MB)
        self._face_style: tuple | None = None   # (four colours, corner letters) of the cached faces

    def clear(self):
        self.base.clear()
        self.scaled.clear()
        self.rotated.clear()
        self.shadows.clear()
        self.blurred.clear()

    # A face at an exact width (only widths the layout uses are asked for from the assets).
    def letters(self) -> str:
        """The corner letters the faces show now (a language's or English): part of every face's key."""
        letters = getattr(self.assets, "card_letters", None)
        return letters() if letters is not None else "en"

    def _load(self, code: str, width: int, deck_look: str, back_style: str | None) -> pygame.Surface:
        key = (code, width, deck_look, back_style, self.letters() if back_style is None else None)
        surf = self.base.get(key)
        if surf is not None:
            return surf
        surf = None
        try:
            if back_style is not None:
                surf = self.assets.back(back_style, width)
            else:
                surf = self.assets.card(code, width, deck_look)
        except Exception:  # missing art: draw our own
            surf = None
        # The assets' image is already in the display's format: kept as it is, not copied (a copy
        # would hold every face twice).
        from_assets = surf is not None and surf.get_width() == width
        if surf is None:
            surf = (draw_card_back(back_style, width) if back_style is not None
                    else draw_card_face(code, width, deck_look, self.font_source))
        if surf.get_width() != width:
            h = int(round(surf.get_height() * width / surf.get_width()))
            surf = pygame.transform.smoothscale(surf, (width, h))
        if not from_assets:
            surf = _for_display(surf)
        return self.base.put(key, surf)

    def prepare(self, widths, deck_look: str, back_style: str, codes) -> None:
        """Load every face and back the layout needs (at the start and after a resize)."""
        for width in widths:
            self._load("back", width, False, back_style)
            for code in codes:
                self._load(code, width, deck_look, None)

    def image(self, code: str | None, width: int, deck_look: str, back_style: str,
              base_widths: tuple, dim: bool = False) -> pygame.Surface:
        """The upright image (``code`` None for a back), at ``width`` (derived from a base width)."""
        width = max(4, int(width))
        key = (code, width, deck_look, back_style if code is None else None, dim,
               self.letters() if code is not None else None)
        surf = self.scaled.get(key)
        if surf is not None:
            return surf
        if width in base_widths:
            surf = self._load(code or "back", width, deck_look, back_style if code is None else None)
        else:
            source_width = max(base_widths)
            big = self._load(code or "back", source_width, deck_look, back_style if code is None else None)
            h = int(round(big.get_height() * width / big.get_width()))
            surf = pygame.transform.smoothscale(big, (width, h))
        if dim:
            surf = surf.copy()
            surf.fill(UNPLAYABLE_TINT, special_flags=pygame.BLEND_RGBA_MULT)
        return self.scaled.put(key, surf)

    def rotate(self, surf: pygame.Surface, key, angle: float) -> pygame.Surface:
        qa = round(angle * 2) / 2.0
        if abs(qa) < 0.25:
            return surf
        rkey = (key, qa)
        rot = self.rotated.get(rkey)
        if rot is None:
            rot = self.rotated.put(rkey, pygame.transform.rotozoom(surf, qa, 1.0))
        return rot

    def shadow(self, width: int, angle: float) -> pygame.Surface:
        """A soft card shadow: blurred once for a width, scaled for the in-between widths of a flight."""
        width = max(4, int(width))
        qa = round(angle)
        key = (width, qa)
        surf = self.shadows.get(key)
        if surf is not None:
            return surf
        upright = self.shadows.get((width, 0))
        if upright is None:
            nearest = min(self.blurred, key=lambda w: abs(w - width), default=None)
            if nearest is not None and abs(nearest - width) <= nearest * 0.6 and nearest != width:
                base = self.blurred.get(nearest)
                scale = width / nearest
                upright = pygame.transform.smoothscale(
                    base, (max(4, round(base.get_width() * scale)), max(4, round(base.get_height() * scale))))
            else:
                height = int(round(width * 1.4))
                upright = shapes.soft_shadow((width, height), card_radius(width), max(2, width // 18), 95)
                self.blurred.put(width, upright)
            self.shadows.put((width, 0), upright)
        surf = upright if not qa else pygame.transform.rotozoom(upright, qa, 1.0)
        return self.shadows.put(key, surf)

    def forget_faces(self) -> None:
        """Drop every cached face (backs and shadows stay): they are drawn afresh on demand."""
        self.base.discard_where(lambda key: key[3] is None)
        self.scaled.clear()
        self.rotated.clear()

    def prewarm(self, width: int, deck_look: str, codes) -> None:
        """Load every face at the layout's card width up front (no SVG is rendered mid-game).

        Faces of another style (colours or corner letters changed since) are dropped first.
        """
        style = (deck_look, self.letters())
        if self._face_style is not None and style != self._face_style:
            self.forget_faces()
        self._face_style = style
        for code in codes:
            self._load(code, width, deck_look, None)


class CardSprite:
    """One card on screen; ``card`` is its identity for matching across rebuilds (-1: a card the viewer cannot see)."""

    __slots__ = ("card", "code", "x", "y", "angle", "width", "face_up", "tween", "flip",
                 "flip_to", "zone", "z", "lift", "dim", "selected", "glow", "alpha", "dragging",
                 "remove_when_done", "index", "flying")

    def __init__(self, card: int, x: float, y: float, angle: float, width: float, face_up: bool, zone):
        self.card = card
        self.code = card_to_str(card) if card >= 0 else None
        self.x, self.y, self.angle, self.width = x, y, angle, width
        self.face_up = face_up
        self.tween: Tween | None = None
        self.flip: Tween | None = None
        self.flip_to = face_up
        self.zone = zone
        self.z = 0
        self.lift = 0.0
        self.dim = False
        self.selected = False
        self.glow = False
        self.alpha = 255
        self.dragging = False
        self.remove_when_done = False
        self.index = 0
        self.flying = False

    def conceal(self) -> None:
        """Become a card the viewer cannot see (one taken back into another player's hand)."""
        self.card, self.code = -1, None

    def reveal(self, card: int) -> None:
        """Become ``card``: a face-down card of another player's turns out to be the one they played."""
        self.card = card
        self.code = card_to_str(card)

    @property
    def busy(self) -> bool:
        return (self.tween is not None and not self.tween.done) or (self.flip is not None and not self.flip.done)

    @property
    def settled(self) -> bool:
        return self.tween is None or self.tween.done

    def move_to(self, x: float, y: float, angle: float, width: float, duration: float,
                delay: float = 0.0, easing=ease_out_cubic) -> None:
        if duration <= 0 and delay <= 0:
            self.tween = None
            self.x, self.y, self.angle, self.width = x, y, angle, width
            return
        self.tween = Tween((self.x, self.y, self.angle, self.width), (x, y, angle, width), duration,
                           easing, delay, angle_index=2)

    def set_face(self, face_up: bool, duration: float, delay: float = 0.0) -> None:
        if face_up == self.face_up and (self.flip is None or self.flip.done):
            self.flip_to = face_up
            return
        if duration <= 0:
            self.face_up = self.flip_to = face_up
            self.flip = None
            return
        self.flip_to = face_up
        self.flip = Tween((0.0,), (1.0,), duration, ease_in_out_quad, delay)

    def finish(self) -> None:
        if self.tween is not None:
            self.tween.finish()
            self.x, self.y, self.angle, self.width = self.tween.value()
            self.tween = None
        if self.flip is not None:
            self.face_up = self.flip_to
            self.flip = None

    def update(self, dt: float) -> None:
        if self.tween is not None:
            self.tween.update(dt)
            if not self.dragging:
                self.x, self.y, self.angle, self.width = self.tween.value()
            if self.tween.done:
                self.tween = None
        if self.flip is not None:
            self.flip.update(dt)
            if self.flip.progress >= 0.5:
                self.face_up = self.flip_to
            if self.flip.done:
                self.face_up = self.flip_to
                self.flip = None

    def contains(self, point, height_ratio: float = 1.4) -> bool:
        """Whether ``point`` is on the card (taking its rotation into account)."""
        px, py = point[0] - self.x, point[1] - (self.y - self.lift)
        a = math.radians(self.angle)
        lx = px * math.cos(a) - py * math.sin(a)
        ly = px * math.sin(a) + py * math.cos(a)
        return abs(lx) <= self.width / 2 and abs(ly) <= self.width * height_ratio / 2

    def draw(self, surface: pygame.Surface, images: CardImages, deck_look: str, back_style: str,
             base_widths: tuple, shadow: bool = True) -> pygame.Rect:
        moving = self.tween is not None
        # While a card flies its size and angle change every frame: coarser steps keep the caches warm.
        width = int(round(self.width / (6 if moving else 2)) * (6 if moving else 2))
        angle = round(self.angle / 2.0) * 2.0 if moving else self.angle
        code = self.code if self.face_up else None
        y = self.y - self.lift
        squeeze = 1.0
        if self.flip is not None and self.flip.progress > 0.0:
            squeeze = abs(1.0 - 2.0 * self.flip.progress)
        image = images.image(code, width, deck_look, back_style, base_widths, dim=self.dim and self.face_up)
        if squeeze < 0.999:
            image = pygame.transform.scale(image, (max(1, int(image.get_width() * squeeze)), image.get_height()))
            if abs(angle) > 0.25:
                image = pygame.transform.rotate(image, angle)
        else:
            image = images.rotate(image, (code, width, deck_look, back_style if code is None else None,
                                          self.dim and self.face_up,
                                          images.letters() if code is not None else None), angle)
        if shadow:
            lift_extra = self.lift * 0.35 + (width * 0.14 if self.dragging else 0)
            sh = images.shadow(width, angle)
            off = width * 0.035 + lift_extra
            surface.blit(sh, sh.get_rect(center=(self.x + off * 0.7, y + off)))
            if self.dragging:  # held up high: a second, darker shadow
                surface.blit(sh, sh.get_rect(center=(self.x + off * 0.5, y + off * 0.8)))
        rect = image.get_rect(center=(round(self.x), round(y)))
        if self.alpha < 255:
            image = image.copy()
            image.set_alpha(self.alpha)
        surface.blit(image, rect)
        return rect
