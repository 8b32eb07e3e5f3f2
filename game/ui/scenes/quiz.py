""""What would you play?": five positions on the table, the player's move judged and explained by the analysis.

The positions are found in the background (``game.session.quiz.QuizJob``, two worker processes):
they are asked in the order they are found (the set is the same five), and until the next one is ready
a panel says how many are, and the scene draws only when that changes.
A question is the table's own painter and board over the position, read-only: the player drags or
clicks a card (the suit chooser opens for a wild card), clicks the stock to draw, or keys it (Left and
Right, Enter, D, P; R/T/C/E say the hand, the top card, the counts, the last moves). The answer panel
says right or not, why the best move is best, and the analysis's ranking with each move's chance to
win the hand; Enter goes on. After five: the score, a new set (N) or back (Escape).
"""
from __future__ import annotations

import dataclasses
import random
import time
from collections import deque

import pygame

from game.rules import FIRST_JOKER, SUIT_OF, Move, MoveKind, card_to_str, tables_for
from game.session import Seat
from game.session.quiz import QUESTIONS, QuizJob
from game.ui.i18n import (_, _play_lead, card_name, hint_numbers_text, hint_text, short_move_text,
                          shown_player_name)

from ..look import shapes
from ..look.palette import CREAM, GOLD, GOLD_LIGHT, LOG_CAPTION, PANEL_WOOD
from ..look.wrap import wrap_words
from ..scene import FULL_FPS, IDLE_FPS
from ..speaking import say
from ..table.board import Board
from ..table.effects import Effects
from ..table.input import TableInput
from ..table.narration import history_lines, open_history
from ..table.painter import PaintedTable, TablePainter
from ..table.spoken import TableSpeech, sentences
from ..table.sprites import CardImages, TextCache
from ..table.suit_chooser import SuitChooser, open_over_pile
from ..widgets import WidgetScene

#: The colours of a right and a wrong answer's heading.
RIGHT_GREEN = (150, 222, 140)
WRONG_ORANGE = (246, 170, 96)
#: The moves of the hand so far the log shows.
LOG_LINES = 40
#: The most moves of the ranking the answer panel lists (the answer given is always among them).
RANKED_ROWS = 5


class _QuizSession:
    """What the table's painter, voice and move list read of a session, for the question shown."""

    name_drawn = False

    def __init__(self, scene):
        self.scene = scene

    def view(self):
        """The question's table, the player's seat named as the screen names it ("Du", "Εσύ")."""
        table = self.scene.question.table
        seats = tuple(dataclasses.replace(seat, name=shown_player_name(seat.name)) if seat.kind == "human" else seat
                      for seat in table.seats)
        return table if seats == table.seats else dataclasses.replace(table, seats=seats)

    @property
    def version(self) -> int:
        return self.scene.number

    @property
    def rules(self):
        return self.view().rules

    @property
    def shown_seats(self):
        """The seats as the screen names them: the player's seat says "You" in the player's language."""
        return tuple(Seat(seat.name, seat.kind) for seat in self.view().seats)

    seats = shown_seats

    def name(self, seat: int) -> str:
        return self.shown_seats[seat].name

    @property
    def history(self):
        return self.scene.question.history

    @property
    def human(self) -> int:
        return self.view().viewer

    addressed = viewer = human

    @property
    def people(self) -> tuple[int, ...]:
        return (self.human,)

    def human_turn(self) -> bool:
        return self.scene.answer is None


class QuizPainter(TablePainter):
    """The table with the question's banner, and the answer, waiting and score panels over it."""

    def banner_text(self):
        scene = self.scene
        if scene.answer is not None or scene.chooser is not None:
            return None
        return (_("What would you play?"), _("Drag a card onto the pile or click it; click the stock to draw"))

    def match_caption(self) -> str:
        return _("Question {number} of {total}").format(number=self.scene.number + 1, total=QUESTIONS)

    def draw(self, surface) -> None:
        super().draw(surface)
        if self.scene.answer is not None:
            draw_answer_panel(self.scene, surface)


