"""The tutor at a table of several people is each person's own: Bruno chose it on the New game screen, Tess
did not. Driven by real pygame events: only Bruno is asked, by name and aloud; Tess's costly move is played
at once."""
from __future__ import annotations

import dataclasses

import pygame

from game.rules import Match
from game.session import Seat
from game.speech import RecordingBackend
from game.ui.scenes.new_game import NewGameScene
from game.ui.sessions import session_for
from game.ui.table import TableScene
from game.ui.table.pass_screen import PassScene
from game.ui.table.tutor import plays_with_tutor
from tests.ui.test_table import app, key, run_until, step  # noqa: F401  (app: the fixture)
from tests.ui.test_tutor import C8_3, analysis_ready, play_by_click, session_at_costly_play

TESS, BRUNO = 0, 1


def hot_seat_table(app, asked_seat: int):  # noqa: F811
    """Tess and Bruno (people) and Ada (Medium), played by Medium until ``asked_seat`` has a costly plain play;
    the table open on that person's turn, the device handed to them. Returns (table, costly move)."""
    session, costly, _best = session_at_costly_play(
        app, [Seat("Tess", "human"), Seat("Bruno", "human"), Seat("Ada", "medium")], asked_seat)
    table = TableScene(app, session)
    app.push(table)
    step(app)
    if isinstance(app.scenes.top, PassScene):
        key(app, pygame.K_SPACE)   # the person takes the device
    assert app.scenes.top is table and session.human_turn() and session.viewer == asked_seat
    table.resync(animate=False)
    step(app, 2)
    return table, costly


def seat_bruno_with_the_tutor(app):  # noqa: F811
    """New game as a player sets it: Tess's own tutor off, Bruno a "Learner" (a person with the tutor) by a real click."""
    from tests.ui.conftest import Driver

    app.settings = dataclasses.replace(app.settings, player_name="Tess", tutor_mode=False)
    ui = Driver(app)
    scene = NewGameScene(app)
    app.push(scene)
    ui.step(2)
    bruno_seat = next(menu for menu, index in scene.level_menus.items() if index == 0)
    ui.choose(bruno_seat, "Learner")
    entry = next(entry for entry, index in scene.name_entries.items() if index == 0)
    entry.set_text("Bruno")
    ui.click(entry)
    ui.key(pygame.K_RETURN)
    assert app.settings.tutored_names == ("Bruno",)
    assert [seat.kind for seat in scene.seats()[:2]] == ["human", "human"]
    app.pop()
    ui.step()


def test_new_game_keeps_each_persons_tutor_by_name(app):  # noqa: F811
    seat_bruno_with_the_tutor(app)
    scene = NewGameScene(app)
    app.push(scene)
    step(app, 2)
    assert scene.seat_choice(0) == "human_with_tutor"   # Bruno's choice is offered again
    table, _costly = hot_seat_table(app, BRUNO)
    session = table.session
    assert plays_with_tutor(app.settings, session, BRUNO)
    assert not plays_with_tutor(app.settings, session, TESS)


def test_only_the_tutored_person_is_asked_by_name(app):  # noqa: F811
    seat_bruno_with_the_tutor(app)
    recorder = RecordingBackend()
    app.speech.use(recorder)
    table, costly = hot_seat_table(app, BRUNO)
    session = table.session
    run_until(app, lambda: analysis_ready(table), limit=60)
    before = len(session.history)
    play_by_click(app, table, costly)
    dialog = table.tutor.dialog
    assert dialog is not None and len(session.history) == before, "Bruno is asked before his move"
    assert dialog.title() == "Wait, Bruno: there is a better move"
    assert dialog.note() == "A match with the tutor's help counts as practice for you; the others' results count as usual."
    assert any(text.startswith("Wait, Bruno: there is a better move") for text in recorder.texts)
    assert session.practised == {BRUNO}   # Bruno's results count as practice, Tess's as usual
    assert session.statistics_key(TESS)[1] != "practice" and session.statistics_key(BRUNO)[1] == "practice"
    key(app, pygame.K_ESCAPE)
    assert table.tutor.dialog is None and len(session.history) == before


def test_the_untutored_person_plays_a_costly_move_at_once(app):  # noqa: F811
    seat_bruno_with_the_tutor(app)
    table, costly = hot_seat_table(app, TESS)
    session = table.session
    run_until(app, lambda: analysis_ready(table), limit=60)
    before = len(session.history)
    play_by_click(app, table, costly)
    assert table.tutor.dialog is None
    assert session.history[before].seat == TESS and session.history[before].move == costly
    assert not session.practice


def test_the_one_person_at_a_table_keeps_the_tutor_setting(app):  # noqa: F811
    """Alone with computers, the tutor setting decides, whatever the name."""
    app.settings = dataclasses.replace(app.settings, player_name="Tess", tutor_mode=True, tutored_names=())
    session = session_for(app, Match(C8_3, 1), [Seat("Someone", "human"), Seat("Ada", "easy"), Seat("Bruno", "easy")])
    assert plays_with_tutor(app.settings, session, 0)
    session.close()


def test_the_dialog_drawn_under_a_quiet_frames_clip_is_the_whole_frames_picture(app):  # noqa: F811
    """A settled table draws again only where it pulses (the "your turn" banner, under the dialog's
    buttons): the dialog drawn under that clip must match it drawn whole (its cards once landed there)."""
    from tests.ui.test_tutor import tutored_table

    table, costly, _best = tutored_table(app)
    run_until(app, lambda: analysis_ready(table), limit=60)
    table.human_move(costly)
    step(app, 40)
    assert table.tutor.dialog is not None
    app.draw()
    whole = app.screen.copy()
    for area in [*table.painter.pulse_rects, *table.tutor.dialog.buttons]:
        app.screen.fill((0, 0, 0))
        app.screen.set_clip(area)
        try:
            app.draw()
        finally:
            app.screen.set_clip(None)
        assert pygame.image.tobytes(app.screen.subsurface(area), "RGB") == \
            pygame.image.tobytes(whole.subsurface(area), "RGB"), f"the dialog drawn under a clip at {area}"
