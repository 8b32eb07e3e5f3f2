"""The language setting: what "System" finds on each operating system, and switching at once."""
from __future__ import annotations

import json
import subprocess

import pytest

from game.store.settings import LANGUAGES
from game.ui import i18n
from game.ui.language import (LANGUAGE_CHOICES, macos_languages, resolve, spoken_language, system_language)


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(("locale_name", "language"), [
    ("de_AT", "de"), ("de_DE.UTF-8", "de"), ("de-CH", "de"), ("el_GR", "el"), ("el_GR.utf8@euro", "el"),
    ("no", "nb"), ("nn", "nb"), ("nb_NO", "nb"), ("nn-NO", "nb"), ("nb", "nb"), ("en_GB", "en"),
    ("fr_FR", None), ("", None), (None, None), ("C", None),
])
def test_a_locale_name_maps_to_a_language_the_game_speaks(locale_name, language):
    assert spoken_language(locale_name) == language


@pytest.mark.parametrize(("environ", "language"), [
    ({"LANGUAGE": "de_AT:en"}, "de"),
    ({"LANGUAGE": "fr:el"}, "el"),             # the first of the list the game speaks
    ({"LANGUAGE": "fr"}, "en"),                # set, but none of ours: English
    ({"LC_ALL": "nb_NO.UTF-8", "LANG": "de_DE.UTF-8"}, "nb"),
    ({"LC_MESSAGES": "el_GR.UTF-8", "LANG": "de_DE.UTF-8"}, "el"),
    ({"LANG": "nn_NO.UTF-8"}, "nb"),
    ({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}, "de"),   # C is no choice: look further
    ({}, "en"),
])
def test_linux_follows_the_gettext_variables_in_their_order(environ, language):
    assert system_language(environ, "linux") == language


def test_windows_asks_for_the_user_interface_language():
    assert system_language({}, "win32", windows=lambda: "de_AT") == "de"
    assert system_language({}, "win32", windows=lambda: "nb_NO") == "nb"
    assert system_language({}, "win32", windows=lambda: None) == "en"
    assert system_language({}, "win32", windows=lambda: "ja_JP") == "en"
    assert system_language({"LANGUAGE": "el"}, "win32", windows=lambda: "de_DE") == "el", "a variable set wins"


def test_macos_reads_the_preferred_languages_and_gives_up_quickly():
    def answer(stdout):
        def run(command, **options):
            assert command == ["defaults", "read", "-g", "AppleLanguages"] and options["timeout"] <= 2
            return subprocess.CompletedProcess(command, 0, stdout=stdout, stderr="")
        return run

    assert macos_languages(answer('(\n    "el-GR",\n    "en-GB"\n)\n')) == "el-GR"
    assert system_language({}, "darwin", macos=lambda: macos_languages(answer('(\n    "nb-NO"\n)\n'))) == "nb"
    assert system_language({}, "darwin", macos=lambda: macos_languages(answer(""))) == "en"

    def slow(command, **options):
        raise subprocess.TimeoutExpired(command, options["timeout"])

    def missing(command, **options):
        raise FileNotFoundError(command[0])

    assert macos_languages(slow) is None and macos_languages(missing) is None
    assert system_language({}, "darwin", macos=lambda: macos_languages(slow)) == "en"


def test_the_setting_and_the_choices_agree():
    assert tuple(key for key, _ in LANGUAGE_CHOICES) == LANGUAGES
    assert resolve("de") == "de" and resolve("system", system=lambda: "el") == "el"


# ----- switching in the settings screen -------------------------------------------------------


def saved_language(home) -> str:
    return json.loads((home / "config" / "settings.json").read_text())["data"]["language"]


def test_choosing_a_language_changes_every_screen_at_once_and_is_kept(app, ui, home):
    import pygame

    app.main_menu()
    ui.step()
    ui.click(ui.button("Settings"))
    settings = app.scenes.top
    ui.choose(settings.language, "Deutsch")
    assert saved_language(home) == "de"
    assert app.scenes.top is settings and ui.has_button("Zurück"), "the settings screen speaks German at once"
    assert settings.language.selected_option[1] == "de"
    assert pygame.display.get_caption()[0] == i18n._("Crazy Eights")
    ui.key(pygame.K_ESCAPE)
    assert ui.has_button("Neues Spiel") and not ui.has_button("New game"), "the main menu below too"

    ui.click(ui.button("Einstellungen"))
    ui.choose(app.scenes.top.language, "English")
    assert saved_language(home) == "en" and ui.has_button("Back")
    ui.key(pygame.K_ESCAPE)
    assert ui.has_button("New game")


