"""The rules screen's "Show me" links at the headings a lesson step shows: by mouse and by keyboard, spoken,
and absent where no lesson step shows the section or no lesson fits the game."""
from __future__ import annotations

import pygame

from game.session.lessons import LESSONS
from game.speech import RecordingBackend
from tests.ui.test_lessons_ui import until_persons_step


def link_of(scene, heading: str):
    """The link button at the heading ``heading`` (KeyError when that section has none)."""
    number = next(i for i, (title, _paragraph) in enumerate(scene.sections) if title == heading)
    return scene.link_buttons[number]


def test_a_heading_link_lists_that_sections_steps_and_one_opens_the_lesson_there(app, ui):
    app.go("rules", how="clear", preset_id="switch")
    ui.step(3)
    rules = app.scenes.top
    headings = [title for title, _paragraph in rules.sections]
    linked = {rules.sections[number][0] for number in rules.link_buttons}
    assert linked == {"Playing a card", "Drawing", "Action cards", "Calls"}
    assert "The deal" in headings and "Scoring" in headings   # sections no step shows: no link
    assert ui.has_button("Show me…")                          # the whole list stays

    ui.click(link_of(rules, "Drawing"))
    chooser = app.scenes.top
    assert chooser.section == "draw"
    drawing = [index for index, step in enumerate(LESSONS["switch"].steps) if step.section == "draw"]
    assert sorted(index for _key, index in chooser.show_buttons) == drawing
    ui.click(chooser.show_buttons[("switch", drawing[1])])
    table = until_persons_step(app)
    assert table.run.step.key == "switch.play_drawn"


def test_a_link_scrolled_out_of_view_is_hidden_and_its_heading_text_stays_clear(app, ui):
    app.resize((960, 600))
    app.go("rules", how="clear", preset_id="switch")
    ui.step(3)
    rules = app.scenes.top
    calls = link_of(rules, "Calls")
    view = rules.rules_view
    line = view.line_of_section(next(n for n, b in rules.link_buttons.items() if b is calls))
    assert not view.first <= line < view.first + view.visible and not calls.visible
    for _ in range(10):
        if view.first <= line < view.first + view.visible:
            break
        ui.key(pygame.K_PAGEDOWN)
    assert view.first <= line < view.first + view.visible and calls.visible
    # The link sits on the heading's row, right of the heading's text.
    heading_font = app.assets.font(round(19 * app.font_scale), True)
    text_right = view.abs_rect().x + view.pad_x + heading_font.size(view.lines[line].text)[0]
    row_top = view.abs_rect().y + (line - view.first) * view.row_h
    assert calls.get_abs_rect().left > text_right
    assert row_top <= calls.get_abs_rect().top and calls.get_abs_rect().bottom <= row_top + view.row_h


def test_the_keyboard_reaches_each_link_hears_it_and_opens_it(app, ui):
    recorder = RecordingBackend()
    app.speech.use(recorder)
    app.go("rules", how="clear", preset_id="crazy_eights_action")
    ui.step(3)
    rules = app.scenes.top
    ui.key(pygame.K_TAB)          # the game's drop-down first
    spoken = []
    for _ in range(3):
        ui.key(pygame.K_TAB)
        spoken.append(recorder.texts[-1])
        assert rules.focused() in rules.link_buttons.values() and rules.focused().visible
    assert spoken == ["Show me: Playing a card, button", "Show me: Drawing, button", "Show me: Action cards, button"]
    ui.key(pygame.K_RETURN)
    chooser = app.scenes.top
    assert chooser.section == "actions"
    assert {key for key, _index in chooser.show_buttons} == {"action_cards"}
    skip = LESSONS["action_cards"].step_index("action_cards.reverse")
    while chooser.focused() is not chooser.show_buttons[("action_cards", skip)]:
        ui.key(pygame.K_TAB)
    ui.key(pygame.K_RETURN)
    assert until_persons_step(app).run.step.key == "action_cards.reverse"


def test_a_game_no_lesson_fits_has_no_links(app, ui):
    for preset_id in ("mau_mau", "crazy_aces", "crazy_eights_hoyle"):
        app.go("rules", how="clear", preset_id=preset_id)
        ui.step(3)
        assert app.scenes.top.link_buttons == {}
        assert not ui.has_button("Show me") and not ui.has_button("Show me…")
