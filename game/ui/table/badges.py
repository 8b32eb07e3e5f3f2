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


BADGE_GAP = 8   # pixels between a badge and its name plate


def badge_side(lay: Layout, seat: int) -> int:
    """Which side of its name plate a seat's badge goes: the side nearer the middle of the table (a
    seat at the top centre: its right), so it never lands on the pile or a fan of cards."""
    plate = lay.seats[seat].plate
    return -1 if lay.ring_center[0] - plate.centerx < -plate.w // 4 else 1


def badge_anchor(lay: Layout, seat: int) -> tuple[int, int]:
    """The centre of a seat's played-card badge, beside its name plate."""
    plate = lay.seats[seat].plate
    side = badge_side(lay, seat)
    return plate.centerx + side * (plate.w // 2 + lay.small_w // 2 + BADGE_GAP), plate.centery


def badge_rect(lay: Layout, seat: int, size: tuple[int, int]) -> pygame.Rect:
    """Where a word badge of ``size`` goes: its near edge just beside the name plate on the side toward
    the middle, however long its words ("4 Strafkarten"), so it never covers the plate's avatar; where
    that would reach the pile, another plate, a fan of cards or the window's edge, below or above the
    plate, or on its other side."""
    plate = lay.seats[seat].plate
    side = badge_side(lay, seat)
    candidates = []
    # A seat across the top has its neighbours' plates close on both sides: its badge goes below it,
    # towards the middle of the table, where no other seat's badge goes.
    top_row = plate.bottom < lay.ring_center[1] - lay.card_h // 2 and not lay.seats[seat].bottom
    order = ("below", "beside", "above", "other side") if top_row else ("beside", "below", "above", "other side")
    for where in order:
        rect = pygame.Rect((0, 0), size)
        if where in ("beside", "other side"):
            toward = side if where == "beside" else -side
            if toward > 0:
                rect.midleft = (plate.right + BADGE_GAP, plate.centery)
            else:
                rect.midright = (plate.left - BADGE_GAP, plate.centery)
        elif where == "below":
            rect.midtop = (plate.centerx, plate.bottom + BADGE_GAP // 2 + plate.h // 8)  # clear of the level tab
        else:
            rect.midbottom = (plate.centerx, plate.top - BADGE_GAP // 2)
        candidates.append(rect)
        if _clear(lay, rect):
            return rect
    return candidates[0]


def _clear(lay: Layout, rect: pygame.Rect) -> bool:
    """Whether a badge at ``rect`` is whole on screen and covers no plate, fan, pile, stock, suit medallion
    or corner."""
    if not pygame.Rect((0, 0), lay.size).contains(rect):
        return False
    medallion = pygame.Rect(0, 0, lay.suit_radius * 2, lay.suit_radius * 2)
    medallion.center = lay.suit_center
    blocked = [lay.stock, lay.pile, medallion, lay.log_rect, lay.buttons_rect, lay.menu_button, lay.hint_button,
               lay.undo_button]
    for spot in lay.seats.values():
        blocked.append(spot.plate)
        fan = pygame.Rect(0, 0, int(spot.max_fan_width), spot.card_h)
        fan.center = (int(spot.center[0]), int(spot.center[1]))
        blocked.append(fan)
    return rect.collidelist(blocked) < 0


def flash_font_size(lay: Layout, seat: int) -> int:
    """The type size of a seat's rising words."""
    return max(12, int(lay.seats[seat].plate.h * 0.34))


def flash_size(lay: Layout, seat: int, words: str, text) -> tuple[int, int]:
    """The size of a seat's rising words on their pill."""
    word = text.render(words, flash_font_size(lay, seat), CREAM, bold=True)
    return word.get_width() + 20, word.get_height() + 6


def flash_rect(lay: Layout, seat: int, size: tuple[int, int], fraction: float) -> pygame.Rect:
    """Where a seat's rising words ("Skipped", "Last card!") stand with ``fraction`` of their time left: over
    the seat's cards (the person's: over their name plate), rising as they fade, but never past the window's
    edge (a seat at the top has little room above its cards) nor onto a name plate: where they would be, they
    rise only as far as is clear, or stand beside the seat's plate."""
    spot = lay.seats[seat]
    plate = spot.plate
    rise = int((1 - fraction) * plate.h * 0.5)
    inside = pygame.Rect((0, 0), lay.size).inflate(-lay.margin, -lay.margin)
    plates = [other.plate for other in lay.seats.values()]
    over = pygame.Rect((0, 0), size)
    over.midbottom = (plate.centerx, plate.top - 4 if spot.bottom else int(spot.center[1]))
    starts = [over]
    for side in (badge_side(lay, seat), -badge_side(lay, seat)):
        beside = pygame.Rect((0, 0), size)
        if side > 0:
            beside.midleft = (plate.right + BADGE_GAP, plate.centery)
        else:
            beside.midright = (plate.left - BADGE_GAP, plate.centery)
        starts.append(beside)
    for start in starts:
        for lift in range(rise, -1, -2):   # as high as they may rise without meeting a plate
            rect = start.move(0, -lift).clamp(inside)
            if rect.collidelist(plates) < 0:
                return rect
    return over.move(0, -rise).clamp(inside)


def draw_badges(surface, lay: Layout, view, text, images, deck_look: str, back_style: str) -> None:
    """Paint every seat's badge (the person's own too: being skipped is easy to miss)."""
    for seat, action in enumerate(view.last_actions):
        if action is None or seat not in lay.seats:
            continue
        if action.kind == "play":
            _draw_played(surface, lay, action, badge_anchor(lay, seat), images, deck_look, back_style)
        else:
            words, rim = badge_words(action)
            _draw_pill(surface, lay, seat, words, rim, text)


def _draw_played(surface, lay: Layout, action, center, images, deck_look: str, back_style: str) -> None:
    width = max(12, int(lay.small_w * 0.78))
    code = card_to_str(action.card)
    card = images.image(code, width, deck_look, back_style, (lay.card_w, lay.small_w))
    tilted = images.rotate(card, ("badge", code, width, deck_look, images.letters()), -6)
    surface.blit(tilted, tilted.get_rect(center=center))
    if action.suit is not None:  # the suit a wild card named, on a small disc at its corner
        radius = max(7, width // 4)
        disc_center = (center[0] + width // 2, center[1] - int(width * 0.6))
        pygame.draw.circle(surface, CREAM, disc_center, radius)
        pygame.draw.circle(surface, GOLD, disc_center, radius, max(1, radius // 5))
        icon = shapes.suit_sign(action.suit, int(radius * 1.3), deck_look)
        surface.blit(icon, icon.get_rect(center=disc_center))


def pill_size(lay: Layout, words: str, text) -> tuple[int, int]:
    """The size of a word badge."""
    label = text.render(words, pill_font_size(lay), CREAM, bold=True)
    return label.get_width() + 18, label.get_height() + 6


def pill_font_size(lay: Layout) -> int:
    return max(11, int(lay.font_size * 0.8))


def _draw_pill(surface, lay: Layout, seat: int, words: str, rim, text) -> None:
    label = text.render(words, pill_font_size(lay), CREAM, bold=True)
    rect = badge_rect(lay, seat, pill_size(lay, words, text))
    pill = shapes.rounded_panel(rect.size, rect.h // 2, (*FLASH_PILL, 225), (*rim[:3], 255), 2)
    surface.blit(pill, rect)
    surface.blit(label, label.get_rect(center=rect.center))

