"""Decision regret of the computer players against an oracle that sees every hand.

Win rates over a few hundred hands cannot separate changes worth a point or two; this
measures decisions instead. Hard at a fixed number of iterations (the driver) plays the
arena's deals against Medium, seats and dealer rotated as in the arena. At each of the
driver's decisions with more than one searched candidate, an oracle that knows the true
hands values every candidate with paired rollouts (the stock reshuffled each time, the
hard bot's own rollout policy); then every variant chooses in that same position. A
variant's regret is the oracle's best value minus the value of its choice, in the hard
bot's utility (1.0 is a hand won). Variants are compared on the same positions, so a
difference of 0.001 shows; the figures depend on the driver, not on the machine's load.

Usage:
  python bench/decision_regret.py --rules crazy_eights --players 4 --games 70 --seed 2 \\
      --variants medium,hard:300,hard:900,hard:900:prune_z=2.3 [--worlds 400] [--jobs 2]

A variant is ``medium`` (the heuristic's own choice, Hard's prior) or
``hard:ITERATIONS[:name=value...]`` with names ``prune_z``, ``anchor_z``, ``depth``, ``epsilon``.
Prints one line per variant (regret, the paired difference to the first variant with its
standard error, regret by kind of decision) and ends with one JSON line of all figures.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.arena import UsageError, deal_game, game_ranges, map_tasks  # noqa: E402
from game.ai.hard import (ROLLOUT_DEPTH, ROLLOUT_EPSILON, HardBot, obvious_action, rollout,  # noqa: E402
                          searched_candidates)
from game.ai.heuristic import full_deck_counts  # noqa: E402
from game.ai.medium import MediumBot  # noqa: E402
from game.rules import DRAW, PRESETS, preset, tables_for, view_of  # noqa: E402

HARD_SETTINGS = {"prune_z": float, "anchor_z": float, "depth": int, "epsilon": float}


def parse_variant(spec: str) -> dict:
    """``medium`` or ``hard:ITERATIONS[:name=value...]`` as a dict; a clear error otherwise."""
    if spec == "medium":
        return {"name": spec, "level": "medium"}
    parts = spec.split(":")
    if parts[0] != "hard" or len(parts) < 2 or not parts[1].isdigit() or int(parts[1]) < 1:
        raise UsageError(f"variant {spec!r}: expected 'medium' or 'hard:ITERATIONS[:name=value...]'")
    settings = {}
    for item in parts[2:]:
        key, _, text = item.partition("=")
        if key not in HARD_SETTINGS:
            raise UsageError(f"variant {spec!r}: unknown setting {key!r} (known: {', '.join(HARD_SETTINGS)})")
        try:
            settings[key] = HARD_SETTINGS[key](text)
        except ValueError:
            raise UsageError(f"variant {spec!r}: {key} needs a number, not {text!r}") from None
    return {"name": spec, "level": "hard", "iterations": int(parts[1]), "settings": settings}


def variant_choice(variant: dict, view, seed: str) -> int:
    """The action the variant chooses in ``view``."""
    if variant["level"] == "medium":
        return searched_candidates(view)[0]
    bot = HardBot(iterations=variant["iterations"], **variant["settings"])
    return bot.search(view, random.Random(seed)).action


def oracle_values(state, candidates: list[int], worlds: int, rng: random.Random) -> dict[int, float]:
    """Each candidate's mean utility for the player to act, with every hand known."""
    me = state.current
    deck_counts = full_deck_counts(state.rules)
    sums = dict.fromkeys(candidates, 0.0)
    rollout_rng = random.Random()
    for _ in range(worlds):
        world = state.copy(rng)
        rng.shuffle(world.stock)
        seed = rng.getrandbits(32)
        for action in candidates:
            rollout_rng.seed(seed)
            played = world.copy(rollout_rng)
            played.apply(action)
            sums[action] += rollout(played, me, rollout_rng, ROLLOUT_DEPTH, ROLLOUT_EPSILON, deck_counts)
    return {action: total / worlds for action, total in sums.items()}


