"""Nothing valid grows without bound on screen: statistics with 10,000 rows, a megabyte of rules name in
the recent list, the longest record the rules accept replayed and continued while the frames keep
coming (figures in bench/big_inputs.py; these tests check behaviour, never time)."""
from __future__ import annotations

import datetime
import json

import pygame
import pygame_gui

from game.rules import Match, preset
from game.store import UserFolders
from game.store.recent import RECENT_FORMAT
from game.store.saved_game import SavedGame, SavedSeat
from game.store.statistics import STATISTICS_FORMAT
from game.ui.scenes.statistics import StatisticsScene
from game.ui.widgets.rows import CELL_MAX_CHARS

ROWS = 10_000


def write_statistics(home, rows: int) -> None:
    entries = [{"preset_id": f"custom-{number:05d}", "level": "easy", "hands_played": number % 7 + 1,
                "hands_won": 1} for number in range(rows)]
    path = home / "data" / "statistics.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": STATISTICS_FORMAT, "version": 1, "data": {"entries": entries}}))


def open_statistics(app) -> StatisticsScene:
    app.go("statistics")
    app.step()
    scene = app.scenes.top
    assert isinstance(scene, StatisticsScene)
    return scene


def test_ten_thousand_statistics_rows_open_with_the_first_rows_and_scroll_to_the_last(app, ui, home):
    write_statistics(home, ROWS)
    scene = open_statistics(app)
    shown = scene.shown_rows()
    table = scene.table
    assert len(shown) == table.visible >= 3
    assert [row[:3] for row in shown[:2]] == [["custom-00000", "Easy", "1"], ["custom-00001", "Easy", "2"]]
    # The screen builds widgets for what shows, not for every row.
    assert len(app.ui_manager.get_sprite_group().sprites()) < 200

    ui.key(pygame.K_END)
    assert scene.shown_rows()[-1][0] == f"custom-{ROWS - 1:05d}"
    ui.key(pygame.K_HOME)
    assert scene.shown_rows()[0][0] == "custom-00000"
    ui.key(pygame.K_PAGEDOWN)
    assert scene.shown_rows()[0][0] == f"custom-{table.visible - 1:05d}"

    # The wheel over the rows moves them three at a time.
    over = table.abs_rect().center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=over, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                                         precise_y=-1.0))
    ui.step(2)
    assert scene.shown_rows()[0][0] == f"custom-{table.visible - 1 + 3:05d}"

    # The rows follow the scroll bar (the dummy driver cannot drag it: its button is moved as a drag
    # leaves it), to the end and back to the middle.
    table.bar.set_scroll_from_start_percentage(1.0)
    ui.step(2)
    assert scene.shown_rows()[-1][0] == f"custom-{ROWS - 1:05d}"
    table.bar.set_scroll_from_start_percentage(table._bar_fraction() / 2)
    ui.step(2)
    assert abs(table.first - table.last_first // 2) <= ROWS // 100


def test_a_name_of_a_megabyte_in_the_recent_list_leaves_that_match_out_and_the_statistics_open(app, home):
    saved = SavedGame.of(Match(preset("crazy_eights", 2), 3), (SavedSeat("You", "human"), SavedSeat("Bo", "easy")))
    record = dict(saved.record)
    record["rules"] = {**record["rules"], "name": "Very long house rules " * 48_000}
    finished = datetime.datetime(2026, 1, 2, 3, 4).isoformat()
    huge = {"finished": finished, "game": "custom", "winners": [0], "saved": SavedGame(record, saved.seats).to_document()}
    plain = {"finished": finished, "game": "crazy_eights", "winners": [0], "saved": saved.to_document()}
    path = home / "data" / "recent_matches.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": RECENT_FORMAT, "version": 1, "data": {"matches": [huge, plain]}}))
    assert path.stat().st_size > 1_000_000

    scene = open_statistics(app)
    labels = [widget.text for widget in scene.widgets if isinstance(widget, pygame_gui.elements.UILabel)]
    assert not [text for text in labels if text.startswith("Very long house rules")]
    assert "Crazy Eights" in labels, "the good match is still listed"
    assert all(len(text) <= CELL_MAX_CHARS for text in labels)
    assert (path.parent / "recent_matches.json.bak").stat().st_size > 1_000_000, "the file was kept aside whole"


