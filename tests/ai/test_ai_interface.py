"""The bot interface: every level returns a legal move from a view, in every preset and custom rule set."""
from __future__ import annotations

import pickle
import random
import threading

import pytest

from game.ai import LEVELS, Bot, HardBot, NotYourTurn, UnknownLevel, create_bot, strongest_level
from game.ai.hard import obvious_action
from game.ai.knowledge import sample_state
from game.rules import PRESETS, Move, preset, view_of

from .ai_helpers import FAST_HARD_ITERATIONS, custom_rule_sets, positions


def fast_bot(level: str) -> Bot:
    """A bot of ``level``; the hard one limited to a few iterations so tests stay quick."""
    return HardBot(iterations=FAST_HARD_ITERATIONS) if level == "hard" else create_bot(level)


def test_levels_and_factory():
    assert LEVELS == ("easy", "medium", "hard")
    for level in LEVELS:
        bot = create_bot(level)
        assert isinstance(bot, Bot) and bot.level == level
    assert create_bot("hard", budget_ms=40).budget_ms == 40
    with pytest.raises(UnknownLevel, match="choose one of: easy, medium, hard"):
        create_bot("grandmaster")


def test_strongest_level_keys_a_mixed_table():
    assert strongest_level(["easy", "hard", "medium"]) == "hard"
    assert strongest_level(["easy", "easy"]) == "easy"
    with pytest.raises(ValueError):
        strongest_level([])
    with pytest.raises(ValueError, match="easy, medium, hard"):
        strongest_level(["expert"])


@pytest.mark.parametrize("preset_id", list(PRESETS))
@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("level", LEVELS)
def test_every_level_returns_a_legal_move_in_every_preset(preset_id, players, level):
    bot = fast_bot(level)
    rng = random.Random(11)
    count = 6 if level == "hard" else 40
    for state in positions(preset(preset_id, players), count, seed=players * 100 + len(preset_id)):
        view = view_of(state, state.current)
        move = bot.choose(view, rng)
        assert isinstance(move, Move)
        assert move in view.legal_moves, f"{level} chose {move} in {preset_id}; legal {view.legal_moves}"
        state.apply(move)  # the engine agrees


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_returns_a_legal_move_in_custom_rule_sets(level):
    bot = fast_bot(level)
    rng = random.Random(3)
    for rules in custom_rule_sets(12):
        for state in positions(rules, 2 if level == "hard" else 8, seed=rules.players):
            view = view_of(state, state.current)
            move = bot.choose(view, rng)
            assert move in view.legal_moves, f"{level} chose {move} under {rules.to_dict()}"


@pytest.mark.parametrize("level", LEVELS)
def test_asking_a_bot_out_of_turn_is_a_clear_error(level):
    state = positions(preset("crazy_eights", 3), 1, seed=1)[0]
    waiting_seat = (state.current + 1) % 3
    with pytest.raises(NotYourTurn, match=f"seat {waiting_seat} has no move to make"):
        fast_bot(level).choose(view_of(state, waiting_seat), random.Random(1))


@pytest.mark.parametrize("level", LEVELS)
def test_same_view_and_seed_give_the_same_move(level):
    bot = fast_bot(level)
    for state in positions(preset("switch", 3), 8, seed=4):
        view = view_of(state, state.current)
        assert bot.choose(view, random.Random(9)) == bot.choose(view, random.Random(9))


def test_one_bot_serves_several_threads_at_once():
    """The UI thinks in worker threads: concurrent calls must give what sequential calls give."""
    bot = HardBot(iterations=FAST_HARD_ITERATIONS)
    views = [view_of(s, s.current) for s in positions(preset("crazy_eights_action", 2), 6, seed=8)]
    expected = [bot.choose(v, random.Random(i)) for i, v in enumerate(views)]
    got = [None] * len(views)

    def think(index):
        got[index] = bot.choose(views[index], random.Random(index))

    threads = [threading.Thread(target=think, args=(i,)) for i in range(len(views))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert got == expected


def test_hard_bot_searches_within_a_tiny_budget():
    """A small budget still searches (speed itself is measured by the arena, not asserted here)."""
    bot = create_bot("hard", budget_ms=5)
    state = next(s for s in positions(preset("crazy_eights", 2), 40, seed=2)
                 if len(s.legal_actions()) > 2 and len(s.hands[s.current]) > 2)
    view = view_of(state, state.current)
    result = bot.search(view, random.Random(1))
    assert result.iterations >= 1 and result.action in view.legal_actions


@pytest.mark.parametrize("level", LEVELS)
def test_every_bot_pickles_for_the_worker_process(level):
    """The UI sends the bot to a separate process to think."""
    bot = pickle.loads(pickle.dumps(create_bot(level)))
    assert bot.level == level
    if level == "hard":
        assert bot.sampler is sample_state


def test_hard_bot_searches_the_worlds_its_sampler_deals():
    dealt = []

    def counting_sampler(view, rng):
        dealt.append(view.seat)
        return sample_state(view, rng)

    state = next(s for s in positions(preset("crazy_eights", 3), 40, seed=6)
                 if obvious_action(view_of(s, s.current)) is None)
    view = view_of(state, state.current)
    result = HardBot(iterations=FAST_HARD_ITERATIONS, sampler=counting_sampler).search(view, random.Random(2))
    # The last world may be cut short by the iteration limit and is then not counted.
    assert result.worlds <= len(dealt) <= result.worlds + 1 and result.worlds > 0
    assert set(dealt) == {view.seat}
    honest = HardBot(iterations=FAST_HARD_ITERATIONS).search(view, random.Random(2))
    assert (result.action, result.values) == (honest.action, honest.values)
