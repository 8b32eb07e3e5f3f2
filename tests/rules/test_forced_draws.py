"""The engine's shortcuts for drawing: only the card just drawn can fit, and a run of forced draws in one call."""
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules import preset
from game.rules.moves import DRAW
from game.rules.state import DRAWING, HandState

from .strategies import any_rule_set

SETTINGS = settings(max_examples=80, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


def full_snapshot(state: HandState):
    """Everything a later move or a view can read."""
    return (tuple(map(tuple, state.hands)), tuple(state.stock), tuple(state.discard), state.current,
            state.direction, state.suit, state.nominated, state.pending, state.pending_kind,
            state.pending_skips, state.phase, state.drawn_count, state.last_drawn, state.called_last,
            state.passes, state.turns, state.over, state.winner, state.end_reason,
            tuple(state.void_hints), tuple(state.cap_base), tuple(state.drawn_total), state.wild_plays,
            state.stock_source, tuple(state.fresh_counts), state.rng.getstate(),
            tuple(state.legal_actions()))


def single_draws(state: HandState, limit: int) -> int:
    """The slow way: one ``apply(DRAW)`` at a time while it is forced."""
    player, draws = state.current, 0
    while draws < limit:
        state.apply(DRAW)
        draws += 1
        if state.current != player or state.legal_actions() != [DRAW]:
            break
    return draws


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


@SETTINGS
@given(rules=any_rule_set, seed=st.integers(0, 2**32 - 1), limit=st.sampled_from([1, 2, 60]))
def test_forced_draws_in_one_call_end_where_single_draws_do(rules, seed, limit):
    rng = random.Random(seed)
    state, _ = HandState.deal(rules, random.Random(seed ^ 0xD1))
    while not state.over:
        if state.legal_actions() == [DRAW]:
            fast, slow = state.copy(), state.copy()
            made = fast.draw_while_forced(limit)
            assert 1 <= made <= limit
            assert made == single_draws(slow, limit)
            assert full_snapshot(fast) == full_snapshot(slow)
        state.apply(rng.choice(state.legal_actions()))


def test_a_long_run_of_draws_is_one_call_and_the_drawn_card_then_fits():
    rules = preset("crazy_eights", 4)
    for seed in range(200):
        state, _ = HandState.deal(rules, random.Random(seed))
        while not state.over and state.legal_actions() != [DRAW]:
            state.apply(state.legal_actions()[0])
        if state.over:
            continue
        player = state.current
        made = state.draw_while_forced(60)
        if made >= 3 and state.current == player:
            assert state.is_playable(state.last_drawn)
            assert all(action < DRAW for action in state.legal_actions())
            return
    pytest.fail("no deal in 200 led to a run of three forced draws")


def test_asking_for_forced_draws_when_a_card_can_be_played_is_a_programming_error():
    state, _ = HandState.deal(preset("crazy_eights", 2), random.Random(3))
    while state.legal_actions() == [DRAW]:
        state.apply(DRAW)
    with pytest.raises(ValueError, match="not the only legal action"):
        state.draw_while_forced(5)
