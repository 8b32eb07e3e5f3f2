"""The end of a hand and the end of a match, shown over the table.

``HandResultScene(app, table, result)``: what everyone held, the points of this hand,
the running totals and "Next hand" (or "Final results" when the match is over).
``MatchResultScene(app, table, result)``: the winner, the final standings,
"Play again" (same rules, new seed) and "Main menu". Both read the session's result views
(``HandResultView``, ``MatchResultView``); the table lends its images, layout and actions.
"""
from __future__ import annotations

import math
import random

import pygame

from game.rules import card_to_str
from game.session import HUMAN, UndoRefused
from game.ui.i18n import N_, _, level_name, ngettext, undo_refusal_text

from ..look import shapes
from ..look.paint import dim
from ..look.palette import (AVATAR_RING, BLACK, CONFETTI, CREAM, EBONY, GOLD, GOLD_DEEP, GOLD_LIGHT, LEVEL_COLORS,
                             LIGHT_GREY, MEDAL_BRONZE, MEDAL_GOLD, MEDAL_NUMBER, MEDAL_RIM, MEDAL_SILVER, NO_MEDAL,
                             OUT_BADGE, PALE_GOLD, PENALTY_POINTS, POINTS_GAINED, RESULT_NOTE, RESULT_PANEL,
                             RESULT_SUBTITLE, SEAT_COLORS, WHITE)
from ..scene import AMBIENT_FPS, FULL_FPS
from ..widgets import WidgetScene
from .animation import Timer, ease_out_back, speed_factor
from .effects import Effects
from .narration import shared_win_text
from .network import not_available_text, offers
from .toast import draw_toast

REASONS = {
    "out": N_("{name} went out"),
    "blocked": N_("Nobody could play: the lowest hand wins"),
    "stock_out": N_("The stock ran out: the lowest hand wins"),
    "stop": N_("“Stop!” was called: {name} has the lowest hand"),
    "turn_cap": N_("The hand ran too long: the lowest hand wins"),
    "match_length": N_("The match is as long as a match can be: the lowest hand wins"),
}
#: The same reasons when the winner is the person, in their own words ("You went out", not "You went out"
#: built from the third person: German "Du ist raus", Greek "Εσύ: βγήκε").
OWN_REASONS = {
    "out": N_("You went out"),
    "stop": N_("“Stop!” was called: you have the lowest hand"),
}


def reason_text(reason: str, winner_name: str, winner_is_you: bool = False) -> str:
    """Why the hand ended, in words ("Ada went out"; "You went out" when the winner is the person)."""
    template = (OWN_REASONS.get(reason) if winner_is_you else None) or REASONS.get(reason, "")
    return _(template).format(name=winner_name) if template else ""



def match_summary(hands: int, game: str) -> str:
    """The line under the match result's title: "1 hand of Switch", "3 hands of Crazy Eights"."""
    return ngettext("{hands} hand of {game}", "{hands} hands of {game}", hands).format(hands=hands, game=game)


