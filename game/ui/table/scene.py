"""The table scene: the game as the player sees it, a thin screen over a :class:`TableSession`.

Every move (a drop, a click, a key, a button, a computer decision) goes
through the session; the events that come back are logged, sounded and
animated, and the card sprites are rebuilt from the session's view (sprites
are views; the rules core is the only authority). The parts: ``input``
(gestures -> moves), ``board`` (sprites and the deal), ``effects`` (flashes,
toasts), ``painter`` (drawing) and the suit chooser.
"""
from __future__ import annotations

import logging
import random
from collections import deque

import pygame

from game.rules import FIRST_JOKER, SUIT_OF, IllegalMove, Move, MoveKind, tables_for
from game.session import UndoRefused
from game.store.settings import Speed
from game.ui import i18n
from game.ui.i18n import _, hint_numbers_text, hint_text, reason_text, undo_refusal_text

from ..scene import AMBIENT_FPS, FULL_FPS, Scene
from .animation import Timer
from .board import Board
from .effects import Effects
from .input import TableInput
from .network import not_available_text, offers
from .narration import history_lines, log_tail, open_history
from .painter import PaintedTable, TablePainter
from .spoken import TableSpeech
from .sprites import CardImages, CardSprite, TextCache
from .suit_chooser import SuitChooser, open_over_pile
from .tutor import Tutor

log = logging.getLogger(__name__)

#: Seconds a computer move stays on screen before the next one, by the "computer speed" setting
#: (a little jitter is added, never below 0.9 of it): at normal, long enough to see who did what.
PACE = {Speed.SLOW: 1.7, Speed.NORMAL: 1.0, Speed.FAST: 0.5, Speed.INSTANT: 0.05}
#: Seconds between the last card of a hand and its result, by animation speed.
RESULT_DELAY = {Speed.SLOW: 1.9, Speed.NORMAL: 1.35, Speed.FAST: 0.8, Speed.INSTANT: 0.05}
LOG_LINES = 60


