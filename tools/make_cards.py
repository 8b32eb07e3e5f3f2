"""Generate the SVG playing-card deck into ``assets/cards/``.

Usage::

    python tools/make_cards.py [--out DIR]

Writes one file per card named in our notation (``AS.svg``, ``10H.svg``,
``QD.svg``), the jokers ``X1.svg`` (red) and ``X2.svg`` (black), two backs
(``back_blue.svg``, ``back_red.svg``), a four-colour copy of every face in
``four_color/`` (green clubs, blue diamonds) and ``tournament/`` (the German
tournament deck: green spades, yellow diamonds), and the faces whose corner
letters differ in another language's decks (German: B and D for the jack and
queen) in ``de/``, ``de/four_color/`` and ``de/tournament/``. ``german/`` holds
the German-suited deck's 32 faces (Eichel, Grün, Herz, Schellen as our C, S, H,
D; Unter, Ober, König, Daus as J, Q, K, A) and each suit's sign alone
(``sign_C.svg``…) for the game's suit icons.
Output is deterministic: running twice yields identical
bytes.

pygame-ce loads SVG with nanosvg, which ignores ``<text>``, ``<use>``,
``<pattern>`` and clip paths, so everything here is plain paths and basic
shapes with explicit coordinates.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from _svg_paths import GERMAN_INKS, fmt, german_suit_mark, glyph_text, suit_path  # noqa: E402

W, H = 250, 350
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["C", "D", "H", "S"]

RED = "#c8102e"
BLACK = "#1b1b1f"
GREEN = "#1a7f37"
BLUE4 = "#1f5fbf"

YELLOW = "#f2b705"
YELLOW_EDGE = "#9a6b00"

TWO_COLOR = {"C": BLACK, "D": RED, "H": RED, "S": BLACK}
FOUR_COLOR = {"C": GREEN, "D": BLUE4, "H": RED, "S": BLACK}
# The German tournament deck (Skat): clubs black, spades green, hearts red, diamonds yellow.
TOURNAMENT = {"C": BLACK, "D": YELLOW, "H": RED, "S": GREEN}
#: Inks too light to stand on white alone get a darker edge (the tournament deck's yellow).
EDGES = {YELLOW: YELLOW_EDGE}

#: The German-suited deck has only 7 to 10, Unter (our J), Ober (Q), König (K) and Daus (A).
GERMAN_RANKS = ["7", "8", "9", "10", "J", "Q", "K", "A"]
GERMAN_LETTERS = {"J": "U", "Q": "O", "K": "K", "A": "A"}

GOLD = "#eab53a"
GOLD_DARK = "#a8761a"
BLUE = "#2a4c9e"
SKIN = "#f9dcc3"
SKIN_SHADE = "#e9b996"
INK = "#1c1c22"
CREAM = "#fffaf0"
WHITE = "#ffffff"

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "assets" / "cards"


# ---------------------------------------------------------------------------
# Card frame and indices
# ---------------------------------------------------------------------------

def svg_doc(body: list[str]) -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" '
        f'viewBox="0 0 {W} {H}">\n' + "\n".join(body) + "\n</svg>\n"
    )


def card_base() -> str:
    return (
        f'<rect x="1.5" y="1.5" width="{W - 3}" height="{H - 3}" rx="15" ry="15" '
        f'fill="{WHITE}" stroke="#8d8d94" stroke-width="2"/>'
    )


INDEX_CX = 23
INDEX_TOP = 14
INDEX_H = 33
INDEX_PIP_CY = 68
INDEX_PIP = 25


# Corner letters where a language's own decks use other ones: German decks mark the
# jack B (Bube) and the queen D (Dame); the king (König) and the ace (Ass) keep K and A,
# so only the jacks and queens get a German copy.
INDEX_LETTERS = {"de": {"J": "B", "Q": "D", "K": "K", "A": "A"}}


def index_letter(rank: str, language: str = "en") -> str:
    """The corner index of ``rank`` on a deck in ``language`` (the rank itself in English)."""
    return INDEX_LETTERS.get(language, {}).get(rank, rank)


def localized_ranks(language: str) -> list[str]:
    """The ranks whose corner index differs from the English one in ``language``."""
    return [rank for rank in RANKS if index_letter(rank, language) != rank]


def pip(suit: str, cx: float, cy: float, size: float, color: str, flip: bool = False) -> str:
    """A suit symbol in ``color``, edged in a darker ink where the colour is too light for white."""
    edge = EDGES.get(color)
    extra = f' stroke="{edge}" stroke-width="{fmt(400 / size)}" stroke-linejoin="round"' if edge else ""
    return suit_path(suit, cx, cy, size, color, flip=flip, extra=extra)


def index_glyphs(letter: str, color: str) -> list[str]:
    """The corner's rank letter (over a darker stroke where the ink is light)."""
    squeeze = 0.78 if letter == "10" else 1.0
    out = []
    if color in EDGES:
        out.append(glyph_text(letter, INDEX_CX, INDEX_TOP, INDEX_H, EDGES[color], weight=14,
                              squeeze=squeeze))
    out.append(glyph_text(letter, INDEX_CX, INDEX_TOP, INDEX_H, color, weight=9.6, squeeze=squeeze))
    return out


def corner_index(rank: str, suit: str, color: str, language: str = "en") -> list[str]:
    """Rank above suit, top-left, and the same rotated 180 degrees."""
    out = []
    letter = index_letter(rank, language)
    for flip in (False, True):
        pieces = [*index_glyphs(letter, color), pip(suit, INDEX_CX, INDEX_PIP_CY, INDEX_PIP, color)]
        if flip:
            out.append(f'<g transform="rotate(180 {W / 2} {H / 2})">' + "".join(pieces) + "</g>")
        else:
            out.extend(pieces)
    return out


