"""A catalogue cut short or not a catalogue at all leaves the game in English, with a notice, instead of
stopping it at start (issue 19: ``struct.error``, "Bad magic number"), ``--smoke`` included."""
from __future__ import annotations

import dataclasses
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.ui import i18n
from tests.portability import can_make_links

ROOT = Path(__file__).resolve().parents[2]
GERMAN = ROOT / "game" / "ui" / "locale" / "de" / "LC_MESSAGES" / "crazy-eights.mo"


def damaged_copies() -> dict[str, bytes]:
    whole = GERMAN.read_bytes()
    return {"cut to 100 bytes": whole[:100], "cut in half": whole[:len(whole) // 2],
            "not a catalogue": b"Hello, this is not a catalogue at all.\n" * 10, "empty": b"",
            "a bad header": whole[:4] + b"\xff" * 24 + whole[28:]}


@pytest.fixture
def locale_dir(tmp_path, monkeypatch):
    """A copy of the game's catalogues in a temp folder, read by i18n instead of the real ones."""
    copy = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, copy)
    monkeypatch.setattr(i18n, "LOCALE_DIR", copy)
    yield copy
    i18n.set_language("en")
    i18n.take_unreadable_catalogues()


@pytest.mark.parametrize("damage", list(damaged_copies()))
def test_a_damaged_catalogue_gives_english_and_is_named_once(locale_dir, damage):
    catalogue = locale_dir / "de" / "LC_MESSAGES" / "crazy-eights.mo"
    catalogue.write_bytes(damaged_copies()[damage])
    i18n.set_language("de")
    assert i18n.current_language() == "en"
    assert i18n._("Settings") == "Settings"
    assert i18n.take_unreadable_catalogues() == [str(catalogue)]
    assert i18n.take_unreadable_catalogues() == []
    i18n.set_language("el")   # the other catalogues still work
    assert i18n.current_language() == "el" and i18n._("Settings") != "Settings"


def test_choosing_a_language_whose_catalogue_is_damaged_says_so_and_the_screens_stay_english(
        locale_dir, app, ui):
    (locale_dir / "de" / "LC_MESSAGES" / "crazy-eights.mo").write_bytes(damaged_copies()["cut in half"])
    app.go("settings")
    ui.step(2)
    app.save_settings(dataclasses.replace(app.settings, language="de"))
    ui.step(2)
    assert app.notices.texts() == ["The translation for Deutsch is damaged, so the game speaks English."]
    assert ui.has_button("Back")


def test_starting_in_a_language_whose_catalogue_is_damaged_shows_the_notice_on_the_menu(locale_dir, make_app,
                                                                                          home):
    (locale_dir / "nb" / "LC_MESSAGES" / "crazy-eights.mo").write_bytes(damaged_copies()["not a catalogue"])
    first = make_app()
    first.save_settings(dataclasses.replace(first.settings, language="nb"))
    first.take_startup_problems()
    app = make_app()
    app.main_menu()
    app.step()
    assert "The translation for Norsk bokmål is damaged, so the game speaks English." in app.notices.texts()


def test_smoke_runs_in_english_from_a_copy_of_the_game_whose_german_catalogue_is_cut_short(tmp_path):
    """A real ``main.py --smoke`` of a copy of the game (the same code, its German catalogue cut in half),
    asked for German by the environment."""
    copy = tmp_path / "game-copy"
    copy.mkdir()
    shutil.copytree(ROOT / "game", copy / "game", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(ROOT / "main.py", copy / "main.py")
    if can_make_links():
        (copy / "assets").symlink_to(ROOT / "assets", target_is_directory=True)
    else:  # Windows without the right to make links: the assets are small enough to copy
        shutil.copytree(ROOT / "assets", copy / "assets")
    (copy / "game" / "ui" / "locale" / "de" / "LC_MESSAGES" / "crazy-eights.mo").write_bytes(
        damaged_copies()["cut in half"])
    environment = dict(os.environ, LANGUAGE="de", PYTHONDONTWRITEBYTECODE="1")
    environment.pop("PYTHONPATH", None)
    finished = subprocess.run([sys.executable, "main.py", "--smoke"], cwd=copy, env=environment,
                              capture_output=True, text=True, timeout=240)
    assert finished.returncode == 0, finished.stderr[-2000:]
    assert "smoke: ok" in finished.stdout
    assert "window: 'Crazy Eights'" in finished.stdout   # English: the copy's own, damaged, catalogue was read
    assert "crazy-eights.mo could not be read, English instead" in finished.stderr
