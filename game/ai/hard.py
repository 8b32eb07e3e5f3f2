"""Hard: determinized Monte Carlo search over sampled hidden hands, with the medium heuristic as rollout.

Each iteration samples a full hand consistent with the view (``sample_state``),
and plays every still-competitive root action in that *same* sampled world,
continuing with the heuristic policy for both sides until the hand ends or a
depth cap, where a static evaluation stands in. Comparing actions on shared
worlds (common random numbers) cancels most of the luck of the deal, so a few
hundred rollouts separate moves that differ by a few percent; actions that are
clearly behind the leader are dropped so the budget goes to the close calls.
Nothing depends on the preset: the rules engine supplies legality and outcomes.
"""
from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from game.rules import DRAW, LAST_CARD, RANK_OF, HandState, PlayerView, tables_for

from .base import Bot, require_turn
from .heuristic import full_deck_counts, new_pile_memo, rollout_pick
from .knowledge import sample_state, view_scores

DEFAULT_BUDGET_MS = 250
ROLLOUT_DEPTH = 60             # plies simulated before the static evaluation takes over (30 before 2026-11-29)
ROLLOUT_EPSILON = 0.08         # rollouts sometimes play a random card so they do not trust one line
POINTS_WEIGHT = 0.5            # utility per 100 penalty points next to 1.0 for winning the hand
WIN_SHARPNESS = 0.9            # how strongly one card fewer raises the odds of going out first
WILD_AS_CARDS = 0.7            # a wild in hand is worth about this many cards fewer
PRUNE_EVERY = 6                # worlds between pruning checks
PRUNE_MIN_WORLDS = 10
ANCHOR_Z = 1.0                 # how sure we must be to overrule the heuristic's move
PRUNE_Z = 3.0                  # how sure we must be an action is worse before dropping it (checked again and again, so strict)

Sampler = Callable[[PlayerView, random.Random], HandState]


@dataclass
class SearchResult:
    """The chosen action and what the search did to choose it."""

    action: int
    iterations: int = 0
    worlds: int = 0
    seconds: float = 0.0
    values: dict = field(default_factory=dict)


def evaluate(state, me: int) -> float:
    """Utility of ``state`` for player ``me``: winning the hand first, penalty points second."""
    return evaluate_with_win(state, me)[0]


def evaluate_with_win(state, me: int) -> tuple[float, float]:
    """``(evaluate(state, me), win_chance(state, me))`` in one pass over the hands (the analysis keeps both)."""
    rules = state.rules
    penalty = rules.scoring == "penalty"
    if state.over:
        won = 1.0 if state.winner == me else 0.0
        points = state.scores()[me]
        if penalty:
            return won - POINTS_WEIGHT * points / 100.0, won
        return won * (1.0 + POINTS_WEIGHT * points / 100.0), won
    wild = state.tables.wild
    value = state.tables.value
    weights = []
    my_value = 0
    others_value = 0
    for player, hand in enumerate(state.hands):
        wilds = 0
        total = 0
        for card in hand:
            total += value[card]
            if wild[card]:
                wilds += 1
        if player == me:
            my_value = total
        else:
            others_value += total
        weights.append(math.exp(-WIN_SHARPNESS * (len(hand) - WILD_AS_CARDS * wilds)))
    p_win = weights[me] / sum(weights)
    if penalty:
        return p_win - POINTS_WEIGHT * (1.0 - p_win) * my_value / 100.0, p_win
    return p_win * (1.0 + POINTS_WEIGHT * others_value / 100.0), p_win


def win_chance(state, me: int) -> float:
    """Whether ``me`` won (1 or 0) once the hand is over; before that, the estimate ``evaluate`` uses."""
    if state.over:
        return 1.0 if state.winner == me else 0.0
    wild = state.tables.wild
    weights = [math.exp(-WIN_SHARPNESS * (len(hand) - WILD_AS_CARDS * sum(1 for c in hand if wild[c])))
               for hand in state.hands]
    return weights[me] / sum(weights)


