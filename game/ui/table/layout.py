"""Where everything sits on the table, computed from the window size and the seats.

Pure geometry (pygame.Rect is only used as a value): the table recomputes a
``Layout`` whenever the window changes size, and sprites retarget to it.

Screen plan (the viewpoint seat, normally the human, sits at the bottom)::

    +---------------------------------------------------------------+
    | info                     opp  opp  opp                   menu |
    |      opp                                          opp         |
    |             +--------- direction ring ----------+             |
    |  opp        |  [stock]   [pile]+4   ( suit )    |        opp  |
    |             +-----------------------------------+             |
    | +------+                                          [you plate]  |
    | | log  |          your hand, fanned               [ Pass    ]  |
    | +------+                                          [ Stop!   ]  |
    +---------------------------------------------------------------+
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

CARD_RATIO = 7 / 5  # height / width of a card (250 x 350 art)


def clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


@dataclass
class SeatSpot:
    """One seat's place: its face-down fan (or the big hand at the bottom) and its name plate."""

    seat: int
    offset: int                 # 0 = bottom (viewpoint), then clockwise
    center: tuple[float, float]  # centre of the fan of cards
    plate: pygame.Rect
    card_w: int
    card_h: int
    max_fan_width: float
    bottom: bool = False


@dataclass
class Layout:
    size: tuple[int, int]
    seat_count: int
    view_seat: int
    has_human: bool
    card_w: int
    card_h: int
    small_w: int
    small_h: int
    margin: int
    font_size: int
    stock: pygame.Rect
    pile: pygame.Rect
    suit_center: tuple[int, int]
    suit_radius: int
    ring_center: tuple[int, int]
    ring_rx: int
    ring_ry: int
    penalty_center: tuple[int, int]
    hand_center_x: int
    hand_base_y: int
    hand_max_width: int
    hand_zone: pygame.Rect
    log_rect: pygame.Rect
    buttons_rect: pygame.Rect
    button_size: tuple[int, int]
    human_plate: pygame.Rect
    info_rect: pygame.Rect
    menu_button: pygame.Rect
    hint_button: pygame.Rect
    undo_button: pygame.Rect
    toast_center: tuple[int, int]
    seats: dict[int, SeatSpot] = field(default_factory=dict)

    # ----- the player's hand --------------------------------------------

    def hand_positions(self, count: int) -> list[tuple[float, float, float]]:
        """(centre x, centre y, angle in degrees) of each card of the player's fanned hand."""
        if count <= 0:
            return []
        cw = self.card_w
        if count == 1:
            spacing = 0.0
        else:
            spacing = min(cw * 0.66, (self.hand_max_width - cw) / (count - 1))
        width = spacing * (count - 1)
        spread = min(14.0, 2.2 * (count - 1))  # total fan angle
        sag = self.card_h * min(0.09, 0.012 * (count - 1))
        positions = []
        for i in range(count):
            rel = 0.0 if count == 1 else (i / (count - 1)) * 2 - 1  # -1 .. 1
            x = self.hand_center_x - width / 2 + spacing * i
            y = self.hand_base_y + sag * rel * rel
            angle = -spread / 2 * rel
            positions.append((x, y, angle))
        return positions

    # ----- an opponent's face-down fan ----------------------------------

    def fan_positions(self, seat: int, count: int) -> list[tuple[float, float, float]]:
        """(centre x, centre y, angle) of each face-down card of a seat's small fan."""
        spot = self.seats[seat]
        if count <= 0:
            return []
        cw = spot.card_w
        spacing = 0.0 if count == 1 else min(cw * 0.32, (spot.max_fan_width - cw) / (count - 1))
        width = spacing * (count - 1)
        spread = min(18.0, 3.0 * (count - 1))
        sag = spot.card_h * min(0.08, 0.015 * (count - 1))
        cx, cy = spot.center
        positions = []
        for i in range(count):
            rel = 0.0 if count == 1 else (i / (count - 1)) * 2 - 1
            positions.append((cx - width / 2 + spacing * i, cy + sag * rel * rel, -spread / 2 * rel))
        return positions

    def pile_positions(self, count: int, salt: int = 0) -> list[tuple[float, float, float]]:
        """A slightly messy stack: the last few discards, each nudged and turned a little.

        The offsets depend on the card's depth from the bottom of the pile so a
        card keeps its place as more cards land on it.
        """
        positions = []
        cx, cy = self.pile.center
        for depth in range(count):
            key = depth + salt
            jitter_x = ((key * 37) % 11 - 5) / 5.0
            jitter_y = ((key * 53) % 9 - 4) / 4.0
            angle = ((key * 71) % 15 - 7) * 1.3
            positions.append((cx + jitter_x * self.card_w * 0.07,
                              cy + jitter_y * self.card_h * 0.04, angle))
        return positions

    def stock_top(self, thickness: int) -> tuple[float, float]:
        """Centre of the top card of the stock (the stack rises as it gets thicker)."""
        cx, cy = self.stock.center
        lift = min(thickness, 6) * max(1.0, self.card_w / 80)
        return cx - lift * 0.5, cy - lift

    def seat_anchor(self, seat: int) -> tuple[float, float]:
        """Where cards fly from / to for a seat (centre of its fan or hand)."""
        spot = self.seats.get(seat)
        if spot is None:
            return self.pile.center
        return spot.center

    def ring_point(self, angle_deg: float) -> tuple[float, float]:
        a = math.radians(angle_deg)
        return (self.ring_center[0] + self.ring_rx * math.cos(a),
                self.ring_center[1] + self.ring_ry * math.sin(a))


