"""The one analysis of a decision: every candidate move from a player's view, ranked, on shared worlds.

``analyse(view)`` plays every candidate move (``appraise.candidate_actions``: each legal move,
one card of each kind of wild) in the same sampled worlds, with the same rollout luck per
world, and ranks them by the hard bot's utility (winning the hand first, points second). The
worlds are seeded by the position itself (``position_seed``: a stable hash of the view), so the
same view always gets the same answer, in any process, on any day. The hint is
``analyse(view).best``, and the hand review scores a decision with the same call: the two
cannot disagree.

A rollout plays ROLLOUT_ROUNDS rounds of the table (the medium heuristic for everyone) and
then the static evaluation (``hard.evaluate``) stands in for the rest of the hand: played to
the end, two moves' rollouts drift apart after the first card and the luck of the later deals
swamps the gap between them (measured: a paired gap's standard error half as large again for
the same worlds, and each rollout costs twice as much). The worlds are shared out as a race:
every candidate first plays FIRST_WORLDS worlds, then only the undecided ones play more,
BATCH_WORLDS at a time, with the leader: a move is undecided while it might still be the best
(by more than TIE_GAP) or its gap might lie on either side of COSTLY_GAP (the review's line for
a costly move), each within RACE_Z standard errors. The race stops when none is undecided, a
move has MAX_WORLDS worlds or the budget of rollouts is spent. It reads only the results, so
it is as deterministic as the worlds.

Each ranked move carries its win chance, the points it is expected to bring, its utility gap
to the best move and the standard error of that gap (world by world, paired, over the worlds
the move was played in), so a caller can tell a sure loss from the luck of the sampled worlds.
"""
from __future__ import annotations

import hashlib
import math
import random
from dataclasses import dataclass

from game.rules import Move, PlayerView, RuleSet

from .appraise import candidate_actions, same_game_action
from .hard import POINTS_WEIGHT, ROLLOUT_EPSILON, evaluate_with_win, play_out
from .heuristic import full_deck_counts
from .knowledge import sample_state

#: The most rollouts an analysis spends over all its candidate moves (the race usually stops sooner).
ANALYSIS_ROLLOUTS = 1600
#: Worlds every candidate plays first, and the worlds an undecided candidate plays in each further round.
FIRST_WORLDS, BATCH_WORLDS = 32, 32
#: Worlds a candidate plays at most; and at least, however small the budget.
MAX_WORLDS, MIN_WORLDS = 640, 8
#: Rounds of the table a rollout plays before the static evaluation takes over.
ROLLOUT_ROUNDS = 4
#: A utility gap from which a move is a costly error (about 2.5 points of win chance): the review's line.
COSTLY_GAP = 0.025
#: Standard errors that settle a question in the race (more than the review's 2: it looks again and again).
RACE_Z = 2.5
#: Two moves surely this close count as equally good: the race does not spend worlds telling them apart.
TIE_GAP = 0.01
#: Utility per point of the hand, as ``game.ai.hard.evaluate`` weighs points (0.5 per 100).
UTILITY_PER_POINT = POINTS_WEIGHT / 100.0


@dataclass(frozen=True)
class MoveScore:
    """One candidate move as the analysis scored it.

    ``value`` is the hard bot's utility, ``win`` the chance to win the hand, ``points`` the
    points the hand is expected to bring (penalty points taken under penalty scoring, points
    collected otherwise); ``gap`` the utility it gives up against the best move and
    ``gap_error`` the standard error of that gap (0 for the best move itself); ``worlds`` how
    many of the shared worlds it was played in (the race gives clear cases fewer).
    """

    action: int
    value: float
    win: float
    points: float
    gap: float
    gap_error: float
    worlds: int = 0

    @property
    def move(self) -> Move:
        """The move as a value."""
        return Move.from_action(self.action)


@dataclass(frozen=True)
class Analysis:
    """Every candidate move of one position, best first; ``worlds``: how many worlds the best was played in,
    ``rollouts``: how many rollouts the analysis played in all."""

    ranked: tuple[MoveScore, ...]
    worlds: int
    seed: int
    rules: RuleSet
    rollouts: int = 0

    @property
    def best(self) -> MoveScore:
        """The best move: the highest utility among the moves played in the most worlds (the lowest
        action on a tie, so the answer is stable)."""
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


def analyse(view: PlayerView, rollouts: int = ANALYSIS_ROLLOUTS, worlds: int | None = None,
            effort: int = 1) -> Analysis:
    """Every candidate move of ``view`` (it must be the player's turn), scored and ranked, best first.

    ``rollouts`` bounds the work; ``effort`` multiplies every count of worlds and the budget
    (the oracle that checks the analysis is ``effort=25``); ``worlds`` plays every candidate in
    exactly that many worlds, with no race (for comparisons at a fixed cost).
    """
    candidates = candidate_actions(view)
    if not candidates:
        raise ValueError("there is no move to analyse: it is not this player's turn")
    seed = position_seed(view)
    race = _Race(view, candidates, seed)
    if worlds is not None:
        for action in candidates:
            race.play(action, max(1, worlds))
    elif len(candidates) == 1:
        # One move: nothing to compare, but its scores are still worth having (a review shows them).
        race.play(candidates[0], min(FIRST_WORLDS, max(MIN_WORLDS, rollouts)) * effort)
    else:
        race.run(rollouts * effort, effort)
    return Analysis(race.ranked(view.rules.scoring == "penalty"), race.leader_worlds, seed, view.rules,
                    race.rollouts)