# ---------------------------------------------------------------------------
# Pip cards
# ---------------------------------------------------------------------------

COL_L, COL_M, COL_R = 76, 125, 174
ROW_TOP, ROW_BOT = 70, 280
MID = (ROW_TOP + ROW_BOT) / 2
ROW4 = [ROW_TOP + i * (ROW_BOT - ROW_TOP) / 3 for i in range(4)]


def pip_positions(n: int) -> list[tuple[float, float]]:
    sides = lambda rows: [(x, y) for y in rows for x in (COL_L, COL_R)]  # noqa: E731
    if n == 2:
        return [(COL_M, ROW_TOP), (COL_M, ROW_BOT)]
    if n == 3:
        return [(COL_M, ROW_TOP), (COL_M, MID), (COL_M, ROW_BOT)]
    if n == 4:
        return sides([ROW_TOP, ROW_BOT])
    if n == 5:
        return sides([ROW_TOP, ROW_BOT]) + [(COL_M, MID)]
    if n == 6:
        return sides([ROW_TOP, MID, ROW_BOT])
    if n == 7:
        return sides([ROW_TOP, MID, ROW_BOT]) + [(COL_M, (ROW_TOP + MID) / 2)]
    if n == 8:
        return sides([ROW_TOP, MID, ROW_BOT]) + [
            (COL_M, (ROW_TOP + MID) / 2), (COL_M, (MID + ROW_BOT) / 2)]
    if n == 9:
        return sides(ROW4) + [(COL_M, MID)]
    if n == 10:
        return sides(ROW4) + [
            (COL_M, (ROW4[0] + ROW4[1]) / 2), (COL_M, (ROW4[2] + ROW4[3]) / 2)]
    raise ValueError(n)


def pip_body(rank: str, suit: str, color: str) -> list[str]:
    n = int(rank)
    size = 50 if n <= 8 else 45
    out = []
    for x, y in pip_positions(n):
        out.append(pip(suit, x, y, size, color, flip=y > MID + 0.5))
    return out


def ace_body(suit: str, color: str) -> list[str]:
    out = []
    if suit == "S":
        # The traditional ornate ace of spades: a larger pip in a fine ring.
        out.append(f'<circle cx="125" cy="175" r="78" fill="none" stroke="{GOLD}" stroke-width="3"/>')
        out.append(f'<circle cx="125" cy="175" r="71" fill="none" stroke="{color}" stroke-width="1.2"/>')
        for i in range(24):
            a = 2 * math.pi * i / 24
            out.append(
                f'<circle cx="{fmt(125 + 78 * math.cos(a))}" cy="{fmt(175 + 78 * math.sin(a))}" '
                f'r="2.6" fill="{GOLD}"/>'
            )
        out.append(suit_path(suit, 125, 175, 112, color))
        out.append(suit_path(suit, 125, 175, 112, "none",
                             extra=f' stroke="{GOLD}" stroke-width="1.2"'))
    else:
        out.append(pip(suit, 125, 175, 100, color))
    return out


# ---------------------------------------------------------------------------
# Court cards: a framed panel with a double-ended figure of our own design
# ---------------------------------------------------------------------------

PANEL_X, PANEL_Y = 42, 34
PANEL_W, PANEL_H = W - 2 * PANEL_X, H - 2 * PANEL_Y
HAIR_BROWN = "#7a4a22"
HAIR_GOLD = "#d9a441"
LEAF = "#2f7d3a"
ROSE = "#d4314a"


def el(tag: str, fill: str, stroke: str | None = INK, sw: float = 1.3, **attrs: float | str) -> str:
    """A basic SVG element with fill and an ink outline."""
    parts = [f"<{tag}"]
    for key, value in attrs.items():
        name = key.rstrip("_").replace("_", "-")
        parts.append(f' {name}="{fmt(value) if isinstance(value, (int, float)) else value}"')
    parts.append(f' fill="{fill}"')
    if stroke:
        parts.append(f' stroke="{stroke}" stroke-width="{fmt(sw)}" stroke-linejoin="round"')
    parts.append("/>")
    return "".join(parts)


def path(d: str, fill: str, stroke: str | None = INK, sw: float = 1.3) -> str:
    return el("path", fill, stroke, sw, d=d)


def line(d: str, stroke: str, sw: float) -> str:
    return (f'<path d="{d}" fill="none" stroke="{stroke}" stroke-width="{fmt(sw)}" '
            'stroke-linecap="round" stroke-linejoin="round"/>')


