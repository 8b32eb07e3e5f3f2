"""The one analysis of a decision: every candidate move from a player's view, ranked, on shared worlds.

``analyse(view)`` plays every candidate move (``appraise.candidate_actions``: each legal move,
one card of each kind of wild) in the same sampled worlds, with the same rollout luck per
world, and ranks them by the hard bot's utility (winning the hand first, points second). The
worlds are seeded by the position itself (``position_seed``: a stable hash of the view), and
their number depends only on how many candidates there are, so the same view always gets the
same answer, in any process, on any day. The hint is ``analyse(view).best``, and the hand
review scores a decision with the same call: the two cannot disagree.

Each ranked move carries its win chance, the points it is expected to bring, its utility gap
to the best move and the standard error of that gap (world by world, paired), so a caller can
tell a sure loss from the luck of the sampled worlds.
"""
from __future__ import annotations

import hashlib
import math
import random
from dataclasses import dataclass

from game.rules import Move, PlayerView, RuleSet

from .appraise import Appraisal, action_values, candidate_actions, same_game_action
from .hard import POINTS_WEIGHT

#: Rollouts an analysis shares out over its candidate moves ...
ANALYSIS_ROLLOUTS = 720
#: ... each candidate getting at least / at most this many worlds.
MIN_WORLDS, MAX_WORLDS = 40, 200
#: Utility per point of the hand, as ``game.ai.hard.evaluate`` weighs points (0.5 per 100).
UTILITY_PER_POINT = POINTS_WEIGHT / 100.0


@dataclass(frozen=True)
class MoveScore:
    """One candidate move as the analysis scored it.

    ``value`` is the hard bot's utility, ``win`` the chance to win the hand, ``points`` the
    points the hand is expected to bring (penalty points taken under penalty scoring, points
    collected otherwise); ``gap`` the utility it gives up against the best move and
    ``gap_error`` the standard error of that gap (0 for the best move itself).
    """

    action: int
    value: float
    win: float
    points: float
    gap: float
    gap_error: float

    @property
    def move(self) -> Move:
        """The move as a value."""
        return Move.from_action(self.action)


@dataclass(frozen=True)
class Analysis:
    """Every candidate move of one position, best first, and how many worlds each was played in."""

    ranked: tuple[MoveScore, ...]
    worlds: int
    seed: int
    rules: RuleSet

    @property
    def best(self) -> MoveScore:
        """The best move (the highest utility; the lowest action on a tie, so the answer is stable)."""
        return self.ranked[0]

    def score(self, action: int) -> MoveScore:
        """The score of ``action`` (a wild card is scored as the candidate of its kind naming the same suit)."""
        by_action = {score.action: score for score in self.ranked}
        if action in by_action:
            return by_action[action]
        return by_action[same_game_action(action, list(by_action), self.rules)]

    def surely_worse(self, action: int, z: float) -> bool:
        """Whether ``action`` is worse than the best by more than ``z`` standard errors of the gap."""
        score = self.score(action)
        return score.gap > 0 and score.gap > z * score.gap_error


def position_seed(view: PlayerView) -> int:
    """A seed made of everything in the view: the same position always gives the same seed.

    ``repr`` of the view is all ints, strings, booleans and tuples, so it is the same in every
    process (Python's own ``hash`` of a string is salted per process, and would not be).
    """
    digest = hashlib.blake2b(repr(view).encode("utf-8"), digest_size=8, person=b"c8-analysis").digest()
    return int.from_bytes(digest, "big")


def worlds_for(candidates: int, rollouts: int = ANALYSIS_ROLLOUTS) -> int:
    """How many worlds an analysis of ``candidates`` moves plays each of them in."""
    return max(MIN_WORLDS, min(MAX_WORLDS, math.ceil(rollouts / max(1, candidates))))


def analyse(view: PlayerView, rollouts: int = ANALYSIS_ROLLOUTS, worlds: int | None = None) -> Analysis:
    """Every candidate move of ``view`` (it must be the player's turn), scored and ranked, best first.

    ``worlds`` overrides the number of worlds (an oracle runs many more); by default it follows
    from ``rollouts`` and the number of candidates.
    """
    candidates = candidate_actions(view)
    if not candidates:
        raise ValueError("there is no move to analyse: it is not this player's turn")
    if worlds is None:
        worlds = worlds_for(len(candidates), rollouts)
    seed = position_seed(view)
    if len(candidates) == 1:
        # One move: nothing to compare, but its scores are still worth having (a review shows them).
        worlds = min(worlds, MIN_WORLDS)
    appraisal = action_values(view, candidates, random.Random(seed), worlds)
    return Analysis(_ranked(appraisal, view.rules.scoring == "penalty"), worlds, seed, view.rules)


def _ranked(appraisal: Appraisal, penalty: bool) -> tuple[MoveScore, ...]:
    order = sorted(appraisal.values, key=lambda action: (-sum(appraisal.values[action]), action))
    best = order[0]
    best_value = appraisal.value(best)
    scores = []
    for action in order:
        value, win = appraisal.value(action), appraisal.win(action)
        # The utility is the chance to win plus (penalty scoring: minus) the points' weight.
        points = (win - value if penalty else value - win) / UTILITY_PER_POINT
        gap = best_value - value
        error = appraisal.gap_error(best, action) if action != best else 0.0
        scores.append(MoveScore(action, value, win, points, gap, error))
    return tuple(scores)


class BestMoveBot:
    """The analysis's best move as a player (``choose(view, rng)``; the rng is not needed: the
    position seeds the analysis). It gives the hints, in the AI worker's process."""

    level = "analysis"
    searches = True   # pure-Python search: the AI worker runs it in its process, off the frame loop

    def __init__(self, rollouts: int = ANALYSIS_ROLLOUTS):
        self.rollouts = rollouts

    def choose(self, view: PlayerView, rng: random.Random) -> Move:
        """The best move of ``analyse(view)``."""
        legal = view.legal_actions
        if len(legal) == 1:
            return Move.from_action(legal[0])
        return analyse(view, self.rollouts).best.move
