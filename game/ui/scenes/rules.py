"""The rules screen: any preset's (or this match's) rules, written from the rule set, in a scrolling view.

The rules are long (a page and more at the largest font scale), and a pygame_gui text box renders
all of its text into surfaces of the whole text's height, several of them: 25-40 MB each time the
screen opened. Here the sections are wrapped into lines once (font metrics only) and only the lines
in view are painted, by :class:`~game.ui.widgets.rows.PaintedRows`.
"""
from __future__ import annotations

import html
from dataclasses import dataclass

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.rules import DESCRIPTIONS, PRESETS, RuleSet, choices_of
from game.session.lessons import LESSONS

from ..i18n import _, card_names_for
from ..lesson_words import SECTION_TITLES
from ..look.paint import draw_heading
from ..look.palette import GOLD_LIGHT
from ..look.wrap import wrap_words
from ..deck_looks import shown_deck_look
from ..rules_text import deck_worded, describe
from ..safe_text import safe_text
from ..surface_cache import weight
from ..widgets import WidgetScene
from ..widgets.rows import Column, PaintedRows

THIS_GAME = "this_game"
#: Font sizes (theme pixels, times the font scale) of a section's heading and of its text.
HEADING_SIZE = 19
TEXT_SIZE = 16
#: The text box's line spacing in the theme: the rules keep the look they had in one.
LINE_SPACING = 1.25
TEXT_COLOUR = (0xF3, 0xE9, 0xCF)
#: The least width of the scroll bar (a text box's own): one a thumb can find at small window sizes.
BAR_W = 20
# Keys that scroll the rules, in views: a line's worth, a page, or all the way.
SCROLL_KEYS = {pygame.K_UP: -0.15, pygame.K_DOWN: 0.15, pygame.K_PAGEUP: -0.9, pygame.K_PAGEDOWN: 0.9,
               pygame.K_HOME: -100.0, pygame.K_END: 100.0}


def lessons_for(rules: RuleSet) -> tuple[str, ...]:
    """The lessons whose steps show rules of ``rules``: a step shows a rule the game has (its card powers,
    its draw rule and its calls), so that "Show me" never teaches a rule this game lacks."""
    return tuple(key for key, lesson in LESSONS.items() if lesson_fits(lesson.rules, rules))


def lesson_fits(lesson_rules: RuleSet, rules: RuleSet) -> bool:
    """Whether a lesson's game teaches rules that ``rules`` has: the same wild ranks, draw rule and powers
    (a game may add more), or the action cards' powers over Crazy Eights."""
    if lesson_rules.wild_ranks != rules.wild_ranks or lesson_rules.draw_rule != rules.draw_rule:
        return False
    powers = ("skip_ranks", "reverse_ranks", "anything_on_ranks")
    return (all(set(getattr(lesson_rules, name)) <= set(getattr(rules, name)) for name in powers)
            and set(lesson_rules.draw_penalties) <= set(rules.draw_penalties)
            and lesson_rules.black_jack_draw <= rules.black_jack_draw
            and lesson_rules.last_card_call <= rules.last_card_call)


def section_steps(lessons: tuple[str, ...], section: str) -> list[tuple[str, int]]:
    """(lesson id, step index) of the steps of ``lessons`` that show rules-screen section ``section``, in
    the order the lessons' chooser lists them."""
    return [(key, index) for key in lessons for index, step in enumerate(LESSONS[key].steps)
            if step.section == section]


def section_keys(sections: list[tuple[str, str]]) -> list[str]:
    """Each section's lesson-section id ("play", "draw", "actions", "calls"), or "" for one no step shows.

    The headings are the lessons' section titles in the player's language (``describe`` words them with
    the same messages), so the heading names the section."""
    keys = {_(title): key for key, title in SECTION_TITLES.items()}
    return [keys.get(heading, "") for heading, _paragraph in sections]


def rules_sections(rules: RuleSet, for_match: bool = False) -> list[tuple[str, str]]:
    """The rules as (heading, paragraph) pairs; a named game's own choices last."""
    sections = describe(rules, for_match=for_match)
    choices = choices_of(rules)
    if choices:
        sections.append((_("Our choices"), deck_worded(choices)))
    return sections


@dataclass(frozen=True)
class RulesLine:
    """One wrapped line of the rules: its text, and whether it belongs to a section's heading."""

    text: str
    heading: bool = False
    #: On a section's first heading line: the section's index in the sections (else -1).
    section: int = -1


def rules_lines(sections: list[tuple[str, str]], heading_font, text_font, width: int,
                narrow: frozenset[int] = frozenset(), link_w: int = 0) -> list[RulesLine]:
    """The sections wrapped to ``width``: heading lines, text lines, an empty line between sections; the
    headings of the ``narrow`` sections leave ``link_w`` pixels free at the right for their link."""
    lines: list[RulesLine] = []
    for number, (heading, paragraph) in enumerate(sections):
        if lines:
            lines.append(RulesLine(""))
        heading_w = width - link_w if number in narrow else width
        wrapped = wrap_words(heading, heading_font, heading_w)
        lines += [RulesLine(text, True, number if row == 0 else -1) for row, text in enumerate(wrapped)]
        lines += [RulesLine(text) for text in wrap_words(paragraph, text_font, width)]
    return lines


