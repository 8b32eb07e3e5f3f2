"""The hand review, opened from the hand result: the person's three costliest decisions of the hand.

``HandReviewScene(app, table, hand_number)`` starts a ``ReviewJob`` (two worker processes) and
draws a progress bar while it works, then a one-line summary and, for each of the three
costliest decisions, the position (which decision of the hand it was, the pile with any named
suit, the person's hand sorted as the table sorts it with the card played and the better one
marked, every opponent's card count), the move made, the
better move with its reason and what the difference cost. A hand without a costly decision
gets a warm word instead. Back, Escape or Enter return to the hand result; a finished review is
kept on the table scene, so opening the same hand's review again shows it at once.
"""
from __future__ import annotations

import pygame

from game.rules import MoveKind, card_to_str
from game.ui.i18n import _, hint_text, move_text, ngettext, review_cost_text, review_summary

from ..look import shapes
from ..look.wrap import wrap_words
from ..look.palette import (BLACK, CREAM, GOLD, GOLD_DEEP, GOLD_LIGHT, PALE_GOLD, PENALTY_POINTS, POINTS_GAINED,
                            RESULT_NOTE, RESULT_SUBTITLE, REVIEW_MADE_RING, REVIEW_TRACK, SEAT_COLORS, SUIT_DISC,
                            SUIT_DISC_RIM)
from ..scene import AMBIENT_FPS, IDLE_FPS
from .board import display_order
from .results import ResultPanelScene

#: How fast the drawn bar catches up with the work done (fraction of the gap per second).
BAR_CATCH_UP = 8.0
#: The least a card of the reviewed hand shows of itself under the next one (its corner: rank and suit).
CORNER_SHOWN = 0.34


def kept_reviews(table) -> dict:
    """The finished reviews of ``table``'s hands by ``(hand number, session version)``, kept on the table
    scene so that opening the same hand's review again shows it at once (a new move makes a new key)."""
    return table.hand_reviews


