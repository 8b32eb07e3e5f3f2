"""The table: the game as the player sees it.

``TableScene(app, match, seats)`` shows a :class:`game.rules.Match`. Every
move (a drop, a click, a key, a button, a computer decision) goes through
``match.apply``; the events that come back are logged, sounded and animated,
and the card sprites are rebuilt from the new state (sprites are views, the
rules core is the only authority). Computer players think in a worker thread
(``ai_worker``); the frame loop only polls.
"""
from __future__ import annotations

import logging
import math
import random
from collections import defaultdict, deque
from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.rules import IllegalMove, Move, preset_id_of
from game.rules.cards import FIRST_JOKER, RANK_OF, SUIT_OF
from game.rules.state import tables_for

from ..look import shapes
from ..scene import Scene
from .ai_worker import AIWorker, make_bot
from .animation import Timer, ease_in_out_cubic, ease_out_cubic, speed_factor
from .layout import Layout, compute_layout
from .narration import dealing_line, describe
from .painter import TablePainter
from .sprites import CardImages, CardSprite, TextCache
from .suit_chooser import SuitChooser

from game.ui.i18n import _, ngettext, reason_text

log = logging.getLogger(__name__)

HUMAN = "human"
#: Seconds between computer moves, by animation speed (a little jitter is added).
PACE = {"slow": 1.15, "normal": 0.75, "fast": 0.42, "instant": 0.05}
#: Seconds between the last card of a hand and its result, by animation speed.
RESULT_DELAY = {"slow": 1.9, "normal": 1.35, "fast": 0.8, "instant": 0.05}
PILE_WINDOW = 6          # discards drawn as sprites (the rest lie hidden underneath)
DRAG_THRESHOLD = 6       # pixels before a press becomes a drag
DOUBLE_CLICK = 0.4       # seconds
SUIT_ORDER = (0, 2, 3, 1)  # clubs, hearts, spades, diamonds: colours alternate in the hand

HAND_ZONE = "hand"
PILE_ZONE = ("pile",)
STOCK_ZONE = ("stock",)


def display_order(cards, rules) -> list[int]:
    """A hand as the player sees it: by suit (colours alternating) and rank, wild cards last."""
    wild = tables_for(rules).wild
    return sorted(cards, key=lambda c: (wild[c], c >= FIRST_JOKER,
                                        SUIT_ORDER.index(SUIT_OF[c]) if c < FIRST_JOKER else 0,
                                        RANK_OF[c], c))


@dataclass
class Target:
    card: int
    zone: tuple
    x: float
    y: float
    angle: float
    width: float
    face_up: bool
    z: int
    index: int = 0


@dataclass
class Drag:
    sprite: CardSprite
    offset: tuple[float, float]
    start: tuple[int, int]
    moved: bool = False