class RulesView(PaintedRows):
    """The wrapped rules in a frame: only the lines in view have surfaces; gold headings, cream text."""

    def __init__(self, scene, panel, rect, lines: list[RulesLine], row_h: int, pad_x: int):
        self.lines = lines
        self.pad_x = pad_x
        super().__init__(scene, panel, rect, row_h, len(lines), [Column(pad_x, pygame.Rect(rect).width - 2 * pad_x, False)],
                         lambda index: [lines[index].text], name="rules_text")

    def scroll_to(self, first: int) -> None:
        super().scroll_to(first)
        self.scene.place_links()

    def line_of_section(self, number: int) -> int:
        """The index of the first heading line of section ``number``."""
        return next(index for index, line in enumerate(self.lines) if line.section == number)

    def shown_lines(self) -> list[RulesLine]:
        """The lines in view, top to bottom."""
        return [self.lines[index] for index in self.shown()]

    def held_bytes(self) -> int:
        """The bytes of the line surfaces kept now (only the lines in view have one)."""
        return sum(weight(image) for image in self._surfaces.values())

    def _row_origin(self, area: pygame.Rect, offset: int, image: pygame.Surface) -> tuple[int, int]:
        # Inset, and centred in the row (a heading line is taller than the text).
        return area.x + self.pad_x, area.y + offset * self.row_h + (self.row_h - image.get_height()) // 2

    def _render(self, index: int) -> pygame.Surface | None:
        """One line, just as wide as its text (an empty line has no surface)."""
        line = self.lines[index]
        if not line.text:
            return None
        size = HEADING_SIZE if line.heading else TEXT_SIZE
        font = self.scene.app.assets.font(round(size * self.scene.app.font_scale), line.heading)
        return font.render(line.text, True, GOLD_LIGHT if line.heading else TEXT_COLOUR)


def preset_label(preset_id: str) -> str:
    """A preset's name as the player sees it."""
    return _(PRESETS[preset_id].name)


