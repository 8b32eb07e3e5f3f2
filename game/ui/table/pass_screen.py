"""The screen between two people's turns at one computer: every hand hidden, "Pass to Bruno".

At a table of several people, the device goes from hand to hand. When the turn comes to a person who
does not hold it yet, this opaque screen covers the table (no card of anyone's can be read over a
shoulder) until that person says they are ready. The person who just played may still call
"Last card" here while the call is open for them.
"""
from __future__ import annotations

import pygame

from game.ui.i18n import _

from ..widgets import WidgetScene


class PassScene(WidgetScene):
    """"Pass to {name}. Press Space when {name} is ready." over the felt, hiding the table."""

    transparent = False

    def __init__(self, app, table, seat: int, previous: int | None = None):
        super().__init__(app)
        self.table = table
        self.seat = seat
        #: The person who held the device before (who may still call "Last card"), or None.
        self.previous = previous
        self.last_card_button = None

    @property
    def name(self) -> str:
        return self.table.session.name(self.seat)

    def build(self) -> None:
        width, height = self.app.size
        title = _("Pass to {name}.").format(name=self.name)
        line = _("Press Space when {name} is ready.").format(name=self.name)
        ready = _("{name} is ready").format(name=self.name)
        pad = self.px(30)
        title_h, line_h = self.text_h(21) + self.px(8), self.text_h(16) + self.px(6)
        button_h = max(self.text_h(18) + 14, self.px(52))
        calling = self.previous is not None and self.table.session.can_call_last_card(self.previous)
        call_text = _("{name}: “Last card!”").format(name=self.table.session.name(self.previous)) if calling else ""
        content_w = max(self.text_w(title, 21), self.text_w(line, 16, bold=False), self.text_w(ready, 18),
                        self.text_w(call_text, 16) if calling else 0) + self.px(40)
        box_w = min(width - 2 * self.px(16), max(self.px(460), content_w + 2 * pad))
        rows = title_h + line_h + self.px(22) + button_h + ((button_h + self.px(12)) if calling else 0)
        box = pygame.Rect(0, 0, box_w, rows + 2 * pad)
        box.center = (width // 2, height // 2)
        self.panel_rect = box
        panel = self.frame(box, starting_height=2, name="pass_panel")
        inner_w = panel.get_container().get_rect().width
        y = pad - self.px(6)
        # Labels of the text's own width, set in the middle: the lines sit centred over the button.
        title_w = min(inner_w - 2 * pad, self.text_w(title, 21) + self.px(12))
        self.label(((inner_w - title_w) // 2, y, title_w, title_h), title, "@heading", container=panel,
                   name="pass_title")
        y += title_h
        line_w = min(inner_w - 2 * pad, self.text_w(line, 16, bold=False) + self.px(12))
        self.label(((inner_w - line_w) // 2, y, line_w, line_h), line, "@center", container=panel, name="pass_line")
        y += line_h + self.px(22)
        button_w = min(inner_w - 2 * pad, max(self.px(260), self.text_w(ready, 18) + self.px(48)))
        self.button(((inner_w - button_w) // 2, y, button_w, button_h), ready, self.ready, primary=True,
                    container=panel, name="pass_ready")
        self.last_card_button = None
        if calling:
            y += button_h + self.px(12)
            call_w = min(inner_w - 2 * pad, self.text_w(call_text, 16) + self.px(40))
            self.last_card_button = self.button(((inner_w - call_w) // 2, y, call_w, button_h), call_text,
                                                self.call_last_card, style="@small_button", container=panel,
                                                name="pass_last_card")

    def ready(self) -> None:
        """The next person holds the device: the table shows their hand."""
        if self.app.scenes.top is self:
            self.app.pop()
        self.table.hand_over_to(self.seat)

    def call_last_card(self) -> None:
        """The person who just played calls "Last card" before the next one takes over."""
        if self.previous is not None and self.table.person_calls_last_card(self.previous):
            self.rebuild()   # the call is made: its button goes

    def on_escape(self) -> bool:
        """Escape opens the pause menu, as at the table (the hands stay hidden under it)."""
        self.app.go("pause", self.table)
        return True

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.ready()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_l and self.last_card_button is not None:
            self.call_last_card()
            return True
        return super().handle_event(event)
