"""The move history: every step of the match so far, hand by hand, over the table.

Opened from the table (click the log, or press Y); each line has the colour of the seat whose
step it was and shows cards as small rank-and-suit chips. The mouse wheel, the arrow keys,
Page Up/Down, Home and End scroll it; Escape, Y or a click outside closes it.
"""
from __future__ import annotations

import pygame

from game.rules import finish
from game.ui.i18n import _

from ..look import shapes
from ..look.palette import CREAM, GOLD, LOG_PANEL, LOG_RULE, SEAT_COLORS
from ..scene import IDLE_FPS, Scene
from .narration import telling

WHEEL_LINES = 3


class HistoryScene(Scene):
    """A scrollable list of the whole match's moves, over the table it belongs to."""

    transparent = True

    def __init__(self, app, table, rows=None):
        super().__init__(app)
        self.table = table
        self.rows = rows if rows is not None else finish(telling(table))
        self.first = None  # the first line shown; None: the newest lines, at the bottom
        self.panel = pygame.Rect(0, 0, 0, 0)

    # ----- geometry -------------------------------------------------------------------------------

    def _geometry(self):
        width, height = self.app.size
        lay = self.table.layout
        font_size = max(12, int(lay.font_size * 0.9))
        line_h = int(font_size * 1.55)
        panel = pygame.Rect(0, 0, min(width - 80, int(width * 0.56)), int(height * 0.8))
        panel.center = (width // 2, height // 2)
        pad = max(12, lay.margin)
        title_h = int(font_size * 2.2)
        body = pygame.Rect(panel.left + pad, panel.top + pad + title_h, panel.w - 2 * pad,
                           panel.h - 2 * pad - title_h)
        return panel, body, font_size, line_h

    def visible_lines(self) -> int:
        """How many lines fit in the panel."""
        _panel, body, _size, line_h = self._geometry()
        return max(1, body.h // line_h)

    def top_line(self) -> int:
        """The index of the first line shown."""
        last_start = max(0, len(self.rows) - self.visible_lines())
        return last_start if self.first is None else max(0, min(self.first, last_start))

    def scroll(self, lines: int) -> None:
        """Move the view by ``lines`` (negative: towards the start of the match)."""
        last_start = max(0, len(self.rows) - self.visible_lines())
        first = max(0, min(self.top_line() + lines, last_start))
        self.first = None if first == last_start else first

    # ----- input ----------------------------------------------------------------------------------

    def handle_event(self, event) -> bool:
        page = self.visible_lines() - 1
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y * WHEEL_LINES)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.panel.collidepoint(event.pos):
                self.app.pop()
            return True
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page,
                     pygame.K_HOME: -len(self.rows), pygame.K_END: len(self.rows)}
            if event.key in steps:
                self.scroll(steps[event.key])
            elif event.key in (pygame.K_ESCAPE, pygame.K_y, pygame.K_RETURN):
                self.app.pop()
            return True
        return False

    def frame_rate(self) -> int:
        return IDLE_FPS  # nothing here moves by itself

    def changing_rects(self) -> list:
        return []        # so nothing is drawn again until input comes

    # ----- drawing --------------------------------------------------------------------------------

    def draw(self, surface) -> None:
        panel, body, font_size, line_h = self._geometry()
        self.panel = panel
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 120))
        surface.blit(shade, (0, 0))
        surface.blit(shapes.rounded_panel(panel.size, max(10, line_h // 2), (*LOG_PANEL, 240), (*GOLD, 255), 2),
                     panel)
        text = self.table.text
        title = text.render(_("Moves so far"), int(font_size * 1.3), GOLD, bold=True)
        surface.blit(title, (body.left, panel.top + max(10, line_h // 3)))
        hint = text.render(_("Wheel or arrows to scroll · Esc to close"), max(10, int(font_size * 0.8)), CREAM)
        surface.blit(hint, hint.get_rect(topright=(body.right, panel.top + max(10, line_h // 3) + 4)))
        pygame.draw.line(surface, LOG_RULE, (body.left, body.top - 4), (body.right, body.top - 4))
        first = self.top_line()
        dot_r = max(3, font_size // 4)
        y = body.top
        for seat, line in self.rows[first:first + self.visible_lines()]:
            color = GOLD if seat is None else CREAM
            x = body.left
            if seat is not None:
                pygame.draw.circle(surface, SEAT_COLORS[seat % len(SEAT_COLORS)], (x + dot_r, y + line_h // 2), dot_r)
            image = self.table.painter.log_line(line, font_size, color, body.w - 3 * dot_r)
            surface.blit(image, (x + 3 * dot_r, y + (line_h - image.get_height()) // 2))
            y += line_h
        if len(self.rows) > self.visible_lines():  # where in the match the view is
            track = pygame.Rect(body.right + 4, body.top, 4, body.h)
            thumb_h = max(12, track.h * self.visible_lines() // len(self.rows))
            thumb_y = track.top + (track.h - thumb_h) * first // max(1, len(self.rows) - self.visible_lines())
            pygame.draw.rect(surface, LOG_RULE, track, border_radius=2)
            pygame.draw.rect(surface, GOLD, (track.left, thumb_y, track.w, thumb_h), border_radius=2)
