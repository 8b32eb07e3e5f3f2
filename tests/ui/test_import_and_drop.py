"""Bringing a record in: Import over a match in play asks first and counts it as abandoned; a file
dropped onto the window opens (replayed when finished, played on when not); the open dialog takes a
typed path. Real pygame events on the dummy driver, real files."""
from __future__ import annotations

import random

import pygame

from game.rules import Match, preset
from game.rules.match import play_randomly
from game.session import Seat
from game.store import StatisticsStore
from game.store.saved_game import SavedGame, SavedSeat, export_saved_game
from game.ui.scenes.menu import MainMenuScene
from game.ui.scenes.message import ConfirmScene
from game.ui.scenes.pause import PauseScene
from game.ui.sessions import session_for

SEATS = (SavedSeat("Tess", "human"), SavedSeat("Ada", "easy"), SavedSeat("Bo", "easy"))


def open_table(app, ui, seed=5):
    from game.ui.table import TableScene

    app.main_menu()
    seats = [Seat("You", "human"), Seat("Ada", "easy"), Seat("Bruno", "easy")]
    table = TableScene(app, session_for(app, Match(preset("crazy_eights", 3), seed=seed), seats))
    app.push(table)
    ui.step(3)
    return table


def record_file(tmp_path, name="sent.json", finished=False, seed=11):
    """A record someone sent: a match two moves in, or a whole one."""
    match = Match(preset("crazy_eights", 3).replace(match_end="single_hand"), seed)
    if finished:
        play_randomly(match, random.Random(seed))
    else:
        for _move in range(2):
            match.apply(match.legal_moves()[0])
    path = tmp_path / "elsewhere" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    export_saved_game(SavedGame(match.to_record(), SEATS, match_id="sent1"), path)
    return path, match.to_record()


def abandoned(app) -> int:
    return sum(entry.matches_abandoned for entry in StatisticsStore(app.folders).load()[0].entries)


def drop(ui, path) -> None:
    pygame.event.post(pygame.event.Event(pygame.DROPFILE, file=str(path)))
    ui.step(3)


def type_path(ui, dialog, text: str) -> None:
    ui.click(dialog.path_entry)
    for char in text:  # pygame_gui takes typed characters from TEXTINPUT events, as SDL sends them
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    ui.step(2)


def import_through_the_pause_menu(app, ui, path) -> None:
    ui.key(pygame.K_ESCAPE)
    ui.click(ui.button("Import game record…"))
    dialog = app.scenes.top
    assert not ui.button("Open").is_enabled
    type_path(ui, dialog, str(path))
    assert ui.button("Open").is_enabled
    ui.click(ui.button("Open"))


def test_import_over_a_match_in_play_asks_and_cancel_keeps_it_uncounted(app, ui, tmp_path):
    table = open_table(app, ui)
    path, _record = record_file(tmp_path)
    import_through_the_pause_menu(app, ui, path)

    question = app.scenes.top
    assert isinstance(question, ConfirmScene) and question.title == "Abandon the current match?"
    assert "sent.json" in question.text
    ui.click(ui.button("Cancel"))

    assert isinstance(app.scenes.top, PauseScene) and app.scenes.top.table is table
    assert abandoned(app) == 0 and app.autosave_store.exists()


def test_import_over_a_match_in_play_counts_it_abandoned_once_and_plays_the_record(app, ui, tmp_path):
    from game.ui.table import TableScene

    table = open_table(app, ui)
    path, record = record_file(tmp_path)
    import_through_the_pause_menu(app, ui, path)
    ui.click(ui.button("Abandon"))
    ui.step(3)

    imported = app.scenes.top
    assert isinstance(imported, TableScene) and imported is not table
    assert imported.session.match.to_record() == record
    assert [type(scene) for scene in app.scenes] == [MainMenuScene, TableScene]
    assert abandoned(app) == 1
    # The autosave now holds the imported match, not the one given up.
    from game.store.saved_game import load_autosave

    saved, _problem = load_autosave(app.autosave_store)
    assert saved.record["seed"] == record["seed"] and saved.match_id == "sent1"


def test_a_dropped_finished_record_opens_in_the_replay_viewer(app, ui, tmp_path):
    from game.ui.replay.scene import ReplayScene

    app.main_menu()
    ui.step()
    path, record = record_file(tmp_path, finished=True)
    drop(ui, path)
    assert isinstance(app.scenes.top, ReplayScene)
    assert abandoned(app) == 0 and not app.autosave_store.exists()


def test_a_dropped_unfinished_record_plays_on_and_over_a_saved_match_asks_first(app, ui, tmp_path):
    from game.ui.table import TableScene

    open_table(app, ui)
    ui.key(pygame.K_ESCAPE)
    ui.click(ui.button("Quit to menu"))  # the match stays saved for Continue
    assert app.autosave_store.exists()
    path, record = record_file(tmp_path)

    drop(ui, path)
    assert isinstance(app.scenes.top, ConfirmScene)
    ui.click(ui.button("Abandon"))
    ui.step(3)

    assert isinstance(app.scenes.top, TableScene) and app.scenes.top.session.match.to_record() == record
    assert abandoned(app) == 1


def test_a_dropped_record_with_nothing_saved_opens_at_once(app, ui, tmp_path):
    from game.ui.table import TableScene

    app.main_menu()
    ui.step()
    path, record = record_file(tmp_path)
    drop(ui, path)
    assert isinstance(app.scenes.top, TableScene) and app.scenes.top.session.match.to_record() == record
    assert "Game record sent.json loaded." in app.notices.texts()


def test_a_dropped_file_that_is_no_record_says_why(app, ui, tmp_path):
    app.main_menu()
    ui.step()
    photo = tmp_path / "holiday.png"
    photo.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * 64)
    drop(ui, photo)
    assert isinstance(app.scenes.top, MainMenuScene)
    [notice] = app.notices.texts()
    assert notice.startswith("holiday.png")


def test_a_typed_path_relative_to_the_records_folder_opens(app, ui, tmp_path):
    open_table(app, ui)
    app.folders.records_dir.mkdir(parents=True)
    path, record = record_file(tmp_path)
    (app.folders.records_dir / "sub").mkdir()
    (app.folders.records_dir / "sub" / "copy.json").write_bytes(path.read_bytes())
    import_through_the_pause_menu(app, ui, "sub/copy.json")
    assert isinstance(app.scenes.top, ConfirmScene)
    assert "copy.json" in app.scenes.top.text


def test_a_typed_path_to_nothing_says_so_and_stays_paused(app, ui, tmp_path):
    table = open_table(app, ui)
    import_through_the_pause_menu(app, ui, tmp_path / "missing.json")
    assert isinstance(app.scenes.top, PauseScene) and app.scenes.top.table is table
    assert any("missing.json does not exist" in text for text in app.notices.texts())
