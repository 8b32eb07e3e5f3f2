"""A bot sees only its view: swapping the hidden cards for others consistent with it changes nothing."""
from __future__ import annotations

import dataclasses
import random

import pytest

from game.ai import LEVELS, HardBot, create_bot
from game.rules import PRESETS, RuleSet, preset, view_of

from .ai_helpers import custom_rule_sets, positions


def swap_hidden_cards(state, seat: int, rng: random.Random):
    """A copy of ``state`` whose cards unseen by ``seat`` (other hands and stock) are dealt anew.

    Hand sizes, the pile and everything public stay as they were, so the copy is
    another world ``seat`` cannot tell apart from the real one.
    """
    other = state.copy(random.Random(rng.getrandbits(32)))
    owners = [p for p in range(state.n) if p != seat]
    hidden = [card for p in owners for card in other.hands[p]] + other.stock
    rng.shuffle(hidden)
    for player in owners:
        count = len(other.hands[player])
        other.hands[player], hidden = hidden[:count], hidden[count:]
    other.stock = hidden
    return other


def bot_for(level: str):
    # A fixed iteration count: a time budget would make the search depend on the clock.
    return HardBot(iterations=60) if level == "hard" else create_bot(level)


def cases():
    rule_sets = [preset(p, n) for p in PRESETS for n in (2, 4)] + custom_rule_sets(6, seed=21)
    return [(rules, level) for rules in rule_sets for level in LEVELS]


@pytest.mark.parametrize("rules,level", cases(), ids=lambda x: x if isinstance(x, str) else
                         f"{x.name.replace(' ', '_')}-{x.players}p")
def test_choice_is_unchanged_when_hidden_cards_are_swapped(rules, level):
    bot = bot_for(level)
    rng = random.Random(rules.players)
    for state in positions(rules, 3 if level == "hard" else 10, seed=17):
        seat = state.current
        swapped = swap_hidden_cards(state, seat, rng)
        for _ in range(5):   # a one-card hand may be dealt the same card again by chance
            if swapped.hands != state.hands:
                break
            swapped = swap_hidden_cards(state, seat, rng)
        assert swapped.hands != state.hands or state.n == 1 or not state.stock  # the worlds really differ
        view, swapped_view = view_of(state, seat), view_of(swapped, seat)
        assert view == swapped_view
        seed = rng.getrandbits(32)
        assert bot.choose(view, random.Random(seed)) == bot.choose(swapped_view, random.Random(seed))


def test_a_view_carries_no_object_that_could_reveal_hidden_cards():
    """Everything a bot is handed is plain public data: numbers, tuples of numbers, the rule set."""
    state = positions(preset("switch", 4), 1, seed=3)[0]
    view = view_of(state, state.current)
    for field in dataclasses.fields(view):
        value = getattr(view, field.name)
        if isinstance(value, tuple):
            assert all(isinstance(item, int) for item in value), field.name
        else:
            assert isinstance(value, (int, bool, RuleSet)), field.name
