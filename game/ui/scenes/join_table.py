"""Join a table: the tables found on the home network in a list, and the address, port and code boxes that
always work (a network that blocks discovery still lets a friend in by address).

Picking a table from the list fills in its address and port; the code comes from the host's screen.
Join connects off the frame loop; a refusal (wrong code, another version, a full table, nobody there)
is shown and said, and the boxes keep what was typed. Once in, the guest's lobby (guest_lobby.py) waits
for the host to start, then the table opens, played through the host.
"""
from __future__ import annotations

import dataclasses

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.net.discovery import TableBrowser
from game.store.settings import PLAYER_NAME_MAX_LENGTH

from ..i18n import _, is_default_player_name, ngettext, shown_player_name, stored_player_name
from ..look.paint import draw_card_fan, draw_heading
from ..net_link import (DEFAULT_PORT, GuestLink, discovery_problem_text, join_table, parse_join, peer,
                        refusal_code, refusal_text, rejoin_tokens)
from ..safe_text import safe_text
from ..scene import AMBIENT_FPS
from ..widgets import WidgetScene
from ..widgets.text_entry import SafeTextEntryLine

#: The longest address a box takes (a host name may be long; an IPv4 address is 15 characters).
ADDRESS_LENGTH = 253
CODE_LENGTH = 12