class _Race:
    """The candidates' rollouts on one sequence of worlds: candidate ``a`` has played worlds
    ``0 .. len(values[a]) - 1``, so any two are paired over the shorter one's worlds."""

    def __init__(self, view: PlayerView, candidates: list[int], seed: int):
        self.view = view
        self.candidates = candidates
        self.values: dict[int, list[float]] = {action: [] for action in candidates}
        self.wins: dict[int, list[float]] = {action: [] for action in candidates}
        self.worlds: list = []          # (sampled hand, rollout seed), made once, in order
        self.world_rng = random.Random(random.Random(seed).getrandbits(64))
        self.rollout_rng = random.Random()
        self.deck_counts = full_deck_counts(view.rules)
        self.depth = ROLLOUT_ROUNDS * len(view.hand_counts)
        self.rollouts = 0

    def play(self, action: int, upto: int) -> None:
        """Play ``action`` in the worlds it has not played yet, up to world ``upto``."""
        values, wins = self.values[action], self.wins[action]
        me, view, rng, worlds = self.view.seat, self.view, self.rollout_rng, self.worlds
        self.rollouts += max(0, upto - len(values))
        for index in range(len(values), upto):
            while len(worlds) <= index:
                worlds.append((sample_state(view, self.world_rng), self.world_rng.getrandbits(32)))
            world, rollout_seed = worlds[index]
            rng.seed(rollout_seed)   # the same luck for every action in this world
            state = world.copy(rng)
            state.apply(action)
            play_out(state, rng, self.depth, ROLLOUT_EPSILON, self.deck_counts)
            value, win = evaluate_with_win(state, me)
            values.append(value)
            wins.append(win)

    def run(self, budget: int, effort: int) -> None:
        """The race: everyone plays the first worlds, then the undecided and the leader play more."""
        count = len(self.candidates)
        target = min(FIRST_WORLDS, max(MIN_WORLDS, budget // (count * effort))) * effort
        cap = MAX_WORLDS * effort
        for action in self.candidates:
            self.play(action, target)
        while target < cap:
            leader = self.leader
            playing = [leader] + [action for action in self.candidates
                                  if action != leader and self._undecided(action, leader)]
            if len(playing) == 1:
                break
            target = min(cap, target + BATCH_WORLDS * effort)
            cost = sum(target - len(self.values[action]) for action in playing)
            if self.rollouts + cost > budget:
                break
            for action in playing:
                self.play(action, target)

    @property
    def leader(self) -> int:
        """The best mean among the candidates played in the most worlds (the lowest action on a tie)."""
        most = max(len(values) for values in self.values.values())
        return min((action for action in self.candidates if len(self.values[action]) == most),
                   key=lambda action: (-sum(self.values[action]), action))

    @property
    def leader_worlds(self) -> int:
        return len(self.values[self.leader])

    def _undecided(self, action: int, leader: int) -> bool:
        """Whether ``action`` might still be the best, or might be on either side of the costly line."""
        gap, error = _paired(self.values[leader], self.values[action])
        if error == 0.0:
            return False
        margin = RACE_Z * error
        might_be_best = gap < margin and gap + margin > TIE_GAP
        return might_be_best or abs(gap - COSTLY_GAP) < margin

    def ranked(self, penalty: bool) -> tuple[MoveScore, ...]:
        """Every candidate scored against the leader over the worlds they share, best first."""
        best = self.leader
        best_values, best_wins = self.values[best], self.wins[best]
        best_value, best_win = _mean(best_values), _mean(best_wins)
        scores = []
        for action in self.candidates:
            worlds = len(self.values[action])
            if action == best:
                gap, error, win = 0.0, 0.0, best_win
            else:
                gap, error = _paired(best_values, self.values[action])
                # A candidate the race left early is ahead on its worlds only if the budget ran out first.
                gap = max(0.0, gap)
                win = best_win - _paired(best_wins, self.wins[action])[0]
            value = best_value - gap
            # The utility is the chance to win plus (penalty scoring: minus) the points' weight.
            points = (win - value if penalty else value - win) / UTILITY_PER_POINT
            scores.append(MoveScore(action, value, win, points, gap, error, worlds))
        scores.sort(key=lambda score: (score.action != best, score.gap, score.action))
        return tuple(scores)


def _paired(better: list[float], worse: list[float]) -> tuple[float, float]:
    """Mean of ``better - worse`` over the worlds both were played in, and its standard error."""
    count = min(len(better), len(worse))
    diffs = [better[i] - worse[i] for i in range(count)]
    mean = sum(diffs) / count
    if count < 2:
        return mean, 0.0
    return mean, math.sqrt(sum((d - mean) ** 2 for d in diffs) / (count - 1) / count)


def _mean(numbers) -> float:
    return sum(numbers) / len(numbers)


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
