"""The key help (F1): every key of the game, by where it works; Up and Down read it row by row."""
from __future__ import annotations

import pygame

from ..i18n import _
from ..look.paint import draw_heading
from ..look.palette import CREAM, GOLD_LIGHT
from ..speaking import say
from ..widgets import WidgetScene


def key_sections() -> list[tuple[str, list[tuple[str, str]]]]:
    """(where, [(keys, what they do)]) for every key of the game, in the player's language."""
    return [
        (_("Everywhere"), [
            ("F1", _("This list of keys")),
            ("F2", _("Say the last thing again")),
            ("M", _("Sound on or off")),
            ("F11", _("Full screen")),
            (_("Tab, Up, Down"), _("Move between controls")),
            (_("Left, Right"), _("Change a choice or a slider")),
            (_("Enter, Space"), _("Press the control")),
            ("Esc", _("Back")),
        ]),
        (_("At the table"), [
            (_("Left, Right"), _("Choose a card")),
            (_("Enter, Space"), _("Play the chosen card")),
            ("D", _("Draw a card")),
            ("P", _("Pass")),
            ("L", _("Call “Last card”")),
            ("S", _("Call “Stop!”")),
            ("H", _("Hint")),
            ("Ctrl+Z", _("Undo")),
            ("Y", _("Every move of the match")),
            ("R", _("Read my hand")),
            ("T", _("Top card and suit")),
            ("C", _("Cards each player holds")),
            ("O", _("Scores")),
            ("E", _("The last five moves")),
            ("Esc", _("Pause menu")),
        ]),
        (_("Naming a suit"), [
            (_("C, D, H, S or 1–4"), _("Name that suit")),
            (_("Left, Right, Enter"), _("Choose and name")),
            ("Esc", _("Keep the card")),
        ]),
        (_("In a lesson"), [
            (_("Enter"), _("Do the step shown")),
            ("N", _("Skip the step")),
            (_("Q, Esc"), _("Leave the lesson")),
        ]),
        (_("After a hand"), [
            (_("Enter"), _("Next hand")),
            ("R", _("Review the hand")),
            ("A", _("Analyse every player's moves")),
        ]),
        (_("Match analysis"), [
            (_("Left, Right"), _("One decision back or on")),
            ("N", _("Next error (with Shift: the one before)")),
            ("P", _("One player or everyone")),
            ("E", _("Save it as a text file")),
        ]),
        (_("Several people at one screen"), [
            (_("Space"), _("Ready: show my cards")),
        ]),
        (_("Replay"), [
            (_("Left, Right"), _("One move back or on")),
            (_("Space"), _("Play or pause")),
            (_("Home, End"), _("First or last move")),
            (_("Page Up, Page Down"), _("This hand's start, the next hand")),
            ("Y", _("Every move so far")),
            ("P", _("Replay speed")),
            ("A", _("Analyse every player's moves")),
        ]),
        (_("What would you play?"), [
            (_("Enter, Space"), _("Next question")),
            ("N", _("Five new positions")),
        ]),
    ]


class KeyHelpScene(WidgetScene):
    """Every key, over whatever screen was open (F1 or Escape closes it)."""

    is_key_help = True

    def __init__(self, app):
        super().__init__(app)
        self.row = -1

    def on_enter(self) -> None:
        super().on_enter()
        say(self.app, _("Keys. Up and Down read them one by one; Escape closes."))

    def rows(self) -> list[str]:
        """Every row as it is spoken: "At the table: D: Draw a card"."""
        return [_("{where}: {keys}: {what}").format(where=where, keys=keys, what=what)
                for where, entries in key_sections() for keys, what in entries]

    def build(self) -> None:
        width, height = self.app.size
        button_w, button_h = self.px(220), max(self.text_h(17) + 14, self.px(50))
        self.button(((width - button_w) // 2, height - self.px(24) - button_h, button_w, button_h), _("Close"),
                    self.app.pop, primary=True, name="close_keys")

    def dispatch(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            rows = self.rows()
            step = 1 if event.key == pygame.K_DOWN else -1
            self.row = (self.row + step) % len(rows) if self.row >= 0 or step > 0 else len(rows) - 1
            say(self.app, rows[self.row])
            return True
        return super().dispatch(event)

    def layout(self, top: int, bottom: int):
        """The sections in columns, at the largest font that fits: (font size, [(x, sections)]), keeping
        each section whole and the order of the list (down the first column, then the next)."""
        width = self.app.size[0]
        everywhere, table, suit, lesson, after, analysis, people, *rest = key_sections()
        # On screen the short sections keep the first column company; the table's keys stand alone.
        sections = [everywhere, suit, lesson, after, analysis, people, table, *rest]
        margin, gap = self.px(40), self.px(36)
        for size in range(max(12, round(15 * self.app.font_scale)), 9, -1):
            key_font, text_font = self.app.assets.font(size, True), self.app.assets.font(size)
            line_h = round(size * 1.5)

            def height(section) -> int:
                return round(line_h * 1.7) + line_h * len(section[1])

            def column_width(column) -> int:
                keys = max(key_font.size(k)[0] for _w, entries in column for k, _t in entries)
                return keys + self.px(24) + max(text_font.size(t)[0] for _w, entries in column for _k, t in entries)
            for count in (2, 3):
                columns: list[list] = [[]]
                used = 0
                for section in sections:
                    if columns[-1] and used + height(section) > bottom - top:
                        columns.append([])
                        used = 0
                    columns[-1].append(section)
                    used += height(section)
                if len(columns) > count or any(sum(height(s) for s in column) > bottom - top for column in columns):
                    continue
                widths = [column_width(column) for column in columns]
                if sum(widths) + gap * (len(columns) - 1) <= width - 2 * margin:
                    x = (width - sum(widths) - gap * (len(columns) - 1)) // 2
                    placed = []
                    for column, column_w in zip(columns, widths):
                        placed.append((x, column))
                        x += column_w + gap
                    return size, placed
        return 10, [(margin, sections)]

    def draw(self, surface) -> None:
        super().draw(surface)
        width, height = self.app.size
        top = draw_heading(surface, self.app.assets, _("Keys"), width // 2, self.px(14), max(30, self.px(44))).bottom
        top += self.px(12)
        bottom = height - self.px(24) - max(self.text_h(17) + 14, self.px(50)) - self.px(10)
        size, columns = self.layout(top, bottom)
        key_font, text_font = self.app.assets.font(size, True), self.app.assets.font(size)
        head_font = self.app.assets.font(round(size * 1.12), True)
        line_h = round(size * 1.5)
        for x, column in columns:
            key_w = max(key_font.size(keys)[0] for _where, entries in column for keys, _what in entries) + self.px(16)
            y = top
            for where, entries in column:
                surface.blit(head_font.render(where, True, GOLD_LIGHT), (x, y))
                y += round(line_h * 1.2)
                for keys, what in entries:
                    surface.blit(key_font.render(keys, True, GOLD_LIGHT), (x + self.px(8), y))
                    surface.blit(text_font.render(what, True, CREAM), (x + self.px(8) + key_w, y))
                    y += line_h
                y += round(line_h * 0.5)
