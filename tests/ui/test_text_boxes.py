"""The name boxes of the export dialog and Settings, driven with real pygame events: what the UI monkey
and the players typed that ended the game (issue 19) now leaves a box with drawable text."""
from __future__ import annotations

import itertools

import pygame
import pytest

from game.ui.scenes.records import RecordsScene
from game.ui.scenes.settings import SettingsScene

from tests.ui.test_menus import open_table, pick_record


def typed(ui, text: str) -> None:
    """Type ``text`` as SDL sends it: one TEXTINPUT event."""
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    ui.step(2)


def select_all(ui) -> None:
    ui.key(pygame.K_a, mod=pygame.KMOD_CTRL)


def open_export(app, ui, records=()) -> RecordsScene:
    app.folders.records_dir.mkdir(parents=True, exist_ok=True)
    for stem in records:
        (app.folders.records_dir / f"{stem}.json").write_text("{}")
    open_table(app, ui)
    ui.key(pygame.K_ESCAPE)
    ui.click(ui.button("Export game record…"))
    dialog = app.scenes.top
    assert isinstance(dialog, RecordsScene) and dialog.name_entry.is_focused
    return dialog


def open_settings(app, ui) -> SettingsScene:
    app.go("settings")
    ui.step(2)
    settings = app.scenes.top
    ui.click(settings.name_entry)
    return settings


def click_end_of(ui, entry) -> None:
    rect = entry.get_abs_rect()
    ui.click_at((rect.right - 4, rect.centery))


@pytest.mark.parametrize("invisible", ["\u200b", "\u202e", "\ufeff\u200d", "\u0301"])
def test_select_all_then_an_invisible_character_in_the_export_name_leaves_the_name_as_it_was(app, ui, invisible):
    dialog = open_export(app, ui)
    before = dialog.name_entry.get_text()
    select_all(ui)
    typed(ui, invisible)
    assert dialog.name_entry.get_text() == before and app.scenes.top is dialog
    typed(ui, "x")  # the selection is still there: a real letter replaces it
    assert dialog.name_entry.get_text() == "x" and dialog.name == "x"


@pytest.mark.parametrize("invisible", ["\u200b", "\u202e"])
def test_select_all_then_an_invisible_character_in_the_settings_name_saves_nothing_strange(app, ui, home, invisible):
    settings = open_settings(app, ui)
    select_all(ui)
    typed(ui, invisible)
    assert settings.name_entry.get_text() == "You" and app.settings.player_name == "You"
    typed(ui, f"Ada{invisible}Lovelace")
    assert settings.name_entry.get_text() == "AdaLovelace"
    assert app.settings_store.load()[0].player_name == "AdaLovelace"


def test_select_all_pick_a_record_click_the_end_of_name_and_delete(app, ui):
    dialog = open_export(app, ui, records=["keep"])
    select_all(ui)
    pick_record(ui, dialog, "keep")
    assert dialog.name_entry.get_text() == "keep"
    click_end_of(ui, dialog.name_entry)
    ui.key(pygame.K_DELETE)
    assert dialog.name_entry.get_text() == "keep" and app.scenes.top is dialog
    ui.key(pygame.K_BACKSPACE)
    assert dialog.name_entry.get_text() == "kee" and dialog.name == "kee"


def test_select_all_pick_a_record_then_delete_at_once(app, ui):
    dialog = open_export(app, ui, records=["keep", "a much longer record name"])
    select_all(ui)
    pick_record(ui, dialog, "keep")
    ui.key(pygame.K_DELETE)  # the old selection is gone with the old text: nothing is selected now
    assert dialog.name_entry.get_text() == "keep"
    select_all(ui)
    pick_record(ui, dialog, "a much longer record name")
    ui.key(pygame.K_BACKSPACE)
    assert dialog.name_entry.get_text() == "a much longer record nam"
    typed(ui, "e")
    ui.click(ui.button("Save"))
    ui.click(ui.button("Replace"))
    assert (app.folders.records_dir / "a much longer record name.json").stat().st_size > 2


def test_a_pasted_name_keeps_its_drawable_characters(app, ui):
    from pygame_gui.core.utility import clipboard_copy

    dialog = open_export(app, ui)
    clipboard_copy("my\u200b game\n\u202e")
    select_all(ui)
    ui.key(pygame.K_v, mod=pygame.KMOD_CTRL)
    assert dialog.name_entry.get_text() == "my game"


def test_any_two_gestures_after_select_all_never_end_the_export_dialog(app, ui):
    """Every pair of the gestures that broke it, after a select all: no exception, and a selection left
    in the box lies inside its text."""
    dialog = open_export(app, ui, records=["keep", "a much longer record name"])
    gestures = {
        "select all": lambda d: select_all(ui),
        "pick short": lambda d: pick_record(ui, d, "keep"),
        "pick long": lambda d: pick_record(ui, d, "a much longer record name"),
        "click end": lambda d: click_end_of(ui, d.name_entry),
        "delete": lambda d: ui.key(pygame.K_DELETE),
        "backspace": lambda d: ui.key(pygame.K_BACKSPACE),
        "shift left": lambda d: ui.key(pygame.K_LEFT, mod=pygame.KMOD_SHIFT),
        "zero width": lambda d: typed(ui, "\u200b"),
    }
    for sequence in itertools.product(gestures, repeat=2):
        app.pop()
        ui.step()
        ui.click(ui.button("Export game record…"))
        dialog = app.scenes.top
        select_all(ui)
        for gesture in sequence:
            gestures[gesture](dialog)
        assert app.scenes.top is dialog, sequence
        entry = dialog.name_entry
        if entry.select_range[0] != entry.select_range[1]:  # a selection lies inside the text it selects
            assert 0 <= min(entry.select_range) <= max(entry.select_range) <= len(entry.get_text()), sequence