def dots(points: list[tuple[float, float]], r: float, fill: str) -> list[str]:
    return [f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="{fmt(r)}" fill="{fill}"/>' for x, y in points]


def star(cx: float, cy: float, r: float, fill: str, points: int = 5, inner: float = 0.45,
         stroke: str | None = None, sw: float = 1.0) -> str:
    pts = []
    for i in range(points * 2):
        a = math.pi * i / points - math.pi / 2
        rr = r if i % 2 == 0 else r * inner
        pts.append(f"{fmt(cx + rr * math.cos(a))} {fmt(cy + rr * math.sin(a))}")
    return path("M" + "L".join(pts) + "Z", fill, stroke, sw)


def face(beard: bool, lips: str = "#b8323a") -> list[str]:
    out = [
        el("rect", SKIN, INK, 1.1, x=-7, y=-76, width=14, height=16),
        el("ellipse", SKIN, INK, 1.3, cx=0, cy=-91, rx=15.5, ry=18.5),
        # eyes looking slightly to the side, as on traditional court cards
        el("ellipse", WHITE, INK, 0.8, cx=-6, cy=-94, rx=3.6, ry=2.2),
        el("ellipse", WHITE, INK, 0.8, cx=6.5, cy=-94, rx=3.6, ry=2.2),
        *dots([(-4.6, -94), (7.9, -94)], 1.5, INK),
        line("M-10 -99Q-6 -101.5 -2 -99.5M3 -99.5Q7 -101.5 11 -99", INK, 1.2),
        line("M1 -93L-1.5 -84.5L2 -83.5", INK, 1.1),
    ]
    if beard:
        out += [
            path("M-15.5 -89C-16 -72 -9 -60 0 -57C9 -60 16 -72 15.5 -89"
                 "C12 -80 8 -77 0 -77C-8 -77 -12 -80 -15.5 -89Z", HAIR_BROWN, INK, 1.1),
            path("M-10 -79C-6 -83 -2 -82 0 -80.5C2 -82 6 -83 10 -79C6 -78 3 -78 0 -79.5"
                 "C-3 -78 -6 -78 -10 -79Z", HAIR_BROWN, INK, 0.9),
            line("M-6 -70Q0 -66 6 -70M-3 -63Q0 -61 3 -63", "#4c2b10", 0.9),
        ]
    else:
        out += [
            path("M-5 -79Q0 -81.5 5 -79Q0 -75.5 -5 -79Z", lips, None),
            el("circle", "#f3b3a8", None, 0, cx=-9, cy=-85, r=3),
            el("circle", "#f3b3a8", None, 0, cx=9.5, cy=-85, r=3),
        ]
    return out


def ermine(d: str, spots: list[tuple[float, float]]) -> list[str]:
    out = [path(d, WHITE, INK, 1.1)]
    for x, y in spots:
        out.append(path(f"M{fmt(x)} {fmt(y - 2.5)}L{fmt(x + 1.4)} {fmt(y + 2)}"
                        f"L{fmt(x - 1.4)} {fmt(y + 2)}Z", INK, None))
    return out


def robe(primary: str, secondary: str, embroidery_x: float) -> list[str]:
    """Shoulders and mantle shared by all three court figures."""
    out = [
        path("M-72 0L-72 -30C-71 -48 -56 -56 -34 -61L34 -61C56 -56 71 -48 72 -30L72 0Z", primary),
        # sleeves in the secondary colour with gold cuffs
        path("M-72 -30C-71 -44 -64 -51 -55 -55L-49 -16L-72 -14Z", secondary),
        path("M72 -30C71 -44 64 -51 55 -55L49 -16L72 -14Z", secondary),
        path("M-72 -14L-49 -16L-48 -9L-72 -7Z", GOLD, INK, 1),
        path("M72 -14L49 -16L48 -9L72 -7Z", GOLD, INK, 1),
        line("M-66 -40L-53 -44M-68 -30L-51 -33M66 -40L53 -44M68 -30L51 -33", GOLD, 1.4),
    ]
    for x in (-embroidery_x, embroidery_x):
        for y in (-46, -30, -14):
            out.append(star(x, y, 4.5, GOLD, points=4, inner=0.35))
    return out


def diamond_band(x0: float, x1: float, y0: float, y1: float, fill: str, accent: str,
                 count: int) -> list[str]:
    """A vertical gold band decorated with small lozenges."""
    out = [el("rect", fill, INK, 1.1, x=x0, y=y0, width=x1 - x0, height=y1 - y0)]
    cx = (x0 + x1) / 2
    hw = (x1 - x0) / 2 - 2.5
    step = (y1 - y0) / count
    for i in range(count):
        cy = y0 + step * (i + 0.5)
        hh = step / 2 - 1.5
        out.append(path(f"M{fmt(cx)} {fmt(cy - hh)}L{fmt(cx + hw)} {fmt(cy)}L{fmt(cx)} {fmt(cy + hh)}"
                        f"L{fmt(cx - hw)} {fmt(cy)}Z", accent, INK, 0.8))
    return out


def king_half(suit: str, primary: str, secondary: str, sceptre: bool = False) -> list[str]:
    out = robe(primary, secondary, 43)
    # tunic, ermine lapels and collar
    out += diamond_band(-24, 24, -58, 0, GOLD, primary, 4)
    out += ermine("M-34 -61L-24 -58L-24 0L-36 0Z", [(-30, -48), (-29, -32), (-30, -16)])
    out += ermine("M34 -61L24 -58L24 0L36 0Z", [(30, -48), (29, -32), (30, -16)])
    out += ermine("M-36 -62C-20 -52 20 -52 36 -62L30 -71C14 -63 -14 -63 -30 -71Z",
                  [(-22, -60), (-8, -57), (8, -57), (22, -60)])
    # hair behind the face, then the face with a beard
    out.append(path("M-18 -100C-24 -88 -22 -74 -16 -66L16 -66C22 -74 24 -88 18 -100Z", HAIR_BROWN, INK, 1.1))
    out += face(beard=True)
    # crown: velvet cap, five points with pearls, jewelled band
    out.append(path("M-17 -110C-14 -128 14 -128 17 -110Z", primary, INK, 1.1))
    out.append(path("M-20 -108L-23 -130L-12 -118L-6 -134L0 -121L6 -134L12 -118L23 -130L20 -108Z",
                    GOLD, INK, 1.2))
    out += dots([(-23, -131), (-6, -135), (6, -135), (23, -131)], 2.6, WHITE)
    out.append(el("rect", GOLD, INK, 1.2, x=-20, y=-110, width=40, height=8))
    out += dots([(-12, -106), (12, -106)], 2.2, secondary)
    out += dots([(0, -106)], 2.6, primary)
    if sceptre:
        # the German König's sceptre: a gold rod crowned with an orb and a cross
        out.append(el("rect", GOLD, INK, 1.1, x=47, y=-112, width=6, height=82, rx=2))
        out += [el("rect", GOLD_DARK, None, 0, x=47.5, y=y, width=5, height=2.2) for y in (-96, -80, -64, -48)]
        out.append(el("circle", GOLD, INK, 1.2, cx=50, cy=-120, r=9))
        out.append(line("M41 -120L59 -120M50 -129L50 -111", GOLD_DARK, 1.3))
        out.append(path("M48 -129L52 -129L52 -134L56 -134L56 -138L52 -138L52 -142L48 -142L48 -138L44 -138"
                        "L44 -134L48 -134Z", GOLD, INK, 1))
        out += dots([(46, -124), (54, -124)], 1.6, secondary)
    else:
        # sword held upright in the right hand
        out.append(path("M50 -136L54 -129L54 -44L46 -44L46 -129Z", "#dfe3ea", INK, 1.1))
        out.append(line("M50 -128L50 -48", "#9aa3b2", 1))
        out.append(el("rect", GOLD, INK, 1.1, x=37, y=-44, width=26, height=6, rx=2))
        out.append(el("rect", HAIR_BROWN, INK, 1, x=47, y=-38, width=6, height=14))
    out.append(el("ellipse", SKIN, INK, 1.1, cx=50, cy=-31, rx=8, ry=6.5))
    return out


def queen_half(suit: str, primary: str, secondary: str) -> list[str]:
    out = [
        # veil behind everything
        path("M-22 -112C-40 -100 -44 -74 -44 -58L44 -58C44 -74 40 -100 22 -112Z", secondary),
    ]
    out += robe(primary, secondary, 36)
    # bodice with gold lozenges and a square neckline
    out += diamond_band(-22, 22, -52, 0, GOLD, secondary, 4)
    out.append(path("M-30 -61L30 -61L24 -50L-24 -50Z", WHITE, INK, 1.1))
    out += dots([(-18, -55.5), (-6, -55.5), (6, -55.5), (18, -55.5)], 1.8, primary)
    # long golden hair
    out.append(path("M-16 -106C-28 -96 -28 -74 -30 -60L-20 -58C-18 -70 -16 -84 -12 -92Z"
                    "M16 -106C28 -96 28 -74 30 -60L20 -58C18 -70 16 -84 12 -92Z", HAIR_GOLD, INK, 1.1))
    out += face(beard=False)
    out.append(path("M-16 -96C-16 -108 -8 -112 0 -112C8 -112 16 -108 16 -96"
                    "C10 -104 -10 -104 -16 -96Z", HAIR_GOLD, INK, 1.1))
    # tiara: three rounded peaks with a flower jewel
    out.append(path("M-17 -106C-16 -113 -12 -116 -9 -116C-6 -116 -5 -113 -4 -116C-3 -124 3 -124 4 -116"
                    "C5 -113 6 -116 9 -116C12 -116 16 -113 17 -106C8 -110 -8 -110 -17 -106Z",
                    GOLD, INK, 1.1))
    out.append(path("M0 -129L4 -121L0 -113L-4 -121Z", primary, INK, 0.9))
    out += dots([(-8.5, -116.5), (8.5, -116.5)], 1.8, WHITE)
    out += dots([(-10, -111), (10, -111)], 1.6, secondary)
    # a rose held in her hand
    out.append(line("M50 -38C54 -60 46 -88 54 -110", LEAF, 2.6))
    out.append(path("M50 -72C62 -74 66 -84 66 -88C58 -86 52 -80 50 -72Z", LEAF, INK, 0.9))
    out.append(path("M50 -86C40 -88 36 -96 36 -100C44 -98 48 -94 50 -86Z", LEAF, INK, 0.9))
    for i in range(5):
        a = 2 * math.pi * i / 5 - math.pi / 2
        out.append(el("circle", ROSE, INK, 0.9, cx=54 + 6 * math.cos(a), cy=-114 + 6 * math.sin(a), r=5.2))
    out.append(el("circle", GOLD, INK, 0.9, cx=54, cy=-114, r=3.6))
    out.append(el("ellipse", SKIN, INK, 1.1, cx=50, cy=-35, rx=7.5, ry=6.5))
    return out


def jack_half(suit: str, primary: str, secondary: str) -> list[str]:
    out = robe(secondary, primary, 40)
    # striped doublet
    stripes = []
    for i, x in enumerate(range(-30, 30, 10)):
        stripes.append(el("rect", primary if i % 2 == 0 else GOLD, INK, 1, x=x, y=-58, width=10, height=58))
    out += stripes
    # ruffled white collar
    pts = []
    for i in range(13):
        x = -30 + 5 * i
        pts.append(f"{fmt(x)} {fmt(-66 if i % 2 == 0 else -57)}")
    out.append(path("M-34 -62L" + "L".join(pts) + "L34 -62L30 -54L-30 -54Z", WHITE, INK, 1.1))
    # short curly hair
    out += [el("circle", HAIR_BROWN, INK, 1, cx=x, cy=y, r=6)
            for x, y in [(-16, -96), (-18, -86), (-16, -77), (16, -96), (18, -86), (16, -77)]]
    out += face(beard=False, lips="#a8404a")
    # feathered cap: a soft beret with a gold band and a long plume
    out.append(path("M18 -112C30 -132 52 -142 66 -134C56 -134 40 -128 24 -108Z", WHITE, INK, 1.2))
    out.append(line("M22 -114C34 -128 48 -134 62 -134M30 -122L34 -130M38 -127L43 -134M46 -130L52 -137"
                    "M29 -119L36 -120M37 -125L45 -126", primary, 1.1))
    out.append(path("M-22 -104C-26 -120 -10 -128 4 -128C20 -128 28 -120 24 -104Z", secondary, INK, 1.2))
    out.append(el("rect", GOLD, INK, 1.1, x=-20, y=-108, width=42, height=7, rx=2))
    out += dots([(-10, -104.5), (2, -104.5), (14, -104.5)], 1.8, primary)
    # halberd
    out.append(el("rect", HAIR_BROWN, INK, 1, x=-57, y=-122, width=5, height=100))
    out.append(path("M-54.5 -140L-50 -124L-59 -124Z", "#dfe3ea", INK, 1.1))
    out.append(path("M-52 -118C-40 -120 -36 -110 -38 -100C-44 -104 -48 -104 -52 -104Z", "#dfe3ea", INK, 1.1))
    out.append(path("M-57 -118L-66 -114L-57 -108Z", "#dfe3ea", INK, 1.1))
    out.append(el("ellipse", SKIN, INK, 1.1, cx=-54.5, cy=-40, rx=7.5, ry=6.5))
    return out


PIP_SPOT = {"K": (-64, -118), "Q": (-64, -118), "J": (64, -96)}
COURT_HALVES = {"K": king_half, "Q": queen_half, "J": jack_half}


def court_body(rank: str, suit: str, color: str) -> list[str]:
    primary = color
    secondary = BLUE if color != BLUE4 else RED
    half = COURT_HALVES[rank](suit, primary, secondary)
    px, py = PIP_SPOT[rank]
    half.append(pip(suit, px, py, 26, color))
    return court_frame(half)


def court_frame(half: list[str]) -> list[str]:
    """The cream panel with the double-ended figure ``half`` (drawn upright and turned)."""
    cx, cy = W / 2, H / 2
    out = [
        el("rect", CREAM, None, 0, x=PANEL_X, y=PANEL_Y, width=PANEL_W, height=PANEL_H),
        f'<g transform="translate({fmt(cx)} {fmt(cy)})">' + "".join(half) + "</g>",
        f'<g transform="translate({fmt(cx)} {fmt(cy)}) rotate(180)">' + "".join(half) + "</g>",
        el("rect", GOLD, INK, 0.9, x=PANEL_X, y=cy - 2.5, width=PANEL_W, height=5),
        el("rect", "none", INK, 1.6, x=PANEL_X, y=PANEL_Y, width=PANEL_W, height=PANEL_H),
        el("rect", "none", GOLD, 1.4, x=PANEL_X + 3.5, y=PANEL_Y + 3.5, width=PANEL_W - 7,
           height=PANEL_H - 7),
    ]
    return out


# ---------------------------------------------------------------------------
# German-suited faces: Eichel, Grün, Herz, Schellen (our C, S, H, D)
# ---------------------------------------------------------------------------

#: Each German suit's court costume (primary, secondary): the suit's own colour first.
GERMAN_COURT = {"C": ("#7a4614", "#237a33"), "S": ("#237a33", "#c8102e"),
                "H": ("#c8102e", "#237a33"), "D": (BLUE, "#c8102e")}


def ober_half(suit: str, primary: str, secondary: str) -> list[str]:
    """The Ober: a bearded officer in a broad plumed hat, his suit's sign raised high."""
    out = robe(primary, secondary, 40)
    out += diamond_band(-26, 26, -58, 0, GOLD, secondary, 4)
    # falling white collar with gold trim
    out.append(path("M-34 -62C-22 -50 22 -50 34 -62L28 -48C14 -42 -14 -42 -28 -48Z", WHITE, INK, 1.1))
    out.append(line("M-27 -48C-14 -43 14 -43 27 -48", GOLD, 1.6))
    out.append(path("M-17 -100C-22 -90 -21 -76 -16 -68L16 -68C21 -76 22 -90 17 -100Z", HAIR_BROWN, INK, 1.1))
    out += face(beard=True)
    # broad-brimmed hat, its crown and a curling plume
    out.append(path("M18 -114C30 -138 56 -146 70 -136C58 -136 40 -128 26 -110Z", secondary, INK, 1.2))
    out.append(line("M24 -116C36 -130 50 -136 64 -136", WHITE, 1.2))
    out.append(path("M-15 -108C-16 -124 -8 -130 0 -130C8 -130 16 -124 15 -108Z", primary, INK, 1.2))
    out.append(el("ellipse", primary, INK, 1.2, cx=0, cy=-107, rx=34, ry=7))
    out.append(el("rect", GOLD, INK, 1, x=-15, y=-115, width=30, height=6, rx=2))
    out += dots([(-7, -112), (7, -112)], 1.6, secondary)
    # the raised hand holding the suit's sign up
    out.append(path("M-70 -40C-72 -60 -68 -80 -64 -92L-49 -92C-52 -78 -54 -62 -50 -48Z", secondary))
    out.append(path("M-64.5 -92L-48.5 -92L-49.5 -86L-65.5 -86Z", GOLD, INK, 1))
    out.append(el("ellipse", SKIN, INK, 1.1, cx=-56.5, cy=-97, rx=7.5, ry=6.5))
    # a sword at his side
    out.append(path("M52 -100L56 -94L56 -38L48 -38L48 -94Z", "#dfe3ea", INK, 1.1))
    out.append(el("rect", GOLD, INK, 1.1, x=40, y=-38, width=24, height=6, rx=2))
    out.append(el("rect", HAIR_BROWN, INK, 1, x=49, y=-32, width=6, height=12))
    return out


def unter_half(suit: str, primary: str, secondary: str) -> list[str]:
    """The Unter: the young soldier with halberd and feathered cap; his sign is held low."""
    out = jack_half(suit, primary, secondary)
    out.append(el("ellipse", SKIN, INK, 1.1, cx=52, cy=-24, rx=7.5, ry=6.5))
    return out


def german_king_half(suit: str, primary: str, secondary: str) -> list[str]:
    """The König: the French deck's king, with a sceptre where the other holds his sword."""
    return king_half(suit, primary, secondary, sceptre=True)


#: Where each German court card's sign sits in its half and how large: the Ober holds it high,
#: the Unter low (the way German players tell them apart at a glance), the König beside his crown.
GERMAN_COURTS = {"K": (german_king_half, (-62, -116), 30),
                 "Q": (ober_half, (-56, -118), 34),
                 "J": (unter_half, (56, -47), 36)}


def german_court_body(rank: str, suit: str) -> list[str]:
    figure, (px, py), size = GERMAN_COURTS[rank]
    primary, secondary = GERMAN_COURT[suit]
    half = figure(suit, primary, secondary)
    half.append(german_suit_mark(suit, px, py, size))
    return court_frame(half)


def german_daus_body(suit: str) -> list[str]:
    """The Daus (the ace): its sign large in a gold wreath."""
    ink = GERMAN_INKS[suit]
    out = [el("circle", "#fff6dc", None, 0, cx=125, cy=175, r=80),
           f'<circle cx="125" cy="175" r="80" fill="none" stroke="{GOLD}" stroke-width="3.5"/>',
           f'<circle cx="125" cy="175" r="72" fill="none" stroke="{ink}" stroke-width="1.3"/>']
    # a wreath of small leaves around the ring
    for i in range(28):
        a = 2 * math.pi * i / 28
        x, y = 125 + 80 * math.cos(a), 175 + 80 * math.sin(a)
        out.append(f'<ellipse transform="translate({fmt(x)} {fmt(y)}) rotate({fmt(math.degrees(a) + 45)})" '
                   f'cx="0" cy="0" rx="5.2" ry="2.4" fill="{GOLD}" stroke="{GOLD_DARK}" stroke-width="0.8"/>')
    out.append(german_suit_mark(suit, 125, 175, 112))
    return out


def german_pip_body(rank: str, suit: str) -> list[str]:
    n = int(rank)
    size = 50 if n <= 8 else 45
    return [german_suit_mark(suit, x, y, size, flip=y > MID + 0.5) for x, y in pip_positions(n)]


def german_face_svg(rank: str, suit: str) -> str:
    """A German-suited face (``rank`` in our notation: J is the Unter, Q the Ober, A the Daus)."""
    if rank not in GERMAN_RANKS:
        raise ValueError(f"German-suited decks have no {rank}")
    ink = GERMAN_INKS[suit]
    body = [card_base()]
    if rank == "A":
        body += german_daus_body(suit)
    elif rank in GERMAN_COURTS:
        body += german_court_body(rank, suit)
    else:
        body += german_pip_body(rank, suit)
    letter = GERMAN_LETTERS.get(rank, rank)
    for flip in (False, True):
        pieces = [*index_glyphs(letter, ink), german_suit_mark(suit, INDEX_CX, INDEX_PIP_CY + 1, INDEX_PIP + 6)]
        if flip:
            body.append(f'<g transform="rotate(180 {W / 2} {H / 2})">' + "".join(pieces) + "</g>")
        else:
            body.extend(pieces)
    return svg_doc(body)


def german_sign_svg(suit: str) -> str:
    """A German suit's sign alone on a clear 100 x 100 square: the game's suit icons in that look."""
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">\n'
            + german_suit_mark(suit, 50, 50, 96) + "\n</svg>\n")


