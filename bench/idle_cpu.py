"""Idle CPU: how much of a core the game burns while nothing happens.

Each case runs the real ``App.run`` loop in a fresh interpreter on the dummy video and audio
drivers, waits until the screen has settled, then measures the process's CPU time (every
thread) over ``--seconds`` of wall time:

- ``menu``: the main menu, untouched;
- ``table``: a 4-player Crazy Eights table after the deal, when it is the person's turn and the
  computer players are waiting (the "your turn" banner pulses);
- ``replay``: the replay viewer paused in the middle of a finished 4-player match.

Prints one line per case, then one JSON line: {"menu_cpu_pct": ..., "table_cpu_pct": ..., "replay_cpu_pct": ...}.
Target: under 5 % of a core in both.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import os, sys, threading, time, json
sys.path.insert(0, sys.argv[1])
case, seconds, headless = sys.argv[2], float(sys.argv[3]), sys.argv[4] == "dummy"
from game.ui.app import App
app = App(size=(1280, 720), headless=headless, fullscreen=False)
app.running = True
if case == "table":
    from game.rules import Match, preset
    from game.session import default_table
    from game.ui.sessions import session_for
    # Seed 3 lets the person act after a computer or two; play on until it is their turn.
    table = app.go("table", session_for(app, Match(preset("crazy_eights", 4), 3), default_table("You", 4)))
    deadline = time.monotonic() + 30
    while not (table.human_turn() and table.result_timer is None
               and not any(s.flying for s in table.board.sprites)):
        app.step(1 / 60)
        time.sleep(1 / 120)
        if time.monotonic() > deadline:
            raise SystemExit("the person's turn never came")
elif case == "replay":
    import random
    from game.rules import Match, play_randomly, preset
    from game.session import default_table
    from game.session.replay import Replay
    from game.store.saved_game import SavedGame
    match = play_randomly(Match(preset("crazy_eights", 4), 3), random.Random(3))
    replay = Replay.of(SavedGame.of(match, default_table("You", 4)))
    app.go("replay", replay, "bench")
    import pygame
    for _ in range(len(replay.frames) // 2):
        app.scenes.top.dispatch(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0))
        app.step(1 / 60)
    for _ in range(180):                 # the last step's cards land
        app.step(1 / 60)
else:
    app.main_menu()
    for _ in range(30):
        app.step(1 / 60)
measured = {}

def measure():
    time.sleep(1.0)                      # let the loop settle into its idle pace
    cpu, wall, frames = time.process_time(), time.monotonic(), app.frames
    time.sleep(seconds)
    measured["cpu_pct"] = 100.0 * (time.process_time() - cpu) / (time.monotonic() - wall)
    measured["frames"] = app.frames - frames
    measured["seconds"] = time.monotonic() - wall
    app.quit()

threading.Thread(target=measure, daemon=True).start()
app.run()
print("RESULT " + json.dumps(measured), flush=True)
"""


def measure(case: str, seconds: float, driver: str = "dummy") -> dict:
    """Run one case in a fresh interpreter; returns its cpu_pct, frames and seconds."""
    env = dict(os.environ, SDL_AUDIODRIVER="dummy",
               CRAZY_EIGHTS_HOME=tempfile.mkdtemp(prefix="crazy-eights-idle-"), PYGAME_HIDE_SUPPORT_PROMPT="1")
    if driver == "dummy":
        env["SDL_VIDEODRIVER"] = "dummy"
    else:  # a real window on $DISPLAY (e.g. Xvfb): what showing each frame costs counts too
        env.pop("SDL_VIDEODRIVER", None)
    done = subprocess.run([sys.executable, "-c", CHILD, str(ROOT), case, str(seconds), driver], env=env,
                          capture_output=True, text=True, timeout=seconds + 90)
    for line in done.stdout.splitlines():
        if line.startswith("RESULT "):
            return json.loads(line[len("RESULT "):])
    raise RuntimeError(f"{case}: no result (exit {done.returncode})\n{done.stderr[-2000:]}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds of idle time to measure per case")
    parser.add_argument("--driver", choices=("dummy", "window"), default="dummy",
                        help="dummy: no display (the default); window: a real window on $DISPLAY")
    args = parser.parse_args(argv)
    result = {}
    for case in ("menu", "table", "replay"):
        figures = measure(case, args.seconds, args.driver)
        fps = figures["frames"] / figures["seconds"]
        print(f"{case:<6} {figures['cpu_pct']:5.1f} % of a core  {fps:5.1f} frames/s over {figures['seconds']:.1f} s")
        result[f"{case}_cpu_pct"] = round(figures["cpu_pct"], 1)
        result[f"{case}_fps"] = round(fps, 1)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
