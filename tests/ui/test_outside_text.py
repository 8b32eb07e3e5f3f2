"""Text from files, file names and folders reaches the screen only through safe_text: the statistics
screen, its recent matches, the records dialog, the notices quoting a file name, the table's own drawing
(issue 19: each of these crashed the game inside pygame_gui)."""
from __future__ import annotations

import dataclasses
import datetime
import json
import os

import pygame
import pygame_gui
import pytest

from game.rules import Match, preset
from game.session import Seat
from game.store.recent import RecentMatch, RecentMatchesStore
from game.store.saved_game import SavedGame
from game.ui.problems import problem_text
from game.ui.safe_text import PLACEHOLDER, REPLACEMENT
from game.ui.scenes.recent import recent_cells
from game.ui.scenes.records import RecordsScene
from game.ui.scenes.statistics import StatisticsScene, game_name
from game.ui.table.sprites import TextCache

from tests.portability import names_may_be_any_bytes
from tests.ui.test_menus import open_table

SEATS = [Seat("Tess", "human"), Seat("Ada", "easy"), Seat("Bruno", "medium")]
#: A file name as a POSIX disk has it, the bytes ff fe, not UTF-8: Python reads it with surrogates
#: (os.fsdecode(b"\xff\xfe") there; on Windows, whose names are UTF-16, that call raises).
NOT_UTF8_STEM = "\udcff\udcfe"


needs_byte_names = pytest.mark.skipif(not names_may_be_any_bytes(),
                                      reason="file names that are not UTF-8 exist only where names are bytes (Linux)")


def drawn_texts(app) -> list[str]:
    """Every label's and button's text on screen now, after drawing a frame (which must not fail)."""
    app.step()
    return [element.text for element in app.ui_manager.get_sprite_group().sprites()
            if isinstance(element, (pygame_gui.elements.UILabel, pygame_gui.elements.UIButton))
            and element.visible]


def recent_with_rules_name(app, rules_name: str) -> None:
    """A finished match in the recent list whose record names its rules ``rules_name`` (written as a
    damaged or hostile file would hold it)."""
    match = Match(preset("crazy_eights", 3), 4)
    store = RecentMatchesStore(app.folders)
    store.add(SavedGame.of(match, SEATS), "crazy_eights", [0])
    document = json.loads(store.path.read_text(encoding="utf-8"))
    text = json.dumps(document)
    assert text.count('"name": "Crazy Eights"') >= 1
    store.path.write_text(text.replace('"name": "Crazy Eights"', '"name": ' + json.dumps(rules_name)),
                          encoding="utf-8")


def test_statistics_opens_with_a_recent_match_whose_rules_name_is_a_nul_or_a_zero_width_space(app, ui):
    for rules_name, shown in (("Crazy\x00Eights", "CrazyEights"), ("\u200b", PLACEHOLDER)):
        recent_with_rules_name(app, rules_name)
        app.go("statistics")
        statistics = app.scenes.top
        assert isinstance(statistics, StatisticsScene)
        texts = drawn_texts(app)
        # The store may leave such an entry out (and say so); if it lists it, the name is drawable.
        if statistics.recent:
            assert shown in texts
        app.pop()
        app.step()


def test_recent_rows_show_names_and_games_from_a_file_as_safe_text(app):
    seats = [Seat("Tess", "human"), Seat("\u0301", "easy"), Seat("B\u202eruno", "medium")]
    saved = SavedGame.of(Match(preset("crazy_eights", 3), 4), seats)
    unnamed = dataclasses.replace(saved, record=dict(saved.record, rules=dict(saved.record["rules"], name="")))
    recent = RecentMatch(datetime.datetime(2026, 1, 2, 3, 4), "x" * 500 + "\x00", (1,), unnamed)
    cells = recent_cells(recent, game_name)
    assert cells[2] == f"{PLACEHOLDER}, Bruno" and cells[3] == "You lost"
    assert len(cells[1]) <= 48 and "\x00" not in cells[1]   # the game as the file named it, cut short
    zero_width = dataclasses.replace(saved, record=dict(saved.record, rules=dict(saved.record["rules"],
                                                                                  name="\u200b\u200b")))
    assert recent_cells(RecentMatch(recent.finished, "crazy_eights", (0,), zero_width), game_name)[1] == PLACEHOLDER
    font = app.assets.font(16)
    for cell in cells:
        assert font.size(cell)[0] > 0


