"""Decisions from bot play, for checking the analysis: every preset, two to seven players, fixed seeds.

``decision_positions(count, seed)`` plays seeded hands of Medium against Medium and keeps,
from each, the view of a player to act with a real choice (two legal moves or more), picked at
random, going round the presets and player counts in turn so that every game and table size
is represented. The same ``count`` and ``seed`` always give the same positions.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from game.rules import MAX_PLAYERS, MIN_PLAYERS, PRESETS, Match, Move, PlayerView, preset

from .medium import MediumBot

@dataclass(frozen=True)
class Position:
    """A player's view with a choice, the move Medium made there, and where it came from (preset,
    players, match seed, move number)."""

    view: PlayerView
    made: Move
    preset_id: str
    players: int
    match_seed: int
    step: int


def tables(players: range = range(MIN_PLAYERS, MAX_PLAYERS + 1)) -> list[tuple[str, int]]:
    """Every ``(preset, players)`` pair, players varying fastest."""
    return [(preset_id, count) for preset_id in PRESETS for count in players]


def decision_positions(count: int, seed: int = 1, per_hand: int = 1) -> list[Position]:
    """``count`` decisions with a choice from Medium's play, round-robin over every preset and table size,
    ``per_hand`` of them picked at random from each hand's decisions (so they come from every stage)."""
    pairs = tables()
    rng = random.Random(seed)
    bot = MediumBot()
    found: list[Position] = []
    round_number = 0
    while len(found) < count:
        for preset_id, players in pairs:
            if len(found) >= count:
                break
            match_seed = seed * 100_003 + round_number * len(pairs) + pairs.index((preset_id, players))
            found += _from_one_hand(preset_id, players, match_seed, rng, bot, min(per_hand, count - len(found)))
        round_number += 1
    return found


def _from_one_hand(preset_id: str, players: int, match_seed: int, rng: random.Random, bot: MediumBot,
                   most: int) -> list[Position]:
    match = Match(preset(preset_id, players), match_seed)
    seen: list[Position] = []
    step = 0
    while not match.hand.over:
        seat = match.current_seat
        view = match.view(seat)
        move = bot.choose(view, rng)
        if len(view.legal_actions) > 1:
            seen.append(Position(view, move, preset_id, players, match_seed, step))
        match.apply(move)
        step += 1
    picked = sorted(rng.sample(range(len(seen)), min(most, len(seen))))
    return [seen[i] for i in picked]