def decision_kind(candidates: list[int], wild) -> str:
    """``suit`` (only a wild card to play: which suit to name), ``wild_or_plain``, ``plain`` or ``other``."""
    plays = [a for a in candidates if a < DRAW]
    wilds = [a for a in plays if wild[a // 5]]
    if wilds and len(wilds) == len(plays) and len(plays) == len(candidates):
        return "suit"
    if wilds:
        return "wild_or_plain"
    return "plain" if len(plays) == len(candidates) else "other"


def play_games(task) -> list[dict]:
    """Positions from games ``first..last`` with the oracle's values and every variant's choice."""
    rules_id, players, seed, first, last, worlds, driver_iterations, variants = task
    rules = preset(rules_id, players)
    tables = tables_for(rules)
    medium = MediumBot()
    driver = HardBot(iterations=driver_iterations)
    positions = []
    for game in range(first, last):
        state, hard_seat, rng = deal_game(rules, seed, game)
        while not state.over:
            view = view_of(state, state.current)
            if state.current != hard_seat:
                state.apply(medium.choose_action(view, rng))
                continue
            if obvious_action(view) is None:
                candidates = searched_candidates(view)
                if len(candidates) > 1:
                    key = f"{seed}:{game}:{state.turns}"
                    values = oracle_values(state, candidates, worlds, random.Random(f"oracle:{key}"))
                    choices = {v["name"]: variant_choice(v, view, f"variant:{key}") for v in variants}
                    positions.append({"kind": decision_kind(candidates, tables.wild),
                                      "values": values, "choices": choices})
            state.apply(driver.choose_action(view, rng))
    return positions


def summarize(positions: list[dict], names: list[str]) -> dict:
    """Mean regret per variant, paired difference to the first variant, and regret by kind of decision."""
    def value(position, name):
        return position["values"][position["choices"][name]]

    count = len(positions)
    figures = {}
    for name in names:
        regrets = [max(p["values"].values()) - value(p, name) for p in positions]
        gains = [value(p, name) - value(p, names[0]) for p in positions]
        mean_gain = sum(gains) / count
        spread = math.sqrt(sum((g - mean_gain) ** 2 for g in gains) / max(1, count - 1))
        kinds = {}
        for kind in sorted({p["kind"] for p in positions}):
            chosen = [r for r, p in zip(regrets, positions) if p["kind"] == kind]
            kinds[kind] = {"positions": len(chosen), "regret": round(sum(chosen) / len(chosen), 5)}
        figures[name] = {"regret": round(sum(regrets) / count, 5),
                         "gain_vs_first": round(mean_gain, 5),
                         "gain_se": round(spread / math.sqrt(count), 5),
                         "by_kind": kinds}
    return figures


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="crazy_eights")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=70)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--worlds", type=int, default=400, help="the oracle's paired rollouts per candidate")
    parser.add_argument("--driver-iterations", type=int, default=300)
    parser.add_argument("--variants", default="medium,hard:300,hard:900")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    try:
        if args.rules not in PRESETS:
            raise UsageError(f"unknown preset {args.rules!r} (known: {', '.join(PRESETS)})")
        preset(args.rules, args.players)
        variants = [parse_variant(spec) for spec in args.variants.split(",") if spec]
        if not variants or min(args.games, args.worlds, args.jobs, args.driver_iterations) < 1:
            raise UsageError("--variants, --games, --worlds, --jobs and --driver-iterations must not be empty or below 1")
    except (UsageError, ValueError) as error:
        print(f"decision_regret: {error}", file=sys.stderr)
        return 2
    started = time.perf_counter()
    tasks = [(args.rules, args.players, args.seed, first, last, args.worlds, args.driver_iterations, variants)
             for first, last in game_ranges(args.games, args.jobs)]
    positions = [p for part in map_tasks(play_games, tasks, args.jobs) for p in part]
    names = [v["name"] for v in variants]
    if not positions:
        print("decision_regret: no position with a choice to make; play more games", file=sys.stderr)
        return 1
    figures = summarize(positions, names)
    for name in names:
        f = figures[name]
        kinds = ", ".join(f"{kind} {k['regret']:.4f} ({k['positions']})" for kind, k in f["by_kind"].items())
        print(f"{name:28s} regret {f['regret']:.5f}   vs {names[0]}: {f['gain_vs_first']:+.5f} "
              f"± {f['gain_se']:.5f}   [{kinds}]")
    print(json.dumps({"bench": "decision_regret", "rules": args.rules, "players": args.players,
                      "games": args.games, "seed": args.seed, "worlds": args.worlds,
                      "driver_iterations": args.driver_iterations, "positions": len(positions),
                      "seconds": round(time.perf_counter() - started, 1), "variants": figures}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
