"""The tutor at the table: before the person makes a move the analysis marks as a sure, costly mistake,
ask once, naming the better move and why, with "Take it back" and "Play it anyway".

The verdict comes from the analysis the session worked out in the background as the turn began (the
hint's, see ``TableSession.tutor_check``): the table never waits for it. A move made before it is
ready is held, with a short "checking" note, until it is (a fraction of a second). The tutor speaks
once per position; once it has, that person's results of the match count as practice, like a take-back.

At a table of several people the tutor is each person's own (``plays_with_tutor``): it asks only the
person whose move it is, and only if they chose it, calling them by name.
"""
from __future__ import annotations

import pygame

from game.rules import Move, MoveKind, card_to_str
from game.ui.i18n import _, current_language, hint_numbers_text, hint_text
from game.ui.safe_text import safe_text

from ..look import shapes
from ..look.wrap import wrap_words
from ..look.palette import (CHOOSER_SHADE, CHOOSER_TEXT, CREAM, GOLD, GOLD_LIGHT, PANEL_WOOD, PENALTY_POINTS,
                             RESULT_NOTE, SUIT_BUTTON, SUIT_BUTTON_FOCUSED, SUIT_BUTTON_LABEL,
                             SUIT_BUTTON_RIM)

NOTE_TEXT = RESULT_NOTE
from .animation import Timer, ease_out_back

TAKE_BACK, PLAY_ANYWAY = 0, 1


def plays_with_tutor(settings, session, seat: int) -> bool:
    """Whether the person in ``seat`` plays with the tutor: the one person at a table, and the player whose
    name the settings carry, by the tutor setting; each other person by their own choice, kept by name
    (New game's "Learner")."""
    name = session.seats[seat].name
    if len(session.people) <= 1 or name == settings.player_name:
        return bool(settings.tutor_mode)
    return name in settings.tutored_names


