"""The asset generators in tools/ reproduce the committed assets exactly, and the
assets themselves are usable: SVGs render with pygame's loader, WAVs have the
expected format, and the icon containers parse."""

from __future__ import annotations

import io
import os
import struct
import subprocess
import sys
import wave
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ROOT / "tools"
ASSETS = ROOT / "assets"

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
SUITS = ["C", "D", "H", "S"]
FACES = [r + s for s in SUITS for r in RANKS] + ["X1", "X2"]
# German decks: B (Bube) for the jack, D (Dame) for the queen; K (König) and A (Ass) are the
# same letters as in English, so the German set holds only the jacks and queens.
GERMAN_LETTERS = {"J": "B", "Q": "D", "K": "K", "A": "A"}
GERMAN_FACES = [r + s for s in SUITS for r in RANKS if GERMAN_LETTERS.get(r, r) != r]
# The German-suited deck: 7 to 10, Unter (J), Ober (Q), König (K), Daus (A) of Eichel, Schellen, Herz, Grün.
GERMAN_SUITED = [r + s for s in SUITS for r in ("7", "8", "9", "10", "J", "Q", "K", "A")]
GERMAN_SIGNS = {f"german/sign_{suit}.svg" for suit in SUITS}
CARD_FILES = (
    {f"{name}.svg" for name in FACES}
    | {"back_blue.svg", "back_red.svg"}
    | {f"{look}/{name}.svg" for look in ("four_color", "tournament") for name in FACES}
    | {f"de/{name}.svg" for name in GERMAN_FACES}
    | {f"de/{look}/{name}.svg" for look in ("four_color", "tournament") for name in GERMAN_FACES}
    | {f"german/{name}.svg" for name in GERMAN_SUITED}
)
FACE_FILES = sorted(CARD_FILES)   # every card face and back (the signs alone are not cards)
CARD_FILES = CARD_FILES | GERMAN_SIGNS
SOUND_FILES = {f"{name}.wav" for name in
               ("deal", "play", "draw", "shuffle", "invalid", "win", "lose", "click")}
ICON_FILES = {"icon.png", "icon_64.png", "icon.ico", "icon.icns"}