class RulesScene(WidgetScene):
    """Browse the rules; opened from the pause menu it starts on the rules of the match being played."""

    def spoken_title(self) -> str:
        return _("Rules")

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
        rules, for_match = self.current_rules()
        # The cards are named as the chosen deck look shows this game's cards: "Unter" on German-suited ones.
        with card_names_for(shown_deck_look(self.app.settings.deck_look, rules)):
            description = deck_worded(DESCRIPTIONS[self.choice]) if self.choice in DESCRIPTIONS else ""
            self.sections = rules_sections(rules, for_match)
        desc_x = left + field_w + menu_w + self.px(20)
        self.description = self.add(pygame_gui.elements.UITextBox(
            html.escape(description), pygame.Rect(desc_x, top - self.px(4), left + content_w - desc_x, -1),
            self.manager, object_id=ObjectID(object_id="#rules_description", class_id="@description")))
        # A description that wraps to a third line pushes the rules down rather than running into them.
        box_top = max(top + row_h + self.px(20), self.description.rect.bottom + self.px(8))
        button_h = max(self.text_h(17) + 14, self.px(50))
        bottom = height - self.px(36) - button_h - self.px(22)
        frame = self.frame((left, box_top, content_w, bottom - box_top), "inset", name="rules_frame")
        heading_font = self.app.assets.font(round(HEADING_SIZE * self.app.font_scale), True)
        text_font = self.app.assets.font(round(TEXT_SIZE * self.app.font_scale))
        row_h = max(round(text_font.get_linesize() * LINE_SPACING), heading_font.get_linesize())
        pad_x, pad_y = self.px(20), self.px(12)
        # Room for the scroll bar is kept always: the lines wrap the same whether it shows or not.
        wrap_w = content_w - 2 * pad_x - max(self.px(16), BAR_W)
        lessons = lessons_for(rules)
        # Each section a lesson step shows gets a "Show me" link at the right end of its heading.
        linked = {number: section_steps(lessons, key) for number, key in enumerate(section_keys(self.sections))}
        self.section_links = {number: steps for number, steps in linked.items() if steps}
        link_font_size = 14
        link_w = self.text_w(_("Show me"), link_font_size) + self.px(28)
        link_h = min(row_h - 2, max(self.text_h(link_font_size) + 6, self.px(28)))
        lines = rules_lines(self.sections, heading_font, text_font, wrap_w, frozenset(self.section_links),
                            link_w + self.px(16))
        rows_h = max(row_h, (bottom - box_top - 2 * pad_y) // row_h * row_h)
        self.rules_view = RulesView(self, frame, (0, pad_y, content_w, rows_h), lines, row_h, pad_x)
        if self.rules_view.bar is not None:   # the bar runs the frame's whole height, as a text box's did
            bar = self.rules_view.bar
            bar_w = max(bar.relative_rect.width, BAR_W)
            bar.set_relative_position((content_w - bar_w, 0))
            bar.set_dimensions((bar_w, bottom - box_top))
        self.link_buttons = {}
        for number, steps in self.section_links.items():
            heading = self.sections[number][0]
            button = self.button((pad_x + wrap_w - link_w, 0, link_w, link_h), _("Show me"),
                                 lambda number=number: self.show_section(number), style="@small_button",
                                 container=frame, name=f"link_{number}")
            # Said as "Show me: Drawing" when the keyboard reaches it: the heading names what it shows.
            button.spoken_text = _("{name}: {value}").format(name=_("Show me"), value=heading)
            self.link_buttons[number] = button
        self.links_top = pad_y
        self.place_links()
        show_w = self.px(220) if lessons else 0
        gap = self.px(20) if lessons else 0
        left_x = (width - self.px(220) - gap - show_w) // 2
        self.button((left_x, height - self.px(36) - button_h, self.px(220), button_h), _("Back"), self.app.pop,
                    name="back")
        if lessons:   # each rule a lesson shows, linked to the lesson step that shows it
            self.button((left_x + self.px(220) + gap, height - self.px(36) - button_h, show_w, button_h),
                        _("Show me…"), lambda: self.app.go("lessons", lessons=lessons), name="show_me",
                        tool_tip=_("Open a lesson at the step that shows a rule"))

    def place_links(self) -> None:
        """Put each section's link on its heading's row while the heading is in view; hide it otherwise."""
        view = getattr(self, "rules_view", None)
        if view is None:
            return
        for number, button in getattr(self, "link_buttons", {}).items():
            offset = view.line_of_section(number) - view.first
            if 0 <= offset < view.visible:
                y = self.links_top + offset * view.row_h + (view.row_h - button.relative_rect.height) // 2
                button.set_relative_position((button.relative_rect.x, y))
                button.show()
            else:
                button.hide()

    def show_section(self, number: int) -> None:
        """The lessons' steps that show section ``number`` (every section has several), each a "Show me"
        that opens its lesson at that step."""
        lessons = tuple(dict.fromkeys(key for key, _index in self.section_links[number]))
        self.app.go("lessons", lessons=lessons, section=section_keys(self.sections)[number])

    def focusables(self) -> list:
        """As every scene's, with the links of headings scrolled out of view too (reaching one scrolls to it)."""
        reachable = super().focusables()
        links = set(getattr(self, "link_buttons", {}).values())
        if not reachable or not links:
            return reachable
        return [w for w in self.widgets if w in links or w in reachable]

    def scroll_into_view(self, widget) -> None:
        for number, button in getattr(self, "link_buttons", {}).items():
            if button is widget:
                view = self.rules_view
                line = view.line_of_section(number)
                if not view.first <= line < view.first + view.visible - 1:
                    view.scroll_to(line)
                return
        super().scroll_into_view(widget)

    def dispatch(self, event) -> bool:
        """The arrow, page and Home/End keys scroll the rules; Tab still moves the focus ring."""
        if event.type == pygame.KEYDOWN and event.key in SCROLL_KEYS and self.scroll_text(SCROLL_KEYS[event.key]):
            return True
        return super().dispatch(event)

    def scroll_text(self, views: float) -> bool:
        """Scroll the rules by ``views`` heights of the view; False when they fit and there is nothing to scroll."""
        view = getattr(self, "rules_view", None)
        if view is None or view.bar is None:
            return False
        lines = max(1, round(abs(views) * view.visible))
        view.scroll_by(lines if views > 0 else -lines)
        return True

    def rules_text(self) -> str:
        """The rules shown, as plain text: each heading and paragraph on a line of its own (all of them,
        not only those in view)."""
        return "\n".join(f"{heading}\n{paragraph}" for heading, paragraph in getattr(self, "sections", []))

    def update(self, dt: float) -> None:
        super().update(dt)
        view = getattr(self, "rules_view", None)
        if view is not None and self.built:
            view.update()

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is getattr(self, "dropdown", None):
            self.choice = self.dropdown.selected_option[1]
            self.rebuild()
            return True
        view = getattr(self, "rules_view", None)
        if view is not None and self.built and view.handle_event(event):
            return True
        return super().handle_event(event)

    def draw(self, surface) -> None:
        super().draw(surface)
        view = getattr(self, "rules_view", None)
        if view is not None and self.built:
            view.draw(surface)
        draw_heading(surface, self.app.assets, _("Rules"), self.app.size[0] // 2, self.px(22), max(34, self.px(50)))
