"""The hand review on the dummy video driver: opened from the hand result, progress, the three items, back again."""
from __future__ import annotations

import random
import time

import pygame
import pytest

from game.ai import MediumBot
from game.rules import Match, preset
from game.session import Seat
from game.ui.i18n import move_text
from game.ui.scene import AMBIENT_FPS, IDLE_FPS
from game.ui.sessions import session_for

SEATS = [Seat("Tess", "human"), Seat("Ada", "medium"), Seat("Bruno", "medium"), Seat("Chloé", "medium")]


def finished_hand(app, seats=SEATS, seed=10):
    """A table whose single hand is over: the person always made the first legal move, Medium the others'."""
    rules = preset("crazy_eights", 4).replace(match_end="single_hand")
    table = app.go("table", session_for(app, Match(rules, seed), seats))
    app.step(1 / 60)
    medium, rng = MediumBot(), random.Random(3)
    while not table.session.match.hand.over:
        seat = table.session.match.current_seat
        kind = table.session.seats[seat].kind
        table.session.apply(table.session.match.legal_moves()[0] if kind == "human" else
                            medium.choose(table.session.match.view(seat), rng))
    table.resync(animate=False)
    return table, app.go("hand_result", table)


def until_reviewed(ui, scene, limit=120.0):
    """Step frames until the review is shown; returns each frame's (done, total)."""
    seen = []
    deadline = time.monotonic() + limit
    while scene.review is None or scene.shown_fraction < 1.0:
        assert time.monotonic() < deadline, "the review never finished"
        seen.append(scene.progress)
        ui.step()
        time.sleep(0.002)
    ui.step(2)
    return seen


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
def test_the_button_opens_the_review_which_shows_progress_then_the_three_costliest_and_escape_returns(
        make_app, size, monkeypatch):
    from game.ui.table import HandResultScene
    from game.ui.table.review import HandReviewScene

    app = make_app(size)
    from tests.ui.conftest import Driver
    ui = Driver(app)
    _table, result = finished_hand(app)
    ui.step(30)
    ui.click(result.review_button)
    scene = app.scenes.top
    assert isinstance(scene, HandReviewScene)
    ui.step(30)                                          # the panel has opened; the bar still fills
    assert scene.review is None and scene.frame_rate() == AMBIENT_FPS
    seen = until_reviewed(ui, scene)
    assert scene.frame_rate() == IDLE_FPS                # nothing moves once the review shows
    done, total = seen[0]
    assert total > 3 and done < total                    # the bar starts before the work is done
    assert [d for d, _ in seen] == sorted(d for d, _ in seen) and scene.progress == (total, total)
    costliest = scene.review.costliest()
    assert len(costliest) == 3 == len(scene.item_rects)
    screen = app.screen.get_rect()
    for rect in scene.item_rects:
        assert scene.panel.contains(rect) and screen.contains(rect)
        assert not rect.colliderect(scene.primary.rect)
    drawn = []
    render = scene.text.render
    monkeypatch.setattr(scene.text, "render", lambda text, *a, **k: drawn.append(text) or render(text, *a, **k))
    scene.draw(app.screen)
    for decision in costliest:
        assert move_text(decision.made) in drawn
    ui.key(pygame.K_ESCAPE)
    assert app.scenes.top is result and isinstance(result, HandResultScene)
    assert scene.job is None


def test_r_opens_the_review_and_back_stops_it_while_it_is_still_working(app, ui):
    from game.ui.table.review import HandReviewScene

    _table, result = finished_hand(app)
    ui.step(30)
    ui.key(pygame.K_r)
    scene = app.scenes.top
    assert isinstance(scene, HandReviewScene) and scene.review is None and scene.job is not None
    job = scene.job
    ui.click(scene.primary)
    assert app.scenes.top is result
    assert scene.job is None and job.poll() is None    # dropped: nobody waits for it any more


def test_a_table_of_computers_offers_no_review(app, ui):
    seats = [Seat("Ada", "easy"), Seat("Bruno", "medium"), Seat("Chloé", "hard"), Seat("Dmitri", "medium")]
    _table, result = finished_hand(app, seats)
    result.auto = None
    ui.step(2)
    assert result.review_button is None and not ui.has_button("Review hand")


def test_the_finished_review_shows_each_hand_sorted_as_the_table_with_readable_corners_rings_on_top_and_when(
        app, ui, monkeypatch):
    from game.ui.table.board import display_order
    from game.ui.table.review import CORNER_SHOWN, HandReviewScene

    table, result = finished_hand(app)
    ui.step(30)
    ui.key(pygame.K_r)
    scene = app.scenes.top
    until_reviewed(ui, scene)
    drawn = []
    render = scene.text.render
    monkeypatch.setattr(scene.text, "render", lambda text, *a, **k: drawn.append(text) or render(text, *a, **k))
    scene.draw(app.screen)
    costliest = scene.review.costliest()
    assert len(scene.hand_spots) == len(costliest) == 3
    for decision, spots in zip(costliest, scene.hand_spots):
        view = decision.view
        assert [card for card, _ in spots] == display_order(view.hand, view.rules)
        for (_, left), (_, right) in zip(spots, spots[1:]):
            assert right.left - left.left >= int(CORNER_SHOWN * left.w) - 1   # the corner shows
        total = len(scene.review.decisions)
        assert f"Your move {scene.review.number(decision)} of {scene.review.moves}" in drawn
    assert {decision.made.card for decision in costliest} & {card for s in scene.hand_spots for card, _ in s}
    for colour, ring in scene.ring_spots:          # the ring's right edge is not under the next card
        edge = ring.inflate(4, 4)
        assert tuple(app.screen.get_at((edge.right - 2, edge.centery)))[:3] == tuple(colour)[:3]
    numbers = [scene.review.number(d) for d in scene.review.decisions]
    assert numbers == sorted(set(numbers)) and 1 <= numbers[0] and numbers[-1] <= scene.review.moves
    assert isinstance(scene, HandReviewScene) and table.hand_reviews


def test_opening_the_same_hands_review_again_shows_it_at_once_without_working_it_out_again(app, ui, monkeypatch):
    from game.ui.table import review as review_module

    _table, result = finished_hand(app)
    ui.step(30)
    ui.key(pygame.K_r)
    first = app.scenes.top
    until_reviewed(ui, first)
    ui.key(pygame.K_ESCAPE)
    assert app.scenes.top is result
    started = []
    import importlib

    # The table asks its session for the review job; the session starts it with hand_review_job.
    monkeypatch.setattr(importlib.import_module("game.session.session"), "hand_review_job",
                        lambda *a, **k: started.append(a))
    ui.key(pygame.K_r)
    second = app.scenes.top
    assert second is not first and isinstance(second, review_module.HandReviewScene)
    assert not started and second.job is None                      # nothing worked out again
    assert second.review is first.review and second.shown_fraction == 1.0
    assert second.progress == (len(first.review.decisions),) * 2
    drawn = []
    render = second.text.render
    monkeypatch.setattr(second.text, "render", lambda text, *a, **k: drawn.append(text) or render(text, *a, **k))
    ui.step(1)
    second.draw(app.screen)
    assert len(second.item_rects) == 3 and not any(text.startswith("Looking at") for text in drawn)
