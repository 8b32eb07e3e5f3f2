"""Memory the big drawings take: no window-sized layers made for a moment, and a resized window keeps
only the images of its new size.

The moment's cost is read from the kernel's high-water mark of this process (reset through
/proc/self/clear_refs before each drawing); where the system has no such thing, those tests skip.
"""
from __future__ import annotations

import random

import pygame
import pytest

from game.ui import surface_cache
from game.ui.look import paint, shapes
from game.ui.surface_cache import MB

FRAME = 1 / 60
FULL_HD = (1920, 1080)


def _status_kib(field: str) -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise OSError(f"no {field} in /proc/self/status")


def peak_growth(draw) -> float:
    """How far above what it held before the process's memory went while ``draw()`` ran, in bytes."""
    try:
        before = _status_kib("VmRSS")
        with open("/proc/self/clear_refs", "w", encoding="ascii") as clear:
            clear.write("5")   # the high-water mark starts again from what is held now
    except OSError:
        pytest.skip("this system does not let a process reset its memory high-water mark")
    draw()
    return (_status_kib("VmHWM") - before) * 1024


@pytest.fixture
def window():
    pygame.display.init()
    yield pygame.display.set_mode(FULL_HD)


def test_the_menu_felt_is_painted_without_window_sized_layers(window):
    image_bytes = FULL_HD[0] * FULL_HD[1] * 4     # 7.9 MiB: the backdrop itself
    # Its layers (felt, fibres, wood, the rail's shadow) were each the size of the window: 31 MB at once.
    assert peak_growth(lambda: paint.backdrop.__wrapped__(FULL_HD)) < image_bytes + 6 * MB
    assert peak_growth(lambda: shapes.felt_background.__wrapped__(FULL_HD)) < image_bytes + 8 * MB


def test_a_panel_the_size_of_the_window_is_supersampled_a_band_at_a_time(window):
    size = (1600, 950)
    panel_bytes = size[0] * size[1] * 4            # 5.8 MiB
    # Drawn twice as big in one piece, with its gloss: three images four times its size (87 MB).
    assert peak_growth(lambda: shapes.rounded_panel.__wrapped__(size, 16, (40, 30, 20, 250), (200, 160, 60, 255),
                                                                 2, True)) < panel_bytes + 10 * MB
    assert peak_growth(lambda: paint.painted_frame.__wrapped__(size, "wood", 1.5)) < 2 * panel_bytes + 6 * MB


def test_dimming_the_screen_makes_no_shade_the_size_of_the_window(window):
    window.fill((120, 160, 200))
    assert peak_growth(lambda: paint.dim(window, 150)) < 2 * MB
    assert window.get_at((FULL_HD[0] - 1, FULL_HD[1] - 1))[:3] != (120, 160, 200), "the last row is dimmed too"


def test_a_banded_panel_is_the_panel_drawn_in_one_piece():
    # Halving averages each 2x2 block: a band of rows comes out as that part of the whole.
    whole = shapes.rounded_panel.__wrapped__((90, 3 * shapes.BAND_ROWS + 7), 12, (40, 30, 20, 250),
                                             (200, 160, 60, 255), 2, True)
    assert whole.get_at((45, 0)).a > 0 and whole.get_at((0, 0)).a < whole.get_at((45, 0)).a, "rounded corners"
    rows = [tuple(whole.get_at((45, y))) for y in range(whole.get_height())]
    band_edges = [shapes.BAND_ROWS * k for k in (1, 2, 3)]
    for y in band_edges:   # the gloss fades smoothly across band edges: no seam
        assert abs(rows[y][0] - rows[y - 1][0]) <= 2, (y, rows[y - 1], rows[y])


def test_a_resized_table_keeps_only_the_images_of_its_new_size(app):
    from game.rules import Match, preset
    from game.session import default_table
    from game.ui.sessions import session_for

    table = app.go("table", session_for(app, Match(preset("crazy_eights", 4), 3), default_table("You", 4)),
                   how="clear")
    for _ in range(30):
        app.step(FRAME)
    first_size, first_bytes = app.size, surface_cache.total_bytes()
    rng = random.Random(19)
    for turn in range(12):
        app.resize((rng.randint(960, 1700), rng.randint(600, 1000)))
        for _ in range(4):
            app.step(FRAME)
        if turn % 4 == 3:   # the menus paint their own felt and frames at this size
            app.go("settings")
            app.step(FRAME)
            app.pop()
            app.step(FRAME)
        felt_sizes = {key[0] for key in shapes.felt_background.cache.keys()}
        assert felt_sizes <= {app.size}, f"felt of other sizes kept: {felt_sizes} at {app.size}"
        widths = {key[1] for key in table.images.base.keys()}
        layout = table.board.layout
        drawn_now = {layout.card_w, layout.small_w} | {spot.card_w for spot in layout.seats.values()}
        assert widths <= drawn_now, f"card faces of other widths kept: {widths - drawn_now} ({drawn_now} now)"
    app.resize(first_size)
    for _ in range(30):
        app.step(FRAME)
    # Back at the first size, the caches hold what that size needs, not what twelve sizes drew.
    assert surface_cache.total_bytes() <= first_bytes + 6 * MB, sorted(
        surface_cache.caches(), key=lambda cache: -cache.bytes)[:5]
