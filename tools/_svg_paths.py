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
# German suit symbols: Eichel (acorns, our C), Grün (leaves, S), Herz (hearts, H),
# Schellen (bells, D). Drawn in their traditional colours, each a few filled paths in
# the same -50..50 box, with a darker outline so they read on white at any size.
# ---------------------------------------------------------------------------

ACORN_NUT = "M0 -48C17 -48 27 -30 27 -10C27 2 24 8 22 10L-22 10C-24 8 -27 2 -27 -10C-27 -30 -17 -48 0 -48Z"
ACORN_CUP = "M-29 8C-31 24 -20 36 0 36C20 36 31 24 29 8C20 3 -20 3 -29 8Z"
ACORN_STALK = "M-4 34C-4 41 -7 46 -11 50L-4 50C0 46 3 41 4 34Z"
ACORN_SHINE = "M-15 -30C-17 -18 -16 -6 -13 2C-19 -4 -21 -16 -19 -26C-18 -29 -16 -31 -15 -30Z"
# The cup's scales: small arcs in rows.
ACORN_SCALES = (
    "M-22 14Q-18 18 -14 14M-12 14Q-8 18 -4 14M-2 14Q2 18 6 14M8 14Q12 18 16 14M18 14Q21 17 24 14"
    "M-19 22Q-15 26 -11 22M-9 22Q-5 26 -1 22M1 22Q5 26 9 22M11 22Q15 26 19 22"
    "M-12 29Q-8 32 -4 29M-2 29Q2 32 6 29M6 29Q9 32 12 29"
)

LEAF_BODY = ("M0 -49C6 -38 22 -28 32 -14C43 1 44 18 34 28C26 36 13 36 4 30L6 48L-6 48L-4 30"
             "C-13 36 -26 36 -34 28C-44 18 -43 1 -32 -14C-22 -28 -6 -38 0 -49Z")
LEAF_VEINS = "M0 -42L0 40M0 -22L-15 -30M0 -22L15 -30M0 -6L-24 -14M0 -6L24 -14M0 10L-27 4M0 10L27 4M0 24L-20 22M0 24L20 22"

BELL_BODY = _circle(0, 4, 38)
BELL_LOOP = "M-7 -33C-7 -48 7 -48 7 -33L2.5 -33C2.5 -42 -2.5 -42 -2.5 -33Z"
BELL_BAND = "M-38 -2C-20 6 20 6 38 -2L37.5 10C20 18 -20 18 -37.5 10Z"
BELL_SLIT = "M-22 23C-12 30 12 30 22 23L20 28C10 34 -10 34 -20 28Z"
BELL_SHINE = "M-24 -16C-20 -26 -10 -31 0 -32C-8 -28 -16 -22 -19 -12Z"

#: The German suits' inks: the colour each suit's index and name chip are drawn in.
GERMAN_INKS = {"C": "#7a4614", "S": "#237a33", "H": "#c8102e", "D": "#b7790b"}

HEART_SHINE = "M-30 -26C-38 -20 -39 -8 -33 2C-31 -8 -27 -16 -20 -22C-23 -25 -27 -27 -30 -26Z"


def _german_parts(suit: str) -> list[str]:
    """A German suit symbol's paths (box -50..50), each with its own fill and outline."""
    def filled(d: str, fill: str, stroke: str, width: float = 2.6) -> str:
        return (f'<path d="{d}" fill="{fill}" stroke="{stroke}" stroke-width="{fmt(width)}" '
                'stroke-linejoin="round"/>')

    def stroked(d: str, stroke: str, width: float) -> str:
        return (f'<path d="{d}" fill="none" stroke="{stroke}" stroke-width="{fmt(width)}" '
                'stroke-linecap="round" stroke-linejoin="round"/>')

    if suit == "C":      # Eichel: a golden-brown nut in a scaly cup, on its stalk
        return [filled(ACORN_STALK, "#5b3a14", "#3a220a", 2),
                filled(ACORN_NUT, "#c88a2e", "#5a3410"),
                f'<path d="{ACORN_SHINE}" fill="#f2cf86"/>',
                filled(ACORN_CUP, "#6e4a1c", "#3a220a"),
                stroked(ACORN_SCALES, "#a77a3c", 2)]
    if suit == "S":      # Grün (Laub): a green leaf with its veins
        return [filled(LEAF_BODY, "#2f8f3e", "#17521f"),
                stroked(LEAF_VEINS, "#9fd889", 2.4)]
    if suit == "H":      # Herz: the red heart, a touch of light on it
        return [filled(HEART, "#d2142f", "#7d0a1a"),
                f'<path d="{HEART_SHINE}" fill="#f36a7c"/>']
    # Schellen: a golden sleigh bell with a red band, its slit and loop
    return [filled(BELL_LOOP, "#d9a11e", "#7a5206", 2),
            filled(BELL_BODY, "#f0bf32", "#8a5d08"),
            f'<path d="{BELL_SHINE}" fill="#fff0b8"/>',
            filled(BELL_BAND, "#c8102e", "#6e0816", 2),
            filled(BELL_SLIT, "#4a3004", "#4a3004", 1.5),
            f'<circle cx="0" cy="33" r="3.4" fill="#4a3004"/>']


def german_suit_mark(suit: str, cx: float, cy: float, size: float, flip: bool = False) -> str:
    """A German suit symbol ``size`` units wide centred on (cx, cy), in its own colours."""
    rot = " rotate(180)" if flip else ""
    return (f'<g transform="translate({fmt(cx)} {fmt(cy)}){rot} scale({fmt(size / 100.0)})">'
            + "".join(_german_parts(suit)) + "</g>")


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
    # German-suited decks: U (Unter) and O (Ober).
    "U": (40, "M5 0L5 40C5 53 11 60 20 60C29 60 35 53 35 40L35 0"),
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
