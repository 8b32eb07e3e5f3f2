"""bench/search_speed.py through a real subprocess: its figures line and bad flags."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
SCRIPT = REPO_ROOT / "bench" / "search_speed.py"


def run_script(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(SCRIPT), *args], cwd=REPO_ROOT,
                          capture_output=True, text=True, timeout=300)


def test_the_script_searches_real_positions_and_ends_with_one_json_line():
    done = run_script("--presets", "crazy_eights:4,switch:2", "--positions", "3", "--iterations", "24",
                      "--rounds", "1")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    figures = json.loads(lines[-1])
    assert set(figures) == {"crazy_eights/4p", "switch/2p"}
    for entry in figures.values():
        assert entry["iterations_per_s"] > 0
    assert lines[0].startswith("crazy_eights/4p") and "iterations/s" in lines[0]


def test_a_bad_preset_or_count_exits_with_2_and_says_why():
    done = run_script("--presets", "crazy_nines:4")
    assert done.returncode == 2 and "bad preset 'crazy_nines:4'" in done.stderr
    done = run_script("--iterations", "0")
    assert done.returncode == 2 and "at least 1" in done.stderr
