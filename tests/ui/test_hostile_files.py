"""Hostile and damaged files, and nothing lost, through the game's own paths: start the App, open
the screens, Continue, start a new game over a saved match, play at a table whose data folder
cannot be written."""
from __future__ import annotations

import json
import os

import pygame
import pytest

from game.rules import Match, preset
from game.session import Seat
from game.store import AutosaveStore, StatisticsStore, UserFolders
from game.store.settings import SETTINGS_FORMAT
from game.store.statistics import STATISTICS_FORMAT

from tests.ui.test_menus import autosave_match, open_menu
from game.ui.scenes.menu import MainMenuScene
from game.ui.scenes.message import ConfirmScene
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.statistics import StatisticsScene
from game.ui.sessions import session_for



def _document(path, kind: str, data) -> bytes:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": kind, "version": 1, "data": data}))
    return path.read_bytes()


def test_statistics_with_a_count_of_ten_to_the_309_are_refused_and_the_screen_opens(make_app, home):
    good = {"preset_id": "crazy_eights", "level": "easy", "hands_played": 2, "hands_won": 1}
    huge = {"preset_id": "crazy_eights", "level": "hard", "hands_played": 10**309, "hands_won": 1}
    original = _document(home / "data" / "statistics.json", STATISTICS_FORMAT, {"entries": [good, huge]})
    app = make_app()
    app.main_menu()
    app.step()
    assert app.notices.texts() == [
        "1 damaged statistics entry was left out. The old copy is saved as statistics.json.bak."]
    assert (home / "data" / "statistics.json.bak").read_bytes() == original

    app.go("statistics")
    app.step()
    scene = app.scenes.top
    assert isinstance(scene, StatisticsScene)
    assert scene.shown_rows()[0][:4] == ["Crazy Eights", "Easy", "2", "50%"]
    assert len(app.notices.texts()) == 1  # told once: the screen's own load is quiet


def test_a_list_where_a_preset_name_belongs_resets_the_choice_and_new_game_and_rules_open(make_app, home):
    path = home / "config" / "settings.json"
    _document(path, SETTINGS_FORMAT, {"player_name": "Ada",
                                      "last_new_game": {"preset": ["crazy_eights"], "players": 3}})
    app = make_app()
    assert app.settings.player_name == "Ada" and app.settings.last_new_game == {}
    app.main_menu()
    app.step()
    [notice] = app.notices.texts()
    assert notice.startswith("Some settings were not valid and are back to their defaults: "
                             "your last New game choices")
    assert (home / "config" / "settings.json.bak").is_file()
    app.go("new_game")
    app.step()
    assert isinstance(app.scenes.top, NewGameScene) and app.scenes.top.preset_id == "crazy_eights"
    app.pop()
    app.go("rules")
    app.step()
    assert isinstance(app.scenes.top, RulesScene)


@pytest.mark.skipif(not hasattr(os, "symlink") or os.name != "posix", reason="needs symbolic links")
def test_a_settings_file_that_cannot_be_read_is_kept_said_once_and_never_saved_over(make_app, home):
    path = home / "config" / "settings.json"
    path.parent.mkdir(parents=True)
    os.symlink(path.name, path)  # a loop: unreadable for root as well
    app = make_app()
    app.main_menu()
    app.step()
    [notice] = app.notices.texts()
    assert notice.startswith("settings.json could not be read (")
    assert "will not save over it" in notice

    import dataclasses

    app.save_settings(dataclasses.replace(app.settings, player_name="Zoë"))
    assert os.readlink(path) == path.name  # not replaced by the save
    assert app.notices.texts() == [notice]  # and the refusal is not news


def test_a_folder_in_place_of_the_autosave_is_said_at_start_and_autosaving_works_again(make_app, home):
    (home / "data" / "autosave.json").mkdir(parents=True)
    app = make_app()
    app.main_menu()
    app.step()
    assert app.notices.texts() == ["autosave.json is not a file. The saved match cannot be resumed. "
                                   "The old copy is saved as autosave.json.bak."]
    seats = [Seat("You", "human"), Seat("Ada", "easy"), Seat("Bruno", "easy")]
    session = session_for(app, Match(preset("crazy_eights", 3), seed=3), seats)
    session.autosave()
    session.close()
    app.autosave_store.settle()   # written by the store's thread
    assert AutosaveStore(UserFolders.default()).exists()


def test_new_game_over_a_saved_match_asks_first_and_counts_it_abandoned(app, ui, home):
    saved = autosave_match(home)
    open_menu(app, ui)
    ui.click(ui.button("New game"))
    ui.click(ui.button("Start"))
    question = app.scenes.top
    assert isinstance(question, ConfirmScene) and question.title == "Abandon the saved match?"
    ui.key(pygame.K_RETURN)  # Enter is Cancel: nothing lost
    assert isinstance(app.scenes.top, NewGameScene)
    store = AutosaveStore(UserFolders.default())
    assert store.load()[0]["record"] == saved.to_record()

    ui.click(ui.button("Start"))
    ui.click(ui.button("Abandon"))
    from game.ui.table import TableScene

    assert isinstance(app.scenes.top, TableScene)
    assert [type(s) for s in app.scenes] == [MainMenuScene, TableScene]
    entry = StatisticsStore(UserFolders.default()).load()[0].entry("crazy_eights", "easy")
    assert (entry.matches_abandoned, entry.matches_played) == (1, 0)
    record = store.load()[0]
    assert record is None or record["record"] != saved.to_record()


def test_new_game_without_a_saved_match_starts_at_once(app, ui):
    open_menu(app, ui)
    ui.click(ui.button("New game"))
    ui.click(ui.button("Start"))
    from game.ui.table import TableScene

    assert isinstance(app.scenes.top, TableScene)


def test_a_data_folder_that_cannot_be_written_is_said_once_and_play_goes_on(make_app, home):
    (home / "data").write_text("a file where the data folder belongs")
    app = make_app()
    app.main_menu()
    app.step()
    assert app.notices.texts() == []  # nothing to read is no problem yet
    seats = [Seat("You", "human"), Seat("Ada", "easy"), Seat("Bruno", "easy")]
    table = app.go("table", session_for(app, Match(preset("crazy_eights", 3), seed=5), seats))
    for _frame in range(400):
        app.step()
        if table.session.human_turn():
            table.human_move(table.session.view().my_moves[0])
        if len(table.session.history) > 8:
            break
    notices = [text for text in app.notices.texts() if "could not be saved" in text]
    assert notices == [notices[0]] and notices[0].startswith("The match could not be saved (")
    assert not table.session.over and len(table.session.history) > 2  # play went on
