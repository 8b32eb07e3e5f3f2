"""Where the game's memory goes: resident memory after each step of a scripted visit (dummy video driver).

Steps: the interpreter with pygame and pygame_gui imported; every game module the menus and the table
import; the App (window, theme, fonts); the main menu drawn; each menu screen opened; a 4-player table;
that table resized through ``--resizes`` window sizes (960x600 to 1700x1000); a finished hand with its
result, the hand review and the match analysis worked out; a replay; the main menu again.

For each step it prints the most the process held during it (the kernel's high-water mark, reset after
each step: what a drawing or a screen takes for a moment), then the resident memory (RSS) after it and
its parts from /proc/self/smaps_rollup: anonymous (the heap: Python objects, pixels of pygame surfaces, pygame_gui, SDL, fonts) and file-backed (the code
of Python, SDL and the libraries mapped in). Beside them: what the game's image caches hold
(``surface_cache.total_bytes``; pygame surfaces are invisible to tracemalloc), pygame_gui's own shape
caches, the window's surface, the worker processes' memory (they are separate processes: the monkey's
``max_rss_mb`` does not count them), and with ``--tracemalloc`` the Python objects (tracemalloc costs
memory of its own, so the RSS column is higher with it).

``python bench/memory_breakdown.py [--resizes 12] [--tracemalloc]`` ends with one JSON line:
{"steps": {name: {"peak_mb", "rss_mb", "anon_mb", "file_mb", "caches_mb", "gui_mb", "children_mb", ...}}, "peak_mb": ...}
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MB = 2 ** 20

#: Window sizes the table goes through: the monkey's range (900..1700 x 560..1000), smallest to largest.
SIZES = [(960, 600), (1700, 1000), (1280, 720), (1024, 640), (1600, 900), (1366, 768), (1440, 900),
         (1100, 700), (1680, 1000), (1200, 800), (1536, 864), (1000, 1000), (1700, 600), (900, 1000)]


def smaps_mb() -> dict[str, float]:
    """This process's resident memory and its parts (anonymous, file-backed), in MB; {} off Linux."""
    fields: dict[str, float] = {}
    try:
        with open("/proc/self/smaps_rollup", encoding="ascii") as rollup:
            for line in rollup:
                parts = line.split()
                if len(parts) == 3 and parts[2] == "kB":
                    fields[parts[0].rstrip(":")] = int(parts[1]) / 1024
    except OSError:
        return {}
    return fields


def step_peak_mb() -> float | None:
    """The most this process held since the last call (the kernel's high-water mark, then reset), in MB;
    None where the system does not keep one that a process may reset."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
        with open("/proc/self/clear_refs", "w", encoding="ascii") as clear:
            clear.write("5")
    except (OSError, StopIteration, ValueError):
        return None
    return peak / 1024


def children_mb() -> float:
    """Resident memory of this process's child processes (the worker processes), in MB."""
    total = 0.0
    try:
        tasks = os.listdir(f"/proc/{os.getpid()}/task")
    except OSError:
        return 0.0
    for task in tasks:
        try:
            with open(f"/proc/{os.getpid()}/task/{task}/children", encoding="ascii") as children:
                pids = children.read().split()
        except OSError:
            continue
        for pid in pids:
            try:
                with open(f"/proc/{pid}/statm", encoding="ascii") as statm:
                    total += int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / MB
            except (OSError, ValueError, IndexError):
                pass
    return total


def gui_cache_mb(app) -> float:
    """What pygame_gui's shape caches hold (its atlas pages and the copies waiting to be filed), in MB."""
    from game.ui.surface_cache import weight

    try:
        shapes = app.ui_manager.get_theme().shape_cache
    except AttributeError:
        return 0.0
    held = sum(weight(page["surface"]) for page in shapes.cache_surfaces)
    held += sum(weight(item["surface"]) for item in shapes.cache_short_term_lookup.values())
    return held / MB


class Recorder:
    """Measures each step and prints a line for it."""

    def __init__(self, traced: bool):
        self.traced = traced
        self.app = None
        self.steps: dict[str, dict[str, float]] = {}
        self.peak = 0.0
        step_peak_mb()
        print(f"{'step':34s} {'peak':>7s} {'RSS':>7s} {'anon':>7s} {'file':>6s} {'caches':>7s} {'gui':>5s} {'window':>6s} "
              f"{'python':>7s} {'workers':>8s}   (MB)")

    def __call__(self, name: str) -> None:
        peak = step_peak_mb()
        fields = smaps_mb()
        row = {"rss_mb": fields.get("Rss", 0.0), "anon_mb": fields.get("Anonymous", 0.0)}
        if peak is not None:
            row["peak_mb"] = peak
        row["file_mb"] = row["rss_mb"] - row["anon_mb"]
        row["children_mb"] = children_mb()
        if self.app is not None:
            from game.ui.surface_cache import total_bound, total_bytes

            row["caches_mb"] = total_bytes() / MB
            row["caches_bound_mb"] = total_bound() / MB
            row["gui_mb"] = gui_cache_mb(self.app)
            width, height = self.app.size
            row["window_mb"] = width * height * 4 / MB
        if self.traced:
            import tracemalloc

            row["python_mb"] = tracemalloc.get_traced_memory()[0] / MB
        self.peak = max(self.peak, row["rss_mb"], row.get("peak_mb", 0.0))
        self.steps[name] = {key: round(value, 1) for key, value in row.items()}

        def cell(key, width):
            return f"{row[key]:{width}.1f}" if key in row else " " * (width - 1) + "-"

        print(f"{name:34s} {cell('peak_mb', 7)} {cell('rss_mb', 7)} {cell('anon_mb', 7)} {cell('file_mb', 6)} {cell('caches_mb', 7)} "
              f"{cell('gui_mb', 5)} {cell('window_mb', 6)} {cell('python_mb', 7)} {cell('children_mb', 8)}",
              flush=True)


