"""The menu scenes driven with real pygame events on the dummy video driver."""
from __future__ import annotations

import dataclasses
import json
import warnings

import pygame
import pygame_gui
import pytest

from game.rules import PRESETS, Match, preset
from game.session import Seat
from game.store import AutosaveStore, Settings, StatisticsStore, UserFolders
from game.ui.scenes.menu import MainMenuScene
from game.ui.sessions import session_for
from game.ui.scenes.message import ConfirmScene, MessageScene
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.records import RecordsScene
from game.ui.scenes.rules import RulesScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.statistics import StatisticsScene


def saved_settings(home) -> dict:
    return json.loads((home / "config" / "settings.json").read_text())["data"]


def open_menu(app, ui) -> MainMenuScene:
    app.main_menu()
    ui.step()
    return app.scenes.top


def autosave_match(home, moves: int = 5) -> Match:
    match = Match(preset("crazy_eights", 3), seed=11)
    for _ in range(moves):
        match.apply(match.legal_moves()[0])
    AutosaveStore(UserFolders.default()).save({"record": match.to_record(), "seats": [
        {"name": "You", "kind": "human"}, {"name": "Ada", "kind": "easy"}, {"name": "Bruno", "kind": "easy"}]})
    return match


# ----- main menu ------------------------------------------------------------------------


def test_main_menu_buttons_open_each_screen_and_escape_comes_back(app, ui):
    open_menu(app, ui)
    for text, scene_type in (("New game", NewGameScene), ("Rules", RulesScene),
                             ("Statistics", StatisticsScene), ("Settings", SettingsScene)):
        ui.click(ui.button(text))
        assert isinstance(app.scenes.top, scene_type), text
        ui.key(pygame.K_ESCAPE)
        assert isinstance(app.scenes.top, MainMenuScene), text
    ui.click(ui.button("Quit"))
    assert not app.running


def test_continue_appears_only_with_an_autosave_and_resumes_it(app, ui, home):
    open_menu(app, ui)
    assert not ui.has_button("Continue")
    match = autosave_match(home)
    open_menu(app, ui)
    ui.click(ui.button("Continue"))
    from game.ui.table import TableScene

    table = app.scenes.top
    assert isinstance(table, TableScene)
    assert table.session.match.to_record() == match.to_record()
    assert [seat.name for seat in table.session.seats] == ["You", "Ada", "Bruno"]


def test_a_damaged_autosave_shows_one_line_and_hides_continue(app, ui, home):
    AutosaveStore(UserFolders.default()).save({"record": {"format": "crazy-eights-record", "version": 1,
                                                          "rules": {"players": 99}, "seed": 1, "hands": [[]]},
                                               "seats": [{"name": "You", "kind": "human"}]})
    open_menu(app, ui)
    ui.click(ui.button("Continue"))
    assert isinstance(app.scenes.top, MainMenuScene)
    assert not ui.has_button("Continue")
    [notice] = app.notices.texts()
    assert notice.startswith("The saved match cannot be resumed")
    assert "\n" not in notice
    open_menu(app, ui)  # and it stays hidden for the session
    assert not ui.has_button("Continue")


def test_a_corrupt_settings_file_shows_the_notice_once_and_starts_with_defaults(make_app, home):
    (home / "config").mkdir(parents=True)
    (home / "config" / "settings.json").write_text("{ this is not json")
    app = make_app()
    assert app.settings == Settings()
    app.main_menu()
    app.step()
    texts = app.notices.texts()
    assert len(texts) == 1 and "settings" in texts[0].lower()
    toast = app.notices.toasts[0]
    assert toast.visible and app.screen.get_rect().contains(toast.panel.get_abs_rect())
    app.notices.clear()
    app.main_menu()
    app.step()
    assert app.notices.texts() == []  # shown once


# ----- settings -------------------------------------------------------------------------


def test_settings_changes_are_saved_to_the_settings_file_at_once(app, ui, home):
    app.push(SettingsScene(app))
    ui.step()
    scene = app.scenes.top
    ui.click(scene.back_buttons["red"])
    assert saved_settings(home)["card_back"] == "red"
    assert scene.back_buttons["red"].is_selected and not scene.back_buttons["blue"].is_selected
    ui.choose(app.scenes.top.deck_look_menu, "French, four colours")
    assert saved_settings(home)["deck_look"] == "four_color"
    ui.click(app.scenes.top.highlight_box)
    assert saved_settings(home)["highlight_playable"] is False
    ui.choose(app.scenes.top.speed, "Fast")
    assert saved_settings(home)["animation_speed"] == "fast"
    assert app.settings.animation_speed == "fast"


def test_dragging_the_volume_slider_sets_and_saves_the_volume(app, ui, home):
    from game.ui.scenes.sound_settings import SoundSettingsScene

    app.push(SoundSettingsScene(app))
    ui.step()
    scene = app.scenes.top
    slider = next(s for s, field in scene.sliders.items() if field == "effects_volume")
    knob = slider.sliding_button.get_abs_rect().center
    track = slider.get_abs_rect()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=knob, button=1))
    ui.step()
    for x in range(knob[0], track.left - 20, -10):
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, knob[1]), rel=(-10, 0), buttons=(1, 0, 0)))
        pygame.mouse.set_pos((x, knob[1]))
        ui.step()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(track.left - 20, knob[1]), button=1))
    ui.step(3)
    assert app.settings.effects_volume < 0.8
    assert saved_settings(home)["effects_volume"] == app.settings.effects_volume
    assert app.sound.effects_volume == app.settings.effects_volume


