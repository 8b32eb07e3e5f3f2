"""The New Game screen: choose a game, the players, the match length and house rules, then Start.

The rule set is built the one way the rules core offers (``with_house_rules``
then ``RuleSet.replace``); when the rules core refuses the combination, its
reason is shown and Start is disabled. The choices are remembered in
``settings.last_new_game``.
"""
from __future__ import annotations

import dataclasses
import html

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.ai import LEVELS
from game.rules import (DESCRIPTIONS, HOUSE_RULES, MAX_PLAYERS, MIN_PLAYERS, PRESETS, InvalidRuleSet,
                        house_rules_for, preset, with_house_rules)
from game.session import HUMAN, OPPONENT_NAMES, Seat
from game.session.seats import name_key, rename_computers
from game.store.settings import LAST_NEW_GAME_MAX_ITEMS, PLAYER_NAME_MAX_LENGTH

from ..deck_looks import shown_deck_look
from ..i18n import N_, _, card_names_for, level_name, ngettext, shown_player_name
from ..look.paint import draw_heading
from ..look.palette import GOLD, PROBLEM_TEXT, hex_code
from ..problems import os_error_words, problem_text
from ..rules_text import deck_worded, summary
from ..safe_text import safe_text
from ..sessions import match_desk, new_session
from ..widgets.text_entry import SafeTextEntryLine
from ..widgets import WidgetScene

NOTE_COLOUR, PROBLEM_COLOUR = hex_code(GOLD), hex_code(PROBLEM_TEXT)


#: How many ways the setup panel tries, each tighter than the one before, to show the whole rules summary.
SETUP_LEVELS = 5
#: The drop-down choice "Learner": a person who plays with the tutor (the choice is kept by name).
TUTORED_PERSON = "human_with_tutor"
#: The longest name a person at the table may type (as for the player's own name in the settings).
PERSON_NAME_LENGTH = PLAYER_NAME_MAX_LENGTH


def _quick_options() -> list[tuple[str, str, dict]]:
    """A match of one hand or a few: any game can be played short, whatever its usual end."""
    return ([("single", _("One hand"), {"match_end": "single_hand"})]
            + [(f"hands:{n}", ngettext("{n} hand", "{n} hands", n).format(n=n),
                {"match_end": "fixed_hands", "fixed_hands": n}) for n in (3, 5)])


def match_options(preset_id: str) -> list[tuple[str, str, dict]]:
    """(key, label, RuleSet changes) for the match-length drop-down of a preset.

    The preset's own kind of end comes first (its default among them), then the quick matches.
    """
    rules = PRESETS[preset_id]
    end = rules.match_end
    if end == "target_loses":
        return [(f"target:{n}", _("To {n} points").format(n=n), {"target": n}) for n in (100, 200, 500)] + _quick_options()
    if end == "target_wins":
        return [(f"target:{n}", _("First to {n}").format(n=n), {"target": n}) for n in (100, 200, 500)] + _quick_options()
    if end == "fixed_hands":
        return [(f"hands:{n}", ngettext("{n} hand", "{n} hands", n).format(n=n),
                 {"match_end": "fixed_hands", "fixed_hands": n}) for n in (1, 3, 5, 7, 10)]
    if end == "elimination":
        # docs/RULES.md R-MATCH-END: Switch is played to elimination at 100, or over fixed hands, or as one hand.
        return ([(f"elimination:{n}", _("Out over {n}").format(n=n),
                  {"match_end": "elimination", "target": n}) for n in (50, 100, 200)] + _quick_options())
    return _quick_options()


def default_match_key(preset_id: str) -> str:
    """The option that leaves the preset as it is."""
    rules = PRESETS[preset_id]
    for key, _label, changes in match_options(preset_id):
        if all(getattr(rules, name) == value for name, value in changes.items()):
            return key
    return match_options(preset_id)[0][0]


