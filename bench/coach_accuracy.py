"""The coach's accuracy and speed: hint against review, both against an oracle, and how fast each is.

Positions: ``game.ai.positions.decision_positions(N, seed=1)``, decisions with a choice from
Medium's play of every preset at two to seven players (fixed seeds, so every run has the same).

* ``agree_pct``: in how many positions the hint (``coach.hint_for``, worked out on its own)
  and the hand review of the same view (``review.review_decision``, with Medium's move as the
  move made) name the same best move, or moves within the review's own noise (the hint's move
  gives up no more than SAME_AS_BEST, or less than SURE_Z standard errors of the gap).
* ``hint_p95_s``: the 95th percentile of the time from the Hint key to the hint ready to show, as
  the table gets it: the session asks the AI worker's process for the analysis as the person's turn
  begins (``TableSession.prepare_hint``: ``AIWorker("process")``, lowered priority and all), the
  table polls once a frame (60 a second), and the hint is made from the analysis when it arrives
  (``hint_from``). The key is counted as pressed at the very instant the turn begins, so the
  background start gains nothing: the worst case, and what a player at the instant animation speed
  can get. ``hint_landed_p95_s``: the same with the key pressed as the last card lands on the pile
  at the normal animation speed (0.44 s after the turn begins, ``game/ui/table/board.py``), the
  first moment a person at that speed sees the position they ask about: the background start counts
  for those 0.44 s and no more. ``hint_analysis_p95_s``: the analysis and the hint in this process,
  from start to answer (what ``hint_p95_s`` measured up to 2026-12-02 14:30). ``hint_idle_p95_s``:
  what ``hint_p95_s`` would be on an idle two-core machine (the worker with a core to itself, the
  frame loop on the other): per position the worker's CPU seconds for the analysis, the CPU seconds
  of making the hint, and one whole frame of polling. On the shared machine the wall times measure
  the load (the worker runs 5 steps nicer than the game); ``--key-positions`` limits the timed keys.
* The oracle: the same analysis with 25 times the worlds (``analyse(view, effort=25)``: the same
  rollouts and the same race, with every count of worlds and the budget of rollouts times 25), on
  the first ``--oracle`` positions.
  ``hint_loss_pp``: the mean win chance (percentage points, by the oracle) the hint gives up
  against the oracle's best move, counted as 0 where the hint's move wins at least as often.
  Every candidate move of those positions is treated as a move the person might have made:
  the oracle counts it a costly error when ``review.costly_and_sure`` holds for its own gap
  (gap ≥ COSTLY = 0.025 utility, about 2.5 points of win chance, and more than SURE_Z = 2 of
  its own, five times smaller, standard errors); the review marks it when
  ``review.surely_costly`` holds (that test on the review's gap, and the gap SURE_Z standard
  errors lower still at least half of COSTLY). ``mark_precision_pct``: of the review's marks, how many the
  oracle confirms; ``mark_recall_pct``: of the oracle's costly errors, how many the review marks.
* ``review30_s``: a 30-decision hand reviewed by ``ReviewJob`` (two worker processes, as the
  hand result screen runs it), from start to the finished review.
* Beside the times, what does not depend on the machine's load: ``hint_rollouts_p95`` (the
  rollouts of the hint's analysis, 95th percentile), ``ms_per_rollout`` (what one cost in this
  run, wall time) and ``load`` (the 5-minute load average before and after); and the CPU time,
  which is what the wall time would be on an idle core: ``hint_cpu_p95_s`` (the hint's CPU
  seconds, 95th percentile), ``ms_per_rollout_cpu``, and ``review30_cpu_s`` (the 30 decisions
  reviewed one after another in this process: the CPU seconds the review's two workers share).

Usage:
  python bench/coach_accuracy.py [--positions 500] [--oracle 300] [--jobs 2] [--key-positions N] [--key-only]
      [--details FILE]
(--details: one JSON line per oracle position, every candidate's gap, error and worlds by the review
and by the oracle, for reading where the two part.)
Ends with one JSON line.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.analysis import analyse  # noqa: E402
from game.ai.positions import decision_positions  # noqa: E402
from game.session.coach import AnalysisBot, hint_bot, hint_for, hint_from  # noqa: E402
from game.session.computer import AIWorker  # noqa: E402
from game.session.review import (SAME_AS_BEST, SURE_Z, Decision, costly_and_sure,  # noqa: E402
                                 review_decision, surely_costly)

ORACLE_TIMES = 25
#: The table polls the AI worker once a frame.
FRAME_S = 1 / 60
#: A card's flight to the pile at the normal animation speed (game/ui/table/board.py): the key can come no
#: sooner for a person who looks at the position they ask about.
CARD_LANDS_S = 0.44


def oracle(view):
    """The analysis with 25 times the worlds: every count of worlds and the budget times 25 (run in a
    worker process)."""
    return analyse(view, effort=ORACLE_TIMES)


def percentile(values, fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


class TimedHintBot(AnalysisBot):
    """``hint_bot()``'s analysis, answered with the CPU seconds the worker process spent on it."""

    def choose(self, view, rng):
        before = time.process_time()
        analysis = super().choose(view, rng)
        return analysis, time.process_time() - before


