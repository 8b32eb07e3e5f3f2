"""bench/decision_regret.py: the regret arithmetic, and the command line through a real subprocess."""
from __future__ import annotations

import json
import subprocess
import sys

from .ai_helpers import REPO_ROOT, load_bench

SCRIPT = REPO_ROOT / "bench" / "decision_regret.py"


def run_script(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], cwd=REPO_ROOT,
                          capture_output=True, text=True, timeout=300)


def test_regret_is_the_gap_to_the_oracles_best_choice_and_pairs_with_the_first_variant():
    bench = load_bench("decision_regret")
    positions = [
        {"kind": "plain", "values": {1: 0.5, 2: 0.3}, "choices": {"a": 2, "b": 1}},
        {"kind": "suit", "values": {3: 0.1, 4: 0.4, 5: 0.2}, "choices": {"a": 4, "b": 5}},
    ]
    figures = bench.summarize(positions, ["a", "b"])
    assert figures["a"]["regret"] == 0.1          # (0.2 + 0.0) / 2
    assert figures["b"]["regret"] == 0.1          # (0.0 + 0.2) / 2
    assert figures["b"]["gain_vs_first"] == 0.0   # +0.2 and -0.2
    assert figures["b"]["by_kind"]["suit"] == {"positions": 1, "regret": 0.2}


def test_variant_specs_parse_or_say_what_is_wrong():
    bench = load_bench("decision_regret")
    assert bench.parse_variant("hard:900:prune_z=2.3") == {
        "name": "hard:900:prune_z=2.3", "level": "hard", "iterations": 900, "settings": {"prune_z": 2.3}}
    for bad, words in [("hard", "expected"), ("hard:0", "expected"), ("easy", "expected"),
                       ("hard:5:budget=9", "unknown setting"), ("hard:5:depth=deep", "needs a number")]:
        try:
            bench.parse_variant(bad)
        except Exception as error:
            assert words in str(error), (bad, str(error))
        else:
            raise AssertionError(f"{bad!r} was accepted")


def test_the_script_prints_figures_and_one_json_line():
    result = run_script("--games", "4", "--worlds", "6", "--jobs", "1", "--driver-iterations", "20",
                        "--variants", "medium,hard:20")
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    assert figures["bench"] == "decision_regret" and figures["positions"] > 0
    for name in ("medium", "hard:20"):
        assert figures["variants"][name]["regret"] >= 0
    assert figures["variants"]["medium"]["gain_vs_first"] == 0


def test_bad_flags_exit_2_with_a_message():
    result = run_script("--players", "9")
    assert result.returncode == 2 and "players" in result.stderr
    result = run_script("--variants", "hard:many")
    assert result.returncode == 2 and "hard:many" in result.stderr
