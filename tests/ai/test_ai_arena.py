"""The arena: fast smoke games for every preset and level, and the command line through a real subprocess."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai import LEVELS
from game.ai.arena import run, wilson_interval
from game.rules import PRESETS, preset

from .ai_helpers import custom_rule_sets

REPO_ROOT = Path(__file__).resolve().parents[2]


def arena(*args: str, timeout: int = 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game.ai.arena", *args], cwd=REPO_ROOT,
                          capture_output=True, text=True, timeout=timeout)


@pytest.mark.parametrize("preset_id", list(PRESETS))
@pytest.mark.parametrize("level", LEVELS)
def test_smoke_games_complete_with_legal_moves(preset_id, level):
    """Every move is checked for legality by the arena and again by the engine; every hand ends."""
    players = 3
    summary = run(preset(preset_id, players), [level, "medium", "easy"], games=3, seed=2, budget_ms=5)
    assert summary["games"] == 3
    assert sum(bot["wins"] for bot in summary["bots"]) == 3  # one winner per hand
    assert summary["bots"][0]["decisions"] > 0


def test_smoke_whole_matches_and_custom_rules():
    summary = run(preset("crazy_eights_hoyle", 2), ["hard", "easy"], games=2, seed=1, budget_ms=5,
                  whole_matches=True)
    assert summary["unit"] == "matches" and summary["games"] == 2
    assert sum(bot["wins"] for bot in summary["bots"]) == pytest.approx(2)
    for rules in custom_rule_sets(3, seed=9):
        levels = (list(reversed(LEVELS)) * 3)[:rules.players]
        assert run(rules, levels, games=1, seed=3, budget_ms=5)["games"] == 1


def test_wilson_interval_brackets_the_rate():
    low, high = wilson_interval(60, 100)
    assert low < 0.6 < high and high - low == pytest.approx(0.19, abs=0.01)


def test_cli_list_names_presets_and_levels():
    result = arena("--list")
    assert result.returncode == 0
    for name in list(PRESETS) + list(LEVELS):
        assert name in result.stdout


@pytest.mark.parametrize("args,message", [
    (["--rules", "poker"], "unknown preset 'poker'"),
    (["--bots", "medium,wizard", "--players", "2"], "unknown bot 'wizard'"),
    (["--bots", "medium,easy,easy", "--players", "2"], "give one bot per seat"),
    (["--players", "9", "--bots", "easy"], "--players must be between 2 and 7"),
    (["--games", "0"], "--games must be at least 1"),
    (["--house", "no_such_rule"], "unknown house rule"),
    (["--games", "lots"], "invalid int value"),
])
def test_cli_bad_flags_exit_2_with_a_message(args, message):
    result = arena(*args)
    assert result.returncode == 2
    assert message in result.stderr
    assert result.stdout == ""


def test_cli_json_run_parses_and_has_the_figures():
    result = arena("--rules", "switch", "--players", "2", "--bots", "hard,medium", "--games", "2",
                   "--seed", "1", "--budget-ms", "5", "--json", "--jobs", "2", "--quiet")
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["games"] == 2 and summary["rules"] == "Switch"
    assert [bot["seat_bot"] for bot in summary["bots"]] == ["hard", "medium"]
    for bot in summary["bots"]:
        for key in ("win_rate", "ci95", "mean_points", "decision_ms_p50", "decision_ms_p95", "playouts_per_s"):
            assert key in bot
    assert summary["bots"][0]["playouts_per_s"] > 0
