"""safe_text: any string at all comes out as one short line that pygame's fonts and pygame_gui's labels
draw, checked over arbitrary text (surrogates, controls, marks included) with the real fonts and a real
themed label on the dummy driver."""
from __future__ import annotations

import json
import unicodedata

import pygame
import pygame_gui
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ui.assets import gui_font_path, package_file
from game.ui.safe_text import ELLIPSIS, PLACEHOLDER, REPLACEMENT, safe_text

#: Every code point, lone surrogates and unassigned ones included.
ANY_CHARACTER = st.characters(min_codepoint=0, max_codepoint=0x10FFFF, exclude_categories=())
ANY_TEXT = st.text(ANY_CHARACTER, max_size=200)
#: Text made mostly of what goes wrong: controls, format characters, marks, fillers, surrogates, spaces.
NASTY = st.sampled_from(["\x00", "\x07", "\t", "\n", "\r", "\x7f", "\x85", "\u00ad", "\u0301", "\u0308",
                         "\u034f", "\u115f", "\u200b", "\u200c", "\u200d", "\u200e", "\u2028", "\u202e",
                         "\u2066", "\u3164", "\ufe0f", "\ufeff", "\ufffe", "\udcff", "\udcfe", "\ud800",
                         "\U000e0001", "\U000e0041", " ", "\u3000", "\u20dd", "a", "Ж"])
NASTY_TEXT = st.text(NASTY, max_size=40)

KNOWN_BAD = ["", "\x00", "\u200b", "\u202e", "\u200b\u202e\ufeff", "\udcff\udcfe.json", "\u0301", " \u0301 ",
             "\ufe0f", "\u3164", "\u115f\u1160", "\n\t\r", "\U000e0041\U000e0042", "a\x00b", "\u202eevil.json"]


def test_plain_names_come_through_unchanged():
    for name in ("Ada", "Bjørn Åsen", "Βασίλης", "Jürgen Groß", "Crazy Eights 2026-12-02 05:51", "名前"):
        assert safe_text(name) == name


def test_what_the_issue_found_comes_out_drawable():
    assert safe_text("Crazy\x00Eights") == "CrazyEights"
    assert safe_text("\u200b") == PLACEHOLDER
    assert safe_text("\u202eevil.json") == "evil.json"
    assert safe_text("\udcff\udcfe.json") == REPLACEMENT * 2 + ".json"
    assert safe_text("  two\n\nlines\there  ") == "two lines here"
    assert safe_text(b"\xff\xfe.json") == REPLACEMENT * 2 + ".json"
    assert safe_text("", placeholder="–") == "–"


def test_a_long_string_is_cut_with_an_ellipsis_and_a_huge_one_is_not_read_whole():
    assert safe_text("x" * 100, max_chars=10) == "x" * 9 + ELLIPSIS
    assert safe_text("word " * 200_000, max_chars=12) == "word word w" + ELLIPSIS
    assert safe_text("x\u0301\u0302\u0303\u0304\u0305") == "x\u0301\u0302\u0303"  # no tower of accents
    with pytest.raises(ValueError):
        safe_text("x", max_chars=0)


@settings(max_examples=400)
@given(text=st.one_of(ANY_TEXT, NASTY_TEXT), max_chars=st.integers(1, 80))
def test_any_text_becomes_one_short_encodable_visible_line(text, max_chars):
    shown = safe_text(text, max_chars=max_chars)
    assert 1 <= len(shown) <= max(max_chars, len(PLACEHOLDER))
    shown.encode("utf-8")  # no lone surrogate left: pygame encodes every string it draws
    assert not any(unicodedata.category(char) in ("Cc", "Cf", "Cs", "Zl", "Zp") for char in shown)
    assert shown == shown.strip() and "  " not in shown
    assert not unicodedata.combining(shown[0])
    assert safe_text(shown, max_chars=max_chars) == shown  # already safe text is left alone


@pytest.fixture(scope="module")
def themed_manager():
    """A pygame_gui manager with the game's own theme, and a label and a text box in it."""
    from game.ui.look.scale import scaled_theme

    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((640, 200))
    with open(package_file("theme.json"), encoding="utf-8") as theme_file:
        theme = scaled_theme(json.load(theme_file), 1.0)
    manager = pygame_gui.UIManager((640, 200), theme)
    label = pygame_gui.elements.UILabel(pygame.Rect(0, 0, 600, 40), "start", manager)
    cell = pygame_gui.elements.UILabel(pygame.Rect(0, 50, 600, 40), "start", manager,
                                       object_id=pygame_gui.core.ObjectID(class_id="@cell_first"))
    button = pygame_gui.elements.UIButton(pygame.Rect(0, 100, 600, 40), "start", manager)
    fonts = [pygame.font.Font(str(gui_font_path(bold)), size) for bold in (False, True) for size in (12, 19)]
    yield manager, (label, cell, button), fonts
    manager.clear_and_reset()


@settings(max_examples=250, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
          deadline=None)
@given(text=st.one_of(ANY_TEXT, NASTY_TEXT, st.sampled_from(KNOWN_BAD)))
def test_the_real_fonts_and_widgets_draw_whatever_safe_text_returns(themed_manager, text):
    manager, widgets, fonts = themed_manager
    shown = safe_text(text)
    for font in fonts:
        assert font.size(shown)[0] > 0
        assert font.render(shown, True, (255, 255, 255)).get_width() > 0
    for widget in widgets:
        widget.set_text(shown)
    manager.update(1 / 60)
    manager.draw_ui(pygame.display.get_surface())


def test_the_known_bad_strings_break_the_real_label_unless_made_safe(themed_manager):
    manager, (label, _cell, _button), _fonts = themed_manager
    for text in ("\u200b", "\udcff\udcfe.json", "a\x00b"):
        with pytest.raises((pygame.error, UnicodeError, ValueError)):
            label.set_text(text)
            manager.update(1 / 60)
        label.set_text(safe_text(text))
        manager.update(1 / 60)
