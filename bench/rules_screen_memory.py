"""Memory the Rules screen costs: RSS growth over opening it ``--opens`` times (dummy video driver).

Each round opens the Rules screen on the next preset, draws a few frames, scrolls to the end and
back (so every line has been in view once), and closes it. Measured: resident memory (RSS, from
/proc/self/statm) before the first open, after the last close, and the highest seen on the way.

Usage:
  python bench/rules_screen_memory.py [--opens 20] [--size 1700x1000]
Ends with one JSON line: rss_before_mb, rss_peak_growth_mb, rss_end_growth_mb.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def rss_mb() -> float:
    """Resident memory now, in MB."""
    with open("/proc/self/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2 ** 20


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opens", type=int, default=20)
    parser.add_argument("--size", default="1700x1000")
    args = parser.parse_args()
    size = tuple(int(part) for part in args.size.split("x"))
    with tempfile.TemporaryDirectory(prefix="rules-memory-") as home:
        os.environ["CRAZY_EIGHTS_HOME"] = home
        import pygame

        from game.rules import PRESETS
        from game.store import UserFolders
        from game.ui.app import App
        from game.ui.scenes.rules import RulesScene

        app = App(size=size, folders=UserFolders.default(), headless=True, fullscreen=False)
        app.running = True
        app.main_menu()
        for _ in range(10):
            app.step(1 / 60)
        before = peak = rss_mb()
        presets = list(PRESETS)
        for round_ in range(args.opens):
            app.push(RulesScene(app, preset_id=presets[round_ % len(presets)]))
            for key in (None, pygame.K_END, pygame.K_HOME):
                if key is not None:
                    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
                for _ in range(3):
                    app.step(1 / 60)
                peak = max(peak, rss_mb())
            app.pop()
            app.step(1 / 60)
            peak = max(peak, rss_mb())
        end = rss_mb()
    print(f"Rules screen opened {args.opens} times at {size[0]}x{size[1]}: RSS {before:.1f} MB before, "
          f"peak +{peak - before:.1f} MB, +{end - before:.1f} MB after the last close")
    print(json.dumps({"opens": args.opens, "size": args.size, "rss_before_mb": round(before, 1),
                      "rss_peak_growth_mb": round(peak - before, 1), "rss_end_growth_mb": round(end - before, 1)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
