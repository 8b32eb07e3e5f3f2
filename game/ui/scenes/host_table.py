"""Host a table: choose the game and which seats are open to friends, open the table, watch who sits down,
Start.

The left panel sets the table up (your name, the game, the players, the match, each other seat: a friend
or a computer level). "Open the table" starts the host (game/net's TableHost, through ``net_link``) and
its advert on the home network; from then the setup is fixed, and the right panel shows the table code
and the address and port large enough to read from across the room, and every seat: who joined, who is
still awaited. Start deals the match; a seat still open then gets a computer. Back closes the table
(anyone who joined is told).
"""
from __future__ import annotations

import dataclasses
import html

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.ai import LEVELS
from game.rules import MAX_PLAYERS, MIN_PLAYERS, PRESETS, InvalidRuleSet, house_rules_for, with_house_rules
from game.store.settings import PLAYER_NAME_MAX_LENGTH

from ..i18n import _, is_default_player_name, level_name, ngettext, shown_player_name, stored_player_name
from ..look.paint import draw_card_fan, draw_heading, render_title
from ..look.palette import GOLD_LIGHT, PARCHMENT
from ..net_link import FRIEND, HostLink, LobbySeat, host_problem_text, lobby_line, refusal_text, table_name_for
from ..problems import problem_text
from ..widgets import WidgetScene
from ..widgets.text_entry import SafeTextEntryLine
from .new_game import default_match_key, match_options, remembered_setup, remembered_switches, rules_summary_html

#: How many ways the setup panel tries, each tighter than the one before, to show the rules summary whole
#: (the last one scrolls it: it shows in any language at any window size).
HOST_SETUP_LEVELS = 4


