"""Soak test: many random hands across every preset and random custom rule sets, checking invariants.

Usage: python bench/soak.py [--hands 100000] [--jobs 2] [--seed 1]
Invariants: cards conserved (count every move, full multiset at each hand end), a state that is
not over has a legal move, every hand ends within its bound, a determinized view matches.
Ends with one JSON line: {"hands": ..., "moves": ..., "violations": ..., "seconds": ...}.
"""
from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.rules import (PRESETS, HandState, InvalidRuleSet, RuleSet, determinize,  # noqa: E402
                        deck_ranks, preset, view_of)


def random_custom_rules(rng: random.Random) -> RuleSet:
    """A random valid custom rule set (retries until the record accepts it)."""
    while True:
        cards_per_deck = rng.choice([52, 32])
        in_deck = deck_ranks(cards_per_deck)       # powers only on ranks the deck holds
        ranks = lambda k: tuple(rng.sample(in_deck, rng.randint(0, k)))  # noqa: E731
        scoring = rng.choice(["penalty", "winner_collects"])
        fields = dict(
            players=rng.randint(2, 7), cards_per_deck=cards_per_deck,
            decks_by_players=tuple(rng.choice([1, 2]) for _ in range(6)),
            hand_size_by_players=tuple(rng.randint(1, 8) for _ in range(6)),
            jokers_per_deck=rng.randint(0, 2), wild_ranks=ranks(2),
            bury_wild_starter=rng.random() < 0.5,
            draw_rule=rng.choice(["until_playable", "up_to_n", "one_then_may_play", "one_then_pass"]),
            wild_on_wild=rng.random() < 0.5, play_again_ranks=ranks(1),
            draw_limit=rng.randint(1, 4), voluntary_draw=rng.random() < 0.5,
            stock_exhausted=rng.choice(["reshuffle", "pass", "end_hand"]),
            draw_penalties=tuple((r, rng.randint(1, 5)) for r in ranks(2)),
            stacking=rng.random() < 0.5, black_jack_draw=rng.choice([0, 7]),
            skip_ranks=ranks(2), reverse_ranks=ranks(1), anything_on_ranks=ranks(1),
            last_card_call=rng.random() < 0.5, stop_call=rng.random() < 0.5,
            turn_cap=rng.choice([100, 1000]), scoring=scoring,
            match_end="single_hand" if scoring == "winner_collects" else "target_loses",
        )
        if fields["black_jack_draw"]:
            fields["black_jack_stacking"] = rng.random() < 0.5
        try:
            return RuleSet(**fields)
        except InvalidRuleSet:
            continue


def soak(job: tuple[int, int]) -> dict:
    """Play ``hands`` random hands from ``seed``; returns counts and the first violations."""
    seed, hands = job
    rng = random.Random(seed)
    preset_ids = sorted(PRESETS)
    moves = violations = 0
    examples = []
    for number in range(hands):
        if number % 2:
            rules = random_custom_rules(rng)
        else:
            rules = preset(preset_ids[number // 2 % len(preset_ids)], rng.randint(2, 7))
        hand_seed = rng.getrandbits(32)
        state, _ = HandState.deal(rules, random.Random(hand_seed))
        pack = Counter(rules.full_deck())
        total = sum(pack.values())
        bound = (rules.turn_cap + 1) * (total + 3)
        problem = None
        steps = 0
        while not state.over and problem is None:
            legal = state.legal_actions()
            if not legal:
                problem = "no legal move in a live state"
                break
            state.apply(rng.choice(legal))
            steps += 1
            if state.card_total() != total:
                problem = "card count changed"
            elif steps > bound:
                problem = "hand did not end"
            elif steps == 7:
                seat = rng.randrange(state.n)
                if view_of(determinize(view_of(state, seat), random.Random(1)), seat) != view_of(state, seat):
                    problem = "determinized view differs"
        if problem is None:
            cards = Counter(state.stock) + Counter(state.discard)
            for hand in state.hands:
                cards.update(hand)
            if cards != pack:
                problem = "cards not conserved at hand end"
        moves += steps
        if problem:
            violations += 1
            if len(examples) < 5:
                examples.append({"problem": problem, "rules": rules.to_dict(), "seed": hand_seed})
    return {"hands": hands, "moves": moves, "violations": violations, "examples": examples}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    per_job = [(args.seed * 1000 + j, args.hands // args.jobs + (j < args.hands % args.jobs))
               for j in range(args.jobs)]
    with multiprocessing.Pool(args.jobs) as pool:
        results = pool.map(soak, per_job)
    seconds = time.perf_counter() - start
    summary = {"hands": sum(r["hands"] for r in results), "moves": sum(r["moves"] for r in results),
               "violations": sum(r["violations"] for r in results), "seconds": round(seconds, 1)}
    for result in results:
        for example in result["examples"]:
            print("VIOLATION:", json.dumps(example))
    print(f"{summary['hands']:,} hands, {summary['moves']:,} moves, {summary['violations']} violations "
          f"in {seconds:.1f} s")
    print(json.dumps(summary))
    return 1 if summary["violations"] else 0


if __name__ == "__main__":
    sys.exit(main())
