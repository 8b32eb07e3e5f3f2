"""The tutor at the table, driven by real pygame events: before a sure, costly mistake it asks once,
naming the better move; "Take it back" keeps the turn, "Play it anyway" plays the move, and the match
counts as practice. Off by default; a good move goes through without a word."""
from __future__ import annotations

import dataclasses
import random

import pygame
import pytest

from game.ai.analysis import analyse
from game.ai.medium import MediumBot
from game.rules import DRAW, Match, Move, preset, tables_for
from game.session import Seat
from game.session.coach import surely_costly
from game.store.settings import Settings
from game.ui.sessions import session_for
from tests.ui.test_table import app, card_point, click, key, run_until, step  # noqa: F401  (app: the fixture)

C8_3 = preset("crazy_eights", 3)


def costly_plain_play(view):
    """A plain card (no wild: no suit to choose) the analysis marks as a sure, costly mistake, or None."""
    plays = [a for a in view.legal_actions if a < DRAW and not tables_for(view.rules).wild[a // 5]]
    if len(view.legal_actions) < 2 or not plays:
        return None
    analysis = analyse(view)
    for action in plays:
        score = analysis.score(action)
        if surely_costly(score.gap, score.gap_error):
            return Move.from_action(action), analysis.best.move
    return None


def session_at_costly_play(app, seats, asked_seat: int = 0, fits=None):  # noqa: F811
    """A 3-player session played by Medium until ``asked_seat`` has a costly plain play (and ``fits(view,
    costly, best)``, if given); returns (session, the costly move, the best move)."""
    for seed in range(1, 60):
        session = session_for(app, Match(C8_3, seed), seats)
        bot, rng = MediumBot(), random.Random(seed)
        while not session.hand_over:
            seat = session.match.current_seat
            view = session.match.view(seat)
            found = costly_plain_play(view) if seat == asked_seat else None
            if found and (fits is None or fits(view, *found)):
                return session, *found
            session.apply(bot.choose(view, rng))
        session.close()
    raise AssertionError("no costly plain play found")


def tutored_table(app, tutor: bool = True, fits=None):  # noqa: F811
    """A table (the person, Ada, Bruno) played by Medium until the person has a costly plain play (and
    ``fits(view, costly, best)``, if given); returns (table, the costly move, the best move)."""
    from game.ui.table import TableScene

    app.settings = dataclasses.replace(app.settings, tutor_mode=tutor)
    session, costly, best = session_at_costly_play(
        app, [Seat("Tess", "human"), Seat("Ada", "medium"), Seat("Bruno", "medium")], 0, fits)
    table = TableScene(app, session)
    app.push(table)
    step(app)
    table.resync(animate=False)
    step(app, 2)
    return table, costly, best


def play_by_click(app, table, move: Move) -> None:  # noqa: F811
    click(app, card_point(table, move.card))
    step(app, 2)


def analysis_ready(table) -> bool:
    return table.session.tutor_check(Move("draw")) is not None or table.session.hint_failed()


def test_the_tutor_is_off_by_default():
    assert Settings().tutor_mode is False
    assert Settings.from_json({"tutor_mode": "yes"})[1] == ["tutor_mode"]   # the store's checks refuse a non-bool


def test_a_costly_move_is_asked_about_once_and_taken_back(app):  # noqa: F811
    table, costly, best = tutored_table(app)
    session = table.session
    run_until(app, lambda: analysis_ready(table), limit=60)
    before = len(session.history)
    assert not session.practice
    play_by_click(app, table, costly)
    dialog = table.tutor.dialog
    assert dialog is not None and len(session.history) == before
    assert dialog.check.move == costly and dialog.check.better.move == best
    assert dialog.first_time and session.practice   # a tutored match counts as practice
    assert session.statistics_key()[1] == "practice"
    # The move buttons hide under the question; the keyboard answers it: Escape takes the move back.
    assert not table.input.buttons["hint"].visible and not table.input.buttons["undo"].visible
    key(app, pygame.K_ESCAPE)
    assert table.tutor.dialog is None and len(session.history) == before
    assert app.scenes.top is table      # Escape answered the tutor, it did not open the pause menu
    # It asks once per position: the same move again goes through.
    step(app, 30)   # (not the second half of a double click)
    play_by_click(app, table, costly)
    assert table.tutor.dialog is None
    assert session.history[before].seat == 0 and session.history[before].move == costly


def test_play_it_anyway_with_the_mouse_plays_the_move(app):  # noqa: F811
    table, costly, _best = tutored_table(app)
    session = table.session
    run_until(app, lambda: analysis_ready(table), limit=60)
    before = len(session.history)
    play_by_click(app, table, costly)
    dialog = table.tutor.dialog
    assert dialog is not None
    step(app, 30)   # it stands open, drawn over the table
    anyway = dialog.buttons[1]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=anyway.center, rel=(0, 0), buttons=(0, 0, 0)))
    step(app)
    assert dialog.focus == 1
    click(app, anyway.center)
    assert table.tutor.dialog is None
    assert session.history[before].seat == 0 and session.history[before].move == costly


def test_enter_on_the_focused_button_takes_back_and_a_good_move_goes_through(app):  # noqa: F811
    table, costly, best = tutored_table(app)
    session = table.session
    run_until(app, lambda: analysis_ready(table), limit=60)
    before = len(session.history)
    play_by_click(app, table, costly)
    assert table.tutor.dialog is not None and table.tutor.dialog.focus == 0
    key(app, pygame.K_RETURN)       # "Take it back" has the focus at first: the safe answer
    assert table.tutor.dialog is None and len(session.history) == before
    step(app, 30)
    if best.kind == "play" and best.suit is None:
        play_by_click(app, table, best)
    else:
        table.human_move(best)
    assert table.tutor.dialog is None
    assert session.history[before].move.action == best.action or session.history[before].move == best


def test_a_move_made_before_the_analysis_is_ready_is_held_then_judged(app):  # noqa: F811
    table, costly, _best = tutored_table(app)
    session = table.session
    before = len(session.history)
    play_by_click(app, table, costly)     # at once: the analysis may not be in yet
    assert len(session.history) == before
    assert table.tutor.busy
    run_until(app, lambda: table.tutor.dialog is not None, limit=60)
    assert len(session.history) == before


def test_without_the_tutor_a_costly_move_is_played_at_once(app):  # noqa: F811
    table, costly, _best = tutored_table(app, tutor=False)
    session = table.session
    run_until(app, lambda: analysis_ready(table), limit=60)
    before = len(session.history)
    play_by_click(app, table, costly)
    assert table.tutor.dialog is None
    assert session.history[before].move == costly
    assert not session.practice
