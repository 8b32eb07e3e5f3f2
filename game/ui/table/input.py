"""The player's hands on the table: pointer, keys and buttons turned into moves.

``TableInput`` reads events for the table scene: dragging a card onto the
pile or clicking it plays it, clicking the stock draws, Left/Right choose a
card and Enter plays it, D/P/L/S draw, pass and call. What a move does is
the scene's (and the session's) business; here only the gesture is read.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.rules import Move, MoveKind
from game.ui.i18n import _

from ..widgets.explained import ExplainedButton
from .sprites import CardSprite

DRAG_THRESHOLD = 6       # pixels before a press becomes a drag
DOUBLE_CLICK = 0.4       # seconds
CALL_BUTTONS = ("stop", "last_card", "pass")
MOVE_KEYS = {pygame.K_d: "draw", pygame.K_p: "pass", pygame.K_l: "last_card", pygame.K_s: "stop"}


@dataclass
class Drag:
    """A card held under the pointer."""

    sprite: CardSprite
    offset: tuple[float, float]
    start: tuple[int, int]
    moved: bool = False


class TableInput:
    """Pointer and key state of the table scene: the drag, the keyboard selection, the buttons."""

    def __init__(self, scene):
        self.scene = scene
        self.drag: Drag | None = None
        self.press_stock = False
        self.selected = -1
        self.hover: CardSprite | None = None
        self.mouse = (0, 0)
        self.last_click = (-10.0, (0, 0))
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        #: The session version whose hint chose the selected card (None: the player chose it, or nobody).
        self.hinted_for: int | None = None
        #: The move that hint named (Enter carries it out while the position stands).
        self.hinted_move: Move | None = None
        #: The session version the Undo button's state was worked out for (None: work it out again).
        self.undo_checked_for: int | None = None

    # ----- events -------------------------------------------------------------------------------

    def handle_event(self, event) -> bool:
        """Read one event; True when the table used it."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return self._button_pressed(event.ui_element)
        if event.type == pygame.MOUSEMOTION:
            return self._mouse_motion(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._mouse_down(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._mouse_up(event.pos)
        if event.type == pygame.KEYDOWN:
            return self._key(event.key, getattr(event, "mod", 0))
        return False

    def drop_drag(self) -> None:
        """Let go of a held card (the scene is covered or closes); it goes back to the hand."""
        if self.drag is not None:
            self.drag.sprite.dragging = False
            self.drag = None
            self.scene.resync()

    def sprite_at(self, pos) -> CardSprite | None:
        """The player's card under ``pos`` (the topmost), if any."""
        for sprite in reversed(self.scene.my_sprites()):
            if sprite.contains(pos):
                return sprite
        return None

    def _mouse_motion(self, pos) -> bool:
        self.mouse = pos
        drag = self.drag
        if drag is None:
            return False
        if not drag.moved and math.dist(pos, drag.start) >= DRAG_THRESHOLD:
            drag.moved = True
        if drag.moved:
            drag.sprite.x = pos[0] - drag.offset[0]
            drag.sprite.y = pos[1] - drag.offset[1]
            drag.sprite.angle *= 0.6
        return True

    def _mouse_down(self, pos) -> bool:
        self.mouse = pos
        layout = self.scene.board.layout
        if layout is None:
            return False
        last_time, last_pos = self.last_click
        if self.scene.time - last_time < DOUBLE_CLICK and math.dist(pos, last_pos) < 12:
            return True  # the second half of a double-click that already played the card
        if layout.stock.inflate(8, 8).collidepoint(pos):
            self.press_stock = True
            return True
        if layout.log_rect.collidepoint(pos):
            self.scene.open_history()
            return True
        sprite = self.sprite_at(pos)
        if sprite is None or sprite.remove_when_done:
            return False
        sprite.finish()
        sprite.dragging = True
        sprite.z = 9000
        self.drag = Drag(sprite, (pos[0] - sprite.x, pos[1] - (sprite.y - sprite.lift)), pos)
        sprite.y -= sprite.lift
        sprite.lift = 0.0
        return True

    def _mouse_up(self, pos) -> bool:
        self.mouse = pos
        scene = self.scene
        if self.press_stock:
            self.press_stock = False
            if scene.board.layout.stock.inflate(8, 8).collidepoint(pos):
                scene.human_move(Move("draw"))
            return True
        if self.drag is None:
            return False
        drag, self.drag = self.drag, None
        sprite = drag.sprite
        sprite.dragging = False
        if drag.moved:
            if self._over_pile(sprite, pos):
                scene.play_card(sprite.card, sprite)
        else:  # a click (or the first half of a double-click) plays the card
            self.last_click = (scene.time, pos)
            scene.play_card(sprite.card, sprite)
        if scene.chooser is None:
            scene.resync()
        return True

    def _over_pile(self, sprite: CardSprite, pos) -> bool:
        lay = self.scene.board.layout
        zone = lay.pile.inflate(int(lay.card_w * 0.9), int(lay.card_h * 0.5))
        return zone.collidepoint(sprite.x, sprite.y) or zone.collidepoint(pos)

    def _key(self, key, mod: int = 0) -> bool:
        scene = self.scene
        if key == pygame.K_ESCAPE:
            scene.open_pause()
            return True
        sprites = scene.my_sprites()
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            if sprites:
                self._step_selection(sprites, 1 if key == pygame.K_RIGHT else -1)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            hinted = self.hint_now()
            if 0 <= self.selected < len(sprites):
                sprite = sprites[self.selected]
                scene.play_card(sprite.card, sprite)
            elif hinted is not None and hinted.kind != MoveKind.PLAY:
                scene.human_move(hinted)   # a hinted draw, pass or call
            else:
                scene.effects.show_toast(_("Choose a card with the Left and Right arrow keys first."))
            return True
        if key in MOVE_KEYS:
            scene.human_move(Move(MOVE_KEYS[key]))
            return True
        if key == pygame.K_h:
            scene.ask_hint()
            return True
        if key == pygame.K_y:
            scene.open_history()
            return True
        if key == pygame.K_z and mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            scene.undo()
            return True
        return False

    def hint_now(self) -> Move | None:
        """The move the hint for the position as it stands named, if one is shown (else None)."""
        if self.hinted_for is not None and self.hinted_for == self.scene.session.version:
            return self.hinted_move
        return None

    def _step_selection(self, sprites, step: int) -> None:
        self.hinted_for = None  # the player moves the selection on: it is theirs now
        if self.selected >= 0:
            self.selected = (self.selected + step) % len(sprites)
            return
        # The first press picks the first (or, going left, the last) card that can be played.
        playable = self.scene.session.view().playable
        order = range(len(sprites)) if step > 0 else range(len(sprites) - 1, -1, -1)
        fallback = 0 if step > 0 else len(sprites) - 1
        self.selected = next((i for i in order if sprites[i].card in playable), fallback)

    def follow_hand(self, count: int) -> None:
        """Keep the keyboard selection inside a hand that shrank."""
        if self.selected >= count:
            self.selected = count - 1

    # ----- buttons --------------------------------------------------------------------------------

    def kill_buttons(self) -> None:
        """Remove the table's buttons (the scene is leaving or laying out again)."""
        for button in self.buttons.values():
            button.kill()
        self.buttons = {}

    def build_buttons(self, manager, layout) -> None:
        """The hint and call buttons (each shown only while it can be used) and the menu button."""
        self.kill_buttons()
        bw, bh = layout.button_size
        gap = (layout.buttons_rect.h - bh * 3) // 2
        call = _("Mau") if self.scene.session.rules.last_card_word == "mau" else _("Last card")
        labels = {"stop": _("Stop!") + "  (S)", "last_card": call + "  (L)", "pass": _("Pass") + "  (P)"}
        for i, name in enumerate(CALL_BUTTONS):
            rect = pygame.Rect(layout.buttons_rect.left, layout.buttons_rect.top + i * (bh + gap), bw, bh)
            button = pygame_gui.elements.UIButton(
                rect, labels[name], manager,
                object_id=ObjectID(object_id=f"#table_{name}", class_id="@primary" if name != "pass" else None))
            button.hide()
            self.buttons[name] = button
        # The corner buttons are as wide as the longest of their words needs (Rückgängig, Αναίρεση).
        words = {"menu": _("Menu"), "hint": _("Hint"), "undo": _("Undo")}
        font = self.scene.app.assets.font(round(15 * self.scene.app.font_scale), True)
        width = max(layout.menu_button.w, max(font.size(text)[0] for text in words.values()) + 24)
        corner = {name: pygame.Rect(rect.right - width, rect.top, width, rect.h)
                  for name, rect in (("menu", layout.menu_button), ("hint", layout.hint_button),
                                     ("undo", layout.undo_button))}
        self.buttons["menu"] = pygame_gui.elements.UIButton(
            corner["menu"], words["menu"], manager,
            object_id=ObjectID(object_id="#table_menu", class_id="@small_button"),
            tool_tip_text=_("Pause (Esc)"))
        hint = pygame_gui.elements.UIButton(
            corner["hint"], words["hint"], manager,
            object_id=ObjectID(object_id="#table_hint", class_id="@small_button"),
            tool_tip_text=_("What would a strong player do? (H)"))
        hint.hide()
        self.buttons["hint"] = hint
        self.buttons["undo"] = ExplainedButton(
            corner["undo"], words["undo"], manager,
            object_id=ObjectID(object_id="#table_undo", class_id="@small_button"),
            tool_tip_text=_("Take back your last move (Ctrl+Z)"))
        self.undo_checked_for = None

    def explain_undo(self, reason: str | None) -> None:
        """Grey the Undo button out with ``reason`` as its tooltip, or light it (``reason`` None)."""
        button = self.buttons.get("undo")
        if button is not None:
            button.explain(reason, _("Take back your last move (Ctrl+Z)"))

    def update_buttons(self, kinds) -> None:
        """Show exactly the buttons whose moves are legal now ("hint" among ``kinds`` shows the hint button)."""
        for name in (*CALL_BUTTONS, "hint", "undo"):
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
                self.scene.effects.sound("click")
                if name == "menu":
                    self.scene.open_pause()
                elif name == "hint":
                    self.scene.ask_hint()
                elif name == "undo":
                    self.scene.undo()
                else:
                    self.scene.human_move(Move(name))
                return True
        return False
