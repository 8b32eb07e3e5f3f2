"""What a "What would you play?" set costs: each question found in one process (hands played, positions
analysed until one is clear), over a few seeds.

    .venv/bin/python bench/quiz_sets.py [--sets N]

Prints each question's seconds and theme, then one JSON line: sets, questions, mean_question_s,
max_question_s, mean_set_s (one process; the game finds a set's questions in two workers at once).
"""
from __future__ import annotations

import argparse
import json
import statistics
import time


def main() -> None:
    from game.session.quiz import QUESTIONS, find_question

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", type=int, default=3)
    args = parser.parse_args()
    seconds, per_set = [], []
    for seed in range(1, args.sets + 1):
        start_set = time.perf_counter()
        for number in range(QUESTIONS):
            start = time.perf_counter()
            question = find_question(seed, number)
            took = time.perf_counter() - start
            seconds.append(took)
            print(f"set {seed} question {number + 1}: {took:5.2f} s  {question.theme:10} {question.preset_id}")
        per_set.append(time.perf_counter() - start_set)
    print(json.dumps({"sets": args.sets, "questions": len(seconds),
                      "mean_question_s": round(statistics.mean(seconds), 2),
                      "max_question_s": round(max(seconds), 2), "mean_set_s": round(statistics.mean(per_set), 2)}))


if __name__ == "__main__":
    main()