def settle(app, frames: int = 6) -> None:
    for _ in range(frames):
        app.step(1 / 60)


def finished_table(app, players: int = 4, seed: int = 10):
    """A table whose single-hand match has been played out by Medium players."""
    from game.ai import MediumBot
    from game.rules import Match, preset
    from game.session import default_table
    from game.ui.sessions import session_for

    rules = preset("crazy_eights", players).replace(match_end="single_hand")
    table = app.go("table", session_for(app, Match(rules, seed), default_table("You", players, "medium")),
                   how="clear")
    settle(app, 2)
    bot, rng = MediumBot(), random.Random(3)
    match = table.session.match
    while not match.hand.over:
        table.session.apply(bot.choose(match.view(match.current_seat), rng))
    table.resync(animate=False)
    settle(app, 4)
    return table


def wait_for(app, done, seconds: float) -> bool:
    """Frames until ``done()`` or ``seconds`` have passed; whether it was done."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if done():
            return True
        app.step(1 / 60)
        time.sleep(0.01)
    return done()


def run(args) -> dict:
    record = Recorder(args.tracemalloc)
    if args.tracemalloc:
        import tracemalloc

        tracemalloc.start()
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["CRAZY_EIGHTS_HOME"] = tempfile.mkdtemp(prefix="crazy-eights-memory-")
    record("interpreter")
    import pygame  # noqa: F401
    import pygame_gui  # noqa: F401
    record("pygame + pygame_gui imported")
    import game.ai  # noqa: F401
    import game.session  # noqa: F401
    import game.ui.app  # noqa: F401
    import game.ui.table.scene  # noqa: F401
    record("game modules imported")

    import dataclasses

    from game.rules import Match, preset
    from game.session import default_table
    from game.store import UserFolders
    from game.ui.app import App
    from game.ui.sessions import session_for

    app = App(size=(1280, 720), folders=UserFolders.default(), headless=True, fullscreen=False)
    app.settings = dataclasses.replace(app.settings, animation_speed="fast", computer_speed="fast")
    app.running = True
    record.app = app
    record("App (window, theme, fonts)")
    app.main_menu()
    settle(app)
    record("main menu drawn")
    for name in ("new_game", "settings", "rules", "statistics"):
        app.main_menu()
        app.go(name)
        settle(app)
        record(f"{name} open")
    app.main_menu()
    settle(app)
    record("main menu again")

    table = app.go("table", session_for(app, Match(preset("crazy_eights", 4), 7), default_table("You", 4, "medium")),
                   how="clear")
    settle(app, 30)
    record("4-player table, 1280x720")
    for size in SIZES[:args.resizes]:
        app.resize(size)
        settle(app, 4)
    record(f"after {args.resizes} resizes")
    app.resize((1700, 1000))
    settle(app, 4)
    record("table at 1700x1000")
    app.resize((1280, 720))
    settle(app, 4)

    table = finished_table(app)
    app.go("hand_result", table)
    settle(app, 20)
    record("hand over, result shown")
    app.scenes.top.open_review()
    wait_for(app, lambda: getattr(app.scenes.top, "review", None) is not None, args.wait)
    settle(app, 20)
    record("hand review worked out")
    app.pop()
    settle(app)
    from game.session.match_review import AnalysisSource

    analysis = app.go("match_analysis", AnalysisSource.of_session(table.session))
    wait_for(app, lambda: analysis.analysis is not None or bool(analysis.problem), args.wait)
    settle(app, 20)
    record("match analysis open")
    app.main_menu()
    settle(app)
    record("main menu after the table")

    from game.ui.replay.opening import open_replay

    saved = finished_table(app).session.saved_game()
    app.main_menu()
    app.go("statistics")
    open_replay(app, saved, "")
    settle(app, 60)
    record("replay viewer")
    app.main_menu()
    settle(app, 10)
    record("main menu at the end")
    gc.collect()
    return {"steps": record.steps, "peak_mb": round(record.peak, 1)}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--resizes", type=int, default=12, help="window sizes the table is laid out for")
    parser.add_argument("--wait", type=float, default=120.0, help="seconds to wait for the review and analysis")
    parser.add_argument("--tracemalloc", action="store_true", help="also trace the Python objects (slower, more memory)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    result = run(args)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
