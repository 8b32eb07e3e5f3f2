"""Public inference: the holding caps in the view are sound, and the sampler and Medium use them."""
from __future__ import annotations

import random

import pytest

from game.ai import MediumBot
from game.ai.knowledge import inferred_caps, sample_state
from game.rules import (CAP_KINDS, CAP_RANK, CAP_WILD, DRAW, PRESETS, RANK_OF, RANKS, SUIT_OF, SUITS, HandState,
                        cards_from_str, preset, tables_for, view_of)

from .ai_helpers import custom_rule_sets, position

HEARTS = SUITS.index("H")
FIVE = RANKS.index("5")


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


def seat_1_draws_on_hearts(stock: str) -> HandState:
    """2-player Crazy Eights on 5H: seat 1 (2C 4S 9D) draws from ``stock`` until it can play, then plays."""
    rules = preset("crazy_eights", 2)
    state = HandState.from_position(rules, hands=[cards_from_str("KC 3D 4C"), cards_from_str("2C 4S 9D")],
                                    stock=cards_from_str(stock), discard=cards_from_str("5H"),
                                    current=1, rng=random.Random(0))
    while state.current == 1:
        state.apply(state.legal_actions()[0])  # draw while it must, then the one playable card (QH)
    assert state.discard[-1] == cards_from_str("QH")[0]
    return state


def test_a_player_who_drew_on_hearts_is_seen_to_hold_no_hearts_and_no_eights():
    state = seat_1_draws_on_hearts("7C JS QH 6H 10C")
    rules = state.rules
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
    state = seat_1_draws_on_hearts("7C QH 6H 10C JD")
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


def spent_wild_position(opponent_cards: int = 5, drew_first: bool = False):
    """3-player Crazy Eights: seat 1 spends an eight on 5H and names spades; seat 0's view of it.

    With ``drew_first`` seat 1 holds no eight, draws 8D and spends that.
    """
    rules = preset("crazy_eights", 3)
    seat_1 = "AS 2C 4S 9D 7C" if drew_first else "8C 2C 4S 9D 7C"
    hands = [cards_from_str("KC 3D 4C 9S 2D"), cards_from_str(seat_1),
             cards_from_str(" ".join(["QS", "JS", "10S", "6C", "3C"][:opponent_cards]))]
    state = HandState.from_position(rules, hands=hands, stock=cards_from_str("8D JC 6D"),
                                    discard=cards_from_str("5H"), current=1, rng=random.Random(0))
    if drew_first:
        state.apply(DRAW)
    eight = next(a for a in state.legal_actions() if a < DRAW and state.tables.wild[a // 5])
    state.apply(eight // 5 * 5 + 1 + SUITS.index("S"))
    return state, view_of(state, 0)


def hearts_and_fives(hand, tables) -> list[int]:
    return [c for c in hand if not tables.wild[c] and (SUIT_OF[c] == HEARTS or RANK_OF[c] == FIVE)]


def test_a_wild_spent_without_drawing_is_read_as_holding_no_heart_and_no_five():
    _, view = spent_wild_position()
    (play,) = view.wild_plays
    assert (play.player, play.suit_before, play.drew_first, play.fewest_others) == (1, HEARTS, False, 5)
    rng = random.Random(7)
    for _ in range(300):
        world = sample_state(view, rng)
        assert not hearts_and_fives(world.hands[1], world.tables)
        # The rollouts' players read the same bound.
        assert world.holding_caps(1)[HEARTS] == 0 and world.holding_caps(1)[CAP_RANK + FIVE] == 0


def test_the_spent_wild_reading_lifts_one_card_per_card_drawn_since():
    state, _ = spent_wild_position()
    state.hands[1].append(state.stock.pop())            # seat 1 draws one card (a penalty, say)
    state.drawn_total[1] += 1
    view = view_of(state, 0)
    assert view.drawn_totals[1] - view.wild_plays[0].drawn_total == 1
    rng = random.Random(2)
    most = 0
    for _ in range(400):
        world = sample_state(view, rng)
        most = max(most, sum(1 for c in world.hands[1] if SUIT_OF[c] == HEARTS and not world.tables.wild[c]))
    assert most == 1


@pytest.mark.parametrize("opponent_cards, drew_first", [(2, False), (5, True)],
                         ids=["an opponent close to going out", "drew first"])
def test_a_wild_spent_to_block_or_after_drawing_adds_nothing(opponent_cards, drew_first):
    """Spent to block a near winner, or drawn first (the exact caps already tell): no extra reading."""
    _, view = spent_wild_position(opponent_cards, drew_first)
    assert len(view.wild_plays) == 1 and view.wild_plays[0].drew_first == drew_first
    assert inferred_caps(view) == view.hold_caps
    if not drew_first:
        rng = random.Random(5)
        assert any(hearts_and_fives(sample_state(view, rng).hands[1], tables_for(view.rules)) for _ in range(300))


def positions_after_a_reshuffle(rules_id: str, players: int, count: int) -> list[HandState]:
    """Mid-hand states, reached by medium play, in which the stock has been reshuffled."""
    rules = preset(rules_id, players)
    bot = MediumBot()
    rng = random.Random(5)
    found = []
    hand_number = 0
    while len(found) < count:
        state, _ = HandState.deal(rules, random.Random(hand_number), hand_number % players)
        hand_number += 1
        while not state.over and len(found) < count:
            if state.stock_source and rng.random() < 0.2:
                found.append(state.copy())
            state.apply(bot.choose_action(view_of(state, state.current), rng))
    return found


@pytest.mark.parametrize("rules_id,players", [("crazy_eights", 4), ("crazy_eights", 2), ("switch", 3)])
def test_after_a_reshuffle_the_sampler_keeps_old_cards_in_hands_and_within_the_caps(rules_id, players):
    rng = random.Random(2)
    for state in positions_after_a_reshuffle(rules_id, players, 25):
        seat = state.current
        view = view_of(state, seat)
        source = set(view.stock_source)
        held, _, from_stock = view.hidden_split()
        caps = inferred_caps(view)
        for _ in range(8):
            world = sample_state(view, rng)
            assert set(world.stock) <= source
            assert world.card_total() == state.card_total()
            assert sorted(card for hand in world.hands for card in hand if card in held) == sorted(held)
            for player in range(players):
                assert len(world.hands[player]) == len(state.hands[player])
                if player != seat:
                    assert sum(1 for card in world.hands[player] if card in source) == from_stock[player]
                    counts = true_counts(world, player)
                    assert all(c <= cap for c, cap in zip(counts, caps[player * CAP_KINDS:(player + 1) * CAP_KINDS]))
