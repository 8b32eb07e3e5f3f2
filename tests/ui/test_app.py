"""The application shell: the loop, the command line, assets, sound, translation and the rules text."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.rules import HOUSE_RULES, PRESETS, IllegalMove, InvalidRuleSet, house_rules_for, with_house_rules
from game.ui import i18n
from game.ui.assets import AssetMissing, Assets, card_height
from game.ui.rules_text import describe, summary
from game.ui.scene import Scene
from game.ui.sound import Sound

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))


def run_main(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=timeout)


# ----- the command line -------------------------------------------------------------------


def test_version_prints_the_package_version():
    from game import __version__

    result = run_main("--version")
    assert result.returncode == 0
    assert result.stdout.strip() == f"crazy-eights {__version__}"


@pytest.mark.parametrize("args, message", [
    (("--bogus",), "unrecognized arguments: --bogus"),
    (("--size", "100x100"), "at least 960x600"),
    (("--size", "big"), "expected WIDTHxHEIGHT"),
    (("--windowed", "--fullscreen"), "not allowed with argument"),
    (("--seed", "x"), "invalid int value"),
])
def test_a_bad_flag_says_what_is_wrong_and_exits_2(args, message):
    result = run_main(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_smoke_plays_a_computer_match_to_the_result_headless():
    pytest.importorskip("game.ui.table", reason="the table package (game/ui/table) is not there yet")
    result = run_main("--smoke", "--seed", "3")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("smoke: ok, 2 hands"), result.stdout   # the match is fixed at two hands
    assert "network: joined table" in result.stdout, result.stdout   # a table hosted on localhost, joined once


# ----- the loop ----------------------------------------------------------------------------


class Recorder(Scene):
    """A scene that remembers what reached it."""

    def __init__(self, app, transparent=False):
        super().__init__(app)
        self.transparent = transparent
        self.events, self.updates, self.draws, self.sizes = [], [], 0, []

    def handle_event(self, event):
        self.events.append(event.type)
        return True

    def update(self, dt):
        self.updates.append(dt)

    def draw(self, surface):
        self.draws += 1

    def on_resize(self, size):
        self.sizes.append(size)


def test_step_runs_one_frame_and_only_the_top_scene_gets_events_and_updates(app):
    below, top = Recorder(app), Recorder(app, transparent=True)
    app.push(below)
    app.push(top)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0))
    frames = app.frames
    app.step(0.25)
    assert app.frames == frames + 1
    assert pygame.KEYDOWN in top.events and pygame.KEYDOWN not in below.events
    assert top.updates == [0.25] and below.updates == []
    assert top.draws == 1 and below.draws == 1  # the transparent top shows the scene below
    top.transparent = False
    app.step()
    assert below.draws == 1 and top.draws == 2


def test_a_click_a_widget_used_does_not_reach_the_scene(app, ui):
    app.main_menu()
    ui.step()
    recorder = Recorder(app)
    button = ui.button("Rules")
    app.scenes._scenes.append(recorder)  # on top, but the menu's widgets are still alive
    ui.click_at(button.get_abs_rect().center)
    assert pygame.MOUSEBUTTONDOWN not in recorder.events
    ui.click_at((5, 5))
    assert pygame.MOUSEBUTTONDOWN in recorder.events


def test_resizing_lays_every_scene_out_again_and_quit_ends_the_loop(app):
    scenes = [Recorder(app), Recorder(app)]
    for scene in scenes:
        app.push(scene)
    app.resize((1000, 650))
    assert all(scene.sizes == [(1000, 650)] for scene in scenes)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step()
    assert not app.running


def test_run_caps_the_frame_rate_and_returns_when_quit(app, monkeypatch):
    ticks = []

    class Clock:
        def tick(self, fps=0):
            ticks.append(fps)
            if len(ticks) == 3:
                app.quit()
            return 16

    app.clock = Clock()
    monkeypatch.setattr(app, "shutdown", lambda: None)
    assert app.run() == 0
    assert ticks == [60, 60, 60]


# ----- assets and sound ----------------------------------------------------------------------


def test_cards_load_at_the_asked_width_and_are_cached():
    assets = Assets()
    card = assets.card("QD", 100)
    assert card.get_size() == (100, 140) == (100, card_height(100))
    assert assets.card("QD", 100) is card
    assert assets.card("10H", 61, "four_color").get_size() == (61, 85)
    assert assets.card_path("X3") == assets.card_path("X1") and assets.card_path("X4") == assets.card_path("X2")
    assert assets.back("red", 80).get_size() == (80, 112)
    assert assets.font(20, bold=True).get_height() > 20
    with pytest.raises(ValueError):
        assets.back("green", 80)


def test_every_asset_the_game_needs_is_there():
    assert Assets().missing_files() == []


def test_a_missing_card_file_is_a_clear_error(tmp_path):
    with pytest.raises(AssetMissing, match="make assets"):
        Assets(root=tmp_path).card("8S", 90)


def test_sound_plays_silently_without_an_audio_device(monkeypatch):
    from game.store import Settings

    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    sound = Sound(Settings())
    sound.play("click")
    sound.play("win")
    assert sound.available is False
    sound.set_volumes(0.5, 0.5)
    assert sound.volume == 0.25
    with pytest.raises(ValueError):
        sound.play("trumpet")


def test_sound_plays_at_the_effects_volume():
    from game.store import Settings

    sound = Sound(Settings(sound_volume=1.0, effects_volume=0.5))
    sound.play("play")
    if sound.available:
        assert abs(sound._sounds["play"].get_volume() - 0.5) < 0.01
        sound.set_volumes(effects_volume=0.25)
        assert abs(sound._sounds["play"].get_volume() - 0.25) < 0.01


# ----- translation ---------------------------------------------------------------------------


REASONS = [
    (IllegalMove("not_in_hand", "", card="QH"), "The queen of hearts is not in your hand."),
    (IllegalMove("must_answer_penalty", "", count=4), "You must pick up 4 cards or answer with a matching card."),
    (IllegalMove("must_answer_penalty", "", count=1), "You must pick up 1 card or answer with a matching card."),
    (IllegalMove("must_answer_skip", ""), "You are skipped unless you play a skip card."),
    (IllegalMove("only_drawn_card", "", card="7S"),
     "After drawing you may only play the card you drew, the seven of spades."),
    (IllegalMove("needs_suit", ""), "Name a suit for your wild card."),
    (IllegalMove("not_wild", "", card="10C"), "The ten of clubs is not wild, so it cannot name a suit."),
    (IllegalMove("not_matching", "", suit="H", rank="Q", card="8C"), "The eight of clubs doesn't match hearts or queen."),
    (IllegalMove("stock_empty", ""), "The stock is empty."),
    (IllegalMove("draw_limit", ""), "You cannot draw again: play a card or pass."),
    (IllegalMove("must_play", ""), "You have a card you can play, so you cannot draw."),
    (IllegalMove("cannot_pass", ""), "You cannot pass now."),
    (IllegalMove("last_card_not_allowed", ""), "You can call “Last card” only as you play down to one card."),
    (IllegalMove("stop_not_allowed", "", threshold=5),
     "You can call “Stop!” only at the start of your turn with at most 5 points in hand."),
    (IllegalMove("hand_over", ""), "The hand is over."),
    (IllegalMove("something_new", "the rules core's own words"), "The rules core's own words"),
]


@pytest.mark.parametrize("error, sentence", REASONS)
def test_every_reason_the_rules_core_gives_reads_as_a_sentence(error, sentence):
    assert i18n.reason_text(error) == sentence


def test_reason_text_for_real_refusals_from_the_rules_core():
    from game.rules import Match, Move, card_from_str, preset

    match = Match(preset("crazy_eights", 2), seed=4)
    hand = match.hand
    playable = {m.card for m in match.legal_moves() if m.kind == "play"}
    for card in hand.hands[hand.current]:
        if card not in playable:
            with pytest.raises(IllegalMove) as refused:
                match.apply(Move.play(card))
            text = i18n.reason_text(refused.value)
            assert text.endswith(".") and text[0].isupper() and "_" not in text
    assert i18n.card_name("X2") == "joker" and i18n.card_name("AS") == "ace of spades"
    assert card_from_str("AS") == 3


def test_english_catalogue_loads_and_the_template_holds_every_marked_string():
    import extract_messages

    missing = {m.key for m in extract_messages.collect()} - extract_messages.read_pot()
    assert missing == set(), f"run tools/extract_messages.py; missing: {sorted(missing)[:5]}"
    assert extract_messages.read_pot(extract_messages.ENGLISH_PO) >= extract_messages.read_pot()
    i18n.set_language("en")
    try:
        assert type(i18n._translation).__name__ == "GNUTranslations"
        assert i18n._("New game") == "New game"
        assert i18n.ngettext("{n} player", "{n} players", 1) == "{n} player"
    finally:
        i18n.set_language(None)
    i18n.set_language("xx")  # no such catalogue: English source strings
    try:
        assert i18n._("Quit") == "Quit"
    finally:
        i18n.set_language(None)


# ----- the rules in words --------------------------------------------------------------------------


@pytest.mark.parametrize("preset_id", list(PRESETS))
def test_every_preset_and_every_switch_is_described(preset_id):
    base = PRESETS[preset_id]
    text = " ".join(p for _h, p in describe(base, for_match=True))
    assert ("wild" in text) and str(base.players) in text
    assert summary(base)
    for rule in house_rules_for(preset_id):
        try:
            rules = with_house_rules(preset_id, base.players, [rule.id])
        except InvalidRuleSet:
            continue
        changed = [p for (_h, p), (_h2, q) in zip(describe(rules), describe(base)) if p != q]
        if not rule.is_on(base):
            assert changed or len(describe(rules)) != len(describe(base)), rule.id


def test_the_text_follows_the_fields_not_the_preset_name():
    rules = PRESETS["crazy_eights"].replace(name="Anything", wild_ranks=("A", "8"), skip_ranks=("J",),
                                            draw_penalties=(("2", 2),), stacking=True, last_card_call=True,
                                            stop_call=True, match_end="fixed_hands", fixed_hands=3)
    text = " ".join(p for _h, p in describe(rules))
    for phrase in ("Aces and eights are wild", "Jacks skip", "Twos: the next player picks up 2 cards",
                   "Penalties stack", "Last card", "Stop!", "The match lasts 3 hands"):
        assert phrase in text, phrase
    assert all(rule.id for rule in HOUSE_RULES)


def test_the_rules_text_says_what_a_reverse_does_with_two_players():
    switch = " ".join(p for _h, p in describe(PRESETS["switch"]))
    action = " ".join(p for _h, p in describe(PRESETS["crazy_eights_action"]))
    assert "with two players a reverse works as a skip" in switch
    assert "with two players a reverse has no effect" in action


def test_the_log_says_who_deals_in_the_right_person():
    from game.ui.table.narration import dealing_line

    names = {0: "You", 1: "Ada"}
    assert dealing_line(2, 0, names, human=0) == "Hand 2: you deal"
    assert dealing_line(2, 1, names, human=0) == "Hand 2: Ada deals"
    assert dealing_line(1, 0, {0: "Ada"}, human=None) == "Hand 1: Ada deals", "a table of computers has no 'you'"


def test_the_match_result_counts_its_hands_in_the_right_number():
    from game.ui.table.results import match_summary

    assert match_summary(1, "Switch") == "1 hand of Switch"
    assert match_summary(3, "Crazy Eights") == "3 hands of Crazy Eights"


def test_a_remembered_window_larger_than_the_screen_opens_inside_it():
    from game.ui.app import fit_to_screen

    assert fit_to_screen((16000, 9000), [(1920, 1080)]) == (1920, 1080)
    assert fit_to_screen((1280, 720), [(1920, 1080), (3840, 2160)]) == (1280, 720)
    assert fit_to_screen((1280, 720), []) == (1280, 720)


def test_the_app_opens_a_remembered_oversized_window_inside_the_screen(make_app, home):
    import dataclasses

    import pygame

    from game.store import SettingsStore, UserFolders

    store = SettingsStore(UserFolders.default())
    settings, _problem = store.load()
    store.save(dataclasses.replace(settings, window_size=(16000, 9000)))
    app = make_app(size=None)
    desktop = pygame.display.get_desktop_sizes()[0]
    assert app.size[0] <= max(desktop[0], 960) and app.size[1] <= max(desktop[1], 600)