def key_to_hint_seconds(views) -> tuple[list[float], list[float], list[float]]:
    """For each view, seconds from the Hint key to the hint ready to show, as the table gets it (see the
    module's docstring): with the key at the instant the turn begins, as the last card lands, and what
    the first would be on an idle machine (the worker's CPU seconds, the hint's making and one frame)."""
    worker = AIWorker("process")
    worker.prepare(("hard",))       # the game starts its worker early too; its start-up is not a hint's
    worker.request(("warm-up", 0), views[0], TimedHintBot(), 0)
    while worker.poll() is None:
        time.sleep(FRAME_S)
    at_once, landed, idle = [], [], []
    try:
        for number, view in enumerate(views):
            started = time.perf_counter()
            worker.request(("hint", number), view, TimedHintBot(), 0)  # the turn begins: prepare_hint
            while (answer := worker.poll()) is None:                    # the frames go on
                time.sleep(FRAME_S)
            ready = time.perf_counter() - started
            analysis, worker_cpu = answer[1]
            before, cpu_before = time.perf_counter(), time.process_time()
            hint_from(view, analysis)                                   # poll_hint makes the hint
            making, making_cpu = time.perf_counter() - before, time.process_time() - cpu_before
            at_once.append(ready + making)
            # Ready before the key: the key's own poll shows it; else the first frame after it is ready.
            landed.append(max(0.0, ready - CARD_LANDS_S) + making)
            idle.append(worker_cpu + making_cpu + FRAME_S)
            if (number + 1) % 25 == 0:
                print(f"key to hint, {number + 1} positions: p95 {percentile(at_once, 0.95):.2f} s "
                      f"(idle machine {percentile(idle, 0.95):.3f} s)", flush=True)
    finally:
        worker.shutdown()
    return at_once, landed, idle


