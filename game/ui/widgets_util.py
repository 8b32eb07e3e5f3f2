"""Shared look and layout for the menu scenes: the felt backdrop, titles, and a widget-owning base scene.

Every menu widget is a pygame_gui element styled by ``theme.json``; this
module only paints what lies underneath them (the table felt, the wooden rail,
the title lettering) and keeps track of which widgets a scene created so they
can be killed on exit and rebuilt on resize.
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import lru_cache

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from .scene import Scene

# The palette the theme uses, for what we paint ourselves.
GOLD = (217, 174, 76)
GOLD_LIGHT = (242, 207, 107)
GOLD_DARK = (138, 106, 40)
CREAM = (243, 233, 207)
WOOD_DARK = (43, 26, 14)
WOOD = (74, 46, 24)
FELT = (22, 96, 58)
FELT_DARK = (8, 46, 27)

REFERENCE_SIZE = (1280, 720)


def ui_scale(size: tuple[int, int], low: float = 0.85, high: float = 1.5) -> float:
    """How much bigger than at 1280x720 the widgets should be for this window."""
    width, height = size
    return max(low, min(high, width / REFERENCE_SIZE[0], height / REFERENCE_SIZE[1]))


def font_scale(size: tuple[int, int]) -> float:
    """How much bigger the theme's fonts should be: steps, so text stays crisp and layouts predictable."""
    width, height = size
    fit = min(width / REFERENCE_SIZE[0], height / REFERENCE_SIZE[1])
    if fit >= 1.45:
        return 1.5
    if fit >= 1.2:
        return 1.25
    return 1.0


def scaled_theme(theme: dict, scale: float) -> dict:
    """A copy of a pygame_gui theme with every font size multiplied by ``scale``."""
    copy = {}
    for element, block in theme.items():
        block = dict(block)
        font = block.get("font")
        if isinstance(font, dict) and "size" in font:
            block["font"] = dict(font, size=str(max(6, round(int(font["size"]) * scale))))
        copy[element] = block
    return copy


def object_id(object_id: str | None = None, class_id: str | None = None) -> ObjectID:
    """A pygame_gui ObjectID: ``#name`` for one element, ``@class`` for a style."""
    return ObjectID(object_id=object_id, class_id=class_id)


# ----- the backdrop ------------------------------------------------------------


