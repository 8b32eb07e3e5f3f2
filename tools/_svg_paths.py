"""Shared vector shapes for the asset generators (cards and icon).

Everything here is our own design: the four suit symbols and a small stroked
glyph set for the card indices.  pygame-ce's SVG loader (nanosvg) does not
render ``<text>``, so every character is a path.

Coordinate conventions
----------------------
* Suit shapes live in a 100 x 100 box centred on the origin (-50..50).
* Glyphs are drawn with round-capped strokes in a box 60 units tall
  (y = 0 at the top, 60 at the baseline); each glyph has its own advance
  width.
"""

from __future__ import annotations


def fmt(value: float) -> str:
    """Format a number compactly and deterministically for SVG output."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


# ---------------------------------------------------------------------------
# Suit symbols (filled paths, box -50..50, nonzero fill rule)
# ---------------------------------------------------------------------------

def _circle(cx: float, cy: float, r: float) -> str:
    """A closed circular sub-path (two half arcs, clockwise)."""
    return (
        f"M{fmt(cx - r)} {fmt(cy)}"
        f"A{fmt(r)} {fmt(r)} 0 1 1 {fmt(cx + r)} {fmt(cy)}"
        f"A{fmt(r)} {fmt(r)} 0 1 1 {fmt(cx - r)} {fmt(cy)}Z"
    )


HEART = (
    "M0 47"
    "C-17 30 -48 12 -48 -14"
    "A24 24 0 0 1 0 -26"
    "A24 24 0 0 1 48 -14"
    "C48 12 17 30 0 47Z"
)

DIAMOND = "M0 -50Q14 -22 38 0Q14 22 0 50Q-14 22 -38 0Q-14 -22 0 -50Z"

SPADE = (
    "M0 -50"
    "C-14 -30 -48 -14 -48 10"
    "A23 23 0 0 0 -3 20"
    "C-5 34 -11 43 -21 48"
    "L21 48"
    "C11 43 5 34 3 20"
    "A23 23 0 0 0 48 10"
    "C48 -14 14 -30 0 -50Z"
)

CLUB = (
    _circle(0, -24, 22.5)
    + _circle(-25, 11, 22.5)
    + _circle(25, 11, 22.5)
    + "M-10 -6L10 -6L12 16L-12 16Z"
    + "M-3 14C-5 32 -11 43 -21 48L21 48C11 43 5 32 3 14Z"
)

SUIT_PATHS = {"C": CLUB, "D": DIAMOND, "H": HEART, "S": SPADE}


def suit_path(suit: str, cx: float, cy: float, size: float, fill: str,
              flip: bool = False, extra: str = "") -> str:
    """A suit symbol ``size`` units wide centred on (cx, cy)."""
    scale = size / 100.0
    rot = " rotate(180)" if flip else ""
    return (
        f'<path transform="translate({fmt(cx)} {fmt(cy)}){rot} scale({fmt(scale)})" '
        f'd="{SUIT_PATHS[suit]}" fill="{fill}"{extra}/>'
    )


# ---------------------------------------------------------------------------
# Stroked glyphs: (advance width, path) in a 60-unit-tall box
# ---------------------------------------------------------------------------

GLYPHS: dict[str, tuple[float, str]] = {
    "A": (40, "M2 60L20 0L38 60M9 40L31 40"),
    "2": (40, "M4 15C4 6 11 0 20 0C29 0 36 6 36 15C36 27 24 36 4 60L37 60"),
    "3": (40, "M4 7C8 2 14 0 20 0C29 0 35 5 35 14C35 23 28 28 18 28"
               "C30 28 37 35 37 44C37 54 30 60 20 60C12 60 6 57 3 52"),
    "4": (40, "M29 60L29 0L3 42L38 42"),
    "5": (40, "M34 0L9 0L6 27C10 24 15 22 20 22C30 22 37 30 37 41"
               "C37 53 29 60 19 60C12 60 6 57 3 52"),
    "6": (40, "M33 5C30 2 26 0 21 0C10 0 4 12 4 32C4 50 10 60 20 60"
               "C30 60 36 52 36 42C36 32 30 24 20 24C12 24 6 29 4 36"),
    "7": (40, "M3 0L37 0L16 60"),
    "8": (40, "M20 28C11 28 6 22 6 14C6 6 12 0 20 0C28 0 34 6 34 14"
               "C34 22 29 28 20 28C10 28 4 35 4 44C4 54 11 60 20 60"
               "C29 60 36 54 36 44C36 35 30 28 20 28Z"),
    "9": (40, "M7 55C10 58 14 60 19 60C30 60 36 48 36 28C36 10 30 0 20 0"
               "C10 0 4 8 4 18C4 28 10 36 20 36C28 36 34 31 36 24"),
    "1": (22, "M3 11L14 1L14 60"),
    "0": (36, "M18 0C8 0 3 12 3 30C3 48 8 60 18 60C28 60 33 48 33 30"
               "C33 12 28 0 18 0Z"),
    "J": (36, "M10 0L34 0M28 0L28 43C28 54 22 60 15 60C8 60 3 55 2 48"),
    "Q": (42, "M21 0C9 0 3 13 3 30C3 47 9 60 21 60C33 60 39 47 39 30"
               "C39 13 33 0 21 0ZM24 45L39 62"),
    "K": (40, "M5 0L5 60M35 0L5 37M16 24L37 60"),
    # German indices: B (Bube, the jack) and D (Dame, the queen).
    "B": (40, "M5 30L20 30C28 30 33 24 33 15C33 6 28 0 20 0L5 0L5 60L22 60"
               "C31 60 36 54 36 45C36 36 31 30 22 30L5 30"),
    "D": (40, "M5 0L5 60L16 60C29 60 36 48 36 30C36 12 29 0 16 0Z"),
    "O": (40, "M20 0C9 0 3 13 3 30C3 47 9 60 20 60C31 60 37 47 37 30"
               "C37 13 31 0 20 0Z"),
    "E": (36, "M33 0L5 0L5 60L33 60M5 29L27 29"),
    "R": (40, "M5 60L5 0L22 0C31 0 36 6 36 15C36 24 31 30 22 30L5 30M20 30L37 60"),
}


def text_width(text: str, tracking: float = 0.0) -> float:
    """Advance width of ``text`` in glyph units."""
    return sum(GLYPHS[ch][0] for ch in text) + tracking * max(0, len(text) - 1)


def glyph_text(text: str, cx: float, top: float, height: float, color: str,
               weight: float = 8.0, squeeze: float = 1.0, tracking: float = 0.0,
               flip_about: tuple[float, float] | None = None) -> str:
    """Render ``text`` horizontally centred on ``cx`` with its top at ``top``.

    ``weight`` is the stroke width in glyph units (60 = glyph height);
    ``squeeze`` narrows the text horizontally (used for "10").
    """
    scale = height / 60.0
    width = text_width(text, tracking) * scale * squeeze
    parts = []
    x = 0.0
    for ch in text:
        adv, d = GLYPHS[ch]
        if x:
            parts.append(f'<path transform="translate({fmt(x)} 0)" d="{d}"/>')
        else:
            parts.append(f'<path d="{d}"/>')
        x += adv + tracking
    transform = f"translate({fmt(cx - width / 2)} {fmt(top)}) scale({fmt(scale * squeeze)} {fmt(scale)})"
    if flip_about is not None:
        transform = f"rotate(180 {fmt(flip_about[0])} {fmt(flip_about[1])}) " + transform
    return (
        f'<g transform="{transform}" fill="none" stroke="{color}" '
        f'stroke-width="{fmt(weight)}" stroke-linecap="round" stroke-linejoin="round">'
        + "".join(parts) + "</g>"
    )