def review30_seconds() -> float:
    """Wall time of ``ReviewJob`` on the 30-decision hand of bench/review_speed.py."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from review_speed import long_hand, timed_review
    _seed, _record, found, forced = long_hand("crazy_eights", 4, 30)
    seconds, _review, used, _poll = timed_review(found, forced, "process")
    print(f"30-decision review: {seconds:.2f} s ({used})")
    return seconds, found


def review_cpu_seconds(found) -> float:
    """CPU seconds of the same 30 decisions reviewed one after another in this process."""
    before = time.process_time()
    for decision in found:
        review_decision(decision)
    return time.process_time() - before


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=500)
    parser.add_argument("--oracle", type=int, default=300, help="positions checked against the oracle")
    parser.add_argument("--jobs", type=int, default=2, help="processes for the oracle")
    parser.add_argument("--key-positions", type=int, default=0,
                        help="time the key to the hint on only the first N positions (default: all)")
    parser.add_argument("--key-only", action="store_true",
                        help="only the key to the hint (the three hint_*_p95_s figures), on the --positions")
    parser.add_argument("--details", type=Path, help="write each oracle position's scores here (JSON lines)")
    args = parser.parse_args()
    started = time.perf_counter()
    load_before = os.getloadavg()[1] if hasattr(os, "getloadavg") else None
    positions = decision_positions(args.positions, seed=1)
    if args.key_only:
        key_waits, landed_waits, idle_waits = key_to_hint_seconds([position.view for position in positions])
        print(json.dumps({"positions": len(positions), "hint_p95_s": round(percentile(key_waits, 0.95), 3),
                          "hint_landed_p95_s": round(percentile(landed_waits, 0.95), 3),
                          "hint_idle_p95_s": round(percentile(idle_waits, 0.95), 3),
                          "load": [round(load_before, 1), round(os.getloadavg()[1], 1)]
                          if load_before is not None else None}))
        return
    agree, hint_times, hint_cpu, hints, reviews, work = 0, [], [], [], [], []
    for number, position in enumerate(positions, start=1):
        view = position.view
        before, cpu_before = time.perf_counter(), time.process_time()
        hint = hint_for(view)
        hint_times.append(time.perf_counter() - before)
        hint_cpu.append(time.process_time() - cpu_before)
        review = review_decision(Decision(position.step, view, tuple(range(position.players)), position.made))
        scores = {score.action: score for score in review.ranked}
        hinted = scores[hint.move.action]
        review_best = review.best.action
        same = hint.move.action == review_best or (
            review_best == review.made.action and review.cost <= SAME_AS_BEST) or \
            hinted.gap <= SAME_AS_BEST or hinted.gap < SURE_Z * hinted.gap_error
        agree += same
        hints.append(hint.move.action)
        reviews.append(review)
        work.append(sum(score.worlds for score in review.ranked))   # the hint's rollouts (the same analysis)
        if number % 25 == 0:
            print(f"{number} positions: agree {agree}/{number}, hint p95 {percentile(hint_times, 0.95):.2f} s "
                  f"({time.perf_counter() - started:.0f} s)", flush=True)
    key_positions = positions[:args.key_positions] if args.key_positions else positions
    key_waits, landed_waits, idle_waits = key_to_hint_seconds([position.view for position in key_positions])
    print(f"key to hint (AI worker process, key as the turn begins): p95 {percentile(key_waits, 0.95):.3f} s; "
          f"key as the card lands: p95 {percentile(landed_waits, 0.95):.3f} s; idle machine "
          f"{percentile(idle_waits, 0.95):.3f} s", flush=True)
    checked = positions[:args.oracle]
    losses, marked, confirmed, costly, found = [], 0, 0, 0, 0
    details = args.details.open("w") if args.details else None
    pool = ProcessPoolExecutor(max_workers=args.jobs)
    oracles = pool.map(oracle, [p.view for p in checked])
    for number, (position, hint, review, truth) in enumerate(zip(checked, hints, reviews, oracles), start=1):
        truth_scores = {score.action: score for score in truth.ranked}
        losses.append(max(0.0, truth.best.win - truth_scores[hint].win) * 100)
        if details:
            details.write(json.dumps({
                "preset": position.preset_id, "players": position.players, "hint": hint,
                "loss_pp": losses[-1], "oracle_rollouts": truth.rollouts,
                "moves": [{"action": s.action, "gap": s.gap, "error": s.gap_error, "worlds": s.worlds,
                           "win": s.win, "oracle_gap": truth_scores[s.action].gap,
                           "oracle_error": truth_scores[s.action].gap_error,
                           "oracle_worlds": truth_scores[s.action].worlds,
                           "oracle_win": truth_scores[s.action].win} for s in review.ranked]}) + "\n")
        for score in review.ranked:
            mark = surely_costly(score.gap, score.gap_error)
            true = truth_scores[score.action]
            error = costly_and_sure(true.gap, true.gap_error)
            marked += mark
            confirmed += mark and error
            costly += error
            found += mark and error
        if number % 10 == 0:
            print(f"oracle {number}: loss {sum(losses) / number:.3f} pp, marks {confirmed}/{marked} confirmed, "
                  f"costly {found}/{costly} marked ({time.perf_counter() - started:.0f} s)", flush=True)
    pool.shutdown()
    if details:
        details.close()
    print(f"oracle: {len(checked)} positions, {marked} marks ({confirmed} confirmed), {costly} costly errors "
          f"({found} marked)")
    review30, found30 = review30_seconds()
    review30_cpu = review_cpu_seconds(found30)
    print(f"30-decision review, one process: {review30_cpu:.2f} CPU seconds")
    figures = {
        "positions": len(positions),
        "agree_pct": round(100 * agree / len(positions), 2),
        "hint_loss_pp": round(sum(losses) / max(1, len(losses)), 3),
        "mark_precision_pct": round(100 * confirmed / marked, 1) if marked else None,
        "mark_recall_pct": round(100 * found / costly, 1) if costly else None,
        "hint_p95_s": round(percentile(key_waits, 0.95), 3),
        "review30_s": round(review30, 2),
        "oracle_positions": len(checked),
        # Work, not time: the hint's rollouts (p95), and what one cost here (the machine's load shows in it).
        "hint_rollouts_p95": percentile(work, 0.95),
        "ms_per_rollout": round(1000 * sum(hint_times) / max(1, sum(work)), 3),
        # CPU time: what the wall time would be on an idle core (the hint runs in one process).
        "hint_cpu_p95_s": round(percentile(hint_cpu, 0.95), 3),
        "ms_per_rollout_cpu": round(1000 * sum(hint_cpu) / max(1, sum(work)), 3),
        "review30_cpu_s": round(review30_cpu, 2),
        "hint_idle_p95_s": round(percentile(idle_waits, 0.95), 3),
        "hint_landed_p95_s": round(percentile(landed_waits, 0.95), 3),
        "key_positions": len(key_positions),
        "hint_analysis_p95_s": round(percentile(hint_times, 0.95), 3),
        # The machine's 5-minute load average before and after: timings on a shared machine need it.
        "load": [round(load_before, 1), round(os.getloadavg()[1], 1)] if load_before is not None else None,
    }
    print(f"total {time.perf_counter() - started:.0f} s")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
