"""Every reason the coach gives is true of its position: each code's claim checked against the view.

Positions come from random play of every preset with 2 to 7 players; the analysis runs on a few
worlds (its numbers only choose among the facts; the facts are what is checked), and the reason is
asked for the best move against every other candidate move, as the hint, the review and the tutor ask.
"""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.ai.analysis import analyse
from game.rules import DRAW, FIRST_JOKER, PRESETS, SUIT_OF, HandState, Move, determinize, preset, tables_for, view_of
from game.rules.state import CAP_KINDS
from game.session.coach import hint_from
from game.session.reasons import LIKELY_OUT, why

CODES = {"call_last_card", "call_stop", "pass", "draw_instead", "take_penalty", "nothing_fits", "go_out",
         "pass_penalty_on", "opponent_void", "suit_scarce", "wild_names_suit", "change_suit", "keep_long_suit", "keep_suit",
         "penalty_next", "skip_next", "keep_wild", "save_wild", "shed_points", "keep_matching",
         "fewest_stranded", "best_chance", "only_move"}


def a_position(preset_id: str, players: int, seed: int, moves: int):
    """The view of the player to act after ``moves`` random moves of a hand (None if it ended)."""
    rules = preset(preset_id, players)
    rng = random.Random(seed)
    state, _events = HandState.deal(rules, rng, rng.randrange(players))
    for _ in range(moves):
        if state.over:
            return None
        state.apply(rng.choice(state.legal_actions()))
    return None if state.over else view_of(state, state.current)


def suit_after(view, move: Move) -> tuple[int, int, bool]:
    """(suit in force, next player, hand over) after ``move``, from a world of the test's own sampling."""
    state = determinize(view, random.Random(12345))
    state.apply(move.action)
    return state.suit, state.current, state.over


def plain(cards, suit, wild) -> int:
    return sum(1 for c in cards if c < FIRST_JOKER and not wild[c] and SUIT_OF[c] == suit)


def check_claim(view, move: Move, code: str, params: dict) -> None:
    """Assert what ``code`` says of ``move`` in ``view`` holds."""
    tables = tables_for(view.rules)
    wild, hand, legal = tables.wild, list(view.hand), view.legal_actions
    assert code in CODES, code
    assert move.action in legal
    if "card" in params:
        assert move.kind == "play" and params["card"] == move.card and move.card in hand
    if code == "call_stop":
        assert params["points"] == sum(tables.value[c] for c in hand)
    elif code == "take_penalty":
        assert move.kind == "draw" and view.pending == params["count"] > 0
    elif code == "nothing_fits":
        assert move.kind == "draw" and not any(a < DRAW for a in legal)
    elif code == "draw_instead":
        assert move.kind == "draw" and any(a < DRAW for a in legal)
    elif code == "save_wild":
        assert move.kind == "draw" and wild[params["wild"]] and params["wild"] in hand
        assert any(a < DRAW and a // 5 == params["wild"] for a in legal)
    elif code == "go_out":
        assert hand == [move.card]
    elif code == "only_move":
        assert list(legal) == [move.action]
    elif code == "pass_penalty_on":
        assert view.pending > 0 and tables.draw_amount[move.card] == params["count"] > 0
    elif code in ("opponent_void", "suit_scarce", "wild_names_suit", "change_suit", "keep_long_suit", "keep_suit"):
        suit, _next, _over = suit_after(view, move)
        assert params["suit"] == suit
        rest = list(hand)
        rest.remove(move.card)
        if code == "opponent_void":
            player = params["player"]
            assert player != view.seat and view.void_hints[player] >> suit & 1
            assert view.hold_caps[player * CAP_KINDS + suit] == params["since"] <= LIKELY_OUT
        elif code == "suit_scarce":
            unseen = [c for c in view.unseen_cards() if c < FIRST_JOKER and not wild[c] and SUIT_OF[c] == suit]
            assert len(unseen) == params["unseen"]
        else:
            assert plain(rest, suit, wild) == params["count"] > 0
            assert wild[move.card] == (code == "wild_names_suit")
            if code in ("keep_long_suit", "keep_suit"):
                assert suit == view.suit and not wild[move.card]
            if code == "keep_long_suit":
                assert all(plain(rest, other, wild) < params["count"] for other in range(4) if other != suit)
            if code == "change_suit":
                assert suit != view.suit
    elif code == "penalty_next":
        _suit, next_player, over = suit_after(view, move)
        assert not over and next_player == params["player"] != view.seat
        assert tables.draw_amount[move.card] == params["count"] > 0 and not view.pending
    elif code == "skip_next":
        assert tables.skip[move.card] or tables.reverse[move.card]
        _suit, next_player, _over = suit_after(view, move)
        assert next_player != params["player"]
        assert view.hand_counts[params["player"]] == params["cards"]
        assert params["player"] == (view.seat + view.direction) % len(view.hand_counts) \
            or tables.reverse[move.card]
    elif code == "keep_wild":
        assert not wild[move.card] and wild[params["wild"]] and params["wild"] in hand
    elif code == "shed_points":
        assert tables.value[move.card] == params["points"]
    elif code == "keep_matching":
        kept = params["kept"]
        others = list(hand)
        others.remove(move.card)
        others.remove(kept)
        matching = [c for c in others if not wild[c] and c < FIRST_JOKER and
                    (SUIT_OF[c] == SUIT_OF[kept] or c >> 2 == kept >> 2)]
        assert len(matching) == params["count"] >= 2
    elif code == "fewest_stranded":
        rest = list(hand)
        rest.remove(move.card)
        stranded = [c for i, c in enumerate(rest) if not wild[c] and c < FIRST_JOKER and not any(
            j != i and not wild[o] and o < FIRST_JOKER and (SUIT_OF[o] == SUIT_OF[c] or o >> 2 == c >> 2)
            for j, o in enumerate(rest))]
        assert len(stranded) == params["count"]


GAMES = sorted(PRESETS)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset_id=st.sampled_from(GAMES), players=st.integers(2, 7), seed=st.integers(0, 2**32 - 1),
       moves=st.integers(0, 40))
