"""Settings: defaults, round trips, and per-field fallback for bad stored values."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.store import ANIMATION_SPEEDS, CARD_BACKS, Settings, SettingsStore
from game.store.settings import (
    AI_THINK_BUDGET_RANGE_MS,
    DECK_LOOKS,
    PLAYER_NAME_MAX_LENGTH,
    SETTINGS_FORMAT,
    SETTINGS_VERSION,
)

CHANGED = Settings(
    sound_volume=0.25,
    effects_volume=1.0,
    muted=True,
    speech="always",
    speech_detail="brief",
    animation_speed="instant",
    fullscreen=True,
    card_back="red",
    deck_look="german",
    tutored_names=("Bruno", "Chloé"),
    english_card_letters=True,
    highlight_playable=False,
    player_name="Zoë",
    ai_think_budget_ms=900,
    last_new_game={"preset": "hoyle", "players": 4, "levels": ["easy", "hard", "hard"], "switches": {"jokers": True}},
    window_size=(1920, 1080),
    language="de",
)


def _write_settings_data(store: SettingsStore, data: dict) -> None:
    store.path.parent.mkdir(parents=True, exist_ok=True)
    document = {"format": SETTINGS_FORMAT, "version": SETTINGS_VERSION, "data": data}
    store.path.write_text(json.dumps(document), "utf-8")


def test_defaults_are_the_documented_ones():
    settings = Settings()
    assert (settings.sound_volume, settings.effects_volume) == (0.8, 0.8)
    assert (settings.animation_speed, settings.card_back, settings.player_name) == ("normal", "blue", "You")
    assert (settings.fullscreen, settings.deck_look, settings.highlight_playable) == (False, "classic", True)
    assert settings.english_card_letters is False   # German decks show B, D, K, A unless asked
    assert (settings.ai_think_budget_ms, settings.last_new_game, settings.window_size) == (250, {}, (1280, 720))
    assert settings.language == "system"


def test_missing_file_gives_defaults(folders):
    assert SettingsStore(folders).load() == (Settings(), None)


def test_round_trip_through_the_file(folders):
    store = SettingsStore(folders)
    store.save(CHANGED)
    assert store.load() == (CHANGED, None)
    # A second store on the same folders (the next start of the game) sees the same.
    assert SettingsStore(folders).load() == (CHANGED, None)


def test_saved_file_is_a_readable_versioned_document(folders):
    store = SettingsStore(folders)
    store.save(CHANGED)
    document = json.loads(store.path.read_text("utf-8"))
    assert document["format"] == SETTINGS_FORMAT and document["version"] == 1
    assert document["data"]["window_size"] == [1920, 1080]
    assert store.path.parent == folders.config_dir


BAD_FIELD_VALUES = [
    ("sound_volume", 1.5),
    ("sound_volume", -0.1),
    ("sound_volume", "loud"),
    ("sound_volume", True),
    ("effects_volume", None),
    ("muted", "yes"),
    ("muted", 1),
    ("speech", "loud"),
    ("speech", True),
    ("speech_detail", "verbose"),
    ("animation_speed", "warp"),
    ("animation_speed", 3),
    ("fullscreen", "yes"),
    ("fullscreen", 1),
    ("card_back", "green"),
    ("deck_look", None),
    ("deck_look", "Classic"),
    ("deck_look", "swiss"),
    ("deck_look", True),
    ("english_card_letters", "yes"),
    ("english_card_letters", 0),
    ("highlight_playable", [True]),
    ("player_name", ""),
    ("player_name", "   "),
    ("player_name", "x" * (PLAYER_NAME_MAX_LENGTH + 1)),
    ("player_name", "bell\u0007"),
    ("player_name", 42),
    ("ai_think_budget_ms", AI_THINK_BUDGET_RANGE_MS[1] + 1),
    ("ai_think_budget_ms", 0),
    ("ai_think_budget_ms", 250.5),
    ("ai_think_budget_ms", False),
    ("last_new_game", ["preset", "classic"]),
    # A list where a name belongs crashed New game and Rules on every start.
    ("last_new_game", {"preset": ["crazy_eights"]}),
    ("last_new_game", {"preset": "x" * 41}),
    ("last_new_game", {"preset": "crazy\x00eights"}),
    ("last_new_game", {"players": True}),
    ("last_new_game", {"players": 4.0}),
    ("last_new_game", {"players": 10**400}),
    ("last_new_game", {"levels": [["hard"]]}),
    ("last_new_game", {"levels": ["hard"] * 1000}),
    ("last_new_game", {"match": {"target": 100}}),
    ("last_new_game", {"switches": [None]}),
    ("last_new_game", {"switches": {"jokers": 1}}),
    ("last_new_game", {"preset": "crazy_eights", "from_the_future": 1}),
    ("sound_volume", 10**400),
    ("window_size", [1280]),
    ("window_size", [1280, 720, 1]),
    ("window_size", [10, 10]),
    ("window_size", [100_000, 720]),
    ("window_size", "1280x720"),
    ("window_size", [1280.0, 720]),
    ("language", "fr"),
    ("language", "DE"),
    ("language", ["de"]),
    ("language", None),
    ("tutored_names", "Bruno"),
    ("tutored_names", [""]),
    ("tutored_names", [1]),
    ("tutored_names", ["x" * (PLAYER_NAME_MAX_LENGTH + 1)]),
    ("tutored_names", [f"name {n}" for n in range(65)]),
]


@pytest.mark.parametrize(("field_name", "bad_value"), BAD_FIELD_VALUES)
def test_one_bad_field_falls_back_alone(folders, field_name, bad_value):
    store = SettingsStore(folders)
    data = CHANGED.to_json()
    data[field_name] = bad_value
    _write_settings_data(store, data)
    original = store.path.read_bytes()

    settings, problem = store.load()

    expected = {**CHANGED.to_json(), field_name: Settings().to_json()[field_name]}
    assert settings.to_json() == expected
    assert problem is not None and "\n" not in problem
    assert problem.startswith("Some settings were not valid and have been reset to their defaults: ")
    # The good values are kept; the file as it was is copied aside, since the next save drops the bad one.
    assert problem.endswith("; the old copy is saved as settings.json.bak.")
    assert store.path.with_name("settings.json.bak").read_bytes() == original


def test_several_bad_fields_are_named_in_one_line(folders):
    store = SettingsStore(folders)
    _write_settings_data(store, {**CHANGED.to_json(), "sound_volume": 7, "window_size": None})

    settings, problem = store.load()

    assert settings.sound_volume == 0.8 and settings.window_size == (1280, 720)
    assert settings.player_name == "Zoë"
    assert problem == (
        "Some settings were not valid and have been reset to their defaults: sound volume, window size; "
        "the old copy is saved as settings.json.bak."
    )


def test_unknown_keys_are_dropped_and_reported(folders):
    store = SettingsStore(folders)
    _write_settings_data(store, {**CHANGED.to_json(), "from_the_future": 1, "colour": "mauve"})
    assert store.load() == (CHANGED, "Some settings were not valid and have been reset to their defaults: "
                                      "unknown settings; the old copy is saved as settings.json.bak.")


def test_keys_missing_from_an_older_file_take_defaults_quietly(folders):
    store = SettingsStore(folders)
    _write_settings_data(store, {"player_name": "Ada"})
    assert store.load() == (Settings(player_name="Ada"), None)


def test_hand_edited_values_are_normalised(folders):
    store = SettingsStore(folders)
    _write_settings_data(store, {"sound_volume": 1, "player_name": "  Ada  ", "window_size": [800, 600]})

    settings, problem = store.load()

    assert problem is None
    assert settings.sound_volume == 1.0 and isinstance(settings.sound_volume, float)
    assert settings.player_name == "Ada"
    assert settings.window_size == (800, 600)


@pytest.mark.parametrize(("field_name", "bad_value"), BAD_FIELD_VALUES[::3])
def test_building_settings_with_a_bad_value_names_the_field(field_name, bad_value):
    with pytest.raises(ValueError, match=f"Settings.{field_name}"):
        Settings(**{field_name: bad_value})


def test_last_new_game_is_a_private_copy():
    choices = {"preset": "classic", "levels": ["easy"]}
    settings = Settings(last_new_game=choices)
    choices["levels"].append("hard")
    assert settings.last_new_game == {"preset": "classic", "levels": ["easy"]}


def test_last_new_game_must_be_plain_json():
    with pytest.raises(ValueError, match="last_new_game"):
        Settings(last_new_game={"preset": object()})


# ----- property: any valid Settings survives the trip through JSON text -----

_names = (
    st.text(st.characters(categories=["L", "N", "P", "S"], include_characters=" "), min_size=1, max_size=PLAYER_NAME_MAX_LENGTH)
    .map(str.strip)
    .filter(bool)
)

valid_settings = st.builds(
    Settings,
    sound_volume=st.floats(0.0, 1.0),
    effects_volume=st.floats(0.0, 1.0),
    animation_speed=st.sampled_from(ANIMATION_SPEEDS),
    fullscreen=st.booleans(),
    card_back=st.sampled_from(CARD_BACKS),
    deck_look=st.sampled_from(DECK_LOOKS),
    english_card_letters=st.booleans(),
    highlight_playable=st.booleans(),
    player_name=_names,
    ai_think_budget_ms=st.integers(*AI_THINK_BUDGET_RANGE_MS),
    last_new_game=st.fixed_dictionaries({}, optional={
        "preset": _names, "players": st.integers(1, 64), "levels": st.lists(_names, max_size=7),
        "match": _names, "switches": st.lists(_names, max_size=5)
        | st.dictionaries(_names, st.booleans() | st.lists(_names, max_size=3), max_size=4)}),
    window_size=st.tuples(st.integers(320, 16_384), st.integers(240, 16_384)),
)


@given(valid_settings)
def test_any_valid_settings_round_trip_through_json_text(settings):
    text = json.dumps(settings.to_json(), allow_nan=False)
    restored, rejected = Settings.from_json(json.loads(text))
    assert rejected == []
    assert restored == settings


# ----- the deck look, and the four-colour tick it replaces -----------------------------------------

@pytest.mark.parametrize("look", DECK_LOOKS)
def test_each_deck_look_is_kept_through_the_file(folders, look):
    store = SettingsStore(folders)
    store.save(Settings(deck_look=look))
    assert SettingsStore(folders).load() == (Settings(deck_look=look), None)
    assert json.loads(store.path.read_text("utf-8"))["data"]["deck_look"] == look


@pytest.mark.parametrize(("ticked", "look"), [(True, "four_color"), (False, "classic")])
def test_an_older_files_four_colour_tick_becomes_its_deck_look_without_a_complaint(folders, ticked, look):
    store = SettingsStore(folders)
    old = {key: value for key, value in CHANGED.to_json().items() if key != "deck_look"}
    _write_settings_data(store, {**old, "four_color_deck": ticked})
    settings, problem = store.load()
    assert (settings.deck_look, problem) == (look, None)
    assert settings.player_name == CHANGED.player_name   # the rest of the file is read as it was
    store.save(settings)
    assert "four_color_deck" not in json.loads(store.path.read_text("utf-8"))["data"]


def test_a_deck_look_in_the_file_wins_over_the_old_tick(folders):
    store = SettingsStore(folders)
    _write_settings_data(store, {"deck_look": "tournament", "four_color_deck": True})
    assert store.load() == (Settings(deck_look="tournament"), None)


def test_a_damaged_old_tick_resets_the_deck_look_and_says_so(folders):
    store = SettingsStore(folders)
    _write_settings_data(store, {"four_color_deck": "yes", "card_back": "red"})
    settings, problem = store.load()
    assert (settings.deck_look, settings.card_back) == ("classic", "red")
    assert problem is not None and "deck look" in problem and problem.params["fields"] == ("deck_look",)
