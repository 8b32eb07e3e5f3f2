"""The public record of a reshuffle: which cards went back into the stock and how many of them each hand holds."""
import random

import pytest

from game.rules import HandState, RuleSet, card_to_str, cards_from_str, determinize, preset, view_of


def source_cards_held(state, player: int, source) -> int:
    return sum(1 for card in state.hands[player] if card in source)


def reshuffle_on_the_first_draw(rules: RuleSet | None = None, seed: int = 4, pile: str = "QC 6C 7H 2S 5H",
                                 seat_0: str = "KC 3D 4C") -> HandState:
    """2-player Crazy Eights with an empty stock: seat 1 (2C 4S 9D) cannot play on the pile's top,
    draws from the reshuffled pile until something plays, then plays it."""
    rules = rules or preset("crazy_eights", 2)
    state = HandState.from_position(rules, hands=[cards_from_str(seat_0), cards_from_str("2C 4S 9D")],
                                    stock=[], discard=cards_from_str(pile), current=1, rng=random.Random(seed))
    while state.current == 1:
        state.apply(state.legal_actions()[0])
    return state


def test_a_reshuffle_records_the_cards_that_went_back_and_who_holds_them():
    most_drawn = 0
    for seed in range(12):
        state = reshuffle_on_the_first_draw(seed=seed)
        view = view_of(state, 0)
        assert view.stock_source == tuple(sorted(cards_from_str("QC 6C 7H 2S")))
        drawn = view.drawn_totals[1]
        # Seat 1 drew until 7H came (`drawn` cards, all from the reshuffled pile) and played it.
        assert view.fresh_counts == (0, drawn - 1)
        assert source_cards_held(state, 1, set(view.stock_source)) == drawn - 1
        assert set(state.stock) <= set(view.stock_source)
        most_drawn = max(most_drawn, drawn)
        copy = state.copy()
        assert copy.fresh_counts == state.fresh_counts and copy.fresh_counts is not state.fresh_counts
        assert copy.stock_source is state.stock_source     # the record of the reshuffle is shared
    assert most_drawn >= 3       # some seeds left seat 1 holding cards from the pile


def test_playing_a_card_held_from_before_leaves_the_count_alone():
    # Every card back in the stock is a heart: seat 1 draws one and plays it at once.
    state = reshuffle_on_the_first_draw(pile="QH 6H 7H 5H", seat_0="KC 3D 4H")
    assert state.fresh_counts == [0, 0] and state.drawn_total == [0, 1]
    state.apply(state.legal_actions()[0])             # seat 0: 4H, held since the deal
    state.apply(state.legal_actions()[0])             # seat 1: 4S, held since the deal
    assert [card_to_str(c) for c in state.discard[-2:]] == ["4H", "4S"]
    assert state.fresh_counts == [0, 0]


def test_with_two_packs_a_reshuffle_says_nothing():
    state = reshuffle_on_the_first_draw(preset("crazy_eights", 2).replace(decks_by_players=(2,) * 6))
    view = view_of(state, 0)
    assert view.stock_source == () and view.fresh_counts == (0, 0)
    held, stockable, from_stock = view.hidden_split()
    assert held == [] and from_stock == view.hand_counts


@pytest.mark.parametrize("rules_id,players", [("crazy_eights", 4), ("crazy_eights", 2), ("switch", 3),
                                              ("crazy_eights_action", 5), ("crazy_aces", 3)])
def test_the_record_matches_the_real_hands_and_determinize_keeps_it(rules_id, players):
    rules = preset(rules_id, players)
    rng = random.Random(7)
    checked = 0
    for hand_number in range(25):
        state, _ = HandState.deal(rules, random.Random(hand_number), hand_number % players)
        while not state.over:
            if state.stock_source:
                source = state.stock_source
                assert set(state.stock) <= source
                for player in range(players):
                    assert state.fresh_counts[player] == source_cards_held(state, player, source)
                seat = rng.randrange(players)
                view = view_of(state, seat)
                held, stockable, from_stock = view.hidden_split()
                world = determinize(view, random.Random(checked))
                assert set(world.stock) <= source
                assert world.card_total() == state.card_total()
                for player in range(players):
                    assert len(world.hands[player]) == len(state.hands[player])
                    if player != seat:
                        assert source_cards_held(world, player, source) == from_stock[player]
                assert all(any(card in hand for hand in world.hands) for card in held)
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 50
