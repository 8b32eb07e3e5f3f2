"""A guest's lobby: joined, waiting for the host to start. Who sits where, updated as friends join and
leave; Leave (or Esc) gets up from the table. When the host starts, the table opens; when the host closes
the table, the main menu says so (net_link.GuestLink).
"""
from __future__ import annotations

import html

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from ..i18n import _, ngettext
from ..look.paint import draw_card_fan, draw_heading, render_title
from ..look.palette import GOLD_LIGHT
from ..net_link import GuestLink, LobbySeat, lobby_line, peer
from ..scene import AMBIENT_FPS
from ..speaking import say
from ..widgets import WidgetScene


class GuestLobbyScene(WidgetScene):
    """Sitting at a friend's table before the match: the game, the seats, and Leave."""

    def __init__(self, app, link: GuestLink, typed: dict | None = None):
        super().__init__(app)
        self.link: GuestLink | None = link
        #: What the join screen's boxes held (they come back with it after Leave).
        self.typed = dict(typed or {})
        self.lobby: tuple[LobbySeat, ...] = ()
        self.shown_changes = -1
        self.seat_labels: list = []
        self._art = None

    # ----- words -------------------------------------------------------------------------------------

    def waiting_text(self) -> str:
        return _("Waiting for {name} to start…").format(name=peer(self.link.host_name) if self.link else "")

    def game_text(self, between: str = "  ·  ") -> str:
        rules = self.link.table.rules
        players = ngettext("{n} player", "{n} players", rules.players).format(n=rules.players)
        return f"{_(rules.name)}{between}{players}"

    def spoken_title(self) -> str:
        if self.link is None:
            return ""
        return f"{peer(self.link.table_name)}. {self.waiting_text()} {self.game_text(', ')}."

    def spoken_seats(self) -> str:
        return _("At the table") + ": " + "; ".join(lobby_line(seat) for seat in self.lobby)

    def on_enter(self) -> None:
        super().on_enter()
        if self.link is not None and self.lobby:
            say(self.app, self.spoken_seats(), interrupt=False)

    # ----- layout ------------------------------------------------------------------------------------

    def build(self) -> None:
        if self.link is None:
            return
        width = self.app.size[0]
        layout = self.form_layout(0.5)   # one panel as tall as a form's, narrower, centred
        panel_w = min(width - self.px(60), self.px(760))
        panel = self.frame(((width - panel_w) // 2, layout.left.top, panel_w, layout.left.height), name="guest_lobby")
        self.panel = panel
        inner_w, inner_h = panel.get_container().get_rect().size
        pad = self.px(24)
        content_w = inner_w - 2 * pad
        self.waiting_band = (pad - self.px(8), pad - self.px(8) + max(self.text_h(26), self.px(40)))
        y = self.waiting_band[1] + self.px(2)
        game_h = self.text_h(16)
        self.label((pad, y, content_w, game_h), self.game_text(), "@field", container=panel, name="lobby_game")
        y += game_h + self.px(14)
        section_h = self.text_h(15)
        self.label((pad, y, content_w, section_h), _("At the table"), "@section", container=panel)
        y += section_h + self.px(4)
        players = len(self.link.table.seats)
        seat_h = max(self.text_h(16) + 2, self.px(32)) if players <= 5 else max(self.text_h(15) + 2, self.px(28))
        list_h = players * seat_h + self.px(14)
        inset = self.frame((pad - self.px(8), y, content_w + self.px(16), list_h), "inset", container=panel,
                           name="guest_lobby_seats")
        inset_w = inset.get_container().get_rect().width
        self.seat_labels = [
            self.label((self.px(14), self.px(7) + seat * seat_h, inset_w - self.px(28), seat_h), "", "@field",
                       container=inset, name=f"guest_lobby_seat_{seat + 1}")
            for seat in range(players)]
        y += list_h + self.px(12)
        words = _("The match begins when {name} presses Start. Leave the table with Esc.").format(
            name=peer(self.link.host_name))
        self.hint_box = self.add(pygame_gui.elements.UITextBox(
            html.escape(words), pygame.Rect(pad - self.px(4), y, content_w + self.px(8), -1), self.manager,
            container=panel, object_id=ObjectID(object_id="#guest_lobby_hint", class_id="@description")))
        self.art_top = self.hint_box.relative_rect.bottom + self.px(10)
        button_w = self.px(260)
        self.button(((width - button_w) // 2, layout.button_y, button_w, layout.button_h),
                    _("Leave the table"), self.leave, name="leave")
        self.refresh(force=True)

    def refresh(self, force: bool = False) -> None:
        """Show the seats as the host last sent them (only when they changed)."""
        if self.link is None:
            return
        changes = self.link.lobby_changes
        if changes == self.shown_changes and not force:
            return
        self.shown_changes = changes
        self.lobby = self.link.lobby()
        for label, seat in zip(self.seat_labels, self.lobby):
            label.set_text(lobby_line(seat))

    # ----- actions -----------------------------------------------------------------------------------

    def leave(self) -> None:
        """Get up from the table: the host frees the seat; back to the join screen, its boxes as typed."""
        link, self.link = self.link, None
        if link is not None:
            link.close()
        self.app.go("join_table", typed=self.typed, how="replace")
        self.app.notify(_("You left the table."), seconds=4.0)

    def on_escape(self) -> bool:
        self.leave()
        return True

    def on_exit(self) -> None:
        if self not in list(self.app.scenes) and self.link is not None:
            self.link.close()   # gone for good (the menu, a crash): the host is told
            self.link = None
        super().on_exit()

    # ----- frames ------------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        link = self.link
        if link is None:
            return
        if link.closed:   # the host left: GuestLink has gone to the menu with the message
            self.link = None
            return
        if link.table.ready:   # the host started: the dealt table came
            self.link = None
            self.app.go("table", link.table, how="replace")
            return
        self.refresh()

    def frame_rate(self) -> int:
        """Waiting polls a few times a second; nothing is drawn unless the seats change."""
        return AMBIENT_FPS

    def changing_rects(self) -> list[pygame.Rect] | None:
        return []

    def draw(self, surface) -> None:
        super().draw(surface)
        if self.link is None or not self.panel.alive():
            return
        draw_heading(surface, self.app.assets, peer(self.link.table_name), self.app.size[0] // 2, self.px(18),
                     max(34, self.px(48)))
        area = self.panel.get_container().get_abs_rect()
        pad = self.px(24)
        size = max(20, self.px(30))
        font = self.app.assets.font(size, bold=True)
        text = self.waiting_text()
        while font.size(text)[0] > area.width - 2 * pad and size > 16:
            size -= 2
            font = self.app.assets.font(size, bold=True)
        words = render_title(font, text, GOLD_LIGHT)
        band_top, band_bottom = (area.top + edge for edge in self.waiting_band)
        surface.blit(words, words.get_rect(midleft=(area.left + pad, (band_top + band_bottom) // 2)))
        art = self._waiting_art(area)
        if art is not None:
            surface.blit(*art)

    def _waiting_art(self, area: pygame.Rect):
        """A fan of face-down cards in the room under the seats: the deal still to come (made once per size)."""
        top = area.top + self.art_top
        room = area.bottom - top - self.px(10)
        if room < self.px(70):
            return None
        key = (tuple(area), top, self.app.settings.card_back)
        if self._art is None or self._art[0] != key:
            # The fan reaches half a card above its centre and 0.7 of one below (the outer cards dip): whole.
            card_w = max(30, min(self.px(96), round((room - self.px(12)) / (1.2 * 1.4))))
            art = pygame.Surface((area.width, room), pygame.SRCALPHA)
            back = self.app.assets.back(self.app.settings.card_back, card_w)
            card_h = back.get_height()
            centre_y = max(card_h // 2, (room - round(1.2 * card_h)) // 2 + card_h // 2)
            draw_card_fan(art, [back] * 5, (art.get_width() // 2, centre_y), spread_degrees=48)
            art.set_alpha(150)
            self._art = (key, art, (area.left, top))
        return self._art[1], self._art[2]

