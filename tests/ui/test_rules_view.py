"""The Rules screen paints only the lines in view: scrolling by keys, wheel and bar; every heading
reachable; nothing cut off at the smallest window; the memory it holds bounded whatever the length."""
from __future__ import annotations

import dataclasses

import pygame
import pytest

from game.rules import PRESETS
from game.ui.scenes import rules as rules_module
from game.ui.scenes.rules import RulesScene

MB = 2 ** 20


def open_rules(app, ui, preset_id="switch", language=None):
    if language is not None:
        app.save_settings(dataclasses.replace(app.settings, language=language))
    app.push(RulesScene(app, preset_id=preset_id))
    ui.step(2)
    return app.scenes.top


def text_pixels(app, scene):
    """The picture inside the rules frame (left of the bar) as bytes."""
    view = scene.rules_view
    area = view.abs_rect()
    area.width = view.bar.get_abs_rect().left - area.left
    return pygame.image.tobytes(app.screen.subsurface(area), "RGB")


def wheel(app, ui, scene, notches: int):
    centre = scene.rules_view.abs_rect().center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False, precise_x=0.0,
                                         precise_y=float(notches)))
    ui.step(2)


def test_keys_and_the_wheel_scroll_the_painted_text_and_stop_at_both_ends(app, ui):
    scene = open_rules(app, ui)
    view = scene.rules_view
    assert view.bar is not None and view.first == 0
    top_picture = text_pixels(app, scene)
    ui.key(pygame.K_UP)
    assert view.first == 0, "nothing above the top"
    ui.key(pygame.K_DOWN)
    assert view.first > 0
    assert text_pixels(app, scene) != top_picture, "the text on the screen moved"
    wheel(app, ui, scene, -2)
    after_wheel = view.first
    assert after_wheel > 0
    wheel(app, ui, scene, 1)
    assert view.first < after_wheel
    ui.key(pygame.K_END)
    assert view.first == view.last_first > 0
    assert scene.rules_view.shown_lines()[-1].text, "the last line of the rules shows at the end"
    ui.key(pygame.K_DOWN)
    ui.key(pygame.K_PAGEDOWN)
    wheel(app, ui, scene, -3)
    assert view.first == view.last_first, "nothing below the end"
    assert view.bar.start_percentage > 0.5
    ui.key(pygame.K_HOME)
    assert view.first == 0 and view.bar.start_percentage == 0
    assert text_pixels(app, scene) == top_picture, "back at the top, the same picture"


def test_the_text_follows_its_scroll_bar(app, ui):
    scene = open_rules(app, ui)
    view = scene.rules_view
    view.bar.set_scroll_from_start_percentage(1.0)
    ui.step(2)
    assert view.first == view.last_first
    view.bar.set_scroll_from_start_percentage(0.0)
    ui.step(2)
    assert view.first == 0


@pytest.mark.parametrize("preset_id", list(PRESETS))
def test_every_heading_of_a_preset_scrolls_into_view(app, ui, preset_id):
    scene = open_rules(app, ui, preset_id)
    headings = [heading for heading, _paragraph in scene.sections]
    seen = set()
    for _ in range(len(scene.rules_view.lines)):
        seen |= {line.text for line in scene.rules_view.shown_lines() if line.heading}
        if scene.rules_view.first == scene.rules_view.last_first:
            break
        ui.key(pygame.K_PAGEDOWN)
    assert set(headings) <= seen


@pytest.mark.parametrize("language", ["de", "el"])
def test_no_line_is_cut_off_at_960x600(make_app, language):
    from tests.ui.conftest import Driver

    app = make_app((960, 600))
    ui = Driver(app)
    for preset_id in PRESETS:
        scene = open_rules(app, ui, preset_id, language)
        view = scene.rules_view
        text_right = (view.bar.get_abs_rect().left if view.bar is not None else view.abs_rect().right) - view.abs_rect().x
        for line in view.lines:
            size = rules_module.HEADING_SIZE if line.heading else rules_module.TEXT_SIZE
            width = app.assets.font(round(size * app.font_scale), line.heading).size(line.text)[0]
            assert view.pad_x + width <= text_right, (preset_id, line.text)
        # The words of the rules are all there, in order, only broken into lines.
        assert " ".join(line.text for line in view.lines).split() == scene.rules_text().split()
        app.pop()
        ui.step()


def test_the_surfaces_the_screen_holds_stay_small_however_long_the_rules(make_app, monkeypatch):
    from tests.ui.conftest import Driver

    sections = rules_module.rules_sections
    monkeypatch.setattr(rules_module, "rules_sections", lambda rules, for_match=False: sections(rules, for_match) * 60)
    app = make_app((1700, 1000))
    ui = Driver(app)
    scene = open_rules(app, ui, "crazy_eights")
    view = scene.rules_view
    assert len(view.lines) > 1000
    most = 0
    while True:
        most = max(most, view.held_bytes())
        assert len(view._surfaces) <= view.visible
        # pygame_gui's own elements on this screen: nothing the height of the text
        widget_bytes = sum(element.image.get_width() * element.image.get_height() * 4
                           for element in app.ui_manager.get_sprite_group().sprites()
                           if getattr(element, "image", None) is not None)
        assert widget_bytes < 12 * MB
        if view.first == view.last_first:
            break
        ui.key(pygame.K_PAGEDOWN)
    assert 0 < most < 3 * MB


def test_a_quiet_rules_screen_redraws_nothing(app, ui):
    scene = open_rules(app, ui)
    ui.key(pygame.K_PAGEDOWN)
    ui.step(2)
    assert scene.changing_rects() == []


def test_a_bigger_font_scale_wraps_the_rules_into_more_lines(make_app):
    from tests.ui.conftest import Driver

    counts = []
    for size in ((960, 600), (1920, 1080)):
        app = make_app(size)
        scene = open_rules(app, Driver(app), "crazy_eights")
        counts.append((app.font_scale, len(scene.rules_view.lines), scene.rules_view.row_h))
    (small_scale, _small_lines, small_row), (big_scale, _big_lines, big_row) = counts
    assert big_scale > small_scale and big_row > small_row


def test_the_rules_are_laid_out_again_on_resize_and_in_a_new_language(app, ui):
    scene = open_rules(app, ui, "crazy_eights")
    wide = len(scene.rules_view.lines)
    app.resize((960, 600))
    ui.step(2)
    assert scene.rules_view.abs_rect().right <= 960
    assert len(scene.rules_view.lines) > wide, "a narrower window wraps into more lines"
    english = scene.rules_text()
    app.save_settings(dataclasses.replace(app.settings, language="de"))
    ui.step(2)
    assert scene.rules_text() != english and scene.rules_view.lines[0].text == scene.sections[0][0]
