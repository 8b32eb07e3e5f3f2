"""'What would you play?' with real pygame events on the dummy driver: the menu opens it, the player answers
by keys or by mouse, right and wrong are told (and spoken), and a set ends with the score."""
from __future__ import annotations

import time

import pygame
import pytest

from game.rules import MoveKind
from game.session.quiz import QUESTIONS, QuizJob
from game.speech import RecordingBackend
from game.ui.scenes.quiz import QuizScene
from game.ui.table.suit_chooser import SUIT_LETTERS

SEED = 1


@pytest.fixture(scope="module")
def found_set():
    """Set SEED, found once for the module in the real background job (a thread here, to share it)."""
    job = QuizJob(SEED, mode="thread")
    deadline = time.monotonic() + 300
    while not job.poll():
        assert time.monotonic() < deadline, "the set was not found in time"
        time.sleep(0.05)
    return job


def open_quiz(app, ui, job) -> tuple[QuizScene, RecordingBackend]:
    recorder = RecordingBackend()
    app.speech.use(recorder)
    app.go("menu")
    ui.step()
    app.go("quiz", None, job)
    ui.step(3)
    scene = app.scenes.top
    assert isinstance(scene, QuizScene) and scene.question is not None
    ui.step(40)   # the cards settle
    return scene, recorder


def answer_by_keys(ui, scene, move) -> None:
    """Choose ``move`` with the keyboard alone: D to draw; Right until the card is chosen, Enter, and the
    suit's letter for a wild card."""
    if move.kind == MoveKind.DRAW:
        ui.key(pygame.K_d)
        return
    assert move.kind == MoveKind.PLAY
    for _ in range(len(scene.my_sprites()) + 1):
        ui.key(pygame.K_RIGHT)
        if scene.my_sprites()[scene.input.selected].card == move.card:
            break
    assert scene.my_sprites()[scene.input.selected].card == move.card
    ui.key(pygame.K_RETURN)
    if move.suit is not None:
        assert scene.chooser is not None
        letter = SUIT_LETTERS[move.suit].lower()
        ui.key(getattr(pygame, f"K_{letter}"), letter)
    ui.step(2)


def test_the_main_menu_opens_the_quiz_which_looks_for_positions_without_busy_redraws(app, ui):
    app.go("menu")
    ui.step()
    ui.click(ui.button("What would you play?"))
    scene = app.scenes.top
    assert isinstance(scene, QuizScene)
    assert scene.job is not None and scene.question is None
    assert scene.frame_rate() <= 4
    ui.step()
    assert scene.changing_rects() == []    # nothing to draw again until a position comes in
    ui.key(pygame.K_ESCAPE)
    assert not isinstance(app.scenes.top, QuizScene)
    assert scene.job.work._futures == {}   # the search stopped with the screen


def test_the_best_move_by_keys_is_right_and_explained_aloud(app, ui, found_set):
    scene, recorder = open_quiz(app, ui, found_set)
    assert any("what would you play" in text.lower() for text in recorder.texts)
    question = scene.question
    for key in (pygame.K_r, pygame.K_t, pygame.K_c, pygame.K_e, pygame.K_h):   # the table's ask keys work here
        before = len(recorder.texts)
        ui.key(key)
        assert len(recorder.texts) == before + 1
    assert recorder.texts[-1] == "No hints here: this is your move to find."
    assert scene.answer is None
    answer_by_keys(ui, scene, question.best.move)
    assert scene.answer is not None and scene.answer.right
    assert recorder.texts[-1].startswith("Right: that is the best move.")
    assert ui.has_button("Next question")
    ui.key(pygame.K_RETURN)
    assert scene.number == 1 and scene.answer is None and scene.question is question_number(found_set, 1)


def question_number(job, number):
    return job.question(number)


def test_a_wrong_move_by_mouse_is_told_with_the_best_move_and_both_chances(app, ui, found_set):
    scene, recorder = open_quiz(app, ui, found_set)
    question = scene.question
    wrong = next(answer for answer in question.answers if not answer.right)
    if wrong.move.kind == MoveKind.DRAW:
        ui.click_at(scene.board.layout.stock.center)
    else:
        sprite = next(sprite for sprite in scene.my_sprites() if sprite.card == wrong.move.card)
        ui.click_at((sprite.x, sprite.y))
        if wrong.move.suit is not None:
            ui.click_at(scene.chooser.rects[wrong.move.suit].center)
    assert scene.answer is not None and not scene.answer.right
    said = recorder.texts[-1]
    assert said.startswith("Not the best move. ")
    assert f"{round(question.best.score.win * 100)}%" in said
    ui.click(ui.button("Next question"))
    assert scene.number == 1


def test_a_card_that_cannot_be_played_is_refused_and_counts_nothing(app, ui, found_set):
    scene, recorder = open_quiz(app, ui, found_set)
    view = scene.question.table
    unplayable = [card for card in view.my_cards if card not in view.playable]
    if not unplayable:
        pytest.skip("every card of this position can be played")
    sprite = next(sprite for sprite in scene.my_sprites() if sprite.card == unplayable[0])
    ui.click_at((sprite.x, sprite.y))
    assert scene.answer is None and scene.results == []
    assert "cannot be played here" in recorder.texts[-1]


def test_five_answers_end_in_the_score_and_n_starts_a_new_set(app, ui, found_set):
    scene, recorder = open_quiz(app, ui, found_set)
    for number in range(QUESTIONS):
        question = scene.question
        move = question.best.move if number % 2 == 0 else next(a.move for a in question.answers if not a.right)
        answer_by_keys(ui, scene, move)
        assert scene.answer.right == (number % 2 == 0)
        ui.key(pygame.K_RETURN)
    assert scene.finished and scene.results == [True, False, True, False, True]
    assert "You found the best move 3 of 5 times." in recorder.texts[-1]
    assert ui.has_button("New set")
    old_seed = scene.seed
    ui.key(pygame.K_n)
    assert not scene.finished and scene.number == 0 and scene.results == []
    assert scene.job.seed == old_seed and scene.job is not found_set
    scene.job.close()


def test_a_card_dragged_onto_the_pile_is_the_answer(app, ui, found_set):
    scene, recorder = open_quiz(app, ui, found_set)
    view = scene.question.table
    card = next(move.card for move in scene.question.legal if move.kind == MoveKind.PLAY and move.suit is None) \
        if any(move.kind == MoveKind.PLAY and move.suit is None for move in scene.question.legal) else None
    if card is None:
        pytest.skip("no plain card to play here")
    sprite = next(sprite for sprite in scene.my_sprites() if sprite.card == card)
    start = (int(sprite.x), int(sprite.y))
    pile = scene.board.layout.pile.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    ui.step()
    for fraction in (0.3, 0.6, 1.0):
        pos = (int(start[0] + (pile[0] - start[0]) * fraction), int(start[1] + (pile[1] - start[1]) * fraction))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        ui.step()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pile, button=1))
    ui.step(3)
    assert scene.answer is not None and scene.answer.move.card == card
    assert view.my_cards == scene.question.table.my_cards    # read-only: the position stands as it was