class JoinTableScene(WidgetScene):
    """Find a friend's table (or type where it is) and sit down at it."""

    def spoken_title(self) -> str:
        return _("Join a table")

    def __init__(self, app, browser: TableBrowser | None = None, typed: dict | None = None):
        super().__init__(app)
        typed = typed or {}
        self.name = typed.get("name") or shown_player_name(app.settings.player_name)
        self.address = typed.get("address", "")
        self.port = typed.get("port") or str(DEFAULT_PORT)
        self.code = typed.get("code", "")
        self.browser = browser if browser is not None else TableBrowser()
        self.browser.start()
        self.tables_shown: tuple = ()
        self.table_buttons: dict = {}
        self.joining = None          # the join under way (net_link.GuestJoin), or None
        self.status = ""
        self.problem_shown: str | None = None
        self._art = None

    # ----- layout ----------------------------------------------------------------------------------

    def build(self) -> None:
        layout = self.form_layout(0.52)
        pad = self.px(20)

        found = self.frame(layout.left, name="found_tables")
        f_w, f_h = found.get_container().get_rect().size
        heading_h = self.text_h(21)
        self.label((pad, pad - self.px(6), f_w - 2 * pad, heading_h), _("Tables on your network"), "@heading",
                   container=found)
        list_top = pad - self.px(6) + heading_h + self.px(8)
        self.list_area = self.add(pygame_gui.elements.UIScrollingContainer(
            pygame.Rect(self.px(8), list_top, f_w - self.px(20), f_h - list_top - self.px(12)), self.manager,
            container=found, allow_scroll_x=False, object_id="#found_table_list"))
        self.tables_shown = ()
        self.table_buttons = {}
        self.empty_box = None
        self.show_tables(force=True)

        boxes = self.frame(layout.right, name="join_by_address")
        b_w, b_h = boxes.get_container().get_rect().size
        self.label((pad, pad - self.px(6), b_w - 2 * pad, heading_h), _("Your seat"), "@heading", container=boxes)
        row_h = max(self.px(40), self.text_h(16) + 10)
        row_gap = self.px(12) if b_h > self.px(440) else self.px(7)
        field_w = max(self.text_w(word) for word in (_("Your name"), _("Address"), _("Port"), _("Table code"))) \
            + self.px(16)
        y = pad - self.px(6) + heading_h + self.px(10)
        entries = {}
        for key, caption, value, limit in (("name", _("Your name"), self.name, PLAYER_NAME_MAX_LENGTH),
                                           ("address", _("Address"), self.address, ADDRESS_LENGTH),
                                           ("port", _("Port"), self.port, 5),
                                           ("code", _("Table code"), self.code, CODE_LENGTH)):
            self.label((pad, y, field_w, row_h), caption, "@field", container=boxes)
            box_w = b_w - 2 * pad - field_w if key != "port" else max(self.px(110), self.text_w("65535") + self.px(40))
            entry = self.add(SafeTextEntryLine(pygame.Rect(pad + field_w, y, box_w, row_h), self.manager,
                                               container=boxes, object_id=f"#join_{key}", initial_text=value))
            entry.set_text_length_limit(limit)
            entries[key] = entry
            y += row_h + row_gap
        self.entries = entries
        self.status_box = self.add(pygame_gui.elements.UITextBox(
            self.status_html(), pygame.Rect(pad - self.px(4), y + self.px(4), b_w - 2 * pad + self.px(8),
                                            b_h - y - pad), self.manager, container=boxes,
            object_id=ObjectID(object_id="#join_status", class_id="@description")))

        _back, self.join_button = self.form_buttons(layout, (_("Back"), self.back, "back"),
                                                    (_("Join"), self.join, "join"))
        if self.joining is not None:
            self.join_button.disable()
            for entry in entries.values():
                entry.disable()

    def table_line(self, table) -> str:
        """One found table as its button reads: its name, its open seats, where it is."""
        seats = ngettext("{n} seat open", "{n} seats open", table.open_seats).format(n=table.open_seats)
        if table.version != self.protocol_version():
            seats = _("another version")
        return f"{safe_text(table.name, 40)}  ·  {seats}  ·  {table.address}"

    @staticmethod
    def protocol_version() -> int:
        from game.net.protocol import PROTOCOL_VERSION

        return PROTOCOL_VERSION

    def show_tables(self, force: bool = False) -> None:
        """Lay the list of found tables out again when it changed (else nothing is rebuilt)."""
        tables = tuple(self.browser.tables())
        problem = self.browser.problem
        if not force and tables == self.tables_shown and problem == self.problem_shown:
            return
        self.tables_shown, self.problem_shown = tables, problem
        for button in self.table_buttons:
            button.kill()
            if button in self.widgets:
                self.widgets.remove(button)
        self.table_buttons = {}
        if self.empty_box is not None:
            self.empty_box.kill()
            if self.empty_box in self.widgets:
                self.widgets.remove(self.empty_box)
            self.empty_box = None
        area_w = self.list_area.get_container().get_rect().width if hasattr(self.list_area, "get_container") \
            else self.list_area.rect.width
        row_h = max(self.px(46), self.text_h(16) + 14)
        y = self.px(4)
        for table in tables:
            button = self.button((self.px(8), y, area_w - self.px(30), row_h), self.table_line(table),
                                 lambda t=table: self.pick(t), container=self.list_area,
                                 style="@choice", name="found_table")
            if table.version != self.protocol_version() or table.open_seats == 0:
                button.disable()
            self.table_buttons[button] = table
            y += row_h + self.px(8)
        if not tables:
            words = discovery_problem_text(problem) or _("Looking for tables on your network… A table shows here "
                                                         "as soon as a friend opens it.")
            self.empty_box = self.add(pygame_gui.elements.UITextBox(
                words, pygame.Rect(self.px(8), y, area_w - self.px(30), -1), self.manager,
                container=self.list_area, object_id=ObjectID(object_id="#no_tables", class_id="@description")))
            y = self.empty_box.relative_rect.bottom
        self.list_area.set_scrollable_area_dimensions((area_w - self.px(20), y + self.px(8)))

    def status_html(self) -> str:
        import html

        if self.status:
            return html.escape(self.status)
        return html.escape(_("Pick a table from the list, or type the address and port shown on the host's "
                             "screen. The table code is on the host's screen too."))

    def set_status(self, text: str) -> None:
        self.status = text
        if self.built:
            self.status_box.set_text(self.status_html())

    # ----- actions -----------------------------------------------------------------------------------

    def pick(self, table) -> None:
        """A found table: its address and port go into the boxes; the code is still to type."""
        self.read_boxes()
        self.address, self.port = table.address, str(table.port)
        self.entries["address"].set_text(self.address)
        self.entries["port"].set_text(self.port)
        self.entries["code"].focus()
        self.set_status(_("{table} chosen. Type its code and press Join.").format(table=safe_text(table.name, 40)))

    def read_boxes(self) -> None:
        if self.built:
            self.name = self.entries["name"].get_text()
            self.address = self.entries["address"].get_text()
            self.port = self.entries["port"].get_text()
            self.code = self.entries["code"].get_text()

    def join(self) -> None:
        """Check the boxes, then join off the frame loop (a refusal keeps what was typed)."""
        if self.joining is not None:
            return
        self.read_boxes()
        wanted, refusal = parse_join(self.name, self.address, self.port, self.code)
        if refusal is None and is_default_player_name(wanted.name):
            refusal = "name"   # "You" would tell the others nothing
        if refusal is not None:
            self.refuse(refusal_text(refusal))
            return
        if stored_player_name(wanted.name) != self.app.settings.player_name:
            self.app.save_settings(dataclasses.replace(self.app.settings, player_name=stored_player_name(wanted.name)))
        self.joining = join_table(wanted, rejoin_tokens(self.app).get((wanted.address, wanted.port, wanted.code)))
        self.set_status(_("Joining the table at {address}…").format(address=safe_text(wanted.address, 60)))
        self.rebuild()

    def refuse(self, words: str) -> None:
        self.set_status(words)
        self.app.notify(words, seconds=8.0, problem=True)
        self.app.sound.play("invalid")

    def back(self) -> None:
        self.app.pop()

    def on_escape(self) -> bool:
        self.back()
        return True

    def on_exit(self) -> None:
        if self not in list(self.app.scenes):
            self.browser.close()
        super().on_exit()

    # ----- frames --------------------------------------------------------------------------------------

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element in self.entries.values():
            self.read_boxes()
            if event.ui_element is self.entries["code"]:
                self.join()
            return True
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        if self.built:
            self.show_tables()
        if self.joining is not None and self.joining.result is not None:
            client, error = self.joining.result
            self.joining = None
            if client is None:
                self.refuse(refusal_text(*refusal_code(error)))
                self.rebuild()
            else:
                link = GuestLink(self.app, client)
                self.app.table_link = link   # polled every frame from now on
                self.app.notify(_("You sit at {table}.").format(table=peer(link.table_name)), seconds=5.0)
                if link.table.ready:   # the match had begun: straight to the table
                    self.app.go("table", link.table, how="replace")
                else:   # the host has not started: wait in the lobby
                    self.app.go("guest_lobby", link, typed={"name": self.name, "address": self.address,
                                                            "port": self.port, "code": self.code}, how="replace")

    def frame_rate(self) -> int:
        """Looking and waiting poll a few times a second; nothing is drawn unless the list or the state moved."""
        return AMBIENT_FPS

    def changing_rects(self) -> list[pygame.Rect] | None:
        return []

    def draw(self, surface) -> None:
        super().draw(surface)
        draw_heading(surface, self.app.assets, _("Join a table"), self.app.size[0] // 2, self.px(18),
                     max(34, self.px(48)))
        if not self.tables_shown and self.empty_box is not None and self.list_area.alive():
            surface.blit(*self._empty_art())

    def _empty_art(self) -> tuple[pygame.Surface, tuple[int, int]]:
        """A fan of face-down cards under "Looking for tables…": an empty table waiting (made once per size)."""
        area = self.list_area.get_abs_rect()
        top = self.empty_box.get_abs_rect().bottom + self.px(20)
        key = (tuple(area), top, self.app.settings.card_back)
        if self._art is None or self._art[0] != key:
            card_w = max(40, min(self.px(110), (area.bottom - top) // 2))
            art = pygame.Surface((area.width, max(1, area.bottom - top)), pygame.SRCALPHA)
            back = self.app.assets.back(self.app.settings.card_back, card_w)
            centre = (art.get_width() // 2, max(card_w, (art.get_height() - round(card_w * 1.4)) // 2))
            draw_card_fan(art, [back] * 5, centre, spread_degrees=48)
            art.set_alpha(150)
            self._art = (key, art, (area.left, top))
        return self._art[1], self._art[2]