# ---------------------------------------------------------------------------
# Assembling faces
# ---------------------------------------------------------------------------

def face_svg(rank: str, suit: str, colors: dict[str, str], language: str = "en") -> str:
    color = colors[suit]
    body = [card_base()]
    if rank == "A":
        body += ace_body(suit, color)
    elif rank in COURT_HALVES:
        body += court_body(rank, suit, color)
    else:
        body += pip_body(rank, suit, color)
    body += corner_index(rank, suit, color, language)
    return svg_doc(body)


# ---------------------------------------------------------------------------
# Jokers
# ---------------------------------------------------------------------------

def joker_index(color: str) -> list[str]:
    out = []
    for flip in (False, True):
        pieces = [glyph_text(ch, INDEX_CX, 14 + i * 18, 13.5, color, weight=10)
                  for i, ch in enumerate("JOKER")]
        pieces.append(star(INDEX_CX, 114, 8, color))
        if flip:
            out.append(f'<g transform="rotate(180 {W / 2} {H / 2})">' + "".join(pieces) + "</g>")
        else:
            out.extend(pieces)
    return out


def joker_svg(red: bool) -> str:
    if red:
        primary, second, third, ink_col = RED, GOLD, BLUE, RED
    else:
        primary, second, third, ink_col = BLACK, "#b7bcc4", "#5b6068", BLACK
    body = [card_base()]
    # scattered stars
    for x, y, r in [(70, 60, 7), (184, 52, 5), (200, 170, 6), (52, 190, 5), (196, 236, 7),
                    (60, 250, 6), (150, 40, 4), (92, 92, 4)]:
        body.append(star(x, y, r, second if red else "#8c9199"))
    # ruff collar
    ruff = []
    for i in range(32):
        a = 2 * math.pi * i / 32
        rr = 52 if i % 2 == 0 else 34
        ruff.append(f"{fmt(125 + rr * math.cos(a))} {fmt(214 + rr * 0.55 * math.sin(a))}")
    body.append(path("M" + "L".join(ruff) + "Z", WHITE, INK, 1.3))
    ruff2 = []
    for i in range(24):
        a = 2 * math.pi * i / 24
        rr = 36 if i % 2 == 0 else 24
        ruff2.append(f"{fmt(125 + rr * math.cos(a))} {fmt(214 + rr * 0.55 * math.sin(a))}")
    body.append(path("M" + "L".join(ruff2) + "Z", primary, INK, 1.1))
    # hat: three floppy points with bells
    body.append(path("M110 142C106 110 112 80 140 58C130 84 134 112 142 142Z", second, INK, 1.4))
    body.append(path("M99 152C90 118 64 100 38 116C64 94 104 100 120 140Z", primary, INK, 1.4))
    body.append(path("M151 152C160 118 186 100 212 116C186 94 146 100 130 140Z", third if red else primary,
                     INK, 1.4))
    for x, y in [(36, 120), (142, 54), (214, 120)]:
        body.append(el("circle", GOLD if red else "#d9dce1", INK, 1.3, cx=x, cy=y, r=8))
        body.append(line(f"M{fmt(x - 3)} {fmt(y + 2)}L{fmt(x + 3)} {fmt(y + 2)}", INK, 1.3))
    # face
    body.append(el("ellipse", SKIN, INK, 1.4, cx=125, cy=176, rx=27, ry=31))
    body.append(el("ellipse", WHITE, INK, 1, cx=115, cy=170, rx=5.5, ry=4))
    body.append(el("ellipse", WHITE, INK, 1, cx=135, cy=170, rx=5.5, ry=4))
    body += dots([(116.5, 170.5), (136.5, 170.5)], 2.2, INK)
    body.append(line("M108 162Q115 158 121 162M129 162Q135 158 142 162", INK, 1.4))
    body.append(path("M125 167L122 182L128 182Z", SKIN_SHADE, INK, 1))
    body.append(path("M110 190Q125 204 140 190Q125 197 110 190Z", "#b8323a", INK, 1.2))
    body += [el("circle", "#f3a59a", None, 0, cx=107, cy=184, r=4.5),
             el("circle", "#f3a59a", None, 0, cx=143, cy=184, r=4.5)]
    # hat band with lozenges
    body.append(path("M97 152C108 138 142 138 153 152L151 160C140 148 110 148 99 160Z", second, INK, 1.3))
    body += dots([(112, 148.5), (125, 146), (138, 148.5)], 2.6, primary)
    # the word JOKER across the foot of the picture
    body.append(glyph_text("JOKER", 125, 268, 30, ink_col, weight=9, tracking=8))
    body += joker_index(ink_col)
    return svg_doc(body)