class HostTableScene(WidgetScene):
    """Set a table up for friends, open it, and start the match once they have sat down."""

    def spoken_title(self) -> str:
        return _("Host a table")

    def __init__(self, app):
        super().__init__(app)
        remembered, self.preset_id, self.players, self.match_key = remembered_setup(app.settings)
        self.switches_by_preset = remembered_switches(remembered)
        #: What plays each other seat: FRIEND (open to a friend) or a computer level; the first is a friend.
        self.kinds = [FRIEND] + ["medium"] * (MAX_PLAYERS - 2)
        self.name = shown_player_name(app.settings.player_name)
        self.link: HostLink | None = None
        #: The lobby as last drawn (the screen is redrawn only when it changes).
        self.lobby: tuple[LobbySeat, ...] = ()
        self.problem: str | None = None
        self.kind_menus: dict = {}
        self._art = None
        self.rules = None
        self.evaluate()

    # ----- the choices ---------------------------------------------------------------------------

    def evaluate(self) -> None:
        """The rule set of the choices (the house rules last ticked for the game on New game), or None."""
        offered = {rule.id for rule in house_rules_for(self.preset_id)}
        switches = self.switches_by_preset.get(self.preset_id, set()) & offered
        ordered = [rule.id for rule in house_rules_for(self.preset_id) if rule.id in switches]
        changes = next((c for key, _l, c in match_options(self.preset_id) if key == self.match_key), {})
        try:
            self.rules = with_house_rules(self.preset_id, self.players, ordered).replace(**changes)
            self.problem = None
        except InvalidRuleSet as error:
            self.rules = None
            self.problem = problem_text(error)

    def seat_kinds(self) -> list[str]:
        """What plays each seat after the host's (seat 0): FRIEND or a computer level."""
        return self.kinds[:self.players - 1]

    @property
    def open(self) -> bool:
        """Whether the table is open (friends can join; the setup is fixed)."""
        return self.link is not None

    # ----- layout ----------------------------------------------------------------------------------

    def build(self) -> None:
        layout = self.form_layout(0.47)
        first = len(self.widgets)
        for level in range(HOST_SETUP_LEVELS):
            if level:
                for widget in self.widgets[first:]:
                    widget.kill()
                del self.widgets[first:]
            if self._build_setup(layout.left, level):
                break
        self._build_table(layout.right)
        back = (_("Close the table") if self.open else _("Back"), self.back, "back")
        primary = (_("Start"), self.start, "start") if self.open else \
            (_("Open the table"), self.open_table, "open_table")
        _back, self.start_button = self.form_buttons(layout, back, primary)
        if not self.open and self.rules is None:
            self.start_button.disable()

    def _build_setup(self, rect: pygame.Rect, level: int = 0) -> bool:
        """The left panel; False when the rules summary would not show whole (try again tighter).
        ``level`` 1: the rows closer; 2: the summary in smaller type too; 3: the summary scrolls."""
        self.setup_level = level
        tight = level >= 1
        panel = self.frame(rect, name="host_setup")
        inner_w, inner_h = panel.get_container().get_rect().size
        pad = self.px(20)
        content_w = inner_w - 2 * pad
        row_h = max(self.px(40), self.text_h(16) + 10)
        row_gap = self.px(4) if tight else self.px(10) if inner_h > self.px(440) else self.px(6)
        field_w = max(self.text_w(word) for word in (_("Your name"), _("Game"), _("Players"), _("Match"))) \
            + self.px(18)
        y = pad - self.px(4)
        self.label((pad, y, field_w, row_h), _("Your name"), "@field", container=panel)
        self.name_entry = self.add(SafeTextEntryLine(
            pygame.Rect(pad + field_w, y, content_w - field_w, row_h), self.manager, container=panel,
            object_id="#host_name", initial_text=self.name))
        self.name_entry.set_text_length_limit(PLAYER_NAME_MAX_LENGTH)
        y += row_h + row_gap
        self.label((pad, y, field_w, row_h), _("Game"), "@field", container=panel)
        options = [(_(rules.name), pid) for pid, rules in PRESETS.items()]
        self.preset_menu = self.add(pygame_gui.elements.UIDropDownMenu(
            options, next(o for o in options if o[1] == self.preset_id),
            pygame.Rect(pad + field_w, y, content_w - field_w, row_h), self.manager, container=panel,
            object_id="#host_preset"))
        y += row_h + row_gap
        self.label((pad, y, field_w, row_h), _("Players"), "@field", container=panel)
        player_options = [(ngettext("{n} player", "{n} players", n).format(n=n), str(n))
                          for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)]
        self.players_menu = self.add(pygame_gui.elements.UIDropDownMenu(
            player_options, player_options[self.players - MIN_PLAYERS],
            pygame.Rect(pad + field_w, y, content_w - field_w, row_h), self.manager, container=panel,
            object_id="#host_players"))
        y += row_h + row_gap
        self.label((pad, y, field_w, row_h), _("Match"), "@field", container=panel)
        match = [(label, key) for key, label, _c in match_options(self.preset_id)]
        self.match_menu = self.add(pygame_gui.elements.UIDropDownMenu(
            match, next(o for o in match if o[1] == self.match_key),
            pygame.Rect(pad + field_w, y, content_w - field_w, row_h), self.manager, container=panel,
            object_id="#host_match"))
        y += row_h + (self.px(8) if tight else self.px(14))
        section_h = self.text_h(15)
        self.label((pad, y, content_w, section_h), _("The other seats"), "@section", container=panel)
        y += section_h + self.px(4)
        kind_options = [(_("Open to a friend"), FRIEND)] + [(_("Computer: {level}").format(level=level_name(level)),
                                                             level) for level in LEVELS]
        seat_h = max(self.text_h(15) + 4, self.px(30)) if tight else max(self.text_h(16) + 4, self.px(34))
        seat_gap = 3 if tight else \
            max(3, min(self.px(7), (inner_h - y - pad - (MAX_PLAYERS - 1) * seat_h) // (MAX_PLAYERS - 1)))
        cell_gap = self.px(14)
        number_w = self.text_w("7.") + self.px(8)
        widest = max(self.text_w(label, bold=False) for label, _kind in kind_options) + self.px(44)
        columns = 2 if self.players - 1 > 3 and 2 * (number_w + widest) + cell_gap <= content_w else 1
        if columns == 1 and self.players - 1 > 3:   # seven seats in one column: closer together
            seat_h = max(self.text_h(15) + 2, min(seat_h, (inner_h - y - pad) // (self.players - 1) - 3))
        cell_w = (content_w - (columns - 1) * cell_gap) // columns
        self.kind_menus = {}
        for index in range(self.players - 1):
            col, row = (index % columns, index // columns)
            x = pad + col * (cell_w + cell_gap)
            cy = y + row * (seat_h + seat_gap)
            self.label((x, cy, number_w, seat_h), f"{index + 2}.", "@field", container=panel)
            menu = self.add(pygame_gui.elements.UIDropDownMenu(
                kind_options, next(o for o in kind_options if o[1] == self.kinds[index]),
                pygame.Rect(x + number_w, cy, cell_w - number_w, seat_h), self.manager, container=panel,
                object_id=f"#host_seat_{index + 2}"))
            self.kind_menus[menu] = index
        rows = (self.players - 1 + columns - 1) // columns
        y += rows * seat_h + (rows - 1) * seat_gap + (self.px(10) if tight else self.px(16))
        # The rules in short, in an inset of darker felt that fills the rest of the panel.
        inset_pad = self.px(10)
        words = rules_summary_html(self.app.settings.deck_look, self.rules) if self.rules is not None \
            else html.escape(self.problem or "")
        inset = self.frame((pad - inset_pad, y, content_w + 2 * inset_pad, inner_h - y - pad // 2), "inset",
                           container=panel, name="host_summary")
        inset_w, inset_h = inset.get_container().get_rect().size
        style = "@summary" if level < 2 else "@summary_small"
        width, room = inset_w - 2 * inset_pad, inset_h - self.px(8)
        probe = pygame_gui.elements.UITextBox(
            words, pygame.Rect(0, 0, width, -1), self.manager,
            object_id=ObjectID(object_id="#host_rules_probe", class_id=style), visible=False)
        fits = probe.rect.height <= room
        probe.kill()
        # A fixed height: pygame_gui gives text longer than it a scroll bar (only on the last, tightest try).
        self.summary_box = self.add(pygame_gui.elements.UITextBox(
            words, pygame.Rect(inset_pad, self.px(4), width, max(self.text_h(15, 2), room)), self.manager,
            container=inset, object_id=ObjectID(object_id="#host_rules", class_id=style)))
        if self.open:   # fixed once friends may be joining
            for widget in (self.name_entry, self.preset_menu, self.players_menu, self.match_menu,
                           *self.kind_menus):
                widget.disable()
        return fits or level >= HOST_SETUP_LEVELS - 1

    def _build_table(self, rect: pygame.Rect) -> None:
        panel = self.frame(rect, name="host_lobby")
        self.table_panel = panel
        inner_w, inner_h = panel.get_container().get_rect().size
        pad = self.px(20)
        heading_h = self.text_h(21)
        self.label((pad, pad - self.px(6), inner_w - 2 * pad, heading_h), _("Your table"), "@heading",
                   container=panel)
        self.seat_labels = []
        y = pad - self.px(6) + heading_h + self.px(4)
        if not self.open:
            words = self.problem or (_("Friends on the same network find your table in their list, or type its "
                                       "address and code. Open it when the setup is right."))
            self.add(pygame_gui.elements.UITextBox(
                html.escape(words), pygame.Rect(pad - self.px(4), y, inner_w - 2 * pad + self.px(8), -1),
                self.manager, container=panel, object_id=ObjectID(class_id="@description")))
            return
        # The code and the address are painted large by draw() into this band; the seats are listed below.
        seat_h = max(self.text_h(16) + 2, self.px(30)) if self.players <= 5 else max(self.text_h(15), self.px(26))
        section_h = self.text_h(15)
        list_h = self.players * seat_h + self.px(12)
        list_top = inner_h - pad // 2 - list_h
        self.code_band = (y, list_top - section_h - self.px(8))
        self.label((pad, list_top - section_h - self.px(4), inner_w - 2 * pad, section_h), _("At the table"),
                   "@section", container=panel)
        inset = self.frame((pad - self.px(8), list_top, inner_w - 2 * pad + self.px(16), list_h), "inset",
                           container=panel, name="lobby_seats")
        inset_w = inset.get_container().get_rect().width
        for seat in range(self.players):
            self.seat_labels.append(self.label((self.px(12), self.px(6) + seat * seat_h, inset_w - self.px(24),
                                                seat_h), "", "@field", container=inset, name=f"lobby_seat_{seat + 1}"))
        self.refresh_lobby(force=True)

    # ----- the lobby -------------------------------------------------------------------------------

    def refresh_lobby(self, force: bool = False) -> None:
        """Show the seats as the host has them (only when something changed)."""
        if self.link is None:
            return
        lobby = self.link.lobby()
        if lobby == self.lobby and not force:
            return
        self.lobby = lobby
        for label, seat in zip(self.seat_labels, lobby):
            label.set_text(lobby_line(seat))

    # ----- actions ---------------------------------------------------------------------------------

    def open_table(self) -> None:
        """Start the host on this computer and advertise it; the setup is fixed from now on."""
        if self.rules is None or self.open:
            return
        self.name = " ".join(self.name_entry.get_text().split())
        if not self.name or is_default_player_name(self.name):   # friends would see "You" for the host
            self.app.notify(refusal_text("name"), seconds=6.0, problem=True)
            self.app.sound.play("invalid")
            self.name_entry.focus()
            return
        if stored_player_name(self.name) != self.app.settings.player_name:
            self.app.save_settings(dataclasses.replace(self.app.settings, player_name=stored_player_name(self.name)))
        try:
            self.link = HostLink.open(self.app, self.rules, self.name, self.seat_kinds(),
                                      table_name_for(self.name))
        except OSError as error:
            self.app.notify(host_problem_text(error), seconds=10.0, problem=True)
            return
        self.app.notify(_("Your table is open. Friends can join now."), seconds=5.0)
        self.rebuild()

    def start(self) -> None:
        """Play: a seat still open is played by a computer (a friend may still take it over)."""
        if self.link is None:
            return
        link, self.link = self.link, None
        link.start()   # the app goes on polling it every frame, whatever scene is on top
        self.app.go("table", link.table, how="replace")

    def back(self) -> None:
        if self.link is not None:
            self.link.close()
            self.link = None
            self.lobby = ()
            self.rebuild()
            self.app.notify(_("The table is closed."), seconds=4.0)
            return
        self.app.pop()

    def on_escape(self) -> bool:
        self.back()
        return True

    def on_exit(self) -> None:
        if self not in list(self.app.scenes) and self.link is not None:
            self.link.close()   # left for good (the menu, a crash): the friends are told
            self.link = None
        super().on_exit()

    # ----- events and frames -------------------------------------------------------------------------

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and not self.open:
            element = event.ui_element
            if element is self.preset_menu:
                self.preset_id = element.selected_option[1]
                self.match_key = default_match_key(self.preset_id)
                return self.changed()
            if element is self.players_menu:
                self.players = int(element.selected_option[1])
                return self.changed()
            if element is self.match_menu:
                self.match_key = element.selected_option[1]
                return self.changed()
            if element in self.kind_menus:
                self.kinds[self.kind_menus[element]] = element.selected_option[1]
                return True
        if event.type in (pygame_gui.UI_TEXT_ENTRY_CHANGED, pygame_gui.UI_TEXT_ENTRY_FINISHED) \
                and event.ui_element is getattr(self, "name_entry", None):
            self.name = event.ui_element.get_text()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and not any(isinstance(w, pygame_gui.elements.UITextEntryLine) and w.is_focused for w in self.widgets):
            (self.start if self.open else self.open_table)()
            return True
        return super().handle_event(event)

    def changed(self) -> bool:
        self.evaluate()
        self.rebuild()
        return True

    def update(self, dt: float) -> None:
        if self.link is not None:   # the app polls the host; the lobby shows what changed
            self.refresh_lobby()

    def changing_rects(self) -> list[pygame.Rect] | None:
        """A waiting lobby is drawn again only when a seat changes (its labels are new then)."""
        return []

    def draw(self, surface) -> None:
        super().draw(surface)
        draw_heading(surface, self.app.assets, _("Host a table"), self.app.size[0] // 2, self.px(18),
                     max(34, self.px(48)))
        if self.open and self.table_panel.alive():
            self._draw_code(surface)
        elif self.table_panel.alive():
            surface.blit(*self._waiting_art())

    def _waiting_art(self) -> tuple[pygame.Surface, tuple[int, int]]:
        """A fan of face-down cards on the table not yet open (made once per size and card back)."""
        area = self.table_panel.get_container().get_abs_rect()
        top = area.top + round(area.height * 0.38)
        key = (tuple(area), self.app.settings.card_back)
        if self._art is None or self._art[0] != key:
            card_w = max(40, min(self.px(120), (area.bottom - top) // 2))
            art = pygame.Surface((area.width, max(1, area.bottom - top)), pygame.SRCALPHA)
            back = self.app.assets.back(self.app.settings.card_back, card_w)
            draw_card_fan(art, [back] * 5, (art.get_width() // 2, max(card_w, (art.get_height() - round(card_w * 1.4)) // 2)),
                          spread_degrees=48)
            art.set_alpha(150)
            self._art = (key, art, (area.left, top))
        return self._art[1], self._art[2]

    def _draw_code(self, surface) -> None:
        """The table code and the address, large: friends read them from across the room."""
        area = self.table_panel.get_container().get_abs_rect()
        pad = self.px(20)
        band_top, band_bottom = (area.top + edge for edge in self.code_band)
        small = self.app.assets.font(max(14, round(17 * self.app.font_scale)))
        room = area.width - 2 * pad
        blocks = []
        for caption, value, size in ((_("Table code"), self.link.code, 72),
                                     (_("Address and port"), self.link.address_text(), 42)):
            font_size = max(22, self.px(size))
            font = self.app.assets.font(font_size, bold=True)
            while font.size(value)[0] > room and font_size > 18:
                font_size -= 2
                font = self.app.assets.font(font_size, bold=True)
            blocks.append((small.render(caption, True, PARCHMENT), render_title(font, value, GOLD_LIGHT)))
        used = sum(words.get_height() + big.get_height() for words, big in blocks)
        gap = max(self.px(4), (band_bottom - band_top - used) // 3)
        y = band_top + gap // 2
        for words, big in blocks:
            surface.blit(words, words.get_rect(midtop=(area.centerx, y)))
            y += words.get_height()
            surface.blit(big, big.get_rect(midtop=(area.centerx, y)))
            y += big.get_height() + gap
