"""Hard's search speed: iterations per second on fixed positions, one process, no clock budget.

The arena's ``playouts_per_s`` is measured while two games share the machine; this measures
the search alone. Positions come from Medium playing itself (the same ones every run); Hard
searches each with a fixed number of iterations, several rounds, and the best round counts.

Usage:
  python bench/search_speed.py [--presets crazy_eights:4,crazy_eights:2,switch:2]
      [--positions 40] [--iterations 400] [--rounds 3]
Ends with one JSON line.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.hard import HardBot  # noqa: E402
from game.ai.medium import MediumBot  # noqa: E402
from game.rules import PRESETS, HandState, preset, view_of  # noqa: E402


def positions(preset_id: str, players: int, count: int) -> list:
    """Views of seat 0 with a choice to make, from Medium playing every seat."""
    rules = preset(preset_id, players)
    medium = MediumBot()
    rng = random.Random(5)
    found = []
    deal = 0
    while len(found) < count:
        state, _ = HandState.deal(rules, random.Random(deal), dealer=deal % players)
        deal += 1
        while not state.over:
            view = view_of(state, state.current)
            if state.current == 0 and len(view.legal_actions) > 1 and len(found) < count:
                found.append(view)
            state.apply(medium.choose_action(view, rng))
    return found


def search_round(views, iterations: int) -> tuple[int, float]:
    bot = HardBot(iterations=iterations)
    started = time.perf_counter()
    done = sum(bot.search(view, random.Random(1)).iterations for view in views)
    return done, time.perf_counter() - started


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presets", default="crazy_eights:4,crazy_eights:2,switch:2")
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--iterations", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    targets = []
    for item in args.presets.split(","):
        preset_id, _, players = item.partition(":")
        if preset_id not in PRESETS or not players.isdigit():
            parser.error(f"bad preset {item!r}: use PRESET:PLAYERS with PRESET one of {', '.join(PRESETS)}")
        targets.append((preset_id, int(players)))
    if min(args.positions, args.iterations, args.rounds) < 1:
        parser.error("--positions, --iterations and --rounds must be at least 1")

    figures = {}
    for preset_id, players in targets:
        views = positions(preset_id, players, args.positions)
        best = 0.0
        for _ in range(args.rounds):
            done, seconds = search_round(views, args.iterations)
            best = max(best, done / seconds)
        key = f"{preset_id}/{players}p"
        figures[key] = {"iterations_per_s": round(best)}
        print(f"{key:<22} {best:>8,.0f} iterations/s", flush=True)
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