# ---------------------------------------------------------------------------
# Backs
# ---------------------------------------------------------------------------

FIELD = (18.0, 18.0, 232.0, 332.0)  # square-cornered pattern area inside the rounded frame


def clip_segment(kind: str, c: float) -> tuple[float, float, float, float] | None:
    """Clip the line x+y=c ('/') or x-y=c ('\\') to FIELD."""
    x0, y0, x1, y1 = FIELD
    pts = []
    for x in (x0, x1):
        y = c - x if kind == "/" else x - c
        if y0 - 1e-9 <= y <= y1 + 1e-9:
            pts.append((x, y))
    for y in (y0, y1):
        x = c - y if kind == "/" else c + y
        if x0 - 1e-9 <= x <= x1 + 1e-9:
            pts.append((x, y))
    pts = sorted(set((round(px, 6), round(py, 6)) for px, py in pts))
    if len(pts) < 2:
        return None
    (ax, ay), (bx, by) = pts[0], pts[-1]
    if abs(ax - bx) < 1e-6 and abs(ay - by) < 1e-6:
        return None
    return ax, ay, bx, by


def back_frame(field_color: str) -> list[str]:
    return [
        card_base(),
        el("rect", field_color, None, 0, x=11, y=11, width=W - 22, height=H - 22, rx=10),
    ]


