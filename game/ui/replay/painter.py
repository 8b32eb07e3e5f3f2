"""How the replay looks over the table's painter: the seat that made the step lit (a faint ring on the
one to move next), no "Your turn" banner, the step's caption, the info panel top left and, when a hand
ends, its scores in a compact panel over the table."""
from __future__ import annotations

import pygame

from game.ui.i18n import _

from ..look import shapes
from ..look.palette import (BLACK, CREAM, EBONY, GOLD, GOLD_LIGHT, LOG_CAPTION, PANEL_WOOD, PENALTY_POINTS,
                            POINTS_GAINED, SEAT_COLORS, WHITE)
from ..table.painter import TablePainter
from .board import match_winner_text, step_caption

#: How strongly the ring marks the seat to move next (the seat that moved is lit in full).
NEXT_RING_ALPHA = 110


class ReplayPainter(TablePainter):
    """Paints one replay scene; reads the scene, never changes it."""

    def lit_seat(self) -> int | None:
        """The seat the caption tells of: the one that made the step's move (the dealer, for a deal)."""
        frame = self.scene.replay.frame
        return frame.dealer if frame.deal else frame.seat

    def banner_text(self):
        return None  # a replay is nobody's turn

    def _draw_seats(self, surface, lay) -> None:
        lit = self.lit_seat()
        upcoming = self.view.to_act
        for seat, spot in lay.seats.items():
            active = seat == lit
            if active and not spot.bottom:
                glow = shapes.radial_glow(int(max(spot.max_fan_width * 0.55, spot.card_h)), GOLD, 90)
                surface.blit(glow, glow.get_rect(center=spot.center))
            if seat == upcoming and not active:
                ring = spot.plate.inflate(6, 6)
                surface.blit(shapes.rounded_panel(ring.size, max(8, ring.h // 4) + 2, (0, 0, 0, 0),
                                                  (*GOLD, NEXT_RING_ALPHA), 2), ring)
            self._draw_plate(surface, lay, seat, spot.plate, active, self.view.seats[seat].in_hand, False)

    def draw(self, surface) -> None:
        super().draw(surface)
        self._draw_caption(surface)
        self._draw_progress(surface)
        self._draw_scores(surface)

    # ----- the replay's own panels -----------------------------------------------------------

    def _draw_caption(self, surface) -> None:
        """What the step shown did, in words, over the bottom hand."""
        scene = self.scene
        lay = scene.board.layout
        headline, rest = step_caption(scene.replay, scene.replay.frame, scene.session.human)
        max_w = int(lay.size[0] * 0.56)
        title = self.text.fit(headline, int(lay.font_size * 1.1), max_w, color=GOLD, bold=True, shadow=True)
        sub = self.text.fit(rest, int(lay.font_size * 0.85), max_w, color=CREAM, shadow=True) if rest else None
        w = max(title.get_width(), sub.get_width() if sub else 0) + lay.margin * 2
        h = title.get_height() + (sub.get_height() if sub else 0) + 8
        rect = pygame.Rect(0, 0, w, h)
        rect.midbottom = (lay.hand_center_x, int(lay.hand_base_y - lay.card_h * 0.72))
        surface.blit(shapes.rounded_panel(rect.size, rect.h // 3, (20, 14, 8, 190)), rect)
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.top + 3)))
        if sub is not None:
            surface.blit(sub, sub.get_rect(midbottom=(rect.centerx, rect.bottom - 4)))

    def info_lines(self) -> list[str]:
        """The info panel's lines under its title: the step and hand, and a record that stops short."""
        replay = self.scene.replay
        lines = [_("Step {number} of {total} · hand {hand} of {hands}").format(
            number=replay.index + 1, total=len(replay), hand=replay.hand_ordinal() + 1, hands=replay.hand_count)]
        if not replay.finished:
            lines.append(_("The record stops before the end of the match."))
        return lines

    def _draw_progress(self, surface) -> None:
        """Top left: the title, the step, a bar of how far the match has gone, and any notice."""
        scene = self.scene
        lay = scene.board.layout
        replay = scene.replay
        pad = max(6, lay.margin // 2 + 2)
        fs = max(11, int(lay.font_size * 0.82))
        width = lay.log_rect.w
        title = scene.title or _("Replay")
        pieces = title.split(" · ")
        if self.text.render(title, fs, GOLD, bold=True).get_width() > width - 2 * pad and len(pieces) > 2:
            # Too long for one line: "Replay · the game" on the first, where it came from on the second.
            parts = [" · ".join(pieces[:2]), " · ".join(pieces[2:])]
        else:
            parts = [title]
        headings = [self.text.fit(part, fs, width - 2 * pad, color=GOLD, bold=True) for part in parts]
        lines = [self.text.fit(line, max(10, int(fs * 0.9)), width - 2 * pad,
                               color=LOG_CAPTION if number == 0 else GOLD_LIGHT)
                 for number, line in enumerate(self.info_lines())]
        height = pad * 2 + sum(h.get_height() for h in headings) + sum(line.get_height() for line in lines) + 8
        rect = pygame.Rect(lay.margin, lay.margin, width, height)
        surface.blit(shapes.rounded_panel(rect.size, max(8, lay.margin), (*PANEL_WOOD, 225), (*GOLD, 255), 1), rect)
        y = rect.top + pad - 2
        for heading in headings:
            surface.blit(heading, (rect.left + pad, y))
            y += heading.get_height()
        for number, line in enumerate(lines):
            surface.blit(line, (rect.left + pad, y))
            y += line.get_height()
            if number == 0:  # the bar goes under the step
                bar = pygame.Rect(rect.left + pad, y + 2, rect.w - 2 * pad, 4)
                pygame.draw.rect(surface, (60, 40, 22), bar, border_radius=2)
                done = bar.copy()
                done.w = max(2, bar.w * (replay.index + 1) // len(replay))
                pygame.draw.rect(surface, GOLD, done, border_radius=2)
                y += 8

    def _draw_scores(self, surface) -> None:
        """At a hand's end: each seat's points this hand and the totals, over the table's centre."""
        scene = self.scene
        replay = scene.replay
        result = replay.result()
        if result is None:
            return
        lay = scene.board.layout
        fs = max(12, int(lay.font_size * 0.9))
        pad = max(8, lay.margin)
        row_h = int(fs * 1.9)
        names = {seat: replay.name(seat) for seat in result.seats}
        title = self.text.render(hand_result_title(replay, result, scene.session.human), int(fs * 1.2), GOLD,
                                 bold=True, shadow=True)
        heads = [self.text.render(text, max(10, int(fs * 0.8)), GOLD_LIGHT, bold=True)
                 for text in (_("Player"), _("This hand"), _("Total"))]
        name_w = max(self.text.render(name, fs, CREAM, bold=True).get_width() for name in names.values())
        number_w = max(heads[1].get_width(), heads[2].get_width(), self.text.render("+999", fs).get_width())
        avatar = int(row_h * 0.34)
        inner_w = max(title.get_width(), avatar * 2 + pad + max(name_w, heads[0].get_width()) + pad * 2
                      + number_w * 2)
        width = min(inner_w + pad * 2, int(lay.size[0] * 0.6))
        height = pad * 2 + title.get_height() + heads[0].get_height() + 6 + row_h * len(result.seats)
        rect = pygame.Rect(0, 0, width, height)
        rect.center = lay.ring_center
        rect.clamp_ip(pygame.Rect(0, 0, *lay.size))
        surface.blit(shapes.soft_shadow(rect.size, pad, max(4, pad // 2), 140), rect.move(3, 5))
        surface.blit(shapes.rounded_panel(rect.size, pad, (*PANEL_WOOD, 240), (*GOLD, 255), 2), rect)
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.top + pad - 2)))
        x_total = rect.right - pad - number_w // 2
        x_hand = x_total - number_w - pad
        x_name = rect.left + pad
        y = rect.top + pad + title.get_height()
        surface.blit(heads[0], (x_name, y))
        surface.blit(heads[1], heads[1].get_rect(midtop=(x_hand, y)))
        surface.blit(heads[2], heads[2].get_rect(midtop=(x_total, y)))
        y += heads[0].get_height() + 6
        penalty = replay.rules.scoring == "penalty"
        for seat in result.seats:
            row = pygame.Rect(rect.left + pad // 2, y, rect.w - pad, row_h - 3)
            fill = (*GOLD, 60) if seat == result.winner else (*BLACK, 50)
            surface.blit(shapes.rounded_panel(row.size, row.h // 4, fill), row)
            center = (x_name + avatar, row.centery)
            pygame.draw.circle(surface, EBONY, (center[0], center[1] + 1), avatar + 1)
            pygame.draw.circle(surface, SEAT_COLORS[seat % len(SEAT_COLORS)], center, avatar)
            initial = self.text.render(names[seat][:1].upper(), int(avatar * 1.15), WHITE, bold=True, shadow=True)
            surface.blit(initial, initial.get_rect(center=center))
            name = self.text.fit(names[seat], fs, x_hand - number_w // 2 - x_name - avatar * 2 - pad, color=CREAM,
                                 bold=True)
            surface.blit(name, name.get_rect(midleft=(x_name + avatar * 2 + pad // 2, row.centery)))
            score = result.scores.get(seat, 0)
            color = (PENALTY_POINTS if penalty else POINTS_GAINED) if score else CREAM
            score_img = self.text.render(f"+{score}" if score else "0", fs, color, bold=True)
            surface.blit(score_img, score_img.get_rect(center=(x_hand, row.centery)))
            total = self.text.render(str(result.totals[seat]), fs, CREAM, bold=True)
            surface.blit(total, total.get_rect(center=(x_total, row.centery)))
            y += row_h


def hand_result_title(replay, result, human: int | None) -> str:
    """The score panel's heading: who won the hand, or at the match's end who won the match."""
    if replay.frame.match_over:
        return match_winner_text(replay, human)
    if result.winner == human:
        return _("You win the hand!")
    return _("{name} wins the hand").format(name=replay.name(result.winner))

