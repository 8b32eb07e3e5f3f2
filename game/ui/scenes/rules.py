"""The rules screen: any preset's (or this match's) rules, written from the rule set, in a scrolling text box."""
from __future__ import annotations

import html

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.rules import DESCRIPTIONS, PRESETS, RuleSet, choices_of

from ..i18n import _
from ..look.paint import draw_heading
from ..look.palette import GOLD_LIGHT, hex_code
from ..rules_text import describe
from ..safe_text import safe_text
from ..widgets import WidgetScene

THIS_GAME = "this_game"
HEADING_COLOUR = hex_code(GOLD_LIGHT)
# Keys that scroll the rules, in views: a line's worth, a page, or all the way.
SCROLL_KEYS = {pygame.K_UP: -0.15, pygame.K_DOWN: 0.15, pygame.K_PAGEUP: -0.9, pygame.K_PAGEDOWN: 0.9,
               pygame.K_HOME: -100.0, pygame.K_END: 100.0}


def rules_html(rules: RuleSet, for_match: bool = False, scale: float = 1.0) -> str:
    """The rules as pygame_gui HTML: gold headings, cream paragraphs; a named game's own choices last."""
    parts = []
    sections = describe(rules, for_match=for_match)
    choices = choices_of(rules)
    if choices:
        sections.append((_("Our choices"), _(choices)))
    for heading, paragraph in sections:
        parts.append(f'<font color="{HEADING_COLOUR}" pixel_size={round(19 * scale)}>'
                     f'<b>{html.escape(heading)}</b></font><br>'
                     f'{html.escape(paragraph)}<br><br>')
    return "".join(parts).removesuffix("<br><br>")


def preset_label(preset_id: str) -> str:
    """A preset's name as the player sees it."""
    return _(PRESETS[preset_id].name)


class RulesScene(WidgetScene):
    """Browse the rules; opened from the pause menu it starts on the rules of the match being played."""

    def __init__(self, app, rules: RuleSet | None = None, preset_id: str | None = None):
        super().__init__(app)
        self.match_rules = rules
        if rules is not None:
            self.choice = THIS_GAME
        else:
            remembered = app.settings.last_new_game.get("preset")
            self.choice = preset_id or (remembered if remembered in PRESETS else "crazy_eights")

    def options(self) -> list[tuple[str, str]]:
        """(label, id) pairs for the drop-down."""
        options = []
        if self.match_rules is not None:
            name = safe_text(_(self.match_rules.name), max_chars=48)   # a record's own name, from outside
            options.append((_("This game: {name}").format(name=name), THIS_GAME))
        options += [(preset_label(pid), pid) for pid in PRESETS]
        return options

    def current_rules(self) -> tuple[RuleSet, bool]:
        if self.choice == THIS_GAME and self.match_rules is not None:
            return self.match_rules, True
        return PRESETS[self.choice], False

    def build(self) -> None:
        width, height = self.app.size
        content_w = min(width - self.px(100), self.px(1000))
        left = (width - content_w) // 2
        top = self.px(100)
        options = self.options()
        chosen = next(o for o in options if o[1] == self.choice)
        row_h = max(self.text_h(16) + 10, self.px(40))
        field_w = self.text_w(_("Game")) + self.px(16)
        menu_w = max(self.text_w(label, bold=False) for label, _id in options) + self.px(60)
        self.label((left, top, field_w, row_h), _("Game"), "@field")
        self.dropdown = self.add(pygame_gui.elements.UIDropDownMenu(
            options, chosen, pygame.Rect(left + field_w, top, menu_w, row_h), self.manager,
            object_id="#rules_game"))
        description = DESCRIPTIONS.get(self.choice, "") if self.choice != THIS_GAME else ""
        desc_x = left + field_w + menu_w + self.px(20)
        self.description = self.add(pygame_gui.elements.UITextBox(
            html.escape(_(description)), pygame.Rect(desc_x, top - self.px(4), left + content_w - desc_x, -1),
            self.manager, object_id=ObjectID(object_id="#rules_description", class_id="@description")))
        # A description that wraps to a third line pushes the rules down rather than running into them.
        box_top = max(top + row_h + self.px(20), self.description.rect.bottom + self.px(8))
        button_h = max(self.text_h(17) + 14, self.px(50))
        bottom = height - self.px(36) - button_h - self.px(22)
        rules, for_match = self.current_rules()
        frame = self.frame((left, box_top, content_w, bottom - box_top), "inset", name="rules_frame")
        self.text_box = self.add(pygame_gui.elements.UITextBox(
            rules_html(rules, for_match, self.app.font_scale), pygame.Rect(0, 0, content_w, bottom - box_top),
            self.manager, container=frame, object_id="#rules_text"))
        self.button(((width - self.px(220)) // 2, height - self.px(36) - button_h, self.px(220), button_h),
                    _("Back"), self.app.pop, name="back")

    def dispatch(self, event) -> bool:
        """The arrow, page and Home/End keys scroll the rules; Tab still moves the focus ring."""
        if event.type == pygame.KEYDOWN and event.key in SCROLL_KEYS and self.scroll_text(SCROLL_KEYS[event.key]):
            return True
        return super().dispatch(event)

    def scroll_text(self, views: float) -> bool:
        """Scroll the rules by ``views`` heights of the box; False when they fit and there is nothing to scroll."""
        bar = getattr(getattr(self, "text_box", None), "scroll_bar", None)
        if bar is None:
            return False
        shown = bar.visible_percentage
        start = min(max(0.0, bar.start_percentage + views * shown), 1.0 - shown)
        bar.set_scroll_from_start_percentage(start)
        return True

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is getattr(self, "dropdown", None):
            self.choice = self.dropdown.selected_option[1]
            self.rebuild()
            return True
        return super().handle_event(event)

    def draw(self, surface) -> None:
        super().draw(surface)
        draw_heading(surface, self.app.assets, _("Rules"), self.app.size[0] // 2, self.px(22), max(34, self.px(50)))