def test_enter_on_a_focused_slider_leaves_it_as_it_is(app, ui, home):
    """Found by the UI monkey: Enter on a slider reached with Tab ran an action it does not have."""
    from game.ui.scenes.sound_settings import SoundSettingsScene

    app.push(SoundSettingsScene(app))
    ui.step()
    scene = app.scenes.top
    slider = next(s for s, field in scene.sliders.items() if field == "effects_volume")
    before = slider.get_current_value()
    for _ in range(len(scene.focusables()) + 1):
        if scene.focused() is slider:
            break
        ui.key(pygame.K_TAB)
    assert scene.focused() is slider
    ui.key(pygame.K_RETURN)
    assert app.scenes.top is scene and slider.get_current_value() == before


def test_a_name_that_is_too_long_or_empty_is_not_saved(app, ui, home):
    app.push(SettingsScene(app))
    ui.step()
    scene = app.scenes.top
    scene.name_entry.set_text("")
    pygame.event.post(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, ui_element=scene.name_entry, text=""))
    ui.step(2)
    assert scene.name_hint.text == "Names are 1 to 24 characters."
    assert app.settings.player_name == "You"
    scene.name_entry.set_text("Tess")
    pygame.event.post(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_CHANGED, ui_element=scene.name_entry, text="Tess"))
    ui.step(2)
    assert saved_settings(home)["player_name"] == "Tess"
    assert scene.name_hint.text == ""


def test_full_screen_toggles_with_f11_anywhere_and_is_remembered(app, ui, home):
    open_menu(app, ui)
    ui.key(pygame.K_F11)
    assert app.fullscreen and saved_settings(home)["fullscreen"] is True
    ui.key(pygame.K_F11)
    assert not app.fullscreen and saved_settings(home)["fullscreen"] is False
    assert app.size == (1280, 720)


# ----- new game ---------------------------------------------------------------------------


def test_start_from_the_new_game_screen_deals_a_match_at_the_table(app, ui, home):
    open_menu(app, ui)
    ui.click(ui.button("New game"))
    scene = app.scenes.top
    ui.choose(scene.players_menu, "3 players")
    scene = app.scenes.top
    ui.choose(scene.match_menu, "To 200 points")
    ui.choose(next(m for m, i in scene.level_menus.items() if i == 1), "Hard")
    ui.click(ui.button("Start"))
    from game.ui.table import TableScene

    table = app.scenes.top
    assert isinstance(table, TableScene)
    assert table.session.match.rules.players == 3 and table.session.match.rules.target == 200
    assert [seat.kind for seat in table.session.seats] == ["human", "medium", "hard"]
    assert [type(s) for s in app.scenes] == [MainMenuScene, TableScene]  # Back from the table is the menu
    remembered = saved_settings(home)["last_new_game"]
    assert remembered["players"] == 3 and remembered["match"] == "target:200"
    assert remembered["levels"][:2] == ["medium", "hard"]


def test_the_new_game_screen_remembers_the_last_choices(app, ui, make_app):
    app.push(NewGameScene(app))
    ui.step()
    ui.choose(app.scenes.top.preset_menu, "Crazy Aces")
    ui.choose(app.scenes.top.players_menu, "6 players")
    toggle = next(t for t, rule_id in app.scenes.top.toggles.items() if rule_id == "jokers")
    ui.click(toggle)
    restarted = make_app()  # the next time the game starts
    scene = NewGameScene(restarted)
    assert (scene.preset_id, scene.players, scene.switches) == ("crazy_aces", 6, {"jokers"})
    assert scene.rules.jokers_per_deck == 2 and scene.rules.wild_ranks == ("A",)


def test_choosing_a_preset_shows_its_switches_and_an_impossible_mix_disables_start(app, ui):
    app.push(NewGameScene(app))
    ui.step()
    ui.choose(app.scenes.top.preset_menu, "Switch")
    scene = app.scenes.top
    assert scene.preset_id == "switch"
    assert "British game" in scene.description.html_text
    switches = {rule_id: toggle for toggle, rule_id in scene.toggles.items()}
    assert "jack_wild" in switches and "jack_skip" not in switches
    ui.click(switches["jack_wild"])
    assert scene.rules is not None and scene.start_button.is_enabled
    assert "Jacks wild" in scene.summary_box.html_text
    ui.click(switches["black_jack_stacking"])
    assert scene.rules is None
    assert "cannot be played together" in scene.summary_box.html_text
    assert "black jacks can be stacked only when they make the next player pick up" in scene.summary_box.html_text
    assert not scene.start_button.is_enabled
    ui.click(scene.start_button)
    assert app.scenes.top is scene  # a disabled Start does nothing
    ui.click(switches["jack_wild"])
    assert scene.rules is not None and scene.start_button.is_enabled
    assert scene.rules.black_jack_stacking and scene.rules.black_jack_draw == 7


