"""The match analysis screen: every seat's decisions ranked and marked, the draws' luck, and per player
the marks, error rate, rating, luck and the luck-adjusted result.

``MatchAnalysisScene(app, source)`` (``source``: a ``game.session.match_review.AnalysisSource``, from
the hand result, the match result or the replay viewer) starts a ``MatchAnalysisJob`` (two worker
processes) and shows its progress; then, on the left, one card per player, and on the right one
decision at a time: the position (pile and the mover's hand), every candidate move ranked with its
win chance, points and loss against the best, the move played ringed, its mark, and the luck of any
cards it drew. Keys: Left/Right the previous/next decision, N the next error (Shift+N the one before),
P the next player (only their decisions; P past the last shows everyone's; or click a player), E exports the
analysis as a text file in the records folder, Escape goes back. It reads the source and the
analysis only: never the match.
"""
from __future__ import annotations

import datetime
from pathlib import Path

import pygame

from game.rules import card_to_str
from game.session.match_review import MARKS, RATINGS, AnalysisSource
from game.session.match_review_job import MatchAnalysisJob
from game.store.files import write_bytes_atomic

from ..i18n import _, decimal_text, level_name, ngettext
from ..look import shapes
from ..look.palette import (BLACK, CREAM, GOLD, GOLD_DEEP, GOLD_LIGHT, LEVEL_COLORS, LIGHT_GREY, PALE_GOLD,
                            PENALTY_POINTS, POINTS_GAINED, RESULT_NOTE, RESULT_PANEL, RESULT_SUBTITLE,
                            REVIEW_MADE_RING, REVIEW_TRACK, SEAT_COLORS, SUIT_DISC, SUIT_DISC_RIM, WHITE)
from ..problems import os_error_words
from ..safe_text import safe_text
from ..scene import AMBIENT_FPS, IDLE_FPS
from ..deck_looks import shown_deck_look
from ..table.board import display_order
from ..table.sprites import CardImages, TextCache
from ..widgets import WidgetScene
from .words import (MARK_SIGNS, analysis_text, candidate_text, drawn_text, luck_text, mark_text, percent_text,
                    pp_text, rating_text)

#: Each mark's colour, mildest first, and the luck marks'.
MARK_COLORS = {"doubtful": (226, 190, 70), "bad": (232, 128, 52), "very_bad": (214, 58, 48)}
LUCK_COLORS = {"very_lucky": (96, 200, 120), "lucky": (150, 214, 150), "average": RESULT_NOTE,
               "unlucky": (236, 150, 120), "very_unlucky": (232, 96, 80)}
RATING_COLORS = {"world_class": GOLD, "expert": GOLD_LIGHT, "advanced": (150, 214, 150),
                 "intermediate": (140, 190, 230), "casual": (220, 190, 150), "beginner": (200, 170, 160)}
#: Candidate rows shown at most (the move played is always among them).
MOST_ROWS = 7
BAR_CATCH_UP = 8.0


