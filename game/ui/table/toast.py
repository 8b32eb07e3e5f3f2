"""The toast: a short message over the table, on one line or, when long, on two."""
from __future__ import annotations

import pygame

from ..look import shapes
from ..look.palette import GOLD, PANEL_WOOD, TOAST_PANEL, TOAST_RIM, TOAST_TEXT


def draw_toast(surface, text_cache, effects, lay) -> None:
    """The toast over the table (a refusal in red, a hint or notice in wood and gold), fading out."""
    if effects.toast is None:
        return
    text, timer = effects.toast
    img = toast_image(text_cache, text, int(lay.font_size * 1.0), int(lay.size[0] * 0.6))
    rect = img.get_rect()
    rect.inflate_ip(lay.margin * 2 + 8, lay.margin + 8)
    y = lay.hand_base_y - lay.card_h * 0.5 - lay.card_h * 0.22 - lay.font_size * 3.4
    rect.midbottom = (lay.ring_center[0], int(y))
    alpha = int(255 * min(1.0, timer.left / 0.4, timer.age / 0.12 if timer.age < 0.12 else 1.0))
    # A refusal is red; a hint is the table's wood and gold.
    fill, rim = (PANEL_WOOD, GOLD) if effects.toast_kind == "hint" else (TOAST_PANEL, TOAST_RIM)
    panel = shapes.rounded_panel(rect.size, rect.h // 2, (*fill, 235), (*rim, 255), 2)
    if alpha < 255:
        panel = panel.copy()
        panel.set_alpha(alpha)
        img = img.copy()
        img.set_alpha(alpha)
    surface.blit(panel, rect)
    surface.blit(img, img.get_rect(center=rect.center))


def toast_image(text_cache, text: str, size: int, max_width: int):
    """The toast's words on one line, or on two when one would have to shrink them (a long notice)."""
    if text_cache.render(text, size, color=TOAST_TEXT, bold=True).get_width() <= max_width:
        return text_cache.fit(text, size, max_width, color=TOAST_TEXT, bold=True)
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
    return image
