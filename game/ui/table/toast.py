"""The toast: a short message over the table, on one line or, when long, on two over the turn banner."""
from __future__ import annotations

import pygame

from ..look import shapes
from ..look.palette import GOLD, PANEL_WOOD, TOAST_PANEL, TOAST_RIM, TOAST_TEXT


def _placed(text_cache, text: str, lay, clear_left: int = 0):
    """The toast's words and where they go: one line above the banner, two lines over it (the
    centre of the table above holds the suit and its caption); right of ``clear_left`` (a lesson's
    panel stands at the left)."""
    size = int(lay.font_size * 1.0)
    room = lay.size[0] - clear_left - 2 * lay.margin - (lay.margin * 2 + 8) if clear_left else lay.size[0]
    img = toast_image(text_cache, text, size, min(int(lay.size[0] * 0.6), room))
    two_lines = img.get_height() > text_cache.render(text[:1] or " ", size, color=TOAST_TEXT, bold=True).get_height()
    rect = img.get_rect().inflate(lay.margin * 2 + 8, lay.margin + 8)
    banner_bottom = lay.hand_base_y - lay.card_h * 0.5 - lay.card_h * 0.22
    y = banner_bottom + lay.margin // 2 if two_lines else banner_bottom - lay.font_size * 3.4
    rect.midbottom = (lay.ring_center[0], int(y))
    if clear_left and rect.left < clear_left + lay.margin:
        rect.left = clear_left + lay.margin
    return img, rect, two_lines


def covers_banner(text_cache, effects, lay, clear_left: int = 0) -> bool:
    """Whether a two-line toast shows where the turn banner is (the banner waits under it)."""
    return effects.toast is not None and _placed(text_cache, effects.toast[0], lay, clear_left)[2]


def draw_toast(surface, text_cache, effects, lay, clear_left: int = 0) -> pygame.Rect | None:
    """The toast over the table (a refusal in red, a hint or notice in wood and gold), fading out, right
    of ``clear_left``; where it was drawn (None: no toast)."""
    if effects.toast is None:
        return None
    text, timer = effects.toast
    img, rect, _two_lines = _placed(text_cache, text, lay, clear_left)
    alpha = int(255 * min(1.0, timer.left / 0.4, timer.age / 0.12 if timer.age < 0.12 else 1.0))
    # A refusal is red; a hint, the tutor's or a note (the deck shown French) is the table's wood and gold.
    fill, rim = (PANEL_WOOD, GOLD) if effects.toast_kind in ("hint", "tutor", "note") else (TOAST_PANEL, TOAST_RIM)
    panel = shapes.rounded_panel(rect.size, min(rect.h // 2, lay.font_size), (*fill, 235), (*rim, 255), 2)
    if alpha < 255:
        panel = panel.copy()
        panel.set_alpha(alpha)
        img = img.copy()
        img.set_alpha(alpha)
    surface.blit(panel, rect)
    surface.blit(img, img.get_rect(center=rect.center))
    return rect


def toast_image(text_cache, text: str, size: int, max_width: int):
    """The toast's words on one line, or on two when one would have to shrink them (a long notice)."""
    if text_cache.render(text, size, color=TOAST_TEXT, bold=True).get_width() <= max_width:
        return text_cache.fit(text, size, max_width, color=TOAST_TEXT, bold=True)
    key = ("toast", text, size, max_width)
    cached = text_cache.cache.get(key)
    if cached is not None:
        return cached
    words = text.split()
    cut = min(range(1, len(words)), default=1,
              key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
    lines = [text_cache.fit(" ".join(part), size, max_width, color=TOAST_TEXT, bold=True)
             for part in (words[:cut], words[cut:]) if part]
    image = pygame.Surface((max(line.get_width() for line in lines),
                            sum(line.get_height() for line in lines)), pygame.SRCALPHA)
    y = 0
    for line in lines:
        image.blit(line, line.get_rect(midtop=(image.get_width() // 2, y)))
        y += line.get_height()
    return text_cache.cache.put(key, image)
