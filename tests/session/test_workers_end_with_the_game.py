"""Worker processes end with the game however it ends: a game killed with SIGKILL during a hand review
and a hard computer's search leaves no worker running (real processes, a real kill)."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGKILL") or not Path("/proc").is_dir(),
                                reason="needs SIGKILL and /proc")

# A game-like process: a hand review with far more search than it can finish, and the hard bot's
# worker process thinking; prints the workers' pids, then waits to be killed.
SCRIPT = textwrap.dedent("""
    import random, time
    from game.rules import Match, preset
    from game.rules.match import play_randomly
    from game.session import AIWorker, make_bot
    from game.session.review import hand_decisions
    from game.session.review_job import ReviewJob

    match = play_randomly(Match(preset("crazy_eights", 3).replace(match_end="single_hand"), 5), random.Random(5))
    decisions, forced = hand_decisions(match.to_record(), 0, 1)
    job = ReviewJob(decisions, forced, rollouts=100_000_000, mode="process")
    worker = AIWorker("process")
    replay = Match(preset("crazy_eights", 3), 5)
    worker.request(1, replay.view(replay.current_seat), make_bot("hard", 600_000), 3)
    deadline = time.monotonic() + 60
    while not job.work._processes._processes or not worker._processes._processes:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    time.sleep(1.0)  # they are busy now
    pids = list(job.work._processes._processes) + list(worker._processes._processes)
    print(" ".join(map(str, pids)), flush=True)
    time.sleep(600)
""")


def running(pid: int) -> bool:
    """Whether ``pid`` still runs (a zombie nobody reaped has ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state not in ("Z", "X")


def test_a_sigkilled_game_leaves_no_worker_running(tmp_path):
    game = subprocess.Popen([sys.executable, "-c", SCRIPT], cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = game.stdout.readline()
        assert line.strip(), game.stderr.read()
        pids = [int(pid) for pid in line.split()]
        assert len(pids) >= 2 and all(running(pid) for pid in pids)

        os.kill(game.pid, signal.SIGKILL)
        game.wait(timeout=30)
        deadline = time.monotonic() + 5
        while any(running(pid) for pid in pids) and time.monotonic() < deadline:
            time.sleep(0.05)
        left = [pid for pid in pids if running(pid)]
    finally:
        if game.poll() is None:
            game.kill()
            game.wait()
        game.stdout.close()
        game.stderr.close()
    for pid in left:  # never leave them behind, even when the test fails
        os.kill(pid, signal.SIGKILL)
    assert left == [], "workers still running 5 s after the game was killed"
