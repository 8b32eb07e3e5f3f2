"""The game's autosave after a move is written by the autosave store's thread, never by a frame; the
last one is on disk when the game ends, and the thread ends with it."""
from __future__ import annotations

import json
import threading

from game.rules import Match, preset
from game.session import default_table
from game.store.saved_game import autosave_document
from game.ui.sessions import session_for


def writers() -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name == "autosave-writer"]


def test_a_move_at_the_table_is_saved_by_the_writer_thread_and_on_disk_when_the_game_ends(home):
    from game.store import UserFolders
    from game.ui.app import App

    app = App(size=(1280, 720), folders=UserFolders.default(), headless=True, fullscreen=False)   # shut down here
    app.running = True
    assert app.autosave_store.in_background
    written_by = []
    app.autosave_store.on_saved = lambda record: written_by.append(threading.current_thread())
    session = session_for(app, Match(preset("crazy_eights", 3), 5), default_table("Tess", 3, "easy"))
    app.go("table", session, how="clear")
    for _frame in range(5):
        app.step(1 / 60)
    while not session.human_turn():   # the computers move first when they are to act
        move = session.think()
        if move is not None:
            session.play_computer_move()
    session.play(session.view().my_moves[0])   # as the table plays the person's click
    expected = autosave_document(session.match, session.seats, session.practice, session.match_id)
    app.shutdown()

    assert written_by and all(thread is not threading.main_thread() for thread in written_by)
    on_disk = json.loads(app.autosave_store.path.read_text(encoding="utf-8"))["data"]
    assert on_disk["id"] == expected["id"]
    assert on_disk["record"]["hands"] == expected["record"]["hands"].decoded()
    assert not writers(), "the writer thread ends with the game"
