"""How the table looks: everything the table scene paints (drawing never changes state).

``TablePainter(scene).draw(surface)`` paints the felt, the direction ring,
the suit in force, the stock, the seats' name plates, the cards, the penalty
badge, the move log, the "your turn" banner and the toasts, from the
session's view and the scene's board, effects and input.
"""
from __future__ import annotations

import math

import pygame

from game.rules import MoveKind

from ..look import shapes
from ..look.palette import (ARROW_SHADOW, BADGE_RIM, BANNER_HINT, CREAM, EBONY, EMPTY_STOCK_LINE,
                            EMPTY_STOCK_TEXT, FELT_LINE, FLASH_PILL, GOLD, IDLE_GREY, LEVEL_COLORS,
                            LOG_CAPTION, LOG_NEWEST, LOG_OLDER, LOG_PANEL, LOG_RECENT, LOG_RULE,
                            OUTLINE_BROWN, PANEL_WOOD, PENALTY_RED, PLATE_IDLE, PLATE_RIM, PLATE_WOOD,
                            SEAT_AVATAR_RING, SEAT_AVATAR_RING_ACTIVE, SEAT_COLORS, SEAT_INFO, SEAT_INFO_IDLE,
                            SKIP_ORANGE, SUIT_DISC, SUIT_DISC_RIM, UNKNOWN_LEVEL,
                            WHITE)
from ..deck_looks import CLASSIC, shown_deck_look
from ..scene import FULL_FPS
from .animation import speed_factor
from .badges import draw_badges, flash_font_size, flash_rect
from .layout import Layout
from ..look.wrap import wrap_words
from ..safe_text import safe_text
from .log_lines import log_line, log_rows
from .sprites import CardSprite
from .suit_chooser import suit_label
from .toast import covers_banner, draw_toast

from game.session import HUMAN
from game.ui import i18n
from game.ui.i18n import _, level_name, ngettext

#: The most of a game's name the log's heading shows (a record may name its rules at length).
MAX_GAME_NAME_CHARACTERS = 48


class PaintedTable:
    """What a scene the painter draws (the table, the replay) tells it from the app and the window:
    fonts, the layout, the animation pace and the deck's look. Needs ``self.app`` and ``self.board``."""

    def _font(self, size: int, bold: bool = False):
        try:
            return self.app.assets.font(size, bold)
        except Exception:  # a missing font file must not stop the table: pygame's own font stands in
            font = pygame.font.Font(None, int(size * 1.3))
            font.set_bold(bold)
            return font

    @property
    def layout(self):
        """The table's layout for the current window size."""
        return self.board.layout

    @property
    def speed(self) -> float:
        """The animation duration multiplier (0 when animations are off)."""
        return speed_factor(self.app.settings.animation_speed)

    @property
    def deck_look(self) -> str:
        """The look the cards are drawn in: the chosen one, or the classic cards where German suits
        cannot show this game's deck (see ``deck_looks.shown_deck_look``)."""
        return shown_deck_look(self.app.settings.deck_look, self.shown_rules())

    def shown_rules(self):
        """The rules of the game on the table (the scene's session's, the replay's)."""
        return self.session.rules

    def name_cards_as_shown(self) -> None:
        """From now on the card names (narration, toasts, hints, review) follow the look the cards are
        drawn in: "Eichel-Ober" on German-suited cards, "Kreuz-Dame" on the others."""
        i18n.set_deck_look(self.deck_look)

    @staticmethod
    def name_cards_classic() -> None:
        """The table closed: card names are the French cards' again (the rules, the New game summary)."""
        i18n.set_deck_look(CLASSIC)

    def _picture_key(self) -> tuple:
        """What the picture is drawn from, beyond what moves: the position, the log, the settings, the language."""
        session = self.session
        return (getattr(session, "version", None), getattr(getattr(self, "replay", None), "index", None),
                len(self.log), self.log[-1] if self.log else None, id(self.app.settings), i18n.current_language())

    def changing_rects(self) -> list[pygame.Rect] | None:
        """Between inputs, a settled table changes only where it pulses slowly (the "your turn" banner,
        the stock asking to be drawn from): those, as last drawn. The whole table is drawn while
        anything moves or the ring turns, and once after anything else changed (a move played with
        the animations off, a setting, the language)."""
        key = self._picture_key()
        changed, self._shown_key = key != getattr(self, "_shown_key", None), key
        painter = self.painter
        if (changed or self.frame_rate() >= FULL_FPS
                or getattr(painter, "drawn_ring_angle", None) != self.effects.ring_angle):
            return None
        return list(getattr(painter, "pulse_rects", ()))

    @property
    def back_style(self) -> str:
        return self.app.settings.card_back


