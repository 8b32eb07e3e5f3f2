"""Hand review speed: a hand with 30 decisions of the person, reviewed as the table does it.

The hand: a seeded match (four players of Crazy Eights by default) where Medium plays every seat;
the first deal in which seat 0 has at least ``--decisions`` decisions with a choice is kept,
and the review scores the first ``--decisions`` of them. The review runs through
``ReviewJob`` (two spawned worker processes, as on the hand result screen), polled every
10 ms like a frame loop would; the time counts from the job's start (process start-up
included) to the finished review. Target: under 15 s for 30 decisions.

Usage:
  python bench/review_speed.py [--preset crazy_eights] [--players 4] [--decisions 30] [--rounds 2]
      [--mode process|thread]
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

from game.ai.medium import MediumBot  # noqa: E402
from game.rules import Match, preset  # noqa: E402
from game.session.review import hand_decisions  # noqa: E402
from game.session.review_job import ReviewJob  # noqa: E402

TARGET_S = 15.0


def long_hand(preset_id: str, players: int, decisions: int):
    """``(record, decisions of seat 0, forced moves)`` of the first seeded hand with enough decisions."""
    medium = MediumBot()
    for seed in range(1, 500):
        match = Match(preset(preset_id, players), seed)
        rng = random.Random(seed)
        while not match.hand.over:
            seat = match.current_seat
            match.apply(medium.choose(match.view(seat), rng))
        record = match.to_record()
        found, forced = hand_decisions(record, 0, 1)
        if len(found) >= decisions:
            return seed, record, found[:decisions], forced
    raise SystemExit(f"no seed up to 500 gives a hand with {decisions} decisions")


def timed_review(found, forced, mode: str):
    """Seconds to the finished review, the review, how it ran and the longest ``poll()`` in ms
    (what a frame spends on the review: it must stay far below a frame's 16 ms)."""
    started = time.perf_counter()
    job = ReviewJob(found, forced, mode=mode)
    longest_poll = 0.0
    while True:
        before = time.perf_counter()
        review = job.poll()
        longest_poll = max(longest_poll, time.perf_counter() - before)
        if review is not None:
            break
        time.sleep(0.01)
    return time.perf_counter() - started, review, job.used, longest_poll * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="crazy_eights")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--decisions", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--mode", default="process", choices=("process", "thread"))
    args = parser.parse_args()
    seed, _record, found, forced = long_hand(args.preset, args.players, args.decisions)
    print(f"{args.preset} {args.players}p, match seed {seed}: {len(found)} decisions of seat 0 "
          f"({forced} forced moves not reviewed)")
    times, polls = [], []
    for number in range(1, args.rounds + 1):
        seconds, review, used, poll_ms = timed_review(found, forced, args.mode)
        times.append(seconds)
        polls.append(poll_ms)
        costly = review.costliest()
        print(f"round {number}: {seconds:.2f} s in {used} (longest poll {poll_ms:.2f} ms); "
              f"{review.matched} of {len(review.decisions)} "
              f"matched the best move; costliest: "
              + ", ".join(f"{d.made} (best {d.best}, -{d.cost:.3f})" for d in costly))
    worst = max(times)
    print(json.dumps({"bench": "review_speed", "preset": args.preset, "players": args.players,
                      "decisions": len(found), "mode": args.mode, "seconds": [round(t, 2) for t in times],
                      "worst_s": round(worst, 2), "longest_poll_ms": round(max(polls), 2), "target_s": TARGET_S,
                      "ok": worst < TARGET_S}))


if __name__ == "__main__":
    main()
