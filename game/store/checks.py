"""The one set of checks for every value the store reads from disk.

A file is untrusted: each value must have the exact type it was written with
(``true`` is not a count, ``2.0`` is not a whole number), be finite and lie
within sane limits, and an object may hold only the keys the game knows.
Each check returns the value (normalised where noted) or raises
:class:`InvalidValue` saying what is wrong, for the developer's log; the
store turns that into one line for the player and sets the file aside.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable, Collection, Mapping
from typing import Any

#: Counts (hands, matches, streaks) stay below this; a larger one is a damaged number.
COUNT_LIMIT = 10**9
#: A hand score or a sum of them stays within this in either direction.
SCORE_LIMIT = 10**15
#: The longest name (player, preset, level, switch) a file may hold.
NAME_MAX_LENGTH = 40


class InvalidValue(ValueError):
    """A value read from disk that the game cannot use; the message says which and why."""


def whole_number(value: Any, low: int = 0, high: int = COUNT_LIMIT - 1) -> int:
    """An int (never a bool or a float) from ``low`` to ``high``."""
    # bool is an int subclass in Python, but `true` is not a number.
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidValue(f"expected a whole number, got {_show(value)}")
    if not low <= value <= high:
        raise InvalidValue(f"expected {low} to {high}, got {_show(value)}")
    return value


def count(value: Any) -> int:
    """A count: a whole number from 0 to below COUNT_LIMIT."""
    return whole_number(value, 0, COUNT_LIMIT - 1)


def score(value: Any) -> int:
    """A score or a sum of scores: a whole number within SCORE_LIMIT either way."""
    return whole_number(value, -SCORE_LIMIT, SCORE_LIMIT)


def number(value: Any, low: float, high: float) -> float:
    """A finite int or float (never a bool) from ``low`` to ``high``, as a float."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InvalidValue(f"expected a number, got {_show(value)}")
    if isinstance(value, int) and abs(value) > COUNT_LIMIT:
        # float() of a 400-digit int raises OverflowError; it is out of range anyway.
        raise InvalidValue(f"expected {low} to {high}, got {_show(value)}")
    if not math.isfinite(value) or not low <= value <= high:
        raise InvalidValue(f"expected {low} to {high}, got {_show(value)}")
    return float(value)


def boolean(value: Any) -> bool:
    """true or false."""
    if not isinstance(value, bool):
        raise InvalidValue(f"expected true or false, got {_show(value)}")
    return value


def name(value: Any, max_length: int = NAME_MAX_LENGTH) -> str:
    """Printable text of 1 to ``max_length`` characters, without surrounding spaces (returned stripped)."""
    if not isinstance(value, str):
        raise InvalidValue(f"expected text, got {_show(value)}")
    stripped = value.strip()
    if not 1 <= len(stripped) <= max_length:
        raise InvalidValue(f"expected 1 to {max_length} characters, got {_show(value)}")
    # Control, format and surrogate characters would garble a name plate or a table cell.
    if not stripped.isprintable() or any(unicodedata.category(c).startswith("C") for c in stripped):
        raise InvalidValue(f"contains control characters: {_show(value)}")
    return stripped


def one_of(value: Any, choices: Collection[str]) -> str:
    """One of the given strings."""
    if not isinstance(value, str) or value not in choices:
        raise InvalidValue(f"expected one of {', '.join(choices)}, got {_show(value)}")
    return value


def list_of(value: Any, check: Callable[[Any], Any], max_items: int) -> list[Any]:
    """A list of at most ``max_items`` values, each passing ``check``."""
    if not isinstance(value, list):
        raise InvalidValue(f"expected a list, got {_show(value)}")
    if len(value) > max_items:
        raise InvalidValue(f"expected at most {max_items} items, got {len(value)}")
    return [check(item) for item in value]


def seat_numbers(value: Any, seats: int) -> tuple[int, ...]:
    """A list of distinct seat numbers, each from 0 to ``seats`` - 1; returned in seat order."""
    numbers = list_of(value, lambda item: whole_number(item, 0, seats - 1), seats)
    if len(set(numbers)) != len(numbers):
        raise InvalidValue(f"a seat is named twice in {_show(value)}")
    return tuple(sorted(numbers))


def known_keys(value: Any, known: Collection[str], required: Collection[str] = ()) -> Mapping[str, Any]:
    """An object with string keys, all of them in ``known`` and every one of ``required``."""
    if not isinstance(value, dict):
        raise InvalidValue(f"expected an object, got {_show(value)}")
    unknown = [key for key in value if key not in known]
    if unknown:
        raise InvalidValue(f"unknown keys {', '.join(map(_show, unknown))}")
    missing = [key for key in required if key not in value]
    if missing:
        raise InvalidValue(f"missing keys {', '.join(missing)}")
    return value


def _show(value: Any) -> str:
    # A damaged file may hold a megabyte where a name belongs: never put all of it in a message.
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**30:
        # repr of a huge int is slow, and refused beyond 4300 digits.
        return f"a {value.bit_length()}-bit number"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
