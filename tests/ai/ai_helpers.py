"""Shared helpers for the AI tests: positions from real play and from readable card lists."""
from __future__ import annotations

import importlib.util
import random
from pathlib import Path

from game.rules import HOUSE_RULES_BY_ID, PRESETS, HandState, cards_from_str, preset, view_of
from game.ai.heuristic import state_pick

FAST_HARD_ITERATIONS = 40
REPO_ROOT = Path(__file__).resolve().parents[2]


def load_bench(name: str):
    """A script under ``bench/`` as a module (the benches are scripts, not a package)."""
    spec = importlib.util.spec_from_file_location(name, REPO_ROOT / "bench" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def custom_rule_sets(count: int, seed: int = 5) -> list:
    """Valid custom rule sets: random house-rule switches over random presets and player counts."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        preset_id = rng.choice(list(PRESETS))
        rules = preset(preset_id, rng.choice((2, 3, 4, 5)))
        for switch in rng.sample(sorted(HOUSE_RULES_BY_ID), 3):
            try:
                rules = HOUSE_RULES_BY_ID[switch].turn_on(rules)
            except ValueError:
                pass  # some switches contradict others; skipping them keeps the set valid
        found.append(rules)
    return found


def positions(rules, count: int, seed: int):
    """Mid-hand states reached by heuristic play, each with the seat to act."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        state, _ = HandState.deal(rules, random.Random(rng.getrandbits(32)), rng.randrange(rules.players))
        stop_after = rng.randrange(0, 30)
        for _ in range(stop_after):
            if state.over:
                break
            legal = state.legal_actions()
            state.apply(rng.choice(legal) if rng.random() < 0.3 else state_pick(state))
        if not state.over:
            found.append(state)
    return found


def position(rules_id: str, hands: list[str], discard: str, stock: str = "", players: int = 2,
             suit: int | None = None, **changes):
    """A readable position: hands[0] is the seat to act."""
    rules = preset(rules_id, players)
    if changes:
        rules = rules.replace(**changes)
    return HandState.from_position(rules, hands=[cards_from_str(h) for h in hands],
                                   stock=cards_from_str(stock), discard=cards_from_str(discard),
                                   suit=suit, rng=random.Random(0))


def view_for_current(state):
    """The view of the player to act."""
    return view_of(state, state.current)
