"""How much would Hard win if it could see more than its view? A ceiling for the 4-player target.

Hard plays the arena's deals against Medium (deal g // N, Hard's seat rotated g % N, the
same seeds as ``python -m game.ai.arena``), at its normal time budget, but every world it
samples is corrected towards the truth:

- ``next``: the next player's hand in each sampled world is their true hand (cards are
  swapped with wherever the sampler had put them, so every hand keeps its size);
- ``all``: every hand is the true one; only the order of the stock is sampled.

These players cheat on purpose: they bound what more information could give, which the
regret measurements (``bench/decision_regret.py``) can only estimate. The game's own bots
never see more than their view (``tests/ai/test_ai_hidden_cards.py``).

Usage:
  python bench/information_ceiling.py --players 4 --games 300 --seed 1 --knows next [--jobs 2]
Prints Hard's win rate with its 95 % interval, then one JSON line. ``--iterations N`` replaces
the time budget by N rollouts a move, so the figures repeat exactly from run to run.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.ai.arena import deal_game, game_ranges, map_tasks, wilson_interval  # noqa: E402
from game.ai.hard import DEFAULT_BUDGET_MS, HardBot  # noqa: E402
from game.ai.knowledge import sample_state  # noqa: E402
from game.ai.medium import MediumBot  # noqa: E402
from game.rules import PRESETS, HandState, preset, view_of  # noqa: E402

KNOWS = ("nothing", "next", "all")


def with_true_hands(world: HandState, truth: HandState, players: list[int]) -> HandState:
    """``world`` with the hands of ``players`` swapped to their true cards (sizes kept)."""
    for player in players:
        wanted = set(truth.hands[player])
        hand = world.hands[player]
        spare = [card for card in hand if card not in wanted]
        missing = [card for card in truth.hands[player] if card not in set(hand)]
        for card, give in zip(missing, spare):
            for place in [*world.hands, world.stock]:
                if place is not hand and card in place:
                    place[place.index(card)] = give
                    break
            hand[hand.index(give)] = card
    return world


def peeking_sampler(truth: HandState, players: list[int]):
    """Hard's honest sampler, with the hands of ``players`` in every world corrected to ``truth``."""
    def sample(view, rng) -> HandState:
        return with_true_hands(sample_state(view, rng), truth, players)
    return sample


def play_games(task) -> list[bool]:
    """Whether Hard won each of games ``first..last``."""
    rules_id, players, seed, first, last, knows, budget_ms, iterations = task
    rules = preset(rules_id, players)
    medium = MediumBot()
    results = []
    for game in range(first, last):
        state, hard_seat, rng = deal_game(rules, seed, game)
        while not state.over:
            view = view_of(state, state.current)
            if state.current != hard_seat:
                state.apply(medium.choose_action(view, rng))
                continue
            if knows == "nothing":
                peeking = []
            elif knows == "next":
                peeking = [(hard_seat + state.direction) % players]
            else:
                peeking = [p for p in range(players) if p != hard_seat]
            # A bot per move: who it peeks at follows the direction of play.
            hard = HardBot(budget_ms=budget_ms, iterations=iterations, sampler=peeking_sampler(state, peeking))
            state.apply(hard.choose_action(view, rng))
        results.append(state.winner == hard_seat)
    return results


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="crazy_eights")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--knows", default="next", help="one of: " + ", ".join(KNOWS))
    parser.add_argument("--budget-ms", type=int, default=DEFAULT_BUDGET_MS)
    parser.add_argument("--iterations", type=int, default=None, help="rollouts a move instead of --budget-ms")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    if args.rules not in PRESETS:
        parser.error(f"unknown preset {args.rules!r}; choose from {', '.join(PRESETS)}")
    if args.knows not in KNOWS:
        parser.error(f"--knows must be one of {', '.join(KNOWS)}, not {args.knows!r}")
    iterations = 1 if args.iterations is None else args.iterations
    if not 2 <= args.players <= 7 or min(args.games, args.jobs, args.budget_ms, iterations) < 1:
        parser.error("--players must be 2 to 7, and --games, --jobs, --budget-ms and --iterations at least 1")
    started = time.perf_counter()
    tasks = [(args.rules, args.players, args.seed, first, last, args.knows, args.budget_ms, args.iterations)
             for first, last in game_ranges(args.games, args.jobs)]
    wins = sum(sum(part) for part in map_tasks(play_games, tasks, args.jobs))
    low, high = wilson_interval(wins, args.games)
    print(f"Hard knowing {args.knows}: {wins}/{args.games} hands won = {wins / args.games:.1%} "
          f"[{low:.1%}, {high:.1%}] ({args.rules}, {args.players} players, seed {args.seed})")
    print(json.dumps({"bench": "information_ceiling", "rules": args.rules, "players": args.players,
                      "games": args.games, "seed": args.seed, "knows": args.knows, "wins": wins,
                      "win_rate": round(wins / args.games, 4), "ci95": [round(low, 4), round(high, 4)],
                      "seconds": round(time.perf_counter() - started, 1)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
