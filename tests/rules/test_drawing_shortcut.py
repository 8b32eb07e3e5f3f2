"""The engine's shortcut while a player draws: only the card just drawn can fit."""
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import DRAW, DRAWING, HandState

from .strategies import any_rule_set

SETTINGS = settings(max_examples=80, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


@SETTINGS
@given(rules=any_rule_set, seed=st.integers(0, 2**32 - 1))
def test_while_drawing_without_voluntary_draws_no_card_held_before_can_be_played(rules, seed):
    rng = random.Random(seed)
    state, _ = HandState.deal(rules, random.Random(seed ^ 0xD0))
    while not state.over:
        if state.phase == DRAWING and not state.pending and not rules.voluntary_draw:
            fitting = {card for card in state.hands[state.current] if state.is_playable(card)}
            assert fitting <= {state.last_drawn}
            assert {action // 5 for action in state.legal_actions() if action < DRAW} == fitting
        state.apply(rng.choice(state.legal_actions()))
