"""A lesson at the real table: the table scene with the teacher's panel (``game.session.lessons`` runs it).

The panel says the step's words and counts the steps; the card the step is about is lifted and ringed,
the stock ringed for a draw. A move that is not the step's is refused with a kind word (shown, spoken)
and the step stays. N skips the step (its move is made for the person), Q leaves; the progress is
written after every step, so the lesson opens where it was left.
"""
from __future__ import annotations

import logging

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.rules import IllegalMove, Move, MoveKind
from game.session.lessons import LESSONS, LessonRun
from game.store.lessons import LessonMark, LessonProgressStore

from ..i18n import _, ngettext, shown_player_name
from ..lesson_words import lesson_title, teacher_words, verdict_words
from ..look.paint import painted_frame
from ..look.palette import CREAM, GOLD, GOLD_LIGHT, PARCHMENT
from ..look.wrap import wrap_words
from ..problems import os_error_words
from .painter import TablePainter
from .scene import TableScene

log = logging.getLogger(__name__)

SKIP_KEY, LEAVE_KEY = pygame.K_n, pygame.K_q


class LessonPainter(TablePainter):
    """The table as a lesson paints it: the teacher's panel stands where the log is."""

    def _draw_log(self, surface, lay) -> None:
        """No log: the panel is there."""

    def level_badge_text(self, kind: str) -> str | None:
        """None: a lesson's other players play the lesson's script, at no level ("Easy" would mislead)."""
        return None

    def toast_clear_left(self) -> int:
        """A toast (the deck shown French, a hint) stands right of the teacher's panel, never under it."""
        return self.scene.panel_rect.right


