"""The suit chooser: the wild card being played and four big suit buttons, over the table.

It is a modal part of the table scene: while open it takes the mouse and the
keyboard (click a suit, Left/Right + Enter, 1-4 or C/D/H/S, Escape cancels).
"""
from __future__ import annotations

import pygame

from ..look import shapes
from ..look.palette import (CHOOSER_SHADE, CHOOSER_TEXT, GOLD, PANEL_WOOD, SUIT_BUTTON, SUIT_BUTTON_FOCUSED,
                             SUIT_BUTTON_LABEL, SUIT_BUTTON_RIM)
from .animation import Timer, ease_out_back

from game.ui import i18n
from game.ui.i18n import _

#: The letter key of each suit, shown on its button: the English initials (clubs, diamonds, hearts, spades),
#: since the initials of German, Greek or Norwegian suit names clash (Kreuz and Karo, Καρό and Κούπα).
SUIT_LETTERS = ("C", "D", "H", "S")
SUIT_KEYS = {**{getattr(pygame, f"K_{letter.lower()}"): suit for suit, letter in enumerate(SUIT_LETTERS)},
             pygame.K_1: 0, pygame.K_2: 1, pygame.K_3: 2, pygame.K_4: 3,
             pygame.K_KP1: 0, pygame.K_KP2: 1, pygame.K_KP3: 2, pygame.K_KP4: 3}


def suit_label(suit: int) -> str:
    """A suit as the chooser's buttons and the suit in force title it ("Hearts"; "Acorns" on German cards)."""
    if i18n.deck_look() == i18n.GERMAN_LOOK:
        name = i18n.suit_name(SUIT_LETTERS[suit])
        return name[:1].upper() + name[1:]
    return (_("Clubs"), _("Diamonds"), _("Hearts"), _("Spades"))[suit]


def key_cap(suit: int) -> str:
    """The key shown on a suit's button: its French letter (C, D, H, S), or its number on German-suited
    cards, where C on an acorn would make no sense (the letters work all the same)."""
    return str(suit + 1) if i18n.deck_look() == i18n.GERMAN_LOOK else SUIT_LETTERS[suit]


