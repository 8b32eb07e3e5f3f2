"""The statistics screen: results per game and opponent level, a Reset with confirmation, and the recent
matches to replay."""
from __future__ import annotations

import html

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from game.ai import LEVELS
from game.rules import PRESETS
from game.session import NETWORK, PRACTICE

from ..i18n import N_, _, decimal_text, level_name, ngettext, shown_player_name
from ..look.paint import draw_heading
from ..problems import os_error_words, problem_text
from ..safe_text import safe_text
from ..sessions import match_desk
from ..widgets import WidgetScene
from ..widgets.rows import Column, PaintedRows, cell_text
from .recent import build_recent_panel, recent_panel_height, whole_rows

# The store's SUMMARY_HEADINGS, in its order, as the player reads them. The streak counts
# matches (a won hand inside a match that is not over yet does not count), so it says so.
HEADINGS = (N_("Game"), N_("Opponents"), N_("Hands"), N_("Hands won"), N_("Matches"), N_("Matches won"),
            N_("Best hand"), N_("Average hand"), N_("Matches won in a row"), N_("Abandoned"))
# Shorter headings for a narrow window, column by column; the hands' and the matches' columns go
# under group headings there (SHORT_GROUPS: the heading and the columns it spans), so "Won" is not
# said twice with nothing to tell the two apart.
SHORT_HEADINGS = (N_("Game"), N_("Level"), N_("Played"), N_("Won"), N_("Played"), N_("Won"),
                  N_("Best"), N_("Average"), N_("In a row"), N_("Left"))
SHORT_GROUPS = ((N_("Hands"), 2, 3), (N_("Matches"), 4, 5))
BEST_COLUMN, AVERAGE_COLUMN = 6, 7


def game_name(preset_id: str) -> str:
    """A preset id as the player knows the game (custom ids are shown as they are)."""
    rules = PRESETS.get(preset_id)
    if rules is not None:
        return _(rules.name)
    return _("House rules") if preset_id == "custom" else safe_text(preset_id, max_chars=48)


def points_text(points: float | None, decimals: int = 0) -> str:
    """A hand's points with their unit: "26 pts", "1 pt", "12.5 pts", "13 pts" ("–" before the first hand)."""
    if points is None:
        return "–"
    shown = round(points, decimals)
    return ngettext("{points} pt", "{points} pts", 1 if shown == 1 else 2).format(points=decimal_text(points, decimals))


def row_cells(row) -> list[str]:
    """One SummaryRow as the table's text."""
    cells = list(row.cells())
    cells[0] = game_name(row.preset_id)
    cells[1] = safe_text(level_name(row.level), max_chars=24)   # an unknown level is shown as the file wrote it
    cells[BEST_COLUMN] = points_text(row.best_hand_score)
    cells[AVERAGE_COLUMN] = points_text(row.average_hand_score, 1)
    return cells


#: The SummaryRow field behind each figure column, and how it is written.
FIGURES = {2: ("hands_played", str), 3: ("hand_win_percent", lambda v: _percent_text(v)),
           4: ("matches_played", str), 5: ("match_win_percent", lambda v: _percent_text(v)),
           BEST_COLUMN: ("best_hand_score", points_text), AVERAGE_COLUMN: ("average_hand_score",
                                                                         lambda v: points_text(v, 1)),
           8: ("longest_streak", str), 9: ("matches_abandoned", str)}


def _percent_text(value) -> str:
    return "–" if value is None else f"{value:.0f}%"


def figure_texts(rows, column: int) -> set[str]:
    """Every text a figure column shows (a few distinct values, however many rows)."""
    field, write = FIGURES[column]
    values = {getattr(row, field) for row in rows}
    if column == AVERAGE_COLUMN:
        values = {None if value is None else round(value, 1) for value in values}
    return {write(value) for value in values}


def footnote(directions, practice: bool = False, network: bool = False) -> str:
    """What "best hand" and the streak mean, for the scoring directions of the rows shown
    (``True``: penalty points, fewest is best; ``False``: the winner collects, most is best),
    and what "Practice" and "Network table" mean when such a row shows."""
    known = {direction for direction in directions if direction is not None}
    if known == {True}:
        best = _("Best hand: your fewest penalty points in one hand.")
    elif known == {False}:
        best = _("Best hand: your most points in one hand.")
    else:
        best = _("Best hand: your fewest penalty points in one hand (your most points where the winner collects).")
    note = best + "  " + _("Matches won in a row: your longest run, counted as each match ends.")
    if practice:
        note += "  " + _("Practice: matches in which you took back a move or the tutor stepped in, counted apart "
                           "from the others.")
    if network:
        note += "  " + _("Network table: matches you joined at a table hosted on another computer.")
    return note