def test_every_reason_is_true_of_its_position(preset_id, players, seed, moves):
    view = a_position(preset_id, players, seed, moves)
    if view is None or not view.legal_actions:
        return
    analysis = analyse(view, worlds=2)
    best = analysis.best.move
    hint = hint_from(view, analysis)
    check_claim(view, hint.move, hint.reason, hint.params)
    for other in analysis.ranked[1:]:
        against = hint_from(view, analysis, against=other.move)
        check_claim(view, best, against.reason, against.params)
        # Any candidate weighed against the best is explained truly too (the review explains the best
        # against the person's move, whatever the numbers).
        reason = why(view, other.move, best, 0.05)
        check_claim(view, other.move, reason.code, reason.params)


def test_a_suit_the_player_does_not_hold_is_named_for_a_player_who_cannot_follow_it():
    # Crazy Eights, two players: the opponent drew on hearts (and nothing since); the person holds an
    # eight and clubs only. Naming hearts is explained by the opponent's void, not by the person's cards.
    from game.rules import card_from_str

    rules = preset("crazy_eights", 2)
    cards = lambda text: [card_from_str(c) for c in text.split()]  # noqa: E731
    state = HandState.from_position(rules, [cards("8S 3C 5C"), cards("4D 9S KS 2D")], cards("6D 7D JD QD AS"),
                                    cards("5H"), current=1)
    while state.current == 1:    # the opponent cannot follow hearts: they draw (no heart comes) and pass
        state.apply(DRAW if DRAW in state.legal_actions() else state.legal_actions()[-1])
    assert state.current == 0
    view = view_of(state, 0)
    hearts = 2
    assert view.void_hints[1] >> hearts & 1
    reason = why(view, Move.play(card_from_str("8S"), hearts), Move.play(card_from_str("8S"), 0), 0.1)
    assert reason.code == "opponent_void" and reason.params["player"] == 1 and reason.params["suit"] == hearts
    check_claim(view, Move.play(card_from_str("8S"), hearts), reason.code, reason.params)
