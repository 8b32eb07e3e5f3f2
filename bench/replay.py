"""Replay speed and memory for long matches: building the frames, and stepping through them.

    PYTHONPATH=$PWD .venv/bin/python bench/replay.py [--matches 5]

Plays long matches with random legal moves (Crazy Eights, 4 players, first to 500 points: hundreds
of moves), then for each: ``Replay.of`` (the record replayed with an observer, a frame per step),
the memory a build takes at its peak (tracemalloc, on a second build), one ``frame_view`` per step (what the screen
reads when it shows a step), and a walk forward and back over every frame. The last line is JSON.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.rules import Match, play_randomly, preset  # noqa: E402
from game.session.replay import Replay, frame_view  # noqa: E402
from game.store.saved_game import SavedGame, SavedSeat  # noqa: E402

SEATS = tuple(SavedSeat(name, kind) for name, kind in (("You", "human"), ("Ada", "easy"), ("Bruno", "medium"),
                                                       ("Chloé", "hard")))


def long_match(seed: int) -> Match:
    rules = preset("crazy_eights", 4).replace(match_end="target_loses", target=500)
    return play_randomly(Match(rules, seed), random.Random(seed))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=5)
    args = parser.parse_args(argv)
    rows = []
    for seed in range(1, args.matches + 1):
        saved = SavedGame(long_match(seed).to_record(), SEATS)
        start = time.perf_counter()
        replay = Replay.of(saved)
        build_s = time.perf_counter() - start
        tracemalloc.start()  # a second build, for its memory (tracemalloc slows it down)
        Replay.of(saved)
        _current, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        start = time.perf_counter()
        for index in range(len(replay)):
            frame_view(replay, 0, index)
        view_ms = (time.perf_counter() - start) * 1000 / len(replay)
        start = time.perf_counter()
        while not replay.at_end:
            replay.step()
        while replay.index:
            replay.step(-1)
        walk_us = (time.perf_counter() - start) * 1e6 / (2 * len(replay))
        rows.append({"steps": len(replay), "hands": replay.hand_count, "build_s": build_s,
                     "peak_kb": peak / 1024, "view_ms": view_ms, "step_us": walk_us})
        print(f"match {seed}: {len(replay)} steps in {replay.hand_count} hands; built in {build_s * 1000:.0f} ms, "
              f"peak {peak / 1024:.0f} KiB; a step's view {view_ms:.3f} ms; a step {walk_us:.2f} µs")
    summary = {"matches": len(rows), "max_steps": max(r["steps"] for r in rows),
               "median_build_ms": round(statistics.median(r["build_s"] for r in rows) * 1000, 1),
               "max_build_ms": round(max(r["build_s"] for r in rows) * 1000, 1),
               "max_peak_kb": round(max(r["peak_kb"] for r in rows)),
               "max_view_ms": round(max(r["view_ms"] for r in rows), 3),
               "max_step_us": round(max(r["step_us"] for r in rows), 2)}
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