GENERATORS = {
    "cards": ("make_cards.py", CARD_FILES),
    "sounds": ("make_sounds.py", SOUND_FILES),
    "icon": ("make_icon.py", ICON_FILES),
}
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Run every generator (in parallel, as real subprocesses) into a temp dir."""
    base = tmp_path_factory.mktemp("assets")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    procs = {}
    for key, (script, _) in GENERATORS.items():
        out = base / key
        procs[key] = (out, subprocess.Popen(
            [sys.executable, str(TOOLS / script), "--out", str(out)],
            cwd=str(base), env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE))
    dirs = {}
    for key, (out, proc) in procs.items():
        stdout, stderr = proc.communicate(timeout=120)
        assert proc.returncode == 0, f"{key}: {stderr.decode(errors='replace')}"
        dirs[key] = out
    return dirs


@pytest.mark.parametrize("key", sorted(GENERATORS))
def test_generator_writes_expected_files(generated: dict[str, Path], key: str) -> None:
    assert set(tree(generated[key])) == GENERATORS[key][1]


@pytest.mark.parametrize("key", sorted(GENERATORS))
def test_generated_output_matches_committed_assets(generated: dict[str, Path], key: str) -> None:
    fresh, committed = tree(generated[key]), tree(ASSETS / key)
    assert sorted(fresh) == sorted(committed), "regenerate with `python tools/%s`" % GENERATORS[key][0]
    drifted = [name for name in fresh if fresh[name] != committed[name]]
    assert not drifted, f"assets drifted from tools/{GENERATORS[key][0]}: {drifted[:10]}"


# ---------------------------------------------------------------------------
# Cards
# ---------------------------------------------------------------------------

def ink_pixels(surface: pygame.Surface, box: tuple[float, float, float, float]) -> int:
    """Count clearly non-white, opaque pixels inside a box given as fractions of the size."""
    w, h = surface.get_size()
    x0, y0, x1, y1 = int(box[0] * w), int(box[1] * h), int(box[2] * w), int(box[3] * h)
    count = 0
    for y in range(y0, y1):
        for x in range(x0, x1):
            r, g, b, a = surface.get_at((x, y))
            if a > 128 and min(r, g, b) < 160:
                count += 1
    return count


CORNER = (0.03, 0.03, 0.17, 0.24)            # the top-left index
CORNER_FLIPPED = (0.83, 0.76, 0.97, 0.97)    # the rotated index at bottom-right


@pytest.mark.parametrize("size", [(250, 350), (90, 126)])
def test_every_svg_renders_with_visible_indices(size: tuple[int, int]) -> None:
    for rel in FACE_FILES:
        surface = pygame.image.load_sized_svg(str(ASSETS / "cards" / rel), size)
        # SDL_image keeps the aspect ratio and may round one side up by a pixel
        w, h = surface.get_size()
        assert abs(w - size[0]) <= 1 and abs(h - size[1]) <= 1, (rel, surface.get_size())
        assert ink_pixels(surface, CORNER) > 0.01 * size[0] * size[1] * 0.14 * 0.21, rel
        assert ink_pixels(surface, CORNER_FLIPPED) > 0, rel
        # the card itself is opaque in the middle, the rounded corner is transparent
        assert surface.get_at((w // 2, h // 2)).a == 255, rel
        assert surface.get_at((0, 0)).a < 64, rel


def test_card_faces_are_mostly_white_and_backs_are_not() -> None:
    for rel in FACE_FILES:
        surface = pygame.image.load_sized_svg(str(ASSETS / "cards" / rel), (50, 70))
        w, h = surface.get_size()
        light = sum(1 for y in range(h) for x in range(w) if min(surface.get_at((x, y))[:3]) > 235)
        if rel.startswith("back_"):
            assert light < 0.3 * 50 * 70, rel
        else:
            assert light > 0.3 * 50 * 70, rel


def test_no_svg_uses_text_or_unsupported_elements() -> None:
    for rel in sorted(CARD_FILES):
        text = (ASSETS / "cards" / rel).read_text(encoding="utf-8")
        assert text.startswith("<?xml"), rel
        assert ('viewBox="0 0 100 100"' if rel in GERMAN_SIGNS else 'viewBox="0 0 250 350"') in text, rel
        for banned in ("<text", "<use", "<pattern", "<clipPath", "<image"):
            assert banned not in text, f"{rel} contains {banned}"


def make_cards_module():
    sys.path.insert(0, str(TOOLS))
    try:
        import make_cards
    finally:
        sys.path.remove(str(TOOLS))
    return make_cards


def test_the_german_set_is_the_jacks_and_queens_and_the_king_and_ace_keep_their_letters() -> None:
    make_cards = make_cards_module()
    assert sorted(GERMAN_FACES) == sorted(f"{r}{s}" for r in ("J", "Q") for s in SUITS)
    assert {rank: make_cards.index_letter(rank, "de") for rank in GERMAN_LETTERS} == GERMAN_LETTERS
    # The ace shows A and the king K in both languages: their German face is the English one.
    for colors in (make_cards.TWO_COLOR, make_cards.FOUR_COLOR, make_cards.TOURNAMENT):
        for rank in RANKS:
            for suit in SUITS:
                english = make_cards.face_svg(rank, suit, colors)
                german = make_cards.face_svg(rank, suit, colors, "de")
                assert (german != english) == (rank in ("J", "Q")), rank + suit


def svg_lines(text: str) -> list[str]:
    return text.replace("><", ">\n<").splitlines()


def test_german_faces_differ_from_the_english_only_in_the_corner_letters() -> None:
    from _svg_paths import GLYPHS

    for name in GERMAN_FACES:
        for sub in ("", "four_color/", "tournament/"):
            english = svg_lines((ASSETS / "cards" / f"{sub}{name}.svg").read_text(encoding="utf-8"))
            german = svg_lines((ASSETS / "cards" / "de" / f"{sub}{name}.svg").read_text(encoding="utf-8"))
            assert len(english) == len(german), name
            changed = [(e, g) for e, g in zip(english, german) if e != g]
            letter = GERMAN_LETTERS[name[:-1]]
            # Two corners: each the letter's stroked path (and its centring) instead of the English one;
            # the tournament's yellow letters are drawn twice, over their darker edge.
            layers = 2 if sub == "tournament/" and name.endswith("D") else 1
            assert len(changed) == 4 * layers, (sub, name, changed)
            paths = [g for _, g in changed if g.startswith("<path")]
            assert paths == [f'<path d="{GLYPHS[letter][1]}"/>'] * 2 * layers, (sub, name, paths)
            assert all(GLYPHS[name[:-1]][1] in e for e, g in changed if g.startswith("<path")), name


def test_german_corners_render_differently_and_the_picture_is_the_same() -> None:
    for name in GERMAN_FACES:
        english = pygame.image.load_sized_svg(str(ASSETS / "cards" / f"{name}.svg"), (250, 350))
        german = pygame.image.load_sized_svg(str(ASSETS / "cards" / "de" / f"{name}.svg"), (250, 350))
        w, h = english.get_size()
        corner_w, corner_h = int(CORNER[2] * w), int(0.15 * h)
        differ = [(x, y) for y in range(0, h, 2) for x in range(0, w, 2)
                  if english.get_at((x, y)) != german.get_at((x, y))]
        assert differ, name
        for x, y in differ:   # only where the letters are, top-left and (rotated) bottom-right
            assert (x < corner_w and y < corner_h) or (x >= w - corner_w and y >= h - corner_h), (name, x, y)


def test_four_colour_suits_use_their_own_colours() -> None:
    for card, colour in (("2C", "#1a7f37"), ("2D", "#1f5fbf"), ("2H", "#c8102e"), ("2S", "#1b1b1f")):
        assert colour in (ASSETS / "cards" / "four_color" / f"{card}.svg").read_text(), card


def test_tournament_suits_are_black_clubs_yellow_diamonds_red_hearts_green_spades() -> None:
    inks = {"C": "#1b1b1f", "D": "#f2b705", "H": "#c8102e", "S": "#1a7f37"}
    for card, colour in inks.items():
        text = (ASSETS / "cards" / "tournament" / f"2{card}.svg").read_text()
        assert colour in text and not any(other in text for suit, other in inks.items() if suit != card), card
    # Yellow on white would fade: the diamonds and their corner letters are edged in a darker ink.
    assert 'stroke="#9a6b00"' in (ASSETS / "cards" / "tournament" / "QD.svg").read_text()


def rendered(rel: str, size=(125, 175)) -> pygame.Surface:
    return pygame.image.load_sized_svg(str(ASSETS / "cards" / rel), size)


def colour_share(surface: pygame.Surface, test) -> float:
    w, h = surface.get_size()
    hits = sum(1 for y in range(0, h, 2) for x in range(0, w, 2) if test(surface.get_at((x, y))))
    return hits / ((w // 2 + w % 2) * (h // 2 + h % 2))


def test_german_suited_signs_have_their_own_colours() -> None:
    """Grün is green, Herz red, Schellen golden, Eichel brown: told apart by colour as well as shape."""
    green = lambda c: c.a > 200 and c.g > c.r + 40 and c.g > c.b + 30             # noqa: E731
    red = lambda c: c.a > 200 and c.r > 170 and c.g < 80 and c.b < 90             # noqa: E731
    gold = lambda c: c.a > 200 and c.r > 200 and 150 < c.g < 215 and c.b < 90     # noqa: E731
    brown = lambda c: c.a > 200 and 90 < c.r < 215 and 50 < c.g < 150 and c.b < 70 and c.r > c.g + 30  # noqa: E731
    tests = {"S": green, "H": red, "D": gold, "C": brown}
    for suit, own in tests.items():
        sign = rendered(f"german/sign_{suit}.svg", (64, 64))
        assert colour_share(sign, own) > 0.15, suit
        assert sign.get_at((0, 0)).a == 0, "a sign stands on a clear ground"
        for other, test in tests.items():
            if other != suit and not (suit == "D" and other == "C"):   # a bell's shading is brownish
                assert colour_share(sign, test) < 0.1, (suit, other)


def test_german_pip_cards_hold_as_many_signs_as_their_number() -> None:
    for rank in ("7", "8", "9", "10"):
        text = (ASSETS / "cards" / "german" / f"{rank}S.svg").read_text()
        # each sign is one group with its leaf; two more are the corner indices
        assert text.count('d="M0 -49C6 -38') == int(rank) + 2, rank


def test_the_ober_holds_his_sign_high_and_the_unter_low() -> None:
    """How German players tell the two apart: the Ober's sign sits near the top of the card."""
    def acorn_height(rank: str) -> float:   # the mean row of the acorn's golden-brown nut, upper half
        card = rendered(f"german/{rank}C.svg", (250, 350))
        rows = [y for y in range(40, 175) for x in range(45, 205)
                if (lambda c: 188 <= c.r <= 212 and 128 <= c.g <= 148 and 34 <= c.b <= 58)(card.get_at((x, y)))]
        assert len(rows) > 100, rank
        return sum(rows) / len(rows)
    assert acorn_height("Q") < 90 < acorn_height("J"), (acorn_height("Q"), acorn_height("J"))