class SuitChooser:
    """Pick one of the four suits; ``on_choice(suit)`` or ``on_cancel()`` is called once."""

    def __init__(self, card_code: str, on_choice, on_cancel, deck_look: str, suggested: int = 2):
        self.card_code = card_code
        self.on_choice = on_choice
        self.on_cancel = on_cancel
        self.deck_look = deck_look
        self.focus = suggested
        self.hover = -1
        self.opened = Timer(0.28)
        self.rects: list[pygame.Rect] = []
        self.card_rect = pygame.Rect(0, 0, 1, 1)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.closed = False
        #: Where each suit's key cap was last drawn (in the button's corner).
        self.key_caps: list[pygame.Rect] = []

    # ----- geometry -------------------------------------------------------

    def layout(self, size) -> None:
        w, h = size
        button = int(min(w * 0.115, h * 0.23, 200))
        gap = int(button * 0.16)
        pad = int(button * 0.22)
        title_h = int(button * 0.42)
        # The card being played stands on the left, as tall as the buttons, so it stays in view.
        card_h = button
        card_w = int(card_h / 1.4)
        card_gap = int(gap * 1.6)
        total = card_w + card_gap + button * 4 + gap * 3
        self.panel = pygame.Rect(0, 0, total + pad * 2, button + pad * 2 + title_h + int(button * 0.18))
        self.panel.center = (w // 2, int(h * 0.45))
        top = self.panel.top + pad + title_h
        self.card_rect = pygame.Rect(self.panel.left + pad, top, card_w, card_h)
        first = self.card_rect.right + card_gap
        self.rects = [pygame.Rect(first + i * (button + gap), top, button, button) for i in range(4)]

    # ----- input -------------------------------------------------------------

    def _choose(self, suit: int) -> None:
        if not self.closed:
            self.closed = True
            self.on_choice(suit)

    def cancel(self) -> None:
        if not self.closed:
            self.closed = True
            self.on_cancel()

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((i for i, r in enumerate(self.rects) if r.collidepoint(event.pos)), -1)
            if self.hover >= 0:
                self.focus = self.hover
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i, rect in enumerate(self.rects):
                if rect.collidepoint(event.pos):
                    self._choose(i)
                    return True
            if not self.panel.collidepoint(event.pos):
                self.cancel()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.cancel()
            elif event.key in (pygame.K_LEFT, pygame.K_a):
                self.focus = (self.focus - 1) % 4
            elif event.key == pygame.K_RIGHT:
                self.focus = (self.focus + 1) % 4
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self._choose(self.focus)
            elif event.key in SUIT_KEYS:
                self._choose(SUIT_KEYS[event.key])
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYUP, pygame.MOUSEWHEEL)

    def update(self, dt: float) -> None:
        self.opened.update(dt)

    # ----- drawing ----------------------------------------------------------

    def draw(self, surface: pygame.Surface, text, card_image: pygame.Surface | None = None) -> None:
        """The shade, the panel, the card being played (``card_image``) and the four suits."""
        size = surface.get_size()
        if not self.rects:
            self.layout(size)
        t = 1.0 - self.opened.fraction
        shade = pygame.Surface(size, pygame.SRCALPHA)
        shade.fill((*CHOOSER_SHADE, int(175 * min(1.0, t * 2))))
        surface.blit(shade, (0, 0))
        grow = ease_out_back(min(1.0, t))
        panel = self.panel
        radius = max(10, panel.h // 10)
        shadow = shapes.soft_shadow(panel.size, radius, max(4, panel.h // 30), 140)
        offset_y = int((1 - grow) * panel.h * 0.15)
        surface.blit(shadow, shadow.get_rect(center=(panel.centerx + 4, panel.centery + 8 + offset_y)))
        surface.blit(shapes.rounded_panel(panel.size, radius, (*PANEL_WOOD, 244), (*GOLD, 255), 2, True),
                     panel.move(0, offset_y))
        title_size = max(16, int(self.rects[0].h * 0.2))
        title = text.render(_("Name a suit"), title_size, GOLD, bold=True, shadow=True)
        surface.blit(title, title.get_rect(midtop=(panel.centerx, panel.top + int(self.rects[0].h * 0.16)
                                                   + offset_y)))
        if card_image is not None:
            card_rect = self.card_rect.move(0, offset_y)
            if card_image.get_size() != card_rect.size:
                card_image = pygame.transform.smoothscale(card_image, card_rect.size)
            shadow = shapes.soft_shadow(card_rect.size, max(4, card_rect.w // 12), max(3, card_rect.w // 20), 120)
            surface.blit(shadow, shadow.get_rect(center=(card_rect.centerx + 3, card_rect.centery + 5)))
            surface.blit(card_image, card_rect)
            caption = text.render(_("You play"), max(12, int(self.rects[0].h * 0.13)), CHOOSER_TEXT,
                                  bold=True)
            surface.blit(caption, caption.get_rect(midbottom=(card_rect.centerx, card_rect.top - 6)))
        self.key_caps = []
        for suit, rect in enumerate(self.rects):
            rect = rect.move(0, offset_y)
            focused = suit == self.focus
            fill = (*SUIT_BUTTON_FOCUSED, 255) if focused else (*SUIT_BUTTON, 255)
            border = GOLD if focused else SUIT_BUTTON_RIM
            if focused:
                glow = shapes.glow_frame(rect.size, rect.w // 9, GOLD, max(4, rect.w // 14))
                surface.blit(glow, glow.get_rect(center=rect.center))
            surface.blit(shapes.rounded_panel(rect.size, rect.w // 9, fill, (*border, 255), 3 if focused else 2),
                         rect)
            icon_size = int(rect.w * (0.6 if focused else 0.56))
            icon = shapes.suit_sign(suit, icon_size, self.deck_look)
            surface.blit(icon, icon.get_rect(center=(rect.centerx, rect.centery - rect.h * 0.08)))
            label = text.render(suit_label(suit), max(12, int(rect.h * 0.13)), SUIT_BUTTON_LABEL, bold=True)
            surface.blit(label, label.get_rect(midbottom=(rect.centerx, rect.bottom - rect.h * 0.06)))
            self.key_caps.append(self._draw_key_cap(surface, text, key_cap(suit), rect))
        hint = text.render(_("Click a suit, or press the key on it  ·  Esc cancels"),
                           max(11, int(self.rects[0].h * 0.1)), CHOOSER_TEXT)
        surface.blit(hint, hint.get_rect(midbottom=(panel.centerx, panel.bottom - 8 + offset_y)))

    @staticmethod
    def _draw_key_cap(surface, text, letter: str, rect: pygame.Rect) -> pygame.Rect:
        """The suit's key as a small key cap in the button's top left corner."""
        size = max(11, int(rect.h * 0.12))
        image = text.render(letter, size, SUIT_BUTTON_LABEL, bold=True)
        side = max(image.get_width(), image.get_height()) + max(4, size // 2)
        cap = pygame.Rect(rect.left + rect.w // 14, rect.top + rect.w // 14, side, side)
        surface.blit(shapes.rounded_panel(cap.size, max(3, side // 5), (*SUIT_BUTTON_RIM, 255),
                                          (*SUIT_BUTTON_LABEL, 255), 1), cap)
        surface.blit(image, image.get_rect(center=cap.center))
        return cap


def open_over_pile(scene, card: int, sprite, suggested: int) -> SuitChooser:
    """The suit chooser for a wild ``card`` a scene's person is playing, opened on ``suggested`` and said aloud;
    the card's sprite (None when the card was chosen by key) waits over the pile. The scene answers through
    its ``_chosen(card, suit)`` and ``_chooser_cancelled``."""
    code = sprite.code if sprite is not None else str(card)
    chooser = SuitChooser(code, lambda suit: scene._chosen(card, suit), scene._chooser_cancelled,
                          scene.deck_look, suggested)
    scene.speech.chooser_opened(suggested)
    lay = scene.board.layout
    chooser.layout(lay.size)
    if sprite is not None:
        sprite.dragging = False
        scene.board.pending_sprite = sprite
        sprite.z = 5000
        sprite.move_to(lay.pile.centerx, lay.pile.centery - lay.card_h * 0.12, 0.0, lay.card_w, 0.2 * scene.speed)
    return chooser
