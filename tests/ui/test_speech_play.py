"""Playing without seeing the screen: whole matches by keyboard alone with every word recorded, the
key help (F1), mute (M), and the menus and table keys that speak."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pygame
import pytest

from game.rules import PRESETS
from game.speech import RecordingBackend

BENCH = Path(__file__).resolve().parents[2] / "bench" / "speech_coverage.py"
LANGUAGES = ("de", "en", "nb", "el", "de", "en")


def coverage_bench():
    spec = importlib.util.spec_from_file_location("bench_speech_coverage", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("preset_id", sorted(PRESETS))
def test_a_whole_match_by_keyboard_tells_every_event_once_and_no_hidden_card(preset_id, tmp_path):
    language = LANGUAGES[sorted(PRESETS).index(preset_id) % len(LANGUAGES)]   # every language in turn
    figures = coverage_bench().play_match(preset_id, 7, language, 1, tmp_path)
    assert figures["finished"], figures
    assert figures["events"] > 10
    assert figures["never_spoken"] == [] and figures["spoken_twice"] == []
    assert figures["spoken_once"] == figures["events"]
    assert figures["hidden_cards_spoken"] == []
    assert figures["wrong_language"] == []
    assert figures["asked"] > 0


def test_the_hidden_card_check_catches_a_named_card(tmp_path):
    """The check the matches rely on: a card in an opponent's hand, said aloud, is caught."""
    bench = coverage_bench()
    import dataclasses

    from game.rules import Match, card_to_str, preset
    from game.session import Seat
    from game.store import UserFolders
    from game.ui.app import App
    from game.ui.sessions import session_for
    from game.ui.table import TableScene
    from game.ui.table.narration import spoken_card

    app = App(size=(960, 600), folders=UserFolders(tmp_path / "c", tmp_path / "d"), headless=True)
    table = TableScene(app, session_for(app, Match(dataclasses.replace(preset("crazy_eights"), players=2), 3),
                                        [Seat("Tess", "human"), Seat("Ada", "easy")]))
    recorder = bench.CheckingRecorder("en")
    recorder.table = table
    app.speech.use(recorder)
    hidden = table.session.match.hand.hands[1][0]
    app.speech.say(f"Ada holds the {spoken_card(hidden)}")
    mine = table.session.match.hand.hands[0][0]
    app.speech.say(f"You hold the {spoken_card(mine)}")
    assert [card for card, _text in recorder.hidden_spoken] == [card_to_str(hidden)]
    app.shutdown()


def test_f1_shows_every_key_and_reads_them_with_up_and_down(app, ui):
    recorder = RecordingBackend()
    app.speech.use(recorder)
    app.go("menu")
    ui.step()
    ui.key(pygame.K_F1)
    scene = app.scenes.top
    assert getattr(scene, "is_key_help", False)
    assert "Keys" in recorder.texts[-1]
    ui.key(pygame.K_DOWN)
    assert recorder.texts[-1] == "Everywhere: F1: This list of keys"
    rows = scene.rows()
    assert any("M: Sound on or off" in row for row in rows)
    assert any(": R: Read my hand" in row for row in rows)
    ui.key(pygame.K_F1)
    assert not getattr(app.scenes.top, "is_key_help", False)


@pytest.mark.parametrize("language", ["en", "de", "el", "nb"])
def test_the_key_help_stands_in_columns_inside_a_small_window(make_app, language):
    """Every section whole, in two or three columns that fit 960x600 (one long column ran off the screen)."""
    import dataclasses

    app = make_app((960, 600))
    app.settings = dataclasses.replace(app.settings, language=language)
    app.apply_language()
    app.go("menu")
    app.step(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""))
    app.step(1 / 60)
    scene = app.scenes.top
    top, bottom = scene.px(80), 600 - scene.px(90)
    size, columns = scene.layout(top, bottom)
    assert 2 <= len(columns) <= 3 and size >= 10
    assert sum(len(sections) for _x, sections in columns) == len(scene_sections())
    assert all(x >= 0 for x, _sections in columns)


def scene_sections():
    from game.ui.scenes.keys import key_sections
    return key_sections()


def test_m_mutes_every_sound_and_is_remembered(app, ui, make_app):
    app.go("menu")
    ui.step()
    assert app.sound.volume > 0
    ui.key(pygame.K_m)
    assert app.settings.muted and app.sound.volume == 0.0
    assert make_app().settings.muted, "saved at once"
    ui.key(pygame.K_m)
    assert not app.settings.muted and app.sound.volume > 0


def test_the_keyboard_reaches_the_volume_sliders_and_each_control_is_spoken(app, ui):
    from game.ui.scenes.sound_settings import SoundSettingsScene

    recorder = RecordingBackend()
    app.speech.use(recorder)
    app.push(SoundSettingsScene(app))
    ui.step()
    ui.key(pygame.K_TAB)
    assert recorder.texts[-1] == "Master volume: 80%, slider"
    ui.key(pygame.K_LEFT)
    assert app.settings.sound_volume == 0.75
    assert recorder.texts[-1] == "Master volume: 75%, slider"
    ui.key(pygame.K_TAB)
    ui.key(pygame.K_TAB)
    assert recorder.texts[-1] == "Mute every sound (M), not checked, check box"
    ui.key(pygame.K_SPACE)
    assert app.settings.muted and recorder.texts[-1] == "Mute every sound (M), checked, check box"
    ui.key(pygame.K_TAB)
    ui.key(pygame.K_RIGHT)
    assert app.settings.speech == "always"
    assert recorder.texts[-1] == "Speech: Always, list"