def test_a_statistics_row_whose_game_holds_control_characters_shows_without_them(app, home):
    path = home / "data" / "statistics.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    entries = [{"preset_id": "tea\x00\u200btime", "level": "easy", "hands_played": 1, "hands_won": 0}]
    path.write_text(json.dumps({"format": STATISTICS_FORMAT, "version": 1, "data": {"entries": entries}}))
    scene = open_statistics(app)
    app.step()
    assert scene.shown_rows()[0][:2] == ["teatime", "Easy"]
    assert UserFolders.default().data_dir == home / "data"


# ----- the longest records: a slice a frame ------------------------------------------------------

SEATS = (("You", "human"), ("Ada", "easy"), ("Bruno", "easy"), ("Chloé", "easy"), ("Dara", "easy"),
         ("Emil", "easy"), ("Fen", "easy"))


def long_match(moves: int, seed: int = 4):
    """7 players with voluntary draws, random legal moves, stopped after ``moves`` moves (several hands)."""
    import random

    rules = preset("crazy_eights", 7).replace(voluntary_draw=True, turn_cap=400, target=10**6)
    match, rng, played = Match(rules, seed), random.Random(seed), 0
    while played < moves:
        if match.hand.over:
            match.start_next_hand()
        else:
            match.apply(rng.choice(match.legal_moves()))
            played += 1
    return match


def long_saved(moves: int = 3000) -> tuple[Match, SavedGame]:
    match = long_match(moves)
    return match, SavedGame(match.to_record(), tuple(SavedSeat(name, kind) for name, kind in SEATS))


def frames_until(app, scene_name: str, limit: int = 2000) -> tuple[int, list]:
    """Step until the top scene is ``scene_name``; the frames it took and each frame's top scene."""
    tops = []
    for frames in range(1, limit + 1):
        app.step()
        tops.append(app.scenes.top)
        if type(app.scenes.top).__name__ == scene_name:
            return frames, tops
    raise AssertionError(f"{scene_name} never opened")


def test_continue_of_a_long_match_replays_a_slice_a_frame_and_plays_on_where_it_stopped(app, monkeypatch):
    from game.rules.match import REPLAY_SLICE
    from game.store.saved_game import save_autosave
    from game.ui.scenes import loading

    monkeypatch.setattr(loading, "SLICE_BUDGET", 0.0)  # one slice a frame, however fast the machine
    match, saved = long_saved()
    save_autosave(app.autosave_store, saved)
    app.main_menu()
    app.step()
    app.scenes.top.continue_game()
    assert isinstance(app.scenes.top, loading.LoadingScene)
    frames, tops = frames_until(app, "TableScene")
    # The frame loop got control back after every slice, and the progress bar showed all along.
    assert frames >= 3000 // REPLAY_SLICE - 1
    assert all(isinstance(top, loading.LoadingScene) for top in tops[:-1])
    assert tops[0].frames >= frames - 2
    session = app.scenes.top.session
    assert session.match.to_record() == match.to_record()
    assert len(session.history) == 3000 + len(match.moves)


def test_escape_stops_a_long_load_and_leaves_the_menu_as_it_was(app, monkeypatch):
    from game.store.saved_game import save_autosave
    from game.ui.scenes import loading

    monkeypatch.setattr(loading, "SLICE_BUDGET", 0.0)
    _match, saved = long_saved()
    save_autosave(app.autosave_store, saved)
    app.main_menu()
    app.step()
    menu = app.scenes.top
    menu.continue_game()
    app.step(3)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    app.step(3)
    assert app.scenes.top is menu
    assert app.autosave_store.path.exists(), "the saved match is kept"