def rules_summary_html(chosen_look: str, rules) -> str:
    """The rules in short as HTML lines, the cards named as the table will show them in ``chosen_look``
    (Unter and Ober for German-suited Mau-Mau; French names once jokers join it)."""
    with card_names_for(shown_deck_look(chosen_look, rules)):
        return "<br>".join(html.escape(line) for line in summary(rules))


def remembered_switches(remembered: dict) -> dict[str, set[str]]:
    """The house rules last ticked for each game, from ``settings.last_new_game``.

    Saved choices hold ``switches_by_preset`` (game id -> switch ids); older ones hold only
    ``switches``, the ticks of the game that was chosen then, which are kept for that game alone.
    """
    by_preset: dict[str, set[str]] = {}
    stored = remembered.get("switches_by_preset")
    if isinstance(stored, dict):
        for preset_id, switches in stored.items():
            if preset_id in PRESETS and isinstance(switches, list):
                by_preset[preset_id] = {s for s in switches if isinstance(s, str)}
    older = remembered.get("switches")
    if remembered.get("preset") in PRESETS and remembered["preset"] not in by_preset and isinstance(older, list):
        by_preset[remembered["preset"]] = {s for s in older if isinstance(s, str)}
    return by_preset


def remembered_setup(settings) -> tuple[dict, str, int, str]:
    """The last New game's choices as the settings remember them, each checked: (the remembered record,
    the game, the number of players, the match length)."""
    remembered = settings.last_new_game if isinstance(settings.last_new_game, dict) else {}
    preset_id = remembered.get("preset") if remembered.get("preset") in PRESETS else "crazy_eights"
    players = remembered.get("players")
    players = players if isinstance(players, int) and MIN_PLAYERS <= players <= MAX_PLAYERS else 4
    keys = [key for key, _l, _c in match_options(preset_id)]
    match_key = remembered.get("match") if remembered.get("match") in keys else default_match_key(preset_id)
    return remembered, preset_id, players, match_key