def seat_angles(opponents: int) -> list[float]:
    """Angles (degrees, screen coordinates: 90 = bottom, 180 = left, 270 = top) for opponents, clockwise."""
    if opponents <= 0:
        return []
    if opponents == 1:
        return [270.0]
    span = min(210.0, 62.0 * (opponents - 1))
    first = 270.0 - span / 2
    return [first + span * i / (opponents - 1) for i in range(opponents)]


def compute_layout(size: tuple[int, int], seat_count: int, view_seat: int = 0,
                   has_human: bool = True) -> Layout:
    """Lay out a table for ``seat_count`` seats in a window of ``size``."""
    w, h = max(320, int(size[0])), max(240, int(size[1]))
    margin = int(clamp(min(w, h) * 0.018, 6, 22))
    card_h = int(clamp(min(h * 0.2, w * 0.125), 56, 260))
    card_w = int(round(card_h / CARD_RATIO))
    small_h = int(card_h * (0.56 if seat_count <= 4 else 0.5))
    small_w = int(round(small_h / CARD_RATIO))
    font_size = int(clamp(h * 0.026, 12, 26))

    # Corners: the log bottom-left, the action buttons bottom-right.
    log_w = int(clamp(w * 0.22, 170, 400))
    log_h = int(clamp(h * 0.24, 110, 260))
    log_rect = pygame.Rect(margin, h - margin - log_h, log_w, log_h)
    button_w = int(clamp(w * 0.14, 118, 230))
    button_h = int(clamp(h * 0.058, 30, 54))
    gap = max(4, margin // 2)
    buttons_h = button_h * 3 + gap * 2
    buttons_rect = pygame.Rect(w - margin - button_w, h - margin - buttons_h, button_w, buttons_h)
    plate_w = int(clamp(w * 0.155, 150, 260))
    plate_h = int(clamp(h * 0.085, 46, 76))
    human_plate = pygame.Rect(0, 0, max(plate_w, button_w), plate_h)
    human_plate.bottomright = (w - margin, buttons_rect.top - gap * 2)

    # The player's hand, centred between the corners.
    side = max(log_w, button_w, human_plate.w) + margin * 2
    hand_max_width = max(card_w * 2, w - 2 * side)
    hand_base_y = int(h - margin - card_h / 2 - card_h * 0.09)
    hand_zone = pygame.Rect(0, 0, hand_max_width + card_w, int(card_h * 1.5))
    hand_zone.midbottom = (w // 2, h)

    # The centre: stock, pile and the suit in force inside the direction ring.
    cx = w // 2
    cy = int(h * 0.43)
    suit_radius = int(card_h * 0.36)
    group_gap = int(card_w * 0.28)
    group_w = card_w * 2 + group_gap * 2 + suit_radius * 2
    left = cx - group_w // 2
    stock = pygame.Rect(left, 0, card_w, card_h)
    stock.centery = cy
    pile = pygame.Rect(stock.right + group_gap, 0, card_w, card_h)
    pile.centery = cy
    suit_center = (pile.right + group_gap + suit_radius, cy)
    ring_rx = int(group_w / 2 + card_w * 0.62)
    ring_ry = int(card_h * 0.8)
    penalty_center = (pile.right - int(card_w * 0.05), pile.top + int(card_h * 0.02))
    toast_center = (cx, min(cy + ring_ry + int(card_h * 0.28), hand_base_y - int(card_h * 0.78)))

    info_rect = pygame.Rect(margin, margin, int(clamp(w * 0.2, 180, 360)), int(font_size * 2.4))
    menu_button = pygame.Rect(0, 0, int(clamp(w * 0.09, 84, 150)), int(clamp(h * 0.05, 28, 46)))
    menu_button.topright = (w - margin, margin)
    # Hint and Undo stand under Menu, in the corner no seat uses.
    hint_button = menu_button.move(0, menu_button.h + gap)
    undo_button = hint_button.move(0, hint_button.h + gap)

    layout = Layout(
        size=(w, h), seat_count=seat_count, view_seat=view_seat, has_human=has_human,
        card_w=card_w, card_h=card_h, small_w=small_w, small_h=small_h, margin=margin,
        font_size=font_size, stock=stock, pile=pile, suit_center=suit_center,
        suit_radius=suit_radius, ring_center=(cx, cy), ring_rx=ring_rx, ring_ry=ring_ry,
        penalty_center=penalty_center, hand_center_x=w // 2, hand_base_y=hand_base_y,
        hand_max_width=int(hand_max_width), hand_zone=hand_zone, log_rect=log_rect,
        buttons_rect=buttons_rect, button_size=(button_w, button_h), human_plate=human_plate,
        info_rect=info_rect, menu_button=menu_button, hint_button=hint_button,
        undo_button=undo_button, toast_center=toast_center,
    )

    # Seats around an ellipse; the viewpoint seat at the bottom, the rest clockwise.
    rx = w * 0.385
    ry = h * 0.36
    fan_max = clamp(w * (0.2 if seat_count <= 4 else 0.15), small_w * 2.2, 320)
    opponents = seat_count - 1
    for offset, angle in enumerate(seat_angles(opponents), start=1):
        seat = (view_seat + offset) % seat_count
        a = math.radians(angle)
        x = cx + rx * math.cos(a)
        y = cy + ry * math.sin(a)
        # Keep the whole block (fan + plate) on screen and above the bottom corners.
        block_h = small_h + plate_h + gap
        half_w = max(plate_w, fan_max) / 2
        x = clamp(x, margin + half_w, w - margin - half_w)
        y = clamp(y, margin + small_h / 2 + small_h * 0.1, h - margin - block_h)
        plate = pygame.Rect(0, 0, plate_w, plate_h)
        plate.midtop = (int(x), int(y + small_h / 2 + gap))
        layout.seats[seat] = SeatSpot(seat, offset, (x, y), plate, small_w, small_h, fan_max)
    if has_human:
        plate = human_plate.copy()
        layout.seats[view_seat] = SeatSpot(
            view_seat, 0, (w / 2, hand_base_y), plate, card_w, card_h, hand_max_width, bottom=True)
    else:
        plate = pygame.Rect(0, 0, plate_w, plate_h)
        y = h - margin - plate_h - gap - small_h / 2
        plate.midtop = (w // 2, int(y + small_h / 2 + gap))
        layout.seats[view_seat] = SeatSpot(view_seat, 0, (w / 2, y), plate, small_w, small_h, fan_max)
    return layout