class TablePainter:
    """Paints one table scene; reads the scene, never changes it."""

    def __init__(self, scene):
        self.scene = scene
        self.text = scene.text
        self.images = scene.images
        #: Where the toast was last drawn (None: none showing).
        self.toast_rect: pygame.Rect | None = None
        #: The log heading's lines, kept while the name, the type and the room stay: ((name, size, width), lines).
        self._log_title: tuple = (None, [])

    @property
    def deck_look(self) -> str:
        return self.scene.deck_look

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the whole table (the scene lays out before it draws)."""
        scene = self.scene
        lay = scene.board.layout
        self.view = scene.session.view()
        self.effects = scene.effects
        #: As last drawn: where the slow pulses are (the only parts of a settled table that change).
        self.pulse_rects: list[pygame.Rect] = []
        self.drawn_ring_angle = self.effects.ring_angle
        surface.blit(shapes.felt_background(lay.size), (0, 0))
        self._draw_ring(surface, lay)
        self._draw_suit(surface, lay)
        self._draw_stock(surface, lay)
        self._draw_seats(surface, lay)
        self._draw_banner(surface, lay)
        self._draw_sprites(surface, lay)
        self._draw_stock_count(surface, lay)
        draw_badges(surface, lay, self.view, self.text, self.images, self.deck_look, scene.back_style)
        self._draw_penalty(surface, lay)
        self._draw_flash_labels(surface, lay)
        self._draw_log(surface, lay)
        self.toast_rect = draw_toast(surface, self.text, self.effects, lay, self.toast_clear_left())
        drag = scene.input.drag
        if drag is not None and drag.moved:
            self._draw_sprite(surface, drag.sprite, lay)
        chooser = scene.chooser
        if chooser is not None:
            card = self.images.image(chooser.card_code, chooser.card_rect.w, self.deck_look,
                                     scene.back_style, (lay.card_w, lay.small_w))
            chooser.draw(surface, self.text, card)

    # ----- the centre -------------------------------------------------------------

    def _draw_ring(self, surface, lay: Layout) -> None:
        cx, cy = lay.ring_center
        rx, ry = lay.ring_rx, lay.ring_ry
        direction = self.view.direction
        color = FELT_LINE
        dashes = 44
        for i in range(dashes):
            a0 = math.radians(self.effects.ring_angle + i * 360.0 / dashes)
            a1 = math.radians(self.effects.ring_angle + (i + 0.55) * 360.0 / dashes)
            p0 = (cx + rx * math.cos(a0), cy + ry * math.sin(a0))
            p1 = (cx + rx * math.cos(a1), cy + ry * math.sin(a1))
            pygame.draw.line(surface, color, p0, p1, max(2, lay.card_h // 60))
        size = max(10, int(lay.card_h * 0.13))
        for k in range(4):
            a = self.effects.ring_angle + k * 90.0 + 20.0
            rad = math.radians(a)
            tip = (cx + rx * math.cos(rad), cy + ry * math.sin(rad))
            tx, ty = -rx * math.sin(rad) * direction, ry * math.cos(rad) * direction
            heading = math.degrees(math.atan2(ty, tx))
            hr = math.radians(heading)
            back = (tip[0] + math.cos(hr) * size * 0.12, tip[1] + math.sin(hr) * size * 0.12)
            shapes.arrowhead(surface, back, heading, size * 1.3, ARROW_SHADOW)
            shapes.arrowhead(surface, tip, heading, size, GOLD)

    def _draw_suit(self, surface, lay: Layout) -> None:
        hand = self.view
        suit = hand.suit
        if suit > 3:
            return
        cx, cy = lay.suit_center
        r = lay.suit_radius
        pulse = 0.0
        if self.effects.suit_pulse.active:
            pulse = math.sin(math.pi * self.effects.suit_pulse.age / self.effects.suit_pulse.duration * 3) * self.effects.suit_pulse.fraction
        glow = shapes.radial_glow(int(r * 1.7), GOLD if hand.nominated else WHITE,
                                  150 if hand.nominated else 70)
        surface.blit(glow, glow.get_rect(center=(cx, cy)))
        disc = shapes.rounded_panel((r * 2, r * 2), r, (*SUIT_DISC, 255),
                                    (*(GOLD if hand.nominated else SUIT_DISC_RIM), 255), 3)
        surface.blit(disc, disc.get_rect(center=(cx, cy)))
        icon_size = int(r * 1.25 * (1.0 + 0.12 * pulse))
        icon = shapes.suit_sign(suit, icon_size, self.deck_look)
        surface.blit(icon, icon.get_rect(center=(cx, cy)))
        label = self.text.render(suit_label(suit), max(12, int(lay.font_size * 1.05)), CREAM, bold=True,
                                 shadow=True)
        lines = [(label, label.get_rect(midtop=(cx, cy + r + 4)))]
        if hand.nominated:
            named = self.text.render(named_caption(hand), max(10, int(lay.font_size * 0.78)), GOLD, shadow=True)
            lines.append((named, named.get_rect(midtop=(cx, lines[0][1].bottom))))
        # The caption sits on a plate so that the direction ring's arrows pass under it, not through it.
        plate = lines[0][1].unionall([rect for _image, rect in lines[1:]]).inflate(lay.font_size, 4)
        #: The caption's words as last drawn (the overlap test reads them).
        self.caption_rect = lines[0][1].unionall([rect for _image, rect in lines[1:]])
        surface.blit(shapes.rounded_panel(plate.size, plate.h // 3, (*PANEL_WOOD, 255)), plate)
        for image, rect in lines:
            surface.blit(image, rect)

    def _draw_stock(self, surface, lay: Layout) -> None:
        count = self.view.stock_count
        rect = lay.stock
        if count == 0:
            pygame.draw.rect(surface, EMPTY_STOCK_LINE, rect, width=2, border_radius=max(3, lay.card_w // 14))
            empty = self.text.render(_("Empty"), lay.font_size, EMPTY_STOCK_TEXT)
            surface.blit(empty, empty.get_rect(center=rect.center))
        else:
            layers = min(count, 7)
            step = max(1.0, lay.card_w / 80)
            base_widths = (lay.card_w, lay.small_w)
            back = self.images.image(None, lay.card_w, False, self.scene.back_style, base_widths)
            shadow = self.images.shadow(lay.card_w, 0)
            surface.blit(shadow, shadow.get_rect(center=(rect.centerx + 3, rect.centery + 5)))
            for i in range(layers):
                surface.blit(back, back.get_rect(center=(rect.centerx - i * step * 0.5, rect.centery - i * step)))
            if MoveKind.DRAW in self.view.move_kinds and not self.view.playable:
                top = pygame.Rect(0, 0, lay.card_w, lay.card_h)
                top.center = (rect.centerx - (layers - 1) * step * 0.5, rect.centery - (layers - 1) * step)
                glow = shapes.glow_frame(top.size, max(3, lay.card_w // 14), GOLD, max(6, lay.card_w // 10))
                alpha = int(150 + 105 * (0.5 + 0.5 * math.sin(self.scene.time * 5)))
                glow = glow.copy()
                glow.set_alpha(alpha)
                surface.blit(glow, glow.get_rect(center=top.center))
                self.pulse_rects.append(glow.get_rect(center=top.center))
    def _draw_stock_count(self, surface, lay: Layout) -> None:
        """The count as a small pill on the stock's lower edge, over any card flying in (a reshuffle)."""
        count, rect = self.view.stock_count, lay.stock
        label = self.text.render(str(count), max(11, int(lay.font_size * 0.85)), CREAM, bold=True)
        pill = pygame.Rect(0, 0, max(label.get_width() + 16, label.get_height() + 8), label.get_height() + 4)
        pill.center = (rect.centerx, rect.bottom)
        self.stock_count_rect = pill  # as last drawn (the overlap test reads it)
        surface.blit(shapes.rounded_panel(pill.size, pill.h // 2, (*PANEL_WOOD, 255), (*GOLD, 255), 1), pill)
        surface.blit(label, label.get_rect(center=pill.center))

    def _draw_penalty(self, surface, lay: Layout) -> None:
        hand = self.view
        if hand.hand_over:
            return
        if hand.pending:
            text = f"+{hand.pending}"
            color = PENALTY_RED
        elif hand.pending_skips:
            text = _("Skip ×{count}").format(count=hand.pending_skips)
            color = SKIP_ORANGE
        else:
            return
        pop = 1.0
        if self.effects.penalty_pop.active:
            pop = 1.0 + 0.35 * math.sin(math.pi * (1 - self.effects.penalty_pop.fraction))
        r = int(lay.card_h * 0.2 * pop)
        cx, cy = lay.penalty_center
        shadow = shapes.soft_shadow((r * 2, r * 2), r, max(2, r // 5), 120)
        surface.blit(shadow, shadow.get_rect(center=(cx + 2, cy + 4)))
        pygame.draw.circle(surface, color, (cx, cy), r)
        pygame.draw.circle(surface, BADGE_RIM, (cx, cy), r, max(2, r // 10))
        label = self.text.fit(text, int(r * 0.95), int(r * 1.7), color=WHITE, bold=True)
        surface.blit(label, label.get_rect(center=(cx, cy)))

    # ----- seats ---------------------------------------------------------------------

    def _draw_seats(self, surface, lay: Layout) -> None:
        current = self.view.to_act
        thinking = self.scene.thinking_seat()
        for seat, spot in lay.seats.items():
            active = seat == current
            in_hand = self.view.seats[seat].in_hand
            if active and not spot.bottom:
                glow = shapes.radial_glow(int(max(spot.max_fan_width * 0.55, spot.card_h)), GOLD, 90)
                surface.blit(glow, glow.get_rect(center=spot.center))
            self._draw_plate(surface, lay, seat, spot.plate, active, in_hand, thinking == seat)

    def toast_clear_left(self) -> int:
        """The x a toast keeps right of (0: it stands over the middle of the table wherever it falls)."""
        return 0

    def level_badge_text(self, kind: str) -> str | None:
        """The words on a seat's level tab: a computer player's level ("Medium"); none for a person."""
        return None if kind == HUMAN else level_name(kind)

    def _draw_plate(self, surface, lay: Layout, seat: int, rect: pygame.Rect, active: bool, in_hand: bool,
                    thinking: bool) -> None:
        radius = max(8, rect.h // 4)
        if active:
            glow = shapes.glow_frame(rect.size, radius, GOLD, max(6, rect.h // 7))
            surface.blit(glow, glow.get_rect(center=rect.center))
        shadow = shapes.soft_shadow(rect.size, radius, max(3, rect.h // 12), 120)
        surface.blit(shadow, shadow.get_rect(center=(rect.centerx + 2, rect.centery + 4)))
        fill = (*PLATE_WOOD, 236) if in_hand else (*PLATE_IDLE, 200)
        border = (*GOLD, 255) if active else (*PLATE_RIM, 255)
        surface.blit(shapes.rounded_panel(rect.size, radius, fill, border, 2 if active else 1, True), rect)
        pad = max(4, rect.h // 8)
        # Avatar: a coloured disc with the initial.
        ar = (rect.h - pad * 2) // 2
        acx, acy = rect.left + pad + ar, rect.centery
        color = SEAT_COLORS[seat % len(SEAT_COLORS)] if in_hand else IDLE_GREY
        pygame.draw.circle(surface, EBONY, (acx, acy + 1), ar + 1)
        pygame.draw.circle(surface, color, (acx, acy), ar)
        pygame.draw.circle(surface, SEAT_AVATAR_RING_ACTIVE if active else SEAT_AVATAR_RING, (acx, acy), ar, 2)
        seat_view = self.view.seats[seat]
        name = seat_view.name
        initial = self.text.render(name[:1].upper(), int(ar * 1.15), WHITE, bold=True, shadow=True)
        surface.blit(initial, initial.get_rect(center=(acx, acy)))
        # Name, and the level as a tab on the top edge (computer players only).
        x0 = acx + ar + pad
        inner_w = rect.right - pad - x0
        fs = max(11, int(rect.h * 0.3))
        kind = seat_view.kind
        level = self.level_badge_text(kind)
        if level:
            badge = self.text.render(level, max(9, int(fs * 0.66)), WHITE, bold=True)
            bw, bh = badge.get_width() + 12, badge.get_height() + 2
            brect = pygame.Rect(0, 0, bw, bh)
            brect.midright = (rect.right - radius, rect.bottom)
            surface.blit(shapes.rounded_panel(brect.size, bh // 2, (*LEVEL_COLORS.get(kind, UNKNOWN_LEVEL), 255),
                                              (*OUTLINE_BROWN, 255), 1), brect)
            surface.blit(badge, badge.get_rect(center=brect.center))
        name_img = self.text.fit(name, fs, max(20, inner_w - (rect.h // 16 + 2) * 8), color=CREAM,
                                 bold=True)
        top = rect.top + pad - 1
        surface.blit(name_img, (x0, top))
        # Cards and points.
        total = seat_view.total
        if not in_hand:
            line = _("Out") if seat_view.eliminated else _("Sitting out")
            info = self.text.render(line, max(10, int(fs * 0.85)), SEAT_INFO_IDLE)
        else:
            cards = seat_view.card_count
            line = ngettext("{count} card", "{count} cards", cards).format(count=cards)
            line += "  ·  " + ngettext("{points} pt", "{points} pts", total).format(points=total)
            info = self.text.fit(line, max(10, int(fs * 0.85)), inner_w, color=SEAT_INFO)
        surface.blit(info, (x0, rect.bottom - pad - info.get_height() + 1))
        if thinking:
            dot_r = max(2, rect.h // 16)
            bx = rect.right - pad - dot_r * 7
            by = top + name_img.get_height() // 2 + dot_r
            for i in range(3):
                bounce = max(0.0, math.sin(self.scene.time * 7.0 - i * 0.9))
                pygame.draw.circle(surface, GOLD, (bx + i * dot_r * 3, by - bounce * dot_r * 2), dot_r)
        flash = self.effects.flashes.get(seat)
        if flash is not None:
            _text, timer, fcolor = flash
            tint = shapes.rounded_panel(rect.size, radius, (*fcolor, int(90 * timer.fraction)))
            surface.blit(tint, rect)

    def _draw_flash_labels(self, surface, lay: Layout) -> None:
        """Words rising from a seat ("Skipped", "Last card!"), above the cards."""
        for seat, (text, timer, color) in self.effects.flashes.items():
            spot = lay.seats.get(seat)
            if spot is None:
                continue
            word = self.text.render(text, flash_font_size(lay, seat), color, bold=True)
            pill = shapes.rounded_panel((word.get_width() + 20, word.get_height() + 6), (word.get_height() + 6) // 2,
                                        (*FLASH_PILL, 230), (*color[:3], 255), 2).copy()
            pill.blit(word, word.get_rect(center=(pill.get_width() // 2, pill.get_height() // 2)))
            pill.set_alpha(int(255 * min(1.0, timer.fraction * 3)))
            surface.blit(pill, flash_rect(lay, seat, pill.get_size(), timer.fraction))

    # ----- cards -------------------------------------------------------------------

    def _draw_sprites(self, surface, lay: Layout) -> None:
        drag = self.scene.input.drag
        dragged = drag.sprite if drag is not None and drag.moved else None
        order = sorted(self.scene.board.sprites, key=lambda s: s.z + (3000 if s.flying else 0))
        for sprite in order:
            if sprite is dragged:
                continue
            self._draw_sprite(surface, sprite, lay)

    def _draw_sprite(self, surface, sprite: CardSprite, lay: Layout) -> None:
        base_widths = (lay.card_w, lay.small_w)
        if sprite.selected and not sprite.dragging:
            w = int(sprite.width)
            glow = shapes.glow_frame((w, int(w * 1.4)), max(3, w // 14), GOLD, max(5, w // 12))
            glow = self.images.rotate(glow, ("glow", w), sprite.angle)
            surface.blit(glow, glow.get_rect(center=(sprite.x, sprite.y - sprite.lift)))
        # Cards waiting on the stock to be dealt would stack their shadows into a black block.
        waiting = sprite.tween is not None and not sprite.tween.started
        sprite.draw(surface, self.images, self.deck_look, self.scene.back_style, base_widths, shadow=not waiting)

    # ----- text panels -----------------------------------------------------------------

    def match_caption(self) -> str:
        """Where the match stands, in a few words ("Hand 2 · game ends at 100")."""
        view = self.scene.session.view()
        rules = view.rules
        number = view.hand_number
        if view.sudden_death:
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
        surface.blit(shapes.rounded_panel(rect.size, radius, (*LOG_PANEL, 190), (*LOG_RULE, 200), 1), rect)
        fs, title_w = self.log_title_room(lay)
        pad = max(6, lay.margin // 2 + 2)
        more = self.text.render(_("All moves (Y)"), max(9, int(fs * 0.78)), LOG_CAPTION)
        surface.blit(more, more.get_rect(topright=(rect.right - pad, rect.top + pad)))
        y = rect.top + pad - 2
        for line in self.log_title_lines(fs, title_w):
            heading = self.text.fit(line, fs, title_w, color=GOLD, bold=True)
            surface.blit(heading, (rect.left + pad, y))
            y += heading.get_height()
        caption = self.text.fit(self.match_caption(), max(10, int(fs * 0.9)), rect.w - pad * 2,
                                color=LOG_CAPTION)
        surface.blit(caption, (rect.left + pad, y))
        heading_h = y + caption.get_height() + 4 - (rect.top + pad - 2)
        pygame.draw.line(surface, LOG_RULE, (rect.left + pad, rect.top + pad + heading_h - 2),
                         (rect.right - pad, rect.top + pad + heading_h - 2))
        line_h = int(fs * 1.45)
        top = rect.top + pad + heading_h + 2
        room = max(1, (rect.bottom - pad - top) // line_h)
        # A line too long for the panel goes on two rows in the same type, not squeezed smaller.
        rows: list[pygame.Surface] = []
        assets = self.scene.app.assets
        for age, line in enumerate(reversed(self.scene.log)):
            color = LOG_NEWEST if age == 0 else LOG_RECENT if age < 3 else LOG_OLDER
            rows[:0] = log_rows(self.text, assets, self.deck_look, line, fs, color, rect.w - pad * 2)
            if len(rows) >= room:
                break
        rows = rows[-room:]
        y = rect.bottom - pad - line_h * len(rows)
        for image in rows:
            surface.blit(image, (rect.left + pad, y + (line_h - image.get_height()) // 2))
            y += line_h

    def log_title_room(self, lay: Layout) -> tuple[int, int]:
        """The type size of the log's heading and the width it has beside "All moves (Y)"."""
        fs = max(11, int(lay.font_size * 0.82))
        pad = max(6, lay.margin // 2 + 2)
        more = self.text.render(_("All moves (Y)"), max(9, int(fs * 0.78)), LOG_CAPTION)
        return fs, lay.log_rect.w - pad * 3 - more.get_width()

    def log_title_lines(self, size: int, width: int) -> list[str]:
        """The game's name over the log, in the player's language, on the lines it takes at ``size`` in
        ``width`` (two at most: "Crazy Eights με ειδικά φύλλα" beside "All moves" at 960x600)."""
        # A record's rules name is outside text: cut and made drawable before it is measured.
        name = safe_text(_(self.view.rules.name), max_chars=MAX_GAME_NAME_CHARACTERS)
        key = (name, size, width)
        if self._log_title[0] != key:
            self._log_title = key, wrap_words(name, self.text.font(size, True), width, most=2)
        return self._log_title[1]

    def log_line(self, line: str, size: int, color, max_width: int) -> pygame.Surface:
        """A log line with card codes drawn as rank + suit shape (squeezed to ``max_width``)."""
        return log_line(self.text, self.scene.app.assets, self.deck_look, line, size, color, max_width)

    def banner_text(self) -> tuple[str, str] | None:
        """The banner's title and hint: "your turn", or a computer move waiting to be read; else None."""
        view = self.scene.session.view()
        waiting = self.scene.waiting_for_player
        if waiting is not None:
            return (_("{name} has moved").format(name=view.seats[waiting].name),
                    _("Click or press Space to go on"))
        if self.scene.session.human is None or self.scene.chooser is not None or not view.my_turn:
            return None
        hand = view
        kinds = view.move_kinds
        plays = any(k == MoveKind.PLAY for k in kinds)
        if hand.pending:
            hint = (_("Answer the +{count} or click the stock to pick up").format(count=hand.pending)
                    if plays else _("Click the stock to pick up {count}").format(count=hand.pending))
        elif hand.pending_skips:
            hint = _("Play a skip card or pass")
        elif hand.drew_this_turn and MoveKind.PASS in kinds:
            hint = _("Play the card you drew, or pass") if plays else _("No luck: pass")
        elif plays:
            hint = _("Drag a card onto the pile, or click it")
        elif MoveKind.DRAW in kinds:
            hint = _("No card fits: click the stock to draw")
        else:
            hint = _("Pass")
        session = self.scene.session
        if len(session.people) > 1:   # one screen, several people: whose turn it is, by name
            return _("Your turn, {name}").format(name=session.name(session.viewer)), hint
        return _("Your turn"), hint

    def _draw_banner(self, surface, lay: Layout) -> None:
        banner = self.banner_text()
        if banner is None or covers_banner(self.text, self.effects, lay, self.toast_clear_left()):
            return
        title, hint = banner
        y = lay.hand_base_y - lay.card_h * 0.5 - lay.card_h * 0.22
        pulse = 0.5 + 0.5 * math.sin(self.scene.time * 3.0)
        t_img = self.text.render(title, int(lay.font_size * 1.15), GOLD, bold=True, shadow=True)
        h_img = self.text.render(hint, int(lay.font_size * 0.85), BANNER_HINT, shadow=True)
        w = max(t_img.get_width(), h_img.get_width()) + lay.margin * 2
        h = t_img.get_height() + h_img.get_height() + 6
        rect = pygame.Rect(0, 0, w, h)
        rect.midbottom = (lay.hand_center_x, int(y))
        panel = shapes.rounded_panel(rect.size, rect.h // 3, (20, 14, 8, 150 + int(40 * pulse)))
        surface.blit(panel, rect)
        self.pulse_rects.append(rect)
        surface.blit(t_img, t_img.get_rect(midtop=(rect.centerx, rect.top + 2)))
        surface.blit(h_img, h_img.get_rect(midbottom=(rect.centerx, rect.bottom - 3)))


def named_caption(view) -> str:
    """Who named the suit, for the caption under the medallion ("named by you" for the person)."""
    named_by = view.named_by
    if named_by is None:
        return _("named")
    seat = view.seats[named_by]
    if seat.kind == HUMAN:
        return _("named by you")
    return _("named by {name}").format(name=seat.name)
