"""The settings screen: sound and speech (a screen of their own), animation and computer speed, language,
name, full screen, waiting after computer moves, undo, tutor, card back, the deck's look (French in two or
four colours, the tournament colours, German suits) and letters.

Every change is saved at once through ``app.save_settings``.
"""
from __future__ import annotations

import dataclasses

import pygame
import pygame_gui

from game.store.settings import Speed

from ..assets import CARD_LETTER_SETS
from ..i18n import N_, _, current_language, shown_player_name, stored_player_name
from ..language import LANGUAGE_CHOICES
from ..look.paint import draw_heading
from ..widgets import FormRows, WidgetScene
from ..widgets.text_entry import SafeTextEntryLine

#: The words for each speed (both speed settings offer the same choices).
SPEED_LABELS = {Speed.SLOW: N_("Slow"), Speed.NORMAL: N_("Normal"), Speed.FAST: N_("Fast"), Speed.INSTANT: N_("Instant")}
SPEEDS = tuple((speed.value, SPEED_LABELS[speed]) for speed in Speed)
BACKS = (("blue", N_("Blue")), ("red", N_("Red")))
#: The deck looks as the player reads them (game.store.settings.DECK_LOOKS). German-suited decks have no
#: 2 to 6 and no joker: the choice says so, and a game with those cards tells the player it is French.
DECK_LOOK_CHOICES = (("classic", N_("French")), ("four_color", N_("French, four colours")),
                     ("tournament", N_("Tournament, four colours")),
                     ("german", N_("German suits (32 cards)")))
PREVIEW_CARDS = ("AS", "KH", "QD", "JC")


