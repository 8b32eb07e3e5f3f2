"""The computer-opponent targets from the issue, measured with the arena (see docs/ai.md).

Usage: python bench/arena_targets.py [--games N] [--jobs 2] [--budget-ms 250] [--only NAME]
Prints one line per target and ends with one JSON line of all figures.
Each target is the same as an arena command, e.g.
  python -m game.ai.arena --rules crazy_eights --players 2 --bots hard,medium --games N --seed 1 --jobs 2
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.arena import format_table, run  # noqa: E402
from game.rules import preset  # noqa: E402

# name: (preset, players, bots, the win rate the first bot must reach)
TARGETS = {
    "medium_vs_easy_c8_2p": ("crazy_eights", 2, ["medium", "easy"], 0.70),
    "hard_vs_medium_c8_2p": ("crazy_eights", 2, ["hard", "medium"], 0.60),
    "hard_vs_medium_switch_2p": ("switch", 2, ["hard", "medium"], 0.60),
    "hard_vs_3_medium_c8_4p": ("crazy_eights", 4, ["hard", "medium", "medium", "medium"], 0.35),
    # Mau-Mau (issue 23): the same ladder on the 32-card game.
    "medium_vs_easy_maumau_2p": ("mau_mau", 2, ["medium", "easy"], 0.60),
    "hard_vs_medium_maumau_2p": ("mau_mau", 2, ["hard", "medium"], 0.55),
    "hard_vs_3_medium_maumau_4p": ("mau_mau", 4, ["hard", "medium", "medium", "medium"], 0.30),
}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--budget-ms", type=int, default=250)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", default="", help="run only the targets whose name contains this")
    args = parser.parse_args(argv)
    figures = {}
    for name, (preset_id, players, bots, target) in TARGETS.items():
        if args.only not in name:
            continue
        games = args.games * 10 if "hard" not in bots else args.games
        summary = run(preset(preset_id, players), bots, games, args.seed, args.jobs, args.budget_ms)
        first = summary["bots"][0]
        verdict = "met" if first["ci95"][0] >= target else ("likely" if first["win_rate"] >= target else "NOT met")
        print(f"== {name}: {first['seat_bot']} wins {first['win_rate']:.3f} {first['ci95']} "
              f"(target {target:.2f}: {verdict})")
        print(format_table(summary), flush=True)
        figures[name] = summary
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    multiprocessing.freeze_support()
    sys.exit(main())