class MatchAnalysisScene(WidgetScene):
    """Progress while the moves are analysed, then the players' summaries and the decision browser."""

    def __init__(self, app, source: AnalysisSource):
        super().__init__(app)
        self.source = source
        self.job: MatchAnalysisJob | None = None
        self.analysis = None
        self.problem = ""
        self.shown_fraction = 0.0
        self.index = 0            # the item (a decision) shown, an index into analysis.items
        self.player: int | None = None   # only this seat's decisions, or everyone's
        self.text = TextCache(self._font)
        self.images = CardImages(app.assets, self._font)
        self.buttons: dict[str, object] = {}
        self.buttons_left = 0     # where the row of buttons starts (under the players when words are long)
        #: As last drawn (the tests read them): each player card's rect by seat, each candidate row.
        self.player_rects: dict[int, pygame.Rect] = {}
        self.row_rects: list[pygame.Rect] = []
        self.browser_rect = pygame.Rect(0, 0, 0, 0)

    def _font(self, size: int, bold: bool = False):
        return self.app.assets.font(size, bold)

    # ----- life cycle ---------------------------------------------------------------------------

    def on_enter(self) -> None:
        if self.job is None and self.analysis is None and not self.problem:
            try:
                self.job = MatchAnalysisJob(self.source.record, self.source.hands)
            except (ValueError, KeyError) as error:   # a record that does not replay: say so, lose nothing
                self.problem = _("This match cannot be analysed: {error}").format(error=safe_text(str(error), 80))
            else:
                self._keep(self.job.poll())
        super().on_enter()

    def _keep(self, analysis) -> None:
        if analysis is None:
            return
        self.analysis = analysis
        self.job = None
        decisions = analysis.decisions
        first = [i for i in decisions if analysis.items[i].moment.hand >= self.source.first_hand]
        self.index = (first or decisions or [0])[0]
        if self.built:
            self.rebuild()

    def on_exit(self) -> None:
        super().on_exit()
        if self not in list(self.app.scenes):
            self.close()

    def close(self) -> None:
        """Stop the workers (nobody waits for the answer any more)."""
        if self.job is not None:
            self.job.close()
            self.job = None

    def back(self) -> None:
        self.close()
        if self.app.scenes.top is self:
            self.app.pop()

    def on_escape(self) -> bool:
        self.back()
        return True

    # ----- widgets ------------------------------------------------------------------------------

    @property
    def panel(self) -> pygame.Rect:
        w, h = self.app.size
        margin = max(10, self.px(16))
        return pygame.Rect(margin, margin, w - margin * 2, h - margin * 2)

    def build(self) -> None:
        panel = self.panel
        bh = max(34, self.px(40))
        gap = self.px(10)
        y = panel.bottom - bh - self.px(12)
        self.buttons = {}
        back_w = max(self.px(130), self.text_w(_("Back")) + 40)
        back = pygame.Rect(panel.right - self.px(16) - back_w, y, back_w, bh)
        self.buttons["back"] = self.button(back, _("Back"), self.back, primary=True, name="analysis_back",
                                           tool_tip=_("Back (Escape)"))
        if self.analysis is None:
            return
        specs = [("previous", _("Previous"), self.previous, _("Previous decision (Left)")),
                 ("next", _("Next"), self.next, _("Next decision (Right)")),
                 ("next_error", _("Next error"), self.next_error,
                  _("Next marked decision (N; Shift+N: the one before)")),
                 ("export", _("Export…"), self.export,
                  _("Save the analysis as a text file in the records folder (E)"))]
        x = self.browser_left()
        widths = [max(self.px(110), self.text_w(text) + 36) for _name, text, _action, _tip in specs]
        room = back.left - self.px(16) - x - gap * (len(specs) - 1)
        if sum(widths) > room:   # long words (German) in a small window: the row starts under the players
            x = panel.left + self.px(16)
            room = back.left - self.px(16) - x - gap * (len(specs) - 1)
        self.buttons_left = x
        if sum(widths) > room:   # ... and if that is not enough either, every button gives way alike
            widths = [int(width * room / sum(widths)) for width in widths]
        for (name, text, action, tip), width in zip(specs, widths):
            self.buttons[name] = self.button(pygame.Rect(x, y, width, bh), text, action, tool_tip=tip,
                                             name=f"analysis_{name}")
            x += width + gap
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        if self.analysis is None or "next_error" not in self.buttons:
            return
        shown = self.shown_decisions()
        marked = self.analysis.next_marked(self.index, self.player) is not None
        for name, enabled in (("previous", bool(shown) and self.index > shown[0]),
                              ("next", bool(shown) and self.index < shown[-1]), ("next_error", marked)):
            (self.buttons[name].enable if enabled else self.buttons[name].disable)()

    def browser_left(self) -> int:
        panel = self.panel
        return panel.left + int(panel.w * 0.34) + self.px(10)

    # ----- moving through the decisions ----------------------------------------------------------

    def shown_decisions(self) -> list[int]:
        """The decisions the browser steps through (the chosen player's, or everyone's)."""
        if self.analysis is None:
            return []
        return [i for i in self.analysis.decisions if self.player is None or self.analysis.items[i].seat == self.player]

    def go(self, index: int) -> None:
        self.index = index
        self._refresh_buttons()

    def next(self) -> None:
        later = [i for i in self.shown_decisions() if i > self.index]
        if later:
            self.go(later[0])

    def previous(self) -> None:
        earlier = [i for i in self.shown_decisions() if i < self.index]
        if earlier:
            self.go(earlier[-1])

    def next_error(self, backwards: bool = False) -> None:
        if self.analysis is None:
            return
        found = self.analysis.next_marked(self.index, self.player, backwards)
        if found is not None:
            self.go(found)

    def choose_player(self, seat: int | None) -> None:
        """Show only ``seat``'s decisions (None: everyone's), from the first one."""
        self.player = seat
        shown = self.shown_decisions()
        if shown and self.index not in shown:
            self.index = shown[0]
        self._refresh_buttons()

    def next_player(self) -> None:
        seats = [summary.seat for summary in self.analysis.summaries()] if self.analysis else []
        if not seats:
            return
        if self.player is None:
            self.choose_player(seats[0])
        else:
            later = [seat for seat in seats if seat > self.player]
            self.choose_player(later[0] if later else None)

    def export(self) -> None:
        """Ask for a name in the records folder, then write the analysis there as a text file."""
        if self.analysis is None:
            return
        stamp = datetime.datetime.now().strftime("%Y-%m-%d %H%M")
        self.app.go("records", "save", self.app.folders.records_dir, self.write_export,
                    suggested_name=_("Analysis {date}").format(date=stamp))

    def write_export(self, path: Path) -> bool:
        """Write the analysis to ``path`` (".txt" added); False (with a notice) when it cannot be written."""
        path = path.with_suffix(".txt") if path.suffix.lower() == ".json" else path.with_name(path.name + ".txt")
        stem, number = path.stem, 2
        while path.exists():   # an earlier analysis of the same name is kept, not written over
            path = path.with_name(f"{stem} ({number}).txt")
            number += 1
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_bytes_atomic(path, analysis_text(self.analysis, self.source).encode("utf-8"))
        except OSError as error:
            self.app.notify(_("The analysis could not be saved: {error}").format(error=os_error_words(error)),
                            problem=True)
            return False
        self.app.notify(_("Analysis saved as {name}.").format(name=safe_text(path.name, 60)))
        return True

    # ----- input and time -------------------------------------------------------------------------

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and self.analysis is not None:
            shift = event.mod & pygame.KMOD_SHIFT
            keys = {pygame.K_RIGHT: self.next, pygame.K_LEFT: self.previous, pygame.K_p: self.next_player,
                    pygame.K_e: self.export, pygame.K_n: lambda: self.next_error(bool(shift))}
            action = keys.get(event.key)
            if action is not None:
                action()
                return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.back()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.analysis is not None:
            for seat, rect in self.player_rects.items():
                if rect.collidepoint(event.pos):
                    self.choose_player(None if self.player == seat else seat)
                    return True
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        if self.analysis is None and self.job is not None:
            self._keep(self.job.poll())
        done, total = self.progress
        target = done / total if total else 1.0
        self.shown_fraction += (target - self.shown_fraction) * min(1.0, dt * BAR_CATCH_UP)
        if abs(target - self.shown_fraction) < 0.002:
            self.shown_fraction = target

    @property
    def progress(self) -> tuple[int, int]:
        """``(done, total)`` moves analysed."""
        if self.job is not None:
            return self.job.done, self.job.total
        return (1, 1) if self.analysis is not None else (0, 0)

    def frame_rate(self) -> int:
        return AMBIENT_FPS if self.analysis is None and not self.problem else IDLE_FPS

    # ----- drawing ---------------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        names = self.source.names
        return safe_text(names[seat], max_chars=24) if seat < len(names) else str(seat + 1)

    def draw(self, surface) -> None:
        self.draw_background(surface)
        panel = self.panel
        shadow = shapes.soft_shadow(panel.size, self.px(16), max(6, panel.h // 40), 150)
        surface.blit(shadow, shadow.get_rect(center=(panel.centerx + 4, panel.centery + 8)))
        surface.blit(shapes.rounded_panel(panel.size, self.px(16), (*RESULT_PANEL, 250), (*GOLD, 255), 2, True),
                     panel)
        many = self.source.hands is None or len(self.source.hands) != 1
        title = _("Match analysis") if many else _("Hand {number} analysis").format(number=self.source.hands[0])
        title_img = self.text.render(title, self.px(30), GOLD, bold=True, shadow=True)
        title_rect = surface.blit(title_img, title_img.get_rect(midtop=(panel.centerx, panel.top + self.px(10))))
        self.player_rects, self.row_rects = {}, []
        if self.problem:
            words = self.text.fit(self.problem, self.px(18), panel.w - self.px(60), color=PENALTY_POINTS)
            surface.blit(words, words.get_rect(center=panel.center))
            return
        if self.analysis is None:
            self._draw_progress(surface, panel)
            return
        analysis = self.analysis
        game = safe_text(_(self.source.game), max_chars=40) if self.source.game else ""
        hands = ngettext("{count} hand", "{count} hands", len(analysis.hands)).format(count=len(analysis.hands))
        decisions = ngettext("{count} decision", "{count} decisions", len(analysis.decisions)).format(
            count=len(analysis.decisions))
        sub = "  ·  ".join(part for part in (game, hands, decisions) if part)
        sub_img = self.text.fit(sub, self.px(16), panel.w - self.px(40), color=RESULT_SUBTITLE, shadow=True)
        sub_rect = surface.blit(sub_img, sub_img.get_rect(midtop=(panel.centerx, title_rect.bottom)))
        top = sub_rect.bottom + self.px(10)
        bottom = self.buttons["back"].rect.top - self.px(10) if "back" in self.buttons else panel.bottom - self.px(60)
        key_size = max(10, self.px(13))
        keys_under_players = self.buttons_left < self.browser_left()
        key_room = self.text.font(key_size).get_height() + self.px(6) if keys_under_players else 0
        left_col = pygame.Rect(panel.left + self.px(14), top, self.browser_left() - panel.left - self.px(24),
                               bottom - top - key_room)
        self._draw_players(surface, left_col)
        self.browser_rect = pygame.Rect(self.browser_left(), top, panel.right - self.px(14) - self.browser_left(),
                                        bottom - top)
        self._draw_browser(surface, self.browser_rect)
        keys = _("Left/Right: decisions · N: next error · P: one player · E: export")
        key_img = self.text.fit(keys, key_size, self.browser_left() - panel.left - self.px(28), color=RESULT_NOTE)
        if keys_under_players:
            surface.blit(key_img, key_img.get_rect(bottomleft=(panel.left + self.px(18), bottom)))
        else:
            surface.blit(key_img, key_img.get_rect(midleft=(panel.left + self.px(18),
                                                            self.buttons["back"].rect.centery)))

    def _draw_progress(self, surface, panel) -> None:
        done, total = self.progress
        middle = panel.centery
        words = self.text.fit(_("Looking at every player's decisions and luck…"), self.px(20), panel.w - self.px(60),
                              color=CREAM, shadow=True)
        words_rect = surface.blit(words, words.get_rect(midbottom=(panel.centerx, middle - self.px(14))))
        size = self.px(34)
        for suit in range(4):
            lit = suit < round(self.shown_fraction * 4)
            icon = shapes.suit_icon(suit, size, GOLD if lit else RESULT_NOTE, GOLD_DEEP if lit else None)
            centre = (panel.centerx + int((suit - 1.5) * size * 1.6), words_rect.top - self.px(24) - size // 2)
            surface.blit(icon, icon.get_rect(center=centre))
        track = pygame.Rect(0, 0, int(panel.w * 0.5), max(10, self.px(22)))
        track.midtop = (panel.centerx, middle)
        surface.blit(shapes.rounded_panel(track.size, track.h // 2, (*REVIEW_TRACK, 255), (*GOLD_DEEP, 255), 2), track)
        fill_w = int((track.w - 4) * max(0.0, min(1.0, self.shown_fraction)))
        if fill_w >= track.h - 4:
            fill = pygame.Rect(track.left + 2, track.top + 2, fill_w, track.h - 4)
            surface.blit(shapes.rounded_panel(fill.size, fill.h // 2, (*GOLD, 255), (*PALE_GOLD, 255), 1, True), fill)
        count = ngettext("{done} of {total} move", "{done} of {total} moves", total).format(done=done, total=total)
        count_img = self.text.render(count, self.px(16), RESULT_NOTE)
        surface.blit(count_img, count_img.get_rect(midtop=(panel.centerx, track.bottom + self.px(10))))

    # ----- the players ---------------------------------------------------------------------------

    def _draw_players(self, surface, area: pygame.Rect) -> None:
        summaries = self.analysis.summaries()
        gap = self.px(6)
        card_h = min(self.px(118), (area.h - gap * (len(summaries) - 1)) // max(1, len(summaries)))
        y = area.top
        for summary in summaries:
            rect = pygame.Rect(area.left, y, area.w, card_h)
            self._draw_player(surface, rect, summary)
            self.player_rects[summary.seat] = rect
            y += card_h + gap
        if area.bottom - y >= self.px(70):
            self._draw_scale(surface, pygame.Rect(area.left, y + self.px(6), area.w, area.bottom - y - self.px(6)))

    def _draw_scale(self, surface, area: pygame.Rect) -> None:
        """The rating scale, in the room under the players: each name and the error rate it takes."""
        size = max(10, self.px(12))
        line_h = self.text.font(size).get_height()
        head = self.text.fit(_("Rating scale (error rate per decision)"), size, area.w, color=GOLD_LIGHT, bold=True)
        y = surface.blit(head, (area.left + self.px(4), area.top)).bottom + self.px(2)
        lower = 0.0
        for name, below in RATINGS:
            if y + line_h > area.bottom:
                break
            label = self.text.fit(rating_text(name), size, area.w // 2, color=RATING_COLORS.get(name, CREAM), bold=True)
            surface.blit(label, (area.left + self.px(12), y))
            span = (_("under {rate}").format(rate=decimal_text(below, 1)) if lower == 0.0 else
                    _("{low} to {high}").format(low=decimal_text(lower, 1), high=decimal_text(below, 1))
                    if below != float("inf") else _("{rate} or more").format(rate=decimal_text(lower, 1)))
            rate = self.text.render(span, size, RESULT_NOTE)
            surface.blit(rate, rate.get_rect(topright=(area.right - self.px(8), y)))
            lower = below
            y += line_h

    def _draw_player(self, surface, rect: pygame.Rect, summary) -> None:
        chosen = self.player == summary.seat
        surface.blit(shapes.rounded_panel(rect.size, max(6, rect.h // 8), (*GOLD, 55) if chosen else (*BLACK, 60),
                                          (*GOLD_LIGHT, 220) if chosen else (*GOLD_DEEP, 120), 1), rect)
        inner = rect.inflate(-self.px(16), -self.px(8))
        compact = rect.h < self.px(92)
        small = max(10, self.px(12 if compact else 13))
        line_h = self.text.font(small).get_height()
        radius = max(8, min(self.px(17), inner.h // 4))
        seat = summary.seat
        centre = (inner.left + radius, inner.top + radius + 1)
        pygame.draw.circle(surface, SEAT_COLORS[seat % len(SEAT_COLORS)], centre, radius)
        pygame.draw.circle(surface, (230, 210, 170), centre, radius, 2)
        initial = self.text.render(self.name(seat)[:1].upper(), int(radius * 1.15), WHITE, bold=True, shadow=True)
        surface.blit(initial, initial.get_rect(center=centre))
        left = inner.left + radius * 2 + self.px(10)
        kind = self.source.kinds[seat] if seat < len(self.source.kinds) else ""
        name = self.text.fit(self.name(seat), self.px(17), inner.w // 2 - radius, color=CREAM, bold=True)
        name_rect = surface.blit(name, (left, inner.top))
        if kind and kind != "human":
            level = self.text.render(level_name(kind), small, LEVEL_COLORS.get(kind, LIGHT_GREY), bold=True)
            surface.blit(level, level.get_rect(midleft=(name_rect.right + self.px(8), name_rect.centery)))
        rating = self.text.fit(rating_text(summary.rating), self.px(17), inner.right - name_rect.right - self.px(60),
                               color=RATING_COLORS.get(summary.rating, CREAM), bold=True, shadow=True)
        surface.blit(rating, rating.get_rect(topright=(inner.right, inner.top)))
        y = max(name_rect.bottom, inner.top + radius * 2) + self.px(2)
        rate = _("Error rate {rate} · {count} decisions").format(
            rate=pp_text(summary.error_rate / 100.0), count=summary.decisions) if summary.decisions else \
            _("No decision with a choice")
        rate_img = self.text.fit(rate, small, inner.w - self.px(4), color=RESULT_SUBTITLE)
        surface.blit(rate_img, (inner.left, y))
        # The marks as chips, right-aligned on the same line.
        x = inner.right
        for mark in reversed(MARKS):
            chip = self.text.render(f"{MARK_SIGNS[mark]} {summary.marks[mark]}", small, WHITE, bold=True)
            chip_rect = pygame.Rect(0, 0, chip.get_width() + self.px(10), line_h)
            chip_rect.topright = (x, y)
            fill = MARK_COLORS[mark] if summary.marks[mark] else (70, 60, 50)
            surface.blit(shapes.rounded_panel(chip_rect.size, chip_rect.h // 2, (*fill, 230)), chip_rect)
            surface.blit(chip, chip.get_rect(center=chip_rect.center))
            x = chip_rect.left - self.px(4)
        if rate_img.get_width() > x - inner.left - self.px(6):   # the rate shares its line with the chips
            surface.fill(RESULT_PANEL, pygame.Rect(inner.left, y, rate_img.get_width(), line_h))
            rate_img = self.text.fit(rate, small, x - inner.left - self.px(6), color=RESULT_SUBTITLE)
            surface.blit(rate_img, (inner.left, y))
        y += line_h + (0 if compact else self.px(2))
        signed = ("+" if summary.luck >= 0 else "−") + decimal_text(abs(summary.luck), 2)
        luck = _("{rating} · luck {luck}").format(rating=luck_text(summary.luck_rating), luck=signed)
        result = _("Won {won} of {hands} · luck-adjusted {adjusted}").format(
            won=summary.won, hands=summary.hands, adjusted=decimal_text(summary.luck_adjusted, 2))
        if compact:
            line = self.text.fit(f"{luck}  ·  {result}", small, inner.w, color=RESULT_NOTE)
            surface.blit(line, (inner.left, y))
            return
        luck_img = self.text.fit(luck, small, inner.w, color=LUCK_COLORS.get(summary.luck_rating, RESULT_NOTE),
                                 bold=True)
        surface.blit(luck_img, (inner.left, y))
        y += line_h + self.px(2)
        result_img = self.text.fit(result, small, inner.w, color=RESULT_NOTE)
        surface.blit(result_img, (inner.left, y))

    # ----- the decision browser ---------------------------------------------------------------------

    def _draw_browser(self, surface, area: pygame.Rect) -> None:
        surface.blit(shapes.rounded_panel(area.size, self.px(10), (*BLACK, 60), (*GOLD_DEEP, 140), 1), area)
        shown = self.shown_decisions()
        inner = area.inflate(-self.px(24), -self.px(16))
        if not shown:
            words = self.text.fit(_("No decision with a choice to show."), self.px(18), inner.w, color=RESULT_NOTE)
            surface.blit(words, words.get_rect(center=area.center))
            return
        item = self.analysis.items[self.index]
        moment = item.moment
        position = shown.index(self.index) + 1 if self.index in shown else 0
        if item.seat == self.source.human:
            head = _("Hand {hand} · your move {move}").format(hand=moment.hand, move=moment.step + 1)
        else:
            head = _("Hand {hand} · move {move} · {name}").format(hand=moment.hand, move=moment.step + 1,
                                                                 name=self.name(item.seat))
        count = _("Decision {number} of {total}").format(number=position, total=len(shown))
        count_img = self.text.render(count, max(10, self.px(14)), RESULT_NOTE)
        count_rect = surface.blit(count_img, count_img.get_rect(topright=(inner.right, inner.top + self.px(3))))
        head_img = self.text.fit(head, self.px(19), count_rect.left - inner.left - self.px(12), color=GOLD_LIGHT,
                                 bold=True, shadow=True)
        head_rect = surface.blit(head_img, inner.topleft)
        # The mark (or "best move"), as a pill under the heading.
        y = head_rect.bottom + self.px(6)
        if item.mark:
            pill_text = f"{MARK_SIGNS[item.mark]}  {mark_text(item.mark)}  ·  " + _("{loss} win chance").format(
                loss=pp_text(-item.loss))
            pill_color = MARK_COLORS[item.mark]
        elif item.loss <= 0.004:
            pill_text, pill_color = _("Best move"), (70, 140, 90)
        else:
            pill_text, pill_color = _("Good move: no sure loss"), (80, 110, 90)
        pill = self.text.render(pill_text, max(10, self.px(14)), WHITE, bold=True)
        pill_rect = pygame.Rect(inner.left, y, pill.get_width() + self.px(18), pill.get_height() + self.px(4))
        surface.blit(shapes.rounded_panel(pill_rect.size, pill_rect.h // 2, (*pill_color, 240)), pill_rect)
        surface.blit(pill, pill.get_rect(center=pill_rect.center))
        if item.luck is not None:
            luck_line = f"{drawn_text(moment.drawn)}: " + _("luck {luck}").format(luck=pp_text(item.luck, True))
            if item.luck_mark:
                luck_line += f" ({luck_text(item.luck_mark)})"
            luck_img = self.text.fit(luck_line, max(10, self.px(14)), inner.right - pill_rect.right - self.px(14),
                                     color=LUCK_COLORS.get(item.luck_mark, RESULT_NOTE), bold=bool(item.luck_mark))
            surface.blit(luck_img, luck_img.get_rect(midleft=(pill_rect.right + self.px(12), pill_rect.centery)))
        y = pill_rect.bottom + self.px(10)
        y = self._draw_position(surface, item, pygame.Rect(inner.left, y, inner.w, self.px(92)))
        self._draw_candidates(surface, item, pygame.Rect(inner.left, y + self.px(8), inner.w,
                                                         inner.bottom - y - self.px(8)))

    def _look(self, rules) -> str:
        """The deck look the table would show these rules in (German suits only on a 32-card deck)."""
        return shown_deck_look(self.app.settings.deck_look, rules)

    def _card(self, code: str, width: int, rules):
        return self.images.image(code, width, self._look(rules), self.app.settings.card_back, (width,))

    def _draw_position(self, surface, item, area: pygame.Rect) -> int:
        view = item.moment.view
        caption_size = max(10, self.px(12))
        caption_h = self.text.font(caption_size).get_height()
        card_h = area.h - caption_h - self.px(8)
        card_w = int(card_h / 1.4)
        top = area.top + caption_h + self.px(8)
        pile = self._card(card_to_str(view.top), card_w, view.rules)
        pile_rect = surface.blit(pile, (area.left, top))
        caption = self.text.render(_("Pile"), caption_size, RESULT_NOTE)
        surface.blit(caption, caption.get_rect(midbottom=(pile_rect.centerx, top - self.px(2))))
        if view.nominated:
            r = max(8, card_w // 4)
            centre = (pile_rect.right - r // 2, pile_rect.bottom - r // 2)
            pygame.draw.circle(surface, SUIT_DISC, centre, r)
            pygame.draw.circle(surface, SUIT_DISC_RIM, centre, r, 1)
            icon = shapes.suit_sign(view.suit, int(r * 1.3), self._look(view.rules))
            surface.blit(icon, icon.get_rect(center=centre))
        left = pile_rect.right + self.px(22)
        cards = display_order(view.hand, view.rules)
        room = area.right - left
        spacing = max(4.0, min(card_w * 0.75, (room - card_w) / max(1, len(cards) - 1)))
        if item.seat == self.source.human:
            words = ngettext("Your hand · {count} card", "Your hand · {count} cards", len(cards)).format(
                count=len(cards))
        else:
            words = ngettext("{name}'s hand · {count} card", "{name}'s hand · {count} cards", len(cards)).format(
                name=self.name(item.seat), count=len(cards))
        caption = self.text.fit(words, caption_size, room, color=RESULT_NOTE)
        surface.blit(caption, caption.get_rect(bottomleft=(left, top - self.px(2))))
        made = item.moment.made.card if item.moment.made.kind == "play" else None
        best = item.best.move.card if item.best is not None and item.best.move.kind == "play" else None
        rings = []
        for number, card in enumerate(cards):
            spot = pygame.Rect(int(left + number * spacing), top, card_w, card_h)
            if card in (made, best):
                spot.move_ip(0, -self.px(4))
            surface.blit(self._card(card_to_str(card), card_w, view.rules), spot)
            if card == best:
                rings.append((GOLD, spot))
            elif card == made:
                rings.append((REVIEW_MADE_RING, spot))
        for colour, spot in rings:
            pygame.draw.rect(surface, colour, spot.inflate(4, 4), 3, border_radius=max(3, card_w // 10))
        return area.bottom

    def _draw_candidates(self, surface, item, area: pygame.Rect) -> None:
        size = max(10, self.px(15))
        head_size = max(10, self.px(13))
        columns = (("move", 0.0, "left"), ("win", 0.70, "right"), ("points", 0.86, "right"), ("loss", 1.0, "right"))
        penalty = item.moment.view.rules.scoring == "penalty"
        titles = {"move": _("Move"), "win": _("Win chance"), "points": _("Penalty points") if penalty else _("Points"),
                  "loss": _("Loss")}
        x_of = {name: area.left + int(area.w * at) for name, at, _align in columns}
        x_of["move"] += self.px(34)
        for name, _at, align in columns:
            image = self.text.render(titles[name], head_size, GOLD_LIGHT, bold=True)
            rect = image.get_rect(topleft=(x_of[name], area.top)) if align == "left" else \
                image.get_rect(topright=(x_of[name] - self.px(8), area.top))
            surface.blit(image, rect)
        y = area.top + self.text.font(head_size).get_height() + self.px(4)
        ranked = list(enumerate(item.ranked, start=1))
        made_action = item.made_score.action if item.made_score is not None else None
        shown = ranked[:MOST_ROWS]
        if made_action is not None and all(score.action != made_action for _rank, score in shown):
            shown = shown[:MOST_ROWS - 1] + [next(pair for pair in ranked if pair[1].action == made_action)]
        row_h = max(18, min(self.px(34), (area.bottom - y) // max(1, len(shown))))
        for rank, score in shown:
            row = pygame.Rect(area.left, y, area.w, row_h - self.px(3))
            played = score.action == made_action
            if rank == 1:
                fill, rim = (*GOLD, 50), (*GOLD_LIGHT, 180)
            elif played and item.mark:
                fill, rim = (*MARK_COLORS[item.mark], 55), (*MARK_COLORS[item.mark], 200)
            else:
                fill, rim = (*BLACK, 45), None
            surface.blit(shapes.rounded_panel(row.size, max(4, row.h // 4), fill, rim, 2 if played else 1), row)
            number = self.text.render(str(rank), size, GOLD if rank == 1 else CREAM, bold=True)
            surface.blit(number, number.get_rect(midleft=(row.left + self.px(10), row.centery)))
            label = candidate_text(score.move)
            move_room = x_of["win"] - self.px(64) - x_of["move"]
            if played:
                tag = self.text.render(_("played"), max(9, self.px(12)), WHITE, bold=True)
                tag_rect = pygame.Rect(0, 0, tag.get_width() + self.px(10), tag.get_height())
                move_img = self.text.fit(label, size, move_room - tag_rect.w - self.px(8), color=CREAM, bold=True)
                move_rect = surface.blit(move_img, move_img.get_rect(midleft=(x_of["move"], row.centery)))
                tag_rect.midleft = (move_rect.right + self.px(8), row.centery)
                surface.blit(shapes.rounded_panel(tag_rect.size, tag_rect.h // 2, (*REVIEW_MADE_RING, 255)), tag_rect)
                surface.blit(tag, tag.get_rect(center=tag_rect.center))
            else:
                move_img = self.text.fit(label, size, move_room, color=CREAM)
                surface.blit(move_img, move_img.get_rect(midleft=(x_of["move"], row.centery)))
            cells = {"win": percent_text(score.win), "points": decimal_text(score.points, 1),
                     "loss": pp_text(-score.gap) if rank > 1 else "—"}
            colours = {"win": CREAM, "points": RESULT_SUBTITLE,
                       "loss": PENALTY_POINTS if rank > 1 and score.gap > 0.004 else POINTS_GAINED}
            for name in ("win", "points", "loss"):
                image = self.text.render(cells[name], size, colours[name], bold=name == "win")
                surface.blit(image, image.get_rect(midright=(x_of[name] - self.px(8), row.centery)))
            self.row_rects.append(row)
            y += row_h
