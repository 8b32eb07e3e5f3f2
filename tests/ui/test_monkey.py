"""The UI monkey in the suite: a few thousand seeded random events across every scene, no exception.

The long run is ``bench/monkey.py --events 100000``. The records dialog (the pause menu's Export
and Import) is in both; the records it saves go to the test's own folder.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path

MONKEY = Path(__file__).resolve().parents[2] / "bench" / "monkey.py"


def load_monkey():
    spec = importlib.util.spec_from_file_location("bench_monkey", MONKEY)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_few_thousand_random_events_across_every_scene_raise_nothing(app):
    import dataclasses

    monkey = load_monkey()
    app.settings = dataclasses.replace(app.settings, animation_speed="fast", computer_speed="fast", ai_think_budget_ms=20)
    # (the seed is one whose walk reaches every screen below; a new widget shifts where the clicks land)
    result = monkey.Monkey(app, seed=14, resizes=0.01).run(1000)
    assert result["exceptions"] == 0, "\n".join(result["first_errors"])
    assert result["posted"] >= 2000
    seen = set(result["scenes"])
    assert {"MainMenuScene", "TableScene", "PauseScene", "NewGameScene", "SettingsScene", "RecordsScene",
            "ReplayScene"} <= seen, seen
