"""The replay viewer: a match replayed on the table, every hand face up, step by step or played at a pace.

The table's own painter draws it (felt, ring, suit, stock, plates, badges, log) from each frame's
``TableView``; :class:`ReplayBoard` shows every seat's cards face up. Controls sit where the table
keeps its buttons: back to the start of the hand, step back, play or pause, step forward, next hand,
the pace, and Back. Keys: Left/Right step, Space plays or pauses, Page Up/Down go to the previous or next
hand's start, Home/End to the match's start and end, P changes the pace, Y lists the moves so far,
Escape goes back. Paused, nothing moves and the scene asks for 4 frames a second.
"""
from __future__ import annotations

import random
from collections import deque

import pygame

from game.session import Seat
from game.session.replay import frame_view
from game.ui.i18n import N_, _, is_default_player_name, shown_player_name

from ..look.palette import CREAM, LOG_CAPTION
from ..safe_text import safe_text
from ..scene import AMBIENT_FPS, FULL_FPS, IDLE_FPS
from ..speaking import say
from ..table.effects import Effects
from ..table.narration import open_history
from ..table.painter import PaintedTable
from ..table.spoken import sentences, step_lines
from ..table.sprites import CardImages, TextCache
from ..widgets import WidgetScene
from .board import ReplayBoard, replay_log
from .painter import ReplayPainter

#: Seconds each step stays on screen while playing, by the pace chosen (a deal a little longer).
PACES = (("slow", N_("Slow"), 2.4), ("normal", N_("Normal"), 1.3), ("fast", N_("Fast"), 0.6))
DEAL_PAUSE = 1.5
LOG_LINES = 60
#: The transport buttons, left to right, and the icon each one shows.
TRANSPORT = ("hand_start", "step_back", "play", "step_forward", "next_hand")


class _ReplaySession:
    """What the table's painter and move list read of a session, for the frame shown."""

    #: Every hand is face up: the move list names the cards each draw took.
    name_drawn = True

    def __init__(self, scene, human):
        self.scene = scene
        #: The seat told as "you" in the log and the caption: only the person under the untouched
        #: default name, whose plate says "You" too; everyone else goes by the name on their plate.
        self.human = human

    def view(self):
        return self.scene.view

    @property
    def seats(self):
        return self.scene.replay.seats

    @property
    def shown_seats(self):
        """The seats as the screen names them (the replay's seats are already named so)."""
        return self.scene.replay.seats

    @property
    def rules(self):
        """The match's rules (the move list says the last-card call in their words)."""
        return self.scene.replay.rules

    @property
    def history(self):
        replay = self.scene.replay
        return replay.steps[:replay.index + 1]


class _NoInput:
    drag = None