def test_system_follows_the_environment_and_a_restart_keeps_the_choice(make_app, home, monkeypatch):
    from game.ui.scenes.settings import SettingsScene

    monkeypatch.setenv("LANGUAGE", "el")
    app = make_app()
    assert app.settings.language == "system" and app.language == "el"
    app.main_menu()
    app.step()
    texts = {b.text for b in app.ui_manager.get_sprite_group().sprites() if hasattr(b, "text")}
    assert i18n._("New game") in texts and i18n._("New game") != "New game"

    app.push(SettingsScene(app))
    app.step()
    app.scenes.top.change(language="nb")
    restarted = make_app()
    assert restarted.language == "nb", "the stored choice outranks the system"


def test_the_untouched_default_name_is_said_in_the_players_language():
    from game.ui import i18n

    try:
        i18n.set_language("de")
        assert i18n.shown_player_name("You") == "Du"
        assert i18n.shown_player_name("Tess") == "Tess"
    finally:
        i18n.set_language("en")
    assert i18n.shown_player_name("You") == "You"


def test_averages_use_the_languages_decimal_mark():
    from game.ui import i18n

    assert i18n.decimal_text(28.5, 1) == "28.5" and i18n.decimal_text(13.0, 1) == "13"
    try:
        i18n.set_language("de")
        assert i18n.decimal_text(28.5, 1) == "28,5"
    finally:
        i18n.set_language("en")


def test_dates_are_written_the_way_each_language_writes_them():
    import datetime

    from game.ui import i18n

    moment = datetime.datetime(2026, 3, 7, 9, 5)
    expected = {"en": "2026-03-07 09:05", "de": "07.03.2026 09:05", "el": "07/03/2026 09:05",
                "nb": "07.03.2026 09:05"}
    try:
        for language, text in expected.items():
            i18n.set_language(language)
            assert i18n.date_time_text(moment) == text
    finally:
        i18n.set_language("en")


def test_the_default_name_follows_the_language_in_settings_and_at_the_table(app, ui, home):
    import pygame

    from game.session import Seat
    from game.ui.scenes.settings import SettingsScene
    from game.ui.sessions import session_for
    from game.ui.table import TableScene
    from game.rules import Match, preset

    app.main_menu()
    ui.step()
    app.push(SettingsScene(app))
    ui.step()
    ui.choose(app.scenes.top.language, "Deutsch")
    settings = app.scenes.top
    assert settings.name_entry.get_text() == "Du", "the default name in the box speaks German"
    # Typing the default in any language keeps it the default ("no name of one's own").
    for typed in ("Du", "Εσύ", "You"):
        settings.name_entry.set_text(typed)
        pygame.event.post(pygame.event.Event(pygame_gui_changed(), ui_element=settings.name_entry, text=typed))
        ui.step(2)
        assert json.loads((home / "config" / "settings.json").read_text())["data"]["player_name"] == "You"
    ui.choose(settings.language, "Ελληνικά")
    assert app.scenes.top.name_entry.get_text() == "Εσύ"

    # At the table: a match started in German shows the person as "Εσύ" in Greek, and saves "You".
    rules = preset("crazy_eights", 3)
    seats = (Seat(app.settings.player_name, "human"), Seat("Ada", "easy"), Seat("Bruno", "easy"))
    table = TableScene(app, session_for(app, Match(rules, 3), seats))
    app.push(table)
    ui.step()
    assert table.session.name(0) == "Εσύ"
    assert table.session.view().seats[0].name == "Εσύ"
    assert table.session.saved_game().seats[0].name == "You"
    # An older save that kept the German word is the default name all the same.
    assert i18n.shown_player_name("Du") == "Εσύ" and i18n.shown_player_name("Tess") == "Tess"


def pygame_gui_changed():
    import pygame_gui

    return pygame_gui.UI_TEXT_ENTRY_CHANGED
