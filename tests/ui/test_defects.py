"""Defects a player hit (issue 12), each driven through the screens with real pygame events."""
from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.rules import PRESETS
from game.ui import i18n
from game.ui.scenes.rules import RulesScene


@pytest.fixture
def english_catalogue(monkeypatch):
    """The real English catalogue, chosen the way a player's desktop chooses it: through LANG."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    i18n.set_language(None)
    assert type(i18n._translation).__name__ == "GNUTranslations"
    yield
    monkeypatch.undo()
    i18n.set_language(None)


def test_an_empty_message_is_never_translated_into_the_catalogue_header(english_catalogue):
    assert i18n._("") == ""
    assert i18n.ngettext("", "", 2) == ""
    assert i18n._("New game") == "New game"


def test_the_rules_of_this_game_show_no_catalogue_header(app, ui, english_catalogue):
    app.push(RulesScene(app, rules=PRESETS["crazy_eights"]))
    ui.step()
    texts = [element.html_text for element in app.ui_manager.get_sprite_group().sprites()
             if isinstance(element, pygame_gui.elements.UITextBox)]
    assert texts and not any("Project-Id-Version" in text or "MIME-Version" in text for text in texts)


def test_a_joker_reads_as_a_joker_in_the_move_log_and_other_cards_stay_chips(app):
    from game.rules import FIRST_JOKER, Event, card_from_str
    from game.ui.table.narration import describe

    names = {0: "You", 1: "Ada"}
    joker = FIRST_JOKER + 1          # the second joker, "X2"
    lines = describe([Event("played", 1, (joker,)), Event("nominated", 1, suit=2)], names, human=0)
    lines += describe([Event("played", 0, (card_from_str("8S"),))], names, human=0)
    assert lines == ["Ada plays joker and names hearts", "You play 8S"]
    assert not any("X2" in line for line in lines)


def test_escape_with_a_drop_down_open_closes_it_and_stays_on_new_game(app, ui):
    from game.ui.scenes.new_game import NewGameScene

    app.main_menu()
    scene = NewGameScene(app)
    app.push(scene)
    ui.step()
    menu = scene.players_menu
    ui.click(menu)
    assert menu.current_state is menu.menu_states["expanded"]
    ui.key(pygame.K_ESCAPE)
    assert app.scenes.top is scene, "Escape left the screen"
    assert menu.current_state is menu.menu_states["closed"]
    ui.key(pygame.K_ESCAPE)                       # nothing open now: Escape goes back
    assert app.scenes.top is not scene


def test_each_game_remembers_its_own_house_rules(app, ui, make_app):
    from game.ui.scenes.new_game import NewGameScene

    app.push(NewGameScene(app))
    ui.step()
    scene = app.scenes.top
    ui.choose(scene.preset_menu, "Crazy Eights")

    def ticked():
        return {rule_id for toggle, rule_id in app.scenes.top.toggles.items()
                if toggle.get_state() and toggle.is_enabled}

    ui.click(next(t for t, rule_id in scene.toggles.items() if rule_id == "jokers"))
    assert ticked() == {"jokers"}
    ui.choose(scene.preset_menu, "Crazy Aces")
    assert ticked() == set(), "the jokers were chosen for Crazy Eights, not Crazy Aces"
    ui.click(next(t for t, rule_id in scene.toggles.items() if rule_id == "last_card"))
    ui.choose(scene.preset_menu, "Crazy Eights")
    assert ticked() == {"jokers"}
    restarted = NewGameScene(make_app())                  # the next time the game starts
    assert restarted.preset_id == "crazy_eights" and restarted.switches == {"jokers"}
    assert restarted.switches_for("crazy_aces") == {"last_card"}


def test_house_rules_saved_by_the_older_version_stay_with_their_game(make_app, home):
    from game.store import Settings, SettingsStore, UserFolders
    from game.ui.scenes.new_game import NewGameScene

    SettingsStore(UserFolders.default()).save(Settings(last_new_game={
        "preset": "crazy_aces", "players": 4, "levels": ["hard"] * 6, "match": "single", "switches": ["jokers"]}))
    scene = NewGameScene(make_app())
    assert scene.preset_id == "crazy_aces" and scene.switches == {"jokers"}
    assert scene.switches_for("crazy_eights") == set()


def test_the_hand_result_names_the_person_once_with_no_level(app, monkeypatch):
    from game.rules import Match, preset
    from game.session import default_table
    from game.ui.sessions import session_for
    from game.ui.table import HandResultScene

    rules = preset("crazy_eights", 3).replace(match_end="single_hand")
    table = app.go("table", session_for(app, Match(rules, seed=5), default_table("You", 3, "hard")))
    app.step(1 / 60)
    while not table.session.match.hand.over:
        table.session.apply(table.session.match.legal_moves()[0])
    result = HandResultScene(app, table)
    app.push(result)
    app.step(1 / 60)
    drawn = []
    render = table.text.render
    monkeypatch.setattr(table.text, "render", lambda text, *a, **k: drawn.append(text) or render(text, *a, **k))
    result.draw(app.screen)                     # the result panel alone, not the table under it
    assert drawn.count("You") == 1, drawn
    assert drawn.count("Hard") == 2, "each computer player's level shows under its name"


def test_statistics_give_each_figure_its_unit_and_say_what_the_streak_counts(app, ui, home):
    from game.store import StatisticsStore, UserFolders
    from game.ui.scenes.statistics import StatisticsScene

    store = StatisticsStore(UserFolders.default())
    store.record_hand("crazy_eights", "hard", False, 26, True)      # penalty points: fewest is best
    store.record_hand("crazy_eights", "hard", True, 0, True)        # a won hand, the match goes on
    store.record_hand("switch", "easy", True, 0, True)
    store.record_match("switch", "easy", True)                      # a won match: one in a row
    app.push(StatisticsScene(app))
    ui.step()
    scene = app.scenes.top
    headings = [label.text for label in scene.widgets if getattr(label, "object_ids", None)
                and any(str(i).startswith("#heading_") for i in label.object_ids)]
    assert "Matches won in a row" in headings and "Longest streak" not in headings
    from game.ui.scenes.statistics import HEADINGS

    assert len(HEADINGS) == len(scene.shown_rows()[0])
    rows = scene.shown_rows()
    eights = next(row for row in rows if row[0] == "Crazy Eights")
    switch = next(row for row in rows if row[0] == "Switch")
    assert eights[6:9] == ["0 pts", "13 pts", "0"]
    assert switch[6:9] == ["0 pts", "0 pts", "1"]
    note = scene.note.html_text
    assert "fewest penalty points" in note and "counted as each match ends" in note


def test_one_volume_slider_shows_and_sets_the_volume_heard(make_app, home):
    import dataclasses

    from game.store import SettingsStore, UserFolders
    from game.ui.scenes.settings import SettingsScene
    from tests.ui.conftest import Driver

    store = SettingsStore(UserFolders.default())
    settings, _problem = store.load()
    store.save(dataclasses.replace(settings, sound_volume=0.5, effects_volume=0.8))   # an older file's two volumes
    app = make_app()
    ui = Driver(app)
    app.push(SettingsScene(app))
    ui.step()
    scene = app.scenes.top
    assert len(scene.sliders) == 1
    slider = next(iter(scene.sliders))
    assert slider.get_current_value() == 40, "the slider shows what is heard: 50 % of 80 %"
    labels = [w.text for w in scene.widgets if isinstance(w, pygame_gui.elements.UILabel)]
    assert "Volume" in labels and "Sound volume" not in labels and "Effects volume" not in labels
    knob, track = slider.sliding_button.get_abs_rect().center, slider.get_abs_rect()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=knob, button=1))
    ui.step()
    for x in range(knob[0], track.right - 40, 10):                    # drag the knob to the right
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, knob[1]), rel=(10, 0), buttons=(1, 0, 0)))
        pygame.mouse.set_pos((x, knob[1]))
        ui.step()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(track.right - 40, knob[1]), button=1))
    ui.step(3)
    assert (app.settings.sound_volume, app.settings.effects_volume) == (1.0, app.sound.volume)
    assert app.sound.volume > 0.4


# ----- idle frame rate -----------------------------------------------------------------------------


def frames_run_in(app, monkeypatch, seconds: float, poke=None) -> int:
    """Run the real main loop for ``seconds`` (``poke()`` is called from another thread half-way)."""
    import threading
    import time

    monkeypatch.setattr(app, "shutdown", lambda: None)
    start = app.frames

    def stop():
        time.sleep(seconds / 2)
        if poke is not None:
            poke()
        time.sleep(seconds / 2)
        app.quit()

    threading.Thread(target=stop, daemon=True).start()
    app.run()
    return app.frames - start


def test_a_still_main_menu_is_drawn_a_few_times_a_second_and_input_wakes_it(app, ui, monkeypatch):
    from game.ui.scene import IDLE_FPS

    app.main_menu()
    ui.step()
    app._last_input -= 10                               # no input for a while
    assert app.frame_rate() == IDLE_FPS
    frames = frames_run_in(app, monkeypatch, 1.0)
    assert frames <= IDLE_FPS + 3, f"{frames} frames in a second of nothing"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    app.step()
    assert app.frame_rate() == 60, "input brings the full frame rate back at once"


def test_the_table_waiting_for_the_person_pulses_at_the_ambient_rate_and_moves_at_full(app, ui, monkeypatch):
    from game.rules import Match, preset
    from game.session import default_table
    from game.ui.scene import AMBIENT_FPS
    from game.ui.sessions import session_for

    table = app.go("table", session_for(app, Match(preset("crazy_eights", 3), 3), default_table("You", 3, "easy")))
    assert table.frame_rate() == 60, "the deal is moving"
    for _ in range(2000):
        if table.human_turn() and table.frame_rate() == AMBIENT_FPS:
            break
        ui.step()
    assert table.human_turn() and table.frame_rate() == AMBIENT_FPS
    app._last_input -= 10
    frames = frames_run_in(app, monkeypatch, 1.0)
    assert frames <= AMBIENT_FPS + 4, f"{frames} frames in a second of waiting"
    pulse = table.time
    ui.step(3)
    assert table.time > pulse, "the pulse clock still runs"
    card = next(m.card for m in table.session.view().my_moves if m.kind == "play")
    assert table.play_card(card) or table.chooser is not None
    assert table.frame_rate() == 60, "a card flies to the pile at the full rate"
