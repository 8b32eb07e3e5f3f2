"""The cards on the table: sprites rebuilt from the session's view, and the deal.

``Board.sync(view)`` sends every card where the view says it is, matching
each sprite to the card it shows so that a played card flies from the hand
to the pile. Cards the viewer may not see are sprites with card -1; when
another player's card turns up on the pile, one of that player's face-down
sprites takes its identity and flies there.
"""
from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass

from game.rules import FIRST_JOKER, RANK_OF, SUIT_OF, EventKind, card_to_str, tables_for

from .animation import ease_in_out_cubic, ease_out_cubic
from .layout import Layout, compute_layout
from .sprites import CardImages, CardSprite

HIDDEN = -1
PILE_WINDOW = 6          # discards drawn as sprites (the rest lie hidden underneath)
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
    """Where one card should be: position, size, face and drawing order."""

    card: int
    zone: tuple
    x: float
    y: float
    angle: float
    width: float
    face_up: bool
    z: int
    index: int = 0


class Board:
    """The card sprites of one table and the layout they are placed by."""

    def __init__(self, images: CardImages, rng, players: int, viewer: int, has_player: bool):
        self.images = images
        self.rng = rng
        self.players = players
        self.viewer = viewer
        self.has_player = has_player
        self.layout: Layout | None = None
        self.sprites: list[CardSprite] = []
        #: A card held over the pile while its player names a suit (left where it is by sync).
        self.pending_sprite: CardSprite | None = None

    # ----- layout -----------------------------------------------------------------------------

    def relayout(self, size, view, speed: float, deck_look: str, back_style: str,
                 force: bool = False) -> float | None:
        """Lay the table out for ``size``; returns the card scale factor when sprites were rescaled."""
        size = (int(size[0]), int(size[1]))
        if not force and self.layout is not None and self.layout.size == size:
            return None
        old = self.layout
        self.layout = compute_layout(size, self.players, self.viewer, self.has_player)
        self.prewarm(view.rules, deck_look, back_style)
        if old is None or old.size == self.layout.size:
            self.sync(view, speed, animate=False)
            return None
        # Keep motion going: scale every sprite into the new window, then retarget.
        sx = self.layout.size[0] / old.size[0]
        sy = self.layout.size[1] / old.size[1]
        sw = self.layout.card_w / max(1, old.card_w)
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
        self.sync(view, speed, animate=True, retarget_only=True)
        return sw

    def prewarm(self, rules, deck_look: str, back_style: str) -> None:
        """Render every face, the back and the shadows at this layout's sizes before they are needed."""
        lay = self.layout
        codes = sorted({card_to_str(c) for c in rules.full_deck()})
        self.images.prewarm(lay.card_w, deck_look, codes)
        for width in (lay.card_w, lay.small_w):
            self.images.image(None, width, False, back_style, (lay.card_w, lay.small_w))
            self.images.shadow(width, 0)

    # ----- where cards go -----------------------------------------------------------------------

    def targets(self, view) -> list[Target]:
        """Where every visible card should be, from the view and the layout."""
        lay = self.layout
        targets: list[Target] = []
        # The pile: the last few discards, a little messy.
        discard = view.discard
        first = max(0, len(discard) - PILE_WINDOW)
        positions = lay.pile_positions(len(discard) - first, salt=first)
        for depth, card in enumerate(discard[first:]):
            x, y, angle = positions[depth]
            targets.append(Target(card, PILE_ZONE, x, y, angle, lay.card_w, True, 100 + depth, first + depth))
        for seat_view in view.seats:
            if not seat_view.in_hand:
                continue
            seat = seat_view.seat
            zone = (HAND_ZONE, seat)
            if seat == view.viewer and view.my_cards:
                cards = display_order(view.my_cards, view.hand_rules)
                for i, ((x, y, angle), card) in enumerate(zip(lay.hand_positions(len(cards)), cards)):
                    targets.append(Target(card, zone, x, y, angle, lay.card_w, True, 600 + i, i))
            elif seat == view.viewer and view.hand_hidden:   # face down where the hand lies, not its cards
                for i, (x, y, angle) in enumerate(lay.hand_positions(seat_view.card_count)):
                    targets.append(Target(HIDDEN, zone, x, y, angle, lay.card_w, False, 600 + i, i))
            else:
                spot = lay.seats[seat]
                base = 200 + spot.offset * 50
                for i, (x, y, angle) in enumerate(lay.fan_positions(seat, seat_view.card_count)):
                    targets.append(Target(HIDDEN, zone, x, y, angle, spot.card_w, False, base + i, i))
        return targets

    def sync(self, view, speed: float, animate: bool = True, events=(), actor: int | None = None,
             retarget_only: bool = False, taking_back: bool = False) -> None:
        """Pair sprites with the view's cards and send each one where it belongs.

        ``taking_back``: moves were undone, so cards leaving the pile go back, face down, to the
        hands that gained a card (not from the stock, as a draw would).
        """
        if self.layout is None:
            return
        lay = self.layout
        f = speed if animate else 0.0
        targets = self.targets(view)
        pool: dict[int, list[CardSprite]] = defaultdict(list)
        for sprite in sorted(self.sprites, key=lambda s: s.index):
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
            if assigned[i] is None and target.card != HIDDEN and pool.get(target.card):
                assigned[i] = pool[target.card].pop(0)
        if actor is not None:  # a card the actor played from a face-down hand turns up
            from_actor = [s for s in pool.get(HIDDEN, ()) if s.zone == (HAND_ZONE, actor)]
            for i, target in enumerate(targets):
                if assigned[i] is None and target.zone == PILE_ZONE and from_actor:
                    sprite = from_actor.pop()
                    pool[HIDDEN].remove(sprite)
                    sprite.reveal(target.card)
                    assigned[i] = sprite
        # The viewer's hand turning face down, or face up again (several people at one screen): the same
        # sprites turn over where they lie.
        hand_zone = (HAND_ZONE, view.viewer)
        for i, target in enumerate(targets):
            if assigned[i] is not None or target.zone != hand_zone:
                continue
            if target.card == HIDDEN:
                shown = next((s for card, sprites in pool.items() if card != HIDDEN for s in sprites
                              if s.zone == hand_zone), None)
                if shown is not None:
                    pool[shown.card].remove(shown)
                    shown.conceal()
                    assigned[i] = shown
            else:
                hidden = next((s for s in pool.get(HIDDEN, ()) if s.zone == hand_zone), None)
                if hidden is not None:
                    pool[HIDDEN].remove(hidden)
                    hidden.reveal(target.card)
                    assigned[i] = hidden
        if taking_back:
            from_pile = [s for sprites in pool.values() for s in sprites if s.zone == PILE_ZONE]
            for i, target in enumerate(targets):
                if assigned[i] is None and target.card == HIDDEN and from_pile:
                    sprite = from_pile.pop()
                    pool[sprite.card].remove(sprite)
                    sprite.conceal()
                    assigned[i] = sprite
        leftovers = [s for sprites in pool.values() for s in sprites]
        reshuffled = any(e.kind == EventKind.RESHUFFLED for e in events)
        kept: list[CardSprite] = []
        new_draws = 0
        stock_x, stock_y = lay.stock_top(view.stock_count)
        for target, sprite in zip(targets, assigned):
            if sprite is None:
                revealed = target.zone == PILE_ZONE and target.index < len(view.discard) - 1
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
            elif moved_zone:
                sprite.flying = True
                duration = 0.44 if target.zone == PILE_ZONE else 0.4
                sprite.move_to(target.x, target.y, target.angle, target.width, duration * f, 0.0, ease_out_cubic)
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

    def deal(self, view, speed: float) -> float:
        """Gather the old cards into the stock and deal the new hand round the table; returns its length (s)."""
        lay = self.layout
        f = speed
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
        by_zone: dict[tuple, list[Target]] = defaultdict(list)
        for target in self.targets(view):
            by_zone[target.zone].append(target)
        # Deal order: one card at a time from the dealer's left, round after round.
        playing = [s for s in view.seats if s.in_hand]
        dealer_index = next(i for i, s in enumerate(playing) if s.seat == view.dealer)
        dealt = {s.seat: (list(view.my_cards) if s.seat == view.viewer and view.my_cards else None)
                 for s in playing}
        order: list[tuple[int, int]] = []  # (seat, round)
        rounds = max((s.card_count for s in playing), default=0)
        for r in range(rounds):
            for offset in range(1, len(playing) + 1):
                seat_view = playing[(dealer_index + offset) % len(playing)]
                if r < seat_view.card_count:
                    order.append((seat_view.seat, r))
        step = 0.055 * f if len(order) < 40 else 0.04 * f
        stock_x, stock_y = lay.stock_top(view.stock_count)
        new_sprites: list[CardSprite] = []
        for n, (seat, r) in enumerate(order):
            zone = (HAND_ZONE, seat)
            if dealt[seat] is not None:
                card = dealt[seat][r]
                target = next((t for t in by_zone[zone] if t.card == card), None)
            else:
                target = by_zone[zone][0] if by_zone[zone] else None
            if target is None:
                continue
            by_zone[zone].remove(target)
            sprite = CardSprite(target.card, stock_x, stock_y, 0.0, lay.card_w, False, zone)
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
        if f <= 0:
            for sprite in self.sprites:
                sprite.finish()
        return deal_end

    def update(self, dt: float) -> None:
        """Advance every sprite's motion and drop the ones that are done leaving."""
        for sprite in self.sprites:
            sprite.update(dt)
            if sprite.flying and sprite.tween is None:
                sprite.flying = False
        self.sprites = [s for s in self.sprites if not (s.remove_when_done and not s.busy)]

    def update_hand_looks(self, dt: float, seat: int | None, playable, turn: bool, highlight: bool,
                          selected: int, hovered: CardSprite | None) -> bool:
        """Lift the selected and hovered cards, and (on the player's turn) lift playable ones a little
        and dim the rest; lifts ease towards their targets. Returns whether a lift is still easing."""
        sprites = self.hand_sprites(seat)
        settling = False
        if not sprites:
            return settling
        lift_h = self.layout.card_h * 0.16
        k = 1.0 - math.exp(-18.0 * dt)
        for i, sprite in enumerate(sprites):
            held = sprite.dragging or sprite is self.pending_sprite
            sprite.dim = highlight and turn and sprite.card not in playable and not held
            sprite.selected = i == selected
            target = 0.0
            if not held:
                if sprite.selected:
                    target = lift_h
                elif sprite is hovered and (not highlight or not turn or sprite.card in playable):
                    target = lift_h * (1.0 if turn else 0.45)
                elif highlight and turn and sprite.card in playable:
                    target = lift_h * 0.3   # a playable card stands a little proud of the hand
            sprite.lift += (target - sprite.lift) * k
            if abs(sprite.lift - target) < 0.3:
                sprite.lift = target
            else:
                settling = True
        return settling

    def hand_sprites(self, seat: int | None) -> list[CardSprite]:
        """The sprites of a seat's hand, left to right."""
        if seat is None:
            return []
        zone = (HAND_ZONE, seat)
        return sorted((s for s in self.sprites if s.zone == zone and not s.remove_when_done),
                      key=lambda s: s.index)

    def finish(self) -> None:
        """End every motion at once (before a result screen covers the table)."""
        for sprite in self.sprites:
            sprite.finish()

    @property
    def moving(self) -> bool:
        """Whether any card is still in motion."""
        return any(sprite.busy for sprite in self.sprites)