class ReplayScene(PaintedTable, WidgetScene):
    """One match's replay; ``title`` says where it came from (a recent match, a record file)."""

    def __init__(self, app, replay, source: str = ""):
        super().__init__(app)
        human = next((i for i, seat in enumerate(replay.seats) if seat.is_human), None)
        told_as_you = human if human is not None and is_default_player_name(replay.seats[human].name) else None
        # The person under the untouched default name is "You" in the player's language.
        replay.seats = tuple(Seat(shown_player_name(seat.name), seat.kind) for seat in replay.seats)
        self.replay = replay
        self.source = source
        self.viewer = human if human is not None else 0
        self.session = _ReplaySession(self, told_as_you)
        #: The notices up before the replay opened: any put up since goes when the replay closes.
        self.notices_before = list(app.notices.toasts)
        self.input = _NoInput()
        self.chooser = None
        self.waiting_for_player = None
        self.text = TextCache(self._font)
        self.images = CardImages(app.assets, self._font)
        self.board = ReplayBoard(self.images, random.Random(7), replay.rules.players, self.viewer, True)
        self.effects = Effects(app.sound.play, replay.rules.last_card_word)
        self.painter = ReplayPainter(self)
        self.log: deque[str] = deque(maxlen=LOG_LINES)
        self.view = frame_view(replay, self.viewer)
        self.playing = False
        self.pace = "normal"
        self.wait = 0.0
        self.time = 0.0
        self.buttons: dict[str, object] = {}

    # ----- what the table's painter reads ----------------------------------------------------

    @property
    def title(self) -> str:
        """"Replay · Crazy Eights · 07.03.2026 09:05": the game as the table names it, and where it came from."""
        # The rules' name and the file's name come from outside: safe_text, like every such string.
        game = safe_text(_(self.replay.rules.name), max_chars=48)
        source = safe_text(self.source, max_chars=60) if self.source else ""
        if self.replay.practice:
            return _("Replay · {game} · {source} · practice").format(game=game, source=source)
        if source:
            return _("Replay · {game} · {source}").format(game=game, source=source)
        return _("Replay · {game}").format(game=game)

    def thinking_seat(self) -> None:
        return None

    # ----- showing a frame -------------------------------------------------------------------

    def shown_rules(self):
        return self.replay.rules

    def show(self, animate: bool) -> None:
        """Put the cards, the log and the caption where the current frame has them."""
        self.name_cards_as_shown()
        replay = self.replay
        frame = replay.frame
        self.view = frame_view(replay, self.viewer)
        self.board.hands = frame.hands
        self.log.clear()
        self.log.extend(replay_log(replay, self.session.human))
        if self.board.layout is None:
            return
        if animate and frame.deal:
            self.board.deal(self.view, self.speed)
        else:
            self.board.sync(self.view, self.speed, animate=animate, events=frame.events, actor=frame.seat)
        if animate:
            self.effects.show(frame.events, self.speed)

    def go_to(self, index: int) -> None:
        """Show step ``index``: one step on animates; a step back or a jump snaps into place."""
        replay = self.replay
        before = replay.index
        replay.go(index)
        if replay.index == before:
            return
        self.board.finish()
        forward_one = replay.index == before + 1
        self.show(animate=forward_one)
        self.say_step()
        if forward_one:
            self.wait = self.pace_seconds() + (DEAL_PAUSE * max(self.speed, 0.3) if replay.frame.deal else 0.0)
        self._refresh_buttons()

    def say_step(self) -> None:
        """Say the step shown, as the log tells it (every hand is face up in a replay), and the hand's
        points at its end."""
        replay = self.replay
        names = {seat: replay.name(seat) for seat in range(len(replay.seats))}
        lines = step_lines(replay.steps[replay.index], names, self.session.human, face_up=True,
                           call_word=replay.rules.last_card_word)
        result = replay.result()
        if result is not None:   # the points under the last move, as the log adds them
            told = len(result.seats) + (1 if replay.frame.match_over else 0)
            lines += replay_log(replay, self.session.human)[-told:]
        say(self.app, sentences(lines))

    def pace_seconds(self) -> float:
        """How long a step stays on screen while playing."""
        return next(seconds for key, _label, seconds in PACES if key == self.pace)

    # ----- controls --------------------------------------------------------------------------

    def step_forward(self) -> None:
        """One step on."""
        self.go_to(self.replay.index + 1)

    def step_back(self) -> None:
        """One step back."""
        self.go_to(self.replay.index - 1)

    def hand_start(self) -> None:
        """Back to this hand's deal (from the deal: the hand before)."""
        replay = self.replay
        start = replay.hand_start()
        self.go_to(start if start < replay.index else max([s for s in replay.hand_starts if s < start], default=0))

    def next_hand(self) -> None:
        """On to the next hand's deal (in the last hand: its end)."""
        later = [start for start in self.replay.hand_starts if start > self.replay.index]
        self.go_to(later[0] if later else len(self.replay) - 1)

    def first(self) -> None:
        self.go_to(0)

    def last(self) -> None:
        self.go_to(len(self.replay) - 1)

    def toggle_play(self) -> None:
        """Play from here at the chosen pace, or pause; from the end, play starts over."""
        if self.playing:
            self.playing = False
        else:
            if self.replay.at_end:
                self.first()
            self.playing = True
            self.wait = min(self.wait, self.pace_seconds() * 0.5)
        self._refresh_buttons()

    def pause(self) -> None:
        if self.playing:
            self.playing = False
            self._refresh_buttons()

    def change_pace(self) -> None:
        """The next pace: slow, normal, fast, then slow again."""
        keys = [key for key, _label, _seconds in PACES]
        self.pace = keys[(keys.index(self.pace) + 1) % len(keys)]
        self.wait = min(self.wait, self.pace_seconds())
        self._refresh_buttons()

    def pace_text(self) -> str:
        label = next(label for key, label, _seconds in PACES if key == self.pace)
        return _("Pace: {speed}").format(speed=_(label))

    # ----- widgets ---------------------------------------------------------------------------

    def control_rects(self) -> dict[str, pygame.Rect]:
        """Where each control sits: the transport row over the pace and Back, in the bottom-right corner."""
        lay = self.board.layout
        width = lay.log_rect.w
        _bw, row_h = lay.button_size
        gap = max(4, lay.margin // 2)
        right = lay.size[0] - lay.margin
        bottom = lay.size[1] - lay.margin
        rects = {"back": pygame.Rect(right - width, bottom - row_h, width, row_h)}
        rects["pace"] = rects["back"].move(0, -row_h - gap)
        transport_h = rects["pace"].top - gap
        icon_w = (width - gap * (len(TRANSPORT) - 1)) // len(TRANSPORT)
        for number, name in enumerate(TRANSPORT):
            rects[name] = pygame.Rect(right - width + number * (icon_w + gap), transport_h - row_h, icon_w, row_h)
        # In the corner where the table keeps its Menu button: nothing of the replay sits there.
        corner = lay.menu_button
        rects["analysis"] = pygame.Rect(right - width, corner.top, width, max(corner.h, row_h * 3 // 4))
        return rects

    def build(self) -> None:
        if self.board.layout is None or self.board.layout.size != tuple(self.app.size):
            self._relayout()
        rects = self.control_rects()
        tips = {"hand_start": _("Start of this hand, or of the hand before (Page Up); start of the match: Home"),
                "step_back": _("Step back (Left)"), "play": _("Play or pause (Space)"),
                "step_forward": _("Step forward (Right)"),
                "next_hand": _("Next hand (Page Down); end of the match: End")}
        actions = {"hand_start": self.hand_start, "step_back": self.step_back, "play": self.toggle_play,
                   "step_forward": self.step_forward, "next_hand": self.next_hand}
        self.buttons = {name: self.button(rects[name], "", actions[name], tool_tip=tips[name], name=f"replay_{name}")
                        for name in TRANSPORT}
        self.buttons["pace"] = self.button(rects["pace"], self.pace_text(), self.change_pace,
                                           tool_tip=_("Slow, normal or fast (P)"), name="replay_pace")
        self.buttons["back"] = self.button(rects["back"], _("Back"), self.app.pop, tool_tip=_("Back (Escape)"),
                                           name="replay_back")
        self.analysis_button = self.button(rects["analysis"], _("Match analysis"), self.open_analysis,
                                               tool_tip=_("Every player's decisions and luck, from this hand on (A)"),
                                               name="replay_analysis")
        self._refresh_buttons()

    def _refresh_buttons(self) -> None:
        if not self.buttons:
            return
        replay = self.replay
        states = {"hand_start": replay.index > 0, "step_back": replay.index > 0,
                  "step_forward": not replay.at_end, "next_hand": not replay.at_end, "play": True}
        for name, enabled in states.items():
            button = self.buttons[name]
            if enabled:
                button.enable()
            else:
                button.disable()
        if self.buttons["pace"].text != self.pace_text():
            self.buttons["pace"].set_text(self.pace_text())

    def _relayout(self) -> None:
        self.board.hands = self.replay.frame.hands
        self.board.relayout(self.app.size, self.view, self.speed, self.deck_look, self.back_style, force=True)
        self.board.sync(self.view, self.speed, animate=False)

    def on_enter(self) -> None:
        if not self.log:
            self.show(animate=False)
        super().on_enter()

    def on_exit(self) -> None:
        super().on_exit()
        if self not in self.app.scenes:  # closed, not just covered by the move list
            self.name_cards_classic()
            for toast in [t for t in self.app.notices.toasts if t not in self.notices_before]:
                self.app.notices.dismiss(toast)
            self.text.cache.clear()      # the images go now, not when the cycle collector comes by
            self.images.clear()
            self.app.letting_go.add(self.replay.release())   # a long record's steps: a slice a frame

    def on_language_changed(self) -> None:
        self.text.cache.clear()
        self.show(animate=False)
        super().on_language_changed()

    def on_settings_changed(self, settings) -> None:
        if self.board.layout is not None:
            self.board.prewarm(self.replay.rules, self.deck_look, self.back_style)

    # ----- input and time --------------------------------------------------------------------

    def dispatch(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            return self.handle_event(event)  # Space plays or pauses, whatever the focus ring is on
        return super().dispatch(event)

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_RIGHT: self.step_forward, pygame.K_LEFT: self.step_back, pygame.K_SPACE: self.toggle_play,
                    pygame.K_HOME: self.first, pygame.K_END: self.last, pygame.K_PAGEUP: self.hand_start,
                    pygame.K_PAGEDOWN: self.next_hand, pygame.K_y: self.show_moves, pygame.K_p: self.change_pace,
                    pygame.K_a: self.open_analysis}
            action = keys.get(event.key)
            if action is not None:
                if action not in (self.toggle_play, self.change_pace):
                    self.pause()
                action()
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.board.layout is not None \
                and self.board.layout.log_rect.collidepoint(event.pos):
            self.show_moves()
            return True
        pressed = getattr(event, "ui_element", None)
        if pressed is not None and pressed in (self.buttons.get(name) for name in TRANSPORT if name != "play"):
            self.pause()  # a step by hand ends the playing
        return super().handle_event(event)

    def open_analysis(self) -> None:
        """The match analysis of the whole record, opening on the hand shown."""
        from game.session.match_review import AnalysisSource
        self.pause()
        self.app.go("match_analysis", AnalysisSource.of_replay(self.replay, self.replay.frame.hand_number))

    def show_moves(self) -> None:
        """The moves so far, over the replay (the table's move list)."""
        self.pause()
        open_history(self.app, self)

    def update(self, dt: float) -> None:
        self.time += dt
        if self.board.layout is None or self.board.layout.size != tuple(self.app.size):
            self._relayout()
        busy = self.board.moving or self.effects.active
        self.board.update(dt)
        if busy or self.playing:  # paused and settled, the ring stands still too
            self.effects.update(dt, self.view.direction)
        if not self.playing:
            return
        self.wait -= dt
        if self.wait <= 0 and not self.board.moving:
            if self.replay.at_end:
                self.pause()
            else:
                self.step_forward()

    def frame_rate(self) -> int:
        if self.board.moving or self.effects.active:
            return FULL_FPS
        return AMBIENT_FPS if self.playing else IDLE_FPS

    # ----- drawing ---------------------------------------------------------------------------

    def draw(self, surface) -> None:
        if self.board.layout is None:
            self._relayout()
        self.painter.draw(surface)
        self.draw_frames(surface)

    def draw_over_widgets(self, surface) -> None:
        super().draw_over_widgets(surface)
        for name in TRANSPORT:
            button = self.buttons.get(name)
            if button is not None and button.alive():
                enabled = button.is_enabled
                draw_icon(surface, name if name != "play" or not self.playing else "pause",
                          button.get_abs_rect(), CREAM if enabled else LOG_CAPTION)


def draw_icon(surface, name: str, rect: pygame.Rect, color) -> None:
    """A transport icon drawn in the middle of a button: |◀◀  |◀  ▶ (❚❚)  ▶|  ▶▶|."""
    size = max(8, min(rect.w, rect.h) * 0.42)
    cx, cy = rect.center
    half = size / 2

    def triangle(tip_x: float, pointing: int) -> None:
        base_x = tip_x - pointing * size * 0.8
        pygame.draw.polygon(surface, color, [(tip_x, cy), (base_x, cy - half), (base_x, cy + half)])

    bar_w = max(2, int(size * 0.2))

    def bar(x: float) -> None:
        pygame.draw.rect(surface, color, (int(x), int(cy - half), bar_w, int(size) + 1))

    if name == "play":
        triangle(cx + size * 0.45, 1)
    elif name == "pause":
        bar(cx - size * 0.32)
        bar(cx + size * 0.12)
    elif name == "step_forward":      # ▶|
        triangle(cx + size * 0.3, 1)
        bar(cx + size * 0.3)
    elif name == "step_back":         # |◀
        triangle(cx - size * 0.3, -1)
        bar(cx - size * 0.3 - bar_w)
    elif name == "next_hand":         # ▶▶|
        triangle(cx + size * 0.1, 1)
        triangle(cx + size * 0.6, 1)
        bar(cx + size * 0.6)
    elif name == "hand_start":        # |◀◀
        triangle(cx - size * 0.1, -1)
        triangle(cx - size * 0.6, -1)
        bar(cx - size * 0.6 - bar_w)