def test_switches_already_in_the_game_are_ticked_and_fixed(app, ui):
    app.push(NewGameScene(app))
    ui.step()
    ui.choose(app.scenes.top.preset_menu, "Crazy Eights with action cards")
    scene = app.scenes.top
    toggle = next(t for t, rule_id in scene.toggles.items() if rule_id == "draw_two")
    assert toggle.is_checked and not toggle.is_enabled
    texts = [w.html_text for w in scene.widgets if isinstance(w, pygame_gui.elements.UITextBox)]
    assert sum("Already part of this game." in text for text in texts) == len(scene.built_in_switches())


# ----- rules and statistics -------------------------------------------------------------------


def test_the_rules_screen_describes_the_chosen_game(app, ui):
    app.push(RulesScene(app))
    ui.step()
    assert "Eights are wild" in app.scenes.top.rules_text()
    ui.choose(app.scenes.top.dropdown, "Switch")
    text = app.scenes.top.rules_text()
    assert "No card is wild" in text and "Black jacks" in text and "Last card" in text


def test_statistics_show_the_stored_rows_and_reset_asks_first(app, ui, home):
    store = StatisticsStore(UserFolders.default())
    store.record_hand("crazy_eights", "hard", True, 0, True)
    store.record_match("crazy_eights", "hard", True)
    app.push(StatisticsScene(app))
    ui.step()
    scene = app.scenes.top
    assert scene.shown_rows()[0][:3] == ["Crazy Eights", "Hard", "1"]
    ui.click(ui.button("Reset statistics…"))
    assert isinstance(app.scenes.top, ConfirmScene)
    assert store.load()[0].summary_rows()  # nothing forgotten before confirming
    ui.key(pygame.K_RETURN)                # Enter is the safe choice: Cancel
    assert app.scenes.top is scene and store.load()[0].summary_rows()
    ui.click(ui.button("Reset statistics…"))
    ui.click(ui.button("Reset"))
    assert store.load()[0].summary_rows() == []
    assert app.scenes.top is scene and scene.shown_rows() == []
    assert not scene.reset_button.is_enabled
    assert "Statistics and recent matches reset." in app.notices.texts()


# ----- pause menu ------------------------------------------------------------------------------


def open_table(app, ui, seed=5):
    from game.ui.table import TableScene

    app.main_menu()
    seats = [Seat("You", "human"), Seat("Ada", "easy"), Seat("Bruno", "easy")]
    table = TableScene(app, session_for(app, Match(preset("crazy_eights", 3), seed=seed), seats))
    app.push(table)
    ui.step(3)
    return table


def type_name(ui, dialog, name: str) -> None:
    """Type ``name`` into the records dialog's name field (select all, then type), as a player would."""
    ui.click(dialog.name_entry)
    ui.key(pygame.K_a, mod=pygame.KMOD_CTRL)
    ui.key(pygame.K_BACKSPACE)
    for char in name:  # pygame_gui takes typed characters from TEXTINPUT events, as SDL sends them
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    ui.step(2)


def pick_record(ui, dialog, stem: str) -> None:
    """Click the row of the record called ``stem`` in the records dialog."""
    for item in dialog.record_list.item_list:
        if item["text"].startswith(stem + " "):
            ui.click(item["button_element"])
            return
    raise AssertionError(f"no record {stem!r} in {[item['text'] for item in dialog.record_list.item_list]}")


def test_escape_at_the_table_pauses_and_resume_returns(app, ui):
    table = open_table(app, ui)
    ui.key(pygame.K_ESCAPE)
    pause = app.scenes.top
    assert isinstance(pause, PauseScene) and pause.table is table
    assert app.scenes.visible() == [table, pause]
    ui.click(ui.button("Rules"))
    rules = app.scenes.top
    assert isinstance(rules, RulesScene)
    assert rules.dropdown.selected_option[0] == "This game: Crazy Eights"
    assert "3 players, one 52-card deck, 5 cards each." in rules.rules_text()
    ui.key(pygame.K_ESCAPE)
    assert app.scenes.top is pause
    ui.click(ui.button("Resume"))
    assert app.scenes.top is table


def test_export_then_import_a_game_record_through_the_records_dialog(app, ui):
    table = open_table(app, ui)
    while table.session.match.current_seat != 0 and not table.session.match.hand.over:
        ui.step()
    table.session.apply(table.session.match.legal_moves()[0])
    exported_record = table.session.match.to_record()
    ui.key(pygame.K_ESCAPE)
    ui.click(ui.button("Export game record…"))
    dialog = app.scenes.top
    assert isinstance(dialog, RecordsScene) and dialog.mode == "save"
    assert not ui.has_button("Delete")
    type_name(ui, dialog, "my game")
    ui.click(ui.button("Save"))
    target = app.folders.records_dir / "my game.json"
    assert target.is_file() and target.is_absolute()
    assert "Game record saved as my game.json." in app.notices.texts()
    assert isinstance(app.scenes.top, PauseScene)
    ui.click(ui.button("Resume"))

    other = open_table(app, ui, seed=99)
    ui.key(pygame.K_ESCAPE)
    ui.click(ui.button("Import game record…"))
    dialog = app.scenes.top
    assert isinstance(dialog, RecordsScene) and dialog.mode == "open"
    assert not ui.button("Open").is_enabled  # nothing chosen yet
    pick_record(ui, dialog, "my game")
    ui.click(ui.button("Open"))
    from game.ui.table import TableScene

    assert isinstance(app.scenes.top, ConfirmScene)  # the match at the table is given up: asked first
    ui.click(ui.button("Abandon"))
    imported = app.scenes.top
    assert isinstance(imported, TableScene) and imported is not other
    assert imported.session.match.to_record() == exported_record
    assert [s.name for s in imported.session.seats] == ["You", "Ada", "Bruno"]