class HandReviewScene(ResultPanelScene):
    """Progress while the hand is reviewed, then the costliest decisions."""

    def __init__(self, app, table, hand_number: int):
        super().__init__(app, table)
        self.hand_number = hand_number
        self.job = None
        self.review = None
        self.shown_fraction = 0.0   # the bar as drawn, easing towards the work done
        #: As last drawn: each decision's box (the layout tests read them).
        self.item_rects: list[pygame.Rect] = []
        #: ... each item's hand as ``(card, rect)`` in drawing order, and the rings as ``(colour, rect)``.
        self.hand_spots: list[list[tuple[int, pygame.Rect]]] = []
        self.ring_spots: list[tuple[tuple, pygame.Rect]] = []

    # ----- life cycle ---------------------------------------------------------------------------

    @property
    def review_key(self) -> tuple[int, int]:
        """The hand and the session's version this review is of."""
        return self.hand_number, self.table.session.version

    def on_enter(self) -> None:
        if self.job is None and self.review is None:
            self.review = kept_reviews(self.table).get(self.review_key)
            if self.review is not None:
                self.shown_fraction = 1.0   # worked out before: no progress to show
            else:
                self.job = self.table.session.review_job(self.hand_number)
                self._keep(self.job.poll())
        super().on_enter()

    def _keep(self, review) -> None:
        self.review = review
        if review is not None:
            kept_reviews(self.table)[self.review_key] = review
            self.job = None
            speech = getattr(self.table, "speech", None)
            if speech is not None:
                speech.review(self.hand_number, review)

    def on_exit(self) -> None:
        super().on_exit()
        if self not in list(self.app.scenes):   # gone back, not covered: nobody waits for the answer
            self._stop_job()

    def _stop_job(self) -> None:
        if self.job is not None:
            self.job.close()
            self.job = None

    def build(self) -> None:
        w, h = self.app.size
        margin = max(12, int(min(w, h) * 0.03))
        self.panel = self._panel_rect(0.92, h - margin * 2)
        bw, bh = self.px(200), max(38, self.px(46))
        rect = pygame.Rect(0, 0, bw, bh)
        rect.midbottom = (self.panel.centerx, self.panel.bottom - self.px(16))
        self.primary = self.button(rect, _("Back"), self.back, primary=True, name="review_back")

    def back(self) -> None:
        self._stop_job()
        if self.app.scenes.top is self:
            self.app.pop()

    @property
    def progress(self) -> tuple[int, int]:
        """``(done, total)`` decisions."""
        if self.review is not None:
            return len(self.review.decisions), len(self.review.decisions)
        return (self.job.done, self.job.total) if self.job is not None else (0, 0)

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.back()
            return True
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.review is None and self.job is not None:
            self._keep(self.job.poll())
        done, total = self.progress
        target = done / total if total else 1.0
        self.shown_fraction += (target - self.shown_fraction) * min(1.0, dt * BAR_CATCH_UP)
        if abs(target - self.shown_fraction) < 0.002:
            self.shown_fraction = target

    def frame_rate(self) -> int:
        if self.opened.active:
            return super().frame_rate()
        return AMBIENT_FPS if self.review is None or self.shown_fraction < 1.0 else IDLE_FPS

    # ----- drawing ------------------------------------------------------------------------------

    def draw(self, surface) -> None:
        offset = self._draw_panel(surface, alpha=255)   # opaque: the hand result lies under it
        panel = self.panel.move(0, offset)
        title = self.text.render(_("Hand review"), self.px(32), GOLD, bold=True, shadow=True)
        title_rect = surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.top + self.px(14))))
        self.item_rects, self.hand_spots, self.ring_spots = [], [], []
        if self.review is None or self.shown_fraction < 1.0:
            self._draw_progress(surface, panel, title_rect.bottom)
            return
        summary = self.text.fit(_("Hand {number}").format(number=self.hand_number) + "  ·  "
                                + review_summary(self.review), self.px(17), panel.w - self.px(40),
                                color=RESULT_SUBTITLE, shadow=True)
        summary_rect = surface.blit(summary, summary.get_rect(midtop=(panel.centerx, title_rect.bottom)))
        top = summary_rect.bottom + self.px(12)
        bottom = self.primary.rect.top - self.px(12) if self.primary is not None else panel.bottom - self.px(70)
        costliest = self.review.costliest()
        if not costliest:
            self._draw_well_played(surface, pygame.Rect(panel.left, top, panel.w, bottom - top))
            return
        gap = self.px(10)
        pad = self.px(24)
        item_h = min(self.px(160), (bottom - top - gap * (len(costliest) - 1)) // len(costliest))
        top += max(0, (bottom - top) - (item_h + gap) * len(costliest)) // 3   # a little lower when few
        for rank, decision in enumerate(costliest, start=1):
            rect = pygame.Rect(panel.left + pad, top, panel.w - pad * 2, item_h)
            self._draw_item(surface, rect, rank, decision)
            self.item_rects.append(rect)
            top += item_h + gap

    def _draw_progress(self, surface, panel, top: int) -> None:
        done, total = self.progress
        middle = panel.top + panel.h // 2 - self.px(20)
        words = self.text.fit(_("Looking at each of your decisions…"), self.px(20), panel.w - self.px(60),
                              color=CREAM, shadow=True)
        words_rect = surface.blit(words, words.get_rect(midbottom=(panel.centerx, middle - self.px(14))))
        size = self.px(34)
        for suit in range(4):   # the four suits in a row over the words, lit one by one as the work goes on
            lit = suit < round(self.shown_fraction * 4)
            icon = shapes.suit_icon(suit, size, GOLD if lit else RESULT_NOTE, GOLD_DEEP if lit else None)
            centre = (panel.centerx + int((suit - 1.5) * size * 1.6), words_rect.top - self.px(24) - size // 2)
            surface.blit(icon, icon.get_rect(center=centre))
        track = pygame.Rect(0, 0, int(panel.w * 0.6), max(10, self.px(22)))
        track.midtop = (panel.centerx, middle)
        radius = track.h // 2
        surface.blit(shapes.rounded_panel(track.size, radius, (*REVIEW_TRACK, 255), (*GOLD_DEEP, 255), 2), track)
        fill_w = int((track.w - 4) * max(0.0, min(1.0, self.shown_fraction)))
        if fill_w >= track.h - 4:
            fill = pygame.Rect(track.left + 2, track.top + 2, fill_w, track.h - 4)
            surface.blit(shapes.rounded_panel(fill.size, fill.h // 2, (*GOLD, 255), (*PALE_GOLD, 255), 1, True), fill)
        count = ngettext("{done} of {total} decision", "{done} of {total} decisions", total).format(
            done=done, total=total)
        count_img = self.text.render(count, self.px(16), RESULT_NOTE)
        surface.blit(count_img, count_img.get_rect(midtop=(panel.centerx, track.bottom + self.px(10))))

    def _draw_well_played(self, surface, area: pygame.Rect) -> None:
        center = (area.centerx, area.top + area.h // 2 - self.px(40))
        glow = shapes.radial_glow(self.px(70), GOLD, 90)
        surface.blit(glow, glow.get_rect(center=center))
        shapes.star(surface, center, self.px(38), GOLD)
        shapes.star(surface, center, self.px(24), PALE_GOLD)
        head = self.text.fit(_("Well played!"), self.px(30), area.w - self.px(60), color=GOLD_LIGHT, bold=True,
                             shadow=True)
        head_rect = surface.blit(head, head.get_rect(midtop=(area.centerx, center[1] + self.px(50))))
        y = head_rect.bottom + self.px(8)
        for line in self._wrap(_("No decision of yours cost you anything worth mentioning in this hand: "
                                 "you played it as well as the best computer player would have."),
                               self.px(18), area.w - self.px(120), False):
            image = self.text.render(line, self.px(18), CREAM, shadow=True)
            surface.blit(image, image.get_rect(midtop=(area.centerx, y)))
            y += image.get_height()

    def _draw_item(self, surface, rect: pygame.Rect, rank: int, decision) -> None:
        table = self.table
        surface.blit(shapes.rounded_panel(rect.size, max(8, rect.h // 8), (*BLACK, 60), (*GOLD_DEEP, 160), 1), rect)
        inner = rect.inflate(-self.px(20), -self.px(14))
        # The rank disc, then the position: the pile and its named suit, the hand, the others' counts.
        disc_r = max(9, self.px(15))
        disc = (inner.left + disc_r, inner.top + disc_r)
        pygame.draw.circle(surface, GOLD_DEEP, disc, disc_r)
        pygame.draw.circle(surface, PALE_GOLD, disc, disc_r, 2)
        number = self.text.render(str(rank), int(disc_r * 1.2), CREAM, bold=True)
        surface.blit(number, number.get_rect(center=disc))
        position_w = int(inner.w * 0.44)
        caption_size = max(10, self.px(13))
        counts_h = self.text.font(caption_size).get_height() + self.px(4)
        card_h = max(24, inner.h - counts_h * 2 - self.px(12))
        card_w = max(16, min(int(card_h / 1.4), self.px(64)))
        card_h = int(card_w * 1.4)
        lay = table.layout
        bases = (lay.card_w, lay.small_w) if lay else (card_w,)
        x = disc[0] + disc_r + self.px(12)
        view = decision.view
        cards_top = inner.top + counts_h + self.px(4)
        pile = table.images.image(card_to_str(view.top), card_w, table.deck_look, table.back_style, bases)
        pile_rect = surface.blit(pile, (x, cards_top))
        caption = self.text.fit(_("Pile"), caption_size, pile_rect.w + self.px(16), color=RESULT_NOTE)
        surface.blit(caption, caption.get_rect(midbottom=(pile_rect.centerx, cards_top - self.px(6))))
        if decision.named_suit is not None:
            r = max(8, card_w // 4)
            center = (pile_rect.right - r // 2, pile_rect.bottom - r // 2)
            pygame.draw.circle(surface, SUIT_DISC, center, r)
            pygame.draw.circle(surface, SUIT_DISC_RIM, center, r, 1)
            icon = shapes.suit_sign(decision.named_suit, int(r * 1.3), table.deck_look)
            surface.blit(icon, icon.get_rect(center=center))
        hand_left = pile_rect.right + self.px(18)
        hand_right = inner.left + position_w
        cards = display_order(view.hand, view.rules)   # as the table shows the person's hand
        room = hand_right - hand_left
        hand_w = max(12, min(card_w, int(room / (1 + CORNER_SHOWN * max(0, len(cards) - 1)))))
        spacing = max(2.0, min(hand_w * 0.7, (room - hand_w) / max(1, len(cards) - 1)))
        made_card = decision.made.card if decision.made.kind == MoveKind.PLAY else None
        best_card = decision.best.card if decision.best.kind == MoveKind.PLAY else None
        caption = self.text.fit(_("Your hand"), caption_size, room // 2, color=RESULT_NOTE)
        caption_rect = surface.blit(caption, caption.get_rect(bottomleft=(hand_left, cards_top - self.px(6))))
        # Numbered among all the person's moves of the hand (forced ones too), so the last is "N of N".
        when = _("Your move {number} of {total}").format(number=self.review.number(decision),
                                                         total=self.review.moves)
        when_img = self.text.fit(when, caption_size, hand_right - caption_rect.right - self.px(10),
                                 color=PALE_GOLD, bold=True)
        surface.blit(when_img, when_img.get_rect(bottomright=(hand_right, caption_rect.bottom)))
        rings, spots = [], []
        for i, card in enumerate(cards):
            image = table.images.image(card_to_str(card), hand_w, table.deck_look, table.back_style, bases)
            spot = image.get_rect(topleft=(int(hand_left + i * spacing), cards_top + card_h - image.get_height()))
            if card in (made_card, best_card):
                spot.move_ip(0, -self.px(4))
            surface.blit(image, spot)
            spots.append((card, spot))
            if card == best_card:
                rings.append((GOLD, spot))
            elif card == made_card:
                rings.append((REVIEW_MADE_RING, spot))
        for colour, spot in rings:   # on top of every card, so the next card never hides a ring
            pygame.draw.rect(surface, colour, spot.inflate(4, 4), 3, border_radius=max(3, hand_w // 10))
        self.hand_spots.append(spots)
        self.ring_spots += rings
        self._draw_counts(surface, decision, pygame.Rect(x, cards_top + card_h + self.px(6),
                                                         hand_right - x, counts_h), caption_size)
        # The words: the move made, the better move and why, what it cost.
        text_left = inner.left + position_w + self.px(18)
        width = inner.right - text_left
        size = self.px(16)
        y = inner.top
        made = self.text.fit(move_text(decision.made), size, width, color=CREAM)
        y = surface.blit(made, (text_left, y)).bottom + self.px(4)
        tag = self.text.render(_("Better"), max(10, self.px(13)), CREAM, bold=True)
        tag_rect = pygame.Rect(text_left, y, tag.get_width() + self.px(12), tag.get_height() + 2)
        surface.blit(shapes.rounded_panel(tag_rect.size, tag_rect.h // 2, (*GOLD_DEEP, 255)), tag_rect)
        surface.blit(tag, tag.get_rect(center=tag_rect.center))
        reason_left = tag_rect.right + self.px(8)
        for line in self._wrap(hint_text(decision, self.table.session.name), size, inner.right - reason_left, True, 2):
            image = self.text.fit(line, size, inner.right - reason_left, color=GOLD_LIGHT, bold=True)
            y = surface.blit(image, (reason_left, y)).bottom
        y += self.px(6)
        penalty = decision.view.rules.scoring == "penalty"
        for line in self._wrap(review_cost_text(decision, penalty), size, width, False, 2):
            image = self.text.fit(line, size, width, color=PENALTY_POINTS)
            y = surface.blit(image, (text_left, y)).bottom

    def _draw_counts(self, surface, decision, area: pygame.Rect, size: int) -> None:
        """Every opponent's card count, in turn order: a seat-coloured dot, the name and the count."""
        x = area.left
        dot_r = max(3, size // 3)
        parts = decision.opponent_counts()
        share = max(1, area.w // max(1, len(parts)))
        for seat, count in parts:
            pygame.draw.circle(surface, SEAT_COLORS[seat % len(SEAT_COLORS)], (x + dot_r, area.centery), dot_r)
            label = ngettext("{name}: {count} card", "{name}: {count} cards", count).format(
                name=self.table.session.name(seat), count=count)
            image = self.text.fit(label, size, share - dot_r * 2 - self.px(10),
                                  color=POINTS_GAINED if count <= 1 else RESULT_NOTE)
            surface.blit(image, image.get_rect(midleft=(x + dot_r * 2 + self.px(4), area.centery)))
            x += share

    def _wrap(self, text: str, size: int, width: int, bold: bool, most: int = 0) -> list[str]:
        """``text`` broken into lines no wider than ``width`` at ``size``; with ``most``, the last line keeps
        the rest (the drawing shrinks or trims it to fit)."""
        return wrap_words(text, self.text.font(size, bold), width, most)
