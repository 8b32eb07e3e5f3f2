"""The hard bot's fast rollout policy must choose exactly what the medium heuristic chooses."""
from __future__ import annotations

import random

from game.rules import PRESETS, HandState, preset, with_house_rules
from game.ai.heuristic import full_deck_counts, new_pile_memo, rollout_pick, state_pick

from .ai_helpers import custom_rule_sets


def _play_out(rules, seed: int) -> int:
    """Play one hand with random noise, comparing the two pickers at every choice; returns choices checked."""
    rng = random.Random(seed)
    state, _ = HandState.deal(rules, random.Random(seed), seed % rules.players)
    deck_counts = full_deck_counts(rules)
    memo = new_pile_memo()      # kept across plies, as in a rollout: exercises the incremental pile counts
    checked = 0
    for _ in range(400):
        if state.over:
            break
        legal = state.legal_actions()
        if len(legal) > 1:
            expected = state_pick(state)
            assert rollout_pick(state, legal, deck_counts, memo) == expected
            checked += 1
            action = rng.choice(legal) if rng.random() < 0.2 else expected
        else:
            action = legal[0]
        state.apply(action)
    return checked


def test_rollout_pick_matches_state_pick_on_every_preset():
    checked = 0
    for preset_id in PRESETS:
        for players in (2, 3, 4):
            for seed in range(4):
                checked += _play_out(preset(preset_id, players), seed)
    assert checked > 1000


def test_rollout_pick_matches_state_pick_on_custom_rules():
    checked = 0
    for index, rules in enumerate(custom_rule_sets(8)):
        for seed in range(3):
            checked += _play_out(rules, 100 * index + seed)
    assert checked > 200


def test_rollout_pick_matches_state_pick_on_mau_mau_with_every_switch():
    # No jack on a jack, aces that play again, nines that reverse, a drawn card that waits.
    checked = 0
    for players in (2, 3, 5):
        rules = with_house_rules("mau_mau", players, ["ace_again", "nine_reverse", "drawn_card_waits"])
        for seed in range(4):
            checked += _play_out(rules, seed)
    assert checked > 200


def test_rollout_pick_survives_reshuffles():
    """Long hands reshuffle the pile into the stock: the memo must start counting again."""
    rules = preset("crazy_eights", 2)
    state, _ = HandState.deal(rules, random.Random(3), 0)
    deck_counts = full_deck_counts(rules)
    memo = new_pile_memo()
    rng = random.Random(5)
    reshuffles = 0
    pile = state.discard
    for _ in range(2000):
        if state.over:
            break
        if state.discard is not pile:
            reshuffles += 1
            pile = state.discard
        legal = state.legal_actions()
        if len(legal) > 1:
            assert rollout_pick(state, legal, deck_counts, memo) == state_pick(state)
        # Prefer drawing (listed last) to empty the stock and force reshuffles.
        state.apply(legal[-1] if rng.random() < 0.7 else legal[0])
    assert reshuffles >= 1
