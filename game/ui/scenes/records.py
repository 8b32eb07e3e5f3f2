"""The game's own dialog for saving and opening game records, in the game's records folder.

A list of the records already there (newest first), a name field when
saving, and Save / Open and Cancel. Nothing is ever deleted, and every path
it hands back is absolute: it names a file in the records folder, whatever
the working directory.
"""
from __future__ import annotations

import datetime
from collections.abc import Callable
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.core import ObjectID

from ..i18n import _, date_time_text
from ..safe_text import safe_text
from ..widgets import WidgetScene
from ..widgets.text_entry import SafeTextEntryLine

RECORD_SUFFIX = ".json"
MAX_RECORD_NAME = 40
MAX_LISTED = 200
#: The longest folder path the dialog quotes (it is shortened from the left to fit, anyway).
MAX_FOLDER_CHARACTERS = 160
#: The longest path the File box takes (longer than any real path; bounded like every text box).
MAX_TYPED_PATH = 1024
#: Characters no file name may hold on some system we ship to.
FORBIDDEN = set('/\\:*?"<>|')
#: Names Windows keeps for devices, whatever follows the first dot: "nul.json" there is no file at all.
WINDOWS_DEVICES = frozenset({"CON", "PRN", "AUX", "NUL", *(f"COM{n}" for n in range(1, 10)),
                             *(f"LPT{n}" for n in range(1, 10))})


def record_name_problem(name: str) -> str | None:
    """Why ``name`` cannot name a record file (None when it can)."""
    if not name:
        return _("Type a name for the record.")
    if len(name) > MAX_RECORD_NAME:
        return _("A record name can be at most {count} characters long.").format(count=MAX_RECORD_NAME)
    if name.startswith(".") or not name.isprintable() or FORBIDDEN & set(name):
        return _("A record name cannot start with a dot or hold any of / \\ : * ? \" < > |")
    if name.split(".", 1)[0].rstrip(" ").upper() in WINDOWS_DEVICES:
        # Refused everywhere, so that a record saved here can be copied to any system we ship to.
        return _("CON, PRN, AUX, NUL, COM1 to COM9 and LPT1 to LPT9 name devices on Windows, not files: "
                 "choose another name.")
    return None


def listed_records(folder: Path) -> list[Path]:
    """The record files in ``folder``, newest first (none when the folder does not exist)."""
    try:
        entries = [path for path in folder.iterdir()
                   if path.suffix.lower() == RECORD_SUFFIX and not path.name.startswith(".") and path.is_file()]
    except OSError:
        return []
    entries.sort(key=lambda path: path.stat().st_mtime, reverse=True)
    return entries[:MAX_LISTED]


