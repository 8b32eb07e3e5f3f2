"""Waiting costs next to nothing: a quiet frame draws only where the top scene changes, and a table
waiting for the person holds its direction ring still; anything that does change is drawn whole.

A marker painted straight onto the window's surface shows which pixels a frame drew again.
"""
from __future__ import annotations

import dataclasses
import time

import pygame

from game.rules import Match, preset
from game.session import default_table
from game.ui.app import INPUT_GRACE
from game.ui.sessions import session_for

FRAME = 1 / 60
MARKER = (255, 0, 255)


def let_input_grace_pass(app, frames: int = 3) -> None:
    """Real time passes with no input, so that the frames after it are quiet ones."""
    time.sleep(INPUT_GRACE + 0.05)
    for _ in range(frames):
        app.step(FRAME)


def mark(app, pos) -> None:
    app.screen.set_at(pos, MARKER)


def marked(app, pos) -> bool:
    return tuple(app.screen.get_at(pos))[:3] == MARKER


def persons_turn_table(app, animation_speed="normal"):
    app.settings = dataclasses.replace(app.settings, animation_speed=animation_speed, computer_speed="fast",
                                       ai_think_budget_ms=10)
    table = app.go("table", session_for(app, Match(preset("crazy_eights", 4), 3), default_table("You", 4)),
                   how="clear")
    deadline, settled = time.monotonic() + 30, 0
    while settled < 30:                  # the person's turn, the playable cards lifted, nothing moving
        app.step(FRAME)
        settled = settled + 1 if table.human_turn() and table.frame_rate() < 60 else 0
        assert time.monotonic() < deadline, "the person's turn never came"
    return table


def test_a_still_menu_draws_nothing_until_input_comes(app):
    app.main_menu()
    for _ in range(3):
        app.step(FRAME)
    let_input_grace_pass(app)
    corner = (5, 5)
    mark(app, corner)
    for _ in range(5):
        app.step(FRAME)
    assert marked(app, corner), "a quiet frame of a still menu drew the window again"
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 300), rel=(1, 1), buttons=(0, 0, 0)))
    app.step(FRAME)
    assert not marked(app, corner), "input draws the whole window"


def test_a_notice_appearing_on_a_still_screen_is_drawn(app):
    app.main_menu()
    let_input_grace_pass(app)
    corner = (5, 5)
    mark(app, corner)
    app.notify("Something happened")
    app.step(FRAME)
    assert not marked(app, corner), "a new widget (the notice) makes the frame whole"


def test_a_table_waiting_for_the_person_holds_its_ring_and_redraws_only_the_pulsing_banner(app):
    table = persons_turn_table(app)
    let_input_grace_pass(app)
    angle = table.effects.ring_angle
    banner = table.changing_rects()
    assert banner, "the 'your turn' banner pulses"
    inside = banner[0].center
    outside = (table.board.layout.size[0] - 3, 3)
    assert not any(rect.collidepoint(outside) for rect in banner)
    mark(app, inside)
    mark(app, outside)
    for _ in range(10):
        app.step(0.1)
    assert table.effects.ring_angle == angle, "the direction ring holds still while the table waits"
    assert not marked(app, inside), "the banner's pulse is drawn"
    assert marked(app, outside), "the rest of the table is not drawn again"


def test_a_move_played_without_animations_on_a_quiet_table_is_drawn_whole(app):
    table = persons_turn_table(app, animation_speed="instant")
    let_input_grace_pass(app)
    outside = (table.board.layout.size[0] - 3, 3)
    mark(app, outside)
    app.step(FRAME)
    assert marked(app, outside)
    version = table.session.version
    table.session.play(table.session.match.legal_moves()[0])   # as the scene's input would
    app.step(FRAME)
    assert table.session.version != version
    assert not marked(app, outside), "a new position is drawn whole, even on a quiet frame"


def test_what_quiet_frames_leave_on_screen_is_what_a_whole_frame_draws(app):
    table = persons_turn_table(app)
    let_input_grace_pass(app)
    for _ in range(12):                  # quiet frames: only the banner drawn again, 1.2 s of pulse
        app.step(0.1)
    shown = app.screen.copy()
    app.draw()                           # the whole table, at the same moment
    whole = app.screen
    differing = [(x, y) for x in range(0, whole.get_width(), 4) for y in range(0, whole.get_height(), 4)
                 if shown.get_at((x, y)) != whole.get_at((x, y))]
    assert not differing, f"{len(differing)} sampled pixels differ, first at {differing[:3]}"