def test_german_faces_are_not_french_ones() -> None:
    for name in GERMAN_SUITED:
        german, french = rendered(f"german/{name}.svg"), rendered(f"{name}.svg")
        w, h = german.get_size()
        differ = sum(1 for y in range(0, h, 3) for x in range(0, w, 3) if german.get_at((x, y)) != french.get_at((x, y)))
        assert differ > 150, name


# ---------------------------------------------------------------------------
# Sounds
# ---------------------------------------------------------------------------

def test_sounds_have_expected_format() -> None:
    total = 0
    for name in sorted(SOUND_FILES):
        path = ASSETS / "sounds" / name
        total += path.stat().st_size
        with wave.open(str(path), "rb") as wav:
            assert wav.getframerate() == 44100, name
            assert wav.getnchannels() == 1, name
            assert wav.getsampwidth() == 2, name
            seconds = wav.getnframes() / wav.getframerate()
            assert 0.05 <= seconds <= 2.0, (name, seconds)
            frames = wav.readframes(wav.getnframes())
        samples = struct.unpack(f"<{len(frames) // 2}h", frames)
        peak = max(abs(s) for s in samples)
        assert 0.25 * 32767 < peak < 32767, (name, peak)        # normalised, not clipped
        assert abs(samples[0]) < 400 and abs(samples[-1]) < 400, name  # faded in and out
    assert total < 500_000