def rollout(state, me: int, rng: random.Random, depth: int = ROLLOUT_DEPTH,
            epsilon: float = ROLLOUT_EPSILON, deck_counts=None) -> float:
    """Play on with the heuristic (sometimes a random card) for ``depth`` plies; the value for ``me``."""
    play_out(state, rng, depth, epsilon, deck_counts)
    return evaluate(state, me)


def play_out(state, rng: random.Random, depth: int = ROLLOUT_DEPTH, epsilon: float = ROLLOUT_EPSILON,
             deck_counts=None) -> None:
    """The rollout's moves: the heuristic (sometimes a random card) for ``depth`` plies, applied to ``state``."""
    random_unit = rng.random
    legal_actions = state.legal_actions
    apply = state.apply_legal     # the actions come from legal_actions(): no need to check them again
    if deck_counts is None:
        deck_counts = full_deck_counts(state.rules)
    memo = new_pile_memo()      # unseen-card counts kept up to date across this rollout's plies
    for _ in range(depth):
        if state.over:
            break
        legal = legal_actions()
        if len(legal) == 1:
            action = legal[0]
        elif random_unit() < epsilon:
            plays = [a for a in legal if a < DRAW]
            action = rng.choice(plays) if plays else legal[0]
        else:
            action = rollout_pick(state, legal, deck_counts, memo)
        apply(action)


class HardBot(Bot):
    """Determinized search within a time budget (or a fixed number of iterations, for tests).

    ``sampler(view, rng)`` deals the hidden cards of each searched world; the honest
    ``sample_state`` unless a bench wants a bot that knows more than its view.
    """

    level = "hard"

    def __init__(self, budget_ms: int = DEFAULT_BUDGET_MS, iterations: int | None = None,
                 depth: int | None = None, epsilon: float | None = None,
                 prune_z: float | None = None, anchor_z: float | None = None,
                 sampler: Sampler = sample_state):
        if budget_ms <= 0 and not iterations:
            raise ValueError("the hard bot needs a positive time budget or an iteration count")
        # The UI sends bots to a worker process: a module-level sampler pickles, a lambda would not.
        self.sampler = sampler
        self.budget_ms = budget_ms
        self.iterations = iterations
        self.depth = ROLLOUT_DEPTH if depth is None else depth
        self.epsilon = ROLLOUT_EPSILON if epsilon is None else epsilon
        self.prune_z = PRUNE_Z if prune_z is None else prune_z
        self.anchor_z = ANCHOR_Z if anchor_z is None else anchor_z

    def choose_action(self, view: PlayerView, rng: random.Random) -> int:
        return self.search(view, rng).action

    def search(self, view: PlayerView, rng: random.Random) -> SearchResult:
        """Choose an action by search; also report iterations and time spent."""
        started = time.perf_counter()
        require_turn(view)
        obvious = obvious_action(view)
        if obvious is not None:
            return SearchResult(obvious)
        alive = searched_candidates(view)
        anchor = alive[0]
        values: dict[int, list[float]] = {action: [] for action in alive}
        me = view.seat
        deadline = started + self.budget_ms / 1000.0
        limit = self.iterations
        iterations = worlds = 0
        world_rng = random.Random(rng.getrandbits(64))
        rollout_rng = random.Random()
        depth, epsilon, sampler = self.depth, self.epsilon, self.sampler
        deck_counts = full_deck_counts(view.rules)
        finished = False
        while not finished:
            world = sampler(view, world_rng)
            rollout_seed = world_rng.getrandbits(32)
            results = []
            for action in alive:
                # Same seed for every action: reshuffles and rollout noise are shared too.
                rollout_rng.seed(rollout_seed)
                state = world.copy(rollout_rng)
                state.apply(action)
                results.append(rollout(state, me, rollout_rng, depth, epsilon, deck_counts))
                iterations += 1
                if limit is not None:
                    if iterations >= limit:
                        finished = True
                        break
                elif time.perf_counter() >= deadline:
                    finished = True
                    break
            if len(results) < len(alive):
                break  # an unfinished world would unbalance the paired comparison
            for action, value in zip(alive, results):
                values[action].append(value)
            worlds += 1
            if len(alive) == 1 and limit is None:
                break
            if worlds >= PRUNE_MIN_WORLDS and worlds % PRUNE_EVERY == 0:
                alive = _prune(alive, values, self.prune_z)
        means = {a: sum(v) / len(v) for a, v in values.items() if v}
        best = _choose(alive, values, anchor, self.anchor_z)
        return SearchResult(best, iterations, worlds, time.perf_counter() - started, means)


