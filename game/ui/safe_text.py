"""The one way an outside string (a file, a file name, a path, a text box, a peer) reaches the screen.

pygame's fonts refuse some strings outright: a NUL, a lone surrogate (what ``surrogateescape`` makes of
a file name that is not UTF-8) cannot be encoded, and a string whose every character draws nothing
(a zero-width space, a bidi override, a lone combining accent) raises ``Text has zero width``, inside
pygame_gui, in the middle of a frame. :func:`safe_text` turns anything into a short line that every
label and font draws, and that reads as what it came from.
"""
from __future__ import annotations

import unicodedata

#: What a string with nothing drawable in it shows instead (a name made only of zero-width spaces).
PLACEHOLDER = "?"
#: What a character that cannot be encoded (a lone surrogate) shows.
REPLACEMENT = "\ufffd"
ELLIPSIS = "…"
#: Accents kept on one letter: enough for any language, not for a tower of marks that draws over
#: the lines above and below.
MAX_MARKS = 3
#: Characters Unicode says draw nothing when a font has no glyph for them, beyond the format (Cf)
#: ones: fillers, variation selectors, the combining grapheme joiner (Default_Ignorable_Code_Point).
_IGNORABLE_RANGES = ((0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5), (0x180B, 0x180F),
                     (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFFA0, 0xFFA0), (0xE0000, 0xE0FFF))


def _ignorable(code: int) -> bool:
    return any(low <= code <= high for low, high in _IGNORABLE_RANGES)


def _visible_characters(text: str):
    """``text`` as characters a font draws: spaces for line breaks and tabs, nothing for control,
    format and ignorable characters, a replacement mark for a lone surrogate."""
    for char in text:
        category = unicodedata.category(char)
        if category == "Cs":
            yield REPLACEMENT
        elif char.isspace() or category in ("Zl", "Zp", "Zs"):
            yield " "
        elif category in ("Cc", "Cf") or _ignorable(ord(char)):
            continue
        else:
            yield char


def _with_bases(text: str) -> str:
    """Drop combining marks with no letter to sit on (at the start, after a space) and any beyond
    ``MAX_MARKS`` on one letter."""
    kept = []
    marks = 0
    for char in text:
        if unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me"):
            if not kept or kept[-1] == " " or marks >= MAX_MARKS:
                continue
            marks += 1
        else:
            marks = 0
        kept.append(char)
    return "".join(kept)


def drawable_character(char: str) -> bool:
    """Whether one character may go into a text box: not a control, format (zero-width, bidi),
    ignorable or surrogate character, each of which can leave a box with nothing to draw."""
    return unicodedata.category(char) not in ("Cc", "Cf", "Cs", "Zl", "Zp") and not _ignorable(ord(char))


def typable_text(text: str, after: str = "") -> str:
    """``text`` as a text box may take it, typed or pasted after ``after``: only drawable characters,
    and no combining mark without a letter before it. Spaces stay as typed (the box is edited one key
    at a time)."""
    kept = []
    previous = after[-1:] if after else ""
    for char in text:
        if not drawable_character(char):
            continue
        if (unicodedata.combining(char) or unicodedata.category(char) in ("Mn", "Me")) \
                and (not previous or previous.isspace()):
            continue
        kept.append(char)
        previous = char
    return "".join(kept)


def safe_text(value, max_chars: int = 60, placeholder: str = PLACEHOLDER) -> str:
    """``value`` (any object; bytes are read as UTF-8) as one line any font can draw: control,
    zero-width and bidi-override characters dropped, lone surrogates shown as U+FFFD, runs of white
    space one space, at most ``max_chars`` characters (the last one an ellipsis when cut), and
    ``placeholder`` when nothing drawable is left."""
    if max_chars < 1:
        raise ValueError(f"max_chars must be at least 1, not {max_chars}")
    if isinstance(value, bytes | bytearray):
        text = bytes(value).decode("utf-8", errors="replace")
    elif isinstance(value, str):
        text = value
    else:
        text = str(value)
    # Enough of a huge string to fill max_chars whatever is dropped on the way, without reading it all.
    text = text[:max_chars * 8 + 64]
    text = unicodedata.normalize("NFC", "".join(_visible_characters(text)))
    text = " ".join(_with_bases(text).split())
    if len(text) > max_chars:
        text = text[:max_chars - 1].rstrip() + ELLIPSIS
    return text if text.strip() else placeholder
