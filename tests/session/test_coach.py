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

ITERATIONS = 120  # enough to search, few enough for the suite


@pytest.mark.parametrize("preset_id", ["crazy_eights", "switch", "crazy_eights_action"])
def test_a_hint_is_legal_and_sees_only_the_view(preset_id):
    rules = preset(preset_id, 3)
    rng = random.Random(7)
    for state in positions(rules, 4, seed=3):
        seat = state.current
        view = view_of(state, seat)
        seed = rng.getrandbits(32)
        hint = hint_for(view, random.Random(seed), ITERATIONS)
        assert hint.move in view.legal_moves
        swapped = swap_hidden_cards(state, seat, rng)
        assert view_of(swapped, seat) == view
        assert hint_for(view_of(swapped, seat), random.Random(seed), ITERATIONS) == hint


def reason_for(cards: str, top: str, move: Move, rules=None, **state_changes) -> str:
    """The reason given for ``move`` in a made-up position: the person holds ``cards`` on ``top``."""
    rules = rules or preset("crazy_eights", 2)
    state = next(iter(positions(rules, 1, seed=1)))
    hand = [card_from_str(c) for c in cards.split()]
    state.hands[state.current] = hand
    state.discard[-1] = card_from_str(top)
    state.suit = SUIT_OF[card_from_str(top)]
    for name, value in state_changes.items():
        setattr(state, name, value)
    return explain(view_of(state, state.current), move).reason


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