def test_a_record_name_that_leaves_the_folder_is_refused_and_nothing_is_written(app, ui):
    open_table(app, ui)
    ui.key(pygame.K_ESCAPE)
    ui.click(ui.button("Export game record…"))
    dialog = app.scenes.top
    type_name(ui, dialog, "../escape")
    ui.click(ui.button("Save"))
    assert app.scenes.top is dialog
    assert any("cannot start with a dot" in text for text in app.notices.texts())
    assert not (app.folders.data_dir / "escape.json").exists()
    assert not app.folders.records_dir.exists() or not any(app.folders.records_dir.iterdir())


@pytest.mark.parametrize("name", ["nul", "CON", "com7.backup", "Lpt1 "])
def test_a_record_name_windows_keeps_for_a_device_is_refused_on_every_system(app, ui, name):
    # "nul.json" is no file on Windows: a record saved so would be lost there, or not copied there.
    open_table(app, ui)
    ui.key(pygame.K_ESCAPE)
    ui.click(ui.button("Export game record…"))
    dialog = app.scenes.top
    type_name(ui, dialog, name)
    ui.click(ui.button("Save"))
    assert app.scenes.top is dialog
    assert any(text.startswith("CON, PRN, AUX, NUL") for text in app.notices.texts())
    assert not app.folders.records_dir.exists() or not any(app.folders.records_dir.iterdir())


def test_saving_over_a_record_asks_first(app, ui):
    open_table(app, ui)
    app.folders.records_dir.mkdir(parents=True)
    existing = app.folders.records_dir / "keep.json"
    existing.write_text("old")
    ui.key(pygame.K_ESCAPE)
    ui.click(ui.button("Export game record…"))
    pick_record(ui, app.scenes.top, "keep")  # choosing a row fills in its name
    assert app.scenes.top.name == "keep"
    ui.click(ui.button("Save"))
    assert isinstance(app.scenes.top, ConfirmScene)
    ui.click(ui.button("Cancel"))
    assert existing.read_text() == "old"
    ui.click(ui.button("Save"))
    ui.click(ui.button("Replace"))
    assert existing.read_text() != "old" and isinstance(app.scenes.top, PauseScene)


def test_importing_a_file_that_is_not_a_record_says_why_and_stays_paused(app, ui):
    table = open_table(app, ui)
    app.folders.records_dir.mkdir(parents=True)
    (app.folders.records_dir / "notes.json").write_text('{"hello": "world"}')
    ui.key(pygame.K_ESCAPE)
    ui.click(ui.button("Import game record…"))
    pick_record(ui, app.scenes.top, "notes")
    ui.click(ui.button("Open"))
    assert isinstance(app.scenes.top, PauseScene) and app.scenes.top.table is table
    [notice] = app.notices.texts()
    assert notice.startswith("notes.json")


def test_quit_to_menu_keeps_the_match_for_continue(app, ui):
    open_table(app, ui)
    ui.key(pygame.K_ESCAPE)
    ui.click(ui.button("Quit to menu"))
    assert [type(s) for s in app.scenes] == [MainMenuScene]
    assert ui.has_button("Continue")


# ----- every screen fits, from the smallest window to full HD -------------------------------------


def all_scenes(app):
    table = None
    try:
        from game.ui.table import TableScene

        seats = [Seat("You", "human")] + [Seat(n, "easy") for n in ("Ada", "Bruno")]
        table = TableScene(app, session_for(app, Match(preset("crazy_eights", 3), seed=3), seats))
    except ImportError:
        pass
    scenes = [("menu", lambda: MainMenuScene(app)), ("new_game", lambda: NewGameScene(app)),
              ("rules", lambda: RulesScene(app)), ("settings", lambda: SettingsScene(app)),
              ("statistics", lambda: StatisticsScene(app))]
    return scenes, table