class SettingsScene(WidgetScene):
    """Change a setting and it is saved immediately."""

    def spoken_title(self) -> str:
        return _("Settings")

    def __init__(self, app):
        super().__init__(app)
        self.name_problem = False
        self.letters_box = None

    # ----- saving --------------------------------------------------------------------

    def change(self, **changes) -> bool:
        """Save the settings with some fields changed; False if a value was refused."""
        try:
            settings = dataclasses.replace(self.app.settings, **changes)
        except ValueError:
            return False
        if settings != self.app.settings:
            self.app.save_settings(settings)
        return True

    # ----- layout ----------------------------------------------------------------------

    def build(self) -> None:
        width, height = self.app.size
        settings = self.app.settings
        col_w, gap = min(self.px(520), (width - self.px(60) - self.px(28)) // 2), self.px(28)
        left = (width - (2 * col_w + gap)) // 2
        button_h = max(self.text_h(17) + 14, self.px(50))
        area_top, area_bottom = self.px(100), height - self.px(36) - button_h - self.px(22)
        row_h = max(self.text_h(16) + 10, self.px(40))
        row_gap = self.px(14)
        pad = self.px(24)
        heading_h = self.text_h(21)
        box = max(20, self.px(26))
        back_w = max(58, self.px(80))
        back_h = round(back_w * 1.4)
        choice_h = max(self.text_h(15) + 8, self.px(36))
        card_w = max(46, self.px(64))
        # Only a language whose decks have letters of their own (German B, D, K, A) offers the English ones.
        letters_row = current_language() in CARD_LETTER_SETS
        left_rows = 9  # volume, animation, computer speed, language, name, full screen, pause, undo, tutor
        room = area_bottom - area_top - self.px(12)
        fixed = 2 * pad + heading_h + self.px(10) + left_rows * row_h + self.text_h(15)
        row_gap = max(self.px(4), min(row_gap, (room - fixed) // (left_rows - 1)))  # a small window packs rows closer
        left_h = fixed + (left_rows - 1) * row_gap
        right_h = (2 * pad + heading_h + self.px(10) + back_h + self.px(8) + choice_h + self.px(22)
                   + row_h + self.px(6) + round(card_w * 1.4) + self.px(16) + row_h
                   + (row_h + self.px(6) if letters_row else 0))
        panel_h = min(area_bottom - area_top, max(left_h, right_h) + self.px(12))
        top = area_top + (area_bottom - area_top - panel_h) // 2
        labels = (_("Sound and speech"), _("Animation speed"), _("Computer speed"), _("Language"), _("Your name"),
                  _("Card back"), _("Deck"))
        label_w = max(self.text_w(text) for text in labels) + self.px(20)
        left_w, right_w = self.column_widths(col_w, pad, box, label_w, card_w, letters_row)

        # Left: sound, motion, window, name.
        left_panel = self.frame((left, top, left_w, panel_h), name="settings_general")
        inner_w = left_panel.get_container().get_rect().width
        ctrl_x = pad + label_w
        ctrl_w = inner_w - ctrl_x - pad
        y = pad - self.px(4)
        self.label((pad, y, inner_w - 2 * pad, heading_h), _("Sound and display"), "@heading", container=left_panel)
        y += heading_h + self.px(10)

        # The volumes, mute and speech have a screen of their own; the button says how they stand.
        self.label((pad, y, label_w, row_h), _("Sound and speech"), "@field", container=left_panel)
        self.sound_button = self.button((ctrl_x, y, ctrl_w, row_h), self.sound_summary(),
                                        lambda: self.app.go("sound_settings"), container=left_panel,
                                        name="sound_settings")
        y += row_h + row_gap

        form = FormRows(left_panel, y, pad, label_w, ctrl_x, ctrl_w, row_h, row_gap)
        self.speed = self.choice_row(form, _("Animation speed"), SPEEDS, settings.animation_speed, "#animation_speed")
        self.computer_speed = self.choice_row(form, _("Computer speed"), SPEEDS, settings.computer_speed,
                                              "#computer_speed")
        self.language = self.choice_row(form, _("Language"), LANGUAGE_CHOICES, settings.language, "#language")
        y = form.y

        self.label((pad, y, label_w, row_h), _("Your name"), "@field", container=left_panel)
        self.name_entry = self.add(SafeTextEntryLine(
            pygame.Rect(ctrl_x, y, ctrl_w, row_h), self.manager, container=left_panel,
            object_id="#player_name", initial_text=shown_player_name(settings.player_name)))
        self.name_entry.set_text_length_limit(24)
        y += row_h + row_gap
        self.fullscreen_box = self.add(pygame_gui.elements.UICheckBox(
            pygame.Rect(pad, y + (row_h - box) // 2, box, box), _("Full screen (F11)"), self.manager,
            container=left_panel, object_id="#fullscreen", initial_state=settings.fullscreen))
        y += row_h + row_gap
        self.pause_box = self.add(pygame_gui.elements.UICheckBox(
            pygame.Rect(pad, y + (row_h - box) // 2, box, box), _("Wait for me after each computer move"),
            self.manager, container=left_panel, object_id="#pause_after_computer_move",
            initial_state=settings.pause_after_computer_move))
        y += row_h + row_gap
        self.undo_box = self.add(pygame_gui.elements.UICheckBox(
            pygame.Rect(pad, y + (row_h - box) // 2, box, box), _("Allow undo (Ctrl+Z)"), self.manager,
            container=left_panel, object_id="#allow_undo", initial_state=settings.allow_undo))
        y += row_h + row_gap
        self.tutor_box = self.add(pygame_gui.elements.UICheckBox(
            pygame.Rect(pad, y + (row_h - box) // 2, box, box), _("Tutor: ask me before a costly move"), self.manager,
            container=left_panel, object_id="#tutor_mode", initial_state=settings.tutor_mode,
            tool_tip_text=_("Before a move that surely costs you, the game names a better one and asks. "
                            "A tutored match counts as practice.")))
        y += row_h + self.px(4)
        self.name_hint = self.label((pad, y, inner_w - 2 * pad, self.text_h(15)),
                                    _("Names are 1 to 24 characters.") if self.name_problem else "",
                                    "@problem", container=left_panel)

        # Right: the cards.
        right_panel = self.frame((left + left_w + gap, top, right_w, panel_h), name="settings_cards")
        inner_w = right_panel.get_container().get_rect().width
        y = pad - self.px(4)
        self.label((pad, y, inner_w - 2 * pad, heading_h), _("Cards"), "@heading", container=right_panel)
        y += heading_h + self.px(10)
        self.label((pad, y, label_w, row_h), _("Card back"), "@field", container=right_panel)
        choice_w = min(self.px(120), (inner_w - ctrl_x - pad - self.px(16)) // 2)
        self.back_buttons = {}
        for index, (style, text) in enumerate(BACKS):
            x = ctrl_x + index * (choice_w + self.px(16))
            self.add(pygame_gui.elements.UIImage(
                pygame.Rect(x + (choice_w - back_w) // 2, y, back_w, back_h), self.app.assets.back(style, back_w),
                self.manager, container=right_panel, object_id=f"#back_preview_{style}"))
            button = self.button((x, y + back_h + self.px(8), choice_w, choice_h), _(text),
                                 lambda style=style: self.choose_back(style), style="@choice",
                                 container=right_panel, name=f"back_{style}")
            if style == settings.card_back:
                button.select()
            self.back_buttons[style] = button
        y += back_h + self.px(8) + choice_h + self.px(22)

        # The looks' names are long ("Deutsches Blatt (32 Karten)"): the menu starts right after its word.
        deck_x = pad + self.text_w(_("Deck")) + self.px(14)
        self.label((pad, y, deck_x - pad, row_h), _("Deck"), "@field", container=right_panel)
        looks = [(_(text), key) for key, text in DECK_LOOK_CHOICES]
        self.deck_look_menu = self.add(pygame_gui.elements.UIDropDownMenu(
            looks, next(o for o in looks if o[1] == settings.deck_look),
            pygame.Rect(deck_x, y, inner_w - deck_x - pad, row_h), self.manager, container=right_panel,
            object_id="#deck_look"))
        y += row_h + self.px(6)
        self.letters_box = None
        if letters_row:
            self.letters_box = self.add(pygame_gui.elements.UICheckBox(
                pygame.Rect(pad, y + (row_h - box) // 2, box, box), _("Keep J, Q, K, A on the cards"),
                self.manager, container=right_panel, object_id="#english_card_letters",
                initial_state=settings.english_card_letters))
            y += row_h + self.px(6)
        card_gap = self.px(10)
        cards_w = len(PREVIEW_CARDS) * card_w + (len(PREVIEW_CARDS) - 1) * card_gap
        cards_x = min(ctrl_x, inner_w - pad - cards_w)
        self.preview_cards = []
        for index, code in enumerate(PREVIEW_CARDS):
            self.preview_cards.append(self.add(pygame_gui.elements.UIImage(
                pygame.Rect(cards_x + index * (card_w + card_gap), y, card_w, round(card_w * 1.4)),
                self.app.assets.card(code, card_w, settings.deck_look),
                self.manager, container=right_panel, object_id=f"#deck_preview_{index}")))
        y += round(card_w * 1.4) + self.px(16)
        self.highlight_box = self.add(pygame_gui.elements.UICheckBox(
            pygame.Rect(pad, y + (row_h - box) // 2, box, box), _("Highlight cards you can play"),
            self.manager, container=right_panel, object_id="#highlight_playable",
            initial_state=settings.highlight_playable))

        button_w = self.px(220)
        self.button(((width - button_w) // 2, height - self.px(36) - button_h, button_w, button_h),
                    _("Back"), self.app.pop, name="back")

    def sound_summary(self) -> str:
        """The sound button's words: "Sound 64%  ›" (or "Muted  ›"); the arrow says a screen opens."""
        settings = self.app.settings
        sound = _("Muted") if settings.muted else _("Sound {percent}%").format(
            percent=round(settings.sound_volume * settings.effects_volume * 100))
        return f"{sound}  ›"

    def on_settings_changed(self, settings) -> None:
        button = getattr(self, "sound_button", None)
        if button is not None and button.alive():
            button.set_text(self.sound_summary())

    def column_widths(self, col_w: int, pad: int, box: int, label_w: int, card_w: int,
                      letters_row: bool) -> tuple[int, int]:
        """The two panels' widths: even, unless a check box's words need more room on the left (Greek,
        Norwegian: "wait for me after each computer move"), which the cards on the right can spare."""
        def need(texts) -> int:   # a check box, its gap and its words, in a panel with its padding
            return 2 * pad + box + self.px(10) + max(self.text_w(text) for text in texts) + self.px(16)

        right_texts = [_("Highlight cards you can play")]
        if letters_row:
            right_texts.append(_("Keep J, Q, K, A on the cards"))
        left_need = need([_("Full screen (F11)"), _("Wait for me after each computer move"),
                          _("Allow undo (Ctrl+Z)"), _("Tutor: ask me before a costly move")])
        cards_w = len(PREVIEW_CARDS) * card_w + (len(PREVIEW_CARDS) - 1) * self.px(10)
        looks_w = max(self.text_w(_(text)) for _look, text in DECK_LOOK_CHOICES)
        right_need = max(need(right_texts), 2 * pad + cards_w + self.px(16),
                         2 * pad + label_w + 2 * self.px(72) + self.px(16),
                         2 * pad + self.text_w(_("Deck")) + self.px(14) + looks_w + self.px(56))
        spare = max(0, col_w - right_need)
        shift = min(max(0, left_need - col_w), spare)
        return col_w + shift, col_w - shift

    # ----- events ----------------------------------------------------------------------

    def choose_back(self, style: str) -> None:
        self.change(card_back=style)
        for name, button in self.back_buttons.items():
            if name == style:
                button.select()
            else:
                button.unselect()

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is getattr(self, "speed", None):
            self.change(animation_speed=self.speed.selected_option[1])
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is getattr(
                self, "computer_speed", None):
            self.change(computer_speed=self.computer_speed.selected_option[1])
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is getattr(
                self, "deck_look_menu", None):
            self.change(deck_look=self.deck_look_menu.selected_option[1])
            self.rebuild()  # the preview cards take the new look
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is getattr(self, "language", None):
            self.change(language=self.language.selected_option[1])   # the app rebuilds every screen in it
            return True
        if event.type in (pygame_gui.UI_CHECK_BOX_CHECKED, pygame_gui.UI_CHECK_BOX_UNCHECKED):
            checked = event.type == pygame_gui.UI_CHECK_BOX_CHECKED
            if event.ui_element is getattr(self, "fullscreen_box", None):
                self.change(fullscreen=checked)
                return True
            if self.letters_box is not None and event.ui_element is self.letters_box:
                self.change(english_card_letters=checked)
                self.rebuild()  # the preview's jack and queen change letters
                return True
            if event.ui_element is getattr(self, "pause_box", None):
                self.change(pause_after_computer_move=checked)
                return True
            if event.ui_element is getattr(self, "undo_box", None):
                self.change(allow_undo=checked)
                return True
            if event.ui_element is getattr(self, "tutor_box", None):
                self.change(tutor_mode=checked)
                return True
            if event.ui_element is getattr(self, "highlight_box", None):
                self.change(highlight_playable=checked)
                return True
        if event.type in (pygame_gui.UI_TEXT_ENTRY_CHANGED, pygame_gui.UI_TEXT_ENTRY_FINISHED) \
                and event.ui_element is getattr(self, "name_entry", None):
            ok = self.change(player_name=stored_player_name(self.name_entry.get_text()))
            if ok == self.name_problem:
                self.name_problem = not ok
                self.name_hint.set_text(_("Names are 1 to 24 characters.") if self.name_problem else "")
            return True
        if event.type == pygame.KEYDOWN and getattr(self, "name_entry", None) is not None \
                and self.name_entry.is_focused and event.key != pygame.K_ESCAPE:
            return False
        return super().handle_event(event)

    def draw(self, surface) -> None:
        super().draw(surface)
        draw_heading(surface, self.app.assets, _("Settings"), self.app.size[0] // 2, self.px(22), max(34, self.px(50)))
