"""Random-play speed of the rules core, per preset and player count, and the cost of a state copy.

Usage: python bench/rules_speed.py [--seconds S] [--players 2,4,7]
Ends with one JSON line: {"crazy_eights/4p": {"moves_per_s": ...}, ..., "state_copy_us": ...}
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.rules import PRESETS, HandState, preset  # noqa: E402


def moves_per_second(rules, seconds: float, seed: int = 1) -> tuple[float, int]:
    """Play random hands for about ``seconds``; returns (moves per second, hands played)."""
    rng = random.Random(seed)
    choice = rng.choice
    moves = hands = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        state, _ = HandState.deal(rules, random.Random(rng.getrandbits(32)), hands % rules.players)
        legal_actions, apply = state.legal_actions, state.apply
        while not state.over:
            apply(choice(legal_actions()))
            moves += 1
        hands += 1
    return moves / (time.perf_counter() - start), hands


def state_copy_microseconds(rules, copies: int = 20000) -> float:
    """Mean time of ``HandState.copy`` on a mid-hand state, in microseconds."""
    rng = random.Random(7)
    state, _ = HandState.deal(rules, rng)
    for _ in range(6):
        if not state.over:
            state.apply(rng.choice(state.legal_actions()))
    search_rng = random.Random(1)
    start = time.perf_counter()
    for _ in range(copies):
        state.copy(search_rng)
    return (time.perf_counter() - start) / copies * 1e6


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.5, help="time per preset and player count")
    parser.add_argument("--players", default="2,4,7", help="player counts, comma-separated")
    args = parser.parse_args(argv)
    figures = {}
    for preset_id in PRESETS:
        for players in (int(p) for p in args.players.split(",")):
            rate, hands = moves_per_second(preset(preset_id, players), args.seconds)
            figures[f"{preset_id}/{players}p"] = {"moves_per_s": round(rate), "hands": hands}
            print(f"{preset_id:22s} {players}p  {rate:10,.0f} moves/s  ({hands} hands)")
    copy_us = state_copy_microseconds(preset("crazy_eights", 4))
    print(f"state copy (crazy_eights, 4p): {copy_us:.2f} us")
    figures["state_copy_us"] = round(copy_us, 3)
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