def assert_inside(app, name: str, at_least: int = 4) -> None:
    """Every visible widget lies inside the window (scrolled content only needs its viewport inside)."""
    window = app.screen.get_rect()
    sprites = app.ui_manager.get_sprite_group().sprites()
    scrolled = {s.scrollable_container for s in sprites
                if isinstance(s, pygame_gui.elements.UIScrollingContainer)}

    def in_scrolled_area(element) -> bool:
        while element is not None:
            if element in scrolled:
                return True
            parent = getattr(element, "ui_container", None)
            element = parent if parent is not element else None
        return False

    shown = 0
    for element in sprites:
        rect = element.get_abs_rect()
        if not element.visible or rect.width <= 0 or rect.height <= 0 or in_scrolled_area(element):
            continue
        shown += 1
        assert window.contains(rect), (name, element, rect)
        if isinstance(element, pygame_gui.elements.UICheckBox) and element.text:
            # A check box's words run on to its right: they end inside the panel that holds it.
            words, panel = element.text_label.get_abs_rect(), element.ui_container.get_abs_rect()
            assert panel.contains(words), (name, element.text, words, panel)
    assert shown >= at_least, name


def finished_table(app):
    """A table whose single-hand match has just ended (for the result screens)."""
    from game.ui.table import TableScene

    seats = [Seat("You", "human")] + [Seat(n, "easy") for n in ("Ada", "Bruno", "Chloé")]
    rules = preset("crazy_eights", 4).replace(match_end="single_hand", voluntary_draw=True, draw_rule="one_then_may_play")
    table = TableScene(app, session_for(app, Match(rules, seed=5), seats))
    app.scenes.clear_to(table)
    from game.rules import Move

    for _turn in range(3000):
        if table.session.match.hand.over:
            break
        # The person draws or passes whenever allowed: a long row of cards for the hand result to show.
        moves = table.session.match.legal_moves()
        held_back = [m for m in (Move("draw"), Move("pass")) if m in moves] if table.session.match.current_seat == 0 else []
        table.session.apply(held_back[0] if held_back else moves[0])
    return table


@pytest.mark.parametrize("language", ["en", "de", "el", "nb"])
@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_screen_fits_the_window_with_room_for_its_text(make_app, home, size, language):
    from game.ui.i18n import _

    autosave_match(home)
    StatisticsStore(UserFolders.default()).record_hand("swedish_rummy", "medium", True, 62, False)
    app = make_app(size)
    app.save_settings(dataclasses.replace(app.settings, language=language))
    assert app.language == language
    scenes, table = all_scenes(app)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for name, make in scenes:
            app.scenes.clear_to(make())
            app.step()
            assert_inside(app, name)
            if name == "menu":
                menu = app.scenes.top
                clear_of_panel = menu.panel_rect.inflate(2 * menu.px(12), 0)
                assert menu.tagline_rects and not any(r.colliderect(clear_of_panel) for r in menu.tagline_rects)
                assert all(app.screen.get_rect().contains(r) for r in menu.tagline_rects)
                # The version stands on the felt, never across the panel's border (the panel is tall at 960x600).
                assert not menu.version_rect.colliderect(menu.panel_rect.inflate(2, 2))
                assert app.screen.get_rect().contains(menu.version_rect)
        for preset_id in PRESETS:   # each game's description above the rules, however long it runs
            rules_scene = RulesScene(app, preset_id=preset_id)
            app.scenes.clear_to(rules_scene)
            frame = next(panel for panel, _style in rules_scene._frames)
            assert rules_scene.description.rect.bottom <= frame.get_abs_rect().top, preset_id
            assert app.screen.get_rect().contains(rules_scene.description.rect), preset_id
        app.scenes.clear_to(StatisticsScene(app))
        app.scenes.top.ask_reset()
        app.step()
        assert_inside(app, "statistics, reset dialog")
        app.scenes.clear_to(MainMenuScene(app))
        app.push(MessageScene(app, _("Game record"), _("This file is not a Crazy Eights game record.")))
        app.step()
        assert_inside(app, "message")
        if table is not None:
            app.scenes.clear_to(table)
            app.step()
            assert_inside(app, "table", at_least=1)
            app.push(PauseScene(app, table))
            app.step()
            assert_inside(app, "pause")
            app.scenes.top.export_record()
            app.step()
            assert_inside(app, "pause, export dialog")
            from game.ui.table import HandResultScene, MatchResultScene

            finished = finished_table(app)
            for name, result in (("hand result", HandResultScene), ("match result", MatchResultScene)):
                app.scenes.clear_to(finished)
                scene = result(app, finished)
                app.push(scene)
                app.step()
                assert_inside(app, name, at_least=1)
                assert app.screen.get_rect().contains(scene.panel), name
                assert all(scene.panel.contains(b.rect) for b in (scene.primary, scene.secondary) if b), name
                if name == "hand result":
                    assert scene.drawn_rows and all(cards_end < note for cards_end, note in scene.drawn_rows)
        new_game = NewGameScene(app)
        new_game.preset_id, new_game.players, new_game.switches = "crazy_eights_action", 7, {"jokers"}
        new_game.evaluate()
        app.scenes.clear_to(new_game)
        app.step()
        assert new_game.summary_box.scroll_bar is None, "the rules summary needs a scroll bar"
    too_small = [str(w.message) for w in caught if "too small for text" in str(w.message)]
    assert too_small == []