class ResultPanelScene(WidgetScene):
    """A panel over the table that opens with a little bounce (the results, the hand review)."""

    transparent = True

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.opened = Timer(0.35)
        self.panel = pygame.Rect(0, 0, 10, 10)
        self.primary = None
        self.secondary = None
        #: The toast over the panel (why Ctrl+Z takes nothing back here), as the table shows its own.
        self.effects = Effects(app.sound.play)

    @property
    def text(self):
        return self.table.text

    def update(self, dt: float) -> None:
        self.opened.update(dt)
        self.effects.update(dt, 0)

    def frame_rate(self) -> int:
        """Full while the panel opens or a toast fades, then still (a spectator's table counts down at the
        ambient rate)."""
        if self.opened.active or self.effects.toast is not None:
            return FULL_FPS
        return AMBIENT_FPS if getattr(self, "auto", None) is not None else super().frame_rate()

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.primary is not None:
                self._actions[self.primary]()
                return True
            if event.key == pygame.K_ESCAPE:
                return True
            if event.key == pygame.K_z and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
                self.undo()
                return True
        return super().handle_event(event)

    def undo(self) -> None:
        """Ctrl+Z over the results answers as it does at the table: it takes the move back where that is
        allowed, or says why not."""
        table = self.table
        if table.session.human is None:
            return
        if not self.app.settings.allow_undo:
            refusal = UndoRefused("switched_off", "undo is switched off in the settings")
        else:
            refusal = table.session.undo_refusal()
        if refusal is None:
            while self.app.scenes.top is not table and self.app.scenes.top is not None:
                self.app.pop()
            table.undo()
            return
        self.effects.show_toast(undo_refusal_text(refusal))
        self.effects.sound("invalid")

    def draw_over_widgets(self, surface) -> None:
        super().draw_over_widgets(surface)
        draw_toast(surface, self.text, self.effects, self.table.layout)

    def _panel_rect(self, width_frac: float, height: int) -> pygame.Rect:
        w, h = self.app.size
        margin = max(12, int(min(w, h) * 0.03))
        rect = pygame.Rect(0, 0, min(w - margin * 2, int(w * width_frac)), min(h - margin * 2, height))
        rect.center = (w // 2, h // 2)
        return rect

    def _draw_panel(self, surface, alpha: int = 246) -> float:
        t = 1.0 - self.opened.fraction
        dim(surface, int(165 * min(1.0, t * 1.5)))
        grow = ease_out_back(min(1.0, t))
        rect = self.panel
        radius = max(12, rect.h // 28)
        offset = int((1.0 - grow) * rect.h * 0.08)
        shadow = shapes.soft_shadow(rect.size, radius, max(6, rect.h // 40), 150)
        surface.blit(shadow, shadow.get_rect(center=(rect.centerx + 4, rect.centery + 10 + offset)))
        surface.blit(shapes.rounded_panel(rect.size, radius, (*RESULT_PANEL, alpha), (*GOLD, 255), 2, True),
                     rect.move(0, offset))
        return offset

    def _avatar(self, surface, seat: int, center, radius: int) -> None:
        color = SEAT_COLORS[seat % len(SEAT_COLORS)]
        pygame.draw.circle(surface, EBONY, (center[0], center[1] + 1), radius + 1)
        pygame.draw.circle(surface, color, center, radius)
        pygame.draw.circle(surface, AVATAR_RING, center, radius, 2)
        initial = self.text.render(self.table.session.name(seat)[:1].upper(), int(radius * 1.15), WHITE,
                                   bold=True, shadow=True)
        surface.blit(initial, initial.get_rect(center=center))

    def _badge(self, surface, text: str, color, midleft) -> pygame.Rect:
        label = self.text.render(text, max(10, self.px(13)), WHITE, bold=True)
        rect = pygame.Rect(0, 0, label.get_width() + 12, label.get_height() + 2)
        rect.midleft = midleft
        surface.blit(shapes.rounded_panel(rect.size, rect.h // 2, (*color, 255)), rect)
        surface.blit(label, label.get_rect(center=rect.center))
        return rect


def analysis_button(scene, action, text: str, tip: str):
    """A small button in the panel's top-right corner that opens the match analysis screen."""
    width = max(scene.px(150), scene.text_w(text, 14) + 28)
    rect = pygame.Rect(0, 0, width, max(28, scene.px(32)))
    rect.topright = (scene.panel.right - scene.px(14), scene.panel.top + scene.px(14))
    return scene.button(rect, text, action, style="@small_button", tool_tip=tip, name="open_analysis")


class HandResultScene(ResultPanelScene):
    """Everyone's remaining cards, this hand's points and the totals."""

    def __init__(self, app, table, result=None):
        super().__init__(app, table)
        #: The session's HandResultView of the hand shown.
        self.result = result if result is not None else table.session.hand_result()
        self.review_button = None
        self.auto: Timer | None = None
        if table.human is None:  # a table of computers (spectating): carry on by itself
            self.auto = Timer(max(0.15, 2.8 * speed_factor(getattr(app.settings, "animation_speed", "normal"))))

    def build(self) -> None:
        result = self.result
        rows = len(result.seats)
        w, h = self.app.size
        menu_rect = self._build_menu_button()
        # The panel keeps clear of the Menu button in the corner: it stays above and below it alike.
        room = h - 2 * (menu_rect.bottom + self.px(10))
        row_h = max(40, min(self.px(66), (min(h - self.px(36), room) - self.px(224)) // max(1, rows)))
        self.row_h = row_h
        height = self.px(150) + row_h * rows + self.px(74)
        self.panel = self._panel_rect(0.86, height)
        bw, bh = self.px(230), max(38, self.px(50))
        rect = pygame.Rect(0, 0, bw, bh)
        rect.midbottom = (self.panel.centerx, self.panel.bottom - self.px(18))
        self.review_button = None
        if self.can_review():
            gap = self.px(20)
            review_rect = rect.copy()
            review_rect.right = self.panel.centerx - gap // 2
            rect.left = self.panel.centerx + gap // 2
            self.review_button = self.button(review_rect, _("Review hand"), self.open_review, name="review_hand",
                                      tool_tip=_("How your decisions in this hand compare with the best ones (R)"))
        self.analysis_button = analysis_button(self, self.open_analysis, _("Analyse hand"),
                                               _("Every player's decisions and luck in this hand (A)"))
        if self.result.match_over:
            self.primary = self.button(rect, _("Final results"), self.final_results, primary=True,
                                       name="final_results")
        else:
            self.primary = self.button(rect, _("Next hand"), self.next_hand, primary=True, name="next_hand")

    def _build_menu_button(self) -> pygame.Rect:
        """The table's Menu button, where the table has it, so the pause menu is one click away here too."""
        corner = self.table.board.layout.menu_button
        font = self.app.assets.font(round(15 * self.app.font_scale), True)
        width = max(corner.w, font.size(_("Menu"))[0] + 24)
        rect = pygame.Rect(corner.right - width, corner.top, width, corner.h)
        self.menu_button = self.button(rect, _("Menu"), self.open_pause, style="@small_button",
                                       tool_tip=_("Pause (Esc)"), name="result_menu")
        return rect

    def open_pause(self) -> None:
        """The table's pause menu over the result (Escape, or the Menu button); Resume comes back here."""
        self.app.go("pause", self.table)

    def can_review(self) -> bool:
        """Whether the person played this hand (a spectator's table has nobody to review)."""
        session = self.table.session
        return bool(session.people) and session.viewer in self.result.seats and offers(session, "review")

    def open_review(self) -> None:
        self.app.go("hand_review", self.table, self.result.number)

    def open_analysis(self) -> None:
        """Every player's decisions and luck in this hand (the match analysis screen)."""
        from game.session.match_review import AnalysisSource
        if not offers(self.table.session, "match_review"):
            self.app.notify(not_available_text())
            return
        self.app.go("match_analysis", AnalysisSource.of_session(self.table.session, (self.result.number,)))

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and self.focused() is None:
            self.press(self.primary)   # Enter goes on to the next hand (or the final results)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r and self.review_button is not None:
            self.open_review()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_a:
            self.open_analysis()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and not self.close_drop_downs():
            self.open_pause()
            return True
        return super().handle_event(event)

    def next_hand(self) -> None:
        table = self.table
        if self.app.scenes.top is self:
            self.app.pop()
        table.next_hand()

    def final_results(self) -> None:
        self.app.go("match_result", self.table, self.table.session.match_result(), how="replace")

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.auto is not None:
            self.auto.update(dt)
            if not self.auto.active:
                self.auto = None
                (self.final_results if self.result.match_over else self.next_hand)()

    def draw(self, surface) -> None:
        offset = self._draw_panel(surface)
        table, result = self.table, self.result
        # As last drawn, per row with cards: where they end and their points note begins (the layout test reads it).
        self.drawn_rows: list[tuple[int, int]] = []
        panel = self.panel.move(0, offset)
        winner = result.winner
        title_text = (_("You win the hand!") if winner == table.addressed
                      else _("{name} wins the hand").format(name=table.session.name(winner)))
        title = self.text.render(title_text, self.px(34), GOLD, bold=True, shadow=True)
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.top + self.px(18))))
        sub = reason_text(result.reason, table.session.name(winner), winner == table.addressed)
        sub_line = _("Hand {number}").format(number=result.number) + (f"  ·  {sub}" if sub else "")
        sub_img = self.text.render(sub_line, self.px(17), RESULT_SUBTITLE, shadow=True)
        surface.blit(sub_img, sub_img.get_rect(midtop=(panel.centerx, panel.top + self.px(18) + title.get_height())))
        # Column headings.
        pad = self.px(28)
        x_name = panel.left + pad
        x_cards = panel.left + int(panel.w * 0.3)
        x_points = panel.left + int(panel.w * 0.76)
        x_total = panel.left + int(panel.w * 0.9)
        head_y = panel.top + self.px(112)
        hs = self.px(15)
        for text, x, align in ((_("Player"), x_name, "left"), (_("Cards left"), x_cards, "left"),
                               (_("This hand"), x_points, "center"), (_("Total"), x_total, "center")):
            img = self.text.render(text, hs, GOLD_LIGHT, bold=True)
            rect = img.get_rect(topleft=(x, head_y)) if align == "left" else img.get_rect(midtop=(x, head_y))
            surface.blit(img, rect)
        row_h = self.row_h
        y = head_y + hs + self.px(12)
        lay = table.layout
        for seat in result.seats:
            row = pygame.Rect(panel.left + pad // 2, y, panel.w - pad, row_h - 4)
            if seat == winner:
                surface.blit(shapes.rounded_panel(row.size, row.h // 4, (*GOLD, 60),
                                                  (*GOLD_LIGHT, 200), 1), row)
            else:
                surface.blit(shapes.rounded_panel(row.size, row.h // 4, (*BLACK, 50)), row)
            r = int(row.h * 0.36)
            self._avatar(surface, seat, (x_name + r, row.centery), r)
            name = self.text.fit(table.session.name(seat), self.px(19), x_cards - x_name - r * 2 - self.px(20),
                                 color=CREAM, bold=True)
            kind = table.session.seats[seat].kind
            # A computer's level goes under its name; the person's row has no level (it would read
            # "You" under the name "You"), so the name sits in the middle of the row.
            name_y = row.centery if kind == HUMAN else row.centery - row.h * 0.14
            surface.blit(name, name.get_rect(midleft=(x_name + r * 2 + self.px(10), name_y)))
            if kind != HUMAN:
                lvl = self.text.render(level_name(kind), max(10, self.px(13)), LEVEL_COLORS.get(kind, LIGHT_GREY),
                                       bold=True)
                surface.blit(lvl, lvl.get_rect(midleft=(x_name + r * 2 + self.px(10), row.centery + row.h * 0.2)))
            # The cards still held, up to the note of what they are worth (however long its words run).
            cards = list(result.hands.get(seat, ()))
            value = result.values.get(seat, 0)
            card_h = int(row.h * 0.84)
            card_w = max(8, int(card_h / 1.4))
            avail = x_points - x_cards - self.px(50)
            if cards:
                vimg = self.text.render(ngettext("{points} pt in hand", "{points} pts in hand", value).format(
                    points=value), self.px(13), RESULT_NOTE)
                note = surface.blit(vimg, vimg.get_rect(midright=(x_points - self.px(46), row.centery)))
                avail = min(avail, note.left - self.px(10) - x_cards)
                spacing = min(card_w * 0.62, (avail - card_w) / max(1, len(cards) - 1))
                for i, card in enumerate(cards):
                    image = table.images.image(card_to_str(card), card_w, table.deck_look, table.back_style,
                                               (lay.card_w, lay.small_w) if lay else (card_w,))
                    strip = surface.blit(image, image.get_rect(midleft=(x_cards + i * spacing, row.centery)))
                self.drawn_rows.append((strip.right, note.left))
            else:
                out = self.text.render(_("went out"), self.px(16), GOLD_LIGHT, bold=True)
                surface.blit(out, out.get_rect(midleft=(x_cards, row.centery)))
            score = result.scores.get(seat, 0)
            score_img = self.text.render(f"+{score}" if score else "0", self.px(22),
                                         PENALTY_POINTS if score and result.penalty_scoring
                                         else POINTS_GAINED if score else CREAM, bold=True)
            surface.blit(score_img, score_img.get_rect(center=(x_points, row.centery)))
            total_img = self.text.render(str(result.totals[seat]), self.px(22), CREAM, bold=True)
            surface.blit(total_img, total_img.get_rect(center=(x_total, row.centery)))
            if result.eliminated[seat]:
                self._badge(surface, _("Out"), OUT_BADGE, (x_total + total_img.get_width() // 2 + 8,
                                                               row.centery))
            y += row_h


class MatchResultScene(ResultPanelScene):
    """The winner, the final standings, "Play again" and "Main menu"."""

    def __init__(self, app, table, result=None):
        super().__init__(app, table)
        #: The session's MatchResultView.
        self.result = result if result is not None else table.session.match_result()
        self.confetti: list[list[float]] = []
        self.human_won = table.human is not None and any(seat in self.result.winners for seat in table.session.people)
        self.sparkle = random.Random(self.result.seed)
        self.time = 0.0
        self.spoken = False

    def on_enter(self) -> None:
        super().on_enter()
        speech = getattr(self.table, "speech", None)
        if not self.spoken and speech is not None:
            self.spoken = True
            speech.match_result(self.title_text(), match_summary(self.result.hands_played, _(self.result.game_name)))

    def title_text(self) -> str:
        """"You win the match!", "Ada wins the match", or a shared win."""
        table = self.table
        winners = self.result.winners
        if self.human_won and len(winners) == 1 and table.addressed is not None:
            return _("You win the match!")
        if len(winners) == 1:
            return _("{name} wins the match").format(name=table.session.name(winners[0]))
        return shared_win_text([table.session.name(s) for s in winners if s != table.addressed],
                               table.addressed in winners)

    def build(self) -> None:
        rows = len(self.result.standings)
        w, h = self.app.size
        row_h = max(38, min(self.px(58), (h - self.px(316)) // max(1, rows)))
        self.row_h = row_h
        height = self.px(212) + row_h * rows + self.px(84)
        self.panel = self._panel_rect(0.6, height)
        bw, bh = self.px(220), max(38, self.px(50))
        gap = self.px(20)
        left = pygame.Rect(0, 0, bw, bh)
        left.bottomright = (self.panel.centerx - gap // 2, self.panel.bottom - self.px(20))
        right = pygame.Rect(0, 0, bw, bh)
        right.bottomleft = (self.panel.centerx + gap // 2, self.panel.bottom - self.px(20))
        if offers(self.table.session, "rematch"):
            self.primary = self.button(left, _("Play again"), self.play_again, primary=True, name="play_again")
            self.secondary = self.button(right, _("Main menu"), self.main_menu, name="main_menu")
        else:   # a network table: the friends are not at a rematch
            middle = left.copy()
            middle.centerx = self.panel.centerx
            self.primary = self.secondary = self.button(middle, _("Main menu"), self.main_menu, primary=True,
                                                        name="main_menu")
        self.analysis_button = analysis_button(self, self.open_analysis, _("Match analysis"),
                                               _("Every player's decisions and luck in the whole match (A)"))

    def open_analysis(self) -> None:
        """Every player's decisions and luck over the whole match (the match analysis screen)."""
        from game.session.match_review import AnalysisSource
        if not offers(self.table.session, "match_review"):
            self.app.notify(not_available_text())
            return
        self.app.go("match_analysis", AnalysisSource.of_session(self.table.session))

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_a:
            self.open_analysis()
            return True
        return super().handle_event(event)

    def play_again(self) -> None:
        table = self.table
        if not offers(table.session, "rematch"):
            return
        next_seed = getattr(self.app, "next_seed", None)
        seed = next_seed() if callable(next_seed) else random.SystemRandom().randrange(2 ** 31)
        if seed == self.result.seed:
            seed += 1
        session = table.session.rematch(seed)
        self.app.scenes.pop()  # this result (the table below re-enters briefly)
        self.app.go("table", session, how="replace")

    def main_menu(self) -> None:
        main_menu = getattr(self.app, "main_menu", None)
        if callable(main_menu):
            main_menu()
            return
        self.app.pop()
        self.app.pop()

    def frame_rate(self) -> int:
        return FULL_FPS if self.human_won else super().frame_rate()   # the confetti falls

    def update(self, dt: float) -> None:
        super().update(dt)
        self.time += dt
        if not self.human_won:
            return
        w, h = self.app.size
        rng = self.sparkle
        while len(self.confetti) < 120:
            self.confetti.append([rng.uniform(0, w), rng.uniform(-h, 0), rng.uniform(-30, 30),
                                  rng.uniform(90, 190), rng.uniform(0, 360), rng.uniform(-240, 240),
                                  rng.randrange(5)])
        for p in self.confetti:
            p[0] += p[2] * dt
            p[1] += p[3] * dt
            p[4] += p[5] * dt
            if p[1] > h + 20:
                p[0], p[1] = rng.uniform(0, w), rng.uniform(-60, -10)

    def draw(self, surface) -> None:
        offset = self._draw_panel(surface)
        table = self.table
        result = self.result
        panel = self.panel.move(0, offset)
        title_text = self.title_text()
        self._trophy(surface, (panel.centerx, panel.top + self.px(58)), self.px(40))
        title = self.text.render(title_text, self.px(34), GOLD, bold=True, shadow=True)
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.top + self.px(104))))
        sub = match_summary(result.hands_played, _(result.game_name))
        sub_img = self.text.render(sub, self.px(16), RESULT_SUBTITLE, shadow=True)
        sub_rect = surface.blit(sub_img, sub_img.get_rect(midtop=(panel.centerx,
                                                                  panel.top + self.px(104) + title.get_height())))
        y = max(panel.top + self.px(178), sub_rect.bottom + self.px(14))
        pad = self.px(36)
        medal = [MEDAL_GOLD, MEDAL_SILVER, MEDAL_BRONZE]
        for standing in result.standings:
            seat = standing.seat
            row = pygame.Rect(panel.left + pad, y, panel.w - pad * 2, self.row_h - 6)
            first = standing.place == 1
            fill = (*GOLD, 70) if first else (*BLACK, 55)
            surface.blit(shapes.rounded_panel(row.size, row.h // 4, fill,
                                              (*GOLD_LIGHT, 220) if first else None, 1), row)
            r = int(row.h * 0.34)
            mc = medal[standing.place - 1] if standing.place <= 3 else NO_MEDAL
            mx = row.left + r + self.px(10)
            pygame.draw.circle(surface, mc, (mx, row.centery), r)
            pygame.draw.circle(surface, MEDAL_RIM, (mx, row.centery), r, 2)
            place = self.text.render(str(standing.place), int(r * 1.2), MEDAL_NUMBER, bold=True)
            surface.blit(place, place.get_rect(center=(mx, row.centery)))
            ax = mx + r * 2 + self.px(14)
            self._avatar(surface, seat, (ax + r, row.centery), r)
            name = self.text.fit(table.session.name(seat), self.px(20), int(row.w * 0.45), color=CREAM, bold=True)
            nrect = surface.blit(name, name.get_rect(midleft=(ax + r * 2 + self.px(12), row.centery)))
            if standing.eliminated:
                self._badge(surface, _("Out"), OUT_BADGE, (nrect.right + 10, row.centery))
            elif seat in result.winners:
                self._badge(surface, _("Winner"), GOLD_DEEP, (nrect.right + 10, row.centery))
            pts = self.text.render(ngettext("{points} point", "{points} points", standing.total).format(
                points=standing.total), self.px(20), CREAM, bold=True)
            surface.blit(pts, pts.get_rect(midright=(row.right - self.px(14), row.centery)))
            y += self.row_h
        for x, yy, _vx, _vy, angle, _va, ci in self.confetti:
            w = 9 * abs(math.cos(math.radians(angle))) + 2
            pygame.draw.rect(surface, CONFETTI[ci], pygame.Rect(int(x), int(yy), int(w), 5))

    def _trophy(self, surface, center, size: int) -> None:
        cx, cy = center
        gold, deep = GOLD, GOLD_DEEP
        cup = [(cx - size * 0.62, cy - size * 0.7), (cx + size * 0.62, cy - size * 0.7),
               (cx + size * 0.5, cy - size * 0.1), (cx + size * 0.16, cy + size * 0.22),
               (cx - size * 0.16, cy + size * 0.22), (cx - size * 0.5, cy - size * 0.1)]
        for side in (-1, 1):
            pygame.draw.circle(surface, deep, (cx + side * size * 0.62, cy - size * 0.36), int(size * 0.3),
                               max(2, size // 10))
        pygame.draw.polygon(surface, gold, cup)
        pygame.draw.polygon(surface, deep, cup, 2)
        pygame.draw.rect(surface, deep, pygame.Rect(cx - size * 0.09, cy + size * 0.2, size * 0.18, size * 0.36))
        base = pygame.Rect(0, 0, int(size * 0.8), int(size * 0.2))
        base.midtop = (cx, int(cy + size * 0.54))
        pygame.draw.rect(surface, gold, base, border_radius=3)
        pygame.draw.rect(surface, deep, base, 2, border_radius=3)
        shapes.star(surface, (cx, cy - size * 0.3), size * 0.26, PALE_GOLD)
