"""The one place that knows where the game's files are, in a source checkout and in a frozen build.

A source checkout keeps the art in ``assets/`` at the top of the repository; a
PyInstaller build unpacks the same folder under ``sys._MEIPASS``. Fonts are
the Noto Sans files that pygame_gui ships (its PyInstaller hook bundles them),
so they are found through pygame_gui's own package folder in both cases.

A missing card, back or icon file raises :class:`AssetMissing`, naming the
file and how to make it: the art is part of the game, not an optional extra.
"""
from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pygame_gui

from . import i18n
from .deck_looks import CLASSIC, GERMAN_CARD_LETTERS, LOOK_FOLDERS, has_german_face
from .i18n import GERMAN_LOOK
from .surface_cache import MB, SurfaceCache

CARD_RATIO = 1.4
CARD_BACK_STYLES = ("blue", "red")
SOUND_NAMES = ("deal", "play", "draw", "shuffle", "invalid", "win", "lose", "click")

# Jokers beyond the two drawn faces reuse their art (X3 looks like X1, X4 like X2).
_JOKER_ART = {"X1": "X1", "X2": "X2", "X3": "X1", "X4": "X2"}

#: Languages whose decks have corner letters of their own, and the ranks whose letter differs
#: (tools/make_cards.py draws them into ``assets/cards/<language>/``): German decks mark the jack
#: B (Bube) and the queen D (Dame); the king (König) and the ace (Ass) keep K and A.
CARD_LETTERS: dict[str, dict[str, str]] = {"de": {"J": "B", "Q": "D"}}
CARD_LETTER_SETS: dict[str, tuple[str, ...]] = {language: tuple(letters) for language, letters in CARD_LETTERS.items()}
ENGLISH_LETTERS = "en"


class AssetMissing(FileNotFoundError):
    """A file the game needs is not where it should be."""