@pytest.mark.parametrize("language", ["en", "de", "el", "nb"])
def test_every_choice_of_every_new_game_drop_down_shows_whole(make_app, language):
    from game.ui.scenes.new_game import default_match_key

    app = make_app((960, 600))
    app.save_settings(dataclasses.replace(app.settings, language=language))
    cut = []
    for preset_id in PRESETS:
        scene = NewGameScene(app)
        scene.preset_id, scene.match_key = preset_id, default_match_key(preset_id)
        app.scenes.clear_to(scene)
        app.step()
        menus = [w for w in scene.widgets if isinstance(w, pygame_gui.elements.UIDropDownMenu)]
        assert len(menus) >= 4
        for menu in menus:
            button = menu.current_state.selected_option_button
            room = button.get_abs_rect().width - 8     # the button's own text padding
            for text, _key in menu.options_list:
                if button.font.size(text)[0] > room:
                    cut.append((preset_id, text, button.font.size(text)[0], room))
    assert cut == []


def test_the_window_cannot_be_made_smaller_than_960_by_600(app, ui):
    open_menu(app, ui)
    for width in (1200, 1000, 700):  # a drag: one layout, for the last size
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=width, h=500, size=(width, 500)))
    ui.step()
    assert app.size == (960, 600)
    app.resize((1600, 900))
    assert app.size == (1600, 900) and app.ui_manager.window_resolution == (1600, 900)
    assert app.font_scale == 1.25
    button = ui.button("New game")
    assert app.screen.get_rect().contains(button.get_abs_rect())


# ----- keyboard focus ---------------------------------------------------------------------


def test_the_keyboard_walks_the_main_menu_and_presses_the_focused_button(app, ui):
    menu = open_menu(app, ui)
    assert menu.focused() is None, "no ring until the keyboard is used"
    ui.key(pygame.K_DOWN)
    assert menu.focused() is ui.button("New game")
    ring_at = menu.focused().get_abs_rect().inflate(menu.px(12), menu.px(12)).midtop
    assert tuple(app.screen.get_at((ring_at[0], ring_at[1] + 1)))[:3] == (242, 207, 107), "a gold ring shows it"
    ui.key(pygame.K_DOWN)
    assert menu.focused() is ui.button("Play with friends")
    ui.key(pygame.K_DOWN)
    assert menu.focused() is ui.button("Rules")
    ui.key(pygame.K_TAB, mod=pygame.KMOD_LSHIFT)
    ui.key(pygame.K_TAB, mod=pygame.KMOD_LSHIFT)
    ui.key(pygame.K_UP)
    assert menu.focused() is ui.button("Quit"), "moving up from the first button wraps to the last"
    ui.key(pygame.K_TAB)
    ui.key(pygame.K_TAB)
    ui.key(pygame.K_TAB)
    assert menu.focused() is ui.button("Rules")
    ui.key(pygame.K_RETURN)
    assert isinstance(app.scenes.top, RulesScene)
    ui.key(pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, MainMenuScene)


def test_the_mouse_hides_the_ring_and_enter_then_takes_the_default_choice(app, ui):
    menu = open_menu(app, ui)
    ui.key(pygame.K_DOWN)
    ui.key(pygame.K_DOWN)
    ui.key(pygame.K_DOWN)
    assert menu.focused() is ui.button("Rules")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    ui.step()
    assert menu.focused() is None
    ui.key(pygame.K_RETURN)
    assert isinstance(app.scenes.top, NewGameScene), "Enter without a ring starts a new game, as before"


def test_space_on_a_focused_check_box_flips_and_saves_the_setting(app, ui, home):
    app.push(SettingsScene(app))
    ui.step()
    scene = app.scenes.top
    ui.key(pygame.K_TAB)
    while scene.focused() is not scene.pause_box:
        ui.key(pygame.K_TAB)
    ui.key(pygame.K_SPACE)
    assert saved_settings(home)["pause_after_computer_move"] is True
    assert scene.pause_box.get_state() is True


def test_the_keyboard_answers_the_reset_question_and_leaves_the_screen_behind_alone(app, ui, home):
    StatisticsStore(UserFolders.default()).record_hand("crazy_eights", "easy", True, 0, True)
    app.push(StatisticsScene(app))
    ui.step()
    scene = app.scenes.top
    scene.ask_reset()
    ui.step()
    question = app.scenes.top
    ui.key(pygame.K_TAB)
    assert question.focused() is ui.button("Cancel") and scene.focused() is None
    ui.key(pygame.K_TAB)
    assert question.focused() is ui.button("Reset")
    ui.key(pygame.K_SPACE)
    assert app.scenes.top is scene and scene.rows == []


def test_a_ticked_check_box_shows_a_drawn_tick_and_an_unticked_one_none(app, ui):
    app.push(SettingsScene(app))
    ui.step()
    scene = app.scenes.top
    ticked, unticked = scene.highlight_box, scene.pause_box
    assert ticked.get_state() is True and unticked.get_state() is False

    def at(box, x, y):
        rect = box.get_abs_rect()
        size = min(rect.w, rect.h)
        return tuple(app.screen.get_at((int(rect.centerx - size / 2 + size * x),
                                        int(rect.centery - size / 2 + size * y))))[:3]

    joint, corner = at(ticked, 0.42, 0.70), at(ticked, 0.80, 0.80)
    assert max(joint) < 90, f"the tick's joint is dark, got {joint}"
    assert corner[0] > 150 and corner[1] > 120, f"the rest of a ticked box is gold, got {corner}"
    assert max(at(unticked, 0.42, 0.70)) < 90 and max(at(unticked, 0.80, 0.80)) < 90, "an empty box is dark"
    ui.click(unticked)
    assert max(at(unticked, 0.42, 0.70)) < 90 and min(at(unticked, 0.80, 0.80)[:2]) > 120


