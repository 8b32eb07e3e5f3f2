"""Badges by the seats: what each player last did (the card played, the suit named, a draw, a pass),
or what last happened to them (skipped, a penalty picked up), until their next turn.

They answer "what did the computer just do?" at a glance, long after the log line has scrolled on.
"""
from __future__ import annotations

import pygame

from game.rules import card_to_str
from game.ui.i18n import _, ngettext

from ..look import shapes
from ..look.palette import CREAM, FLASH_PILL, GOLD, LIGHT_GREY, PLATE_RIM, WARNING_RED
from .layout import Layout


def badge_words(action) -> tuple[str, tuple] | None:
    """The words and rim colour of a badge that is text only (None for a played card)."""
    if action.kind == "draw":
        return ngettext("Drew {count}", "Drew {count}", action.count).format(count=action.count), PLATE_RIM
    if action.kind == "pass":
        return _("Passed"), LIGHT_GREY
    if action.kind == "skipped":
        return _("Skipped"), WARNING_RED
    if action.kind == "penalty":
        return ngettext("Picked up {count}", "Picked up {count}", action.count).format(count=action.count), WARNING_RED
    return None


def badge_anchor(lay: Layout, seat: int) -> tuple[int, int]:
    """Where a seat's badge goes: just beside its name plate, on the side nearer the middle of the
    table (a seat at the top centre: its right), so it never lands on the pile or a fan of cards."""
    plate = lay.seats[seat].plate
    dx = lay.ring_center[0] - plate.centerx
    side = -1 if dx < -plate.w // 4 else 1
    return plate.centerx + side * (plate.w // 2 + lay.small_w // 2 + 8), plate.centery


def draw_badges(surface, lay: Layout, view, text, images, four_color: bool, back_style: str) -> None:
    """Paint every seat's badge (the person's own too: being skipped is easy to miss)."""
    for seat, action in enumerate(view.last_actions):
        if action is None or seat not in lay.seats:
            continue
        x, y = badge_anchor(lay, seat)
        if action.kind == "play":
            _draw_played(surface, lay, action, (x, y), images, four_color, back_style)
        else:
            words, rim = badge_words(action)
            _draw_pill(surface, lay, words, rim, (x, y), text)


def _draw_played(surface, lay: Layout, action, center, images, four_color: bool, back_style: str) -> None:
    width = max(12, int(lay.small_w * 0.78))
    code = card_to_str(action.card)
    card = images.image(code, width, four_color, back_style, (lay.card_w, lay.small_w))
    tilted = images.rotate(card, ("badge", code, width, four_color, images.letters()), -6)
    surface.blit(tilted, tilted.get_rect(center=center))
    if action.suit is not None:  # the suit a wild card named, on a small disc at its corner
        radius = max(7, width // 4)
        disc_center = (center[0] + width // 2, center[1] - int(width * 0.6))
        pygame.draw.circle(surface, CREAM, disc_center, radius)
        pygame.draw.circle(surface, GOLD, disc_center, radius, max(1, radius // 5))
        icon = shapes.suit_icon(action.suit, int(radius * 1.3), shapes.suit_color(action.suit, four_color))
        surface.blit(icon, icon.get_rect(center=disc_center))


def _draw_pill(surface, lay: Layout, words: str, rim, center, text) -> None:
    size = max(11, int(lay.font_size * 0.8))
    label = text.render(words, size, CREAM, bold=True)
    w, h = label.get_width() + 18, label.get_height() + 6
    pill = shapes.rounded_panel((w, h), h // 2, (*FLASH_PILL, 225), (*rim[:3], 255), 2)
    rect = pill.get_rect(center=(int(center[0]), int(center[1])))
    surface.blit(pill, rect)
    surface.blit(label, label.get_rect(center=rect.center))

