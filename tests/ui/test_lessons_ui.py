"""Learn to play, driven by real pygame events on the dummy driver: the menu entry, a step done by key and
one by a drop, a wrong move refused with the step kept, skipping, leaving and resuming where it was left,
and the rules screen's "Show me" opening a lesson at its step."""
from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.rules import card_from_str
from game.session.lessons import LESSONS
from game.store.lessons import LessonProgressStore
from game.store.paths import UserFolders

from tests.ui.test_table import card_point, drag, key, pile_point

FRAME = 1 / 30


def until_persons_step(app, frames: int = 900):
    """Run frames until the lesson waits for the person with nothing moving; returns the lesson table."""
    for _ in range(frames):
        app.step(FRAME)
        table = app.scenes.top
        if getattr(table, "run", None) is not None and table.run.persons_turn() and not table.board.moving:
            return table
    raise AssertionError("the lesson never came to the person's step")


def quick(app) -> None:
    """Computer moves and animations at once: the lesson's logic, not its pace, is under test."""
    app.settings = dataclasses.replace(app.settings, computer_speed="instant", animation_speed="fast")


def test_learn_to_play_from_the_menu_by_key_and_drop_then_skip_leave_and_resume(app, ui):
    quick(app)
    app.go("menu", how="clear")
    ui.step(3)
    ui.click(ui.button("Learn to play"))
    assert type(app.scenes.top).__name__ == "LessonsScene"
    ui.click(app.scenes.top.buttons["crazy_eights"])
    table = until_persons_step(app)
    assert table.run.step.key == "crazy_eights.match_suit"
    # A wrong card: refused, a kind word on the panel, the step stays.
    drag(app, card_point(table, card_from_str("7D")), pile_point(table))
    assert table.run.step.key == "crazy_eights.match_suit" and table.feedback
    # The step by key: the step's card is chosen for Enter.
    key(app, pygame.K_RETURN)
    assert table.run.step_index == 1 and not table.feedback
    table = until_persons_step(app)
    assert table.run.step.key == "crazy_eights.match_rank"
    drag(app, card_point(table, card_from_str("QS")), pile_point(table))
    assert table.run.step_index == 2
    table = until_persons_step(app)
    ui.click(ui.button("Skip step  (N)"))   # the eight is played for the person, naming diamonds
    assert table.run.step_index == 3 and 2 in table.run.skipped
    table = until_persons_step(app)
    key(app, pygame.K_q)    # leave: the progress is on disk
    assert type(app.scenes.top).__name__ == "LessonsScene"
    progress, problem = LessonProgressStore(UserFolders.default()).load()
    assert problem is None and progress.mark("crazy_eights").step == 3
    assert app.scenes.top.status("crazy_eights") == "Step 4 of 7"
    ui.click(app.scenes.top.buttons["crazy_eights"])   # Go on: where it was left
    table = until_persons_step(app)
    assert table.run.step.key == "crazy_eights.draw"
    key(app, pygame.K_d)
    assert table.run.step_index == 4


def test_a_lesson_played_to_its_end_by_skipping_says_complete_and_is_marked_done(app, ui):
    quick(app)
    app.go("lesson_table", "action_cards", 0, how="clear")
    for _ in range(len(LESSONS["action_cards"].steps)):
        until_persons_step(app)
        key(app, pygame.K_n)
    table = app.scenes.top
    for _ in range(60):
        app.step(FRAME)
    assert table.run.finished and ui.has_button("Next lesson  (Enter)")
    key(app, pygame.K_RETURN)
    assert app.scenes.top.lesson_key == "switch"
    assert LessonProgressStore(UserFolders.default()).load()[0].mark("action_cards").done


def test_the_rules_screen_shows_a_rule_at_its_lesson_step(app, ui):
    app.go("rules", how="clear", preset_id="switch")
    ui.step(3)
    ui.click(ui.button("Show me…"))
    scene = app.scenes.top
    index = LESSONS["switch"].step_index("switch.red_jack")
    ui.click(scene.show_buttons[("switch", index)])
    table = until_persons_step(app)
    assert table.run.step.key == "switch.red_jack"


def test_a_damaged_progress_file_is_set_aside_and_the_player_told(app, ui):
    folders = UserFolders.default()
    path = LessonProgressStore(folders).path
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"format": "crazy-eights-lessons", "version": 1, "data": {"lessons": 5}}', encoding="utf-8")
    app.go("lessons", how="clear")
    ui.step(2)
    assert path.with_name(path.name + ".bak").exists()
    assert any("lessons.json" in text for text in app.notices.texts())