def test_a_message_keeps_the_screen_below_in_view_darkened(app, ui):
    app.push(StatisticsScene(app))
    ui.step(2)
    point = ui.button("Back").get_abs_rect().center
    before = app.screen.get_at(point)
    app.push(MessageScene(app, "Game record", "This file is not a Crazy Eights game record."))
    ui.step(2)
    after = app.screen.get_at(point)
    alpha = MessageScene.dim_alpha / 255
    shade = (5, 12, 8)
    for channel in range(3):
        expected = before[channel] * (1 - alpha) + shade[channel] * alpha
        assert abs(after[channel] - expected) <= 6, (before, after)
    ui.key(pygame.K_RETURN)
    assert isinstance(app.scenes.top, StatisticsScene) and ui.has_button("Back")


def test_keys_typed_into_the_name_box_never_move_or_press_the_ring(app, ui, home):
    app.push(SettingsScene(app))
    ui.step()
    scene = app.scenes.top
    while scene.focused() is not ui.button("Back"):
        ui.key(pygame.K_TAB)
    ui.click(scene.name_entry)
    assert scene.name_entry.is_focused
    for key in (pygame.K_TAB, pygame.K_DOWN, pygame.K_SPACE, pygame.K_RETURN):
        ui.key(key, unicode=" " if key == pygame.K_SPACE else "")
    assert app.scenes.top is scene, "Enter or Space in the name box must not press Back"
    assert scene.focus_index == scene.focusables().index(ui.button("Back"))


def test_tabbing_to_a_house_rule_below_the_fold_scrolls_it_into_view(app, ui):
    app.resize((960, 600))
    app.push(NewGameScene(app))
    ui.step()
    scene = app.scenes.top
    last = list(scene.toggles)[-1]
    assert last.get_image_clipping_rect() is not None, "the last switch starts out of view"
    while scene.focused() is not last:
        ui.key(pygame.K_TAB)
    ui.step(3)
    assert last.get_image_clipping_rect() is None, "the focused switch shows whole"
    ui.key(pygame.K_SPACE)
    assert last.get_state() is True and scene.toggles[last] in scene.switches


def test_a_volume_slider_is_filled_up_to_its_handle(app, ui):
    from game.ui.scenes.sound_settings import SoundSettingsScene

    app.push(SoundSettingsScene(app))
    ui.step()
    scene = app.scenes.top
    slider = next(iter(scene.sliders))
    button = slider.sliding_button.rect
    y = slider.rect.centery
    left = app.screen.get_at((slider.rect.left + scene.px(12), y))
    right = app.screen.get_at((slider.rect.right - scene.px(10), y))
    assert left.r > 100 and left.r > left.b + 40, f"gold fill left of the handle, got {left}"
    assert right.r < 60, f"dark track right of the handle, got {right}"
    assert button.right < slider.rect.right - scene.px(10)


def test_the_keyboard_scrolls_the_rules_and_tab_still_reaches_back(app, ui):
    app.push(RulesScene(app, preset_id="switch"))
    ui.step()
    scene = app.scenes.top
    view = scene.rules_view
    assert view.bar is not None and view.first == 0
    ui.key(pygame.K_DOWN)
    after_line = view.first
    assert after_line > 0
    ui.key(pygame.K_PAGEDOWN)
    assert view.first > after_line
    ui.key(pygame.K_END)
    assert view.first == view.last_first and view.bar.start_percentage > 0.5
    ui.key(pygame.K_HOME)
    assert view.first == 0 and view.bar.start_percentage == 0
    assert scene.focused() is None, "scrolling is not moving the focus ring"
    ui.key(pygame.K_TAB)
    assert scene.focused() is scene.dropdown
    # Then each rule's "Show me" link, in the order of the text, and Back.
    for button in scene.link_buttons.values():
        ui.key(pygame.K_TAB)
        assert scene.focused() is button
    ui.key(pygame.K_TAB)
    assert scene.focused() is ui.button("Back")


