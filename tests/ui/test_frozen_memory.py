"""What a long load froze out of the collector's scans is collected again once its screens close."""
from __future__ import annotations

import gc
import time
import weakref

from game.ui.scenes.loading import LoadingScene, run_in_slices


class Knot:
    """Garbage only the cycle collector frees (as pygame_gui's widgets are)."""

    def __init__(self):
        self.me = self


def slow_steps(count: int = 4):
    for done in range(count):
        time.sleep(0.05)  # longer than a slice: the load takes frames of its own
        yield done + 1, count
    return "loaded"


def test_cycles_alive_during_a_long_load_are_freed_once_back_on_the_main_menu(app):
    gc.unfreeze()
    app.main_menu()
    app.step(1 / 60)
    knot = Knot()
    app.scenes.top.kept_for_the_test = knot   # alive while the menu is, as a screen's widgets are
    knot_ref = weakref.ref(knot)
    del knot
    finished = []
    run_in_slices(app, slow_steps(), "Loading", finished.append, lambda error: None)
    assert isinstance(app.scenes.top, LoadingScene)
    for _frame in range(50):
        if finished:
            break
        app.step(1 / 60)
    assert finished == ["loaded"]
    assert gc.get_freeze_count() > 0, "the long load froze what was alive"

    app.go("statistics", how="clear")   # the menu that held the knot closes
    app.main_menu()
    app.step(1 / 60)
    # Not in the frame that closed the screens (letting go of a long match takes that one's time) ...
    assert gc.get_freeze_count() > 0
    app.step(1 / 60)
    # ... but in the next.
    assert knot_ref() is None, "a cycle frozen by a load was freed after its screen closed"
    assert gc.get_freeze_count() == 0


def test_a_screen_opened_over_the_menu_in_the_same_frame_keeps_what_its_load_froze(app):
    # Import over a match: the table gives way to the menu and the imported match, just loaded (and frozen
    # out of the collector's scans), opens over it in the same frame. Scanning it all again would be one
    # long frame for nothing: it is alive.
    gc.unfreeze()
    app.main_menu()
    app.step(1 / 60)
    finished = []
    run_in_slices(app, slow_steps(), "Loading", finished.append, lambda error: None)
    for _frame in range(50):
        if finished:
            break
        app.step(1 / 60)
    assert finished == ["loaded"] and gc.get_freeze_count() > 0
    app.main_menu()
    app.go("statistics")
    app.step(1 / 60)
    app.step(1 / 60)
    assert gc.get_freeze_count() > 0
    app.main_menu()   # back on the menu alone: scanned again
    app.step(1 / 60)
    app.step(1 / 60)
    assert gc.get_freeze_count() == 0
