"""The replay viewer on the dummy driver: a match played through a real session shows in the statistics
screen's recent matches, Replay opens it with every hand face up, keys step, play advances with time,
Escape goes back; a record file opens from the records dialog, and a bad one is refused in words."""
from __future__ import annotations

import json
import random

import pygame

from game.rules import Match, preset
from game.session import Seat
from game.store.recent import RecentMatchesStore
from game.store.saved_game import SavedGame, export_saved_game
from game.ui.replay.scene import ReplayScene
from game.ui.scene import IDLE_FPS
from game.ui.scenes.records import RecordsScene
from game.ui.scenes.statistics import StatisticsScene
from game.ui.sessions import session_for
from game.ui.table.board import HAND_ZONE

SEATS = [Seat("Tess", "human"), Seat("Ada", "easy"), Seat("Bruno", "medium")]


def play_a_match_at_the_table(app, seed: int = 21):
    """A whole two-hand match through the app's own session wiring (moves chosen at random)."""
    rules = preset("crazy_eights", 3).replace(match_end="fixed_hands", fixed_hands=2)
    session = session_for(app, Match(rules, seed), SEATS)
    rng = random.Random(seed)
    try:
        while not session.over:
            if session.hand_over:
                session.next_hand()
            else:
                session.apply(rng.choice(session.match.legal_moves()))
    finally:
        session.close()
    return session


def open_statistics(app, ui) -> StatisticsScene:
    app.go("statistics")
    ui.step(2)
    assert isinstance(app.scenes.top, StatisticsScene)
    return app.scenes.top


def assert_every_hand_face_up(scene: ReplayScene) -> None:
    frame = scene.replay.frame
    for seat in range(len(scene.replay.seats)):
        sprites = [s for s in scene.board.sprites if s.zone == (HAND_ZONE, seat) and not s.remove_when_done]
        assert sorted(s.card for s in sprites) == sorted(frame.hands[seat])
        assert all(s.flip_to for s in sprites)


def test_a_finished_match_is_listed_and_replays_step_by_step(app, ui):
    session = play_a_match_at_the_table(app)
    statistics = open_statistics(app, ui)
    labels = [widget.text for widget in statistics.widgets if hasattr(widget, "text")]
    assert "Ada, Bruno" in labels
    assert ("You won" if session.human in session.match.winners else "You lost") in labels

    ui.click(statistics.replay_buttons[0])
    scene = app.scenes.top
    assert isinstance(scene, ReplayScene)
    replay = scene.replay
    assert len(replay) == len(session.history) and replay.index == 0
    ui.step(5)
    assert_every_hand_face_up(scene)

    ui.key(pygame.K_RIGHT)
    ui.key(pygame.K_RIGHT)
    assert replay.index == 2
    ui.step(60)
    assert_every_hand_face_up(scene)
    ui.key(pygame.K_LEFT)
    assert replay.index == 1
    ui.key(pygame.K_PAGEDOWN)
    assert replay.index == replay.hand_starts[1]
    ui.key(pygame.K_PAGEUP)
    assert replay.index == 0
    ui.key(pygame.K_END)
    assert replay.at_end and replay.frame.match_over
    ui.step(5)
    assert_every_hand_face_up(scene)
    ui.key(pygame.K_HOME)
    assert replay.index == 0

    # The buttons do the same as the keys.
    ui.click(ui.app.scenes.top.buttons["step_forward"])
    assert replay.index == 1
    ui.click(scene.buttons["next_hand"])
    assert replay.index == replay.hand_starts[1]
    ui.click(scene.buttons["hand_start"])
    assert replay.index == 0

    ui.key(pygame.K_ESCAPE)
    assert app.scenes.top is statistics


def test_play_advances_with_time_at_the_chosen_pace_and_pause_holds_still(app, ui):
    play_a_match_at_the_table(app, seed=5)
    statistics = open_statistics(app, ui)
    ui.click(statistics.replay_buttons[0])
    scene = app.scenes.top
    replay = scene.replay
    ui.step(120)
    assert replay.index == 0 and scene.frame_rate() == IDLE_FPS  # paused: nothing moves, no busy redraw

    ui.key(pygame.K_SPACE)
    assert scene.playing
    ui.step(60 * 8)  # eight seconds at the normal pace
    reached = replay.index
    assert reached >= 3

    ui.click(scene.buttons["pace"])
    assert scene.pace == "fast"
    ui.step(60 * 8)
    assert replay.index - reached > reached  # fast goes on more than twice as quickly

    ui.key(pygame.K_SPACE)
    assert not scene.playing
    held = replay.index
    ui.step(60 * 5)
    assert replay.index == held and scene.frame_rate() == IDLE_FPS

    # Played to the end, it stops there.
    replay.go(len(replay) - 3)
    ui.key(pygame.K_SPACE)
    ui.step(60 * 10)
    assert replay.at_end and not scene.playing


