"""Public inference: the holding caps in the view are sound, and the sampler and Medium use them."""
from __future__ import annotations

import random

import pytest

from game.ai import MediumBot
from game.ai.knowledge import sample_state
from game.rules import PRESETS, HandState, cards_from_str, preset, view_of
from game.rules.cards import SUITS
from game.rules.state import CAP_KINDS, CAP_RANK, CAP_WILD, tables_for

from .ai_helpers import custom_rule_sets, position

HEARTS = SUITS.index("H")


def true_counts(state, player: int) -> list[int]:
    counts = [0] * CAP_KINDS
    for card in state.hands[player]:
        for kind in state.tables.cap_kinds[card]:
            counts[kind] += 1
    return counts


@pytest.mark.parametrize("rules", [preset(p, n) for p in PRESETS for n in (2, 4)] + custom_rule_sets(6, seed=5),
                         ids=lambda r: f"{r.name.replace(' ', '_')}-{r.players}p")
def test_caps_never_undercount_a_real_hand(rules):
    """Whatever is played, each public cap is at least the number of cards of that kind really held."""
    rng = random.Random(11)
    for hand_number in range(12):
        state, _ = HandState.deal(rules, random.Random(hand_number), hand_number % rules.players)
        while not state.over:
            for player in range(state.n):
                caps = state.holding_caps(player)
                counts = true_counts(state, player)
                assert all(c >= t for c, t in zip(caps, counts)), (player, caps, counts)
            state.apply(rng.choice(state.legal_actions()))


def test_a_player_who_drew_on_hearts_is_seen_to_hold_no_hearts_and_no_eights():
    rules = preset("crazy_eights", 2)
    state = HandState.from_position(rules, hands=[cards_from_str("KC 3D 4C"), cards_from_str("2C 4S 9D")],
                                    stock=cards_from_str("7C JS QH 6H 10C"), discard=cards_from_str("5H"),
                                    current=1, rng=random.Random(0))
    while state.current == 1:
        legal = state.legal_actions()
        state.apply(legal[0])                  # draw while it must, then the one playable card (QH)
    assert state.discard[-1] == cards_from_str("QH")[0]
    view = view_of(state, 0)
    caps = view.hold_caps[CAP_KINDS:2 * CAP_KINDS]
    assert caps[HEARTS] == 0 and caps[CAP_WILD] == 0 and caps[CAP_RANK + 4] == 0   # no hearts, eights, fives
    assert caps[SUITS.index("C")] == 5                                             # clubs: no bound
    # The sampler never deals seat 1 a heart or an eight.
    wild = tables_for(rules).wild
    rng = random.Random(3)
    for _ in range(300):
        world = sample_state(view, rng)
        assert len(world.hands[1]) == 5
        assert not any(card < 52 and card & 3 == HEARTS or wild[card] for card in world.hands[1])
        assert sorted(world.hands[0]) == sorted(view.hand)
        assert world.card_total() == 52


def test_caps_loosen_by_one_per_card_drawn_later_and_tighten_with_plays():
    rules = preset("crazy_eights", 2)
    state = HandState.from_position(rules, hands=[cards_from_str("KC 3D 4C"), cards_from_str("2C 4S 9D")],
                                    stock=cards_from_str("7C QH 6H 10C JD"), discard=cards_from_str("5H"),
                                    current=1, rng=random.Random(0))
    while state.current == 1:
        state.apply(state.legal_actions()[0])  # draws 7C, then plays the QH it drew
    assert state.holding_caps(1)[HEARTS] == 0
    state.drawn_total[1] += 2                  # as if two more cards came to seat 1 (a penalty, say)
    assert state.holding_caps(1)[HEARTS] == 2 and state.holding_caps(1)[CAP_WILD] == 2
    state.cap_base[CAP_KINDS + HEARTS] -= 1    # ... and one heart was played since
    assert state.holding_caps(1)[HEARTS] == 1


def test_medium_leaves_the_suit_the_opponent_cannot_hold():
    # Seat 1 drew on hearts: hearts and eights are out of their hand. Medium plays the heart, not the club.
    state = position("crazy_eights", ["3H 3C KD QS", "2C 4S 9D 10D JC"], discard="3S", stock="")
    state.cap_base[CAP_KINDS + HEARTS] = 0
    state.cap_base[CAP_KINDS + CAP_WILD] = 0
    view = view_of(state, 0)
    assert view.hold_caps[CAP_KINDS + HEARTS] == 0
    assert MediumBot().choose(view, random.Random(0)).card == cards_from_str("3H")[0]