class TutorDialog:
    """The question, over the table: the move the person chose, the better one and why, two buttons.

    ``on_answer(play_anyway)`` is called once. Keyboard: Left/Right (or Tab) move the focus, Enter or
    Space presses it, Escape takes the move back; the mouse clicks a button (hovering focuses it).
    """

    def __init__(self, check, on_answer, first_time: bool, name: str | None = None):
        self.check = check
        self.on_answer = on_answer
        self.first_time = first_time
        #: The person asked, by name, at a table of several people (None: the one person, "you").
        self.name = safe_text(name, max_chars=24) if name is not None else None
        self.focus = TAKE_BACK
        self.opened = Timer(0.26)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[pygame.Rect] = []
        self.closed = False
        self.laid_out_for = None

    @property
    def animating(self) -> bool:
        """Whether it is still opening (the table draws at the full rate until it stands)."""
        return self.opened.active

    def layout(self, size, text) -> None:
        """Measure the words at this window size and place the panel, the cards and the buttons."""
        w, h = size
        self.laid_out_for = tuple(size)
        self.language = current_language()
        panel_w = min(w - 24, max(560, int(w * 0.52)))
        self.pad = max(12, panel_w // 28)
        self.title_size = max(18, min(30, h // 26))
        self.body_size = max(14, min(20, h // 40))
        width = panel_w - 2 * self.pad
        better = self.check.better
        self.reason_lines = wrap_words(hint_text(better), text.font(self.body_size, True), width, 3)
        numbers = hint_numbers_text(better)
        self.number_lines = wrap_words(numbers, text.font(self.body_size - 1, False), width, 2) if numbers else []
        line_h = text.font(self.body_size, True).get_linesize()
        small_h = text.font(self.body_size - 1).get_linesize()
        note_h = text.font(max(11, self.body_size - 3)).get_linesize() if self.first_time else 0
        self.card_h = max(70, min(150, int(h * 0.17)))
        caption_h = text.font(max(12, self.body_size - 1), True).get_linesize()
        button_h = max(36, int(h * 0.06))
        keys_h = text.font(max(10, self.body_size - 4)).get_linesize()
        title_h = text.font(self.title_size, True).get_linesize()
        heights = [self.pad, title_h, self.pad // 2, caption_h + 4 + self.card_h, self.pad // 2,
                   line_h * len(self.reason_lines), 4 + small_h * len(self.number_lines),
                   self.pad // 2 + note_h, self.pad // 2, button_h, 6 + keys_h, self.pad // 2]
        panel_h = min(h - 16, sum(heights))
        self.panel = pygame.Rect(0, 0, panel_w, panel_h)
        self.panel.center = (w // 2, min(int(h * 0.44), h - 8 - panel_h // 2))
        self.panel.top = max(8, self.panel.top)
        button_w = int(panel_w * 0.36)
        gap = int(panel_w * 0.05)
        top = self.panel.bottom - self.pad // 2 - keys_h - 6 - button_h
        left = self.panel.centerx - button_w - gap // 2
        self.buttons = [pygame.Rect(left, top, button_w, button_h),
                        pygame.Rect(left + button_w + gap, top, button_w, button_h)]
        self.note_bottom = top - self.pad // 2

    def title(self) -> str:
        if self.name is None:
            return _("Wait: there is a better move")
        return _("Wait, {name}: there is a better move").format(name=self.name)

    def note(self) -> str:
        """The first time only: what the tutor's help does to the statistics ("" after)."""
        if not self.first_time:
            return ""
        if self.name is None:
            return _("A match with the tutor's help counts as practice in your statistics.")
        return _("A match with the tutor's help counts as practice for you; the others' results count as usual.")

    def words(self) -> list[str]:
        """What the dialog says, top to bottom, as the voice reads it."""
        better = self.check.better
        numbers = hint_numbers_text(better)
        return [self.title(), hint_text(better), *([numbers] if numbers else []), *([self.note()] if self.note() else []),
                _("Enter chooses  ·  Esc takes it back")]

    # ----- input -------------------------------------------------------------------------------

    def answer(self, play_anyway: bool) -> None:
        if not self.closed:
            self.closed = True
            self.on_answer(play_anyway)

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            hovered = next((i for i, rect in enumerate(self.buttons) if rect.collidepoint(event.pos)), None)
            if hovered is not None:
                self.focus = hovered
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for index, rect in enumerate(self.buttons):
                if rect.collidepoint(event.pos):
                    self.answer(index == PLAY_ANYWAY)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.answer(False)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                self.focus = 1 - self.focus
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.answer(self.focus == PLAY_ANYWAY)
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYUP, pygame.MOUSEWHEEL)

    def update(self, dt: float) -> None:
        self.opened.update(dt)

    # ----- drawing ------------------------------------------------------------------------------

    def draw(self, surface, text, card_image) -> None:
        """The shade, the panel and its words, the two moves as cards (``card_image(code, width)``), the buttons."""
        size = surface.get_size()
        t = 1.0 - self.opened.fraction
        shade = pygame.Surface(size, pygame.SRCALPHA)
        shade.fill((*CHOOSER_SHADE, int(170 * min(1.0, t * 2))))
        surface.blit(shade, (0, 0))
        offset = int((1 - ease_out_back(min(1.0, t))) * self.panel.h * 0.12)
        panel = self.panel.move(0, offset)
        radius = max(10, min(24, panel.h // 14))
        shadow = shapes.soft_shadow(panel.size, radius, max(4, panel.h // 30), 140)
        surface.blit(shadow, shadow.get_rect(center=(panel.centerx + 4, panel.centery + 8)))
        surface.blit(shapes.rounded_panel(panel.size, radius, (*PANEL_WOOD, 246), (*GOLD, 255), 2, True), panel)
        pad, body_size = self.pad, self.body_size
        width = panel.w - 2 * pad
        y = panel.top + pad
        title = text.fit(self.title(), self.title_size, width, color=GOLD,
                         bold=True, shadow=True)
        # Laid out from the images' own rects, not from what blit returns: under a quiet frame's clip that is
        # only the part drawn, and the cards would land on the buttons.
        y = _blit_midtop(surface, title, panel.centerx, y) + pad // 2
        # The two moves side by side, as cards: the person's on the left, the better one on the right.
        card_h = self.card_h
        card_w = int(card_h / 1.4)
        better = self.check.better
        columns = ((self.check.move, _("Your move"), PENALTY_POINTS), (better.move, _("Better"), GOLD_LIGHT))
        caption_size = max(12, body_size - 1)
        caption_h = text.font(caption_size, True).get_linesize()
        spread = max(card_w + 40, int(panel.w * 0.16))
        for index, (move, caption, color) in enumerate(columns):
            cx = panel.centerx + (index * 2 - 1) * spread
            label = text.render(caption, caption_size, color, bold=True)
            surface.blit(label, label.get_rect(midtop=(cx, y)))
            rect = pygame.Rect(0, 0, card_w, card_h)
            rect.midtop = (cx, y + caption_h + 4)
            self._draw_move(surface, text, move, rect, card_image, body_size)
        _draw_arrow(surface, (panel.centerx, y + caption_h + 4 + card_h // 2), max(16, card_w // 2))
        y += caption_h + 4 + card_h + pad // 2
        for line in self.reason_lines:
            image = text.fit(line, body_size, width, color=CREAM, bold=True)
            y = _blit_midtop(surface, image, panel.centerx, y)
        y += 4
        for line in self.number_lines:
            image = text.fit(line, body_size - 1, width, color=CHOOSER_TEXT)
            y = _blit_midtop(surface, image, panel.centerx, y)
        if self.first_time:
            note = text.fit(self.note(), max(11, body_size - 3), width, color=NOTE_TEXT)
            surface.blit(note, note.get_rect(midbottom=(panel.centerx, self.note_bottom + offset)))
        labels = (_("Take it back"), _("Play it anyway"))
        for index, rect in enumerate(self.buttons):
            rect = rect.move(0, offset)
            focused = index == self.focus
            if focused:
                glow = shapes.glow_frame(rect.size, rect.h // 4, GOLD, max(4, rect.h // 8))
                surface.blit(glow, glow.get_rect(center=rect.center))
            fill = SUIT_BUTTON_FOCUSED if focused else SUIT_BUTTON
            surface.blit(shapes.rounded_panel(rect.size, rect.h // 4, (*fill, 255),
                                              (*(GOLD if focused else SUIT_BUTTON_RIM), 255), 3 if focused else 2),
                         rect)
            label = text.fit(labels[index], max(13, int(rect.h * 0.42)), rect.w - 12, color=SUIT_BUTTON_LABEL,
                             bold=True)
            surface.blit(label, label.get_rect(center=rect.center))
        keys = text.fit(_("Enter chooses  ·  Esc takes it back"), max(10, body_size - 4), width, color=CHOOSER_TEXT)
        surface.blit(keys, keys.get_rect(midbottom=(panel.centerx, panel.bottom - pad // 2)))

    @staticmethod
    def _draw_move(surface, text, move: Move, rect: pygame.Rect, card_image, size: int) -> None:
        """A move as a card: the card played (with the suit it names), or a card back for a draw."""
        shadow = shapes.soft_shadow(rect.size, max(4, rect.w // 12), max(3, rect.w // 20), 120)
        surface.blit(shadow, shadow.get_rect(center=(rect.centerx + 3, rect.centery + 5)))
        code = card_to_str(move.card) if move.kind == MoveKind.PLAY else None
        surface.blit(card_image(code, rect.w), rect)
        if move.kind == MoveKind.PLAY and move.suit is not None:
            badge = max(14, rect.w // 2)
            disc = pygame.Rect(0, 0, badge, badge)
            disc.center = (rect.right - badge // 4, rect.bottom - badge // 4)
            pygame.draw.circle(surface, SUIT_BUTTON_FOCUSED, disc.center, badge // 2)
            pygame.draw.circle(surface, GOLD, disc.center, badge // 2, 2)
            icon = shapes.suit_icon(move.suit, int(badge * 0.6), shapes.suit_color(move.suit))
            surface.blit(icon, icon.get_rect(center=disc.center))
        elif move.kind != "play":
            words = {"draw": _("Draw"), "pass": _("Pass"), "stop": _("Stop!"), "last_card": _("Last card")}
            label = text.fit(words.get(move.kind, ""), size, rect.w - 6, color=CREAM, bold=True, shadow=True)
            back = label.get_rect(center=rect.center).inflate(8, 4)
            surface.blit(shapes.rounded_panel(back.size, max(3, back.h // 4), (*PANEL_WOOD, 220), (*GOLD, 255), 1),
                         back)
            surface.blit(label, label.get_rect(center=rect.center))


def _blit_midtop(surface, image, centerx: int, top: int) -> int:
    """Draw ``image`` centred under ``(centerx, top)``; the y just below it."""
    rect = image.get_rect(midtop=(centerx, top))
    surface.blit(image, rect)
    return rect.bottom


def _draw_arrow(surface, center, length: int) -> None:
    """A gold arrow pointing right (the font has no arrow glyph)."""
    x, y = center
    half, head, shaft = length // 2, max(6, length // 3), max(2, length // 8)
    pygame.draw.rect(surface, GOLD, (x - half, y - shaft // 2, length - head, shaft))
    pygame.draw.polygon(surface, GOLD, [(x + half - head, y - head), (x + half, y), (x + half - head, y + head)])


class Tutor:
    """The table's tutor: holds the person's move until the analysis has judged it, and asks when it is a
    sure, costly mistake (the review's test). Part of the table scene (``scene.tutor``)."""

    def __init__(self, scene):
        self.scene = scene
        self.dialog: TutorDialog | None = None
        #: The move waiting for the analysis (with the position it was made in), or None.
        self.held: tuple[int, Move] | None = None
        #: The positions (session versions) the tutor has already spoken in: it asks once.
        self.spoken: set[int] = set()
        self._approved: tuple[int, Move] | None = None

    @property
    def on(self) -> bool:
        """Whether the person to act plays with the tutor (each person's own choice)."""
        session = self.scene.session
        return session.human is not None and plays_with_tutor(self.scene.app.settings, session, session.human)

    @property
    def busy(self) -> bool:
        """Whether the tutor holds the table (a question open, or a move waiting for its verdict)."""
        return self.dialog is not None or self.held is not None

    @property
    def animating(self) -> bool:
        return self.held is not None or (self.dialog is not None and self.dialog.animating)

    def stops(self, move: Move) -> bool:
        """Whether the tutor takes ``move`` in hand (to ask about it, or until its verdict is in)."""
        session = self.scene.session
        version = session.version
        if self._approved == (version, move):
            self._approved = None
            return False
        if (not self.on or self.busy or not session.human_turn() or version in self.spoken
                or move.kind in ("last_card",) or len(session.view().my_moves) < 2):
            return False
        check = session.tutor_check(move)
        if check is None:
            if session.hint_failed():
                return False
            self.held = (version, move)
            self.scene.effects.show_toast(_("The tutor looks at your move…"), seconds=30.0, kind="tutor")
            return True
        return self._judge(version, check)

    def _judge(self, version: int, check) -> bool:
        if not check.costly or check.better is None:
            return False
        self.spoken.add(version)
        session = self.scene.session
        first_time = not session.practice
        session.count_as_practice()
        name = session.name(session.human) if session.addressed is None else None
        self.dialog = TutorDialog(check, lambda anyway: self._answered(version, check.move, anyway), first_time,
                                  name)
        self.dialog.layout(self.scene.app.size, self.scene.text)
        self.scene.effects.sound("click")
        self.scene.speech.tutor_asks(self.dialog.words())
        return True

    def _answered(self, version: int, move: Move, play_anyway: bool) -> None:
        self.dialog = None
        scene = self.scene
        if play_anyway and scene.session.version == version:
            self._approved = (version, move)
            scene.human_move(move)
        else:
            scene.resync()

    def update(self, dt: float) -> None:
        """Collect a held move's verdict (never waiting): play the move, or ask about it."""
        if self.dialog is not None:
            if self.dialog.laid_out_for != tuple(self.scene.app.size) or self.dialog.language != current_language():
                self.dialog.layout(self.scene.app.size, self.scene.text)   # the window or the language changed
            self.dialog.update(dt)
        if self.held is None:
            return
        session = self.scene.session
        version, move = self.held
        if session.version != version or not session.human_turn():
            self.held = None
            self.scene.effects.clear_toast("tutor")
            return
        check = session.tutor_check(move)
        if check is None and not session.hint_failed():
            return
        self.held = None
        self.scene.effects.clear_toast("tutor")
        if check is None or not self._judge(version, check):
            self._approved = (version, move)
            self.scene.human_move(move)

    def handle_event(self, event) -> bool:
        if self.dialog is not None:
            return self.dialog.handle_event(event)
        # A held move waits a moment: the table takes no other move meanwhile.
        return self.held is not None and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN)

    def draw(self, surface, text, images, deck_look: str, back_style: str, base_widths) -> None:
        if self.dialog is not None:
            self.dialog.draw(surface, text,
                             lambda code, width: images.image(code, width, deck_look, back_style, base_widths))
