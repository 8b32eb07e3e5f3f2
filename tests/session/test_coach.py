"""Hints: a legal move from the person's own view, with a reason a player understands."""
from __future__ import annotations

import random
import time

import pytest

from game.rules import SUIT_OF, Move, card_from_str, preset, view_of
from game.session import AIWorker, Seat, TableSession
from game.session.coach import explain, hint_for
from tests.ai.ai_helpers import positions
from tests.ai.test_ai_hidden_cards import swap_hidden_cards

ROLLOUTS = 120  # enough to search, few enough for the suite


@pytest.mark.parametrize("preset_id", ["crazy_eights", "switch", "crazy_eights_action", "mau_mau"])
def test_a_hint_is_legal_and_sees_only_the_view(preset_id):
    rules = preset(preset_id, 3)
    rng = random.Random(7)
    for state in positions(rules, 4, seed=3):
        seat = state.current
        view = view_of(state, seat)
        hint = hint_for(view, ROLLOUTS)
        assert hint.move in view.legal_moves
        swapped = swap_hidden_cards(state, seat, rng)
        assert view_of(swapped, seat) == view
        assert hint_for(view_of(swapped, seat), ROLLOUTS) == hint


def reason_for(cards: str, top: str, move: Move, rules=None, instead: Move | None = None, **state_changes) -> str:
    """The reason given for ``move`` in a made-up position: the person holds ``cards`` on ``top`` (and, in a
    review, made the move ``instead``)."""
    rules = rules or preset("crazy_eights", 2)
    state = next(iter(positions(rules, 1, seed=1)))
    hand = [card_from_str(c) for c in cards.split()]
    state.hands[state.current] = hand
    state.discard[-1] = card_from_str(top)
    state.suit = SUIT_OF[card_from_str(top)]
    for name, value in state_changes.items():
        setattr(state, name, value)
    return explain(view_of(state, state.current), move, instead).reason


def hint_in(cards: str, top: str, move: Move, instead: Move | None = None):
    """The whole hint (reason and details) for ``move`` in the made-up position of ``reason_for``."""
    state = next(iter(positions(preset("crazy_eights", 2), 1, seed=1)))
    state.hands[state.current] = [card_from_str(c) for c in cards.split()]
    state.discard[-1] = card_from_str(top)
    state.suit = SUIT_OF[card_from_str(top)]
    return explain(view_of(state, state.current), move, instead)


def play(card: str) -> Move:
    return Move.play(card_from_str(card))


def test_keeping_the_card_that_matches_more_of_the_hand_is_named_against_the_move_made():
    # 9D matches the 9C and the 9H; the 6D matches nothing left: playing the 6D keeps the 9D's partners.
    hint = hint_in("6D 9D 9C 9H KS", "4D", play("6D"), instead=play("9D"))
    assert hint.reason == "keep_matching"
    assert hint.params == {"card": card_from_str("6D"), "kept": card_from_str("9D"), "count": 2}
    # Kept the other way round it is not true, and without the move made there is nothing kept to name.
    assert hint_in("6D 9D 9C 9H KS", "4D", play("9D"), instead=play("6D")).reason != "keep_matching"
    assert hint_in("6D 9D 9C 9H KS", "4D", play("6D")).reason != "keep_matching"


def test_the_play_that_strands_fewest_cards_says_so_only_when_no_other_play_strands_as_few():
    # After the 6D every card has a partner (9D-9C, KS-KH); after the 9D the 6D and the 9C have none.
    hint = hint_in("6D 9D 9C KS KH", "4D", play("6D"))
    assert hint.reason == "fewest_stranded" and hint.params["count"] == 0
    assert reason_for("6D 9D 9C KS KH", "4D", play("9D")) == "best_chance"
    # 3S and 9S both leave every card a partner: neither strands fewer than the other.
    assert reason_for("3S 9S 4H 4C", "4S", play("3S")) != "fewest_stranded"


def test_staying_in_the_longest_suit_is_named_unless_the_move_made_stayed_in_it_too():
    hint = hint_in("3S 9S JS 5D 5H", "4S", play("3S"))
    assert hint.reason == "keep_long_suit"
    assert hint.params == {"card": card_from_str("3S"), "suit": SUIT_OF[card_from_str("3S")], "count": 2}
    assert reason_for("3S 9S JS 5D 5H", "4S", play("3S"), instead=play("9S")) == "best_chance"
    # Spades not strictly the longest (two spades, two hearts kept): no such reason.
    assert reason_for("3S 9S JS 5H 6H", "4S", play("3S")) != "keep_long_suit"


def test_reasons_name_what_the_move_is_good_for():
    eight_and_spades = "8H 3S 9S JS 5D"
    assert reason_for(eight_and_spades, "4S", Move.play(card_from_str("3S"))) == "keep_wild"
    assert reason_for(eight_and_spades, "4S", Move.play(card_from_str("8H"), 3)) == "wild_names_suit"
    assert reason_for("5D", "4D", Move.play(card_from_str("5D"))) == "go_out"
    assert reason_for("KS 2H 3H", "KD", Move.play(card_from_str("KS"))) == "shed_points"
    assert reason_for("4H 9S 10S", "4D", Move.play(card_from_str("4H"))) == "best_chance"


def test_the_session_works_out_a_hint_off_the_frame_loop_and_drops_a_stale_one():
    from game.rules import Match

    for seed in range(1, 50):
        match = Match(preset("crazy_eights", 3), seed)
        if match.current_seat == 0:
            break
    session = TableSession(match, [Seat("Tess", "human"), Seat("Ada", "easy"), Seat("Bruno", "easy")],
                           worker=AIWorker("thread"))
    try:
        session.request_hint()
        deadline = time.monotonic() + 30
        hint = None
        while hint is None:
            assert time.monotonic() < deadline
            hint = session.poll_hint()
            time.sleep(0.005)
        assert hint.move in session.view().my_moves
        # Asked again, then the position moves on: the late answer is not offered for the new position.
        session.request_hint()
        session.play(session.view().my_moves[0])
        time.sleep(0.5)
        assert session.poll_hint() is None
    finally:
        session.close()