def test_the_teacher_is_heard_and_enter_makes_a_draw_or_a_call_and_names_the_asked_suit(app, ui):
    from game.speech import RecordingBackend

    recorder = RecordingBackend()
    app.speech.use(recorder)
    lesson = LESSONS["crazy_eights"]
    app.go("lesson_table", "crazy_eights", lesson.step_index("crazy_eights.eight_wild"), how="clear")
    table = until_persons_step(app)
    ui.step(2)
    assert any(text.startswith("Step 3 of 7") and "eights are wild" in text for text in recorder.texts)
    key(app, pygame.K_RETURN)   # the eight is chosen: the suit chooser opens on the suit the step asks for
    assert table.chooser is not None
    key(app, pygame.K_RETURN)
    assert table.run.step_index == 3 and table.session.view().suit == 1
    table = until_persons_step(app)
    assert table.run.step.key == "crazy_eights.draw"
    key(app, pygame.K_RETURN)   # no card to play: Enter draws
    assert table.run.step_index == 4
    # A wrong move is said aloud as well as shown.
    table = until_persons_step(app)
    key(app, pygame.K_p)
    assert table.feedback and recorder.texts[-1] == table.feedback


def test_after_the_last_step_nobody_moves_and_the_switch_call_is_made_by_key(app, ui):
    lesson = LESSONS["switch"]
    app.go("lesson_table", "switch", lesson.step_index("switch.call_last"), how="clear")
    table = until_persons_step(app)
    key(app, pygame.K_l)
    assert table.run.step.key == "switch.one_left"
    key(app, pygame.K_RETURN)
    table = until_persons_step(app)
    key(app, pygame.K_RETURN)
    assert table.run.finished
    version = table.session.version
    for _ in range(90):
        app.step(FRAME)
    assert table.session.version == version and app.scenes.top is table
    assert ui.has_button("Back to the lessons  (Enter)")


def level_tab_pixels(surface, plate) -> int:
    """How many pixels of the Easy level's green lie where a plate's level tab goes (its lower right edge)."""
    from game.ui.look.palette import LEVEL_COLORS

    green = pygame.Color(*LEVEL_COLORS["easy"])
    area = pygame.Rect(plate.centerx, plate.bottom - plate.h // 5, plate.w // 2, plate.h // 5 + plate.h // 4)
    area = area.clip(surface.get_rect())
    return sum(1 for x in range(area.left, area.right) for y in range(area.top, area.bottom)
               if surface.get_at((x, y))[:3] == green[:3])


def test_a_lessons_other_players_wear_no_level_tab(app, ui):
    """They play the lesson's script, not a level: an "Easy" tab would tell the person something untrue. The
    same players at an ordinary table at Easy wear it (so the look for it can see one)."""
    from game.rules import Match, preset
    from game.session import Seat
    from game.ui.i18n import shown_player_name
    from game.ui.sessions import session_for
    from game.ui.table import TableScene

    quick(app)
    app.go("lesson_table", "crazy_eights", 0, how="clear")
    table = until_persons_step(app)
    app.step(FRAME)
    others = [seat for seat in table.board.layout.seats if seat != table.session.human]
    assert others and all(table.session.view().seats[seat].kind == "easy" for seat in others)
    assert all(level_tab_pixels(app.screen, table.board.layout.seats[seat].plate) == 0 for seat in others)

    seats = [Seat(shown_player_name(app.settings.player_name), "human"), Seat("Ada", "easy"), Seat("Bruno", "easy")]
    ordinary = TableScene(app, session_for(app, Match(preset("crazy_eights", 3), seed=3), seats))
    app.scenes.clear_to(ordinary)
    ui.step(4)
    assert all(level_tab_pixels(app.screen, ordinary.board.layout.seats[seat].plate) > 20 for seat in (1, 2))


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("language", ["en", "de", "el", "nb"])
def test_the_german_deck_note_stands_clear_of_the_teachers_panel(make_app, language, size):
    """With German suits chosen, a lesson (52 cards) opens saying it is dealt French: that note was drawn
    under the teacher's panel, half hidden."""
    app = make_app(size)
    app.save_settings(dataclasses.replace(app.settings, language=language, deck_look="german"))
    quick(app)
    app.go("lesson_table", "crazy_eights", 0, how="clear")
    table = until_persons_step(app)
    app.step(FRAME)
    assert table.effects.toast is not None and table.effects.toast_kind == "note"
    toast = table.painter.toast_rect
    assert toast is not None and not toast.colliderect(table.panel_rect), (toast, table.panel_rect)
    assert app.screen.get_rect().contains(toast)
