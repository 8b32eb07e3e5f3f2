"""The player's settings and the file that keeps them."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import asdict, dataclass, field, fields
from enum import StrEnum
from pathlib import Path
from typing import Any

from game.store import checks
from game.store.files import DocumentFile, keep_copy
from game.store.paths import UserFolders
from game.store.problems import LoadProblem

log = logging.getLogger(__name__)

SETTINGS_FORMAT = "crazy-eights-settings"
SETTINGS_VERSION = 1
SETTINGS_FILE_NAME = "settings.json"



class Speed(StrEnum):
    """How fast the table moves: the choices of both the animation speed and the computer speed."""

    SLOW = "slow"
    NORMAL = "normal"
    FAST = "fast"
    INSTANT = "instant"


ANIMATION_SPEEDS = COMPUTER_SPEEDS = tuple(speed.value for speed in Speed)
CARD_BACKS = ("blue", "red")
#: How the faces look: the French suits in two or four colours (ours: green clubs and blue diamonds; the
#: German tournament deck: green spades and yellow diamonds), or German suits (32-card games only).
DECK_LOOKS = ("classic", "four_color", "tournament", "german")
#: The setting older versions kept instead of ``deck_look`` (true: the four-colour deck).
LEGACY_FOUR_COLOR_KEY = "four_color_deck"
#: "system" follows the operating system; the others are the languages the game speaks.
LANGUAGES = ("system", "en", "de", "el", "nb")
#: Speech: never, through a screen reader the player runs, or always (the system's voice without one).
SPEECH_MODES = ("off", "screen_reader", "always")
#: How much is spoken: the events alone, or also whose turn it is with the pile, and the kind of control.
SPEECH_DETAILS = ("brief", "full")
PLAYER_NAME_MAX_LENGTH = 24
AI_THINK_BUDGET_RANGE_MS = (10, 10_000)
# Smaller than this is unusable; larger than this is a corrupted number, not a monitor.
WINDOW_SIZE_MIN = (320, 240)
WINDOW_SIZE_MAX = (16_384, 16_384)
# Players, levels and switches remembered for New game: a few, never thousands.
LAST_NEW_GAME_MAX_ITEMS = 64


@dataclass(frozen=True)
class Settings:
    """Everything the player can choose in the settings screen, plus remembered choices.

    Building one with an invalid value raises ValueError naming the field.
    """

    sound_volume: float = 0.8
    effects_volume: float = 0.8
    # The M key: every sound silent at once, the volumes kept for when it is pressed again.
    muted: bool = False
    speech: str = "screen_reader"
    speech_detail: str = "full"
    animation_speed: str = Speed.NORMAL.value
    # How long each computer move stays on screen before the next (apart from animation speed).
    computer_speed: str = Speed.NORMAL.value
    # Learners: wait for a key or a click after each computer move.
    pause_after_computer_move: bool = False
    allow_undo: bool = True
    # Learners: before a move the analysis marks as a sure, costly mistake, ask once and name the better one.
    tutor_mode: bool = False
    # At a table of several people, the others (by name) who play with the tutor; the player's own is tutor_mode.
    tutored_names: tuple[str, ...] = ()
    fullscreen: bool = False
    card_back: str = "blue"
    deck_look: str = "classic"
    # Keep J, Q, K, A on the cards in a language whose decks have letters of their own (German B, D, K, A).
    english_card_letters: bool = False
    highlight_playable: bool = True
    player_name: str = "You"
    ai_think_budget_ms: int = 250
    # The last New Game choices (preset id, players, levels, switches); owned by the UI.
    last_new_game: dict[str, Any] = field(default_factory=dict)
    window_size: tuple[int, int] = (1280, 720)
    language: str = "system"

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
        (e.g. from an older file) quietly take their default; an unknown key is
        reported (its name is in the list) and dropped.
        """
        accepted: dict[str, Any] = {}
        rejected: list[str] = [key for key in data if key not in FIELD_VALIDATORS and key != LEGACY_FOUR_COLOR_KEY]
        if LEGACY_FOUR_COLOR_KEY in data and "deck_look" not in data:
            # A file from before the deck looks: its four-colour tick becomes the four-colour look.
            try:
                if checks.boolean(data[LEGACY_FOUR_COLOR_KEY]):
                    accepted["deck_look"] = "four_color"
            except ValueError as error:
                log.info("settings: %s: %s", LEGACY_FOUR_COLOR_KEY, error)
                rejected.append("deck_look")
        for setting in fields(cls):
            if setting.name not in data:
                continue
            try:
                accepted[setting.name] = FIELD_VALIDATORS[setting.name](data[setting.name])
            except ValueError as error:
                log.info("settings: %s: %s", setting.name, error)
                rejected.append(setting.name)
        return cls(**accepted), rejected


