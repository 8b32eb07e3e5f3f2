"""What each level does in positions where good play is clear (the strategy the rules texts teach)."""
from __future__ import annotations

import random

from game.ai import HardBot, create_bot
from game.rules import SUITS, Move, view_of

from .ai_helpers import position

MEDIUM = create_bot("medium")
EASY = create_bot("easy")
HARD = HardBot(iterations=400)


def choose(bot, state, seed=1) -> str:
    return str(bot.choose(view_of(state, state.current), random.Random(seed)))


def test_medium_holds_its_eight_while_it_can_follow():
    state = position("crazy_eights", ["8S 5H 9C KD", "2C 3C 4C 5C 6C 7C 9D"], discard="2H")
    assert choose(MEDIUM, state) == "5H"


def test_medium_plays_its_eight_rather_than_risk_50_points():
    state = position("crazy_eights", ["8S 5H 9C KD QC", "4D"], discard="2H", stock="3S 4S")
    assert choose(MEDIUM, state).startswith("8S")


def test_medium_names_the_suit_it_holds_most_of():
    state = position("crazy_eights", ["8S 3C 7C QC 4D", "2S 3S 4S 5S 6S 7S 9S"], discard="9H", stock="2D")
    assert choose(MEDIUM, state) == "8S>C"


def test_medium_names_a_suit_the_opponent_drew_on():
    state = position("crazy_eights", ["8S 3C 4D", "2S 3S 4S 5S 6S"], discard="9H", stock="2D")
    state.void_hints[1] = 1 << SUITS.index("D")  # seat 1 drew on diamonds earlier
    assert choose(MEDIUM, state) == "8S>D"


def test_medium_sheds_the_high_card_first():
    state = position("crazy_eights", ["KH 3H 5C 6D", "2S 3S 4S 5S 6S 7S 9S"], discard="7H", stock="2D")
    assert choose(MEDIUM, state) == "KH"


def test_medium_and_hard_stack_a_draw_penalty():
    state = position("crazy_eights_action", ["2C 9D 9S", "2H KD 4S 5S"], discard="6C", stock="3D 4D 5D 6D")
    state.apply(Move.parse("2C"))
    assert choose(MEDIUM, state) == "2H"
    assert choose(HARD, state) == "2H"


def test_medium_keeps_a_red_jack_against_black_jacks():
    state = position("switch", ["JH 5H 9S 3C", "2S 3S 4S 5S 6S 7S"], discard="7H", stock="2D 3D")
    assert choose(MEDIUM, state) == "5H"


def test_medium_and_hard_call_last_card():
    state = position("switch", ["5H 9S", "2S 3S 4S 5S 6S 7S"], discard="7H", stock="2D 3D")
    assert choose(MEDIUM, state) == "last"
    assert choose(HARD, state) == "last"


def test_medium_calls_stop_with_a_tiny_hand_it_cannot_play():
    state = position("crazy_eights", ["2H 3C", "QS KS JS 9S 10S"], discard="9D", stock="4D", stop_call=True)
    assert choose(MEDIUM, state) == "stop"


def test_going_out_beats_calling_stop():
    state = position("crazy_eights", ["2H", "QS KS JS 9S 10S"], discard="5H", stock="4D", stop_call=True)
    assert choose(MEDIUM, state) == "2H"
    assert choose(HARD, state) == "2H"


def test_easy_spends_eights_eagerly_and_forgets_calls():
    """Beginner mistakes, seen over many seeds: not always, but often."""
    eights = sum(choose(EASY, position("crazy_eights", ["8S 5H 9C KD", "2C 3C 4C"], discard="2H"), seed)
                 .startswith("8S") for seed in range(200))
    assert 80 < eights < 200
    forgot = sum(choose(EASY, position("switch", ["5H 9S", "2S 3S 4S"], discard="7H", stock="2D"), seed) != "last"
                 for seed in range(200))
    assert 20 < forgot < 150


def test_levels_differ_on_the_same_positions():
    from .ai_helpers import positions
    from game.rules import preset
    states = positions(preset("crazy_eights", 3), 60, seed=12)
    differ = 0
    for index, state in enumerate(states):
        view = view_of(state, state.current)
        if len(view.legal_actions) > 1:
            differ += EASY.choose(view, random.Random(index)) != MEDIUM.choose(view, random.Random(index))
    assert differ >= 5


def test_hard_searches_one_of_two_interchangeable_eights_but_every_plain_card():
    from game.ai.hard import root_candidates
    from game.ai.knowledge import view_scores
    from game.rules import tables_for

    state = position("crazy_eights", ["8S 8D 5H 5C 2H", "3C 4C 6C 7C 9C"], discard="KH", stock="AS 2S 3S")
    view = view_of(state, 0)
    ranked = [action for action, _ in sorted(view_scores(view), key=lambda pair: -pair[1])]
    candidates = root_candidates(ranked, tables_for(view.rules))
    eights = {a // 5 for a in candidates if a // 5 in (Move.parse("8S").card, Move.parse("8D").card)}
    assert len(eights) == 1
    assert sum(1 for a in candidates if a // 5 in eights) == 4          # every suit still searched
    assert {a for a in candidates if a % 5 == 0} == {a for a in ranked if a % 5 == 0}   # plain plays all kept
    assert candidates[0] == ranked[0]


def test_hard_drops_only_actions_clearly_behind_the_leader():
    from game.ai.hard import _prune

    worlds = 40
    leader = [0.2 + 0.15 * (i % 5) for i in range(worlds)]
    wobble = [0.1 if i % 2 else -0.1 for i in range(worlds)]
    close = [value - 0.02 + noise for value, noise in zip(leader, wobble)]    # 1.2 standard errors behind
    far = [value - 0.3 + noise for value, noise in zip(leader, wobble)]       # 18 standard errors behind
    assert _prune([1, 2, 3], {1: leader, 2: close, 3: far}) == [1, 2]
    assert _prune([3, 2, 1], {1: leader, 2: close, 3: far}) == [2, 1]     # the leader is found, the order kept


def test_bots_call_last_card_right_after_the_play_and_easy_sometimes_forgets():
    from game.ai import EasyBot, HardBot, MediumBot
    from game.rules import HandState, cards_from_str, preset

    state = HandState.from_position(preset("switch", 3), [cards_from_str("5H 6H"), cards_from_str("3C 4C"),
                                                          cards_from_str("6D 7D")],
                                    cards_from_str("KC QC 10D"), cards_from_str("9H"))
    state.apply(Move.parse("5H"))
    view = view_of(state, 0)
    assert view.can_call_last_card and not view.legal_actions
    assert not view_of(state, 1).can_call_last_card
    assert MediumBot().calls_last_card(view, random.Random(1))
    assert HardBot(iterations=10).calls_last_card(view, random.Random(1))
    easy = [EasyBot().calls_last_card(view, random.Random(seed)) for seed in range(200)]
    assert 40 < easy.count(False) < 120      # forgets about 40 % of the time