class LessonTableScene(TableScene):
    """The table playing one lesson, with the teacher's panel."""

    def __init__(self, app, lesson: str, step: int = 0):
        self.run = LessonRun.at_step(LESSONS[lesson], step, person_name=shown_player_name(app.settings.player_name),
                                     names=("Ada", "Bruno"))
        super().__init__(app, self.run.session)
        self.lesson_key = lesson
        self.feedback = ""
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.lesson_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self._said_step = -1
        self.painter = LessonPainter(self)
        self._store = LessonProgressStore(app.folders)
        self._save()

    # ----- the lesson's moves -------------------------------------------------------------------

    def human_move(self, move: Move) -> bool:
        """The person's move: made when it is the step's, else a kind word and the step stays."""
        if self.run.finished:
            return False   # the lesson is over: its panel offers the next one
        verdict = self.run.check(move)
        if not verdict.ok:
            self.feedback = verdict_words(verdict)
            self.effects.sound("invalid")
            self.speech.toast(self.feedback)
            self.resync()
            return False
        return self._make(move)

    def _make(self, move: Move) -> bool:
        session = self.session
        logged = len(session.history)
        try:
            events = session.play(move)
        except IllegalMove as error:   # the script and the rules disagree: never in a checked lesson
            log.warning("lesson move %s refused: %s", move, error)
            return False
        self.run.made(move)
        self.feedback = ""
        self._after_move(move, session.human, events, logged)
        self._step_moved()
        return True

    def skip_step(self) -> None:
        """Skip the step: its move is made for the person."""
        if self.run.persons_turn() and self.chooser is None:
            self._make(self.run.skip())

    def leave(self) -> None:
        """Back to the list of lessons (the progress is kept)."""
        self.app.go("lessons", how="clear", lesson=self.lesson_key)

    def _play_computer_move(self, seat: int) -> None:
        logged = len(self.session.history)
        super()._play_computer_move(seat)
        if len(self.session.history) > logged:
            self.run.computer_moved()
            self._step_moved()

    def _step_moved(self) -> None:
        self._save()
        if self.run.finished:
            self.result_timer = None   # no hand result: the panel says the lesson is complete
            self.waiting_for_player = None
        self._update_lesson_buttons()

    def _save(self) -> None:
        progress = self._store.load()[0]
        done = progress.mark(self.lesson_key).done or self.run.finished
        step = 0 if self.run.finished else self.run.step_index
        try:
            self._store.save(progress.with_mark(self.lesson_key, LessonMark(step, done)))
        except OSError as error:
            log.warning("lesson progress not saved: %s", error)
            self.app.notify(_("Your lesson progress could not be saved ({reason}).").format(
                reason=os_error_words(error)), seconds=8.0, problem=True)

    def ask_hint(self) -> None:
        """H says the teacher's words again: the step's move is the hint."""
        self.speech.toast(self._spoken_panel())

    def undo(self) -> None:
        """Nothing to take back in a lesson: a wrong move is never made."""

    def open_pause(self) -> None:
        """Escape and the Menu button leave the lesson (its progress is kept)."""
        self.input.drop_drag()
        self.leave()

    def _show_result(self) -> None:
        """A lesson ends on its panel, not on the hand's result."""

    def next_lesson(self) -> None:
        """Open the next lesson (after the last one: the list)."""
        keys = list(LESSONS)
        index = keys.index(self.lesson_key) + 1
        if index < len(keys):
            self.app.go("lesson_table", keys[index], how="replace")
        else:
            self.leave()

    # ----- what the table shows -------------------------------------------------------------------

    def _update_buttons(self) -> None:
        view = self.session.view()
        kinds = view.move_kinds if self.chooser is None and view.my_turn else frozenset()
        self.input.update_buttons(kinds)   # no hint and no undo: the teacher says the move

    def thinking_seat(self) -> int | None:
        """Computers play only the script: once it is done, nobody moves."""
        return None if self.run.finished else super().thinking_seat()

    def _update_hand_looks(self, dt: float) -> None:
        view = self.session.view()
        hovered = self.input.sprite_at(self.input.mouse) if self.input.drag is None and self.chooser is None else None
        self.input.hover = hovered
        step = self.run.step if self.run.persons_turn() else None
        focus = frozenset(step.focus) if step is not None else frozenset()
        if step is not None:
            # The step's move stands as the hint: Enter makes a draw or a call, the suit chooser opens on its suit.
            self.input.hinted_move = self.run.expected_move()
            self.input.hinted_for = self.session.version
        if step is not None and focus and self.input.selected < 0:
            sprites = self.my_sprites()   # Enter plays the step's card at once: keyboard-only in a key
            self.input.selected = next((i for i, s in enumerate(sprites) if s.card in focus), -1)
        self.hand_settling = self.board.update_hand_looks(dt, self.session.viewer, focus, view.my_turn, True,
                                                          self.input.selected, hovered)

    def _picture_key(self) -> tuple:
        return (*super()._picture_key(), self.run.played, self.feedback)

    # ----- life cycle and input -------------------------------------------------------------------

    def on_enter(self) -> None:
        super().on_enter()
        self._build_lesson_buttons()

    def on_exit(self) -> None:
        for button in self.lesson_buttons.values():
            button.kill()
        self.lesson_buttons = {}
        super().on_exit()

    def on_resize(self, size) -> None:
        super().on_resize(size)
        self._build_lesson_buttons()

    def on_language_changed(self) -> None:
        super().on_language_changed()
        self._build_lesson_buttons()
        self._said_step = -1

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.run.persons_turn() and self._said_step != self.run.played and not self.board.moving:
            self._said_step = self.run.played
            self.speech.toast(self._spoken_panel())
        elif self.run.finished and self._said_step != -2 and not self.board.moving:
            self._said_step = -2
            self.speech.toast(teacher_words(self.run))

    def _spoken_panel(self) -> str:
        return " ".join((self._counter(), teacher_words(self.run)))

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for name, button in self.lesson_buttons.items():
                if event.ui_element is button:
                    self.effects.sound("click")
                    self._lesson_action(name)
                    return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.panel_rect.collidepoint(event.pos) \
                and self.input.drag is None:
            return True   # the panel stands over the log's corner: a click on it opens nothing below
        if (event.type == pygame.KEYDOWN and self.chooser is None and not self.tutor.busy
                and event.key in (SKIP_KEY, LEAVE_KEY) or self.run.finished and event.type == pygame.KEYDOWN
                and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)):
            if self.run.finished:
                self._lesson_action("next" if event.key != LEAVE_KEY else "leave")
            else:
                self._lesson_action("skip" if event.key == SKIP_KEY else "leave")
            return True
        return super().handle_event(event)

    def _lesson_action(self, name: str) -> None:
        if name == "skip":
            self.skip_step()
        elif name == "next":
            self.next_lesson()
        else:
            self.leave()

    # ----- the panel --------------------------------------------------------------------------------

    def _counter(self) -> str:
        steps = len(self.run.lesson.steps)
        if self.run.finished:
            return ngettext("All {count} step done", "All {count} steps done", steps).format(count=steps)
        return _("Step {number} of {count}").format(number=self.run.step_index + 1, count=steps)

    def _panel_layout(self) -> pygame.Rect:
        """Bottom left, where the log is at a match (Y still opens the moves): clear of the opponents'
        plates, the pile and the hand."""
        width, height = self.app.size
        margin = max(8, round(height * 0.015))
        panel_w = max(260, min(round(width * 0.30), 420))
        return pygame.Rect(margin, height - margin, panel_w, 0)

    def _button_labels(self) -> dict[str, str]:
        if self.run.finished:
            last = list(LESSONS)[-1] == self.lesson_key
            return {"next": (_("Back to the lessons") if last else _("Next lesson")) + "  (Enter)",
                    "leave": _("Leave") + "  (Q)"}
        return {"skip": _("Skip step") + "  (N)", "leave": _("Leave lesson") + "  (Q)"}

    def _build_lesson_buttons(self) -> None:
        for button in self.lesson_buttons.values():
            button.kill()
        self.lesson_buttons = {}
        if self.closed or self.board.layout is None:
            return
        rect = self._panel_rect()
        labels = self._button_labels()
        font = self.app.assets.font(round(14 * self.app.font_scale), True)
        pad = max(8, rect.w // 28)
        button_h = max(font.get_linesize() + 12, round(self.app.size[1] * 0.05))
        gap = pad // 2
        widths = [font.size(text)[0] + 24 for text in labels.values()]
        inner = rect.w - 2 * pad
        places = []
        if sum(widths) + gap <= inner:   # side by side, sharing the spare room
            spare = (inner - gap - sum(widths)) // 2
            x = rect.left + pad
            for w in widths:
                places.append(pygame.Rect(x, rect.bottom - pad - button_h, w + spare, button_h))
                x += w + spare + gap
        else:   # one above the other, each the panel's width
            for row in range(len(labels)):
                places.append(pygame.Rect(rect.left + pad, rect.bottom - pad - (len(labels) - row) * button_h
                                          - (len(labels) - 1 - row) * gap, inner, button_h))
        for (name, text), place in zip(labels.items(), places):
            self.lesson_buttons[name] = pygame_gui.elements.UIButton(
                place, text, self.app.ui_manager,
                object_id=ObjectID(object_id=f"#lesson_{name}",
                                   class_id="@primary" if name == "next" else "@small_button"))

    def _update_lesson_buttons(self) -> None:
        if set(self.lesson_buttons) != set(self._button_labels()) or self.panel_rect != self._panel_rect():
            self._build_lesson_buttons()

    def _fonts(self):
        scale = self.app.font_scale
        small = max(11, round(self.app.size[1] / 600 * 13 * scale))
        return (self.app.assets.font(small + 3, True), self.app.assets.font(small, True),
                self.app.assets.font(small + 1))

    def _text_lines(self, width: int) -> tuple[list[str], list[str]]:
        _title_font, _count_font, text_font = self._fonts()
        words = wrap_words(teacher_words(self.run), text_font, width)
        feedback = wrap_words(self.feedback, text_font, width) if self.feedback else []
        return words, feedback

    def _panel_rect(self) -> pygame.Rect:
        """The panel's place and height, to hold its words and its buttons."""
        rect = self._panel_layout()
        title_font, count_font, text_font = self._fonts()
        pad = max(8, rect.w // 28)
        words, feedback = self._text_lines(rect.w - 2 * pad)
        line = text_font.get_linesize()
        button_h = max(self.app.assets.font(round(14 * self.app.font_scale), True).get_linesize() + 12,
                       round(self.app.size[1] * 0.05))
        button_font = self.app.assets.font(round(14 * self.app.font_scale), True)
        labels = self._button_labels().values()
        rows = 1 if sum(button_font.size(t)[0] + 24 for t in labels) + pad // 2 <= rect.w - 2 * pad else len(labels)
        height = (pad + title_font.get_linesize() + count_font.get_linesize() + pad // 2 + len(words) * line
                  + (pad // 2 + len(feedback) * line if feedback else 0) + pad
                  + rows * button_h + (rows - 1) * (pad // 2) + pad)
        rect.h = height
        rect.bottom = self.app.size[1] - rect.x
        return rect

    def draw(self, surface) -> None:
        super().draw(surface)
        self._draw_focus(surface)
        self._draw_panel(surface)

    def _draw_focus(self, surface) -> None:
        """A gold ring around what the step is about: its card in the hand, or the stock for a draw."""
        step = self.run.step if self.run.persons_turn() else None
        if step is None or self.chooser is not None:
            return
        width = max(2, round(self.app.size[1] / 240))
        if step.move.kind == MoveKind.DRAW:
            rect = self.board.layout.stock.inflate(width * 4, width * 4)
            pygame.draw.rect(surface, GOLD, rect, width, border_radius=width * 4)
            return
        lay = self.board.layout
        for sprite in self.my_sprites():
            if sprite.card in step.focus and not sprite.dragging:
                rect = pygame.Rect(0, 0, round(sprite.width), round(sprite.width * lay.card_h / lay.card_w))
                rect.center = (round(sprite.x), round(sprite.y - sprite.lift))
                pygame.draw.rect(surface, GOLD, rect.inflate(width * 3, width * 3), width, border_radius=width * 4)

    def _draw_panel(self, surface) -> None:
        rect = self._panel_rect()
        if rect != self.panel_rect:
            self.panel_rect = rect
            self._build_lesson_buttons()
        frame, spread = painted_frame(rect.size, "wood", self.app.size[1] / 720)
        surface.blit(frame, (rect.x - spread, rect.y - spread))
        title_font, count_font, text_font = self._fonts()
        pad = max(8, rect.w // 28)
        x, y = rect.x + pad, rect.y + pad
        title = _("Lesson: {name}").format(name=lesson_title(self.lesson_key))
        surface.blit(title_font.render(title, True, GOLD_LIGHT), (x, y))
        y += title_font.get_linesize()
        surface.blit(count_font.render(self._counter(), True, PARCHMENT), (x, y))
        y += count_font.get_linesize() + pad // 2
        words, feedback = self._text_lines(rect.w - 2 * pad)
        for line in words:
            surface.blit(text_font.render(line, True, CREAM), (x, y))
            y += text_font.get_linesize()
        if feedback:
            y += pad // 2
            for line in feedback:
                surface.blit(text_font.render(line, True, GOLD), (x, y))
                y += text_font.get_linesize()