@needs_byte_names
def test_a_record_file_named_in_bytes_that_are_not_utf8_is_listed_and_opened_without_a_crash(app, ui):
    records = app.folders.records_dir
    records.mkdir(parents=True)
    (records / f"{NOT_UTF8_STEM}.json").write_bytes(b"{not json")
    (records / "\u202eevil\u200b.json").write_bytes(b"{}")
    app.go("statistics")
    ui.step(2)
    ui.click(ui.button("Replay a record…"))
    dialog = app.scenes.top
    assert isinstance(dialog, RecordsScene)
    labels = [item["text"] for item in dialog.record_list.item_list]
    assert sorted(label.split("   ·   ")[0] for label in labels) == sorted([REPLACEMENT * 2, "evil"])
    drawn_texts(app)
    damaged = next(item for item in dialog.record_list.item_list if item["text"].startswith(REPLACEMENT))
    ui.click(damaged["button_element"])
    ui.click(ui.button("Open"))
    assert isinstance(app.scenes.top, StatisticsScene)
    [notice] = app.notices.texts()
    assert notice.startswith(REPLACEMENT * 2 + ".json")
    drawn_texts(app)


@needs_byte_names
def test_a_data_folder_whose_path_is_not_utf8_opens_both_records_dialogs(make_app, home, monkeypatch):
    odd_home = home / os.fsdecode(b"pla\xe7e\xff")   # Latin-1 bytes, as an old system wrote them
    odd_home.mkdir()
    monkeypatch.setenv("CRAZY_EIGHTS_HOME", str(odd_home))
    app = make_app()
    from tests.ui.conftest import Driver

    ui = Driver(app)
    app.folders.records_dir.mkdir(parents=True)
    (app.folders.records_dir / "kept.json").write_text("{}")
    open_table(app, ui)
    ui.key(pygame.K_ESCAPE)
    ui.click(ui.button("Export game record…"))
    dialog = app.scenes.top
    assert isinstance(dialog, RecordsScene) and dialog.mode == "save"
    folder_line = next(text for text in drawn_texts(app) if text.startswith("In "))
    assert REPLACEMENT in folder_line and folder_line.endswith("records")
    ui.click(ui.button("Save"))
    saved = [path for path in app.folders.records_dir.iterdir() if path.name != "kept.json"]
    assert len(saved) == 1 and saved[0].stat().st_size > 100
    assert any(text.startswith("Game record saved as") for text in app.notices.texts())
    drawn_texts(app)
    ui.click(ui.button("Import game record…"))   # back on the pause menu
    assert isinstance(app.scenes.top, RecordsScene) and app.scenes.top.mode == "open"
    drawn_texts(app)


def test_problem_texts_quote_file_names_as_safe_text():
    class Problem:
        code = "store.record_damaged"
        params = {"file": f"{NOT_UTF8_STEM}\x00\u202e.json"}

    text = problem_text(Problem())
    assert text.startswith(REPLACEMENT * 2 + ".json is not")
    text.encode("utf-8")

    class Unknown:
        code = "saved.unknown_keys"
        params = {"keys": ["\u200b", "a" * 10_000]}

    words = problem_text(Unknown())
    assert len(words) < 300 and "\u200b" not in words


def test_a_notice_quoting_anything_shows_one_drawable_line(app):
    app.notify(f"{NOT_UTF8_STEM}.json\n\x00\u200b could not be read" + "!" * 1000)
    [text] = app.notices.texts()
    assert text.startswith(REPLACEMENT * 2 + ".json could not be read") and len(text) <= 240
    drawn_texts(app)
    app.notify("\u200b\u202e")
    assert PLACEHOLDER in app.notices.texts()
    drawn_texts(app)


def test_the_tables_text_cache_draws_a_name_the_font_cannot(app):
    text = TextCache(app.assets.font)
    for name in ("\u0301", "\u200b", NOT_UTF8_STEM, "a\x00b"):
        assert text.render(name, 18, shadow=True).get_width() > 0
        assert text.fit(name, 18, 200).get_width() > 0


def test_a_replayed_record_whose_file_and_rules_names_hold_bidi_and_undecodable_characters(app, ui):
    from game.store.saved_game import export_saved_game
    from game.ui.replay.scene import ReplayScene

    match = Match(preset("crazy_eights", 3).replace(name="Crazy \u0301Eights"), 4)
    for _move in range(5):
        match.apply(match.legal_moves()[0])
    app.folders.records_dir.mkdir(parents=True, exist_ok=True)
    export_saved_game(SavedGame.of(match, SEATS), app.folders.records_dir / f"{NOT_UTF8_STEM}\u202ekcatta.json")
    app.go("statistics")
    ui.step(2)
    ui.click(ui.button("Replay a record…"))
    ui.click(app.scenes.top.record_list.item_list[0]["button_element"])
    ui.click(ui.button("Open"))
    replay = app.scenes.top
    assert isinstance(replay, ReplayScene)
    assert replay.title == f"Replay · Crazy Eights · {REPLACEMENT * 2}kcatta"
    drawn_texts(app)
    ui.key(pygame.K_ESCAPE)
