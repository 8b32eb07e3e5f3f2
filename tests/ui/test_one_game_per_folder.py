"""One game process owns a data folder: real game processes on one CRAZY_EIGHTS_HOME, a second start
that says so and can bring the first to the front, and a SIGKILLed owner whose lock is taken over."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game.store import UserFolders
from game.store.lock import DataFolderLock

from tests.ui.conftest import Driver

ROOT = Path(__file__).resolve().parents[2]
IN_USE = "is in use by another game"


def game_env(home: Path, **extra) -> dict:
    return dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CRAZY_EIGHTS_HOME=str(home),
                PYTHONUNBUFFERED="1", **extra)


def wait_until(condition, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"{what} within {seconds} s"
        time.sleep(0.05)


def start_once(home: Path) -> subprocess.CompletedProcess:
    """A start that quits after its first frame (the start-up bench's switch)."""
    return subprocess.run([sys.executable, str(ROOT / "main.py")], cwd=ROOT, capture_output=True, text=True,
                          env=game_env(home, CRAZY_EIGHTS_EXIT_AFTER_FIRST_FRAME="1"), timeout=120)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="SIGKILL is POSIX only")
def test_a_second_start_is_refused_until_the_first_is_killed_then_a_new_start_owns_the_folder(tmp_path):
    data = UserFolders.default(environ={"CRAZY_EIGHTS_HOME": str(tmp_path)}).data_dir
    lock = DataFolderLock(data)
    first = subprocess.Popen([sys.executable, str(ROOT / "main.py")], cwd=ROOT, env=game_env(tmp_path),
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        wait_until(lambda: lock.owner_pid() == first.pid, 60, "the first game owns the folder")

        second = start_once(tmp_path)
        assert second.returncode == 0, second.stderr
        assert IN_USE in second.stderr and str(first.pid) in second.stderr

        # A second start's "Show the open game": the first notices the request and takes it.
        assert not lock.acquire()
        assert lock.ask_owner_to_show()
        wait_until(lambda: not lock.request_path.exists(), 5, "the first game takes the request")
        assert first.poll() is None

        first.send_signal(signal.SIGKILL)
        first.wait(timeout=30)
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
        first.stderr.close()
    assert lock.path.exists()  # left behind by the kill, but no longer locked

    third = start_once(tmp_path)
    assert third.returncode == 0, third.stderr
    assert IN_USE not in third.stderr
    assert lock.acquire(), "the third start let the folder go when it ended"
    lock.release()


@pytest.fixture
def second_app(home):
    """An App started on a data folder this test process already owns (as another game would)."""
    from game.ui.app import App

    folders = UserFolders.default()
    owner = DataFolderLock(folders.data_dir)
    assert owner.acquire()
    app = App(size=(1280, 720), folders=folders, headless=True, fullscreen=False, own_data_folder=True)
    app.running = True
    yield app, owner
    while len(app.scenes):
        app.scenes.pop()
    if pygame.display.get_init():
        pygame.event.clear()
    owner.release()


def test_the_second_start_says_so_and_show_asks_the_owner_then_quits(second_app):
    from game.ui.scenes.message import AlreadyOpenScene

    app, owner = second_app
    assert not app.owns_data
    app.first_scene()
    ui = Driver(app)
    ui.step(2)
    assert isinstance(app.scenes.top, AlreadyOpenScene)
    assert ui.has_button("Quit")
    pygame.image.save(app.screen, str(Path(os.environ["CRAZY_EIGHTS_HOME"]) / "already_open.png"))

    ui.click(ui.button("Show the open game"))

    assert not app.running
    assert owner.take_show_request(now=time.monotonic() + 1)
    assert not owner.request_path.exists()


def test_quit_leaves_the_owner_alone_and_writes_nothing(second_app):
    app, owner = second_app
    app.first_scene()
    ui = Driver(app)
    ui.step(2)
    app.resize((1000, 700))  # an owner would remember the new size when it closes
    ui.step(2)
    files = lambda: {folder: sorted(os.listdir(folder)) for folder in (app.folders.data_dir, app.folders.config_dir)
                     if folder.exists()}
    before = files()
    ui.click(ui.button("Quit"))
    assert not app.running
    app.shutdown()
    assert files() == before
    assert not owner.request_path.exists()


def test_the_owner_comes_to_the_front_when_asked(app):
    lock = app.folder_lock
    assert lock.acquire()
    DataFolderLock(app.folders.data_dir).ask_owner_to_show()
    deadline = time.monotonic() + 3
    while app.shown_on_request == 0 and time.monotonic() < deadline:
        app.step()
        time.sleep(0.05)
    assert app.shown_on_request == 1
    assert not lock.request_path.exists()
    lock.release()
