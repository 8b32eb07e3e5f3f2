"""Frame times of the table, and the time from launch to the first menu frame.

A 7-player table at 1280x720 on the dummy video driver: every frame of the
deal and of ``--seconds`` of play is timed (the work of ``App.step``; the loop
then sleeps to 60 fps like the real one, so the AI worker thread gets the CPU
it would get in the game). Seats are computer players including hard ones, so
frames are also measured while a hard player is thinking in its worker thread.

Startup is measured in a fresh interpreter running from source: from process
launch to the first drawn frame of the main menu.

Prints a few readable lines, then one JSON line:
{"p95_ms": ..., "max_ms": ..., "max_ms_while_ai_thinks": ..., "startup_s": ...}
Targets: p95 <= 8 ms, no frame over 16.7 ms while a hard player thinks.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

STARTUP_SNIPPET = r"""
import os, sys, time, tempfile
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["CRAZY_EIGHTS_HOME"] = tempfile.mkdtemp()
sys.path.insert(0, os.getcwd())
from game.ui.app import App
from game.ui.scenes.menu import MainMenuScene
app = App(headless=True, fullscreen=False)
app.push(MainMenuScene(app))
app.step()
print("FIRST_FRAME", flush=True)
"""


def percentile(values, q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(len(ordered) - 1, int(k) + 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def measure_startup(runs: int) -> float:
    best = []
    for _ in range(runs):
        started = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-c", STARTUP_SNIPPET], cwd=ROOT, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True)
        for line in proc.stdout:
            if line.startswith("FIRST_FRAME"):
                best.append(time.perf_counter() - started)
                break
        proc.wait()
    return min(best) if best else float("nan")


def measure_frames(seconds: float, budget_ms: int, seed: int):
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ.setdefault("CRAZY_EIGHTS_HOME", tempfile.mkdtemp(prefix="crazy-eights-bench-"))
    import pygame

    from game.rules import Match, preset
    from game.ui.app import App
    from game.session import Seat
    from game.ui.sessions import session_for
    from game.ui.table import TableScene

    app = App(size=(1280, 720), headless=True, fullscreen=False)
    app.settings = dataclasses.replace(app.settings, animation_speed="normal", ai_think_budget_ms=budget_ms)
    app.running = True
    kinds = ["hard", "easy", "hard", "medium", "hard", "easy", "hard"]
    names = ["Ada", "Bruno", "Chloé", "Dmitri", "Elena", "Farid", "Greta"]
    seats = [Seat(names[i], kinds[i]) for i in range(7)]
    table = TableScene(app, session_for(app, Match(preset("crazy_eights", 7), seed), seats))
    app.push(table)
    clock = pygame.time.Clock()
    deal, play, thinking, cpu = [], [], [], []
    started = time.perf_counter()
    warmup = 3
    dt = 1 / 60
    while time.perf_counter() - started < seconds:
        dealing = any(s.flying for s in table.board.sprites) and not table.session.match.moves[-1]
        hard_thinking = (table.session.worker.busy and table.thinking_seat() is not None
                         and table.session.seats[table.thinking_seat()].kind == "hard")
        begun = time.perf_counter()
        cpu_begun = time.thread_time()
        app.step(dt)
        elapsed = (time.perf_counter() - begun) * 1000.0
        cpu_ms = (time.thread_time() - cpu_begun) * 1000.0
        if warmup:
            warmup -= 1
        else:
            cpu.append(cpu_ms)
            (deal if dealing else play).append(elapsed)
            if hard_thinking:
                thinking.append(elapsed)
        dt = min(clock.tick(60) / 1000.0, 0.1)
    moves = sum(len(h) for h in table.session.match.moves)
    hands = table.session.match.hand_number
    workers = sorted(table.session.worker.used)
    app.shutdown()
    return deal, play, thinking, cpu, moves, hands, workers


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=25.0, help="seconds of table time to measure")
    parser.add_argument("--budget-ms", type=int, default=250, help="the hard player's thinking budget")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--startup-runs", type=int, default=3)
    args = parser.parse_args(argv)

    deal, play, thinking, cpu, moves, hands, workers = measure_frames(args.seconds, args.budget_ms, args.seed)
    frames = deal + play
    startup = measure_startup(args.startup_runs)

    def line(name, values):
        if not values:
            return f"{name:<22} (no frames)"
        return (f"{name:<22} {len(values):5d} frames  median {statistics.median(values):6.2f} ms  "
                f"p95 {percentile(values, 0.95):6.2f} ms  max {max(values):6.2f} ms")

    print("7-player table, 1280x720, dummy video driver, animation speed normal")
    print(line("dealing", deal))
    print(line("playing", play))
    print(line("hard player thinking", thinking))
    print(line("all", frames))
    print(line("all, main-thread CPU", cpu))
    print(f"AI worker: {', '.join(workers) or 'none'}; machine load average {os.getloadavg()[0]:.2f} "
          f"on {os.cpu_count()} CPUs (other processes stretch wall-clock frames)")
    print(f"{moves} moves in {hands} hand(s); startup to first menu frame {startup:.2f} s (best of "
          f"{args.startup_runs})")
    result = {
        "p95_ms": round(percentile(frames, 0.95), 2),
        "max_ms": round(max(frames), 2) if frames else None,
        "max_ms_while_ai_thinks": round(max(thinking), 2) if thinking else None,
        "startup_s": round(startup, 3),
    }
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