class RecordsScene(WidgetScene):
    """Save (``mode="save"``) or open (``mode="open"``) a record; ``on_path(path)`` does the work."""

    transparent = True
    dim_alpha = 120

    def __init__(self, app, mode: str, folder: Path, on_path: Callable[[Path], bool], suggested_name: str = ""):
        super().__init__(app)
        if mode not in ("save", "open"):
            raise ValueError(f"mode must be 'save' or 'open', not {mode!r}")
        self.mode = mode
        self.folder = Path(folder).absolute()
        self.on_path = on_path
        self.name = suggested_name
        self.records = listed_records(self.folder)
        self.by_label: dict[str, Path] = {}
        self.record_list = None
        self.name_entry = None
        #: Open: a path typed or pasted (a record someone sent, anywhere on the disk).
        self.typed_path = ""
        self.path_entry = None
        self.action_button = None

    # ----- widgets -------------------------------------------------------------------------------

    def build(self) -> None:
        width, height = self.app.size
        pad, gap = self.px(26), self.px(12)
        button_w, button_h = self.px(170), max(self.text_h(18) + 14, self.px(46))
        row_h = max(self.text_h(16) + 10, self.px(40))
        box = pygame.Rect(0, 0, min(width - 60, self.px(640)), min(height - 60, self.px(560)))
        box.center = (width // 2, height // 2)
        panel = self.frame(box, starting_height=4, name="records_panel")
        inner_w, inner_h = panel.get_container().get_rect().size
        title = _("Save game record") if self.mode == "save" else _("Open game record")
        heading_h = self.text_h(21)
        self.label((pad, pad - self.px(6), inner_w - 2 * pad, heading_h), title, "@heading", container=panel)
        y = pad + heading_h
        note_h = self.text_h(14)
        self.label((pad, y, inner_w - 2 * pad, note_h), self._folder_line(inner_w - 2 * pad - self.px(12)),
                   "@subtle", container=panel, name="records_folder")
        y += note_h + gap
        bottom = inner_h - pad - button_h
        bottom -= row_h + gap  # the Name box to save, the File box to open
        list_rect = pygame.Rect(pad, y, inner_w - 2 * pad, max(row_h, bottom - gap - y))
        self.by_label = self._labelled(self.records)
        if self.by_label:
            self.record_list = self.add(pygame_gui.elements.UISelectionList(
                list_rect, list(self.by_label), self.manager, container=panel,
                object_id=ObjectID(object_id="#records_list")))
        else:
            self.record_list = None
            empty = _("No records saved yet.") if self.mode == "save" else _("There are no records to open yet.")
            self.label(list_rect.inflate(0, -list_rect.h + row_h), empty, "@subtle", container=panel,
                       name="records_empty")
        if self.mode == "save":
            label_w = self.text_w(_("Name")) + self.px(16)
            self.label((pad, bottom, label_w, row_h), _("Name"), container=panel)
            self.name_entry = self.add(SafeTextEntryLine(
                pygame.Rect(pad + label_w, bottom, inner_w - 2 * pad - label_w, row_h), self.manager,
                container=panel, object_id="#record_name", initial_text=self.name))
            self.name_entry.set_text_length_limit(MAX_RECORD_NAME)
            self.name_entry.focus()
        else:
            label_w = self.text_w(_("File")) + self.px(16)
            self.label((pad, bottom, label_w, row_h), _("File"), container=panel)
            self.path_entry = self.add(pygame_gui.elements.UITextEntryLine(
                pygame.Rect(pad + label_w, bottom, inner_w - 2 * pad - label_w, row_h), self.manager,
                container=panel, object_id="#record_path", initial_text=self.typed_path,
                placeholder_text=_("or type the path of a record file")))
            self.path_entry.set_text_length_limit(MAX_TYPED_PATH)
        y = inner_h - pad - button_h
        left = inner_w // 2 - button_w - gap // 2
        self.button((left, y, button_w, button_h), _("Cancel"), self.app.pop, container=panel, name="records_cancel")
        self.action_button = self.button(
            (inner_w // 2 + gap // 2, y, button_w, button_h), _("Save") if self.mode == "save" else _("Open"),
            self.act, primary=True, container=panel, name="records_action")
        self._refresh_action()

    def _folder_line(self, width: int) -> str:
        """"In <folder>", shortened from the left ("In …/share/crazy-eights/records") to fit ``width``."""
        # A folder's name need not be UTF-8 (surrogates then) nor printable: safe_text shows it.
        parts = self.folder.parts
        for first in range(len(parts)):
            shown = str(Path(*parts[first:])) if first else str(self.folder)
            shown = safe_text(shown if first == 0 else "…/" + shown, max_chars=MAX_FOLDER_CHARACTERS)
            line = _("In {folder}").format(folder=shown)
            if self.text_w(line, 14, bold=False) <= width or first == len(parts) - 1:
                return line
        return _("In {folder}").format(folder=safe_text(str(self.folder), max_chars=MAX_FOLDER_CHARACTERS))

    def _labelled(self, paths: list[Path]) -> dict[str, Path]:
        """Each record under its own row text (two names shown alike get a number)."""
        by_label: dict[str, Path] = {}
        for path in paths:
            label = self._label_for(path)
            number = 2
            while label in by_label:
                label = f"{self._label_for(path)} ({number})"
                number += 1
            by_label[label] = path
        return by_label

    def _label_for(self, path: Path) -> str:
        try:
            stamp = date_time_text(datetime.datetime.fromtimestamp(path.stat().st_mtime))
        except (OSError, ValueError, OverflowError):
            stamp = "?"
        # A file name from disk may hold anything a font cannot draw (not UTF-8, zero-width, controls).
        return f"{safe_text(path.stem, max_chars=MAX_RECORD_NAME + 8)}   ·   {stamp}"

    def _chosen_path(self) -> Path | None:
        """Open: the typed path (relative to the records folder, ``~`` for home) or else the selected record."""
        typed = self.typed_path.strip()
        if typed:
            try:
                path = Path(typed).expanduser()
            except (RuntimeError, ValueError):  # "~nobody/…", a NUL
                path = Path(typed)
            return path if path.is_absolute() else self.folder / path
        return self._selected_path()

    def _selected_path(self) -> Path | None:
        if self.record_list is None:
            return None
        label = self.record_list.get_single_selection()
        return self.by_label.get(label) if label is not None else None

    def _refresh_action(self) -> None:
        if self.action_button is None:
            return
        ready = bool(self.name.strip()) if self.mode == "save" else self._chosen_path() is not None
        if ready:
            self.action_button.enable()
        else:
            self.action_button.disable()

    # ----- actions -------------------------------------------------------------------------------

    def act(self) -> None:
        """Save under the typed name, or open the chosen record."""
        if self.mode == "open":
            path = self._chosen_path()
            if path is not None:
                self._finish(path)
            return
        name = self.name.strip()
        problem = record_name_problem(name)
        if problem is not None:
            self.app.notify(problem, problem=True)
            return
        path = self.folder / f"{name}{RECORD_SUFFIX}"
        if path.exists():
            self.app.go("confirm", _("Replace record"),
                        _("A record called {name} is already there. Replace it?").format(name=name),
                        _("Replace"), lambda: self._finish(path))
            return
        self._finish(path)

    def _finish(self, path: Path) -> None:
        if self.app.scenes.top is self:
            self.app.pop()
        self.on_path(path.absolute())

    def handle_event(self, event) -> bool:
        boxes = [box for box in (self.name_entry, self.path_entry) if box is not None]
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element in boxes:
            if event.ui_element is self.name_entry:
                self.name = event.text
            else:
                self.typed_path = event.text
            self._refresh_action()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element in boxes:
            self.act()
            return True
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and event.ui_element is self.record_list:
            path = self._selected_path()
            if self.mode == "save" and path is not None and self.name_entry is not None:
                self.name_entry.set_text(path.stem)   # the box keeps only what it can draw and show
                self.name = self.name_entry.get_text()
            if self.mode == "open" and path is not None and self.path_entry is not None and self.typed_path:
                self.typed_path = ""  # the record picked is the one to open
                self.path_entry.set_text("")
            self._refresh_action()
            return True
        if (event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION
                and event.ui_element is self.record_list and self.mode == "open"):
            self.act()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.act()
            return True
        return super().handle_event(event)