@lru_cache(maxsize=4)
def _felt(size: tuple[int, int]) -> pygame.Surface:
    """Green baize with a soft light in the middle, fine fibres and a dark vignette."""
    width, height = size
    # Paint small and scale up: a smooth radial light for the cost of a few thousand pixels.
    small_w, small_h = 96, max(2, round(96 * height / max(1, width)))
    small = pygame.Surface((small_w, small_h))
    cx, cy = small_w / 2, small_h * 0.42
    reach = math.hypot(small_w / 2, small_h / 2)
    for y in range(small_h):
        for x in range(small_w):
            d = min(1.0, math.hypot((x - cx) * 0.92, (y - cy) * 1.15) / reach)
            light = (1.0 - d ** 1.6)
            colour = [int(FELT_DARK[i] + (FELT[i] + 14 - FELT_DARK[i]) * light) for i in range(3)]
            small.set_at((x, y), colour)
    surface = pygame.transform.smoothscale(small, (width, height))
    # Fibres: a sparse, seeded speckle of slightly lighter and darker dots.
    rng = random.Random(8)
    fibres = pygame.Surface((width, height), pygame.SRCALPHA)
    for _ in range(width * height // 90):
        x, y = rng.randrange(width), rng.randrange(height)
        shade = rng.choice(((255, 255, 255, 10), (0, 0, 0, 16)))
        fibres.fill(shade, (x, y, rng.choice((1, 2)), 1))
    surface.blit(fibres, (0, 0))
    return surface


@lru_cache(maxsize=4)
def backdrop(size: tuple[int, int]) -> pygame.Surface:
    """The menu background: felt framed by a dark wooden rail with a gold inlay."""
    width, height = size
    surface = _felt(size).copy()
    rail = max(10, round(min(width, height) * 0.022))
    wood = pygame.Surface((width, height), pygame.SRCALPHA)
    # Wood grain: horizontal bands of slightly varying brown.
    rng = random.Random(3)
    band_colours = [(62, 38, 20), (54, 33, 17), (70, 44, 23), (48, 29, 15)]
    y = 0
    while y < height:
        band = rng.randrange(2, 6)
        wood.fill(rng.choice(band_colours), (0, y, width, band))
        y += band
    frame = pygame.Surface((width, height), pygame.SRCALPHA)
    frame.blit(wood, (0, 0))
    frame.fill((0, 0, 0, 0), (rail, rail, width - 2 * rail, height - 2 * rail))
    surface.blit(frame, (0, 0))
    # Inner shadow where the felt meets the rail, then the gold inlay line.
    shadow = pygame.Surface((width, height), pygame.SRCALPHA)
    for i in range(10):
        alpha = int(70 * (1 - i / 10))
        pygame.draw.rect(shadow, (0, 0, 0, alpha),
                         (rail + i, rail + i, width - 2 * (rail + i), height - 2 * (rail + i)), 1)
    surface.blit(shadow, (0, 0))
    pygame.draw.rect(surface, GOLD_DARK, (rail - 3, rail - 3, width - 2 * rail + 6, height - 2 * rail + 6), 1,
                     border_radius=4)
    pygame.draw.rect(surface, (20, 12, 6), (0, 0, width, height), 2)
    return surface


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken everything already drawn (behind an overlay such as the pause menu)."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((5, 12, 8, alpha))
    surface.blit(shade, (0, 0))


# ----- frames: the rounded wooden panels under groups of widgets ----------------------------

FRAME_STYLES = {
    # fill, border, border width, corner radius, shadow alpha (at 1280x720)
    "wood": ((36, 22, 12, 255), (184, 144, 58), 2, 14, 70),
    "inset": ((13, 48, 30, 232), (109, 86, 40), 1, 10, 0),
}


@lru_cache(maxsize=48)
def painted_frame(size: tuple[int, int], style: str, scale: float = 1.0) -> tuple[pygame.Surface, int]:
    """A rounded panel with a soft shadow, drawn at twice the size and smoothed down (anti-aliased).

    Returns the image and how far its shadow reaches beyond ``size`` on each side. pygame_gui's own
    rounded shapes take a third of a second for a full-HD panel; this takes a few milliseconds, once.
    """
    fill, border, border_w, radius, shadow_alpha = FRAME_STYLES[style]
    width, height = size
    radius = max(4, round(radius * scale))
    border_w = max(1, round(border_w * scale))
    spread = round(8 * scale) if shadow_alpha else 0
    out = pygame.Surface((width + 2 * spread, height + 2 * spread), pygame.SRCALPHA)
    if shadow_alpha:
        # A blurred shadow: a small dark rounded rectangle, softened twice and scaled up smoothly.
        # Its corners are as round as the panel's, so no square shadow shows past a rounded corner.
        factor = 6
        small_size = (max(4, out.get_width() // factor), max(4, out.get_height() // factor))
        small = pygame.Surface(small_size, pygame.SRCALPHA)
        inner = pygame.Rect(0, 0, max(1, (width - spread) // factor), max(1, (height - spread) // factor))
        inner.center = (small_size[0] // 2, small_size[1] // 2 + 1)
        pygame.draw.rect(small, (0, 0, 0, shadow_alpha), inner, border_radius=max(2, (radius + spread) // factor))
        softer = pygame.transform.smoothscale(small, (max(2, small_size[0] // 2), max(2, small_size[1] // 2)))
        small = pygame.transform.smoothscale(softer, small_size)
        out.blit(pygame.transform.smoothscale(small, out.get_size()), (0, 2))
    big = pygame.Surface((width * 2, height * 2), pygame.SRCALPHA)
    pygame.draw.rect(big, fill, big.get_rect(), border_radius=radius * 2)
    pygame.draw.rect(big, border, big.get_rect(), width=border_w * 2, border_radius=radius * 2)
    out.blit(pygame.transform.smoothscale(big, size), (spread, spread))
    return out, spread


# ----- lettering -------------------------------------------------------------------


def render_title(font: pygame.font.Font, text: str, colour=GOLD_LIGHT) -> pygame.Surface:
    """Gold lettering with a dark outline and a soft drop shadow."""
    face = font.render(text, True, colour)
    lower = font.render(text, True, GOLD_DARK)
    outline = font.render(text, True, (30, 18, 8))
    pad = 6
    surface = pygame.Surface((face.get_width() + pad * 2, face.get_height() + pad * 2), pygame.SRCALPHA)
    shadow = font.render(text, True, (0, 0, 0))
    shadow.set_alpha(110)
    surface.blit(shadow, (pad + 3, pad + 4))
    for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2), (-1, -1), (1, 1), (-1, 1), (1, -1)):
        surface.blit(outline, (pad + dx, pad + dy))
    # Lower half a shade darker: the lettering reads as embossed metal.
    surface.blit(face, (pad, pad))
    half = face.get_height() // 2 + 2
    surface.blit(lower, (pad, pad + half), area=pygame.Rect(0, half, face.get_width(), face.get_height() - half))
    lower.set_alpha(0)
    highlight = font.render(text, True, (255, 244, 200))
    highlight.set_alpha(90)
    surface.blit(highlight, (pad, pad - 1), area=pygame.Rect(0, 0, face.get_width(), half // 2))
    return surface


def draw_heading(surface: pygame.Surface, assets, text: str, centre_x: int, top: int, size: int) -> pygame.Rect:
    """A screen heading in the title style; returns where it went."""
    image = render_title(assets.font(size, bold=True), text)
    rect = image.get_rect(midtop=(centre_x, top))
    surface.blit(image, rect)
    return rect


def draw_card_fan(surface: pygame.Surface, cards: list[pygame.Surface], centre: tuple[int, int],
                  spread_degrees: float = 36.0) -> None:
    """A hand of cards fanned about a point below their centre, with soft shadows."""
    count = len(cards)
    if not count:
        return
    width, height = cards[0].get_size()
    pivot_drop = height * 1.15
    for index, card in enumerate(cards):
        angle = -spread_degrees / 2 + spread_degrees * index / max(1, count - 1) if count > 1 else 0
        rad = math.radians(angle)
        # Each card's centre sits on a circle around the pivot below the fan.
        x = centre[0] + math.sin(rad) * pivot_drop
        y = centre[1] + pivot_drop - math.cos(rad) * pivot_drop
        rotated = pygame.transform.rotozoom(card, -angle, 1.0)
        shadow = pygame.Surface(rotated.get_size(), pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 255))
        shadow.blit(rotated, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        shadow.fill((0, 0, 0, 90), special_flags=pygame.BLEND_RGBA_MULT)
        rect = rotated.get_rect(center=(round(x), round(y)))
        surface.blit(shadow, rect.move(4, 6))
        surface.blit(rotated, rect)


@lru_cache(maxsize=16)
def slider_fill(size: tuple[int, int]) -> pygame.Surface:
    """The filled part of a slider's track: a gold bar with round ends, drawn 4x and smoothed down."""
    width, height = size
    big = pygame.Surface((width * 4, height * 4), pygame.SRCALPHA)
    for row in range(height * 4):
        shade = 1.08 - 0.28 * row / max(1, height * 4 - 1)     # lighter on top, like the handle
        pygame.draw.line(big, [min(255, round(c * shade)) for c in GOLD], (0, row), (width * 4, row))
    mask = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=height * 2)
    big.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return pygame.transform.smoothscale(big, size)


@lru_cache(maxsize=8)
def check_mark(size: int, color: tuple) -> pygame.Surface:
    """A bold tick, ``size`` pixels square: two round-ended strokes, drawn 4x and smoothed down."""
    big = size * 4
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    width = max(4, round(big * 0.14))
    points = [(big * x, big * y) for x, y in ((0.24, 0.52), (0.42, 0.70), (0.76, 0.30))]
    pygame.draw.lines(surf, color, False, points, width)
    for point in points:
        pygame.draw.circle(surf, color, point, width / 2)
    return pygame.transform.smoothscale(surf, (size, size))


def draw_check_mark(surface: pygame.Surface, box: pygame.Rect, color) -> None:
    """A tick centred in ``box``."""
    tick = check_mark(min(box.w, box.h), tuple(color))
    surface.blit(tick, tick.get_rect(center=box.center))


# ----- a scene that owns widgets -------------------------------------------------------


class WidgetScene(Scene):
    """A scene whose pygame_gui widgets are built in ``build()`` and torn down on exit or resize.

    Subclasses create widgets through :meth:`add` (or :meth:`button`) inside
    ``build()``; keep any state the player changed in attributes so a rebuild
    after a resize shows the same choices.
    """

    #: How dark a see-through scene makes what lies under it.
    dim_alpha = 150

    def __init__(self, app):
        super().__init__(app)
        self.widgets: list = []
        self._actions: dict = {}
        self._frames: list = []
        self.built = False
        self.focus_index = 0           # which button or check box the keyboard is on
        self.focus_shown = False       # the ring shows only once the keyboard has been used

    # -- life cycle --
    def on_enter(self) -> None:
        self.rebuild()

    def on_exit(self) -> None:
        self.clear_widgets()
        self.built = False

    def on_resize(self, size) -> None:
        if self.built:
            self.rebuild()

    def rebuild(self) -> None:
        """Kill every widget and build them again for the current window size."""
        self.clear_widgets()
        self.build()
        self.built = True

    def build(self) -> None:
        """Create the widgets for ``self.app.size``."""

    def clear_widgets(self) -> None:
        for widget in self.widgets:
            widget.kill()
        self.widgets.clear()
        self._actions.clear()
        self._frames.clear()

    def frame(self, rect, style: str = "wood", container=None, starting_height: int = 1, name: str | None = None):
        """A container drawn as a rounded wooden panel (or a felt ``inset``); returns the pygame_gui panel.

        The panel itself is a plain transparent rectangle (cheap for pygame_gui to build); the
        rounded frame is painted under it by :meth:`draw`.
        """
        panel = self.add(pygame_gui.elements.UIPanel(
            pygame.Rect(rect), starting_height=starting_height, manager=self.manager, container=container,
            object_id=ObjectID(object_id=f"#{name}" if name else None, class_id="@frame")))
        self._frames.append((panel, style))
        return panel

    # -- helpers --
    @property
    def manager(self) -> pygame_gui.UIManager:
        return self.app.ui_manager

    @property
    def scale(self) -> float:
        return ui_scale(self.app.size)

    def px(self, value: float) -> int:
        """A length designed at 1280x720, scaled to this window."""
        return round(value * self.scale)

    def text_w(self, text: str, font_size: int = 16, bold: bool = True) -> int:
        """The width of one line of text in a theme font size (at the current font scale)."""
        return self.app.assets.font(round(font_size * self.app.font_scale), bold).size(text)[0]

    def text_h(self, font_size: int = 16, lines: int = 1) -> int:
        """The height a label needs for text of a theme font size (at the current font scale)."""
        return round(font_size * self.app.font_scale * (1.45 + 1.3 * (lines - 1))) + 2

    def add(self, widget):
        """Own a widget (it is killed with the scene's widgets)."""
        self.widgets.append(widget)
        return widget

    def button(self, rect, text: str, action: Callable[[], None], *, primary: bool = False,
               style: str | None = None, tool_tip: str | None = None, container=None,
               name: str | None = None) -> pygame_gui.elements.UIButton:
        """A button that runs ``action`` when pressed."""
        class_id = "@primary" if primary else style
        widget = pygame_gui.elements.UIButton(
            pygame.Rect(rect), text, self.manager, container=container, tool_tip_text=tool_tip,
            object_id=ObjectID(object_id=f"#{name}" if name else None, class_id=class_id))
        self.on_press(widget, action)
        return self.add(widget)

    def on_press(self, widget, action: Callable[[], None]) -> None:
        """Run ``action`` when ``widget`` (a button) is pressed."""
        self._actions[widget] = action

    def label(self, rect, text: str, style: str | None = None, container=None, name: str | None = None):
        """A one-line label (``style`` is a theme class such as ``@heading``)."""
        return self.add(pygame_gui.elements.UILabel(
            pygame.Rect(rect), text, self.manager, container=container,
            object_id=ObjectID(object_id=f"#{name}" if name else None, class_id=style)))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self._actions:
            self.press(event.ui_element)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return self.on_escape()
        return False

    def draw_over_widgets(self, surface: pygame.Surface) -> None:
        """Ticks in ticked check boxes (the bundled fonts draw a poor one) and the filled part of sliders."""
        for widget in self.widgets:
            if isinstance(widget, pygame_gui.elements.UIHorizontalSlider) and widget.alive() and widget.visible:
                track = pygame.Rect(widget.rect).inflate(-self.px(8), -self.px(12))
                track.width = max(0, widget.sliding_button.rect.left - track.left)
                if track.width > 0 and track.height > 0:
                    surface.blit(slider_fill(track.size), track)
                continue
            if not (isinstance(widget, pygame_gui.elements.UICheckBox) and widget.alive() and widget.visible
                    and widget.get_state() is True):
                continue
            box = pygame.Rect(widget.rect)
            # A box in a scrolled list may be partly or wholly outside the list's view.
            clip = widget.get_image_clipping_rect()
            shown = box if clip is None else clip.move(box.topleft)
            if shown.w <= 0 or shown.h <= 0:
                continue
            previous = surface.get_clip()
            surface.set_clip(shown)
            # A locked box keeps its dim fill: a muted light tick shows on it where a dark one would not.
            draw_check_mark(surface, box, WOOD_DARK if widget.is_enabled else (150, 132, 104))
            surface.set_clip(previous)

    # -- keyboard focus --
    def focusables(self) -> list:
        """The buttons and check boxes the keyboard can reach, in the order they were built."""
        if any(isinstance(w, pygame_gui.elements.UIWindow) and w.alive() for w in self.widgets):
            return []       # a dialog is open: the keys belong to it
        return [w for w in self.widgets
                if isinstance(w, (pygame_gui.elements.UIButton, pygame_gui.elements.UICheckBox,
                                  pygame_gui.elements.UIDropDownMenu))
                and w.alive() and w.visible and w.is_enabled
                and (w in self._actions or not isinstance(w, pygame_gui.elements.UIButton))]

    def focused(self):
        """The widget with the keyboard focus ring, or None while the ring is hidden."""
        reachable = self.focusables()
        if not self.focus_shown or not reachable:
            return None
        return reachable[self.focus_index % len(reachable)]

    def dispatch(self, event: pygame.event.Event) -> bool:
        """Tab / Shift+Tab and Up / Down move a focus ring; Enter or Space presses what it is on.

        On a drop-down, Left / Right (or Enter / Space) step through its choices.
        """
        typing = any(isinstance(w, pygame_gui.elements.UITextEntryLine) and w.is_focused for w in self.widgets)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION):
            self.focus_shown = False    # back to the mouse: hide the ring until a key is pressed
        elif event.type == pygame.KEYDOWN and not typing:   # keys typed into a text box are its own
            step = {pygame.K_DOWN: 1, pygame.K_UP: -1}.get(event.key, 0)
            if event.key == pygame.K_TAB:
                step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            reachable = self.focusables()
            if step and reachable:
                if self.focus_shown:
                    self.focus_index = (self.focus_index + step) % len(reachable)
                else:
                    self.focus_index %= len(reachable)
                self.focus_shown = True
                self.scroll_into_view(self.focused())
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                widget = self.focused()
                if widget is not None:
                    self.press(widget)
                    return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                widget = self.focused()
                if isinstance(widget, pygame_gui.elements.UIDropDownMenu):
                    self.choose_next(widget, 1 if event.key == pygame.K_RIGHT else -1)
                    return True
        return self.handle_event(event)

    def scroll_into_view(self, widget) -> None:
        """Scroll the list holding ``widget`` (if it is in one) so that the whole widget shows."""
        for scroller in self.widgets:
            if not (isinstance(scroller, pygame_gui.elements.UIScrollingContainer)
                    and widget.ui_container is scroller.scrollable_container
                    and scroller.vert_scroll_bar is not None):
                continue
            bar = scroller.vert_scroll_bar
            total = max(1, scroller.scrolling_height)
            view = scroller.get_container().get_rect().height if hasattr(scroller, "get_container") else total
            view = min(view, scroller.rect.height)
            top = widget.relative_rect.top - self.px(8)
            bottom = widget.relative_rect.bottom + self.px(8)
            shown_from = bar.start_percentage * total
            if top < shown_from:
                bar.set_scroll_from_start_percentage(max(0.0, top / total))
            elif bottom > shown_from + view:
                bar.set_scroll_from_start_percentage(min(1.0 - view / total, (bottom - view) / total))

    def choose_next(self, menu, step: int) -> None:
        """Move a drop-down ``step`` options on, as if the player had picked that option."""
        options = menu.options_list
        index = next((i for i, o in enumerate(options) if o[1] == menu.selected_option[1]), 0)
        menu.selected_option = options[(index + step) % len(options)]
        self.handle_event(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, {
            "text": menu.selected_option[0], "ui_element": menu,
            "ui_object_id": menu.most_specific_combined_id}))
        if menu.alive():
            self.rebuild()      # the scene kept the choice; build again so the box shows it

    def press(self, widget) -> None:
        """What a click on ``widget`` does: run a button's action, flip a check box, or step a drop-down."""
        if isinstance(widget, pygame_gui.elements.UICheckBox):
            widget.set_state(not widget.get_state())    # posts the same event a click would
            return
        if isinstance(widget, pygame_gui.elements.UIDropDownMenu):
            self.choose_next(widget, 1)
            return
        self.app.sound.play("click")
        self._actions[widget]()

    def on_escape(self) -> bool:
        """Escape goes back one screen by default."""
        self.app.pop()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.draw_frames(surface)

    def draw_background(self, surface: pygame.Surface) -> None:
        """The felt (or, for a see-through scene, the scene below darkened)."""
        if self.transparent:
            dim(surface, self.dim_alpha)
        else:
            surface.blit(backdrop(self.app.size), (0, 0))

    def draw_frames(self, surface: pygame.Surface) -> None:
        """Paint the rounded panels made by :meth:`frame`, in the order they were made."""
        for panel, style in self._frames:
            if not panel.alive() or not panel.visible:
                continue
            rect = panel.get_abs_rect()
            image, spread = painted_frame((int(rect.width), int(rect.height)), style, round(self.scale, 2))
            surface.blit(image, (rect.x - spread, rect.y - spread))
        widget = self.focused()
        if widget is not None:
            # Drawn before the widgets, so only the part outside the widget shows: a ring around it.
            ring = pygame.Rect(widget.get_abs_rect()).inflate(self.px(12), self.px(12))
            pygame.draw.rect(surface, GOLD_LIGHT, ring, width=max(2, self.px(3)), border_radius=self.px(14))
