"""The one analysis: seeded by the position, the same in every process, and the hint is the review's best."""
from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

from game.ai.analysis import analyse, position_seed
from game.ai.hard import evaluate, evaluate_with_win, play_out, win_chance
from game.ai.knowledge import sample_state
from game.ai.positions import decision_positions, tables
from game.rules import PRESETS, Match, preset
from game.session.coach import hint_for
from game.session.review import Decision, hand_decisions, review_decision

ROOT = Path(__file__).resolve().parents[2]
ROLLOUTS = 120   # few enough for the suite; the bench runs the real count


def test_positions_come_from_every_preset_and_table_size():
    positions = decision_positions(len(tables()), seed=3)
    assert {(p.preset_id, p.players) for p in positions} == set(tables())
    assert {p.preset_id for p in positions} == set(PRESETS) and {p.players for p in positions} == set(range(2, 8))
    assert all(len(p.view.legal_actions) > 1 for p in positions)
    assert [p.view for p in decision_positions(6, seed=3)] == [p.view for p in positions[:6]]


def test_the_same_view_gets_the_same_seed_in_another_process_and_another_view_another_seed():
    positions = decision_positions(4, seed=2)
    seeds = [position_seed(p.view) for p in positions]
    assert len(set(seeds)) == len(seeds)
    code = ("from game.ai.positions import decision_positions; from game.ai.analysis import position_seed; "
            "print([position_seed(p.view) for p in decision_positions(4, seed=2)])")
    # A fresh interpreter has another string-hash salt: the seed must not depend on it.
    for salt in ("1", "2"):
        out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                             env={"PYTHONHASHSEED": salt, "PATH": "/usr/bin:/bin"}).stdout
        assert out.strip() == str(seeds)


def test_an_analysis_ranks_every_candidate_best_first_with_gaps_and_their_errors():
    view = decision_positions(1, seed=5)[0].view
    analysis = analyse(view, ROLLOUTS)
    assert analysis == analyse(view, ROLLOUTS)                       # the position decides the worlds
    ranked = analysis.ranked
    assert {s.action for s in ranked} <= set(view.legal_actions) and len(ranked) >= 2
    assert [s.value for s in ranked] == sorted((s.value for s in ranked), reverse=True)
    assert ranked[0].gap == 0.0 and ranked[0].gap_error == 0.0
    for score in ranked[1:]:
        assert abs(score.gap - (ranked[0].value - score.value)) < 1e-12 and score.gap_error > 0
        assert 0.0 <= score.win <= 1.0


def test_the_hint_is_the_reviews_best_move_for_the_same_view_in_every_game_and_table_size():
    positions = decision_positions(len(tables()), seed=7)
    for position in positions:
        view = position.view
        hint = hint_for(view, ROLLOUTS)
        review = review_decision(Decision(position.step, view, tuple(range(position.players)), position.made),
                                 ROLLOUTS)
        if review.best == review.made and hint.move != review.best:
            # The review keeps the person's own move when it is as good as the best (within the noise).
            assert review.cost <= 0.004, (position, hint, review.best)
        else:
            assert hint.move == review.best, (position.preset_id, position.players, hint.move, review.best)


def test_the_review_of_a_played_hand_sees_the_view_the_player_had_so_the_same_seed():
    match = Match(preset("crazy_eights", 3), 4)
    live = []
    from game.ai.medium import MediumBot
    import random
    bot, rng = MediumBot(), random.Random(4)
    while not match.hand.over:
        view = match.view(match.current_seat)
        if match.current_seat == 0 and len(view.legal_actions) > 1:
            live.append(position_seed(view))
        match.apply(bot.choose(view, rng))
    decisions, _ = hand_decisions(match.to_record(), 0, 1)
    assert live and [position_seed(d.view) for d in decisions] == live


def test_the_race_spends_worlds_on_the_close_calls_within_its_budget_and_scales_with_effort():
    positions = decision_positions(12, seed=11)
    raced = [analyse(p.view, 600) for p in positions]
    for analysis in raced:
        best = analysis.best
        assert analysis.rollouts <= 600 and analysis.worlds == best.worlds
        assert all(score.worlds <= best.worlds for score in analysis.ranked)
        assert sum(score.worlds for score in analysis.ranked) == analysis.rollouts
    # A move the race left early was clearly worse than the leader by then, or clearly on one side of
    # the costly line; where every move was clear after the first worlds, nothing more was played.
    assert any(min(s.worlds for s in a.ranked) < a.worlds for a in raced)
    assert any(a.rollouts < 600 for a in raced)
    view = positions[0].view
    first = min(score.worlds for score in analyse(view, 600).ranked)
    assert min(score.worlds for score in analyse(view, 600, effort=3).ranked) >= 3 * first


def test_an_analysis_is_the_same_in_another_process():
    positions = decision_positions(3, seed=13)
    here = [[(s.action, s.value, s.gap_error, s.worlds) for s in analyse(p.view, 200).ranked] for p in positions]
    code = ("from game.ai.positions import decision_positions; from game.ai.analysis import analyse; "
            "print([[(s.action, s.value, s.gap_error, s.worlds) for s in analyse(p.view, 200).ranked] "
            "for p in decision_positions(3, seed=13)])")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                         env={"PYTHONHASHSEED": "7", "PATH": "/usr/bin:/bin"}).stdout
    assert out.strip() == str(here)


def test_the_utility_and_the_win_chance_of_one_pass_are_those_of_evaluate_and_win_chance():
    rng, ended = random.Random(4), 0
    for position in decision_positions(len(tables()), seed=4):
        state = sample_state(position.view, rng)
        for depth in (0, 6, 200):    # as dealt, mid-hand, and (mostly) over
            world = state.copy(rng)
            play_out(world, rng, depth)
            for me in range(world.n):
                assert evaluate_with_win(world, me) == (evaluate(world, me), win_chance(world, me))
            ended += world.over
    assert ended > 0