def resource_root() -> Path:
    """The folder holding ``assets/``: the unpacked bundle when frozen, else the repository."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return Path(__file__).resolve().parents[2]


def package_file(*parts: str) -> Path:
    """A data file inside the ``game`` package (theme, locale catalogues)."""
    return Path(__file__).resolve().parent.joinpath(*parts)


def gui_font_path(bold: bool = False) -> Path:
    """The Noto Sans file that pygame_gui bundles (also inside a frozen build)."""
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    return Path(pygame_gui.__file__).resolve().parent / "data" / name


def card_height(width: int) -> int:
    """Cards are 1.4 times as tall as they are wide."""
    return round(width * CARD_RATIO)


class Assets:
    """Loads and caches card art, fonts, the icon and sound paths."""

    def __init__(self, root: Path | None = None):
        self.root = Path(root) if root is not None else resource_root()
        self.cards_dir = self.root / "assets" / "cards"
        self.sounds_dir = self.root / "assets" / "sounds"
        self.icon_path = self.root / "assets" / "icon" / "icon.png"
        # Card art at the widths the layouts ask for (every window size asks for others) and fonts
        # at every size drawn: both bounded by bytes, not by how many.
        self._surfaces = SurfaceCache("assets.card_art", 12 * MB)
        self._fonts = SurfaceCache("assets.fonts", 12 * MB, per_window_size=False)
        #: The "Keep J, Q, K, A on the cards" setting; the App keeps it in step with the settings.
        self.english_card_letters = False

    # ----- cards ------------------------------------------------------------

    def card_letters(self) -> str:
        """Whose corner letters the faces show now: the UI language's when its decks have their own
        (``"de"``) and the player has not asked to keep the English ones, else ``"en"``.

        Part of every cache key for card faces: a new language or setting gives new faces.
        """
        if self.english_card_letters:
            return ENGLISH_LETTERS
        language = i18n.current_language()
        return language if language in CARD_LETTER_SETS else ENGLISH_LETTERS

    def rank_letter(self, rank: str, deck_look: str = CLASSIC) -> str:
        """A rank as the card faces mark it now (``"Q"`` -> ``"D"`` on German-lettered faces, ``"O"`` for the
        Ober on German-suited ones): the move log's chips."""
        if deck_look == GERMAN_LOOK:
            return GERMAN_CARD_LETTERS.get(rank, rank)
        return CARD_LETTERS.get(self.card_letters(), {}).get(rank, rank)

    def card_path(self, card_code: str, deck_look: str = CLASSIC, letters: str | None = None) -> Path:
        """The SVG file of a card face in our notation (``8S``, ``10H``, ``X1``) in a deck look
        (``"classic"``, ``"four_color"``, ``"tournament"``, ``"german"``).

        ``letters`` picks the corner letters (``"de"``, ``"en"``; None: :meth:`card_letters`);
        the cards whose letter is the same in both come from the English set. German-suited faces
        have letters of their own in every language; a card they do not have (a 2, a joker) is the
        classic one.
        """
        if deck_look not in LOOK_FOLDERS:
            raise ValueError(f"deck look must be one of {', '.join(LOOK_FOLDERS)}, not {deck_look!r}")
        code = card_code.strip().upper()
        if deck_look == GERMAN_LOOK:
            if has_german_face(code):
                return self.cards_dir / LOOK_FOLDERS[GERMAN_LOOK] / f"{code}.svg"
            deck_look = CLASSIC
        if code.startswith("X"):
            if code not in _JOKER_ART:
                raise ValueError(f"not a joker we have art for: {card_code!r}")
            code = _JOKER_ART[code]
        letters = self.card_letters() if letters is None else letters
        folder = self.cards_dir
        if code[:-1] in CARD_LETTER_SETS.get(letters, ()):
            folder = folder / letters
        if LOOK_FOLDERS[deck_look]:
            folder = folder / LOOK_FOLDERS[deck_look]
        return folder / f"{code}.svg"

    def card(self, card_code: str, width: int, deck_look: str = CLASSIC) -> pygame.Surface:
        """A card face ``width`` pixels wide (height = width * 1.4), cached per file and size."""
        path = self.card_path(card_code, deck_look)
        return self._svg(path, int(width))

    def german_suit_sign_path(self, suit: str) -> Path:
        """The SVG of a German suit's sign alone (``"C"``: the acorn), for the UI's suit icons."""
        if suit not in ("C", "D", "H", "S"):
            raise ValueError(f"not a suit: {suit!r}")
        return self.cards_dir / LOOK_FOLDERS[GERMAN_LOOK] / f"sign_{suit}.svg"

    def back(self, style: str, width: int) -> pygame.Surface:
        """A card back (``blue`` or ``red``) ``width`` pixels wide."""
        if style not in CARD_BACK_STYLES:
            raise ValueError(f"card back must be one of {', '.join(CARD_BACK_STYLES)}, not {style!r}")
        return self._svg(self.cards_dir / f"back_{style}.svg", int(width))

    def _svg(self, path: Path, width: int) -> pygame.Surface:
        key = (path, width)
        surface = self._surfaces.get(key)
        if surface is None:
            if width < 1:
                raise ValueError(f"a card must be at least 1 pixel wide, not {width}")
            if not path.is_file():
                raise AssetMissing(f"card art {path} is missing (generate it with `make assets`)")
            surface = pygame.image.load_sized_svg(str(path), (width, card_height(width)))
            if pygame.display.get_surface() is not None:
                surface = surface.convert_alpha()
            self._surfaces.put(key, surface)
        return surface

    # ----- fonts, icon, sounds ---------------------------------------------------

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """Noto Sans at ``size`` pixels (the font the widgets use too)."""
        key = (int(size), bool(bold))
        font = self._fonts.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            font = pygame.font.Font(str(gui_font_path(bold)), key[0])
            self._fonts.put(key, font)
        return font

    def icon(self) -> pygame.Surface:
        """The window icon."""
        if not self.icon_path.is_file():
            raise AssetMissing(f"the icon {self.icon_path} is missing (generate it with `make assets`)")
        return pygame.image.load(str(self.icon_path))

    def sound_path(self, name: str) -> Path:
        """The WAV file of a sound effect (``deal``, ``play``, ``draw``…)."""
        if name not in SOUND_NAMES:
            raise ValueError(f"no sound effect called {name!r}; known: {', '.join(SOUND_NAMES)}")
        return self.sounds_dir / f"{name}.wav"

    def missing_files(self) -> list[Path]:
        """Every file the game expects that is not there (for tests and the build check)."""
        from game.rules import RANKS, SUITS

        expected = [self.icon_path]
        expected += [self.cards_dir / f"back_{style}.svg" for style in CARD_BACK_STYLES]
        for joker in ("X1", "X2"):
            expected += [self.card_path(joker, look) for look in LOOK_FOLDERS]
        for rank in RANKS:
            for suit in SUITS:
                for letters in (ENGLISH_LETTERS, *CARD_LETTER_SETS):
                    expected += [self.card_path(f"{rank}{suit}", look, letters) for look in LOOK_FOLDERS]
        expected += [self.german_suit_sign_path(suit) for suit in SUITS]
        expected = list(dict.fromkeys(expected))
        expected += [self.sound_path(name) for name in SOUND_NAMES]
        return [path for path in expected if not path.is_file()]
