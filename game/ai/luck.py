"""The luck of a draw from the stock, from the drawing player's view (GNU Backgammon's idea for dice).

A draw is a chance event: its luck is the player's win chance after the cards that came, less the
average over the cards that could have come. ``draw_luck(view, action, drawn)`` estimates both on
the same sampled worlds (paired, so most of the rest of the deal's luck cancels): each world is
sampled from the player's view *before* the draw; in it the draw is played once as the world has it
(any unseen card may come: the average) and once with the cards that really came put on top of the
stock; both go on with the same rollout luck, and the difference is that world's luck. The worlds
are seeded by the position, so the same draw always gets the same answer.

It is a cheap estimate, and says so: ``error`` is the standard error of the mean difference, and
the rollouts play on with the hard bot's heuristic, not perfect play.
"""
from __future__ import annotations

import hashlib
import math
import random
from dataclasses import dataclass

from game.rules import PlayerView

from .hard import ROLLOUT_DEPTH, ROLLOUT_EPSILON, play_out, win_chance
from .heuristic import full_deck_counts
from .knowledge import sample_state

#: Worlds a draw's luck is measured in (each played twice: the cards that came, and any card).
LUCK_WORLDS = 160


@dataclass(frozen=True)
class DrawLuck:
    """A draw's luck in win chance (``luck``: after the cards that came, less the average over all
    cards that could have come), with the standard error of that estimate and the worlds it took."""

    luck: float
    error: float
    worlds: int
    after: float      # the win chance after the cards that came
    average: float    # the average win chance over the cards that could have come


def luck_seed(view: PlayerView, drawn: tuple[int, ...]) -> int:
    """A seed made of the position and the cards drawn (the same in every process, like the analysis's)."""
    text = repr((view, drawn))
    return int.from_bytes(hashlib.blake2b(text.encode("utf-8"), digest_size=8, person=b"c8-luck").digest(), "big")


def draw_luck(view: PlayerView, action: int, drawn: tuple[int, ...], worlds: int = LUCK_WORLDS) -> DrawLuck | None:
    """The luck of ``drawn`` (the cards that came, in the order they came) when the view's player made
    ``action`` (a draw, or picking up a penalty). None when it cannot be measured: nothing was drawn,
    or the stock ran short in a sampled world (a reshuffle inside the draw)."""
    if not drawn or worlds < 2:
        return None
    me = view.seat
    rng = random.Random(luck_seed(view, tuple(drawn)))
    rollout_rng = random.Random()
    deck_counts = full_deck_counts(view.rules)
    differences: list[float] = []
    afters: list[float] = []
    averages: list[float] = []
    for _ in range(worlds):
        world = sample_state(view, rng)
        seed = rng.getrandbits(32)
        rigged = _with_on_top(world, drawn, me)
        if rigged is None:
            return None
        values = []
        for state in (world, rigged):
            rollout_rng.seed(seed)   # the same luck afterwards: only the cards drawn differ
            state = state.copy(rollout_rng)
            state.apply(action)
            play_out(state, rollout_rng, ROLLOUT_DEPTH, ROLLOUT_EPSILON, deck_counts)
            values.append(win_chance(state, me))
        averages.append(values[0])
        afters.append(values[1])
        differences.append(values[1] - values[0])
    count = len(differences)
    mean = sum(differences) / count
    error = math.sqrt(sum((d - mean) ** 2 for d in differences) / (count - 1) / count)
    return DrawLuck(mean, error, count, sum(afters) / count, sum(averages) / count)


def _with_on_top(world, drawn: tuple[int, ...], me: int):
    """A copy of ``world`` with ``drawn`` on top of the stock, first card drawn on top (the cards it
    displaces go where the drawn ones were); None when the stock is too short for the draw."""
    stock = world.stock
    if len(stock) < len(drawn):
        return None
    rigged = world.copy(random.Random(0))
    stock = rigged.stock
    for depth, card in enumerate(drawn, start=1):
        spot = len(stock) - depth
        if stock[spot] == card:
            continue
        place = _find(rigged, card, me, spot)
        if place is None:
            return None
        where, index = place
        where[index], stock[spot] = stock[spot], card
    return rigged


def _find(state, card: int, me: int, stock_limit: int):
    """Where ``card`` lies hidden in ``state`` (a hand of another player, or the stock below ``stock_limit``)."""
    for index in range(stock_limit):
        if state.stock[index] == card:
            return state.stock, index
    for player, hand in enumerate(state.hands):
        if player == me:
            continue
        for index, held in enumerate(hand):
            if held == card:
                return hand, index
    return None