class TableScene(PaintedTable, Scene):
    """The card table for one match, played through ``session``."""

    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        self.text = TextCache(self._font)
        self.images = CardImages(app.assets, self._font)
        self.rng = random.Random(getattr(session, "seed", 0) * 7919 + 17)
        self.board = Board(self.images, self.rng, session.rules.players, session.viewer,
                           session.human is not None)
        self.speech = TableSpeech(self)
        self.effects = Effects(app.sound.play, session.rules.last_card_word, speak=self.speech.toast)
        self.input = TableInput(self)
        self.painter = TablePainter(self)
        self.log: deque[str] = deque(maxlen=LOG_LINES)
        self.chooser: SuitChooser | None = None
        #: Asks before a sure, costly mistake (the "tutor" setting); see ``tutor.py``.
        self.tutor = Tutor(self)
        self.ai_wait = 0.0
        #: The computer seat whose move the table shows until the person goes on ("wait for me"), or None.
        self.waiting_for_player: int | None = None
        #: The position (session version) a hint is being worked out for, or None.
        self.hint_for: int | None = None
        #: Finished hand reviews by (hand number, session version): reopening one shows it at once.
        self.hand_reviews: dict = {}
        #: The position (session version) whose hint the toast shows, or None.
        self.hint_shown_for: int | None = None
        self.result_timer: Timer | None = None
        self.result_pending_for = 0  # hand number whose result is waiting to be shown
        self.result_shown_for = 0
        self.time = 0.0
        self.hand_settling = False   # a card of the person's hand is still rising or sinking
        self.started = False
        self.closed = False
        #: A table of several people opens on the pass screen: the first to play takes the device.
        self.pass_at_start = False
        #: A guest pressed Next hand before the host dealt it: it shows as soon as it comes.
        self.awaiting_deal = False

    # ----- what the screen needs -------------------------------------------------------------

    @property
    def human(self) -> int | None:
        """The person's seat, or None at a table of computer players."""
        return self.session.human

    @property
    def addressed(self) -> int | None:
        """The seat the words call "you" (None when several people share the screen: all go by name)."""
        return self.session.addressed

    def my_sprites(self) -> list[CardSprite]:
        """The cards of the person holding the device, left to right."""
        return self.board.hand_sprites(self.session.viewer)

    # ----- several people at one screen ----------------------------------------------------------

    def _ask_to_pass(self) -> None:
        """When the turn comes to a person who does not hold the device, hide every hand and ask to pass it
        (once the last move has landed, so its player sees it)."""
        session = self.session
        if self.pass_at_start and self.app.scenes.top is self:
            self.pass_at_start = False
            self.app.go("pass_device", self, session.viewer)
            return
        if (session.waiting_for_hand_over() and self.app.scenes.top is self and not self.board.moving
                and self.result_timer is None and self.chooser is None and self.input.drag is None):
            self.app.go("pass_device", self, session.human, session.viewer)

    def hand_over_to(self, seat: int) -> None:
        """The person in ``seat`` holds the device now: the table turns to them, their hand face up and every
        other hand face down (the sprites are made anew, so no card of the one before stays in memory)."""
        self.session.hand_to(seat)
        if self.board.viewer == seat:
            return   # the table already shows this person's hand (the first to play, at the start)
        self.board.viewer = seat
        self.board.sprites = []
        self.board.pending_sprite = None
        self.input.selected = -1
        self._relayout(self.app.size, force=True)
        self.resync(animate=False)
        if self.input.buttons:
            self.input.build_buttons(self.app.ui_manager, self.board.layout)
            self._update_buttons()

    def person_calls_last_card(self, seat: int) -> bool:
        """``seat``'s "Last card" call made from the pass screen (before the next person takes the device)."""
        logged = len(self.session.history)
        try:
            events = self.session.call_last_card(seat)
        except IllegalMove as error:
            self.effects.show_toast(reason_text(error))
            self.effects.sound("invalid")
            return False
        self._after_move(Move(MoveKind.LAST_CARD), seat, events, logged)
        return True

    def resync(self, animate: bool = True) -> None:
        """Send every card where the view says it belongs."""
        self.board.sync(self.session.view(), self.speed, animate=animate)

    def human_turn(self) -> bool:
        """Whether the person is to act."""
        return self.session.human_turn()

    def thinking_seat(self) -> int | None:
        """The computer seat thinking now (its plate shows dots), or None."""
        if self.result_timer is not None or self.waiting_for_player is not None:
            return None
        return self.session.computer_to_act()

    @property
    def pace(self) -> float:
        """Seconds a computer move stays on screen before the next (the "computer speed" setting)."""
        return PACE.get(self.app.settings.computer_speed, PACE[Speed.NORMAL])

    # ----- scene life cycle ----------------------------------------------------------------------

    def on_enter(self) -> None:
        self.closed = False
        self.name_cards_as_shown()   # the look may have changed in Settings while the table was covered
        self._relayout(self.app.size, force=True)
        if not self.started:
            self.started = True
            self.session.prepare_computers()
            self._start()
            if len(self.session.people) > 1:   # the first person to play takes the device
                self.session.hand_to(self.session.human)
                self.pass_at_start = True
        self.input.build_buttons(self.app.ui_manager, self.board.layout)
        self._update_buttons()

    def on_exit(self) -> None:
        self.input.kill_buttons()
        self.input.drop_drag()
        if self not in list(self.app.scenes):
            self.closed = True
            self.name_cards_classic()
            link = self.app.table_link
            if link is not None and link.table is self.session:   # the host or a guest leaves the table
                link.close()
            self.session.close()
            # A long match's history goes a slice a frame, not in one long collection later.
            self.app.letting_go.add(self.session.release())
            # Let go of the drawn images now: a closed scene waits for the cycle collector, which
            # counts objects, not the megabytes of pixels they hold.
            self.text.cache.clear()
            self.images.clear()

    def on_resize(self, size) -> None:
        self._relayout(size)
        if self.input.buttons:
            self.input.build_buttons(self.app.ui_manager, self.board.layout)
            self._update_buttons()

    def on_settings_changed(self, settings) -> None:
        if self.board.layout is not None:
            self.board.prewarm(self.session.rules, self.deck_look, self.back_style)
        self.resync(animate=False)
        if self.deck_look != i18n.deck_look():   # a new look: the log is told again in its card names
            self.name_cards_as_shown()
            self.on_language_changed()

    def on_language_changed(self) -> None:
        self.text.cache.clear()
        session = self.session
        # The log is told again from the match's history, in the new words.
        self.log.clear()
        self.log.extend(history_lines(session.history[-LOG_LINES:], session.shown_seats, session.addressed,
                                       call_word=session.rules.last_card_word))
        if self.input.buttons:
            self.input.build_buttons(self.app.ui_manager, self.board.layout)
            self._update_buttons()
        if self.chooser is not None:
            self.chooser.layout(self.board.layout.size)

    def _relayout(self, size, force: bool = False) -> None:
        scale = self.board.relayout(size, self.session.view(), self.speed, self.deck_look, self.back_style,
                                    force)
        drag = self.input.drag
        if scale is not None and drag is not None:
            drag.offset = (drag.offset[0] * scale, drag.offset[1] * scale)
        if self.chooser is not None:
            self.chooser.layout(self.board.layout.size)

    def _start(self) -> None:
        """First entry: the log so far, then deal the hand on screen (or show a resumed position as it is)."""
        session = self.session
        if self.app.settings.deck_look == i18n.GERMAN_LOOK and self.deck_look != i18n.GERMAN_LOOK:
            # Said as the game opens: German suits were chosen, but this deck has cards they lack (2 to 6).
            self.effects.show_toast(_("German suits need a 32-card game: this one is dealt in French cards."),
                                    seconds=6.0, kind="note")
        self.log.extend(history_lines(session.history[-LOG_LINES:], session.shown_seats, session.addressed,
                                       call_word=session.rules.last_card_word))
        if session.hand_over:
            self.resync(animate=False)
            if not session.over:
                self._schedule_result(0.2)
            return
        if not session.hand_started:
            self._deal()
        else:
            self.resync(animate=False)
            self.ai_wait = 0.4 * max(self.speed, 0.2)
        session.autosave()
        self.speech.start()

    def _deal(self) -> None:
        deal_end = self.board.deal(self.session.view(), self.speed)
        self.ai_wait = deal_end + 0.5 * self.speed + self.pace * 0.5
        self.effects.sound("deal")

    # ----- moves ---------------------------------------------------------------------------------

    def human_move(self, move: Move) -> bool:
        """Try a move for the person; on refusal the reason is shown. Returns whether it was applied."""
        session = self.session
        if session.human is None or session.over:
            return False
        if self.tutor.stops(move):   # asked about first (or held a moment for the analysis's verdict)
            self.resync()
            return False
        logged = len(session.history)
        try:
            events = session.play(move)
        except IllegalMove as error:
            self.effects.show_toast(reason_text(error))
            self.effects.sound("invalid")
            self.resync()
            return False
        self._after_move(move, session.human, events, logged)
        return True

    def play_card(self, card: int, sprite: CardSprite | None = None) -> bool:
        """Play ``card`` from the person's hand (opening the suit chooser for a wild card)."""
        view = self.session.view()
        if view.my_turn and any(m.kind == MoveKind.PLAY and m.card == card and m.suit is not None
                                for m in view.my_moves):
            self._open_chooser(card, sprite)
            return False
        return self.human_move(Move.play(card))

    def _open_chooser(self, card: int, sprite: CardSprite | None) -> None:
        view = self.session.view()
        wild = tables_for(view.hand_rules).wild
        counts = [0, 0, 0, 0]
        for held in view.my_cards:
            if held != card and held < FIRST_JOKER and not wild[held]:
                counts[SUIT_OF[held]] += 1
        suggested = max(range(4), key=lambda s: (counts[s], s == view.suit))
        hinted = self.input.hint_now()
        if hinted is not None and hinted.kind == MoveKind.PLAY and hinted.suit is not None and wild[card]:
            suggested = hinted.suit   # the chooser opens on the suit the hint named
        self.chooser = open_over_pile(self, card, sprite, suggested)

    def _chosen(self, card: int, suit: int) -> None:
        self.chooser = None
        self.board.pending_sprite = None
        if not self.human_move(Move.play(card, suit)):
            self.resync()

    def _chooser_cancelled(self) -> None:
        self.chooser = None
        self.board.pending_sprite = None
        self.resync()

    def _play_computer_move(self, seat: int) -> None:
        move = self.session.think()
        logged = len(self.session.history)
        try:
            events = self.session.play_computer_move()
        except IllegalMove as error:  # no legal move at all: nothing to animate
            log.warning("computer player %s could not move: %s", seat, error)
            return
        self._after_move(move, seat, events, logged)

    def _after_move(self, move: Move, seat: int, events, logged: int) -> None:
        session = self.session
        # Every step since ``logged``: a computer's play and its "last card" call right after are two;
        # a draw after a draw by the same seat rewrites that line ("draws 3 cards").
        replaced, lines = log_tail(session.history, logged, session.shown_seats, session.addressed,
                                   session.rules.last_card_word)
        for _line in range(min(replaced, len(self.log))):
            self.log.pop()
        self.log.extend(lines)
        self.effects.show(events, self.speed)
        self.board.pending_sprite = None
        self.board.sync(session.view(), self.speed, animate=True, events=events, actor=seat)
        self.input.follow_hand(len(session.view().my_cards))
        continuing = move.kind == MoveKind.DRAW and session.to_act() == seat
        self.ai_wait = self.pace * (0.8 if continuing else self.rng.uniform(0.9, 1.15))
        if session.hand_over:
            self._hand_finished()
        elif (seat != session.human and not continuing and self.app.settings.pause_after_computer_move
              and session.computer_to_act() is not None):
            self.waiting_for_player = seat  # a learner reads the move before the next one comes
        self.speech.news()

    def _hand_finished(self) -> None:
        session = self.session
        result = session.hand_result()
        if result is not None and session.human is not None and session.human in result.seats:
            self.effects.sound("win" if result.winner == session.human else "lose")
        elif result is not None:
            self.effects.sound("win")
        self._schedule_result(RESULT_DELAY.get(self.app.settings.animation_speed, RESULT_DELAY[Speed.NORMAL]))

    def _schedule_result(self, delay: float) -> None:
        self.result_timer = Timer(max(0.01, delay))
        self.result_pending_for = self.session.hand_number

    def next_hand(self) -> None:
        """Deal the next hand (called by the hand result's "Next hand"); at a guest's table, show it once the
        host has dealt it (until then the table says it waits)."""
        session = self.session
        if session.over or not session.hand_over:
            return
        if getattr(session, "dealt_waiting", True) is False:
            if not self.awaiting_deal:
                self.awaiting_deal = True
                self.effects.show_toast(_("Waiting for {name} to deal the next hand…").format(name=session.name(0)),
                                        seconds=60.0, kind="note")
            return
        self.awaiting_deal = False
        self.effects.clear_toast("note")
        session.next_hand()
        self.result_timer = None
        self.log.extend(history_lines(session.history[-1:], session.shown_seats, session.addressed,
                                       call_word=session.rules.last_card_word))
        self._deal()
        self.speech.news()

    def ask_hint(self) -> None:
        """Show the analysis's best move from the person's view (H, or the Hint button): at once when it
        was worked out as the turn began, else as soon as it is ready."""
        session = self.session
        if not session.human_turn() or self.chooser is not None:
            return
        if not offers(session, "hint"):
            self.effects.show_toast(not_available_text(), kind="note")
            return
        session.request_hint()   # nothing new if it is already being worked out for this position
        self.hint_for = session.version
        self._collect_hint()
        if self.hint_for is not None:
            self.effects.show_toast(_("Thinking about a hint…"), seconds=30.0, kind="hint")

    def _collect_hint(self) -> None:
        session = self.session
        if self.hint_for is None:
            return
        if self.hint_for != session.version or not session.human_turn():
            self.hint_for = None  # the position moved on: that hint would be wrong now
            self.effects.clear_toast("hint")
            return
        hint = session.poll_hint()
        if hint is None:
            return
        self.hint_for = None
        self.hint_shown_for = session.version
        numbers = hint_numbers_text(hint)
        self.effects.show_toast(f"{hint_text(hint)}  {numbers}" if numbers else hint_text(hint), seconds=8.0,
                                kind="hint")
        # Enter carries the hinted move out (a card is chosen for it; a draw, a pass or a call is kept).
        self.input.hinted_move = hint.move
        self.input.hinted_for = session.version
        if hint.move.kind == MoveKind.PLAY:
            sprites = self.my_sprites()
            self.input.selected = next((i for i, s in enumerate(sprites) if s.card == hint.move.card), -1)

    def _forget_old_hint(self) -> None:
        """Once the position moves on, the hint's toast and its chosen card are wrong: take them back."""
        version = self.session.version
        if self.input.hinted_for is not None and self.input.hinted_for != version:
            self.input.hinted_for = None
            self.input.selected = -1
        if self.hint_shown_for is not None and self.hint_shown_for != version:
            self.hint_shown_for = None
            self.effects.clear_toast("hint")

    def undo(self) -> None:
        """Take back the person's last move and the computer moves since (Ctrl+Z, or the Undo button)."""
        if self.chooser is not None:
            return
        try:
            if not self.app.settings.allow_undo:
                raise UndoRefused("switched_off", "undo is switched off in the settings")
            was_practice = self.session.practice
            self.session.undo()
        except UndoRefused as refusal:
            self.effects.show_toast(undo_refusal_text(refusal))
            self.effects.sound("invalid")
            return
        self.hint_for = self.hint_shown_for = self.input.hinted_for = None
        self.log.clear()
        self.log.extend(history_lines(self.session.history[-LOG_LINES:], self.session.shown_seats, self.session.addressed,
                                       call_word=self.session.rules.last_card_word))
        self.board.sync(self.session.view(), self.speed, animate=True, taking_back=True)
        self.input.selected = -1
        self.ai_wait = self.pace
        self.waiting_for_player = None
        self.speech.undone()
        if was_practice:
            self.effects.show_toast(_("Taken back: your last move and everything since."), kind="hint")
        else:  # the first take-back: say what it costs, once
            self.effects.show_toast(_("Taking back a move makes this match practice: its results count apart "
                                      "in your statistics."), seconds=6.0, kind="hint")

    def open_history(self) -> None:
        """Every move of the match so far, scrollable (Y, or a click on the log)."""
        self.input.drop_drag()
        open_history(self.app, self)

    def open_pause(self) -> None:
        """The pause menu (Escape or the Menu button)."""
        self.input.drop_drag()
        self.app.go("pause", self)

    # ----- the frame -----------------------------------------------------------------------------

    def handle_event(self, event) -> bool:
        if self.tutor.busy:
            return self.tutor.handle_event(event)
        if self.chooser is not None:
            chooser, focus = self.chooser, self.chooser.focus
            used = chooser.handle_event(event)
            if self.chooser is chooser and chooser.focus != focus:
                self.speech.chooser_focus(chooser.focus)
            return used
        if self.waiting_for_player is not None and self._goes_on(event):
            self.waiting_for_player = None
            return True
        return self.input.handle_event(event)

    @staticmethod
    def _goes_on(event) -> bool:
        """Whether ``event`` tells a waiting table to go on (a click, or Space or Enter)."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return True
        return event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)

    def update(self, dt: float) -> None:
        self.time += dt
        if self.board.layout is None or self.board.layout.size != tuple(self.app.size):
            self.on_resize(self.app.size)
        self.board.update(dt)
        self._update_hand_looks(dt)
        self.effects.update(dt, self.session.view().direction, drift=self._moving())
        if self.chooser is not None:
            self.chooser.update(dt)
        if self.awaiting_deal and getattr(self.session, "dealt_waiting", False):
            self.next_hand()
        self._drive_computers(dt)
        self.tutor.update(dt)
        if self.chooser is None and self.result_timer is None:
            self.session.prepare_hint()
        self._collect_hint()
        self._forget_old_hint()
        self._update_buttons()
        if self.result_timer is not None:
            self.result_timer.update(dt)
            if not self.result_timer.active and self.app.scenes.top is self:
                self.result_timer = None
                self._show_result()
        self._ask_to_pass()

    def _moving(self) -> bool:
        return (self.board.moving or self.hand_settling or self.effects.active or self.chooser is not None
                or self.input.drag is not None or self.result_timer is not None
                or self.thinking_seat() is not None or self.tutor.animating)

    def frame_rate(self) -> int:
        """Full while anything moves or a computer is to play; else the ambient rate, for the
        "your turn" pulse (the direction ring holds still then)."""
        return FULL_FPS if self._moving() else AMBIENT_FPS

    def _update_hand_looks(self, dt: float) -> None:
        view = self.session.view()
        hovered = None
        if self.input.drag is None and self.chooser is None:
            hovered = self.input.sprite_at(self.input.mouse)
        self.input.hover = hovered
        self.hand_settling = self.board.update_hand_looks(
            dt, self.session.viewer, view.playable, view.my_turn, bool(self.app.settings.highlight_playable),
            self.input.selected, hovered)

    def _drive_computers(self, dt: float) -> None:
        seat = self.thinking_seat()
        if seat is None or self.chooser is not None:
            return
        self.ai_wait -= dt
        # A person at another computer has had their time to think: their move shows as soon as it comes.
        if self.session.think() is not None and (self.ai_wait <= 0 or self._person_elsewhere(seat)):
            self._play_computer_move(seat)

    def _person_elsewhere(self, seat: int) -> bool:
        """Whether ``seat``'s move needs no pause of its own: a person at another computer plays it at a hosted
        table (not a computer standing in), or it comes to a guest's table already paced by the host."""
        if callable(getattr(self.session, "available", None)):
            return True   # a guest's table: the host already showed every move at its pace
        player = getattr(self.session, "seat_players", {}).get(seat)
        return bool(getattr(player, "present", False)) and self.session.seats[seat].kind == "remote"

    def _update_buttons(self) -> None:
        view = self.session.view()
        acting = self.chooser is None and not self.tutor.busy and view.my_turn
        kinds = (view.move_kinds | ({"hint"} if offers(self.session, "hint") else set())) if acting else frozenset()
        if self.session.human is not None and self.app.settings.allow_undo and not self.tutor.busy:
            kinds = kinds | {"undo"}
            # What undo would say changes only with the position: worked out once per session version.
            if self.input.undo_checked_for != self.session.version:
                self.input.undo_checked_for = self.session.version
                refusal = self.session.undo_refusal()
                self.input.explain_undo(None if refusal is None else undo_refusal_text(refusal))
        self.input.update_buttons(kinds)

    def _show_result(self) -> None:
        if self.result_shown_for == self.result_pending_for:
            return
        self.result_shown_for = self.result_pending_for
        self.board.finish()
        result = self.session.hand_result()
        if result is not None:
            self.speech.hand_result(result)
        self.app.go("hand_result", self, result)

    def draw(self, surface) -> None:
        self.painter.draw(surface)
        layout = self.board.layout
        self.tutor.draw(surface, self.text, self.images, self.deck_look, self.back_style,
                        (layout.card_w, layout.small_w))