def back_border(light: str) -> list[str]:
    x0, y0, x1, y1 = FIELD
    return [
        el("rect", "none", WHITE, 1.6, x=x0, y=y0, width=x1 - x0, height=y1 - y0),
        el("rect", "none", light, 1, x=x0 + 4, y=y0 + 4, width=x1 - x0 - 8, height=y1 - y0 - 8),
    ]


def back_blue() -> str:
    dark, mid, light = "#173f86", "#2c61b8", "#a9c6f0"
    body = back_frame(dark)
    x0, y0, x1, y1 = FIELD
    step = 16.0
    segs = []
    for kind, lo, hi in (("/", x0 + y0, x1 + y1), ("\\", x0 - y1, x1 - y0)):
        k = math.floor(lo / step)
        while k * step <= hi:
            seg = clip_segment(kind, k * step)
            if seg:
                segs.append(f"M{fmt(seg[0])} {fmt(seg[1])}L{fmt(seg[2])} {fmt(seg[3])}")
            k += 1
    body.append(line("".join(segs), mid, 4.2))
    body.append(line("".join(segs), light, 1.1))
    # small studs where the lattice crosses
    studs = []
    for a in range(int((x0 + y0) // step), int((x1 + y1) // step) + 2):
        for b in range(int((x0 - y1) // step) - 1, int((x1 - y0) // step) + 2):
            x, y = (a * step + b * step) / 2, (a * step - b * step) / 2
            if x0 + 3 < x < x1 - 3 and y0 + 3 < y < y1 - 3:
                studs.append((x, y))
    body += dots(studs, 2.2, WHITE)
    body += back_border(light)
    # central medallion with the four suits
    cx, cy = W / 2, H / 2
    body.append(el("ellipse", dark, WHITE, 2.2, cx=cx, cy=cy, rx=52, ry=68))
    body.append(el("ellipse", "none", light, 1, cx=cx, cy=cy, rx=46, ry=62))
    for i in range(16):
        a = 2 * math.pi * i / 16
        body.append(el("circle", light, None, 0, cx=cx + 52 * math.cos(a), cy=cy + 68 * math.sin(a), r=3))
    for suit, (dx, dy) in zip(SUITS, [(-20, -22), (20, -22), (-20, 22), (20, 22)]):
        body.append(suit_path(suit, cx + dx, cy + dy, 26, WHITE))
    body.append(star(cx, cy, 9, light, points=4, inner=0.35))
    return svg_doc(body)


def back_red() -> str:
    dark, deep, light = "#b3132f", "#7e0b1f", "#f6c9d1"
    body = back_frame(dark)
    x0, y0, x1, y1 = FIELD
    cols, rows = 8, 10
    tw, th = (x1 - x0) / cols, (y1 - y0) / rows
    lozenges = []
    for r in range(rows):
        for c in range(cols):
            cx, cy = x0 + (c + 0.5) * tw, y0 + (r + 0.5) * th
            lozenges.append(f"M{fmt(cx)} {fmt(cy - th / 2)}L{fmt(cx + tw / 2)} {fmt(cy)}"
                            f"L{fmt(cx)} {fmt(cy + th / 2)}L{fmt(cx - tw / 2)} {fmt(cy)}Z")
    body.append(path("".join(lozenges), deep, light, 0.8))
    # four-petal rosettes on the interior grid points and studs in each lozenge
    for r in range(1, rows):
        for c in range(1, cols):
            px, py = x0 + c * tw, y0 + r * th
            body.append(path(
                f"M{fmt(px)} {fmt(py - 7)}Q{fmt(px + 3)} {fmt(py - 3)} {fmt(px + 7)} {fmt(py)}"
                f"Q{fmt(px + 3)} {fmt(py + 3)} {fmt(px)} {fmt(py + 7)}"
                f"Q{fmt(px - 3)} {fmt(py + 3)} {fmt(px - 7)} {fmt(py)}"
                f"Q{fmt(px - 3)} {fmt(py - 3)} {fmt(px)} {fmt(py - 7)}Z", light, None))
    studs = [(x0 + (c + 0.5) * tw, y0 + (r + 0.5) * th) for r in range(rows) for c in range(cols)]
    body += dots(studs, 2, GOLD)
    body += back_border(light)
    # central rosette medallion
    cx, cy = W / 2, H / 2
    body.append(el("circle", deep, WHITE, 2.2, cx=cx, cy=cy, r=52))
    for i in range(12):
        a = 360 * i / 12
        body.append(f'<ellipse transform="translate({fmt(cx)} {fmt(cy)}) rotate({fmt(a)})" '
                    f'cx="0" cy="-28" rx="8.5" ry="19" fill="{dark}" stroke="{light}" stroke-width="1.2"/>')
    for i in range(12):
        a = 360 * (i + 0.5) / 12
        body.append(f'<ellipse transform="translate({fmt(cx)} {fmt(cy)}) rotate({fmt(a)})" '
                    f'cx="0" cy="-40" rx="3" ry="6" fill="{GOLD}"/>')
    body.append(el("circle", light, WHITE, 1.5, cx=cx, cy=cy, r=13))
    body.append(star(cx, cy, 10, dark, points=8, inner=0.5))
    return svg_doc(body)


# ---------------------------------------------------------------------------
# Driver
# ---------------------------------------------------------------------------

def card_names() -> list[str]:
    return [r + s for s in SUITS for r in RANKS]


def build_files() -> dict[str, str]:
    """Return {relative path: svg text} for every generated file."""
    files: dict[str, str] = {}
    for sub, colors in (("", TWO_COLOR), ("four_color/", FOUR_COLOR), ("tournament/", TOURNAMENT)):
        for s in SUITS:
            for r in RANKS:
                files[f"{sub}{r}{s}.svg"] = face_svg(r, s, colors)
        files[f"{sub}X1.svg"] = joker_svg(red=True)
        files[f"{sub}X2.svg"] = joker_svg(red=False)
        # Each language's own corner letters, only for the cards they change (de/JC.svg…).
        for language in sorted(INDEX_LETTERS):
            for s in SUITS:
                for r in localized_ranks(language):
                    files[f"{language}/{sub}{r}{s}.svg"] = face_svg(r, s, colors, language)
    for s in SUITS:
        for r in GERMAN_RANKS:
            files[f"german/{r}{s}.svg"] = german_face_svg(r, s)
        files[f"german/sign_{s}.svg"] = german_sign_svg(s)
    files["back_blue.svg"] = back_blue()
    files["back_red.svg"] = back_red()
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder")
    args = parser.parse_args(argv)
    files = build_files()
    for rel, text in sorted(files.items()):
        target = args.out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(text.encode("utf-8"))
    print(f"wrote {len(files)} SVG files to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
