"""Play with friends: host a table on this computer, or join a friend's table on the home network."""
from __future__ import annotations

import html

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from ..i18n import _
from ..look.paint import draw_heading
from ..widgets import WidgetScene


class FriendsScene(WidgetScene):
    """Two choices, each with a line that says what it does, and Back."""

    def spoken_title(self) -> str:
        return _("Play with friends")

    def build(self) -> None:
        width, height = self.app.size
        pad = self.px(28)
        card_w = min(self.px(440), (width - 3 * self.px(40)) // 2)
        button_h = max(self.text_h(17) + 16, self.px(56))
        text_h = self.text_h(15, 5)
        card_h = pad + button_h + self.px(14) + text_h + pad
        gap = self.px(40)
        left = (width - 2 * card_w - gap) // 2
        top = max(self.px(130), (height - card_h) // 2 - self.px(10))
        choices = (
            (_("Host a table"), self.host, "host_table",
             _("Your friends join your match from their computers on the same network. Computers take "
               "the seats nobody comes for.")),
            (_("Join a table"), self.join, "join_table",
             _("Sit down at a friend's table: pick it from the list, or type the address and the code "
               "it shows.")),
        )
        for index, (label, action, name, words) in enumerate(choices):
            panel = self.frame((left + index * (card_w + gap), top, card_w, card_h), name=f"{name}_card")
            inner_w = panel.get_container().get_rect().width
            self.button((pad, pad, inner_w - 2 * pad, button_h), label, action, primary=index == 0,
                        container=panel, name=name)
            self.add(pygame_gui.elements.UITextBox(
                html.escape(words), pygame.Rect(pad - self.px(4), pad + button_h + self.px(14),
                                                inner_w - 2 * pad + self.px(8), text_h),
                self.manager, container=panel, object_id=ObjectID(class_id="@description")))
        self.label((self.px(40), top - self.text_h(17) - self.px(24), width - self.px(80), self.text_h(17)),
                   _("Everyone plays at their own computer, all on the same home network."), "@center",
                   name="friends_intro")
        back_w = self.px(220)
        self.button(((width - back_w) // 2, height - self.px(28) - button_h, back_w, button_h), _("Back"),
                    self.app.pop, name="back")

    def host(self) -> None:
        self.app.go("host_table")

    def join(self) -> None:
        self.app.go("join_table")

    def draw(self, surface) -> None:
        super().draw(surface)
        draw_heading(surface, self.app.assets, _("Play with friends"), self.app.size[0] // 2, self.px(18),
                     max(34, self.px(48)))