class SettingsStore:
    """Loads and saves Settings in `settings.json` in the config folder."""

    def __init__(self, folders: UserFolders) -> None:
        self.file = DocumentFile(
            folders.config_dir / SETTINGS_FILE_NAME, SETTINGS_FORMAT, SETTINGS_VERSION,
            what="settings file", consequence="has been reset", role="settings",
        )
        self.path: Path = self.file.path

    def load(self) -> tuple[Settings, LoadProblem | None]:
        """The saved settings (defaults if there are none) and a one-line problem for the player, or None.

        A file with some invalid values keeps the valid ones; a copy of it as it
        was is kept as `settings.json.bak`, since the next save drops the rest.
        """
        result = self.file.read()
        if result.data is None:
            return Settings(), result.problem
        settings, rejected = Settings.from_json(result.data)
        if not rejected:
            return settings, None
        labels = ", ".join(dict.fromkeys(FIELD_LABELS.get(name, "unknown settings") for name in rejected))
        kept, backup = keep_copy(self.path)
        # The UI names each field from its own words; a key this version does not know is "unknown".
        known = tuple(dict.fromkeys(sorted((name if name in FIELD_LABELS else "unknown" for name in rejected),
                                           key=lambda name: name == "unknown")))
        return settings, LoadProblem(
            "store.settings_reset",
            f"Some settings were not valid and have been reset to their defaults: {labels}; {kept}.",
            fields=known, **backup,
        )

    def save(self, settings: Settings) -> None:
        """Write the settings atomically; raises UnreadFileKept over a file that could not be read,
        OSError if the disk refuses."""
        self.file.write(settings.to_json())


# ----- per-field validation: each returns the normalised value or raises ValueError -----


def _volume(value: Any) -> float:
    # An int 0 or 1 is a fine volume (a hand-edited file); a bool is not.
    return checks.number(value, 0.0, 1.0)


def _one_of(choices: tuple[str, ...]) -> Callable[[Any], str]:
    return lambda value: checks.one_of(value, choices)


def _player_name(value: Any) -> str:
    return checks.name(value, PLAYER_NAME_MAX_LENGTH)


def _ai_think_budget_ms(value: Any) -> int:
    return checks.whole_number(value, *AI_THINK_BUDGET_RANGE_MS)


def _names(value: Any) -> list[str]:
    return checks.list_of(value, checks.name, LAST_NEW_GAME_MAX_ITEMS)


def _switch_choice(value: Any) -> bool | list[str]:
    return checks.boolean(value) if isinstance(value, bool) else _names(value)


def _switches(value: Any) -> list[str] | dict[str, bool | list[str]]:
    # A list of switch ids, or an object of switch id -> on/off or of game id -> switch ids.
    if isinstance(value, dict):
        if len(value) > LAST_NEW_GAME_MAX_ITEMS:
            raise checks.InvalidValue(f"expected at most {LAST_NEW_GAME_MAX_ITEMS} entries")
        return {checks.name(key): _switch_choice(choice) for key, choice in value.items()}
    return _names(value)


