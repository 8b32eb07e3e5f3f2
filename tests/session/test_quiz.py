"""'What would you play?': five positions per set, each with a best move the analysis is sure of, the same
set from the same seed, and every explanation true of its position."""
from __future__ import annotations

import time

import pytest

from game.rules import Match, Move, MoveKind, preset
from game.session.coach import costly_and_sure
from game.session.quiz import (MIN_WIN_GAIN, QUESTIONS, QUIZ_PRESETS, THEMES, VAGUE_REASONS, find_question,
                               themes_for)

from .test_reasons import check_claim

SEED = 1


@pytest.fixture(scope="module")
def a_set():
    """Set SEED, question by question, with the seconds each took."""
    questions, seconds = [], []
    for number in range(QUESTIONS):
        start = time.perf_counter()
        questions.append(find_question(SEED, number))
        seconds.append(time.perf_counter() - start)
    return questions, seconds


def test_a_set_has_five_positions_each_with_a_sure_and_clearly_better_best_move(a_set):
    questions, _seconds = a_set
    assert [question.number for question in questions] == list(range(QUESTIONS)) and QUESTIONS == 5
    for question in questions:
        ranked = question.analysis.ranked
        assert len(ranked) >= 2
        for score in ranked[1:]:
            assert costly_and_sure(score.gap, score.gap_error), (question.preset_id, score)
        assert ranked[0].win - max(score.win for score in ranked[1:]) >= MIN_WIN_GAIN
        assert question.best.right and question.best.hint.reason not in VAGUE_REASONS
        assert [answer.right for answer in question.answers].count(True) == 1
        assert question.preset_id in QUIZ_PRESETS
        # The table shown is the analysed position, from the seat to play, with its legal moves.
        table, view = question.table, question.view
        assert table.my_turn and table.my_cards == view.hand
        assert sorted(move.action for move in table.my_moves) == sorted(view.legal_actions)
        assert table.seats[table.viewer].kind == "human"


def test_a_set_comes_from_several_presets_and_asks_its_themes(a_set):
    questions, _seconds = a_set
    assert len({question.preset_id for question in questions}) >= 2
    assert sorted(themes_for(SEED)) == sorted(THEMES)
    for question, theme in zip(questions, themes_for(SEED)):
        assert question.theme in (theme, "any")


def test_the_same_seed_makes_the_same_question_and_another_seed_another_set(a_set):
    questions, seconds = a_set
    number = min(range(QUESTIONS), key=seconds.__getitem__)   # the quickest to find again
    again = find_question(SEED, number)
    first = questions[number]
    assert (again.preset_id, again.match_seed, again.step, again.table) == \
           (first.preset_id, first.match_seed, first.step, first.table)
    assert again.analysis.ranked == first.analysis.ranked
    other = find_question(SEED + 1, number)
    assert (other.preset_id, other.match_seed, other.step) != (first.preset_id, first.match_seed, first.step)


def test_the_position_is_the_one_the_hand_reached(a_set):
    questions, _seconds = a_set
    for question in questions:
        match = Match(preset(question.preset_id, len(question.table.seats)), question.match_seed)
        moves = [entry.move for entry in question.history if entry.move is not None]
        assert len(moves) == question.step
        for move in moves:
            match.apply(move)
        assert match.view(question.table.viewer) == question.view


def test_every_reason_is_true_of_its_position(a_set):
    questions, _seconds = a_set
    for question in questions:
        best = question.best
        for answer in question.answers:
            # The reason always explains the best move (against the runner-up, or against the answer given).
            assert answer.hint.move == best.move
            check_claim(question.view, best.move, answer.hint.reason, answer.hint.params)
            if "player" in answer.hint.params:
                seat = answer.hint.params["seat"]
                assert answer.hint.params["name"] == question.table.seats[seat].name


def test_an_answer_is_judged_by_the_analysis(a_set):
    questions, _seconds = a_set
    for question in questions:
        for move in question.legal:
            answer = question.judge(move)
            assert answer is not None and answer.move == move
            assert answer.right == (question.analysis.score(move.action).action == question.best.score.action)
        hand = set(question.table.my_cards)
        not_held = next(card for card in range(52) if card not in hand)
        assert question.judge(Move.play(not_held)) is None
        best = question.best.move
        if best.kind == MoveKind.PLAY and best.suit is not None:   # a wild card must name a suit
            assert question.judge(Move.play(best.card)) is None