def test_the_table_reads_the_hand_by_suit_and_the_pile_on_request(app, ui):
    import dataclasses

    from game.rules import Match, preset
    from game.session import Seat
    from game.ui.sessions import session_for
    from game.ui.table import TableScene
    from game.ui.table.narration import spoken_card

    app.settings = dataclasses.replace(app.settings, animation_speed="instant", computer_speed="instant")
    recorder = RecordingBackend()
    app.speech.use(recorder)
    table = TableScene(app, session_for(app, Match(dataclasses.replace(preset("crazy_eights"), players=2), 5),
                                        [Seat("Tess", "human"), Seat("Ada", "easy")]))
    app.push(table)
    ui.step()
    assert recorder.texts[0].startswith("Hand 1:")
    ui.key(pygame.K_r)
    cards = table.session.view().my_cards
    said = recorder.texts[-1]
    assert said.startswith(f"Your hand, {len(cards)} cards.")
    assert all(word in said for word in ("clubs:", "hearts:")) or "spades:" in said
    ui.key(pygame.K_t)
    assert recorder.texts[-1].startswith(f"On the pile: {spoken_card(table.session.view().discard[-1])}")
    ui.key(pygame.K_c)
    assert recorder.texts[-1].startswith("You: 7 cards. Ada: 7 cards")
    ui.key(pygame.K_o)
    assert recorder.texts[-1] == "Scores: You 0, Ada 0"


def test_brief_speech_leaves_out_the_pile_and_full_speech_names_it(app, ui):
    import dataclasses

    from game.rules import Match, preset
    from game.session import Seat
    from game.ui.sessions import session_for
    from game.ui.table import TableScene

    recorder = RecordingBackend()
    app.speech.use(recorder)
    rules = dataclasses.replace(preset("crazy_eights"), players=2)
    table = TableScene(app, session_for(app, Match(rules, 11), [Seat("Tess", "human"), Seat("Ada", "easy")]))
    app.push(table)
    ui.step()
    while not table.session.human_turn():
        ui.step()
    app.speech.detail = "full"
    assert any(line.startswith("On the pile:") for line in table.speech.turn_lines())
    app.speech.detail = "brief"
    lines = table.speech.turn_lines()
    assert lines[0] == "Your turn" and not any(line.startswith("On the pile:") for line in lines)


def test_a_screen_says_its_name_when_it_opens(app, ui):
    recorder = RecordingBackend()
    app.speech.use(recorder)
    app.go("menu")
    ui.step()
    assert recorder.texts[-1] == "Main menu"
    app.go("settings")
    ui.step()
    assert recorder.texts[-1] == "Settings"
    ui.key(pygame.K_ESCAPE)
    assert recorder.texts[-1] == "Main menu"


def test_a_refused_move_is_spoken_with_its_reason(app, ui):
    import dataclasses

    from game.rules import Match, preset
    from game.session import Seat
    from game.ui.sessions import session_for
    from game.ui.table import TableScene

    app.settings = dataclasses.replace(app.settings, animation_speed="instant", computer_speed="instant")
    recorder = RecordingBackend()
    app.speech.use(recorder)
    rules = dataclasses.replace(preset("crazy_eights"), players=2)
    table = TableScene(app, session_for(app, Match(rules, 11), [Seat("Tess", "human"), Seat("Ada", "easy")]))
    app.push(table)
    ui.step()
    while not table.session.human_turn():
        ui.step()
    assert "pass" not in table.session.view().move_kinds
    ui.key(pygame.K_p)
    shown = table.effects.toast[0]
    assert shown and recorder.texts[-1] == shown


def test_a_resumed_match_says_where_it_stands_not_every_move_again(app, ui):
    import dataclasses
    import time

    from game.rules import Match, preset
    from game.session import Seat
    from game.ui.sessions import session_for
    from game.ui.table import TableScene

    recorder = RecordingBackend()
    app.speech.use(recorder)
    rules = dataclasses.replace(preset("crazy_eights"), players=2)
    session = session_for(app, Match(rules, 4), [Seat("Tess", "human"), Seat("Ada", "easy")])
    for _move in range(6):
        if session.human_turn():
            view = session.view()
            session.play(next((m for m in view.my_moves if m.kind == "play"), view.my_moves[0]))
        else:
            deadline = time.monotonic() + 20
            while session.think() is None and time.monotonic() < deadline:
                time.sleep(0.01)
            session.play_computer_move()
    app.push(TableScene(app, session))
    ui.step()
    first = recorder.utterances[0]
    assert first.text.startswith("Hand 1.") and first.keys == ()
    assert "On the pile:" in first.text


def test_a_replay_says_each_step_and_the_points_at_the_end(app, ui):
    from game.ui.replay.scene import ReplayScene
    from tests.ui.test_replay import open_statistics, play_a_match_at_the_table

    play_a_match_at_the_table(app)
    statistics = open_statistics(app, ui)
    ui.click(statistics.replay_buttons[0])
    scene = app.scenes.top
    assert isinstance(scene, ReplayScene)
    recorder = RecordingBackend()
    app.speech.use(recorder)
    ui.key(pygame.K_RIGHT)
    names = {seat: scene.replay.name(seat) for seat in range(len(scene.replay.seats))}
    assert any(name in recorder.texts[-1] for name in names.values()), recorder.texts
    ui.key(pygame.K_END)
    assert "in all" in recorder.texts[-1] and "wins the match" in recorder.texts[-1] or \
        "You win the match!" in recorder.texts[-1]
