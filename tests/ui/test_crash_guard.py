"""An error nobody expected in a frame no longer ends the game: the autosave stays as the last whole move
left it, a crash report goes to the log folder, and a message offers the main menu or quitting (issue 19).
In the real App with real events, and in a real process made to fail by CRAZY_EIGHTS_FAULT."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame

from game.ui.crash import CRASH_STATUS, MAX_CRASHES, CrashScene
from game.ui.scenes.menu import MainMenuScene

from tests.ui.test_menus import open_table

ROOT = Path(__file__).resolve().parents[2]


def table_with_an_autosave(app, ui):
    table = open_table(app, ui)
    while table.session.match.current_seat != 0 and not table.session.match.hand.over:
        ui.step()
    table.session.apply(table.session.match.legal_moves()[0])
    app.autosave_store.settle()   # the move's autosave is written by the store's thread
    path = app.autosave_store.path
    assert path.is_file()
    return table, path.read_bytes()


def fail_in_update(scene, message: str = "boom") -> None:
    def update(dt):
        raise RuntimeError(message)

    scene.update = update


def reports(app) -> list[Path]:
    folder = app.folders.log_dir
    return sorted(folder.glob("crash-*.txt")) if folder.is_dir() else []


def test_an_error_at_the_table_keeps_the_autosave_writes_a_report_and_offers_the_menu(app, ui):
    table, saved = table_with_an_autosave(app, ui)
    fail_in_update(table, "boom at the table")
    app.frame()
    assert isinstance(app.scenes.top, CrashScene) and len(app.scenes) == 1
    [report] = reports(app)
    text = report.read_text(encoding="utf-8")
    assert "RuntimeError: boom at the table" in text and "Traceback" in text
    assert "scenes (bottom first): MainMenuScene > TableScene" in text
    assert "version: " in text and "platform: " in text and "autosave kept: True" in text
    assert app.crash_reports == [report]
    # The crashed session writes nothing more, whatever it is asked.
    table.session.autosave()
    table.session.clear_autosave()
    assert app.autosave_store.path.read_bytes() == saved
    ui.step(2)
    message = app.scenes.top.text
    assert "Continue on the main menu resumes it" in message and report.name in message
    ui.click(ui.button("Main menu"))
    assert isinstance(app.scenes.top, MainMenuScene) and app.running
    assert ui.has_button("Continue")
    assert app.autosave_store.path.read_bytes() == saved


def test_quit_on_the_crash_message_ends_the_loop_and_enter_goes_to_the_menu(app, ui):
    app.go("settings")
    ui.step(2)
    fail_in_update(app.scenes.top)
    app.frame()
    assert isinstance(app.scenes.top, CrashScene)
    assert "Continue" not in app.scenes.top.text   # no saved match to speak of
    ui.key(pygame.K_RETURN)
    assert isinstance(app.scenes.top, MainMenuScene)
    app.go("rules")
    ui.step(2)
    fail_in_update(app.scenes.top)
    app.frame()
    ui.click(ui.button("Quit"))
    assert not app.running and len(reports(app)) == 2


def test_an_error_in_the_crash_message_itself_or_too_many_errors_quit(app, ui):
    app.go("settings")
    ui.step(2)
    fail_in_update(app.scenes.top)
    app.frame()
    fail_in_update(app.scenes.top, "the message fails too")
    app.frame()
    assert not app.running and len(reports(app)) == 2
    app.running = True
    for _crash in range(MAX_CRASHES):
        app.main_menu()
        fail_in_update(app.scenes.top)
        app.frame()
    assert not app.running and app.crashes == MAX_CRASHES + 2


def test_an_error_in_a_drawing_path_of_pygame_gui_is_caught_too(app, ui):
    app.go("statistics")
    ui.step(2)
    statistics = app.scenes.top

    def draw(surface):
        raise pygame.error("Text has zero width")

    statistics.draw = draw
    app.frame()
    assert isinstance(app.scenes.top, CrashScene)
    assert "pygame.error: Text has zero width" in reports(app)[0].read_text(encoding="utf-8")


def autoplay(home: Path, fault: str | None) -> subprocess.CompletedProcess:
    environment = dict(os.environ, CRAZY_EIGHTS_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    environment.pop("CRAZY_EIGHTS_FAULT", None)
    if fault:
        environment["CRAZY_EIGHTS_FAULT"] = fault
    return subprocess.run([sys.executable, str(ROOT / "main.py"), "--autoplay"], cwd=ROOT, env=environment,
                          capture_output=True, text=True, timeout=240)


def test_a_real_game_process_made_to_fail_mid_match_reports_keeps_the_match_and_quits_with_status_70(tmp_path):
    crashed = autoplay(tmp_path, "TableScene:60")
    assert crashed.returncode == CRASH_STATUS, crashed.stderr[-2000:]
    lines = crashed.stdout.splitlines()
    saves = [int(line.split()[1]) for line in lines if line.startswith("saved ")]
    assert saves and lines[-1].startswith("crashed ")
    report = Path(lines[-1].split(" ", 1)[1])
    assert report.parent == tmp_path / "logs" and report.is_file()
    text = report.read_text(encoding="utf-8")
    assert "InjectedFault: fault injected by CRAZY_EIGHTS_FAULT in TableScene" in text
    assert "scenes (bottom first): MainMenuScene > TableScene" in text
    # The match goes on from the last move saved before the error.
    resumed = autoplay(tmp_path, None)
    assert resumed.returncode == 0, resumed.stderr[-2000:]
    first = next(line for line in resumed.stdout.splitlines() if line.startswith("resumed "))
    assert int(first.split()[1]) == saves[-1]
    assert resumed.stdout.splitlines()[-1] == "over"


def test_crash_reports_go_to_the_platforms_log_folder_or_logs_under_the_home_override(tmp_path):
    import platformdirs

    from game.store import UserFolders

    assert UserFolders.default(environ={}).log_dir == Path(platformdirs.user_log_dir("crazy-eights",
                                                                                      appauthor=False))
    assert UserFolders.default(environ={"CRAZY_EIGHTS_HOME": str(tmp_path)}).log_dir == tmp_path / "logs"
    assert UserFolders(tmp_path / "c", tmp_path / "d").log_dir == tmp_path / "d" / "logs"
