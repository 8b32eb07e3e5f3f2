"""The hint at the table, driven by real pygame events: the chooser opens on the hinted suit, Enter
carries out a hinted draw, and the hand review numbers the person's moves so the last is "N of N"."""
from __future__ import annotations

import random

import pygame

from game.ai.medium import MediumBot
from game.rules import DRAW, Match, Move, parse_record_move, preset
from game.session import Seat
from game.ui.sessions import session_for
from tests.ui.test_table import app, key, run_until, step  # noqa: F401  (app: the table's fixture)

C8_2 = preset("crazy_eights", 2)


def table_at(app, rules, seed: int, stop):  # noqa: F811
    """A table of the person (seat 0) and Medium, both sides played by Medium (rng seeded with ``seed``)
    until ``stop(moves, view)`` holds on the person's turn (``moves``: moves of the hand so far)."""
    from game.ui.table import TableScene

    session = session_for(app, Match(rules, seed), [Seat("Tess", "human"), Seat("Ada", "medium")])
    bot, rng = MediumBot(), random.Random(seed)
    moves = 0
    while True:
        view = session.match.view(session.match.current_seat)
        if session.match.current_seat == 0 and stop(moves, view):
            break
        session.apply(bot.choose(view, rng))
        moves += 1
    table = TableScene(app, session)
    app.push(table)
    step(app)
    table.resync(animate=False)
    step(app, 2)
    return table


def shown_hint(app, table):  # noqa: F811
    key(app, pygame.K_h)
    run_until(app, lambda: table.hint_for is None, limit=60)
    return table.session.poll_hint()


def test_the_suit_chooser_opens_on_the_suit_the_hint_named(app):  # noqa: F811
    # Match seed 1, the person's move 15: the analysis plays 8S and names clubs, though spades is the
    # longest suit left in the hand (what the chooser offered before).
    table = table_at(app, C8_2, 1, lambda moves, view: moves == 15)
    hint = shown_hint(app, table)
    assert hint.move.kind == "play" and hint.move.suit is not None
    assert table.my_sprites()[table.input.selected].card == hint.move.card
    key(app, pygame.K_RETURN)
    assert table.chooser is not None
    assert table.chooser.focus == hint.move.suit
    key(app, pygame.K_RETURN)
    assert table.chooser is None
    assert any(entry.seat == 0 and entry.move == hint.move for entry in table.session.history[-3:])


def test_enter_draws_when_the_hint_says_draw(app):  # noqa: F811
    table = table_at(app, C8_2, 2, lambda moves, view: tuple(view.legal_actions) == (DRAW,))
    hint = shown_hint(app, table)
    assert hint.move == Move("draw")
    before = len(table.session.history)
    key(app, pygame.K_RETURN)
    assert len(table.session.history) > before
    assert table.session.history[before].move == Move("draw") and table.session.history[before].seat == 0


def test_the_review_numbers_each_decision_among_all_the_persons_moves_of_the_hand(app, monkeypatch):  # noqa: F811
    from tests.ui.test_review import finished_hand, until_reviewed
    from tests.ui.conftest import Driver

    ui = Driver(app)
    table, _result = finished_hand(app)
    ui.step(30)
    ui.key(pygame.K_r)
    scene = app.scenes.top
    until_reviewed(ui, scene, limit=300)
    # The person's moves in the hand, straight from the record (forced ones too, calls out of turn not).
    record = table.session.match.to_record()
    replay = Match.from_record(dict(record, hands=[[]]))
    own_steps = []
    for index, text in enumerate(record["hands"][0]):
        move, caller = parse_record_move(text)
        if caller is None and replay.current_seat == 0:
            own_steps.append(index)
        replay.apply(move, caller)
    assert len(own_steps) > len(scene.review.decisions)   # some of them were forced
    drawn = []
    render, fit = scene.text.render, scene.text.fit
    monkeypatch.setattr(scene.text, "render", lambda text, *a, **k: drawn.append(text) or render(text, *a, **k))
    monkeypatch.setattr(scene.text, "fit", lambda text, *a, **k: drawn.append(text) or fit(text, *a, **k))
    scene.draw(app.screen)
    costliest = scene.review.costliest()
    assert costliest
    for decision in costliest:
        number = own_steps.index(decision.decision.step) + 1
        assert f"Your move {number} of {len(own_steps)}" in drawn
