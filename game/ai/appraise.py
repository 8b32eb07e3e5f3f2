"""What every legal move is worth from one player's view: the hard bot's rollouts, with nothing pruned.

``action_values(view, rng, worlds)`` plays each candidate action in the same sampled worlds,
with the same rollout seed per world (as ``HardBot.search`` does), so two moves are compared on
the same luck and the gap between them is measured with little noise. Used to review a person's
decisions after a hand: the move made against the best one.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

from game.rules import DRAW, PlayerView, RuleSet, tables_for

from .hard import ROLLOUT_DEPTH, ROLLOUT_EPSILON, Sampler, evaluate, play_out, root_candidates, wild_kind, win_chance
from .heuristic import full_deck_counts
from .knowledge import sample_state


@dataclass(frozen=True)
class Appraisal:
    """Per candidate action, world by world: the utility (``evaluate``) and the chance to win the hand."""

    values: dict[int, tuple[float, ...]]
    wins: dict[int, tuple[float, ...]]

    @property
    def worlds(self) -> int:
        """How many sampled worlds every action was played in."""
        return len(next(iter(self.values.values())))

    def value(self, action: int) -> float:
        """The mean utility of ``action``."""
        return _mean(self.values[action])

    def win(self, action: int) -> float:
        """The mean chance to win the hand after ``action``."""
        return _mean(self.wins[action])

    @property
    def best(self) -> int:
        """The action with the highest mean utility (the lowest action on a tie, so the answer is stable)."""
        return max(sorted(self.values), key=lambda action: sum(self.values[action]))

    def gap_error(self, better: int, worse: int) -> float:
        """The standard error of the mean utility gap between two actions, world by world."""
        diffs = [x - y for x, y in zip(self.values[better], self.values[worse])]
        count = len(diffs)
        if count < 2:
            return 0.0
        mean = sum(diffs) / count
        return math.sqrt(sum((d - mean) ** 2 for d in diffs) / (count - 1) / count)


def candidate_actions(view: PlayerView) -> list[int]:
    """Every legal action, one card of each kind of wild (naming each suit), in a fixed order."""
    return root_candidates(sorted(view.legal_actions), tables_for(view.rules))


def same_game_action(action: int, candidates: list[int], rules: RuleSet) -> int:
    """The candidate that plays the same game as ``action`` (another card of its wild kind, same suit named)."""
    if action in candidates or action >= DRAW:
        return action
    tables = tables_for(rules)
    kind, named = wild_kind(action // 5, tables), action % 5
    for candidate in candidates:
        if candidate < DRAW and candidate % 5 == named and tables.wild[candidate // 5] \
                and wild_kind(candidate // 5, tables) == kind:
            return candidate
    return action


def action_values(view: PlayerView, actions: list[int], rng: random.Random, worlds: int,
                  sampler: Sampler = sample_state, depth: int = ROLLOUT_DEPTH,
                  epsilon: float = ROLLOUT_EPSILON) -> Appraisal:
    """Play every one of ``actions`` in each of ``worlds`` worlds sampled from ``view``; see ``Appraisal``."""
    if worlds < 1 or not actions:
        raise ValueError("an appraisal needs at least one world and one action")
    me = view.seat
    values: dict[int, list[float]] = {action: [] for action in actions}
    wins: dict[int, list[float]] = {action: [] for action in actions}
    world_rng = random.Random(rng.getrandbits(64))
    rollout_rng = random.Random()
    deck_counts = full_deck_counts(view.rules)
    for _ in range(worlds):
        world = sampler(view, world_rng)
        rollout_seed = world_rng.getrandbits(32)
        for action in actions:
            rollout_rng.seed(rollout_seed)   # the same luck for every action in this world
            state = world.copy(rollout_rng)
            state.apply(action)
            play_out(state, rollout_rng, depth, epsilon, deck_counts)
            values[action].append(evaluate(state, me))
            wins[action].append(win_chance(state, me))
    return Appraisal({a: tuple(v) for a, v in values.items()}, {a: tuple(w) for a, w in wins.items()})


def _mean(numbers) -> float:
    return sum(numbers) / len(numbers)