# ---------------------------------------------------------------------------
# Icon
# ---------------------------------------------------------------------------

def test_icon_pngs() -> None:
    for name, size in (("icon.png", 256), ("icon_64.png", 64)):
        surface = pygame.image.load(str(ASSETS / "icon" / name))
        assert surface.get_size() == (size, size)
        assert surface.get_at((0, 0)).a == 0, "background should be transparent"
        assert surface.get_at((size // 2, size // 2)).a == 255


def test_ico_parses() -> None:
    data = (ASSETS / "icon" / "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind) == (0, 1)
    assert count >= 5
    sizes = set()
    for i in range(count):
        w, h, _, _, planes, bpp, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert planes == 1 and bpp == 32
        blob = data[offset:offset + length]
        assert len(blob) == length and blob.startswith(PNG_MAGIC)
        img = pygame.image.load(io.BytesIO(blob), "icon.png")
        assert img.get_size() == ((w or 256), (h or 256))
        sizes.add(w or 256)
    assert {16, 32, 48, 256} <= sizes


def test_icns_parses() -> None:
    data = (ASSETS / "icon" / "icon.icns").read_bytes()
    assert data[:4] == b"icns"
    assert struct.unpack_from(">I", data, 4)[0] == len(data)
    expected = {b"icp4": 16, b"icp5": 32, b"icp6": 64, b"ic07": 128, b"ic08": 256, b"ic09": 512}
    seen = {}
    pos = 8
    while pos < len(data):
        kind, length = data[pos:pos + 4], struct.unpack_from(">I", data, pos + 4)[0]
        assert length > 8 and pos + length <= len(data)
        blob = data[pos + 8:pos + length]
        assert blob.startswith(PNG_MAGIC)
        seen[kind] = pygame.image.load(io.BytesIO(blob), "icon.png").get_size()
        pos += length
    assert pos == len(data)
    assert seen == {kind: (size, size) for kind, size in expected.items()}
