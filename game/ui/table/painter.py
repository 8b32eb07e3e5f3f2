"""How the table looks: everything ``TableScene.draw`` paints (it never changes state).

A mixin of :class:`~game.ui.table.table.TableScene`: the felt, the direction
ring, the suit in force, the stock, the seats' name plates, the cards, the
penalty badge, the move log, the "your turn" banner and the toasts.
"""
from __future__ import annotations

import math

import pygame

from ..look import shapes
from ..look.palette import LEVEL_COLORS, SEAT_COLORS
from .layout import Layout, compute_layout
from .sprites import CardSprite
from .suit_chooser import suit_label

from game.ui.i18n import _, ngettext

HUMAN = "human"


def level_label(kind: str) -> str:
    return {"easy": _("Easy"), "medium": _("Medium"), "hard": _("Hard"), HUMAN: _("You")}.get(kind, kind.title())


class TablePainter:
    """The drawing half of the table scene."""


    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        if lay is None or lay.size != surface.get_size():
            lay = compute_layout(surface.get_size(), self.match.rules.players, self.view_seat,
                                 self.human is not None)
        surface.blit(shapes.felt_background(lay.size), (0, 0))
        self._draw_ring(surface, lay)
        self._draw_suit(surface, lay)
        self._draw_stock(surface, lay)
        self._draw_seats(surface, lay)
        self._draw_banner(surface, lay)
        self._draw_sprites(surface, lay)
        self._draw_penalty(surface, lay)
        self._draw_flash_labels(surface, lay)
        self._draw_log(surface, lay)
        self._draw_toast(surface, lay)
        if self.drag is not None and self.drag.moved:
            self._draw_sprite(surface, self.drag.sprite, lay)
        if self.chooser is not None:
            card = self.images.image(self.chooser.card_code, self.chooser.card_rect.w, self.four_color,
                                     self.back_style, (lay.card_w, lay.small_w))
            self.chooser.draw(surface, self.text, card)

    # ----- the centre -------------------------------------------------------------

    def _draw_ring(self, surface, lay: Layout) -> None:
        cx, cy = lay.ring_center
        rx, ry = lay.ring_rx, lay.ring_ry
        direction = self.match.hand.direction
        color = (112, 178, 128)
        dashes = 44
        for i in range(dashes):
            a0 = math.radians(self.ring_angle + i * 360.0 / dashes)
            a1 = math.radians(self.ring_angle + (i + 0.55) * 360.0 / dashes)
            p0 = (cx + rx * math.cos(a0), cy + ry * math.sin(a0))
            p1 = (cx + rx * math.cos(a1), cy + ry * math.sin(a1))
            pygame.draw.line(surface, color, p0, p1, max(2, lay.card_h // 60))
        size = max(10, int(lay.card_h * 0.13))
        for k in range(4):
            a = self.ring_angle + k * 90.0 + 20.0
            rad = math.radians(a)
            tip = (cx + rx * math.cos(rad), cy + ry * math.sin(rad))
            tx, ty = -rx * math.sin(rad) * direction, ry * math.cos(rad) * direction
            heading = math.degrees(math.atan2(ty, tx))
            hr = math.radians(heading)
            back = (tip[0] + math.cos(hr) * size * 0.12, tip[1] + math.sin(hr) * size * 0.12)
            shapes.arrowhead(surface, back, heading, size * 1.3, (16, 48, 28))
            shapes.arrowhead(surface, tip, heading, size, shapes.GOLD)

    def _draw_suit(self, surface, lay: Layout) -> None:
        hand = self.match.hand
        suit = hand.suit
        if suit > 3:
            return
        cx, cy = lay.suit_center
        r = lay.suit_radius
        pulse = 0.0
        if self.suit_pulse.active:
            pulse = math.sin(math.pi * self.suit_pulse.age / self.suit_pulse.duration * 3) * self.suit_pulse.fraction
        glow = shapes.radial_glow(int(r * 1.7), shapes.GOLD if hand.nominated else (255, 255, 255),
                                  150 if hand.nominated else 70)
        surface.blit(glow, glow.get_rect(center=(cx, cy)))
        disc = shapes.rounded_panel((r * 2, r * 2), r, (250, 244, 230, 255),
                                    (*(shapes.GOLD if hand.nominated else (190, 170, 130)), 255), 3)
        surface.blit(disc, disc.get_rect(center=(cx, cy)))
        icon_size = int(r * 1.25 * (1.0 + 0.12 * pulse))
        icon = shapes.suit_icon(suit, icon_size, shapes.suit_color(suit, self.four_color))
        surface.blit(icon, icon.get_rect(center=(cx, cy)))
        label = self.text.render(suit_label(suit), max(12, int(lay.font_size * 1.05)), shapes.CREAM, bold=True,
                                 shadow=True)
        surface.blit(label, label.get_rect(midtop=(cx, cy + r + 4)))
        if hand.nominated:
            text = (_("named by {name}").format(name=self.names[self.named_by]) if self.named_by is not None
                    else _("named"))
            named = self.text.render(text, max(10, int(lay.font_size * 0.78)), shapes.GOLD, shadow=True)
            surface.blit(named, named.get_rect(midtop=(cx, cy + r + 4 + label.get_height())))

    def _draw_stock(self, surface, lay: Layout) -> None:
        count = len(self.match.hand.stock)
        rect = lay.stock
        if count == 0:
            pygame.draw.rect(surface, (120, 170, 130), rect, width=2, border_radius=max(3, lay.card_w // 14))
            empty = self.text.render(_("Empty"), lay.font_size, (170, 210, 180))
            surface.blit(empty, empty.get_rect(center=rect.center))
        else:
            layers = min(count, 7)
            step = max(1.0, lay.card_w / 80)
            base_widths = (lay.card_w, lay.small_w)
            back = self.images.image(None, lay.card_w, False, self.back_style, base_widths)
            shadow = self.images.shadow(lay.card_w, 0)
            surface.blit(shadow, shadow.get_rect(center=(rect.centerx + 3, rect.centery + 5)))
            for i in range(layers):
                surface.blit(back, back.get_rect(center=(rect.centerx - i * step * 0.5, rect.centery - i * step)))
            if "draw" in self.legal_kinds() and not any(m.kind == "play" for m in self.legal_moves()):
                top = pygame.Rect(0, 0, lay.card_w, lay.card_h)
                top.center = (rect.centerx - (layers - 1) * step * 0.5, rect.centery - (layers - 1) * step)
                glow = shapes.glow_frame(top.size, max(3, lay.card_w // 14), shapes.GOLD, max(6, lay.card_w // 10))
                alpha = int(150 + 105 * (0.5 + 0.5 * math.sin(self.time * 5)))
                glow = glow.copy()
                glow.set_alpha(alpha)
                surface.blit(glow, glow.get_rect(center=top.center))
        # The count as a small pill on the stock's lower edge.
        label = self.text.render(str(count), max(11, int(lay.font_size * 0.85)), shapes.CREAM, bold=True)
        pill = pygame.Rect(0, 0, max(label.get_width() + 16, label.get_height() + 8), label.get_height() + 4)
        pill.center = (rect.centerx, rect.bottom)
        surface.blit(shapes.rounded_panel(pill.size, pill.h // 2, (36, 22, 12, 235), (217, 174, 76, 255), 1), pill)
        surface.blit(label, label.get_rect(center=pill.center))

    def _draw_penalty(self, surface, lay: Layout) -> None:
        hand = self.match.hand
        if hand.over:
            return
        if hand.pending:
            text = f"+{hand.pending}"
            color = (206, 40, 46)
        elif hand.pending_skips:
            text = _("Skip ×{count}").format(count=hand.pending_skips)
            color = (214, 120, 30)
        else:
            return
        pop = 1.0
        if self.penalty_pop.active:
            pop = 1.0 + 0.35 * math.sin(math.pi * (1 - self.penalty_pop.fraction))
        r = int(lay.card_h * 0.2 * pop)
        cx, cy = lay.penalty_center
        shadow = shapes.soft_shadow((r * 2, r * 2), r, max(2, r // 5), 120)
        surface.blit(shadow, shadow.get_rect(center=(cx + 2, cy + 4)))
        pygame.draw.circle(surface, color, (cx, cy), r)
        pygame.draw.circle(surface, (255, 235, 200), (cx, cy), r, max(2, r // 10))
        label = self.text.fit(text, int(r * 0.95), int(r * 1.7), color=(255, 255, 255), bold=True)
        surface.blit(label, label.get_rect(center=(cx, cy)))

    # ----- seats ---------------------------------------------------------------------

    def _draw_seats(self, surface, lay: Layout) -> None:
        match = self.match
        current = match.current_seat if not (match.hand.over or match.over) else None
        thinking = self.ai_thinking_seat()
        for seat, spot in lay.seats.items():
            active = seat == current
            in_hand = seat in match.seats
            if active and not spot.bottom:
                glow = shapes.radial_glow(int(max(spot.max_fan_width * 0.55, spot.card_h)), shapes.GOLD, 90)
                surface.blit(glow, glow.get_rect(center=spot.center))
            self._draw_plate(surface, lay, seat, spot.plate, active, in_hand, thinking == seat)

    def _draw_plate(self, surface, lay: Layout, seat: int, rect: pygame.Rect, active: bool, in_hand: bool,
                    thinking: bool) -> None:
        radius = max(8, rect.h // 4)
        if active:
            glow = shapes.glow_frame(rect.size, radius, shapes.GOLD, max(6, rect.h // 7))
            surface.blit(glow, glow.get_rect(center=rect.center))
        shadow = shapes.soft_shadow(rect.size, radius, max(3, rect.h // 12), 120)
        surface.blit(shadow, shadow.get_rect(center=(rect.centerx + 2, rect.centery + 4)))
        fill = (44, 28, 15, 236) if in_hand else (40, 36, 32, 200)
        border = (*shapes.GOLD, 255) if active else (150, 118, 62, 255)
        surface.blit(shapes.rounded_panel(rect.size, radius, fill, border, 2 if active else 1, True), rect)
        pad = max(4, rect.h // 8)
        # Avatar: a coloured disc with the initial.
        ar = (rect.h - pad * 2) // 2
        acx, acy = rect.left + pad + ar, rect.centery
        color = SEAT_COLORS[seat % len(SEAT_COLORS)] if in_hand else (90, 90, 90)
        pygame.draw.circle(surface, (20, 12, 6), (acx, acy + 1), ar + 1)
        pygame.draw.circle(surface, color, (acx, acy), ar)
        pygame.draw.circle(surface, (255, 240, 200) if active else (220, 200, 160), (acx, acy), ar, 2)
        name = self.names[seat]
        initial = self.text.render(name[:1].upper(), int(ar * 1.15), (255, 255, 255), bold=True, shadow=True)
        surface.blit(initial, initial.get_rect(center=(acx, acy)))
        # Name, and the level as a tab on the top edge (computer players only).
        x0 = acx + ar + pad
        inner_w = rect.right - pad - x0
        fs = max(11, int(rect.h * 0.3))
        kind = self.kind(seat)
        if kind != HUMAN:
            badge = self.text.render(level_label(kind), max(9, int(fs * 0.66)), (255, 255, 255), bold=True)
            bw, bh = badge.get_width() + 12, badge.get_height() + 2
            brect = pygame.Rect(0, 0, bw, bh)
            brect.midright = (rect.right - radius, rect.bottom)
            surface.blit(shapes.rounded_panel(brect.size, bh // 2, (*LEVEL_COLORS.get(kind, (120, 120, 120)), 255),
                                              (30, 18, 8, 255), 1), brect)
            surface.blit(badge, badge.get_rect(center=brect.center))
        name_img = self.text.fit(name, fs, max(20, inner_w - (rect.h // 16 + 2) * 8), color=shapes.CREAM,
                                 bold=True)
        top = rect.top + pad - 1
        surface.blit(name_img, (x0, top))
        # Cards and points.
        total = self.match.totals[seat]
        if not in_hand:
            line = _("Out") if self.match.eliminated[seat] else _("Sitting out")
            info = self.text.render(line, max(10, int(fs * 0.85)), (200, 180, 150))
        else:
            cards = len(self.hand_cards(seat))
            line = ngettext("{count} card", "{count} cards", cards).format(count=cards)
            line += "  ·  " + ngettext("{points} pt", "{points} pts", total).format(points=total)
            info = self.text.fit(line, max(10, int(fs * 0.85)), inner_w, color=(226, 212, 180))
        surface.blit(info, (x0, rect.bottom - pad - info.get_height() + 1))
        if thinking:
            dot_r = max(2, rect.h // 16)
            bx = rect.right - pad - dot_r * 7
            by = top + name_img.get_height() // 2 + dot_r
            for i in range(3):
                bounce = max(0.0, math.sin(self.time * 7.0 - i * 0.9))
                pygame.draw.circle(surface, shapes.GOLD, (bx + i * dot_r * 3, by - bounce * dot_r * 2), dot_r)
        flash = self.flashes.get(seat)
        if flash is not None:
            _text, timer, fcolor = flash
            tint = shapes.rounded_panel(rect.size, radius, (*fcolor, int(90 * timer.fraction)))
            surface.blit(tint, rect)

    def _draw_flash_labels(self, surface, lay: Layout) -> None:
        """Words rising from a seat ("Skipped", "Last card!"), above the cards."""
        for seat, (text, timer, color) in self.flashes.items():
            spot = lay.seats.get(seat)
            if spot is None:
                continue
            rect = spot.plate
            word = self.text.render(text, max(12, int(rect.h * 0.34)), color, bold=True)
            pill = shapes.rounded_panel((word.get_width() + 20, word.get_height() + 6), (word.get_height() + 6) // 2,
                                        (28, 16, 8, 230), (*color[:3], 255), 2).copy()
            pill.blit(word, word.get_rect(center=(pill.get_width() // 2, pill.get_height() // 2)))
            pill.set_alpha(int(255 * min(1.0, timer.fraction * 3)))
            rise = int((1 - timer.fraction) * rect.h * 0.5)
            anchor_y = rect.top - 4 if spot.bottom else int(spot.center[1])
            surface.blit(pill, pill.get_rect(midbottom=(rect.centerx, anchor_y - rise)))

    # ----- cards -------------------------------------------------------------------

    def _draw_sprites(self, surface, lay: Layout) -> None:
        dragged = self.drag.sprite if self.drag is not None and self.drag.moved else None
        order = sorted(self.sprites, key=lambda s: s.z + (3000 if s.flying else 0))
        for sprite in order:
            if sprite is dragged:
                continue
            self._draw_sprite(surface, sprite, lay)

    def _draw_sprite(self, surface, sprite: CardSprite, lay: Layout) -> None:
        base_widths = (lay.card_w, lay.small_w)
        if sprite.selected and not sprite.dragging:
            w = int(sprite.width)
            glow = shapes.glow_frame((w, int(w * 1.4)), max(3, w // 14), shapes.GOLD, max(5, w // 12))
            glow = self.images.rotate(glow, ("glow", w), sprite.angle)
            surface.blit(glow, glow.get_rect(center=(sprite.x, sprite.y - sprite.lift)))
        # Cards waiting on the stock to be dealt would stack their shadows into a black block.
        waiting = sprite.tween is not None and not sprite.tween.started
        sprite.draw(surface, self.images, self.four_color, self.back_style, base_widths, shadow=not waiting)

    # ----- text panels -----------------------------------------------------------------

    def match_caption(self) -> str:
        """Where the match stands, in a few words ("Hand 2 · game ends at 100")."""
        rules = self.match.rules
        number = self.match.hand_number
        if self.match.sudden_death_seats is not None:
            return _("Hand {number} · sudden death!").format(number=number)
        if rules.match_end == "fixed_hands":
            return _("Hand {number} of {total}").format(number=number, total=rules.fixed_hands)
        if rules.match_end == "single_hand":
            return _("One hand decides")
        if rules.match_end == "target_wins":
            return _("Hand {number} · first to {target} wins").format(number=number, target=rules.target)
        if rules.match_end == "elimination":
            return _("Hand {number} · over {target} is out").format(number=number, target=rules.target)
        return _("Hand {number} · game ends at {target}").format(number=number, target=rules.target)

    def _draw_log(self, surface, lay: Layout) -> None:
        rect = lay.log_rect
        radius = max(8, lay.margin)
        surface.blit(shapes.rounded_panel(rect.size, radius, (10, 28, 18, 190), (120, 100, 60, 200), 1), rect)
        fs = max(11, int(lay.font_size * 0.82))
        pad = max(6, lay.margin // 2 + 2)
        heading = self.text.fit(self.match.rules.name, fs, rect.w - pad * 2, color=shapes.GOLD, bold=True)
        surface.blit(heading, (rect.left + pad, rect.top + pad - 2))
        caption = self.text.fit(self.match_caption(), max(10, int(fs * 0.9)), rect.w - pad * 2,
                                color=(200, 214, 196))
        surface.blit(caption, (rect.left + pad, rect.top + pad - 2 + heading.get_height()))
        heading_h = heading.get_height() + caption.get_height() + 4
        pygame.draw.line(surface, (120, 100, 60), (rect.left + pad, rect.top + pad + heading_h - 2),
                         (rect.right - pad, rect.top + pad + heading_h - 2))
        line_h = int(fs * 1.45)
        top = rect.top + pad + heading_h + 2
        room = max(1, (rect.bottom - pad - top) // line_h)
        lines = list(self.log)[-room:]
        y = rect.bottom - pad - line_h * len(lines)
        for i, line in enumerate(lines):
            age = len(lines) - 1 - i
            color = (246, 238, 220) if age == 0 else (206, 214, 200) if age < 3 else (160, 176, 160)
            image = self._log_line(line, fs, color, rect.w - pad * 2)
            surface.blit(image, (rect.left + pad, y + (line_h - image.get_height()) // 2))
            y += line_h

    def _log_line(self, line: str, size: int, color, max_width: int) -> pygame.Surface:
        """A log line with card codes drawn as rank + suit shape."""
        key = ("logline", line, size, color, max_width, self.four_color)
        cached = self.text.cache.get(key)
        if cached is not None:
            return cached
        parts = []
        for word in line.split(" "):
            code = word.rstrip(",.!")
            tail = word[len(code):]
            if len(code) in (2, 3) and code[-1] in "CDHS" and code[:-1] in (
                    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"):
                suit = "CDHS".index(code[-1])
                ink = shapes.suit_color(suit, self.four_color, light=True)
                if ink == shapes.RED:
                    ink = (255, 120, 120)
                parts.append(("card", code[:-1], suit, ink, tail))
            else:
                parts.append(("text", word))
        space = self.text.render(" ", size, color).get_width()
        images = []
        for part in parts:
            if part[0] == "text":
                images.append(self.text.render(part[1], size, color))
            else:
                _kind, rank, suit, ink, tail = part
                rank_img = self.text.render(rank, size, ink, bold=True)
                icon = shapes.suit_icon(suit, int(size * 0.95), ink)
                tail_img = self.text.render(tail, size, color) if tail else None
                w = rank_img.get_width() + icon.get_width() + (tail_img.get_width() if tail_img else 0)
                h = rank_img.get_height()
                chip = pygame.Surface((w, h), pygame.SRCALPHA)
                chip.blit(rank_img, (0, 0))
                chip.blit(icon, (rank_img.get_width(), (h - icon.get_height()) // 2))
                if tail_img:
                    chip.blit(tail_img, (rank_img.get_width() + icon.get_width(), 0))
                images.append(chip)
        width = sum(i.get_width() for i in images) + space * max(0, len(images) - 1)
        height = max((i.get_height() for i in images), default=size)
        surf = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
        x = 0
        for image in images:
            surf.blit(image, (x, (height - image.get_height()) // 2))
            x += image.get_width() + space
        if width > max_width:
            surf = pygame.transform.smoothscale(surf, (max_width, max(1, int(height * max_width / width))))
        return self.text.cache.put(key, surf)

    def _banner_text(self) -> tuple[str, str] | None:
        if self.human is None or self.chooser is not None:
            return None
        m = self.match
        if m.over or m.hand.over:
            return None
        if not self.human_turn():
            return None
        hand = m.hand
        kinds = self.legal_kinds()
        plays = any(k == "play" for k in kinds)
        if hand.pending:
            hint = (_("Answer the +{count} or click the stock to pick up").format(count=hand.pending)
                    if plays else _("Click the stock to pick up {count}").format(count=hand.pending))
        elif hand.pending_skips:
            hint = _("Play a skip card or pass")
        elif hand.phase == 1 and "pass" in kinds:
            hint = _("Play the card you drew, or pass") if plays else _("No luck: pass")
        elif plays:
            hint = _("Drag a card onto the pile, or click it")
        elif "draw" in kinds:
            hint = _("No card fits: click the stock to draw")
        else:
            hint = _("Pass")
        return _("Your turn"), hint

    def _draw_banner(self, surface, lay: Layout) -> None:
        banner = self._banner_text()
        if banner is None:
            return
        title, hint = banner
        y = lay.hand_base_y - lay.card_h * 0.5 - lay.card_h * 0.22
        pulse = 0.5 + 0.5 * math.sin(self.time * 3.0)
        t_img = self.text.render(title, int(lay.font_size * 1.15), shapes.GOLD, bold=True, shadow=True)
        h_img = self.text.render(hint, int(lay.font_size * 0.85), (236, 232, 214), shadow=True)
        w = max(t_img.get_width(), h_img.get_width()) + lay.margin * 2
        h = t_img.get_height() + h_img.get_height() + 6
        rect = pygame.Rect(0, 0, w, h)
        rect.midbottom = (lay.hand_center_x, int(y))
        panel = shapes.rounded_panel(rect.size, rect.h // 3, (20, 14, 8, 150 + int(40 * pulse)))
        surface.blit(panel, rect)
        surface.blit(t_img, t_img.get_rect(midtop=(rect.centerx, rect.top + 2)))
        surface.blit(h_img, h_img.get_rect(midbottom=(rect.centerx, rect.bottom - 3)))

    def _draw_toast(self, surface, lay: Layout) -> None:
        if self.toast is None:
            return
        text, timer = self.toast
        fs = int(lay.font_size * 1.0)
        img = self.text.fit(text, fs, int(lay.size[0] * 0.6), color=(255, 240, 220), bold=True)
        rect = img.get_rect()
        rect.inflate_ip(lay.margin * 2 + 8, lay.margin + 8)
        y = lay.hand_base_y - lay.card_h * 0.5 - lay.card_h * 0.22 - lay.font_size * 3.4
        rect.midbottom = (lay.ring_center[0], int(y))
        alpha = int(255 * min(1.0, timer.left / 0.4, timer.age / 0.12 if timer.age < 0.12 else 1.0))
        panel = shapes.rounded_panel(rect.size, rect.h // 2, (58, 16, 12, 235), (255, 138, 112, 255), 2)
        if alpha < 255:
            panel = panel.copy()
            panel.set_alpha(alpha)
            img = img.copy()
            img.set_alpha(alpha)
        surface.blit(panel, rect)
        surface.blit(img, img.get_rect(center=rect.center))