class NewGameScene(WidgetScene):
    """Set up a match against the computer."""

    def spoken_title(self) -> str:
        return _("New game")

    def __init__(self, app):
        super().__init__(app)
        remembered, self.preset_id, self.players, self.match_key = remembered_setup(app.settings)
        levels = remembered.get("levels")
        known = set(LEVELS) | {HUMAN}
        self.levels = ["medium"] * (MAX_PLAYERS - 1)
        if isinstance(levels, list):
            for index, level in enumerate(levels[:MAX_PLAYERS - 1]):
                if level in known:
                    self.levels[index] = level
        #: The name of each other seat when a person plays it: the names used last time are offered again.
        self.names = list(OPPONENT_NAMES[:MAX_PLAYERS - 1])
        names = remembered.get("names")
        if isinstance(names, list):
            for index, name in enumerate(names[:MAX_PLAYERS - 1]):
                if isinstance(name, str) and name.strip() and len(name) <= PERSON_NAME_LENGTH:
                    self.names[index] = name.strip()
        self.name_entries: dict = {}
        #: Whether the person in each other seat plays with the tutor (remembered by name in the settings).
        self.tutored = [self.person_name(index) in app.settings.tutored_names for index in range(MAX_PLAYERS - 1)]
        #: The name each person's seat had when the tutored names were last written (see ``tutored_names``).
        self.written_names: dict[int, str] = {}
        #: The house rules ticked for each game: a switch chosen for one game is not carried to another.
        self.switches_by_preset = remembered_switches(remembered)
        self.switches = self.switches_for(self.preset_id)
        self.rules = None
        #: Why the rules core refused the choices (words from its code, in the language of the moment).
        self.problem: InvalidRuleSet | None = None
        #: Why Start was refused for the names typed (two people with one name), until a name changes.
        self.name_problem = ""
        self.toggles: dict = {}
        self.level_menus: dict = {}
        self.evaluate()

    # ----- the rule set --------------------------------------------------------------

    def evaluate(self) -> None:
        """Build the rule set from the choices; on refusal keep the reason and no rules."""
        ordered = [rule.id for rule in HOUSE_RULES if rule.id in self.switches]
        changes = next((c for key, _l, c in match_options(self.preset_id) if key == self.match_key), {})
        try:
            self.rules = with_house_rules(self.preset_id, self.players, ordered).replace(**changes)
            self.problem = None
        except InvalidRuleSet as error:
            self.rules = None
            self.problem = error

    def switches_for(self, preset_id: str) -> set[str]:
        """The house rules last ticked for ``preset_id`` that it offers (none if never chosen)."""
        offered = {rule.id for rule in house_rules_for(preset_id)}
        return self.switches_by_preset.get(preset_id, set()) & offered

    def built_in_switches(self) -> set[str]:
        """Switches the chosen game already has (shown ticked and fixed)."""
        base = preset(self.preset_id, self.players)
        return {rule.id for rule in house_rules_for(self.preset_id) if rule.is_on(base)}

    def choices(self) -> dict:
        """What to remember in settings.last_new_game."""
        by_preset = {**self.switches_by_preset, self.preset_id: self.switches}
        # "switches" (this game's ticks) stays for older versions of the game reading the file.
        return {"preset": self.preset_id, "players": self.players, "levels": list(self.levels),
                "names": [self.person_name(index) for index in range(len(self.names))], "match": self.match_key, "switches": sorted(self.switches),
                "switches_by_preset": {pid: sorted(ids) for pid, ids in sorted(by_preset.items()) if ids}}

    def seats(self) -> list[Seat]:
        """Seat 0 is the player; each other seat a computer player at its level, or a person by name (a
        computer never carries a person's name: it takes the next free one)."""
        seats = [Seat(self.app.settings.player_name, HUMAN)]
        for index in range(self.players - 1):
            person = self.levels[index] == HUMAN
            seats.append(Seat(self.person_name(index) if person else OPPONENT_NAMES[index], self.levels[index]))
        return list(rename_computers(seats))

    def shared_name(self) -> str | None:
        """A name two people at this table would share (case and spaces aside), or None."""
        seen = set()
        for seat in self.seats():
            if seat.is_human:
                key = name_key(shown_player_name(seat.name))
                if key in seen:
                    return shown_player_name(seat.name)
                seen.add(key)
        return None

    def seat_choice(self, index: int) -> str:
        """What other seat ``index``'s drop-down shows: a computer level, a person, or a person with the tutor."""
        if self.levels[index] == HUMAN and self.tutored[index]:
            return TUTORED_PERSON
        return self.levels[index]

    def tutored_names(self) -> tuple[str, ...]:
        """The settings' people who play with the tutor, as the seats now say: each person seated here
        with the tutor in, each without it out (the others, from other evenings, kept)."""
        names = list(self.app.settings.tutored_names)
        for index in range(self.players - 1):
            if self.levels[index] != HUMAN:
                continue
            name = self.person_name(index)
            # A seat renamed here: the name it had a moment ago was this seat's, not someone's own.
            for gone in {self.written_names.get(index), name} & set(names):
                names.remove(gone)
            if self.tutored[index]:
                names.append(name)
            self.written_names[index] = name
        return tuple(names[-LAST_NEW_GAME_MAX_ITEMS:])

    def person_name(self, index: int) -> str:
        """The name typed for the person in other seat ``index`` (the seat's own name when left empty)."""
        name = self.names[index].strip()
        return name if name else OPPONENT_NAMES[index]

    # ----- layout ----------------------------------------------------------------------

    def card_look(self) -> str:
        """The deck look the chosen game is dealt in at the table (German-suited Mau-Mau, but French cards
        once jokers join it): the screen names the cards as that deck shows them."""
        rules = self.rules if self.rules is not None else preset(self.preset_id, self.players)
        return shown_deck_look(self.app.settings.deck_look, rules)

    def build(self) -> None:
        #: The deck look the description and the house rules were written for (a tick may change it).
        self.built_look = self.card_look()
        with card_names_for(self.built_look):
            self._build_panels()

    def _build_panels(self) -> None:
        layout = self.form_layout(0.53)
        pad = self.px(20)
        row_h = max(self.px(40), self.text_h(16) + 10)
        row_gap = self.px(7)
        field_w = max(self.text_w(_("Game")), self.text_w(_("Players"))) + self.px(18)

        # ---- left: game, players, match, opponents, summary (tighter if the summary would not fit) ----
        setup_rect = layout.left
        first = len(self.widgets)
        for level in range(SETUP_LEVELS):
            if level:
                for widget in self.widgets[first:]:
                    widget.kill()
                del self.widgets[first:]
            if self._build_setup(setup_rect, pad, row_h, row_gap, field_w, level):
                break

        # ---- right: house rules ----
        right = self.frame(layout.right, name="house_rules")
        r_w, r_h = right.get_container().get_rect().size
        heading_h = self.text_h(21)
        self.label((pad, pad - self.px(6), r_w - 2 * pad, heading_h), _("House rules"), "@heading", container=right)
        list_top = pad - self.px(6) + heading_h + self.px(6)
        scroller = self.add(pygame_gui.elements.UIScrollingContainer(
            # Inset from the frame so the scroll bar stands clear of the gold border.
            pygame.Rect(self.px(6), list_top, r_w - self.px(18), r_h - list_top - self.px(12)),
            self.manager, container=right, allow_scroll_x=False, object_id="#house_rule_list"))
        box = max(20, self.px(24))
        text_x = pad - self.px(6) + box + self.px(10)
        text_w = r_w - self.px(10) - text_x - self.px(28)  # room for the scroll bar
        built_in = self.built_in_switches()
        self.toggles = {}
        ty = self.px(4)
        for rule in house_rules_for(self.preset_id):
            fixed = rule.id in built_in
            toggle = self.add(pygame_gui.elements.UICheckBox(
                pygame.Rect(pad - self.px(6), ty, box, box), deck_worded(rule.name), self.manager, container=scroller,
                object_id=f"#switch_{rule.id}", initial_state=fixed or rule.id in self.switches,
                tool_tip_text=_("Already part of this game.") if fixed else None))
            if fixed:
                toggle.disable()
            self.toggles[toggle] = rule.id
            explanation = html.escape(deck_worded(rule.explanation))
            if fixed:
                explanation += (f' <font color="{NOTE_COLOUR}">' + html.escape(_("Already part of this game."))
                                + "</font>")
            text = self.add(pygame_gui.elements.UITextBox(
                explanation, pygame.Rect(text_x, ty + box + self.px(2), text_w, -1),
                self.manager, container=scroller, object_id=ObjectID(class_id="@description")))
            ty = text.relative_rect.bottom + self.px(12)
        scroller.set_scrollable_area_dimensions((r_w - self.px(34), ty))

        # ---- bottom: Back and Start ----
        _back, self.start_button = self.form_buttons(layout, (_("Back"), self.app.pop, "back"),
                                                     (_("Start"), self.start, "start"))
        self.refresh()

    def _build_setup(self, rect, pad, row_h, row_gap, field_w, level: int = 0) -> bool:
        """The left panel; False when the rules summary would not fit (try again tighter). ``level`` 1:
        rows closer and no heading over the summary; 2: the summary in smaller type too (seven players of
        a game with action cards and house rules, in Greek, at 960x600); 3: the game's description in
        smaller type too (Switch in Greek at 960x600); 4: without the description (the Rules screen has
        it), for every house rule of a game at once."""
        self.setup_level = level
        compact = level >= 1
        if compact:
            row_gap = max(3, row_gap // 2)
        panel = self.frame(rect, name="new_game_setup")
        inner_w, inner_h = panel.get_container().get_rect().size
        content_w = inner_w - 2 * pad
        y = pad - self.px(4)
        self.label((pad, y, field_w, row_h), _("Game"), "@field", container=panel)
        preset_options = [(_(rules.name), pid) for pid, rules in PRESETS.items()]
        chosen = next(o for o in preset_options if o[1] == self.preset_id)
        self.preset_menu = self.add(pygame_gui.elements.UIDropDownMenu(
            preset_options, chosen, pygame.Rect(pad + field_w, y, content_w - field_w, row_h), self.manager,
            container=panel, object_id="#preset"))
        y += row_h + self.px(6)
        self.description = None
        if level < 4:
            self.description = self.add(pygame_gui.elements.UITextBox(
                html.escape(deck_worded(DESCRIPTIONS[self.preset_id])), pygame.Rect(pad + field_w, y, content_w - field_w, -1),
                self.manager, container=panel, object_id=ObjectID(
                    object_id="#preset_description", class_id="@description_small" if level >= 3 else "@description")))
            y = self.description.relative_rect.bottom + self.px(6 if compact else 12)

        self.label((pad, y, field_w, row_h), _("Players"), "@field", container=panel)
        player_options = [(ngettext("{n} player", "{n} players", n).format(n=n), str(n))
                          for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)]
        players_w = self.text_w(player_options[-1][0], bold=False) + self.px(56)
        self.players_menu = self.add(pygame_gui.elements.UIDropDownMenu(
            player_options, player_options[self.players - MIN_PLAYERS], pygame.Rect(pad + field_w, y, players_w, row_h),
            self.manager, container=panel, object_id="#players"))
        options = [(label, key) for key, label, _c in match_options(self.preset_id)]
        match_label_w = self.text_w(_("Match")) + self.px(14)
        match_x = pad + field_w + players_w + self.px(16)
        match_need = max(self.text_w(label, bold=False) for label, _key in options) + self.px(56)
        if match_x + match_label_w + match_need > pad + content_w:
            # The longest choice would be cut beside the players (Greek): the match gets a row of its own.
            y += row_h + row_gap
            match_x, match_label_w = pad, field_w
        self.label((match_x, y, match_label_w, row_h), _("Match"), "@field", container=panel)
        chosen = next(o for o in options if o[1] == self.match_key)
        self.match_menu = self.add(pygame_gui.elements.UIDropDownMenu(
            options, chosen, pygame.Rect(match_x + match_label_w, y, pad + content_w - match_x - match_label_w, row_h),
            self.manager, container=panel, object_id="#match_length"))
        y += row_h + self.px(8 if compact else 12)

        section_h = self.text_h(15)
        self.label((pad, y, content_w, section_h), _("Other players"), "@section", container=panel)
        y += section_h + self.px(4)
        name_w = max(self.text_w(name) for name in OPPONENT_NAMES) + self.px(10)
        if HUMAN in self.levels[:self.players - 1]:   # room to type a person's name
            name_w = max(name_w, self.px(112))
        level_w = max(self.text_w(text, bold=False) for text in [level_name(level) for level in LEVELS]
                      + [_("Person"), _("Learner")]) + self.px(50)
        cell_gap = self.px(14)
        grid_h = max(self.text_h(16) + 4, self.px(34)) if compact else row_h
        columns = 3 if 3 * (name_w + level_w) + 2 * cell_gap <= content_w else 2
        cell_w = (content_w - (columns - 1) * cell_gap) // columns
        self.level_menus = {}
        self.name_entries = {}
        level_options = [(level_name(level), level) for level in LEVELS] + [(_("Person"), HUMAN),
                                                                            (_("Learner"), TUTORED_PERSON)]
        for index in range(self.players - 1):
            col, row = index % columns, index // columns
            x = pad + col * (cell_w + cell_gap)
            cy = y + row * (grid_h + row_gap)
            if self.levels[index] == HUMAN:
                entry = self.add(SafeTextEntryLine(pygame.Rect(x, cy, name_w - self.px(6), grid_h), self.manager,
                                                   container=panel, object_id=f"#person_name_{index + 1}",
                                                   initial_text=self.names[index]))
                entry.set_text_length_limit(PERSON_NAME_LENGTH)
                self.name_entries[entry] = index
            else:
                self.label((x, cy, name_w, grid_h), OPPONENT_NAMES[index], "@field", container=panel)
            current = next(o for o in level_options if o[1] == self.seat_choice(index))
            self.level_menus[self.add(pygame_gui.elements.UIDropDownMenu(
                level_options, current, pygame.Rect(x + name_w, cy, cell_w - name_w, grid_h), self.manager,
                container=panel, object_id=f"#level_{index + 1}"))] = index
        rows = (self.players - 1 + columns - 1) // columns
        y += rows * grid_h + (rows - 1) * row_gap + self.px(14)

        if not compact:
            self.label((pad, y, content_w, section_h), _("These rules"), "@section", container=panel)
            y += section_h + self.px(4)
        # The summary sits in an inset of darker felt that fills the rest of the panel.
        inset_pad = self.px(10)
        inset = self.frame((pad - inset_pad, y, content_w + 2 * inset_pad, inner_h - y - pad // 2), "inset",
                           container=panel, name="summary_inset")
        inset_w, inset_h = inset.get_container().get_rect().size
        self.summary_style = "@summary_small" if level >= 2 else "@summary"
        self.summary_box = self.add(pygame_gui.elements.UITextBox(
            self.summary_html(), pygame.Rect(inset_pad, self.px(6), inset_w - 2 * inset_pad, -1),
            self.manager, container=inset, object_id=ObjectID(object_id="#summary", class_id=self.summary_style)))
        room = inset_h - self.px(8)
        fits = self.summary_box.rect.height <= room
        #: The summary box's fixed size in its inset (set_text would let it grow past the inset).
        self.summary_size = (inset_w - 2 * inset_pad, max(self.text_h(15, 2), room))
        self.summary_box.set_dimensions(self.summary_size)
        return fits or level >= SETUP_LEVELS - 1

    def problem_text(self) -> str:
        """Why the choices cannot be played (empty when they can)."""
        if self.problem is None:
            return ""
        return problem_text(self.problem)

    def summary_html(self) -> str:
        """The live summary, or in its place the reason the rules core refused the choices (or the names)."""
        if self.name_problem:
            return f'<font color="{PROBLEM_COLOUR}"><b>{html.escape(self.name_problem)}</b></font>'
        if self.rules is None:
            return f'<font color="{PROBLEM_COLOUR}"><b>{html.escape(self.problem_text())}</b></font>'
        return rules_summary_html(self.app.settings.deck_look, self.rules)

    def summary_height(self) -> int:
        """The height the summary's whole text needs at the summary box's width and type."""
        probe = pygame_gui.elements.UITextBox(
            self.summary_html(), pygame.Rect(0, 0, self.summary_size[0], -1), self.manager,
            object_id=ObjectID(object_id="#summary_probe", class_id=self.summary_style), visible=False)
        height = probe.rect.height
        probe.kill()
        return height

    def refresh(self) -> None:
        """Show the summary (or the problem) and enable Start only for playable rules; a summary grown
        past its box (a house rule ticked) lays the panel out again, tighter; so does a tick that changes
        the deck the game is dealt in (its cards are named anew)."""
        if self.card_look() != self.built_look:
            self.rebuild()
            return
        self.summary_box.set_text(self.summary_html())
        self.summary_box.set_dimensions(self.summary_size)
        if self.setup_level < SETUP_LEVELS - 1 and self.summary_height() > self.summary_size[1]:
            self.rebuild()
            return
        if self.rules is None:
            self.start_button.disable()
        else:
            self.start_button.enable()

    # ----- events ------------------------------------------------------------------------

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            element = event.ui_element
            if element is getattr(self, "preset_menu", None):
                self.set_preset(self.preset_menu.selected_option[1])
                return True
            if element is getattr(self, "players_menu", None):
                self.players = int(self.players_menu.selected_option[1])
                self.changed(rebuild=True)
                return True
            if element is getattr(self, "match_menu", None):
                self.match_key = self.match_menu.selected_option[1]
                self.changed()
                return True
            if element in self.level_menus:
                index = self.level_menus[element]
                was_person = self.levels[index] == HUMAN
                choice = element.selected_option[1]
                self.tutored[index] = choice == TUTORED_PERSON
                self.levels[index] = HUMAN if choice == TUTORED_PERSON else choice
                self.remember()
                if was_person != (self.levels[index] == HUMAN):
                    self.rebuild()   # the seat's name becomes a box to type in, or a name again
                return True
        if event.type in (pygame_gui.UI_TEXT_ENTRY_CHANGED, pygame_gui.UI_TEXT_ENTRY_FINISHED) \
                and event.ui_element in self.name_entries:
            self.names[self.name_entries[event.ui_element]] = event.ui_element.get_text()
            if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
                self.remember()
            if self.name_problem:
                self.name_problem = ""
                self.refresh()
            return True
        if event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED) \
                and event.ui_element in self.toggles:
            switch = self.toggles[event.ui_element]
            if event.type == pygame_gui.UI_CHECK_BOX_CHECKED:
                self.switches.add(switch)
            else:
                self.switches.discard(switch)
            self.changed()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.rules is not None:
                self.start()
            return True
        return super().handle_event(event)

    def set_preset(self, preset_id: str) -> None:
        """Choose another game: its own house rules come back, this game's are kept for it."""
        self.switches_by_preset[self.preset_id] = set(self.switches)
        self.preset_id = preset_id
        self.switches = self.switches_for(preset_id)
        self.match_key = default_match_key(preset_id)
        self.changed(rebuild=True)

    def changed(self, rebuild: bool = False) -> None:
        self.evaluate()
        self.remember()
        if rebuild:
            self.rebuild()
        else:
            self.refresh()

    def remember(self) -> None:
        choices, tutored = self.choices(), self.tutored_names()
        if self.app.settings.last_new_game != choices or self.app.settings.tutored_names != tutored:
            self.app.save_settings(dataclasses.replace(self.app.settings, last_new_game=choices,
                                                       tutored_names=tutored))

    def start(self) -> None:
        """Deal the chosen match; over a saved match, ask first whether to abandon it."""
        if self.rules is None:
            return
        self.remember()
        shared = self.shared_name()
        if shared is not None:
            self.refuse_names(shared)
            return
        if self.app.autosave_store.exists():
            self.app.go("confirm", _("Abandon the saved match?"),
                        _("A match is saved for Continue. Starting a new game gives it up for good, and it "
                          "counts as abandoned in the statistics."),
                        _("Abandon"), self.abandon_and_start)
            return
        self.deal()

    def refuse_names(self, name: str) -> None:
        """Two people would share ``name``: said on the form (where the summary was) and aloud."""
        self.name_problem = _("Two people at this table are called {name}: give each their own name.").format(
            name=safe_text(name, PERSON_NAME_LENGTH))
        self.refresh()
        self.app.notify(self.name_problem, seconds=8.0, problem=True)
        self.app.sound.play("invalid")
        entry = next((entry for entry, index in reversed(list(self.name_entries.items()))
                      if self.levels[index] == HUMAN and index < self.players - 1
                      and name_key(self.person_name(index)) == name_key(name)), None)
        if entry is not None:
            entry.focus()

    def abandon_and_start(self) -> None:
        """Count the saved match as abandoned, delete it, and deal the new one."""
        try:
            match_desk(self.app).give_up()
        except OSError as error:
            self.app.notify(_("The saved match could not be deleted: {error}").format(error=os_error_words(error)),
                            problem=True)
        self.deal()

    def deal(self) -> None:
        """Open the table with a new match of the chosen rules and players."""
        self.app.go("table", new_session(self.app, self.rules, self.app.next_seed(), self.seats()), how="replace")

    def draw(self, surface) -> None:
        super().draw(surface)
        draw_heading(surface, self.app.assets, _("New game"), self.app.size[0] // 2, self.px(18), max(34, self.px(48)))
