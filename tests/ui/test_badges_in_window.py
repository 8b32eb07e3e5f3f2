"""Every badge of every seat stays inside the window, off the other seats' name plates (their avatars), at
2 to 7 players, 960x600 and 1280x720, in every language: the played card, the word badges, and the words
that rise from a seat ("Skipped" of the seat at the top rose half out of the window)."""
from __future__ import annotations

import pygame
import pytest

from game.session.view import LastAction
from game.ui import i18n
from game.ui.table.badges import badge_anchor, badge_rect, badge_words, flash_rect, flash_size, pill_size
from game.ui.table.layout import compute_layout
from game.ui.table.sprites import TextCache

SIZES = ((960, 600), (1280, 720))
LANGUAGES = ("en", "de", "el", "nb")


def rising_words() -> list[str]:
    """Every word a seat's flash can say, in the current language (as effects.py says them)."""
    return [i18n._("Skipped"), i18n._("Mau!"), i18n._("Last card!"), i18n._("Forgot “Mau”!"),
            i18n._("Forgot to call!"), i18n._("Again!"), i18n._("Pass"), i18n._("Stop!"),
            i18n.ngettext("+{count} card", "+{count} cards", 12).format(count=12)]


@pytest.fixture
def text(app):
    return TextCache(lambda px, bold=False: app.assets.font(px, bold))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("players", range(2, 8))
@pytest.mark.parametrize("has_human", (True, False), ids=("person", "spectator"))
def test_every_badge_of_every_seat_is_inside_the_window(text, players, size, has_human):
    lay = compute_layout(size, players, 0, has_human)
    window = pygame.Rect((0, 0), size)
    try:
        for language in LANGUAGES:
            i18n.set_language(language)
            for seat, spot in lay.seats.items():
                others = [other.plate for other in lay.seats.values() if other is not spot]
                where = f"seat {seat} of {players} at {size[0]}x{size[1]} in {language}"
                card = pygame.Rect(0, 0, lay.small_w + 8, int(lay.small_w * 1.5))   # tilted, with its suit disc
                card.center = badge_anchor(lay, seat)
                assert window.contains(card), f"the played card badge of {where}: {card}"
                for action in (LastAction("penalty", count=4), LastAction("draw", count=12), LastAction("skipped"),
                               LastAction("pass")):
                    words, _rim = badge_words(action)
                    rect = badge_rect(lay, seat, pill_size(lay, words, text))
                    assert window.contains(rect), f"{words!r} of {where}: {rect}"
                    assert rect.collidelist([spot.plate, *others]) < 0, f"{words!r} of {where} covers a plate"
                for words in rising_words():
                    for fraction in (1.0, 0.5, 0.0):   # as the words rise and fade
                        rect = flash_rect(lay, seat, flash_size(lay, seat, words, text), fraction)
                        assert window.contains(rect), f"rising {words!r} of {where} leaves the window: {rect}"
                        assert rect.collidelist(others) < 0, f"rising {words!r} of {where} covers another plate"
    finally:
        i18n.set_language("en")


def test_the_top_seats_skipped_words_used_to_rise_out_of_the_window(text):
    """The report, measured: at four players the seat across the top has less room above its cards than the
    words rise; they stop at the window's edge."""
    lay = compute_layout((1280, 720), 4, 0, True)
    top = min(lay.seats, key=lambda seat: lay.seats[seat].center[1])
    size = flash_size(lay, top, "Skipped", text)
    spot = lay.seats[top]
    unclamped_top = int(spot.center[1]) - int(spot.plate.h * 0.5) - size[1]
    assert unclamped_top < 0, "the seat at the top is as close to the edge as reported"
    assert flash_rect(lay, top, size, 0.0).top >= 0