def test_a_long_record_replays_a_slice_a_frame_and_each_step_shows_the_table_as_it_was(app, monkeypatch):
    from game.session.replay import KEYFRAME_STEPS, frame_of
    from game.store.saved_game import export_saved_game
    from game.ui.replay.opening import open_record_file
    from game.ui.scenes import loading

    monkeypatch.setattr(loading, "SLICE_BUDGET", 0.0)
    match, saved = long_saved()
    path = app.folders.records_dir / "long.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    export_saved_game(saved, path)
    app.main_menu()
    app.step()
    open_record_file(app, path)
    frames, _tops = frames_until(app, "ReplayScene")
    assert frames > 5
    replay = app.scenes.top.replay
    # Every step as the record's own replay saw it, a frame per step, against the frames the replay
    # makes when asked (from a copy of the hand kept every KEYFRAME_STEPS steps), in any order.
    truth = []
    named_by = [None]

    def heard(played, seat, move, events):
        if seat is None:
            named_by[0] = None
        for event in events:
            if event.kind == "nominated":
                named_by[0] = event.player
        truth.append(frame_of(played, len(truth), seat, move, events, named_by[0]))

    Match.from_record(saved.record, heard)
    assert len(replay) == len(truth) == 3000 + len(match.moves)
    assert len(replay.keyframes) <= len(replay) // KEYFRAME_STEPS + 1
    for index in [len(truth) - 1, 0, 1777, 1776, 129, 128, 127, 2999, len(truth) // 2]:
        assert replay.frames[index] == truth[index], index
    assert replay.frames[1000:1300] == truth[1000:1300]
    assert replay.last() == truth[-1]
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_HOME, mod=0, unicode="", scancode=0))
    app.step(2)
    assert replay.index == 0 and replay.frame == truth[0]
    # The move list of the whole record is told a slice a frame too, then shows every step's lines.
    from game.ui.table.narration import TELL_SLICE, history_rows

    replay.last()
    app.step()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_y, mod=0, unicode="y", scancode=0))
    frames, _tops = frames_until(app, "HistoryScene")
    assert frames >= len(replay) // TELL_SLICE - 1
    told = app.scenes.top.rows
    assert told == history_rows(replay.steps, replay.seats, app.scenes.top.table.session.human, True)


def _let_go_before_any_collection(app, kept) -> None:
    """Back to the main menu from a screen a long load built: ``kept`` (a weak reference to one of its
    steps) is freed a slice a frame after the screen closes, by reference counting, before the cycle
    collector ever makes a full scan; that scan of what the load froze comes once all is freed, in a frame
    of its own."""
    import gc

    from game.ui import letting_go

    assert gc.get_freeze_count() > 0, "the long load froze what it built"
    alive_at_collections = []

    def heard(phase, info):
        if phase == "start" and info["generation"] == 2:
            alive_at_collections.append(kept() is not None)

    gc.callbacks.append(heard)
    try:
        app.main_menu()
        assert app.letting_go.pending, "the closed screen's steps wait to be freed a slice at a time"
        frames = 0
        while app.letting_go.pending:
            app.step()
            frames += 1
        assert kept() is None and gc.get_freeze_count() > 0
        assert frames >= 3000 // letting_go.CHUNK, "a slice a frame"
        app.step()
    finally:
        gc.callbacks.remove(heard)
    assert alive_at_collections and not any(alive_at_collections)
    assert gc.get_freeze_count() == 0 and not app.settling


def test_a_long_table_closed_lets_go_of_its_history_without_the_collector(app, monkeypatch):
    import weakref

    from game.store.saved_game import save_autosave
    from game.ui import letting_go
    from game.ui.scenes import loading

    monkeypatch.setattr(loading, "SLICE_BUDGET", 0.0)
    monkeypatch.setattr(letting_go, "CHUNK", 300)
    monkeypatch.setattr(letting_go, "FRAME_BUDGET", 0.0)
    _match, saved = long_saved()
    save_autosave(app.autosave_store, saved)
    app.main_menu()
    app.step()
    app.scenes.top.continue_game()
    frames_until(app, "TableScene")
    session = app.scenes.top.session
    moves = session.match.moves
    _let_go_before_any_collection(app, weakref.ref(session.history[100]))
    assert moves == [] and session.match.results == [], "the match's moves and results were let go of too"


def test_a_long_replay_closed_lets_go_of_its_steps_without_the_collector(app, monkeypatch):
    import weakref

    from game.store.saved_game import export_saved_game
    from game.ui import letting_go
    from game.ui.replay.opening import open_record_file
    from game.ui.scenes import loading

    monkeypatch.setattr(loading, "SLICE_BUDGET", 0.0)
    monkeypatch.setattr(letting_go, "CHUNK", 300)
    monkeypatch.setattr(letting_go, "FRAME_BUDGET", 0.0)
    _match, saved = long_saved()
    path = app.folders.records_dir / "long.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    export_saved_game(saved, path)
    app.main_menu()
    app.step()
    open_record_file(app, path)
    frames_until(app, "ReplayScene")
    replay = app.scenes.top.replay
    record_hands = replay.record["hands"]
    _let_go_before_any_collection(app, weakref.ref(replay.steps[100]))
    assert record_hands == [] and replay.hands == [] and replay.results == (), "its hands and record went too"