class StatisticsScene(WidgetScene):
    """A table of results; Reset asks first."""

    def spoken_title(self) -> str:
        return _("Statistics")

    def __init__(self, app):
        super().__init__(app)
        self.rows: list = []
        self.recent: list = []
        self.replay_buttons: list = []
        #: Whose results show: "" the player against computers, or a name from tables of several people.
        self.player = ""
        self.players: list[str] = []
        self.player_menu = None
        self.load()

    def load(self) -> None:
        statistics, problem = self.app.stats_store.load()
        if problem:
            self.app.notify(problem_text(problem), problem=True)
        self.recent, problem = match_desk(self.app).recent_matches()
        if problem:
            self.app.notify(problem_text(problem), problem=True)
        self.players = statistics.players()
        if self.player not in self.players:
            self.player = ""
        self.rows = statistics.summary_rows(level_order=LEVELS, player=self.player)
        low_is_good = {(entry.preset_id, entry.level): entry.low_is_good for entry in statistics.entries
                       if entry.player == self.player}
        #: Whether each row's scores are penalties (fewest is best), for the footnote.
        self.directions = [low_is_good[row.preset_id, row.level] for row in self.rows]
        self._cells: dict[int, list[str]] = {}
        self.table = None

    def cells(self, index: int) -> list[str]:
        """Row ``index`` as the table's text (worked out when it first shows)."""
        cells = self._cells.get(index)
        if cells is None:
            cells = self._cells[index] = [cell_text(text) for text in row_cells(self.rows[index])]
        return cells

    def widest(self, column: int, bold: bool) -> int:
        """The widest text of a column, in pixels. With thousands of rows only the longest texts are
        measured (a cell that is wider after all is cut to fit, never laid over its neighbour)."""
        if column != 0 and column != 1:
            texts = figure_texts(self.rows, column)
        else:
            texts = {self.cells(index)[column] for index in range(len(self.rows))} if len(self.rows) <= 200 \
                else {cell_text(text) for text in (
                    [game_name(preset) for preset in {row.preset_id for row in self.rows}] if column == 0
                    else [level_name(level) for level in {row.level for row in self.rows}])}
        longest = sorted(texts, key=len, reverse=True)[:64]
        return max((self.text_w(text, 15, bold=bold) for text in longest), default=0)

    def build(self) -> None:
        width, height = self.app.size
        top = self.px(100)
        button_h = max(self.text_h(17) + 14, self.px(50))
        table_w = min(width - self.px(60), self.px(1160))
        left = (width - table_w) // 2
        bottom = height - self.px(36) - button_h - self.px(16)
        note_h = 0
        if self.rows:  # the note under the table: its height is the wrapped text's
            self.note = self.add(pygame_gui.elements.UITextBox(
                html.escape(footnote(self.directions, any(row.level == PRACTICE for row in self.rows),
                                     any(row.level == NETWORK for row in self.rows))),
                pygame.Rect(left + self.px(8), 0, table_w - self.px(16), -1),
                self.manager, object_id=ObjectID(object_id="#statistics_note", class_id="@description")))
            note_h = self.note.rect.height
            self.note.set_relative_position((left + self.px(8), bottom - note_h))
        room = bottom - note_h - self.px(6) - top
        head_h = max(self.text_h(14) + 12, self.px(46))
        row_h = max(self.text_h(15) + 8, self.px(38))
        # The results take what their rows need, leaving the recent matches room for three (or as many as
        # there are); when both cannot have that, each gets half.
        gap = self.px(12)
        group_h = self.text_h(14) + self.px(4)  # room for the group headings of a narrow window
        table_need = head_h + group_h + self.px(16) + self.px(8) + max(1, len(self.rows)) * row_h
        recent_least = recent_panel_height(self, min(3, len(self.recent)))
        table_h = min(table_need, max(room // 2, room - gap - recent_least))
        rows_h = max(1, len(self.rows)) * row_h
        table_h = table_need - rows_h + whole_rows(table_h - (table_need - rows_h), row_h)  # the rest to the recent
        build_recent_panel(self, pygame.Rect(left, top + table_h + gap, table_w, room - table_h - gap), self.recent,
                           game_name)
        panel = self.frame((left, top, table_w, table_h), name="statistics_panel")
        inner = panel.get_container().get_rect()
        pad = self.px(16)
        usable = inner.width - 2 * pad

        def column_widths(headings):
            widths = []
            for index, heading in enumerate(headings):
                widths.append(max(self.text_w(_(heading), 14), body_widths[index]) + self.px(18))
            return widths

        body_widths = [self.widest(index, index == 0) for index in range(len(HEADINGS))]
        headings, groups = HEADINGS, ()
        widths = column_widths(headings)
        if sum(widths) > usable:
            headings, groups = SHORT_HEADINGS, SHORT_GROUPS
            widths = column_widths(headings)
            for group, first, last in groups:  # a group's heading fits over its columns
                short = self.text_w(_(group), 14) + self.px(18) - sum(widths[first:last + 1])
                if short > 0:
                    widths[first] += short - short // 2
                    widths[last] += short // 2
        spare = usable - sum(widths)
        if spare > 0:  # share the room out: the game names get half of it
            widths[0] += spare // 2
            for index in range(1, len(widths)):
                widths[index] += (spare - spare // 2) // (len(widths) - 1)
        elif spare < 0:  # still too wide: the game column gives way
            widths[0] += spare
        xs, x = [], pad
        for w in widths:
            xs.append(x)
            x += w
        group_h = self.text_h(14) + self.px(4) if groups else 0
        for number, (group, first, last) in enumerate(groups):
            span = xs[last] + widths[last] - xs[first]
            self.label((xs[first], pad // 2, span, group_h), _(group), "@cell_heading", container=panel,
                       name=f"group_heading_{number}")
        for index, heading in enumerate(headings):
            self.label((xs[index], pad // 2 + group_h, widths[index], head_h), _(heading), "@cell_heading",
                       container=panel, name=f"heading_{index}")
        head_h += group_h
        self.table = None
        if not self.rows:
            self.label((pad, head_h + self.px(40), usable, self.text_h(16)),
                       _("No results yet: finish a hand against the computer and it will show here."),
                       "@center", container=panel, name="empty")
        else:
            # Only the rows in view are drawn: thousands of rows open as fast as a few.
            columns = [Column(xs[index], widths[index], centred=index != 0, bold=index == 0)
                       for index in range(len(widths))]
            self.table = PaintedRows(
                self, panel, (0, pad // 2 + head_h, inner.width, whole_rows(inner.height - head_h - pad, row_h)),
                row_h, len(self.rows), columns, self.cells, name="statistics_rows")
        self.player_menu = None
        if self.players:   # people who played at a table of several: each has results of their own
            options = [(_("You (against the computer)"), "")] + [
                (safe_text(shown_player_name(name), max_chars=24), name) for name in self.players]
            # The text's padding, the arrow's button and the borders take about 58 px: "…Computer)" shows whole.
            menu_w = min(self.px(340), max(self.text_w(text, 16, bold=False) for text, _key in options) + self.px(58))
            self.player_menu = self.add(pygame_gui.elements.UIDropDownMenu(
                options, next(option for option in options if option[1] == self.player),
                pygame.Rect(left + table_w - menu_w, self.px(34), menu_w, max(self.text_h(16) + 10, self.px(38))),
                self.manager, object_id="#statistics_player"))
        gap = self.px(20)
        button_w = self.px(220)
        x = width // 2 - button_w - gap // 2
        self.button((x, height - self.px(36) - button_h, button_w, button_h), _("Back"), self.app.pop, name="back")
        self.reset_button = self.button((width // 2 + gap // 2, height - self.px(36) - button_h, button_w, button_h),
                                        _("Reset statistics…"), self.ask_reset, name="reset")
        if not self.rows and not self.recent:
            self.reset_button.disable()

    def ask_reset(self) -> None:
        """Ask before forgetting every result and the recent matches."""
        self.app.go("confirm", _("Reset statistics"),
                    _("Forget every result recorded so far, and the list of recent matches to replay? "
                      "Record files you saved are kept. This cannot be undone."), _("Reset"), self.reset)

    def reset(self) -> None:
        """Forget every result and the recent matches (a player starting over expects a clean slate), and
        say so."""
        try:
            self.app.stats_store.reset()
            self.app.recent_store.clear()
        except OSError as error:
            self.app.notify(_("The statistics could not be reset: {error}").format(error=os_error_words(error)),
                            problem=True)
        else:
            self.app.notify(_("Statistics and recent matches reset."))
        self.load()
        self.rebuild()

    def shown_rows(self) -> list[list[str]]:
        """The result rows in view, cell by cell, as the player reads them."""
        return self.table.shown_cells() if self.table is not None else []

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.table is not None:
            self.table.update()

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.player_menu:
            self.player = self.player_menu.selected_option[1]
            self.load()
            self.rebuild()
            return True
        if self.table is not None and self.table.handle_event(event):
            return True
        return super().handle_event(event)

    def draw(self, surface) -> None:
        super().draw(surface)
        if self.table is not None:
            self.table.draw(surface)
        draw_heading(surface, self.app.assets, _("Statistics"), self.app.size[0] // 2, self.px(22), max(34, self.px(50)))
