"""The main menu: the title art and Continue / New game / Play with friends / Rules / Statistics / Settings / Quit."""
from __future__ import annotations

import pygame

from ..i18n import _
from ..look.paint import backdrop, draw_card_fan, render_title
from ..look.palette import PARCHMENT
from ..problems import problem_clause, problem_text
from ..sessions import match_desk
from .loading import run_in_slices
from ..version import version
from ..widgets import WidgetScene


def wrap(text: str, font: pygame.font.Font, width: int) -> list[str]:
    """``text`` in as few lines no wider than ``width`` as it takes, of even lengths."""
    lines = _fill(text, font, width)
    # Narrow the measure while the line count holds: two even lines, not a long one and a word.
    while len(lines) > 1 and width > 40:
        narrower = _fill(text, font, width - 10)
        if len(narrower) > len(lines):
            break
        lines, width = narrower, width - 10
    return lines


def _fill(text: str, font: pygame.font.Font, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and font.size(f"{lines[-1]} {word}")[0] <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)   # a single word too long keeps its own line
    return lines


class MainMenuScene(WidgetScene):
    """The first screen."""

    def spoken_title(self) -> str:
        return _("Main menu")

    def __init__(self, app):
        super().__init__(app)
        self._art_cache: tuple | None = None
        self.continue_button = None
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.version_rect = pygame.Rect(0, 0, 0, 0)
        #: Where the tagline's lines were drawn (the layout test checks them against the panel).
        self.tagline_rects: list[pygame.Rect] = []

    # ----- widgets -------------------------------------------------------------------

    def can_continue(self) -> bool:
        """Whether to offer Continue: an autosave exists and has not proved unusable."""
        return self.app.autosave_store.exists() and not self.app.autosave_broken

    def build(self) -> None:
        for problem in self.app.take_startup_problems():
            self.app.notify(problem_text(problem), seconds=12.0, problem=True)
        width, height = self.app.size
        entries = []
        if self.can_continue():
            entries.append((_("Continue"), self.continue_game, True, "continue"))
        entries += [
            (_("New game"), self.new_game, not self.can_continue(), "new_game"),
            (_("Play with friends"), self.friends, False, "friends"),
            (_("Rules"), self.rules, False, "rules"),
            (_("Learn to play"), lambda: self.app.go("lessons"), False, "lessons"),
            (_("Statistics"), self.statistics, False, "statistics"),
            (_("What would you play?"), lambda: self.app.go("quiz"), False, "quiz"),
            (_("Settings"), self.settings, False, "settings"),
            (_("Quit"), self.app.quit, False, "quit"),
        ]
        button_w, button_h, gap = self.px(300), max(self.text_h(17) + 16, self.px(54)), self.px(14)
        pad = self.px(30)
        panel_h = len(entries) * button_h + (len(entries) - 1) * gap + 2 * pad
        panel = pygame.Rect(0, 0, button_w + 2 * pad, panel_h)
        panel.center = (round(width * 0.75), height // 2)
        self.panel_rect = panel
        self.panel = self.frame(panel, name="menu_panel")
        self.buttons = {}
        inner = self.panel.get_container().get_rect()
        x = (inner.width - button_w) // 2
        y = (inner.height - (panel_h - 2 * pad)) // 2
        for text, action, primary, name in entries:
            self.buttons[name] = self.button((x, y, button_w, button_h), text, action, primary=primary,
                                             container=self.panel, name=name)
            y += button_h + gap
        self.continue_button = self.buttons.get("continue")
        text = _("Version {version}").format(version=version())
        version_w = self.text_w(text, 14, bold=False) + 8
        where = pygame.Rect(width - version_w - self.px(34), height - self.px(34) - self.text_h(14), version_w,
                              self.text_h(14))
        if where.colliderect(panel):   # a low window: the panel reaches the corner
            below = where.move(0, panel.bottom + self.px(6) - where.top)
            if below.bottom <= height - self.px(16):
                where = below                      # under the panel, where there is room
            else:
                where.right = panel.left - self.px(16)   # else beside it
        #: Where the version is written (the layout test keeps it off the panel).
        self.version_rect = where
        self.label(where, text, "@subtle", name="version")

    # ----- actions ---------------------------------------------------------------------

    def continue_game(self) -> None:
        desk = match_desk(self.app)   # the session loads only when needed
        saved, problem = desk.load_saved()
        if saved is None:
            self._autosave_unusable(problem_text(problem) if problem else _("The saved match could not be found."))
            return

        def unusable(error: ValueError) -> None:
            self._autosave_unusable(_("The saved match cannot be resumed: {reason}").format(
                reason=problem_clause(error)))

        # A long match replays a slice a frame, with its progress shown.
        run_in_slices(self.app, desk.resume_steps(saved), _("Loading the saved match…"),
                      lambda session: self.app.go("table", session), unusable)

    def _autosave_unusable(self, problem: str) -> None:
        self.app.autosave_broken = True
        self.app.notify(problem, seconds=10.0, problem=True)
        self.rebuild()

    def new_game(self) -> None:
        self.app.go("new_game")

    def friends(self) -> None:
        self.app.go("friends")

    def rules(self) -> None:
        self.app.go("rules")

    def statistics(self) -> None:
        self.app.go("statistics")

    def settings(self) -> None:
        self.app.go("settings")

    def on_escape(self) -> bool:
        return True  # the main menu has nowhere to go back to; Quit is a button

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            # Enter takes the highlighted choice: Continue when there is a match to resume, else New game.
            (self.continue_game if self.continue_button is not None else self.new_game)()
            return True
        return super().handle_event(event)

    def on_settings_changed(self, settings) -> None:
        self._art_cache = None

    def on_language_changed(self) -> None:
        self._art_cache = None   # the title and the tagline are words too
        super().on_language_changed()

    # ----- drawing --------------------------------------------------------------------

    def _art(self) -> pygame.Surface:
        """The title art (a fan of eights and the name), cached per size and deck style."""
        width, height = self.app.size
        key = (width, height, self.app.settings.deck_look, self.app.assets.card_letters())
        if self._art_cache is None or self._art_cache[0] != key:
            art = pygame.Surface((width, height), pygame.SRCALPHA)
            centre_x = round(width * 0.34)
            card_w = round(min(width * 0.105, height * 0.2))
            look = self.app.settings.deck_look   # every look has the eights, the German one too
            cards = [self.app.assets.card(code, card_w, look) for code in ("8C", "8D", "8H", "8S")]
            draw_card_fan(art, cards, (centre_x, round(height * 0.37)), spread_degrees=44)
            # Centred under the fan, clear of the window's edge and of the menu panel.
            room = max(self.px(200), 2 * min(centre_x, self.panel_rect.left - centre_x) - 2 * self.px(28))
            title_size = max(40, self.px(76))
            title_font = self.app.assets.font(title_size, bold=True)
            while title_font.size(_("Crazy Eights"))[0] > room and title_size > 24:
                title_size -= 2
                title_font = self.app.assets.font(title_size, bold=True)
            title = render_title(title_font, _("Crazy Eights"))
            title_rect = title.get_rect(midtop=(centre_x, round(height * 0.37 + card_w * 1.4 * 0.62)))
            art.blit(title, title_rect)
            font = self.app.assets.font(max(15, self.px(21)))
            top = title_rect.bottom + self.px(4)
            self.tagline_rects = []
            for line in wrap(_("Match the rank or the suit — eights are wild."), font, room):
                tagline = font.render(line, True, PARCHMENT)
                rect = art.blit(tagline, tagline.get_rect(midtop=(centre_x, top)))
                self.tagline_rects.append(rect)
                top = rect.bottom
            self._art_cache = (key, art)
        return self._art_cache[1]

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(self.app.size), (0, 0))
        surface.blit(self._art(), (0, 0))
        self.draw_frames(surface)