def test_the_keyboard_steps_through_a_drop_down_and_the_choice_sticks(app, ui):
    app.push(NewGameScene(app))
    ui.step()
    scene = app.scenes.top
    first = scene.preset_id
    while scene.focused() is not scene.preset_menu:
        ui.key(pygame.K_TAB)
    ui.key(pygame.K_RIGHT)
    assert scene.preset_id != first
    assert scene.preset_menu.selected_option[1] == scene.preset_id, "the rebuilt box shows the new game"
    assert scene.focused() is scene.preset_menu, "the ring stays on the drop-down"
    ui.key(pygame.K_LEFT)
    assert scene.preset_id == first
    # A drop-down the scene does not rebuild for by itself (the match length) is shown again too.
    while scene.focused() is not scene.match_menu:
        ui.key(pygame.K_TAB)
    before = scene.match_key
    ui.key(pygame.K_RIGHT)
    assert scene.match_key != before and scene.match_menu.selected_option[1] == scene.match_key


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_statistics_lists_show_whole_rows_and_every_result_when_there_is_room(make_app, home, size):
    store = StatisticsStore(UserFolders.default())
    for preset_id in ("crazy_eights", "swedish_rummy", "switch", "crazy_aces"):
        store.record_hand(preset_id, "medium", True, 10, True)
    app = make_app(size)
    app.scenes.clear_to(StatisticsScene(app))
    app.step()
    scene = app.scenes.top
    results = scene.table
    assert results.rect.height % results.row_h == 0, "a result row shows only in part"
    if size == (1920, 1080):  # room for all four results and the (empty) recent list below
        assert len(scene.shown_rows()) == 4


@pytest.mark.parametrize("language", ["en", "de", "el", "nb"])
def test_the_abandon_question_shows_its_whole_title_at_960_by_600(make_app, language):
    from game.ui.i18n import _

    app = make_app((960, 600))
    app.save_settings(dataclasses.replace(app.settings, language=language))
    app.scenes.clear_to(NewGameScene(app))
    app.step()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        app.push(ConfirmScene(app, _("Abandon the saved match?"), _(
            "A match is saved for Continue. Starting a new game gives it up for good, and it counts as abandoned "
            "in the statistics."), _("Abandon"), lambda: None))
        app.step()
    assert [str(w.message) for w in caught if "too small for text" in str(w.message)] == []


@pytest.mark.parametrize("language", ["en", "de", "el", "nb"])
def test_the_rules_summary_shows_whole_for_every_game_at_seven_players_with_every_house_rule(make_app, language):
    """At 960x600 the summary's last line is never cut: built with the rules ticked, or grown by ticking
    them one by one (the Greek summary of action cards for seven ran past its box)."""
    from game.rules import house_rules_for

    app = make_app((960, 600))
    app.save_settings(dataclasses.replace(app.settings, language=language))

    def assert_whole(scene, what):
        needed, box = scene.summary_height(), scene.summary_box.rect
        assert needed <= box.height, f"{what}: the summary needs {needed} px, its box has {box.height}"
        assert scene.summary_box.scroll_bar is None, what
        inset = scene.summary_box.ui_container.get_abs_rect()
        assert inset.contains(scene.summary_box.get_abs_rect()), f"{what}: the summary box runs past its inset"

    for preset_id in PRESETS:
        offered = [rule.id for rule in house_rules_for(preset_id)]
        from game.ui.scenes.new_game import default_match_key

        scene = NewGameScene(app)
        scene.preset_id, scene.players, scene.switches = preset_id, 7, set(offered)
        scene.match_key = default_match_key(preset_id)
        scene.evaluate()
        app.scenes.clear_to(scene)
        app.step()
        assert_whole(scene, f"{preset_id} built with {offered}")
        scene.switches = set()
        scene.changed(rebuild=True)
        for switch in offered:       # ticked one at a time: the summary grows in place
            scene.switches.add(switch)
            scene.changed()
            app.step()
            assert_whole(scene, f"{preset_id} after ticking {switch}")


@pytest.mark.parametrize("language", ["en", "de", "el", "nb"])
def test_every_game_keeps_its_description_beside_its_whole_summary_at_960_by_600(make_app, language):
    """Chosen as it comes (four players, no house rule), each game shows what it is and its whole summary:
    Switch in Greek needs the description in smaller type, never gone."""
    from game.ui.scenes.new_game import default_match_key

    app = make_app((960, 600))
    app.save_settings(dataclasses.replace(app.settings, language=language))
    for preset_id in PRESETS:
        scene = NewGameScene(app)
        scene.preset_id, scene.players, scene.switches = preset_id, 4, set()
        scene.match_key = default_match_key(preset_id)
        scene.evaluate()
        app.scenes.clear_to(scene)
        app.step()
        assert scene.description is not None, f"{preset_id}: the game's description left out"
        assert scene.description.scroll_bar is None, preset_id
        assert scene.summary_height() <= scene.summary_box.rect.height, preset_id


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en", "de", "el", "nb"])
def test_the_statistics_person_menu_shows_you_against_the_computer_whole(make_app, home, language, size):
    """"Du (gegen den Computer)" lost its closing bracket under the arrow: each choice shows whole."""
    store = StatisticsStore(UserFolders.default())
    store.record_hand("crazy_eights", "medium", True, 0, True)
    store.record_finished_hand("crazy_eights", "human", None, (True, 0, True), None, "Bruno")
    app = make_app(size)
    app.save_settings(dataclasses.replace(app.settings, language=language))
    app.scenes.clear_to(StatisticsScene(app))
    app.step()
    menu = app.scenes.top.player_menu
    assert menu is not None
    button = menu.current_state.selected_option_button
    room = button.get_abs_rect().width - 12    # the text's padding (10) and the button's edge
    assert [text for text, _key in menu.options_list if button.font.size(text)[0] > room] == []