def test_the_move_list_opens_over_the_replay(app, ui):
    play_a_match_at_the_table(app, seed=6)
    ui.click(open_statistics(app, ui).replay_buttons[0])
    scene = app.scenes.top
    for _ in range(4):
        ui.key(pygame.K_RIGHT)
    ui.key(pygame.K_y)
    moves = app.scenes.top
    assert type(moves).__name__ == "HistoryScene" and len(moves.rows) >= 5
    ui.key(pygame.K_ESCAPE)
    assert app.scenes.top is scene and scene.replay.index == 4


def test_a_record_file_replays_from_the_records_dialog(app, ui):
    match = Match(preset("crazy_eights", 3), 4)
    for _ in range(9):
        match.apply(match.legal_moves()[0])
    app.folders.records_dir.mkdir(parents=True, exist_ok=True)
    export_saved_game(SavedGame.of(match, SEATS), app.folders.records_dir / "Tuesday.json")
    statistics = open_statistics(app, ui)
    ui.click(ui.button("Replay a record…"))
    dialog = app.scenes.top
    assert isinstance(dialog, RecordsScene)
    ui.click(dialog.record_list.item_list[0]["button_element"])
    ui.click(ui.button("Open"))
    scene = app.scenes.top
    assert isinstance(scene, ReplayScene)
    assert len(scene.replay) == 10 and not scene.replay.finished
    assert "The record stops before the end of the match." in scene.painter.info_lines()
    ui.key(pygame.K_END)
    ui.step(5)
    assert_every_hand_face_up(scene)
    ui.key(pygame.K_ESCAPE)
    assert app.scenes.top is statistics


def test_a_bad_record_file_is_refused_in_words_and_nothing_crashes(app, ui):
    records = app.folders.records_dir
    records.mkdir(parents=True, exist_ok=True)
    (records / "broken.json").write_text("{not json", encoding="utf-8")
    statistics = open_statistics(app, ui)
    ui.click(ui.button("Replay a record…"))
    ui.click(app.scenes.top.record_list.item_list[0]["button_element"])
    ui.click(ui.button("Open"))
    assert app.scenes.top is statistics
    [notice] = app.notices.texts()
    assert "broken.json" in notice
    assert (records / "broken.json").read_text(encoding="utf-8") == "{not json"  # left as it was


def test_a_record_whose_moves_do_not_replay_is_refused(app, ui):
    match = Match(preset("crazy_eights", 3), 4)
    saved = SavedGame.of(match, SEATS)
    record = dict(saved.record, hands=[["QQ"]])
    app.folders.records_dir.mkdir(parents=True, exist_ok=True)
    (app.folders.records_dir / "odd.json").write_text(json.dumps(
        {"format": "crazy-eights-match", "version": 1, "data": {"record": record, "seats": [
            {"name": s.name, "kind": s.kind} for s in SEATS]}}), encoding="utf-8")
    statistics = open_statistics(app, ui)
    ui.click(ui.button("Replay a record…"))
    ui.click(app.scenes.top.record_list.item_list[0]["button_element"])
    ui.click(ui.button("Open"))
    assert app.scenes.top is statistics
    assert any("cannot be replayed" in text for text in app.notices.texts())


def test_a_damaged_list_of_recent_matches_is_set_aside_and_the_screen_still_opens(app, ui):
    store = RecentMatchesStore(app.folders)
    store.path.parent.mkdir(parents=True, exist_ok=True)
    store.path.write_text('{"format": "crazy-eights-recent-matches", "version": 1, "data": {"matches": 7}}')
    statistics = open_statistics(app, ui)
    assert statistics.recent == []
    assert any("recent matches" in text and ".bak" in text for text in app.notices.texts())
    assert store.path.with_name(store.path.name + ".bak").exists()
    assert ui.has_button("Replay a record…")