class TableScene(TablePainter, Scene):
    """The card table for one match; ``seats[i]`` = {"name", "kind"} for match seat ``i``."""

    def __init__(self, app, match, seats):
        super().__init__(app)
        self.match = match
        self.seats = [dict(seat) for seat in seats]
        if len(self.seats) != match.rules.players:
            raise ValueError(f"the match has {match.rules.players} seats but {len(self.seats)} were described")
        self.human = next((i for i, s in enumerate(self.seats) if s.get("kind") == HUMAN), None)
        self.view_seat = self.human if self.human is not None else 0
        self.names = {i: (s.get("name") or _("Player {number}").format(number=i + 1))
                      for i, s in enumerate(self.seats)}
        self.text = TextCache(self._font)
        self.images = CardImages(app.assets, self._font)
        self.layout: Layout | None = None
        self.sprites: list[CardSprite] = []
        self.log: deque[str] = deque(maxlen=60)
        self.toast: tuple[str, Timer] | None = None
        self.flashes: dict[int, tuple[str, Timer, tuple]] = {}
        self.ring_angle = 0.0
        self.ring_spin = Timer(0.001)
        self.ring_spin.left = 0.0
        self.suit_pulse = Timer(0.001)
        self.suit_pulse.left = 0.0
        self.penalty_pop = Timer(0.001)
        self.penalty_pop.left = 0.0
        self.worker = AIWorker()
        self.bots: dict[int, object] = {}
        self.version = 0
        self.ai_requested = -1
        self.ai_move: Move | None = None
        self.ai_wait = 0.0
        self.drag: Drag | None = None
        self.press_stock = False
        self.chooser: SuitChooser | None = None
        self.pending_sprite: CardSprite | None = None
        self.selected = -1
        self.hover: CardSprite | None = None
        self.mouse = (0, 0)
        self.last_click = (-10.0, (0, 0))
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.result_timer: Timer | None = None
        self.result_pending_for = 0  # hand number whose result is waiting to be shown
        self.result_shown_for = 0
        self.time = 0.0
        self.started = False
        self.closed = False
        self.rng = random.Random(match.seed * 7919 + 17)
        self._legal_cache: tuple[int, list[Move]] = (-1, [])
        self._bg_key = None
        self.named_by: int | None = None

    # ======================================================================
    # helpers
    # ======================================================================

    def _font(self, size: int, bold: bool = False) -> pygame.font.Font:
        try:
            return self.app.assets.font(size, bold)
        except Exception:
            font = pygame.font.Font(None, int(size * 1.3))
            font.set_bold(bold)
            return font

    @property
    def settings(self):
        return self.app.settings

    @property
    def speed(self) -> float:
        return speed_factor(getattr(self.settings, "animation_speed", "normal"))

    @property
    def four_color(self) -> bool:
        return bool(getattr(self.settings, "four_color_deck", False))

    @property
    def back_style(self) -> str:
        return getattr(self.settings, "card_back", "blue")

    def _sound(self, name: str) -> None:
        try:
            self.app.sound.play(name)
        except Exception:  # sound is a nicety; never let it stop the game
            log.debug("sound %s failed", name, exc_info=True)

    def kind(self, seat: int) -> str:
        return self.seats[seat].get("kind", "easy")

    def is_bot(self, seat: int) -> bool:
        return self.kind(seat) != HUMAN

    def hand_cards(self, seat: int) -> list[int]:
        """The cards a seat holds in the current hand (empty when it sits this hand out)."""
        player = self.match.hand_player(seat)
        return list(self.match.hand.hands[player]) if player >= 0 else []

    def display_hand(self, seat: int) -> list[int]:
        """The human's hand as shown (see :func:`display_order`)."""
        return display_order(self.hand_cards(seat), self.match.hand.rules)

    def human_turn(self) -> bool:
        m = self.match
        return (self.human is not None and not m.over and not m.hand.over
                and m.current_seat == self.human)

    def legal_moves(self) -> list[Move]:
        if self._legal_cache[0] != self.version:
            self._legal_cache = (self.version, [] if self.match.hand.over else self.match.legal_moves())
        return self._legal_cache[1]

    def playable_cards(self) -> set[int]:
        if not self.human_turn():
            return set()
        return {m.card for m in self.legal_moves() if m.kind == "play"}

    def legal_kinds(self) -> set[str]:
        if not self.human_turn():
            return set()
        return {m.kind for m in self.legal_moves()}

    # ======================================================================
    # scene life cycle
    # ======================================================================

    def on_enter(self) -> None:
        self.closed = False
        self._relayout(self.app.size, force=True)
        if not self.started:
            self.started = True
            self.worker.prepare([self.kind(s) for s in range(len(self.seats))])
            self._start()
        self._build_buttons()

    def on_exit(self) -> None:
        self._kill_buttons()
        if self.drag is not None:
            self.drag.sprite.dragging = False
            self.drag = None
            self._sync()
        if self not in list(self.app.scenes):
            self.closed = True
            self.worker.shutdown()

    def on_resize(self, size) -> None:
        self._relayout(size)
        if self.buttons:
            self._build_buttons()

    def on_settings_changed(self, settings) -> None:
        if self.layout is not None:
            self._prewarm()
        self._sync(animate=False)

    def _start(self) -> None:
        """First entry: deal the hand on screen (or show a resumed position as it is)."""
        match = self.match
        self.log.append(dealing_line(match.hand_number, match.dealer, self.names, self.human))
        if match.hand.over:
            self._sync(animate=False)
            if not match.over:
                self._schedule_result(0.2)
            return
        if not match.moves[-1]:
            if match.hand_number == 1:
                self.log.extend(describe(match.deal_events, self.names, self.human))
            self._deal_animation()
        else:
            self._sync(animate=False)
            self.ai_wait = 0.4 * max(self.speed, 0.2)
        self._autosave()

    # ======================================================================
    # layout and sprites
    # ======================================================================

    def _relayout(self, size, force: bool = False) -> None:
        size = (int(size[0]), int(size[1]))
        if not force and self.layout is not None and self.layout.size == size:
            return
        old = self.layout
        self.layout = compute_layout(size, self.match.rules.players, self.view_seat, self.human is not None)
        self._prewarm()
        if self.chooser is not None:
            self.chooser.layout(size)
        if old is None or old.size == self.layout.size:
            self._sync(animate=False)
            return
        # Keep motion going: scale every sprite into the new window, then retarget.
        sx = self.layout.size[0] / old.size[0]
        sy = self.layout.size[1] / old.size[1]
        sw = self.layout.card_w / max(1, old.card_w)
        if self.drag is not None:
            ox, oy = self.drag.offset
            self.drag.offset = (ox * sw, oy * sw)
        for sprite in self.sprites:
            if sprite.dragging:
                sprite.width *= sw
                continue
            sprite.x *= sx
            sprite.y *= sy
            sprite.width *= sw
            if sprite.tween is not None:
                t = sprite.tween
                t.start = (t.start[0] * sx, t.start[1] * sy, t.start[2], t.start[3] * sw)
                t.end = (t.end[0] * sx, t.end[1] * sy, t.end[2], t.end[3] * sw)
        self._sync(animate=True, retarget_only=True)

    def _prewarm(self) -> None:
        """Render every face, the back and the shadows at this layout's sizes before they are needed."""
        lay = self.layout
        from game.rules.cards import build_deck, card_to_str
        rules = self.match.rules
        codes = sorted({card_to_str(c) for c in build_deck(rules.decks, rules.jokers_per_deck)})
        self.images.prewarm(lay.card_w, self.four_color, codes)
        for width in (lay.card_w, lay.small_w):
            self.images.image(None, width, False, self.back_style, (lay.card_w, lay.small_w))
            self.images.shadow(width, 0)

    def _targets(self) -> list[Target]:
        """Where every visible card should be, from the match state and the layout."""
        lay = self.layout
        match = self.match
        hand = match.hand
        targets: list[Target] = []
        # The pile: the last few discards, a little messy.
        discard = hand.discard
        first = max(0, len(discard) - PILE_WINDOW)
        positions = lay.pile_positions(len(discard) - first, salt=first)
        for depth, card in enumerate(discard[first:]):
            x, y, angle = positions[depth]
            targets.append(Target(card, PILE_ZONE, x, y, angle, lay.card_w, True, 100 + depth, first + depth))
        # Every seat's hand.
        for seat in match.seats:
            zone = (HAND_ZONE, seat)
            if seat == self.human:
                cards = self.display_hand(seat)
                for i, ((x, y, angle), card) in enumerate(zip(lay.hand_positions(len(cards)), cards)):
                    targets.append(Target(card, zone, x, y, angle, lay.card_w, True, 600 + i, i))
            else:
                cards = self.hand_cards(seat)
                spot = lay.seats[seat]
                base = 200 + spot.offset * 50
                for i, ((x, y, angle), card) in enumerate(zip(lay.fan_positions(seat, len(cards)), cards)):
                    targets.append(Target(card, zone, x, y, angle, spot.card_w, False, base + i, i))
        return targets

    def _sync(self, animate: bool = True, events=(), actor: int | None = None,
              retarget_only: bool = False) -> None:
        """Match sprites to the state's cards and send each one where it belongs."""
        if self.layout is None:
            return
        lay = self.layout
        f = self.speed if animate else 0.0
        targets = self._targets()
        pool: dict[int, list[CardSprite]] = defaultdict(list)
        for sprite in self.sprites:
            if not sprite.remove_when_done:
                pool[sprite.card].append(sprite)
        assigned: list[CardSprite | None] = [None] * len(targets)
        for i, target in enumerate(targets):  # the same card in the same place first
            candidates = pool.get(target.card)
            if candidates:
                for sprite in candidates:
                    if sprite.zone == target.zone:
                        assigned[i] = sprite
                        candidates.remove(sprite)
                        break
        for i, target in enumerate(targets):  # then the same card from elsewhere (it moved)
            if assigned[i] is None and pool.get(target.card):
                assigned[i] = pool[target.card].pop(0)
        leftovers = [s for sprites in pool.values() for s in sprites]
        reshuffled = any(e.kind == "reshuffled" for e in events)
        kept: list[CardSprite] = []
        new_draws = 0
        stock_x, stock_y = lay.stock_top(len(self.match.hand.stock))
        for target, sprite in zip(targets, assigned):
            if sprite is None:
                revealed = target.zone == PILE_ZONE and target.index < len(self.match.hand.discard) - 1
                if not animate or revealed or retarget_only:
                    sprite = CardSprite(target.card, target.x, target.y, target.angle, target.width,
                                        target.face_up, target.zone)
                    sprite.z, sprite.index = target.z, target.index
                    kept.append(sprite)
                    continue
                sprite = CardSprite(target.card, stock_x, stock_y, 0.0, lay.card_w, False, STOCK_ZONE)
                delay = 0.1 * new_draws * f
                new_draws += 1
                sprite.zone = target.zone
                sprite.flying = True
                sprite.z, sprite.index = target.z, target.index
                sprite.move_to(target.x, target.y, target.angle, target.width, 0.42 * f, delay, ease_out_cubic)
                sprite.set_face(target.face_up, 0.22 * f, delay + 0.2 * f)
                kept.append(sprite)
                continue
            moved_zone = sprite.zone != target.zone
            sprite.zone = target.zone
            sprite.z, sprite.index = target.z, target.index
            if sprite is self.pending_sprite:
                kept.append(sprite)
                continue
            if retarget_only and sprite.tween is not None:
                t = sprite.tween
                left = max(0.0, t.duration - max(0.0, t.elapsed - t.delay))
                delay = max(0.0, t.delay - t.elapsed)
                sprite.move_to(target.x, target.y, target.angle, target.width, max(left, 0.12), delay, t.easing)
            elif retarget_only or not animate:
                if not sprite.dragging:
                    sprite.finish()
                    sprite.move_to(target.x, target.y, target.angle, target.width, 0)
                sprite.set_face(target.face_up, 0)
            else:
                if moved_zone:
                    sprite.flying = True
                    duration = 0.44 if target.zone == PILE_ZONE else 0.4
                    sprite.move_to(target.x, target.y, target.angle, target.width, duration * f, 0.0,
                                   ease_out_cubic)
                    sprite.set_face(target.face_up, 0.24 * f, 0.08 * f)
                else:
                    if (abs(sprite.x - target.x) > 0.5 or abs(sprite.y - target.y) > 0.5
                            or abs(sprite.angle - target.angle) > 0.2 or abs(sprite.width - target.width) > 0.5):
                        sprite.move_to(target.x, target.y, target.angle, target.width, 0.26 * f, 0.0,
                                       ease_in_out_cubic)
                    sprite.set_face(target.face_up, 0.2 * f)
            kept.append(sprite)
        for sprite in leftovers:
            if sprite is self.pending_sprite:
                self.pending_sprite = None
            if animate and reshuffled and sprite.zone == PILE_ZONE and f > 0:
                sprite.zone = STOCK_ZONE
                sprite.z = 50
                sprite.remove_when_done = True
                sprite.move_to(lay.stock.centerx, lay.stock.centery, 0.0, lay.card_w,
                               0.45 * f, self.rng.random() * 0.15 * f, ease_in_out_cubic)
                sprite.set_face(False, 0.2 * f)
                kept.append(sprite)
        for sprite in self.sprites:
            if sprite.remove_when_done and sprite not in kept and sprite.busy:
                kept.append(sprite)
        self.sprites = kept

    def _deal_animation(self) -> None:
        """Gather the old cards into the stock and deal the new hand round the table."""
        lay = self.layout
        f = self.speed
        for sprite in self.sprites:
            sprite.zone = STOCK_ZONE
            sprite.remove_when_done = True
            sprite.z = 40
            sprite.flying = False
            if f > 0:
                sprite.move_to(lay.stock.centerx, lay.stock.centery, 0.0, lay.card_w, 0.35 * f,
                               self.rng.random() * 0.12 * f, ease_in_out_cubic)
                sprite.set_face(False, 0.18 * f)
            else:
                sprite.finish()
        if f <= 0:
            self.sprites = []
        gather = 0.45 * f if self.sprites else 0.0
        hand = self.match.hand
        targets = self._targets()
        by_zone: dict[tuple, list[Target]] = defaultdict(list)
        for target in targets:
            by_zone[target.zone].append(target)
        # Deal order: one card at a time from the dealer's left, round after round.
        players = self.match.seats
        dealer_player = hand.dealer
        order: list[tuple[int, int]] = []  # (seat, index into that seat's dealt cards)
        rounds = max((len(hand.hands[p]) for p in range(hand.n)), default=0)
        for r in range(rounds):
            for offset in range(1, hand.n + 1):
                player = (dealer_player + offset) % hand.n
                if r < len(hand.hands[player]):
                    order.append((players[player], r))
        step = 0.055 * f if len(order) < 40 else 0.04 * f
        stock_x, stock_y = lay.stock_top(len(hand.stock))
        new_sprites: list[CardSprite] = []
        for n, (seat, r) in enumerate(order):
            zone = (HAND_ZONE, seat)
            card = self.match.hand.hands[self.match.hand_player(seat)][r]
            target = next((t for t in by_zone[zone] if t.card == card), None)
            if target is None:
                continue
            by_zone[zone].remove(target)
            sprite = CardSprite(card, stock_x, stock_y, 0.0, lay.card_w, False, zone)
            sprite.z, sprite.index = target.z, target.index
            sprite.flying = True
            delay = gather + n * step
            sprite.move_to(target.x, target.y, target.angle, target.width, 0.34 * f, delay, ease_out_cubic)
            if target.face_up:
                sprite.set_face(True, 0.2 * f, delay + 0.26 * f)
            new_sprites.append(sprite)
        deal_end = gather + len(order) * step + 0.34 * f
        for target in by_zone[PILE_ZONE]:
            sprite = CardSprite(target.card, stock_x, stock_y, 0.0, lay.card_w, False, PILE_ZONE)
            sprite.z, sprite.index = target.z, target.index
            sprite.flying = True
            sprite.move_to(target.x, target.y, target.angle, target.width, 0.4 * f, deal_end, ease_out_cubic)
            sprite.set_face(True, 0.24 * f, deal_end + 0.1 * f)
            new_sprites.append(sprite)
        self.sprites = [s for s in self.sprites if s.remove_when_done and f > 0] + new_sprites
        self.ai_wait = deal_end + 0.5 * f + PACE.get(self.settings.animation_speed, 0.75) * 0.5
        self._sound("deal")
        if f <= 0:
            for sprite in self.sprites:
                sprite.finish()
        self.version += 1

    # ======================================================================
    # moves
    # ======================================================================

    def _refuse(self, error: IllegalMove) -> None:
        try:
            text = reason_text(error)
        except Exception:
            text = str(error)
        self.show_toast(text)
        self._sound("invalid")

    def show_toast(self, text: str, seconds: float = 2.8) -> None:
        self.toast = (text, Timer(seconds))

    def human_move(self, move: Move) -> bool:
        """Try a move for the human seat; on refusal the reason is shown. Returns whether it was applied."""
        if self.human is None or self.match.over:
            return False
        if self.match.hand.over:
            self._refuse(IllegalMove("hand_over", "the hand is over"))
            return False
        if self.match.current_seat != self.human:
            self.show_toast(_("Wait for your turn: {name} is playing.").format(
                name=self.names[self.match.current_seat]))
            self._sound("invalid")
            return False
        return self._apply(move, self.human, from_human=True)

    def _apply(self, move: Move, seat: int, from_human: bool = False) -> bool:
        match = self.match
        try:
            events = match.apply(move)
        except IllegalMove as error:
            if from_human:
                self._refuse(error)
                self._sync()
                return False
            log.warning("computer player %s chose an illegal move %s: %s", seat, move, error)
            legal = match.legal_moves()
            if not legal:
                return False
            move = legal[0]
            events = match.apply(move)
        self.version += 1
        self.ai_move = None
        self._after_move(move, seat, events)
        return True

    def _after_move(self, move: Move, seat: int, events) -> None:
        f = self.speed
        for line in describe(events, self.names, self.human):
            self.log.append(line)
        kinds = [e.kind for e in events]
        if "played" in kinds:
            self._sound("play")
        elif "drew" in kinds:
            self._sound("draw")
        if "reshuffled" in kinds:
            self._sound("shuffle")
        for event in events:
            if event.kind == "skipped":
                self.flashes[event.player] = (_("Skipped"), Timer(1.3), (230, 90, 70))
            elif event.kind == "reversed":
                self.ring_spin = Timer(max(0.35, 0.9 * f) if f else 0.001)
            elif event.kind in ("penalty_stacked", "skip_stacked"):
                self.penalty_pop = Timer(0.5)
            elif event.kind == "nominated":
                self.suit_pulse = Timer(1.2)
                self.named_by = event.player
            elif event.kind == "last_card_called":
                self.flashes[event.player] = (_("Last card!"), Timer(1.6), shapes.GOLD)
            elif event.kind == "last_card_penalty":
                self.flashes[event.player] = (_("Forgot to call!"), Timer(1.6), (230, 90, 70))
            elif event.kind == "passed":
                self.flashes[event.player] = (_("Pass"), Timer(1.0), (200, 200, 200))
            elif event.kind == "stop_called":
                self.flashes[event.player] = (_("Stop!"), Timer(1.6), shapes.GOLD)
            elif event.kind == "penalty_paid":
                self.flashes[event.player] = (
                    ngettext("+{count} card", "+{count} cards", event.count).format(count=event.count),
                    Timer(1.3), (230, 90, 70))
        if self.pending_sprite is not None:
            self.pending_sprite = None
        self._sync(animate=True, events=events, actor=seat)
        # The selection follows the hand as it changes.
        if self.human is not None:
            count = len(self.hand_cards(self.human))
            if self.selected >= count:
                self.selected = count - 1
        continuing = move.kind == "draw" and self.match.current_seat == seat and not self.match.hand.over
        pace = PACE.get(self.settings.animation_speed, 0.75)
        self.ai_wait = pace * (0.8 if continuing else self.rng.uniform(0.82, 1.18))
        if self.match.hand.over:
            self._hand_finished()
        else:
            self._autosave()

    def _hand_finished(self) -> None:
        match = self.match
        result = match.results[-1] if match.results else None
        if result is not None:
            if self.human is not None and self.human in result.seats:
                self._sound("win" if result.winner == self.human else "lose")
            else:
                self._sound("win")
            self._record_statistics(result)
        if match.over:
            self._clear_autosave()
        else:
            self._autosave()
        self._schedule_result(RESULT_DELAY.get(self.settings.animation_speed, 1.35))

    def _schedule_result(self, delay: float) -> None:
        self.result_timer = Timer(max(0.01, delay))
        self.result_pending_for = self.match.hand_number

    def next_hand(self) -> None:
        """Deal the next hand (called by the hand result's "Next hand")."""
        if self.match.over or not self.match.hand.over:
            return
        events = self.match.start_next_hand()
        self.result_timer = None
        self.ai_move = None
        self.worker.cancel()
        self.log.append(dealing_line(self.match.hand_number, self.match.dealer, self.names, self.human))
        self.log.extend(describe(events, self.names, self.human))
        self._deal_animation()
        self._autosave()

    # ----- stores -----------------------------------------------------------

    def _autosave(self) -> None:
        if self.human is None or self.match.over:
            return
        store = getattr(self.app, "autosave_store", None)
        if store is None:
            return
        try:
            store.save({"record": self.match.to_record(), "seats": self.seats})
        except Exception as error:  # a full disk must not stop the game
            log.warning("autosave failed: %s", error)

    def _clear_autosave(self) -> None:
        if self.human is None:
            return
        store = getattr(self.app, "autosave_store", None)
        if store is not None:
            try:
                store.clear()
            except Exception as error:
                log.warning("could not clear the autosave: %s", error)

    def statistics_key(self) -> tuple[str, str] | None:
        """(preset id or "custom", strongest computer level) for the human's statistics."""
        levels = [self.kind(s) for s in range(len(self.seats)) if self.is_bot(s)]
        if self.human is None or not levels:
            return None
        strength = ("easy", "medium", "hard")
        level = max((lv for lv in levels if lv in strength), key=strength.index, default="easy")
        return preset_id_of(self.match.rules) or "custom", level

    def _record_statistics(self, result) -> None:
        key = self.statistics_key()
        store = getattr(self.app, "stats_store", None)
        if key is None or store is None:
            return
        preset, level = key
        low_is_good = self.match.rules.scoring == "penalty"
        try:
            if self.human in result.seats:
                store.record_hand(preset, level, result.winner == self.human,
                                  int(result.scores[self.human]), low_is_good)
            if self.match.over:
                store.record_match(preset, level, self.human in self.match.winners)
        except Exception as error:
            log.warning("statistics could not be recorded: %s", error)

    # ======================================================================
    # computer players
    # ======================================================================

    def _bot(self, seat: int):
        bot = self.bots.get(seat)
        if bot is None:
            budget = int(getattr(self.settings, "ai_think_budget_ms", 250))
            bot = self.bots[seat] = make_bot(self.kind(seat), budget)
        return bot

    def ai_thinking_seat(self) -> int | None:
        m = self.match
        if m.over or m.hand.over or self.result_timer is not None:
            return None
        seat = m.current_seat
        return seat if self.is_bot(seat) else None

    def _drive_ai(self, dt: float) -> None:
        seat = self.ai_thinking_seat()
        if seat is None or self.chooser is not None:
            return
        self.ai_wait -= dt
        if self.ai_move is None and self.ai_requested != self.version:
            self.ai_requested = self.version
            self.worker.request(self.version, self.match.view(seat), self._bot(seat), self.rng.getrandbits(32))
        answer = self.worker.poll()
        if answer is not None:
            ticket, move, error = answer
            if error is not None:
                log.warning("computer player %s failed: %s", seat, error)
            if ticket == self.version and move is not None:
                self.ai_move = move
            elif ticket == self.version:
                legal = self.match.legal_moves()
                self.ai_move = legal[0] if legal else None
        if self.ai_move is not None and self.ai_wait <= 0:
            self._apply(self.ai_move, seat)

    # ======================================================================
    # input
    # ======================================================================

    def _human_sprites(self) -> list[CardSprite]:
        if self.human is None:
            return []
        zone = (HAND_ZONE, self.human)
        return sorted((s for s in self.sprites if s.zone == zone and not s.remove_when_done),
                      key=lambda s: s.index)

    def _sprite_at(self, pos) -> CardSprite | None:
        for sprite in reversed(self._human_sprites()):
            if sprite.contains(pos):
                return sprite
        return None

    def _over_pile(self, sprite: CardSprite, pos) -> bool:
        lay = self.layout
        zone = lay.pile.inflate(int(lay.card_w * 0.9), int(lay.card_h * 0.5))
        return zone.collidepoint(sprite.x, sprite.y) or zone.collidepoint(pos)

    def play_card(self, card: int, sprite: CardSprite | None = None) -> bool:
        """Play ``card`` from the human's hand (opening the suit chooser for a wild card)."""
        if not self.human_turn():
            return self.human_move(Move.play(card))
        wild_moves = [m for m in self.legal_moves() if m.kind == "play" and m.card == card and m.suit is not None]
        if wild_moves:
            self._open_chooser(card, sprite)
            return False
        return self.human_move(Move.play(card))

    def _open_chooser(self, card: int, sprite: CardSprite | None) -> None:
        hand = self.hand_cards(self.human)
        wild = tables_for(self.match.hand.rules).wild
        counts = [0, 0, 0, 0]
        for c in hand:
            if c != card and c < FIRST_JOKER and not wild[c]:
                counts[SUIT_OF[c]] += 1
        suggested = max(range(4), key=lambda s: (counts[s], s == self.match.hand.suit))
        code = sprite.code if sprite is not None else str(card)
        self.chooser = SuitChooser(code, lambda suit: self._chosen(card, suit), self._chooser_cancelled,
                                   self.four_color, suggested)
        self.chooser.layout(self.layout.size)
        if sprite is not None:
            sprite.dragging = False
            self.pending_sprite = sprite
            sprite.z = 5000
            lay = self.layout
            sprite.move_to(lay.pile.centerx, lay.pile.centery - lay.card_h * 0.12, 0.0, lay.card_w,
                           0.2 * self.speed)

    def _chosen(self, card: int, suit: int) -> None:
        self.chooser = None
        self.pending_sprite = None
        if not self.human_move(Move.play(card, suit)):
            self._sync()

    def _chooser_cancelled(self) -> None:
        self.chooser = None
        self.pending_sprite = None
        self._sync()

    def handle_event(self, event) -> bool:
        if self.chooser is not None:
            return self.chooser.handle_event(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._button_pressed(event.ui_element)
        if event.type == pygame.MOUSEMOTION:
            return self._mouse_motion(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._mouse_down(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._mouse_up(event.pos)
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        return False

    def _mouse_motion(self, event) -> bool:
        self.mouse = event.pos
        if self.drag is not None:
            drag = self.drag
            sprite = drag.sprite
            if not drag.moved and math.dist(event.pos, drag.start) >= DRAG_THRESHOLD:
                drag.moved = True
            if drag.moved:
                sprite.x = event.pos[0] - drag.offset[0]
                sprite.y = event.pos[1] - drag.offset[1]
                sprite.angle *= 0.6
            return True
        return False

    def _mouse_down(self, pos) -> bool:
        self.mouse = pos
        if self.layout is None:
            return False
        now = self.time
        last_time, last_pos = self.last_click
        if now - last_time < DOUBLE_CLICK and math.dist(pos, last_pos) < 12:
            return True  # the second half of a double-click that already played the card
        if self.layout.stock.inflate(8, 8).collidepoint(pos):
            self.press_stock = True
            return True
        sprite = self._sprite_at(pos)
        if sprite is not None and not sprite.remove_when_done:
            sprite.finish()
            sprite.dragging = True
            sprite.z = 9000
            self.drag = Drag(sprite, (pos[0] - sprite.x, pos[1] - (sprite.y - sprite.lift)), pos)
            sprite.y -= sprite.lift
            sprite.lift = 0.0
            return True
        return False

    def _mouse_up(self, pos) -> bool:
        self.mouse = pos
        if self.press_stock:
            self.press_stock = False
            if self.layout.stock.inflate(8, 8).collidepoint(pos):
                self.draw_card()
            return True
        if self.drag is None:
            return False
        drag, self.drag = self.drag, None
        sprite = drag.sprite
        sprite.dragging = False
        if drag.moved:
            if self._over_pile(sprite, pos):
                self.play_card(sprite.card, sprite)
            if self.chooser is None:
                self._sync()
            return True
        # A click (or the first half of a double-click) plays the card.
        self.last_click = (self.time, pos)
        self.play_card(sprite.card, sprite if self.chooser is None else sprite)
        if self.chooser is None:
            self._sync()
        return True

    def _key(self, key) -> bool:
        if key == pygame.K_ESCAPE:
            self.open_pause()
            return True
        sprites = self._human_sprites()
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            if not sprites:
                return True
            if self.selected < 0:
                playable = self.playable_cards()
                first = next((i for i, s in enumerate(sprites) if s.card in playable), 0)
                self.selected = first if key == pygame.K_RIGHT else (
                    next((i for i in range(len(sprites) - 1, -1, -1) if sprites[i].card in playable),
                         len(sprites) - 1))
            else:
                step = 1 if key == pygame.K_RIGHT else -1
                self.selected = (self.selected + step) % len(sprites)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if 0 <= self.selected < len(sprites):
                sprite = sprites[self.selected]
                self.play_card(sprite.card, sprite)
            else:
                self.show_toast(_("Choose a card with the Left and Right arrow keys first."))
            return True
        if key == pygame.K_d:
            self.draw_card()
            return True
        if key == pygame.K_p:
            self.human_move(Move("pass"))
            return True
        if key == pygame.K_l:
            self.human_move(Move("last_card"))
            return True
        if key == pygame.K_s:
            self.human_move(Move("stop"))
            return True
        return False

    def draw_card(self) -> bool:
        return self.human_move(Move("draw"))

    def open_pause(self) -> None:
        from game.ui.scenes.pause import PauseScene

        if self.drag is not None:
            self.drag.sprite.dragging = False
            self.drag = None
            self._sync()
        self.app.push(PauseScene(self.app, self))

    # ----- buttons ------------------------------------------------------------

    def _kill_buttons(self) -> None:
        for button in self.buttons.values():
            button.kill()
        self.buttons = {}

    def _build_buttons(self) -> None:
        self._kill_buttons()
        lay = self.layout
        manager = self.app.ui_manager
        bw, bh = lay.button_size
        gap = (lay.buttons_rect.h - bh * 3) // 2
        specs = [("stop", _("Stop!") + "  (S)"), ("last_card", _("Last card") + "  (L)"),
                 ("pass", _("Pass") + "  (P)")]
        for i, (name, label) in enumerate(specs):
            rect = pygame.Rect(lay.buttons_rect.left, lay.buttons_rect.top + i * (bh + gap), bw, bh)
            button = pygame_gui.elements.UIButton(
                rect, label, manager,
                object_id=ObjectID(object_id=f"#table_{name}", class_id="@primary" if name != "pass" else None))
            button.hide()
            self.buttons[name] = button
        self.buttons["menu"] = pygame_gui.elements.UIButton(
            lay.menu_button, _("Menu"), manager,
            object_id=ObjectID(object_id="#table_menu", class_id="@small_button"),
            tool_tip_text=_("Pause (Esc)"))
        self._update_buttons(force=True)

    def _update_buttons(self, force: bool = False) -> None:
        kinds = self.legal_kinds() if self.chooser is None else set()
        for name in ("stop", "last_card", "pass"):
            button = self.buttons.get(name)
            if button is None:
                continue
            want = name in kinds
            if want and not button.visible:
                button.show()
            elif not want and button.visible:
                button.hide()

    def _button_pressed(self, element) -> bool:
        for name, button in self.buttons.items():
            if element is button:
                self._sound("click")
                if name == "menu":
                    self.open_pause()
                else:
                    self.human_move(Move(name))
                return True
        return False

    # ======================================================================
    # update
    # ======================================================================

    def update(self, dt: float) -> None:
        self.time += dt
        if self.layout is None or self.layout.size != tuple(self.app.size):
            self._relayout(self.app.size)
            if self.buttons:
                self._build_buttons()
        for sprite in self.sprites:
            sprite.update(dt)
            if sprite.flying and sprite.tween is None:
                sprite.flying = False
        self.sprites = [s for s in self.sprites if not (s.remove_when_done and not s.busy)]
        self._update_hand_looks(dt)
        for timer in (self.ring_spin, self.suit_pulse, self.penalty_pop):
            timer.update(dt)
        direction = self.match.hand.direction
        speed = 9.0
        if self.ring_spin.active:
            speed += 420.0 * math.sin(math.pi * self.ring_spin.fraction)
        self.ring_angle = (self.ring_angle + direction * speed * dt) % 360.0
        for seat in list(self.flashes):
            self.flashes[seat][1].update(dt)
            if not self.flashes[seat][1].active:
                del self.flashes[seat]
        if self.toast is not None:
            self.toast[1].update(dt)
            if not self.toast[1].active:
                self.toast = None
        if self.chooser is not None:
            self.chooser.update(dt)
        self._drive_ai(dt)
        self._update_buttons()
        if self.result_timer is not None:
            self.result_timer.update(dt)
            if not self.result_timer.active and self.app.scenes.top is self:
                self.result_timer = None
                self._show_result()

    def _show_result(self) -> None:
        from .results import HandResultScene
        if self.result_shown_for == self.result_pending_for:
            return
        self.result_shown_for = self.result_pending_for
        for sprite in self.sprites:
            sprite.finish()
        self.app.push(HandResultScene(self.app, self))

    def _update_hand_looks(self, dt: float) -> None:
        sprites = self._human_sprites()
        if not sprites:
            return
        playable = self.playable_cards()
        turn = self.human_turn()
        highlight = bool(getattr(self.settings, "highlight_playable", True))
        hovered = None
        if self.drag is None and self.chooser is None:
            hovered = self._sprite_at(self.mouse)
        self.hover = hovered
        lift_h = self.layout.card_h * 0.16
        k = 1.0 - math.exp(-18.0 * dt)
        for i, sprite in enumerate(sprites):
            sprite.dim = (highlight and turn and sprite.card not in playable and not sprite.dragging
                          and sprite is not self.pending_sprite)
            sprite.selected = i == self.selected
            target = 0.0
            if not sprite.dragging and sprite is not self.pending_sprite:
                if sprite.selected:
                    target = lift_h
                elif sprite is hovered and (not highlight or not turn or sprite.card in playable):
                    target = lift_h * (1.0 if turn else 0.45)
                elif highlight and turn and sprite.card in playable:
                    target = lift_h * 0.3   # a playable card stands a little proud of the hand
            sprite.lift += (target - sprite.lift) * k
            if abs(sprite.lift - target) < 0.3:
                sprite.lift = target