def obvious_action(view: PlayerView) -> int | None:
    """The move taken without search, if any: the only legal one, going out, or the free "last card" call."""
    legal = view.legal_actions
    if len(legal) == 1:
        return legal[0]
    plays = [a for a in legal if a < DRAW]
    if plays and len(view.hand) == 1:
        return plays[0]         # going out is never wrong
    if LAST_CARD in legal and plays:
        return LAST_CARD        # the call costs nothing and saves a penalty
    return None


def searched_candidates(view: PlayerView) -> list[int]:
    """The actions the search compares, the heuristic's favourite (the anchor) first."""
    prior = sorted(view_scores(view), key=lambda pair: -pair[1])
    return root_candidates([action for action, _ in prior], tables_for(view.rules))


def root_candidates(ranked: list[int], tables) -> list[int]:
    """The actions worth searching, best prior first: one card of each kind of wild.

    Wild cards that differ only in their printed suit (8H and 8C in Crazy Eights) lead
    to the same game once a suit is named, so searching both would only thin out the worlds.
    """
    kept = []
    card_of_kind: dict[tuple, int] = {}
    for action in ranked:
        card = action // 5
        if action >= DRAW or not tables.wild[card]:
            kept.append(action)
            continue
        if card_of_kind.setdefault(wild_kind(card, tables), card) == card:
            kept.append(action)
    return kept


def wild_kind(card: int, tables) -> tuple:
    """What a wild card does, its printed suit left out: two cards of one kind play the same game."""
    return (RANK_OF[card], tables.value[card], tables.draw_amount[card],
            tables.skip[card], tables.reverse[card], tables.penalty_kind[card], tables.red_jack[card])


def _choose(alive: list[int], values: dict[int, list[float]], anchor: int, anchor_z: float = ANCHOR_Z) -> int:
    """The search's best action, unless it is not clearly better than the heuristic's own choice.

    Picking the maximum of noisy estimates favours lucky actions; staying with the
    heuristic's move unless the paired evidence is convincing keeps the search at
    least as strong as its rollout policy and improves it where it sees further.
    """
    if not values[alive[0]]:
        return anchor
    leader = max(alive, key=lambda a: sum(values[a]))
    if leader == anchor or anchor not in alive:
        return leader
    mean, error = _paired_gap(values[leader], values[anchor])
    return leader if mean > anchor_z * error else anchor


def _paired_gap(values: list[float], others: list[float]) -> tuple[float, float]:
    """Mean of ``values - others`` world by world, and its standard error."""
    diffs = [x - y for x, y in zip(values, others)]
    worlds = len(diffs)
    mean = sum(diffs) / worlds
    variance = sum((d - mean) ** 2 for d in diffs) / max(1, worlds - 1)
    return mean, math.sqrt(variance / worlds)


def _prune(alive: list[int], values: dict[int, list[float]], prune_z: float = PRUNE_Z) -> list[int]:
    """Drop actions whose paired difference to the leader is clearly negative.

    Every action still alive has been played in every world so far, so the
    value lists line up world by world.
    """
    leader = max(alive, key=lambda a: sum(values[a]))
    lead_values = values[leader]
    kept = []
    for action in alive:
        if action == leader:
            kept.append(action)
            continue
        mean, error = _paired_gap(values[action], lead_values)
        if mean + prune_z * error + 1e-9 >= 0:
            kept.append(action)
    return kept
