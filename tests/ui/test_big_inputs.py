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


def test_a_name_of_a_megabyte_in_the_recent_list_is_cut_before_the_statistics_lay_it_out(app, home):
    saved = SavedGame.of(Match(preset("crazy_eights", 2), 3), (SavedSeat("You", "human"), SavedSeat("Bo", "easy")))
    record = dict(saved.record)
    record["rules"] = {**record["rules"], "name": "Very long house rules " * 48_000}
    entry = {"finished": datetime.datetime(2026, 1, 2, 3, 4).isoformat(), "game": "custom", "winners": [0],
             "saved": SavedGame(record, saved.seats).to_document()}
    path = home / "data" / "recent_matches.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": RECENT_FORMAT, "version": 1, "data": {"matches": [entry]}}))
    assert path.stat().st_size > 1_000_000

    scene = open_statistics(app)
    cells = [widget for widget in scene.widgets if isinstance(widget, pygame_gui.elements.UILabel)
             and widget.text.startswith("Very long house rules")]
    assert len(cells) == 1, "the recent match is listed"
    assert len(cells[0].text) <= CELL_MAX_CHARS


def test_a_statistics_row_whose_game_holds_control_characters_shows_without_them(app, home):
    path = home / "data" / "statistics.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    entries = [{"preset_id": "tea\x00\u200btime", "level": "easy", "hands_played": 1, "hands_won": 0}]
    path.write_text(json.dumps({"format": STATISTICS_FORMAT, "version": 1, "data": {"entries": entries}}))
    scene = open_statistics(app)
    app.step()
    assert scene.shown_rows()[0][:2] == ["teatime", "Easy"]
    assert UserFolders.default().data_dir == home / "data"
