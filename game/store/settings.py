"""The player's settings and the file that keeps them."""

from __future__ import annotations

import json
import math
import unicodedata
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from game.store.files import read_json_document, write_json_atomic
from game.store.paths import UserFolders

SETTINGS_FORMAT = "crazy-eights-settings"
SETTINGS_VERSION = 1
SETTINGS_FILE_NAME = "settings.json"

ANIMATION_SPEEDS = ("slow", "normal", "fast", "instant")
CARD_BACKS = ("blue", "red")
PLAYER_NAME_MAX_LENGTH = 24
AI_THINK_BUDGET_RANGE_MS = (10, 10_000)
# Smaller than this is unusable; larger than this is a corrupted number, not a monitor.
WINDOW_SIZE_MIN = (320, 240)
WINDOW_SIZE_MAX = (16_384, 16_384)


@dataclass(frozen=True)
class Settings:
    """Everything the player can choose in the settings screen, plus remembered choices.

    Building one with an invalid value raises ValueError naming the field.
    """

    sound_volume: float = 0.8
    effects_volume: float = 0.8
    animation_speed: str = "normal"
    fullscreen: bool = False
    card_back: str = "blue"
    four_color_deck: bool = False
    highlight_playable: bool = True
    player_name: str = "You"
    ai_think_budget_ms: int = 250
    # The last New Game choices (preset id, players, levels, switches); owned by the UI.
    last_new_game: dict[str, Any] = field(default_factory=dict)
    window_size: tuple[int, int] = (1280, 720)

    def __post_init__(self) -> None:
        for setting in fields(self):
            value = getattr(self, setting.name)
            try:
                normalized = FIELD_VALIDATORS[setting.name](value)
            except ValueError as error:
                raise ValueError(f"Settings.{setting.name}: {error}") from None
            # Frozen: normalising (e.g. a list to a tuple) needs object.__setattr__.
            object.__setattr__(self, setting.name, normalized)

    def to_json(self) -> dict[str, Any]:
        """The settings as a plain JSON object."""
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> tuple[Settings, list[str]]:
        """Settings from a JSON object, and the names of fields whose stored value was invalid.

        Each invalid field falls back to its default on its own; missing fields
        (e.g. from an older file) quietly take their default; unknown keys are ignored.
        """
        accepted: dict[str, Any] = {}
        rejected: list[str] = []
        for setting in fields(cls):
            if setting.name not in data:
                continue
            try:
                accepted[setting.name] = FIELD_VALIDATORS[setting.name](data[setting.name])
            except ValueError:
                rejected.append(setting.name)
        return cls(**accepted), rejected


class SettingsStore:
    """Loads and saves Settings in `settings.json` in the config folder."""

    def __init__(self, folders: UserFolders) -> None:
        self.path: Path = folders.config_dir / SETTINGS_FILE_NAME

    def load(self) -> tuple[Settings, str | None]:
        """The saved settings (defaults if there are none) and a one-line problem for the player, or None."""
        result = read_json_document(
            self.path, SETTINGS_FORMAT, SETTINGS_VERSION, what="settings file"
        )
        if result.data is None:
            return Settings(), result.problem
        settings, rejected = Settings.from_json(result.data)
        if not rejected:
            return settings, None
        labels = ", ".join(FIELD_LABELS[name] for name in rejected)
        return settings, f"Some settings were not valid and have been reset to their defaults: {labels}."

    def save(self, settings: Settings) -> None:
        """Write the settings atomically; raises OSError if the disk refuses."""
        write_json_atomic(
            self.path,
            {"format": SETTINGS_FORMAT, "version": SETTINGS_VERSION, "data": settings.to_json()},
        )


# ----- per-field validation: each returns the normalised value or raises ValueError -----


def _volume(value: Any) -> float:
    # An int 0 or 1 is a fine volume (a hand-edited file); a bool is not.
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"expected a number, got {value!r}")
    if not math.isfinite(value) or not 0.0 <= value <= 1.0:
        raise ValueError(f"expected 0.0 to 1.0, got {value!r}")
    return float(value)


def _boolean(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"expected true or false, got {value!r}")
    return value


def _one_of(choices: tuple[str, ...]) -> Callable[[Any], str]:
    def validate(value: Any) -> str:
        if not isinstance(value, str) or value not in choices:
            raise ValueError(f"expected one of {', '.join(choices)}, got {value!r}")
        return value

    return validate


def _player_name(value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"expected text, got {value!r}")
    name = value.strip()
    if not 1 <= len(name) <= PLAYER_NAME_MAX_LENGTH:
        raise ValueError(f"expected 1 to {PLAYER_NAME_MAX_LENGTH} characters, got {value!r}")
    # Control, format and surrogate characters would garble the table's name plate.
    if any(unicodedata.category(character).startswith("C") for character in name):
        raise ValueError(f"contains control characters: {value!r}")
    return name


def _ai_think_budget_ms(value: Any) -> int:
    low, high = AI_THINK_BUDGET_RANGE_MS
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"expected a whole number of milliseconds, got {value!r}")
    if not low <= value <= high:
        raise ValueError(f"expected {low} to {high} ms, got {value!r}")
    return value


def _last_new_game(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise ValueError(f"expected an object, got {value!r}")
    # Through JSON and back: refuses what could not be saved (now, not at save
    # time), turns tuples into lists so a saved copy compares equal, and gives
    # the frozen Settings a private copy the caller cannot change.
    try:
        return json.loads(json.dumps(value, allow_nan=False))
    except (TypeError, ValueError, RecursionError) as error:
        raise ValueError(f"expected plain JSON data: {error}") from None


def _window_size(value: Any) -> tuple[int, int]:
    # JSON has no tuples, so a stored size comes back as a list.
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise ValueError(f"expected [width, height], got {value!r}")
    width, height = value
    for number, low, high in zip(value, WINDOW_SIZE_MIN, WINDOW_SIZE_MAX):
        if isinstance(number, bool) or not isinstance(number, int) or not low <= number <= high:
            raise ValueError(f"expected a size from {WINDOW_SIZE_MIN} to {WINDOW_SIZE_MAX}, got {value!r}")
    return (width, height)


FIELD_VALIDATORS: dict[str, Callable[[Any], Any]] = {
    "sound_volume": _volume,
    "effects_volume": _volume,
    "animation_speed": _one_of(ANIMATION_SPEEDS),
    "fullscreen": _boolean,
    "card_back": _one_of(CARD_BACKS),
    "four_color_deck": _boolean,
    "highlight_playable": _boolean,
    "player_name": _player_name,
    "ai_think_budget_ms": _ai_think_budget_ms,
    "last_new_game": _last_new_game,
    "window_size": _window_size,
}

# How a field is named to the player when its stored value had to be reset.
FIELD_LABELS: dict[str, str] = {
    "sound_volume": "sound volume",
    "effects_volume": "effects volume",
    "animation_speed": "animation speed",
    "fullscreen": "full screen",
    "card_back": "card back",
    "four_color_deck": "four-color deck",
    "highlight_playable": "highlight playable cards",
    "player_name": "player name",
    "ai_think_budget_ms": "computer thinking time",
    "last_new_game": "last New Game choices",
    "window_size": "window size",
}
