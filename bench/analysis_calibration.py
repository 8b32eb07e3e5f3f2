"""Calibrate the match analysis's rating scale, and check the analysis, on the computer levels.

Each level (a random player, Easy, Medium, Hard) plays ``--hands`` hands of three-player Crazy
Eights at seat 0 against two Medium players (hand ``i`` dealt from seed ``i``, the same deals for
every level). The match analysis (``game.session.match_review``, the analysis the screen shows)
scores every decision seat 0 made with a choice; per level it reports the error rate (win chance
given up per decision that mattered, in percentage points: the figure the rating scale reads; a
decision matters when some move would have cost at least 2.5 points, see
``MomentAnalysis.mattered``), the same loss per decision with a choice, the marks per 100
decisions and the rating the scale gives. The error rates must order the levels: random >
Easy > Medium > Hard. Hard plays with a fixed number of search iterations (``--hard-iterations``)
rather than its 250 ms budget, so that a loaded machine does not weaken it.

Usage:
  python bench/analysis_calibration.py [--hands 200] [--jobs 2] [--hard-iterations 400] [--levels random,easy]
                                       [--first-hand 1] [--details FILE]
  python bench/analysis_calibration.py --summarise FILE [FILE ...] [--levels ...]
``--details`` appends one JSON line per hand analysed (level, seed, losses, marks), flushed, so that a
long run stopped early still leaves its figures; ``--first-hand`` starts at another deal, so that a long
run can be shared out over several processes; ``--summarise`` prints the table of such files (each
level's hands, a hand counted once). Ends with one JSON line.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai import EasyBot, HardBot, MediumBot  # noqa: E402
from game.rules import Match, Move, preset  # noqa: E402
from game.session.match_review import MARKS, analyse_moment, moments, rating_for  # noqa: E402

LEVELS = ("random", "easy", "medium", "hard")
SEAT = 0


class RandomBot:
    """Any legal move, uniformly."""

    def choose(self, view, rng):
        return Move.from_action(rng.choice(view.legal_actions))


def bot_for(level: str, hard_iterations: int):
    return {"random": RandomBot, "easy": EasyBot, "medium": MediumBot,
            "hard": lambda: HardBot(iterations=hard_iterations)}[level]()


def play_and_analyse(task: tuple) -> dict:
    """One hand with ``level`` at seat 0; seat 0's decisions analysed (no luck: not asked for here)."""
    level, hand_seed, hard_iterations = task
    rules = preset("crazy_eights", 3)
    match = Match(rules, hand_seed)
    bots = [bot_for(level, hard_iterations), MediumBot(), MediumBot()]
    rng = random.Random(hand_seed * 31 + 7)
    while not match.hand.over:
        seat = match.current_seat
        match.apply(bots[seat].choose(match.view(seat), rng))
    losses, mattered, marks = [], 0, {name: 0 for name in MARKS}
    for moment in moments(match.to_record(), [1]):
        if moment.seat != SEAT or moment.forced:
            continue
        item = analyse_moment(moment, luck_worlds=0)
        losses.append(item.loss)
        mattered += item.mattered
        if item.mark:
            marks[item.mark] += 1
    return {"level": level, "seed": hand_seed, "losses": losses, "mattered": mattered, "marks": marks,
            "won": match.results[-1].winner == SEAT}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--hard-iterations", type=int, default=400)
    parser.add_argument("--levels", default=",".join(LEVELS),
                        help="the levels to analyse, comma-separated (the order is checked among those given)")
    parser.add_argument("--first-hand", type=int, default=1, help="the seed of the first deal")
    parser.add_argument("--details", type=Path, help="append one JSON line per hand to this file")
    parser.add_argument("--summarise", type=Path, nargs="+", help="only the table of these --details files")
    args = parser.parse_args(argv)
    levels = [level for level in LEVELS if level in args.levels.split(",")]
    if not levels or len(levels) != len(set(args.levels.split(","))):
        parser.error(f"--levels takes some of {', '.join(LEVELS)}")
    started = time.perf_counter()
    totals = {level: {"losses": [], "mattered": 0, "marks": {name: 0 for name in MARKS}, "won": 0, "hands": 0}
              for level in levels}

    def count(part: dict) -> None:
        total = totals[part["level"]]
        total["losses"] += part["losses"]
        total["mattered"] += part["mattered"]
        total["won"] += part["won"]
        total["hands"] += 1
        for name, marks in part["marks"].items():
            total["marks"][name] += marks

    if args.summarise:
        seen = set()
        for path in args.summarise:
            for line in path.read_text(encoding="utf-8").splitlines():
                part = json.loads(line)
                if part["level"] in totals and (part["level"], part["seed"]) not in seen:
                    seen.add((part["level"], part["seed"]))
                    count(part)
    else:
        first = args.first_hand
        tasks = [(level, seed, args.hard_iterations) for seed in range(first, first + args.hands)
                 for level in levels]
        details = args.details.open("a", encoding="utf-8") if args.details else None
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for number, part in enumerate(pool.map(play_and_analyse, tasks, chunksize=1), start=1):
                if details:
                    details.write(json.dumps(part) + "\n")
                    details.flush()
                count(part)
                if number % (len(levels) * 5) == 0:   # every 5 hands a level: the figures so far, flushed
                    so_far = {level: round(100.0 * sum(t["losses"]) / max(1, t["mattered"]), 2)
                              for level, t in totals.items()}
                    print(f"after {number // len(levels)} hands: error rate so far {so_far}", flush=True)
        if details:
            details.close()
    seconds = time.perf_counter() - started
    error_rate, rows = {}, []
    print(f"{'level':8} {'decisions':>9} {'mattered':>8} {'error rate (pp)':>15} {'per decision':>12} "
          f"{'marks/100':>9} {'won %':>6}  rating")
    for level in levels:
        total = totals[level]
        losses = total["losses"]
        rate = 100.0 * sum(losses) / total["mattered"] if total["mattered"] else 0.0
        per_decision = 100.0 * sum(losses) / len(losses) if losses else 0.0
        marked = sum(total["marks"].values())
        per_100 = 100.0 * marked / len(losses) if losses else 0.0
        error_rate[level] = round(rate, 2)
        rows.append({"level": level, "decisions": len(losses), "mattered": total["mattered"],
                     "error_rate_pp": round(rate, 2), "per_decision_pp": round(per_decision, 2),
                     "marks_per_100": round(per_100, 1), "marks": total["marks"],
                     "hands": total["hands"], "won_pct": round(100.0 * total["won"] / max(1, total["hands"]), 1),
                     "rating": rating_for(rate)})
        print(f"{level:8} {len(losses):9} {total['mattered']:8} {rate:15.2f} {per_decision:12.2f} "
              f"{per_100:9.1f} {100.0 * total['won'] / max(1, total['hands']):6.1f}"
              f"  {rating_for(rate)}")
    rates = [error_rate[level] for level in levels]
    ordered = all(worse > better for worse, better in zip(rates, rates[1:]))
    print(f"ordered {' > '.join(levels)}: {ordered}; {seconds:.0f} s")
    hands = min(total["hands"] for total in totals.values())
    print(json.dumps({"hands": hands, "error_rate": error_rate, "ordered": ordered, "levels": rows,
                      "hard_iterations": args.hard_iterations, "seconds": round(seconds, 1)}))
    return 0 if ordered else 1


if __name__ == "__main__":
    sys.exit(main())
