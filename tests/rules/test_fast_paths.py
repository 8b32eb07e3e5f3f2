"""The rules' fast paths for the search give exactly what the plain ones give: ``shuffle`` the order of
``random.Random.shuffle`` for the same seed, and ``HandState.apply_legal`` the state and events of
``apply`` (the analysis's results, seeded by the position, must not move when the hot path is tuned)."""
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules import HandState, shuffle

from .strategies import any_rule_set


@given(st.integers(0, 2**64 - 1), st.lists(st.integers(0, 107), max_size=110))
def test_shuffle_puts_cards_in_the_order_random_shuffle_does_and_draws_the_same(seed, cards):
    mine, theirs = list(cards), list(cards)
    mine_rng, their_rng = random.Random(seed), random.Random(seed)
    shuffle(mine, mine_rng)
    their_rng.shuffle(theirs)
    assert mine == theirs
    assert mine_rng.getrandbits(64) == their_rng.getrandbits(64)   # the generator is left where it would be


def test_shuffle_leaves_another_kind_of_generator_to_its_own_shuffle():
    class Reversing(random.Random):
        def shuffle(self, items):
            items.reverse()

    cards = [1, 2, 3]
    shuffle(cards, Reversing(1))
    assert cards == [3, 2, 1]


@settings(max_examples=40, deadline=None)
@given(any_rule_set, st.integers(0, 10_000))
def test_apply_legal_plays_a_hand_exactly_as_apply_does(rules, seed):
    checked, _ = HandState.deal(rules, random.Random(seed))
    fast = checked.copy(random.Random(seed))
    checked.rng = random.Random(seed)
    picker = random.Random(seed + 1)
    for _ in range(300):
        if checked.over:
            break
        action = picker.choice(checked.legal_actions())
        assert fast.legal_actions() == checked.legal_actions()
        assert fast.apply_legal(action) == checked.apply(action)
    assert fast.hands == checked.hands and fast.discard == checked.discard and fast.stock == checked.stock
    assert (fast.over, fast.winner, fast.current, fast.turns) == (checked.over, checked.winner, checked.current,
                                                                  checked.turns)
