"""bench/information_ceiling.py: the truth-correction of sampled worlds, and its command line."""
from __future__ import annotations

import json
import random
import subprocess
import sys

from game.ai.knowledge import sample_state
from game.rules import HandState, preset, view_of

from ..rules.test_properties import all_cards
from .ai_helpers import REPO_ROOT, load_bench

SCRIPT = REPO_ROOT / "bench" / "information_ceiling.py"


def test_true_hands_replace_the_sampled_ones_and_nothing_else_changes_size():
    bench = load_bench("information_ceiling")
    rules = preset("crazy_eights", 4)
    for seed in range(20):
        truth, _ = HandState.deal(rules, random.Random(seed))
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 25)):
            if truth.over:
                break
            truth.apply(rng.choice(truth.legal_actions()))
        if truth.over:
            continue
        me = truth.current
        world = sample_state(view_of(truth, me), random.Random(seed))
        sizes = [len(h) for h in world.hands], len(world.stock)
        nxt = (me + truth.direction) % 4
        bench.with_true_hands(world, truth, [nxt])
        assert sorted(world.hands[nxt]) == sorted(truth.hands[nxt])
        assert world.hands[me] == truth.hands[me]
        assert ([len(h) for h in world.hands], len(world.stock)) == sizes
        assert all_cards(world) == all_cards(truth)


def test_the_script_plays_real_hands_and_ends_with_one_json_line():
    done = subprocess.run([sys.executable, str(SCRIPT), "--games", "4", "--knows", "all", "--budget-ms", "10"],
                          cwd=REPO_ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    assert figures["games"] == 4 and figures["knows"] == "all" and 0 <= figures["wins"] <= 4
    bad = subprocess.run([sys.executable, str(SCRIPT), "--knows", "everything"], cwd=REPO_ROOT,
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "--knows must be one of" in bad.stderr
