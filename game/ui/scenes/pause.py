"""The pause menu the table pushes on Escape: resume, rules, settings, export/import a game record, quit."""
from __future__ import annotations

import datetime
from pathlib import Path

import pygame

from game.session import Seat, default_table
from game.store import RecordFileError
from game.store.saved_game import export_saved_game

from ..i18n import _
from ..imports import play_imported
from ..problems import os_error_words, problem_text
from ..sessions import match_desk
from ..table.network import offers
from ..widgets import WidgetScene


class PauseScene(WidgetScene):
    """A see-through overlay over the table; Escape resumes."""

    def spoken_title(self) -> str:
        return _("Game paused")

    transparent = True

    def __init__(self, app, table_scene):
        super().__init__(app)
        self.table = table_scene

    def build(self) -> None:
        width, height = self.app.size
        entries = [
            (_("Resume"), self.app.pop, True, "resume"),
            (_("Rules"), self.rules, False, "rules"),
            (_("Settings"), self.settings, False, "settings"),
            (_("Export game record…"), self.export_record, False, "export"),
            (_("Import game record…"), self.import_record, False, "import"),
            (_("Quit to menu"), self.app.main_menu, False, "quit_to_menu"),
        ]
        if not offers(self.table.session, "save"):   # a guest's table: the record is the host's
            entries = [entry for entry in entries if entry[3] != "export"]
        button_w, button_h, gap = self.px(320), max(self.text_h(17) + 14, self.px(50)), self.px(12)
        pad = self.px(28)
        title_h = self.text_h(21) + self.px(20)
        panel_h = title_h + len(entries) * button_h + (len(entries) - 1) * gap + 2 * pad
        rect = pygame.Rect(0, 0, button_w + 2 * pad, panel_h)
        rect.center = (width // 2, height // 2)
        self.panel_rect = rect
        panel = self.frame(rect, starting_height=2, name="pause_panel")
        inner = panel.get_container().get_rect()
        x = (inner.width - button_w) // 2
        y = (inner.height - (panel_h - 2 * pad)) // 2
        self.label((x, y, button_w, title_h - self.px(12)), _("Game paused"), "@heading", name="pause_title",
                   container=panel)
        y += title_h
        self.buttons = {}
        for text, action, primary, name in entries:
            self.buttons[name] = self.button((x, y, button_w, button_h), text, action, primary=primary,
                                             container=panel, name=name)
            y += button_h + gap

    # ----- actions -----------------------------------------------------------------------

    def rules(self) -> None:
        self.app.go("rules", rules=self.table.session.rules)

    def settings(self) -> None:
        self.app.go("settings")

    def export_record(self) -> None:
        """Ask for a name in the records folder, then save this match there."""
        stamp = datetime.datetime.now().strftime("%Y-%m-%d %H%M")
        self.app.go("records", "save", self.app.folders.records_dir, self.write_export,
                    suggested_name=_("Crazy Eights {date}").format(date=stamp))

    def import_record(self) -> None:
        """Choose a record from the records folder, then play it on."""
        self.app.go("records", "open", self.app.folders.records_dir, self.read_import)

    def write_export(self, path: Path) -> bool:
        """Save this match and its players to ``path`` (".json" added); False (with a notice) on failure."""
        if path.suffix.lower() != ".json":
            path = path.with_name(path.name + ".json")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            export_saved_game(self.table.session.saved_game(), path)
        except (OSError, TypeError) as error:
            self.app.notify(_("The game record could not be saved: {error}")
                            .format(error=os_error_words(error)), problem=True)
            return False
        self.app.notify(_("Game record saved as {name}.").format(name=path.name))
        return True

    def read_import(self, path: Path) -> bool:
        """Load a record file and continue that match at a new table (asking first: this match is given up
        and counts as abandoned); False (with a notice) if unusable."""
        try:
            saved = match_desk(self.app).read_record(path)
        except RecordFileError as error:
            self.app.notify(problem_text(error), problem=True)
            return False
        return play_imported(self.app, saved, path.name, self.seats_for)

    def seats_for(self, players: int) -> tuple[Seat, ...]:
        """Players for a record that names none: this table's if they fit, else the player and medium opponents."""
        seats = self.table.session.seats
        if len(seats) == players:
            return seats
        return default_table(self.app.settings.player_name, players)