class QuizScene(PaintedTable, WidgetScene):
    """One set of five questions; ``seed`` makes the set (the clock when not given); ``job``: the set's
    questions already being sought."""

    def __init__(self, app, seed: int | None = None, job: QuizJob | None = None):
        super().__init__(app)
        self.seed = job.seed if job is not None else seed if seed is not None else time.time_ns() % (1 << 48)
        self.job: QuizJob | None = job
        self.number = 0
        self.question = None
        self.answer = None
        #: Whether each question answered so far was answered with the best move.
        self.results: list[bool] = []
        #: Each question answered, with the answer given (the score lists them).
        self.answered: list = []
        self.finished = False
        self.text = TextCache(self._font)
        self.images = CardImages(app.assets, self._font)
        self.board: Board | None = None
        self.input = TableInput(self)
        self.chooser: SuitChooser | None = None
        self.waiting_for_player = None
        self.effects = Effects(app.sound.play, "last_card")
        self.painter = QuizPainter(self)
        self.session = _QuizSession(self)
        self.speech = TableSpeech(self)
        self.log: deque[str] = deque(maxlen=LOG_LINES)
        self.time = 0.0
        self.shown_progress = -1
        #: Where the answer panel's buttons go (worked out as it is drawn, so they sit inside it).
        self.panel_button_rect: pygame.Rect | None = None

    def spoken_title(self) -> str:
        return _("What would you play?")

    # ----- the set ----------------------------------------------------------------------------

    def start_set(self) -> None:
        """Ask the workers for the set's five questions."""
        if self.job is not None:
            self.job.close()
        self.job = QuizJob(self.seed, self.app.settings.player_name)
        self.shown_progress = -1

    def new_set(self) -> None:
        """Another five positions (the next seed, sought since the score came up)."""
        self.number, self.results, self.answered, self.finished = 0, [], [], False
        self.question = self.answer = None
        self.shown_progress = -1
        self.rebuild()
        say(self.app, self.waiting_text())

    def ready(self) -> int:
        """How many questions of the set are found."""
        return self.job.done if self.job is not None else 0

    def waiting_text(self) -> str:
        return _("Finding positions worth thinking about: {ready} of {total} ready.").format(
            ready=self.ready(), total=QUESTIONS)

    def _show_question(self, question) -> None:
        self.question, self.answer, self.chooser = question, None, None
        view = question.table
        self.board = Board(self.images, random.Random(7), len(view.seats), view.viewer, True)
        self.board.relayout(self.app.size, view, self.speed, self.deck_look, self.back_style, force=True)
        self.input.selected = -1
        self.log.clear()
        self.log.extend(history_lines(question.history, self.session.shown_seats, view.viewer,
                                      call_word=view.rules.last_card_word))
        self.name_cards_as_shown()
        self.rebuild()
        game = _(view.rules.name)
        say(self.app, sentences([_("Question {number} of {total}: what would you play?").format(
            number=self.number + 1, total=QUESTIONS), _("{game}, {players} players").format(
            game=game, players=len(view.seats)), *self.log_tail(3), *self.speech.turn_lines(),
            _("R reads your hand.")]))

    def log_tail(self, count: int) -> list[str]:
        return list(self.log)[-count:]

    def shown_rules(self):
        return self.question.table.rules if self.question is not None else None

    # ----- what the table's input asks of a scene ------------------------------------------------

    def my_sprites(self):
        return self.board.hand_sprites(self.question.table.viewer) if self.board is not None else []

    def resync(self, animate: bool = True) -> None:
        if self.board is not None and self.question is not None:
            self.board.sync(self.question.table, self.speed, animate=animate)

    def play_card(self, card: int, sprite=None) -> bool:
        """Answer with ``card`` (a wild card asks for the suit first)."""
        if self.answer is not None or self.question is None:
            return False
        view = self.question.table
        if any(m.kind == MoveKind.PLAY and m.card == card and m.suit is not None for m in view.my_moves):
            self._open_chooser(card, sprite)
            return False
        return self.human_move(Move.play(card))

    def _open_chooser(self, card: int, sprite) -> None:
        view = self.question.table
        wild = tables_for(view.hand_rules).wild
        counts = [0, 0, 0, 0]
        for held in view.my_cards:
            if held != card and held < FIRST_JOKER and not wild[held]:
                counts[SUIT_OF[held]] += 1
        suggested = max(range(4), key=lambda s: (counts[s], s == view.suit))
        self.chooser = open_over_pile(self, card, sprite, suggested)

    def _chosen(self, card: int, suit: int) -> None:
        self.chooser = None
        self.board.pending_sprite = None
        self.human_move(Move.play(card, suit))

    def _chooser_cancelled(self) -> None:
        self.chooser = None
        self.board.pending_sprite = None
        self.resync()

    def human_move(self, move: Move) -> bool:
        """The player's answer: judged, explained, and the answer panel shown (a move not allowed here is
        refused with a word and nothing counts)."""
        if self.answer is not None or self.question is None:
            return False
        answer = self.question.judge(move)
        if answer is None:
            if move.kind == MoveKind.PLAY:
                text = _("The {card} cannot be played here.").format(card=card_name_of(move.card))
            else:
                text = _("That move is not allowed here.")
            self.effects.show_toast(text)
            say(self.app, text)
            self.resync()
            return False
        self.answer = answer
        self.results.append(answer.right)
        self.answered.append((self.question, answer))
        self.input.drop_drag()
        self.effects.sound("click")
        self.resync()
        self.rebuild()
        lines = answer_lines(self.question, answer, self.session.name)
        if self.speech.full:   # the ranking the panel shows
            lines += [_("{place}. {move}: {chance}").format(place=place, move=move_words(item.move),
                                                         chance=win_text(item.score.win))
                      for place, item in enumerate(ranked_answers(self.question), 1)]
        say(self.app, sentences(lines))
        return True

    def thinking_seat(self) -> None:
        return None   # nobody thinks: the position stands still until the player answers

    def ask_hint(self) -> None:
        text = _("No hints here: this is your move to find.")
        self.effects.show_toast(text)
        say(self.app, text)

    def undo(self) -> None:
        return None

    def open_history(self) -> None:
        self.input.drop_drag()
        open_history(self.app, self)

    def open_pause(self) -> None:
        self.app.pop()

    # ----- going on ---------------------------------------------------------------------------

    def next_question(self) -> None:
        """The next question, or the score after the last."""
        if self.answer is None:
            return
        self.number += 1
        self.question = self.answer = None
        self.chooser = None
        if self.number >= QUESTIONS:
            self.finished = True
            self.rebuild()
            say(self.app, sentences([self.score_text(), _("N starts a new set; Escape goes back.")]))
            # The set is done: the next one is sought while the player reads the score.
            self.seed = (self.seed + 1) % (1 << 48)
            self.start_set()
            return
        self.rebuild()
        self._poll()
        if self.question is None:
            say(self.app, self.waiting_text())

    def score_text(self) -> str:
        right = sum(self.results)
        return _("You found the best move {right} of {total} times.").format(right=right, total=QUESTIONS)

    def _poll(self) -> None:
        if self.job is None or self.finished:
            return
        self.job.poll()
        if self.question is None:
            # The first found of those not asked yet: the set is the same five whatever the order they come in.
            asked = {question.number for question, _answer in self.answered}
            ready = [number for number in range(QUESTIONS) if number not in asked and self.job.question(number)]
            if ready:
                self._show_question(self.job.question(ready[0]))

    # ----- widgets ----------------------------------------------------------------------------

    def build(self) -> None:
        if self.job is None:
            self.start_set()
        width, height = self.app.size
        margin = self.px(18)
        bw, bh = self.px(200), max(self.text_h(16) + 12, self.px(44))
        back = pygame.Rect(width - margin - bw, height - margin - bh, bw, bh)
        if self.board is not None and self.board.layout is not None and self.question is not None:
            corner = self.board.layout.menu_button
            back = pygame.Rect(0, 0, max(corner.w, self.text_w(_("Back"), 15) + 24), corner.h)
            back.topright = corner.topright
        self.button(back, _("Back"), self.app.pop, tool_tip=_("Back (Escape)"), name="quiz_back",
                    style="@small_button" if self.question is not None else None)
        if self.answer is not None:
            rect = self.panel_button_rect or pygame.Rect(width // 2 - bw // 2, height // 2, bw, bh)
            last = self.number + 1 >= QUESTIONS
            self.button(rect, _("See your score") if last else _("Next question"), self.next_question,
                        primary=True, tool_tip=_("Enter"), name="quiz_next")
        if self.finished:
            rect = pygame.Rect(0, 0, self.px(260), bh)
            rect.midtop = (width // 2, self.score_rect().bottom - bh - self.px(24))
            self.button(rect, _("New set"), self.new_set, primary=True, tool_tip=_("Five new positions (N)"),
                        name="quiz_new_set")

    def score_rect(self) -> pygame.Rect:
        width, height = self.app.size
        rect = pygame.Rect(0, 0, min(self.px(700), width - self.px(60)), min(self.px(440), height - self.px(90)))
        rect.center = (width // 2, height // 2)
        return rect

    # ----- events and time ----------------------------------------------------------------------

    def dispatch(self, event) -> bool:
        if self.chooser is not None:
            return self.chooser.handle_event(event) or True
        return super().dispatch(event)

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.answer is not None:
                self.next_question()
                return True
            if event.key == pygame.K_n and self.finished:
                self.new_set()
                return True
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return True
        if super().handle_event(event):
            return True
        if self.question is not None and self.answer is None and self.chooser is None:
            return self.input.handle_event(event)
        return False

    def on_exit(self) -> None:
        super().on_exit()
        if self not in self.app.scenes:   # closed, not covered by the move list
            if self.job is not None:
                self.job.close()
            self.name_cards_classic()
            self.text.cache.clear()
            self.images.clear()

    def on_resize(self, size) -> None:
        if self.board is not None and self.question is not None:
            self.board.relayout(size, self.question.table, self.speed, self.deck_look, self.back_style, force=True)
            if self.chooser is not None:
                self.chooser.layout(self.board.layout.size)
        self.panel_button_rect = None
        super().on_resize(size)

    def on_language_changed(self) -> None:
        self.text.cache.clear()
        if self.question is not None:
            self.log.clear()
            self.log.extend(history_lines(self.question.history, self.session.shown_seats,
                                          self.question.table.viewer, call_word=self.question.table.rules.last_card_word))
        super().on_language_changed()

    def update(self, dt: float) -> None:
        self.time += dt
        if self.question is None and not self.finished:
            self._poll()
        if self.board is None or self.question is None:
            return
        if self.board.layout is None or self.board.layout.size != tuple(self.app.size):
            self.board.relayout(self.app.size, self.question.table, self.speed, self.deck_look, self.back_style,
                                force=True)
        self.board.update(dt)
        self.effects.update(dt, self.question.table.direction)
        if self.chooser is not None:
            self.chooser.update(dt)
        hovered = None
        if self.input.drag is None and self.chooser is None and self.answer is None:
            hovered = self.input.sprite_at(self.input.mouse)
        self.input.hover = hovered
        view = self.question.table
        self.hand_settling = self.board.update_hand_looks(
            dt, view.viewer, view.playable if self.answer is None else frozenset(), self.answer is None,
            bool(self.app.settings.highlight_playable), self.input.selected, hovered)

    def frame_rate(self) -> int:
        if self.question is None:
            return IDLE_FPS    # waiting: the panel changes only when a position comes in
        if (self.board.moving or self.effects.active or self.chooser is not None or self.input.drag is not None
                or getattr(self, "hand_settling", False)):
            return FULL_FPS
        return IDLE_FPS

    def changing_rects(self):
        if self.question is None:
            # Waiting, or the score: drawn again only when another position has come in.
            return [] if self.progress() == self.shown_progress else None
        if self.frame_rate() >= FULL_FPS:
            return None
        return PaintedTable.changing_rects(self)

    def progress(self) -> tuple:
        """What the waiting and score panels show that can change without input."""
        return (self.ready(), self.finished, self.number)

    def _picture_key(self) -> tuple:
        return (self.number, self.answer is not None, len(self.log), id(self.app.settings), self.app.size)

    # ----- drawing ----------------------------------------------------------------------------

    def draw(self, surface) -> None:
        if self.question is not None:
            self.painter.draw(surface)
            self.draw_frames(surface)
            return
        self.shown_progress = self.progress()
        surface.blit(shapes.felt_background(tuple(self.app.size)), (0, 0))
        if self.finished:
            draw_score_panel(self, surface)
        else:
            draw_waiting_panel(self, surface)
        self.draw_frames(surface)

    def draw_over_widgets(self, surface) -> None:
        super().draw_over_widgets(surface)
        if self.chooser is not None and self.question is not None:
            lay = self.board.layout
            card = self.images.image(self.chooser.card_code, self.chooser.card_rect.w, self.deck_look,
                                     self.back_style, (lay.card_w, lay.small_w))
            self.chooser.draw(surface, self.text, card)


def card_name_of(card: int) -> str:
    return card_name(card_to_str(card))


def move_words(move: Move) -> str:
    """A move as the answer panel lists it: "Play the eight of hearts and name spades", "Draw a card"."""
    if move.kind == MoveKind.PLAY:
        return _play_lead(move, card_name(card_to_str(move.card)))
    if move.kind == MoveKind.DRAW:
        return _("Draw a card")
    if move.kind == MoveKind.PASS:
        return _("Pass")
    text = short_move_text(move)
    return text[:1].upper() + text[1:]


def answer_lines(question, answer, name_of) -> list[str]:
    """What the answer panel says, as sentences: right or not, why, and the two chances to win."""
    best = question.best
    if answer.right:
        lines = [_("Right: that is the best move."), hint_text(best.hint, name_of)]
        numbers = hint_numbers_text(best.hint)
    else:
        lines = [_("Not the best move."), hint_text(answer.hint, name_of)]
        numbers = hint_numbers_text(answer.hint)
    return lines + ([numbers] if numbers else [])


def ranked_answers(question) -> list:
    """The moves as the panel lists them: the best first, then by the chance to win the number beside each
    shows (the analysis ranks the rest by chance and points together, which would read out of order)."""
    best, *rest = question.answers
    return [best] + sorted(rest, key=lambda answer: -answer.score.win)


def win_text(win: float) -> str:
    return _("{percent}%").format(percent=round(win * 100))


def draw_answer_panel(scene, surface) -> None:
    """The verdict over the table's centre: right or not, why, the ranking with win chances, and Next."""
    lay = scene.board.layout
    text = scene.text
    question, answer = scene.question, scene.answer
    fs = max(13, int(lay.font_size * 0.95))
    pad = max(10, lay.margin)
    width = min(int(lay.size[0] * 0.62), lay.size[0] - 2 * pad)
    inner = width - 2 * pad
    heading = _("Right: that is the best move!") if answer.right else _("Not the best move")
    title = text.fit(heading, int(fs * 1.35), inner, color=RIGHT_GREEN if answer.right else WRONG_ORANGE,
                     bold=True, shadow=True)
    hint = question.best.hint if answer.right else answer.hint
    reason_font = text.font(fs, True)
    reason = wrap_words(hint_text(hint, scene.session.name), reason_font, inner, 3)
    ranked = ranked_answers(question)
    shown = ranked[:RANKED_ROWS]
    chosen = next(a for a in ranked if a.score.action == answer.score.action)
    if chosen not in shown:
        shown[-1] = chosen
    row_h = int(fs * 1.55)
    head = text.render(_("The analysis: chance to win the hand"), max(10, int(fs * 0.82)), GOLD_LIGHT, bold=True)
    button_h = max(scene.text_h(16) + 12, scene.px(44))
    height = (pad * 2 + title.get_height() + 6 + len(reason) * int(fs * 1.35) + 8 + head.get_height() + 4
              + row_h * len(shown) + 10 + button_h)
    rect = pygame.Rect(0, 0, width, height)
    rect.center = lay.ring_center
    rect.clamp_ip(pygame.Rect(0, 0, *lay.size))
    surface.blit(shapes.soft_shadow(rect.size, pad, max(4, pad // 2), 140), rect.move(3, 5))
    surface.blit(shapes.rounded_panel(rect.size, pad, (*PANEL_WOOD, 245), (*GOLD, 255), 2), rect)
    y = rect.top + pad - 2
    surface.blit(title, title.get_rect(midtop=(rect.centerx, y)))
    y += title.get_height() + 6
    for line in reason:
        image = text.fit(line, fs, inner, color=CREAM, bold=True)
        surface.blit(image, (rect.left + pad, y))
        y += int(fs * 1.35)
    y += 8
    surface.blit(head, (rect.left + pad, y))
    y += head.get_height() + 4
    percent_w = text.render("100%", fs, CREAM, bold=True).get_width()
    tag_w = max(text.render(word, max(10, int(fs * 0.8)), GOLD, bold=True).get_width()
                for word in (_("best"), _("yours")))
    for number, item in enumerate(shown):
        row = pygame.Rect(rect.left + pad // 2, y, rect.w - pad, row_h - 3)
        mine = item is chosen
        fill = (*GOLD, 70) if item is ranked[0] else (255, 255, 255, 28) if mine else (0, 0, 0, 50)
        surface.blit(shapes.rounded_panel(row.size, row.h // 4, fill), row)
        place = ranked.index(item) + 1
        words = text.fit(f"{place}. {move_words(answer.move if mine else item.move)}", fs,
                         inner - percent_w - tag_w * 2 - pad * 2, color=CREAM, bold=mine)
        surface.blit(words, words.get_rect(midleft=(rect.left + pad, row.centery)))
        tags = [word for word, on in ((_("best"), item is ranked[0]), (_("yours"), mine)) if on]
        if tags:
            tag = text.render(" · ".join(tags), max(10, int(fs * 0.8)), GOLD, bold=True)
            surface.blit(tag, tag.get_rect(midright=(rect.right - pad - percent_w - pad, row.centery)))
        chance = text.render(win_text(item.score.win), fs, CREAM, bold=True)
        surface.blit(chance, chance.get_rect(midright=(rect.right - pad, row.centery)))
        y += row_h
    button = pygame.Rect(0, 0, min(inner, scene.px(260)), button_h)
    button.midbottom = (rect.centerx, rect.bottom - pad + 2)
    if scene.panel_button_rect != button:   # the Next button sits in the panel: placed once it is measured
        scene.panel_button_rect = button
        scene.rebuild()


def draw_waiting_panel(scene, surface) -> None:
    """While the next position is sought: what is going on, and how many of the five are ready."""
    width, height = scene.app.size
    text = scene.text
    fs = max(14, scene.px(20))
    pad = scene.px(28)
    rect = pygame.Rect(0, 0, min(scene.px(620), width - scene.px(60)), scene.px(190))
    rect.center = (width // 2, height // 2)
    surface.blit(shapes.soft_shadow(rect.size, pad, max(4, pad // 2), 140), rect.move(3, 5))
    surface.blit(shapes.rounded_panel(rect.size, pad // 2, (*PANEL_WOOD, 245), (*GOLD, 255), 2), rect)
    title = text.fit(_("What would you play?"), int(fs * 1.4), rect.w - 2 * pad, color=GOLD, bold=True, shadow=True)
    surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.top + pad - 4)))
    line = text.fit(scene.waiting_text(), fs, rect.w - 2 * pad, color=CREAM)
    surface.blit(line, line.get_rect(midtop=(rect.centerx, rect.top + pad + title.get_height() + 6)))
    bar = pygame.Rect(rect.left + pad, rect.bottom - pad - scene.px(12), rect.w - 2 * pad, scene.px(12))
    pygame.draw.rect(surface, (60, 40, 22), bar, border_radius=bar.h // 2)
    done = bar.copy()
    done.w = max(bar.h, bar.w * scene.ready() // QUESTIONS)
    pygame.draw.rect(surface, GOLD, done, border_radius=bar.h // 2)


def draw_score_panel(scene, surface) -> None:
    """After the fifth answer: the score, and each question's verdict."""
    text = scene.text
    rect = scene.score_rect()
    fs = max(14, scene.px(19))
    pad = scene.px(30)
    surface.blit(shapes.soft_shadow(rect.size, pad, max(4, pad // 2), 140), rect.move(3, 5))
    surface.blit(shapes.rounded_panel(rect.size, pad // 2, (*PANEL_WOOD, 245), (*GOLD, 255), 2), rect)
    right = sum(scene.results)
    big = text.fit(_("{right} of {total}").format(right=right, total=QUESTIONS), int(fs * 2.6), rect.w - 2 * pad,
                   color=GOLD, bold=True, shadow=True)
    y = rect.top + pad - 6
    surface.blit(big, big.get_rect(midtop=(rect.centerx, y)))
    y += big.get_height()
    line = text.fit(scene.score_text(), fs, rect.w - 2 * pad, color=CREAM, bold=True)
    surface.blit(line, line.get_rect(midtop=(rect.centerx, y)))
    y += line.get_height() + scene.px(12)
    size = scene.px(24)
    row_fs = max(12, int(fs * 0.82))
    for number, (question, answer) in enumerate(scene.answered):
        centre = (rect.left + pad + size // 2, y + size // 2)
        pygame.draw.circle(surface, RIGHT_GREEN if answer.right else WRONG_ORANGE, centre, size // 2)
        mark = text.render(str(number + 1), int(size * 0.6), (30, 20, 10), bold=True)
        surface.blit(mark, mark.get_rect(center=centre))
        words = (move_words(question.best.move) if answer.right else
                 _("{best} (your move: {yours})").format(best=move_words(question.best.move),
                                                         yours=move_words(answer.move)))
        line = text.fit(f"{_(question.table.rules.name)} · {words}", row_fs, rect.w - 3 * pad - size,
                        color=CREAM)
        surface.blit(line, line.get_rect(midleft=(centre[0] + size // 2 + pad // 2, centre[1])))
        y += size + scene.px(8)
    y += scene.px(6)
    note_fs = max(12, int(fs * 0.8))
    for part in wrap_words(_("Each position comes from a real hand, and the analysis is sure of its best move."),
                           text.font(note_fs), rect.w - 2 * pad, 2):
        image = text.fit(part, note_fs, rect.w - 2 * pad, color=LOG_CAPTION)
        surface.blit(image, image.get_rect(midtop=(rect.centerx, y)))
        y += image.get_height()
