"""The image caches are bounded by the bytes they hold: real surfaces go, least recently used first,
and a window resized through many sizes and languages keeps every cache within its bound."""
from __future__ import annotations

import dataclasses
import random

import pygame
import pytest

from game.ui import surface_cache
from game.ui.surface_cache import MB, SurfaceCache, cached, weight

FRAME = 1 / 60


def square(side: int, colour=(200, 30, 30, 255)) -> pygame.Surface:
    surface = pygame.Surface((side, side), pygame.SRCALPHA)
    surface.fill(colour)
    return surface


def test_a_surface_weighs_its_pixels_and_a_font_grows_with_its_size():
    pygame.font.init()
    assert weight(square(256)) == 256 * 256 * 4
    assert weight(pygame.Surface((100, 10), depth=8)) == 1000
    assert weight((square(10), [square(20)], 7)) == 10 * 10 * 4 + 20 * 20 * 4
    assert weight(pygame.font.Font(None, 60)) > weight(pygame.font.Font(None, 12)) > 0


def test_real_surfaces_are_evicted_least_recently_used_first_once_the_bytes_pass_the_bound():
    cache = SurfaceCache("test", 1 * MB)          # room for three 256x256 images (256 KiB each), not four
    for name in "abc":
        cache.put(name, square(256))
    assert set(cache) == {"a", "b", "c"} and cache.bytes <= cache.max_bytes
    assert cache.get("a") is not None              # "a" is now the most recently used
    cache.put("d", square(256))
    assert set(cache) == {"a", "c", "d"}, "the least recently used image went"
    assert cache.get("b") is None
    cache.put("big", square(400))                  # 625 KiB: two smaller ones must go for it
    assert cache.bytes <= cache.max_bytes
    assert "big" in cache and len(cache) <= 2
    kept = sum(weight(cache.get(key)) for key in cache)
    assert cache.bytes == kept + len(cache) * surface_cache.ENTRY_OVERHEAD


def test_the_newest_image_stays_even_alone_past_the_bound():
    cache = SurfaceCache("test", 1 * MB)
    cache.put("small", square(64))
    huge = square(1024)                            # 4 MiB: a full-screen felt on a big display
    assert cache.put("huge", huge) is huge
    assert list(cache) == ["huge"], "drawn every frame, so kept; everything older went"
    cache.put("next", square(64))
    assert list(cache) == ["next"], "and it goes as soon as something newer comes"


def test_a_cached_function_draws_once_per_key_and_forgets_beyond_its_bytes():
    drawn = []

    @cached(1 * MB)
    def tile(side: int, colour: tuple) -> pygame.Surface:
        drawn.append(side)
        return square(side, colour)

    first = tile(256, (1, 2, 3, 255))
    assert tile(256, (1, 2, 3, 255)) is first and drawn == [256]
    for side in (250, 251, 252, 253):
        tile(side, (1, 2, 3, 255))
    assert tile.cache.bytes <= 1 * MB
    assert tile(256, (1, 2, 3, 255)) is not first, "evicted, so drawn again"
    assert drawn == [256, 250, 251, 252, 253, 256]
    tile.cache_clear()
    assert len(tile.cache) == 0 and tile.cache.bytes == 0


def within_bounds() -> None:
    for cache in surface_cache.caches():
        assert cache.bytes <= cache.max_bytes, cache
    assert surface_cache.total_bytes() <= surface_cache.total_bound()


def test_many_window_sizes_and_languages_keep_every_cache_within_its_bytes(app):
    from game.rules import Match, preset
    from game.session import default_table
    from game.ui.sessions import session_for

    rng = random.Random(19)
    table = app.go("table", session_for(app, Match(preset("crazy_eights", 4), 3), default_table("You", 4)),
                   how="clear")
    for _ in range(30):
        app.step(FRAME)
    for turn in range(36):
        app.resize((rng.randint(960, 1700), rng.randint(600, 1000)))
        for _ in range(4):
            app.step(FRAME)
        if turn % 9 == 8:   # a new language draws every word (and the German faces) afresh
            language = ("de", "el", "nb", "en")[turn // 9]
            app.save_settings(dataclasses.replace(app.settings, language=language))
            app.step(FRAME)
        if turn % 6 == 5:   # the menus paint their own felt and frames at this size
            app.go("settings")
            app.step(FRAME)
            app.pop()
            app.step(FRAME)
        within_bounds()
    images = table.images
    assert images.base.bytes > 0, "the table drew its cards from the caches"
    # Everything the caches hold at once stays far below what the monkey drove the game to (840 MB).
    assert surface_cache.total_bytes() <= 160 * MB, sorted(surface_cache.caches(), key=lambda c: -c.bytes)[:5]


def test_a_closed_table_lets_go_of_its_images_at_once(app):
    from game.rules import Match, preset
    from game.session import default_table
    from game.ui.sessions import session_for

    table = app.go("table", session_for(app, Match(preset("crazy_eights", 4), 3), default_table("You", 4)),
                   how="clear")
    for _ in range(30):
        app.step(FRAME)
    assert table.images.base.bytes > 0 and table.text.cache.bytes > 0
    app.go("pause", table)                 # covered, not closed: it keeps them
    app.step(FRAME)
    assert table.images.base.bytes > 0
    app.main_menu()
    app.step(FRAME)
    assert table.images.base.bytes == 0 and table.images.rotated.bytes == 0 and table.text.cache.bytes == 0


@pytest.mark.parametrize("bad", [0, -1])
def test_a_cache_needs_room(bad):
    with pytest.raises(ValueError):
        SurfaceCache("test", bad)