def _switches_by_preset(value: Any) -> dict[str, list[str]]:
    # Game id -> the house-rule ids ticked for that game.
    if not isinstance(value, dict):
        raise checks.InvalidValue(f"expected an object of game -> house rules, got {type(value).__name__}")
    if len(value) > LAST_NEW_GAME_MAX_ITEMS:
        raise checks.InvalidValue(f"expected at most {LAST_NEW_GAME_MAX_ITEMS} entries")
    return {checks.name(key): _names(ids) for key, ids in value.items()}


#: What each remembered New Game choice may hold; the New Game screen owns the meaning,
#: the store makes sure a name is a name and a count a count, whatever the file says.
LAST_NEW_GAME_SHAPE: dict[str, Callable[[Any], Any]] = {
    "preset": checks.name,
    "players": lambda value: checks.whole_number(value, 1, LAST_NEW_GAME_MAX_ITEMS),
    "levels": _names,
    # The names of the people last seated in the other seats (offered again).
    "names": _names,
    "match": checks.name,
    "switches": _switches,
    "switches_by_preset": _switches_by_preset,
}


def _last_new_game(value: Any) -> dict[str, Any]:
    checks.known_keys(value, LAST_NEW_GAME_SHAPE)
    # A fresh copy: the frozen Settings must not share lists the caller could change.
    return {key: LAST_NEW_GAME_SHAPE[key](item) for key, item in value.items()}


def _tutored_names(value: Any) -> tuple[str, ...]:
    # A tuple: the frozen Settings must not share a list the caller could change.
    return tuple(dict.fromkeys(checks.list_of(list(value) if isinstance(value, tuple) else value,
                                              _player_name, LAST_NEW_GAME_MAX_ITEMS)))


def _window_size(value: Any) -> tuple[int, int]:
    # JSON has no tuples, so a stored size comes back as a list.
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise ValueError(f"expected [width, height], got {value!r}")
    width, height = (checks.whole_number(number, low, high)
                     for number, low, high in zip(value, WINDOW_SIZE_MIN, WINDOW_SIZE_MAX))
    return (width, height)


FIELD_VALIDATORS: dict[str, Callable[[Any], Any]] = {
    "sound_volume": _volume,
    "effects_volume": _volume,
    "muted": checks.boolean,
    "speech": _one_of(SPEECH_MODES),
    "speech_detail": _one_of(SPEECH_DETAILS),
    "animation_speed": _one_of(ANIMATION_SPEEDS),
    "computer_speed": _one_of(COMPUTER_SPEEDS),
    "pause_after_computer_move": checks.boolean,
    "allow_undo": checks.boolean,
    "tutor_mode": checks.boolean,
    "tutored_names": _tutored_names,
    "fullscreen": checks.boolean,
    "card_back": _one_of(CARD_BACKS),
    "deck_look": _one_of(DECK_LOOKS),
    "english_card_letters": checks.boolean,
    "highlight_playable": checks.boolean,
    "player_name": _player_name,
    "ai_think_budget_ms": _ai_think_budget_ms,
    "last_new_game": _last_new_game,
    "window_size": _window_size,
    "language": _one_of(LANGUAGES),
}

# How a field is named to the player when its stored value had to be reset.
FIELD_LABELS: dict[str, str] = {
    "sound_volume": "sound volume",
    "effects_volume": "effects volume",
    "muted": "mute",
    "speech": "speech",
    "speech_detail": "speech detail",
    "animation_speed": "animation speed",
    "computer_speed": "computer speed",
    "pause_after_computer_move": "pause after each computer move",
    "allow_undo": "undo",
    "tutor_mode": "tutor mode",
    "tutored_names": "who plays with the tutor",
    "fullscreen": "full screen",
    "card_back": "card back",
    "deck_look": "deck look",
    "english_card_letters": "English card letters",
    "highlight_playable": "highlight playable cards",
    "player_name": "player name",
    "ai_think_budget_ms": "computer thinking time",
    "last_new_game": "last New Game choices",
    "window_size": "window size",
    "language": "language",
}
